// The cloned project is the base commit on 'main'; the candidate commit on 'patch' makes Codec, which only
// CodecBench reaches, do ten times the work.
def fixture = evaluate(new File(basedir, '../../../src/it-support/GitFixture.groovy'))
fixture.repository(basedir, 'patch: Codec does ten times the work') {
    def source = new File(basedir, 'src/test/java/org/example/bench/Codec.java')
    source.text = source.text.replace('TOKENS = 1000', 'TOKENS = 10000')
}
return true
