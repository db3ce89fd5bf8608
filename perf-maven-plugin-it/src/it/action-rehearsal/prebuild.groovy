// The scratch project as a repository: the files as cloned are the base commit on 'main'; 'patch' is the pull
// request, its first commit ten times the work (a FAIL at the first look, on any machine).
def fixture = evaluate(new File(basedir, '../../../src/it-support/GitFixture.groovy'))
new File(basedir, '.gitignore').text = 'target/\nbuild.log\n'
fixture.git(basedir, ['init', '-q'])
fixture.git(basedir, ['checkout', '-q', '-b', 'main'])
fixture.git(basedir, ['add', '-A'])
fixture.git(basedir, ['commit', '-q', '-m', 'base version'])
fixture.git(basedir, ['checkout', '-q', '-b', 'patch'])
def source = new File(basedir, 'src/test/java/org/example/bench/WorkBench.java')
source.text = source.text.replace('TOKENS = 1000', 'TOKENS = 10000')
fixture.git(basedir, ['commit', '-q', '-am', 'patch: ten times the work'])
return true
