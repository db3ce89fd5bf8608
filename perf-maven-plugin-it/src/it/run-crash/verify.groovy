// Four failing runs, all in build.log: each a BUILD ERROR that names the benchmark and quotes its output.
def log = new File(basedir, 'build.log').text

// 1. exception, with -foe=true
assert log.contains('Benchmark it.Crash.throwsLater failed: JMH reported')
assert log.contains('  | java.lang.IllegalStateException: boom after 100001 calls')

// 2. System.exit
assert log.contains('Benchmark it.Crash.exits failed: JMH reported')
assert log.contains('explicit System.exit was called?')
assert log.contains('<forked VM failed with exit code 42>')

// 3. OutOfMemoryError
assert log.contains('Benchmark it.Crash.oom failed: JMH reported')
assert log.contains('Java heap space') || log.contains('OutOfMemoryError')

// 4. timeout: stopped with all its JVMs
assert log =~ /Benchmark it\.Crash\.hangs: fork 1 of 10 was still running after 3\d s, beyond perf\.timeout = 30 s, the longest one fork may run\. It was stopped with all its JVMs\./
// Crash's @Fork(2) is too few for the gate: the plugin runs its default of 10 and says so
assert log.contains('Annotated fork counts below 5 overridden on 1 benchmark: it.Crash.hangs (@Fork(2)). They run 10 forks,'
        + ' because the gate needs at least 5 per side to judge; -Dperf.forks=<n> sets the count yourself.')
assert log.contains('  | # Fork: 1 of 10')

assert log.count('No results.json was written.') >= 4
assert log.count('org.apache.maven.plugin.MojoExecutionException') >= 4
assert !new File(basedir, 'target/perf/results.json').exists()

// No JVM of this project may outlive its build.
def ours = ProcessHandle.allProcesses().filter { p ->
    p.info().commandLine().orElse('').contains(new File(basedir, 'target/test-classes').path)
}.collect(java.util.stream.Collectors.toList())
assert ours.isEmpty() : "still running: ${ours*.info()*.commandLine()}"
true
