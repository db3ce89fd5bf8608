import groovy.json.JsonSlurper
import groovy.xml.XmlSlurper

def log = new File(basedir, 'build.log').text
assert log.contains('BUILD SUCCESS')
assert log =~ /\[WARNING\] FAIL ParserBench\.parse: median time \+5\d\.\d % \[\+\d+\.\d %, \+\d+\.\d %\] is above the 10 % limit \(p [<=] 0\.\d+, 10 vs 10 forks\)/
assert log.contains('These regressions do not fail the build because perf.failOnRegression=false.')
assert !log.contains('[ERROR] FAIL')

def report = new JsonSlurper().parse(new File(basedir, 'target/perf/report.json'))
assert report.outcome == 'WARN'
assert report.failsBuild == false
assert report.failOnRegression == false
assert report.regressions.size() == 1
assert report.comparisons[0].verdict == 'FAIL'
assert report.settings['perf.failOnRegression'] == 'false'

def xml = new XmlSlurper().parse(new File(basedir, 'target/perf/TEST-perf.xml'))
// The JUnit report still shows what was measured: a regression is a failed test case.
assert xml.@failures.text() == '1'
assert xml.testcase.find { it.@name.text() == 'parse median [avgt]' }.failure.@message.text().startsWith('median time +5')
return true
