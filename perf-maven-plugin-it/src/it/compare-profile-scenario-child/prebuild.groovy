// The cloned project is the base commit on 'main'; the candidate commit on 'patch' indexes the documents five
// times as often, in the JVM the scenario starts.
def fixture = evaluate(new File(basedir, '../../../src/it-support/GitFixture.groovy'))
fixture.repository(basedir, 'patch: index five times per run') {
    def source = new File(basedir, 'src/test/java/org/example/perf/Indexer.java')
    source.text = source.text.replace('PASSES = 4', 'PASSES = 20')
}
return true
