import groovy.json.JsonSlurper

def fixture = evaluate(new File(basedir, '../../../src/it/_shared/GitFixture.groovy'))
def log = new File(basedir, 'build.log').text
def base = fixture.baseCommit(basedir)

assert log.contains('BUILD SUCCESS')
// run and check share the execution and step aside for compare
assert log.contains('perf:run skipped: perf.against=main~0 is set, so perf:compare measures the base and the working tree instead')
assert log.contains('Skipping perf:check: perf.against=main~0 is set')
assert !(log =~ /\[ERROR\]/)
assert log.contains(base.substring(0, 10))
// no seed given: a random one is drawn and printed so the run can be repeated
assert log =~ /seed \d+ \(repeat this order with -Dperf\.seed=\d+\)/
// the rounds used are printed
assert log =~ /WorkBench\.work: \d+/
// on Linux the CPU time the host took during the rounds is printed (as a warning above 10 %)
if (new File('/proc/stat').canRead()) {
    assert log =~ /\[(INFO|WARNING)\] The hypervisor took \d+\.\d % of this machine's CPU time \(steal\) while the rounds ran/
}

def slurper = new JsonSlurper()
def baseResults = slurper.parse(new File(basedir, 'target/perf/base-results.json'))
assert baseResults.provenance['git.commit'] == base
def report = slurper.parse(new File(basedir, 'target/perf/report.json'))
assert !report.toString().contains('verdict:FAIL')

fixture.assertUnchanged(basedir)
return true
