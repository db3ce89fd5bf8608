import groovy.json.JsonSlurper
import java.util.zip.GZIPInputStream

def fixture = evaluate(new File(basedir, '../../../src/it-support/GitFixture.groovy'))
def base = fixture.baseCommit(basedir)
def short10 = base.substring(0, 10)

// on main: perf:run recorded the map (one short fork per parameter set), perf:record kept it on perf-history
def main = new File(basedir, 'target/main-build.log').text
assert main =~ /\[INFO\] perf\.executedCode: recorded the code 2 benchmarks \(4 parameter sets\) ran in 4 short forks, .+ \(the map perf\.affected selects by\)/
assert main =~ /\[(INFO|WARNING)\] Kept the map of the code 4 parameter sets ran \(.+, commit ${base.substring(0, 12)}\) in the git branch perf-history/

// the map sees through Class.forName: each benchmark ran its own worker, in both parameter sets, and not the other's
def bytes = new File(basedir, 'target/map.json.gz')
def show = new ProcessBuilder('git', 'show', "perf-history:executed-code/${base}.json.gz").directory(basedir)
        .redirectOutput(bytes).start()
assert show.waitFor() == 0
def map = new JsonSlurper().parse(new GZIPInputStream(new FileInputStream(bytes)))
assert map.commit == base
def ran = { String key -> map.benchmarks[key].collect { i -> def m = map.methods[i]; map.classes[m[0]] + '.' + m[1] } as Set }
['1', '7'].each { seed ->
    def alpha = ran("bench.AlphaBench.work:seed=${seed} [avgt]")
    def beta = ran("bench.BetaBench.work:seed=${seed} [avgt]")
    assert alpha.contains('plug/AlphaWorker.work') && !alpha.contains('plug/BetaWorker.work') : alpha
    assert beta.contains('plug/BetaWorker.work') && !beta.contains('plug/AlphaWorker.work') : beta
    assert alpha.contains('plug/Registry.get') && beta.contains('plug/Registry.get')
}

// the pull request: selected by the map, the one benchmark that runs the changed worker, the other skipped with why
def log = new File(basedir, 'build.log').text
assert log.contains("perf.affected: selecting by the code each benchmark ran, recorded at ${short10} (the merge base)")
assert log =~ /perf\.affected: 1 change between base and candidate \(plug\.AlphaWorker\.work\); 1 of 2 benchmarks selected/
assert log.contains("  bench.AlphaBench.work: runs plug.AlphaWorker.work, changed (map of ${short10})")
assert log =~ /not affected, not compared: bench\.BetaBench\.work: ran \d+ methods of the project, none changed \(map of ${short10}\)/
assert !log.contains('which uses reflection or service loading')

// only AlphaBench measured, in the one parameter set asked for, and its slowdown fails the build
def results = new JsonSlurper().parse(new File(basedir, 'target/perf/results.json'))
assert results.benchmarks.collect { it.benchmark } == ['bench.AlphaBench.work']
assert results.benchmarks.collect { it.params } == [[seed: '7']]
assert log =~ /FAIL .*AlphaBench\.work/
assert log.contains('BUILD FAILURE')

fixture.assertUnchanged(basedir)
return true
