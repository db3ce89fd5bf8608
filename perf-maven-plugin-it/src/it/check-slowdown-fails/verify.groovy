import groovy.json.JsonSlurper
import groovy.xml.XmlSlurper

def log = new File(basedir, 'build.log').text
assert log =~ /Recorded baseline src\/perf\/baseline\.json from target\/perf\/results\.json: 1 benchmarks, 5 forks/
// The regression, named, with the measured value before the limit.
assert log =~ /\[ERROR\] FAIL LoopBench\.loop: median time \+\d+\.\d % \[\+\d+\.\d %, \+\d+\.\d %\] is above the 10 % limit \(p [=<] 0\.\d+, 5 vs 5 forks\)/
// With 5 forks the p95 row may be FAIL or WARN; a WARN adds "(1 WARN)" to the summary.
assert log =~ /\d regressions? in \d comparisons( \(\d+ [A-Z]+(, \d+ [A-Z]+)*\))?; see target\/perf\/report\.md/
assert log.contains('BUILD FAILURE')
// The build JVM arguments differ between the runs: listed, not fatal (perf.environmentPolicy=warn).
assert log.contains('jvm.args')

def report = new JsonSlurper().parse(new File(basedir, 'target/perf/report.json'))
assert report.outcome == 'FAIL'
assert report.failsBuild
def median = report.comparisons.find { it.metric == 'median' }
assert median.verdict == 'FAIL'
assert median.ratio.estimate > 1.3 && median.ratio.estimate < 1.8
assert median.ratio.lowerBound > 1.05
assert report.environment.differences.any { it.field == 'jvm.args' }
def xml = new XmlSlurper().parse(new File(basedir, 'target/perf/TEST-perf.xml'))
assert xml.@failures.text() == report.counts.FAIL.toString()
assert xml.testcase.find { it.@name.text() == 'loop median [sample]' }.failure.size() == 1
assert new File(basedir, 'target/perf/report.md').text.contains('**FAIL**')
return true
