import groovy.json.JsonSlurper
import groovy.xml.XmlSlurper

def log = new File(basedir, 'build.log').text
assert log.contains('BUILD FAILURE')
// The command must get past this very check, so it switches the flag off for the recording build.
assert log.contains('[ERROR] No baseline at src/perf/baseline.json and perf.failOnMissingBaseline=true. Record one'
        + ' with: mvn clean test-compile perf:baseline, then commit src/perf/baseline.json')
// A gate failure (MojoFailureException), not a crash.
assert log.contains('MojoFailureException')
assert !log.contains('MojoExecutionException')
def report = new JsonSlurper().parse(new File(basedir, 'target/perf/report.json'))
assert report.outcome == 'FAIL'
assert report.failsBuild
assert report.otherFailures.size() == 1
def xml = new XmlSlurper().parse(new File(basedir, 'target/perf/TEST-perf.xml'))
assert xml.@failures.text() == '1'

// Invocation 2: a baseline none of whose benchmarks ran is no pass; the message says what was found, then what to do.
assert log.contains('The one benchmark of this run'
        + ' (com.acme.ParserBench.parse) is not in the baseline perf/other-module-baseline.json, which holds 2 others'
        + ' (com.acme.codec.EncoderBench.encode, com.acme.codec.DecoderBench.decode): nothing was compared.')
assert log.contains('set perf.failOnNoComparisons=false')
def other = new JsonSlurper().parse(new File(basedir, 'target/perf-other/report.json'))
assert other.outcome == 'FAIL'
assert other.comparisons.isEmpty()
assert other.otherFailures.size() == 1
assert other.otherFailures[0].contains('nothing was compared')
return true
