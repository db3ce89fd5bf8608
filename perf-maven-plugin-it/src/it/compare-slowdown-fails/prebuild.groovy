// The cloned project is the base commit on 'main'; the candidate commit on 'patch' does ten times the work
// (a margin that survives a heavily shared CI machine).
def fixture = evaluate(new File(basedir, '../../../src/it-support/GitFixture.groovy'))
fixture.repository(basedir, 'patch: ten times the work') {
    def source = new File(basedir, 'src/test/java/org/example/bench/WorkBench.java')
    source.text = source.text.replace('TOKENS = 1000', 'TOKENS = 10000')
}
return true
