import groovy.json.JsonSlurper
import groovy.xml.XmlSlurper

def log = new File(basedir, 'build.log').text
// Invocation 1 had no baseline, recorded one; invocation 2 compared against it.
assert log.contains('[WARNING] No baseline at src/perf/baseline.json: nothing to compare.')
assert log =~ /Recorded baseline src\/perf\/baseline\.json from target\/perf\/results\.json: 1 benchmarks, 5 forks/
def baseline = new JsonSlurper().parse(new File(basedir, 'src/perf/baseline.json'))
assert baseline.status == 'complete'
assert baseline.provenance.recordedAt != null
assert baseline.benchmarks[0].forks.size() == 5

assert log =~ /LoopBench\.loop\s+median\s+/
assert log.contains('perf:check: PASS') || log.contains('perf:check: WARN')
assert !log.contains('[ERROR] FAIL')
assert log.contains('BUILD SUCCESS')

def report = new JsonSlurper().parse(new File(basedir, 'target/perf/report.json'))
assert report.schema == 1
assert !report.failsBuild
def median = report.comparisons.find { it.metric == 'median' }
assert median.benchmark == 'it.LoopBench.loop'
assert median.verdict in ['PASS', 'WARN', 'IMPROVED']
assert median.forks.baseline == 5 && median.forks.current == 5
assert median.ratio.estimate > 0.8 && median.ratio.estimate < 1.25
// SampleTime gives each fork its own p95, so the tail is gated too.
assert report.comparisons.find { it.metric == 'p95' }.verdict in ['PASS', 'WARN', 'IMPROVED']
assert report.baseline.file == 'src/perf/baseline.json'
def xml = new XmlSlurper().parse(new File(basedir, 'target/perf/TEST-perf.xml'))
assert xml.@failures.text() == '0'
return true
