import groovy.json.JsonSlurper
import groovy.xml.XmlSlurper

def log = new File(basedir, 'build.log').text
assert log.contains('BUILD SUCCESS')
assert log =~ /ParserBench\.parse\s+median\s+.*\+3\.\d %/
assert log.contains('perf:check: WARN')
assert !log.contains('[ERROR] FAIL')

def report = new JsonSlurper().parse(new File(basedir, 'target/perf/report.json'))
assert report.schema == 1
assert report.outcome == 'WARN'
assert !report.failsBuild
assert report.regressions.isEmpty()
def parse = report.comparisons.find { it.benchmark == 'com.acme.ParserBench.parse' && it.metric == 'median' }
// Real (the lower bound is above 1) but below the 10 % limit: a warning, never a failure.
assert parse.verdict == 'WARN'
assert parse.ratio.estimate > 1.02 && parse.ratio.estimate < 1.04
assert parse.ratio.lowerBound > 1.0
assert parse.forks.baseline == 10 && parse.forks.current == 10
assert parse.thresholds.fail == 0.10 && parse.thresholds.minEffect == 0.05
def p95 = report.comparisons.find { it.benchmark == 'com.acme.CacheBench.get' && it.metric == 'p95' }
assert p95 != null && p95.verdict in ['PASS', 'WARN']
assert report.notGated.any { it.benchmark == 'com.acme.ParserBench.parse' && it.metric == 'p95' &&
        it.reason.contains('use Mode.SampleTime') }

def xml = new XmlSlurper().parse(new File(basedir, 'target/perf/TEST-perf.xml'))
assert xml.@failures.text() == '0'
assert xml.testcase.size() == 3
assert new File(basedir, 'target/perf/report.md').text.contains('## perf:check: WARN')
return true
