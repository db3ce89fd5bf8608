// main: the base. patch: a comment, the culprit (ten times the work), another comment.
def fixture = evaluate(new File(basedir, '../../../src/it-support/GitFixture.groovy'))
def source = new File(basedir, 'src/test/java/org/example/bench/WorkBench.java')
fixture.repository(basedir, 'patch 1: a comment') {
    source.text = source.text.replace('public class WorkBench {', '/** Work. */\npublic class WorkBench {')
}
// the fixture left a dirty tree; commit the rest of the history on top without touching those files
def git = fixture.git
git(basedir, ['stash', 'push', '-q', '--include-untracked', '-m', 'fixture: dirty files'])
source.text = source.text.replace('TOKENS = 1000', 'TOKENS = 10000')
git(basedir, ['commit', '-q', '-am', 'patch 2: ten times the work'])
new File(basedir, '.git/perf-it-culprit').text = git(basedir, ['rev-parse', 'HEAD'])
source.text = source.text.replace('/** Work. */', '/** Work, more of it. */')
git(basedir, ['commit', '-q', '-am', 'patch 3: another comment'])
git(basedir, ['stash', 'pop', '-q'])
new File(basedir, '.git/perf-it-state-before').text = fixture.state(basedir)
return true
