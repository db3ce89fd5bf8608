import groovy.json.JsonSlurper

def fixture = evaluate(new File(basedir, '../../../src/it-support/GitFixture.groovy'))
def log = new File(basedir, 'build.log').text
def base = fixture.baseCommit(basedir)

assert log.contains('BUILD SUCCESS')
// one execution binds run, check and compare: run steps aside, check compares (it comes first), compare does not
// measure again
assert log.contains('perf:run skipped: perf.against=main~0 is set, so the comparison (perf:check or perf:compare) measures the base and the working tree instead')
assert log.contains('perf:check: measuring the working tree against main~0')
assert log.contains('perf:compare skipped: perf:check already compared this module with main~0 in this build')
assert (log =~ /Interleaving \d+ benchmark/).count == 1
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

// a shard's time past before the rounds begin cuts no fewest round, and adds none past them
assert log =~ /perf\.shardTime = 1\.0 s: the rounds past each benchmark's fewest end by 1\.0 s after the build started \(.+ ago, so this shard runs its fewest rounds only\)/

def slurper = new JsonSlurper()
def baseResults = slurper.parse(new File(basedir, 'target/perf/base-results.json'))
assert baseResults.provenance['git.commit'] == base
def report = slurper.parse(new File(basedir, 'target/perf/report.json'))
assert !report.toString().contains('verdict:FAIL')
// a benchmark of two modes keeps a result per mode on each side, one fork per round in each, and each mode is
// compared with its own mode (gathered by name alone, the thrpt result took the avgt forks too)
def candidateResults = slurper.parse(new File(basedir, 'target/perf/results.json'))
for (side in [baseResults, candidateResults]) {
    assert side.benchmarks.collect { it.mode }.sort() == ['avgt', 'thrpt']
    assert side.benchmarks.collect { it.forks.size() }.unique() == [5]
}
// every fork of either side records its warm-up as JMH printed it: @Warmup(1 x 100 ms), and the iteration from
// which it was at its measurement's level (0: never settled); perf.forkPlan=fixed keeps the warm-up as set
for (side in [baseResults, candidateResults]) {
    side.benchmarks.each { b ->
        b.forks.each { f ->
            assert f.warmup != null : "${b.benchmark} ${b.mode}: a fork without its warm-up record"
            assert f.warmup.iterations == 1
            assert f.warmup.seconds == 0.1
            assert f.warmup.steadyFrom in [0, 1]
        }
    }
}
def medians = report.comparisons.findAll { it.metric == 'median' }
assert medians.collect { it.mode }.sort() == ['avgt', 'thrpt']
medians.each { assert it.forks.baseline == it.forks.current }

fixture.assertUnchanged(basedir)
return true
