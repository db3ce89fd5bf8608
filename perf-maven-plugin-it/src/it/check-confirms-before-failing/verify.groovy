import groovy.json.JsonSlurper

def fixture = evaluate(new File(basedir, '../../../src/it-support/GitFixture.groovy'))
def log = new File(basedir, 'build.log').text
def json = new JsonSlurper()
def head = fixture.git(basedir, ['rev-parse', 'HEAD'])
def shortHead = fixture.git(basedir, ['rev-parse', '--short=10', 'HEAD'])

// 1. the baseline records the commit it was measured at: the one a FAIL is confirmed against
assert log =~ /Recorded baseline src\/perf\/baseline\.json from target\/perf\/results\.json: 1 benchmarks, 5 forks/
def baseline = json.parse(new File(basedir, 'src/perf/baseline.json'))
assert baseline.environment['git.commit'] == head

// 2. without confirmation the stored baseline alone decides: unchanged code FAILs
assert log =~ /perf\.confirm=never: \d+ FAIL rows? (is|are) not measured again side by side against the baseline's commit/
def unconfirmed = json.parse(new File(basedir, 'target/perf/report.json'))
assert unconfirmed.outcome == 'FAIL'
def storedMedian = unconfirmed.comparisons.find { it.metric == 'median' }
assert storedMedian.verdict == 'FAIL'
assert storedMedian.ratio.estimate > 1.2 : "the baseline at 0.7 times the work: ${storedMedian.ratio.estimate}"

// 3. with confirmation (the default) the same results do not fail the build: measured side by side against the
//    baseline's commit, built in a worktree, the code is as fast as it was
assert log =~ /perf\.confirm: \d FAIL rows? (is|are) against a baseline measured earlier; measuring its benchmark again side by side with the baseline's commit [0-9a-f]{10} on this machine before deciding the build/
assert log =~ /confirming \d FAIL rows? against ${shortHead} \(baseline's commit\): built in [^,]+, \d+ rounds in .+/
assert log =~ /WARN LoopBench\.loop: median time not confirmed: [+-]\d+\.\d % \[[+-]\d+\.\d %, [+-]\d+\.\d %\] measured side by side against ${shortHead} \(\d+ rounds\), where the stored baseline gave \+\d+\.\d % \[[^\]]+\]; the baseline's machine was faster/
def confirmed = json.parse(new File(basedir, 'target/perf-confirmed/report.json'))
assert confirmed.outcome == 'WARN'
assert !confirmed.failsBuild
assert !confirmed.comparisons.any { it.verdict == 'FAIL' }
def warned = confirmed.comparisons.find { it.metric == 'median' }
assert warned.verdict == 'WARN'
assert warned.reason.startsWith('median time not confirmed: ')
assert confirmed.notes.any { it.contains("measured again side by side against ${shortHead} (the baseline's commit)") }
def md = new File(basedir, 'target/perf-confirmed/report.md').text
assert md.contains('not confirmed: ')
// the table's change cell shows both figures, as every report's table does
assert md =~ /\+\d+\.\d % \[[^\]]+\]; side by side [+-]\d+\.\d % \[[^\]]+\]/
assert new File(basedir, 'target/perf-confirmed/TEST-perf.xml').text.contains('not confirmed: ')
def sideBase = json.parse(new File(basedir, 'target/perf-confirmed/confirm/base-results.json'))
assert sideBase.provenance['git.commit'] == head
assert sideBase.benchmarks[0].forks.size() >= 5
assert log.contains('BUILD SUCCESS')

// 4. a real slowdown of the working tree stays FAIL, with the side-by-side figures beside the stored ones
def slower = json.parse(new File(basedir, 'target/perf-slower/report.json'))
assert slower.outcome == 'FAIL'
def failed = slower.comparisons.find { it.metric == 'median' }
assert failed.verdict == 'FAIL'
assert failed.reason =~ /is above the 10 % limit .*; confirmed side by side against ${shortHead} \(\d+ rounds\): \+\d+\.\d % \[\+\d+\.\d %, \+\d+\.\d %\]/
assert log =~ /\[ERROR\] FAIL LoopBench\.loop: median time .*; confirmed side by side against ${shortHead}/
def sideSlower = json.parse(new File(basedir, 'target/perf-slower/confirm/results.json'))
def sideSlowerBase = json.parse(new File(basedir, 'target/perf-slower/confirm/base-results.json'))
assert sideSlower.benchmarks[0].forks.size() == sideSlowerBase.benchmarks[0].forks.size()

// the worktrees are gone, and the user's checkout kept its commits and stash
assert !new File(basedir, '.git/worktrees').exists() || new File(basedir, '.git/worktrees').list().length == 0
['target/perf-confirmed', 'target/perf-slower'].each { dir ->
    def left = new File(basedir, dir).listFiles()?.findAll { it.isDirectory() && it.name.startsWith('commit-') }
    assert !left : "checkouts left behind: ${left}"
}
assert fixture.git(basedir, ['stash', 'list']).contains('work in progress the build must not touch')
return true
