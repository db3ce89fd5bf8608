import groovy.json.JsonSlurper

def fixture = evaluate(new File(basedir, '../../../src/it-support/GitFixture.groovy'))
def log = new File(basedir, 'build.log').text
def base = fixture.baseCommit(basedir)

// the verdict names the benchmark and the base commit
assert log.contains('BUILD FAILURE')
assert log =~ /FAIL .*WorkBench\.work/
assert log.contains(base.substring(0, 10)) : "the log does not name the base commit ${base}"
assert log.contains('Interleaving 1 benchmark')
assert log =~ /seed 20261122/

// both sides in the results schema; the base results name the base commit
def slurper = new JsonSlurper()
def baseResults = slurper.parse(new File(basedir, 'target/perf/base-results.json'))
def results = slurper.parse(new File(basedir, 'target/perf/results.json'))
assert baseResults.provenance['git.commit'] == base
assert results.provenance['git.dirty'] == 'true'
assert baseResults.benchmarks[0].forks.size() >= 5
assert results.benchmarks[0].forks.size() == baseResults.benchmarks[0].forks.size()
def report = slurper.parse(new File(basedir, 'target/perf/report.json'))
assert report.toString().contains('FAIL')
assert new File(basedir, 'target/perf/report.md').text.contains(base)

// and the user's checkout, branches, index, stash and worktrees are as they were
fixture.assertUnchanged(basedir)
return true
