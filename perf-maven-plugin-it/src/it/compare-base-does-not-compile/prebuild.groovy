// The cloned project, committed as the base, lacks a semicolon; the candidate commit adds it.
def fixture = evaluate(new File(basedir, '../../../src/it-support/GitFixture.groovy'))
fixture.repository(basedir, 'patch: fix the build') {
    def source = new File(basedir, 'src/test/java/org/example/bench/WorkBench.java')
    source.text = source.text.replace('Blackhole.consumeCPU(TOKENS) ', 'Blackhole.consumeCPU(TOKENS);')
}
return true
