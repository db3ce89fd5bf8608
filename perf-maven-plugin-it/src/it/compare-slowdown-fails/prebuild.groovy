// The cloned project is the base commit on 'main'; the candidate commit on 'patch' doubles the benchmark's work.
def fixture = evaluate(new File(basedir, '../../../src/it/_shared/GitFixture.groovy'))
fixture.repository(basedir, 'patch: twice the work') {
    def source = new File(basedir, 'src/test/java/org/example/bench/WorkBench.java')
    source.text = source.text.replace('TOKENS = 1000', 'TOKENS = 2000')
}
return true
