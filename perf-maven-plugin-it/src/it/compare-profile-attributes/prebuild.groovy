// The cloned project is the base commit on 'main'. The candidate commit on 'patch' brings the two classic
// regressions: RecordWriter.append allocates a fresh 1 KiB buffer per record instead of reusing its own, and
// CounterBench's threads share one SharedCounter, whose add() now holds its monitor for the whole operation.
def fixture = evaluate(new File(basedir, '../../../src/it-support/GitFixture.groovy'))
fixture.repository(basedir, 'patch: a buffer per record, and a shared counter') {
    def writer = new File(basedir, 'src/test/java/org/example/bench/RecordWriter.java')
    writer.text = writer.text.replace('byte[] buffer = out;', 'byte[] buffer = out = new byte[1024];')
    def counter = new File(basedir, 'src/test/java/org/example/bench/SharedCounter.java')
    counter.text = counter.text.replace('public long add(long work)', 'public synchronized long add(long work)')
    def bench = new File(basedir, 'src/test/java/org/example/bench/CounterBench.java')
    bench.text = bench.text.replace('own = new SharedCounter()', 'own = SharedCounter.SHARED')
}
return true
