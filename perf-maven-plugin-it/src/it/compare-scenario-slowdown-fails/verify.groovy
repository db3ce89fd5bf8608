import groovy.json.JsonSlurper

def fixture = evaluate(new File(basedir, '../../../src/it-support/GitFixture.groovy'))
def log = new File(basedir, 'build.log').text
def base = fixture.baseCommit(basedir)
// the invoker appends both invocations to one build.log; the second starts with its own "Base:" line
def parts = log.split(/\[INFO\] Base: /)
assert parts.length == 3 : "expected two comparisons in build.log, found ${parts.length - 1}"
def slowed = parts[1]
def aa = parts[2]

// 1: the scenario is measured on both sides, interleaved: one cold and one warm JVM per side and round
assert slowed.contains('Interleaving 1 scenario, base and candidate')
assert slowed =~ /base, round 1: scenario index-job: 1 cold run \(a fresh JVM each\), then 1 warm JVM of 1 warm-up \+ 3 warm runs/
assert slowed =~ /candidate, round 1: scenario index-job: 1 cold run/
assert slowed =~ /FAIL index-job \(runs=(cold|warm)\)/ : 'the slowed scenario FAILs, named'
assert slowed.contains('BUILD FAILURE')
assert slowed.contains(base.substring(0, 10)) : "the log does not name the base commit ${base}"

// 2: A/A: the same code against itself does not FAIL
assert aa.contains('HEAD itself')
assert !(aa =~ /FAIL index-job/) : 'A/A scenario comparison failed: ' + aa.readLines().findAll { it.contains('index-job') }.join('\n')
assert aa.contains('BUILD SUCCESS')

// the A/A's results: both sides hold the scenario's cold runs and warm JVMs, one of each per round
def slurper = new JsonSlurper()
def baseResults = slurper.parse(new File(basedir, 'target/perf/base-results.json'))
def results = slurper.parse(new File(basedir, 'target/perf/results.json'))
['cold', 'warm'].each { runs ->
    def b = baseResults.benchmarks.find { it.benchmark == 'index-job' && it.params.runs == runs }
    def c = results.benchmarks.find { it.benchmark == 'index-job' && it.params.runs == runs }
    assert b && c : "the ${runs} runs are missing from a side"
    assert b.kind == 'scenario'
    assert b.forks.size() >= 5 && b.forks.size() == c.forks.size() : "one ${runs} fork per round and side"
}
// no JMH fork ran, yet the scenario JVMs ran on a known JDK: the fingerprint (and so the methodology) names it
['java.vendor', 'java.version', 'java.vm'].each { key ->
    assert results.environment[key] && results.environment[key] != 'unknown' : "${key} is ${results.environment[key]}"
}
def warm = results.benchmarks.find { it.benchmark == 'index-job' && it.params.runs == 'warm' }
assert warm.forks.every { it.primary.size() == 3 } : 'a warm JVM holds its 3 measured runs'
assert results.settings['perf.scenario.index-job.warmJvms'] == '1 per round'
def report = slurper.parse(new File(basedir, 'target/perf/report.json'))
assert report.comparisons.any { it.benchmark == 'index-job' && it.metric == 'median' }

// and the user's checkout, branches, index, stash and worktrees are as they were
fixture.assertUnchanged(basedir)
return true
