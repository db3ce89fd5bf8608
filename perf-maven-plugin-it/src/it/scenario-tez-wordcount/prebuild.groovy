// The project as cloned is the base commit on 'main'; the candidate commit on 'patch' adds a busy wait per input
// line that the scenario parameter patchMicrosPerRecord sizes. Run 1 (the hang) runs the working tree with the
// parameter at 0; run 2 compares the patch with main, the parameter at 100 us.
def fixture = evaluate(new File(basedir, '../../../src/it-support/GitFixture.groovy'))
fixture.repository(basedir, 'patch: a busy wait per line in the tokenizer') {
    def source = new File(basedir, 'src/test/java/io/perfgate/it/tez/OrderedWordCountScenario.java')
    def unpatched = 'long burnNanos = burnMicros * 1000L;'
    assert source.text.contains(unpatched)
    source.text = source.text.replace(unpatched,
            'long burnNanos = (burnMicros + ctx.longParameter("patchMicrosPerRecord", 0)) * 1000L;')
}
new File(basedir, '.git/perf-it-state-before').text = fixture.state(basedir)
return true
