import groovy.json.JsonSlurper

def fixture = evaluate(new File(basedir, '../../../src/it-support/GitFixture.groovy'))
def log = new File(basedir, 'build.log').text
def json = new JsonSlurper()
def commits = [:]
new File(basedir, '.git/perf-it-commits').eachLine { line ->
    def (name, sha) = line.split(' ')
    commits[name] = sha
}
def shortOf = { String name -> fixture.git(basedir, ['rev-parse', '--short=10', commits[name]]) }
def label = 'LoopBench.loop \\[avgt\\] median'

// 1. perf.confirm=never: the step is found, nothing is measured
assert log =~ /Slower: LoopBench\.loop \[avgt\] median: /
assert log.contains('perf.confirm=never: 1 slowdown(s) not measured side by side')
def never = json.parse(new File(basedir, 'target/perf-never/changes.json'))
assert never.changes.size() == 1 && never.changes[0].slowdown && never.changes[0].index == 20
assert never.changes[0].confirmation == null

// 2. the default: measured side by side, confirmed, bisected to the culprit among the four commits
def range = "${shortOf('before-2')}..${shortOf('range-4')}, 4 commits"
assert log.contains("Confirming LoopBench.loop [avgt] median at run 21 (${range}) side by side on this machine")
assert log =~ /bisect ${shortOf('range-2')}: slow \(\+\d+\.\d % \[[^\]]+\], \d+ rounds\)/
assert log =~ /bisect ${shortOf('range-1')}: good /
assert log =~ /confirming ${label} at run 21 \(${shortOf('before-2')}\.\.${shortOf('range-4')}, 4 commits\): built 2 commits in [^,]+, \d+ rounds in [^;]+; bisect 2 steps \(\d+ rounds\) in .+/
def summary = (log =~ /${label} got 1[45] % slower at commit ${shortOf('range-2')} \(confirmed interleaved: \+\d+\.\d % \[\+\d+\.\d %, \+\d+\.\d %\], \d+ rounds; 2 bisect steps\)/)
assert summary.find() : 'the one-line summary names the culprit'
def line = summary.group()
def confirmed = json.parse(new File(basedir, 'target/perf/changes.json'))
def c = confirmed.changes[0].confirmation
assert c.confirmed == true
assert c.culprit == commits['range-2']
assert c.culpritSubject == 'more work per operation'
assert c.commits == 4 && c.bisectSteps == 2
assert c.change > 0.5 : "three times the work: ${c.change}"
assert new File(basedir, 'target/perf/trend.md').text.contains(line)
def methodology = new File(basedir, 'target/perf/trend-it.LoopBench.loop-methodology.md').text
assert methodology.contains(line) && methodology.contains(commits['range-2'])
assert methodology.contains('more work per operation')
// the culprit against its parent, profiled: its frames in the methodology block, the files beside them
assert log.contains("Profiling the culprit ${shortOf('range-2')} against its parent ${shortOf('range-1')}")
assert log =~ /the culprit ${shortOf('range-2')} against its parent ${shortOf('range-1')}: \+\d+\.\d % \[[^\]]+\], \d+ rounds \(FAIL\); built in .+, \d+ rounds in .+, 1 profile/
def profileRow = methodology.readLines().find { it.startsWith('| Profile | ') }
assert profileRow.startsWith('| Profile | the culprit against its parent (+') : profileRow
assert profileRow =~ /LoopBench\.loop.* of the slowdown/ : profileRow
assert profileRow.contains('trend-confirm/profile-1/profiles/') : profileRow
assert new File(basedir, 'target/perf/trend-confirm/profile-1/profiles').list().length > 0

// 3. again: the confirmation is read back from perf-history, nothing is measured a second time
assert log.count('Confirming LoopBench.loop') == 1
def again = json.parse(new File(basedir, 'target/perf-again/changes.json'))
assert again.changes[0].confirmation.culprit == commits['range-2']

// the checkouts are gone
assert !new File(basedir, '.git/worktrees').exists() || new File(basedir, '.git/worktrees').list().length == 0
return true
