import groovy.json.JsonSlurper

def fixture = evaluate(new File(basedir, '../../../src/it-support/GitFixture.groovy'))
def log = new File(basedir, 'build.log').text

// main is named by two sides (baseline, flag) and built once: three builds for four sides
assert log.contains('3 commits built for 4 sides')
assert (log =~ /Building [0-9a-f]+ once for /).count == 3
assert log =~ /Building [0-9a-f]+ once for baseline, flag/
assert log =~ /Interleaving 1 benchmark, baseline baseline and 3 treatments \(slow, fast, flag\)/

// FAIL and IMPROVED named per treatment; the build fails for the slowed ones
assert log.contains('BUILD FAILURE')
assert log =~ /slower than the baseline: slow \(WorkBench\.work median\); flag \(WorkBench\.work median\)/
def json = new JsonSlurper().parse(new File(basedir, 'target/perf/treatments.json'))
assert json.schema == 'perf-treatments/1'
assert json.baseline.name == 'baseline' && json.baseline.ref == 'main'
assert json.treatments*.name == ['slow', 'fast', 'flag']
assert json.treatments.find { it.name == 'flag' }.jvmArgs == ['-Dwork.factor=4']
def median = json.rows.find { it.metric == 'median' }
assert median.treatments.slow.verdict == 'FAIL'
assert median.treatments.flag.verdict == 'FAIL'
assert median.treatments.fast.verdict == 'IMPROVED'
assert median.treatments.fast.changeCiHigh < 0
assert json.multiplicity.tested == 3

// the per-side property reached the flag side's forks and no other: one line per fork, counted per side
def forks = { side ->
    new JsonSlurper().parse(new File(basedir, "target/perf/treatments/${side}-results.json")).benchmarks[0].forks.size()
}
def lines = new File(basedir, 'target/forks.txt').readLines()
assert lines.count { it == '4' } == forks('flag')
assert lines.count { it == 'none' } == ['baseline', 'slow', 'fast'].sum { forks(it) }
assert lines.size() == ['baseline', 'slow', 'fast', 'flag'].sum { forks(it) }

// summary.csv with the documented header
def header = new File(basedir, 'target/perf/summary.csv').readLines()[0]
def expected = ['benchmark', 'mode', 'params', 'metric', 'unit', 'baseline median']
['slow', 'fast', 'flag'].each { t ->
    expected += ["${t} median", "${t} change %", "${t} ci low %", "${t} ci high %", "${t} verdict"].collect { it.toString() }
}
assert header == expected.join(',')

// the checkouts are removed, the user's checkout is on main as it was
assert fixture.git(basedir, ['rev-parse', '--abbrev-ref', 'HEAD']) == 'main'
assert !new File(basedir, '.git/worktrees').exists() || new File(basedir, '.git/worktrees').list().length == 0
return true
