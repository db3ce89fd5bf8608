// main: the baseline (2000 tokens); slow: 4x the work; fast: a sixteenth of it. The checkout is left on main.
def fixture = evaluate(new File(basedir, '../../../src/it-support/GitFixture.groovy'))
def git = fixture.git
new File(basedir, '.gitignore').text = 'target/\nbuild.log\n'
git(basedir, ['init', '-q'])
git(basedir, ['checkout', '-q', '-b', 'main'])
git(basedir, ['add', '-A'])
git(basedir, ['commit', '-q', '-m', 'baseline version'])
def source = new File(basedir, 'src/test/java/org/example/bench/WorkBench.java')
def original = source.text
[slow: '8000', fast: '125'].each { branch, tokens ->
    git(basedir, ['checkout', '-q', '-b', branch, 'main'])
    source.text = original.replace("TOKENS = 2000", "TOKENS = " + tokens)
    git(basedir, ["commit", "-q", "-am", branch + ": " + tokens + " tokens"])
}
git(basedir, ['checkout', '-q', 'main'])
return true
