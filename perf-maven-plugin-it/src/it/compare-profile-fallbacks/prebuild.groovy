// The cloned project is the base commit on 'main'; the candidate commit on 'patch' allocates a fresh 1 KiB buffer
// per record in RecordWriter.append instead of reusing its own.
def fixture = evaluate(new File(basedir, '../../../src/it-support/GitFixture.groovy'))
fixture.repository(basedir, 'patch: a buffer per record') {
    def writer = new File(basedir, 'src/test/java/org/example/bench/RecordWriter.java')
    writer.text = writer.text.replace('byte[] buffer = out;', 'byte[] buffer = out = new byte[1024];')
}
return true
