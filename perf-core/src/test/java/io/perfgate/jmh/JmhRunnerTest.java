package io.perfgate.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.perfgate.results.BenchmarkResult;
import io.perfgate.testing.Golden;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/**
 * The runner against stand-ins for the JVM (shell scripts that replay real JMH output, exit, or hang with child
 * processes), and once against real JMH on this module's fixtures.
 */
class JmhRunnerTest {
    @TempDir
    Path dir;

    @Test
    @DisabledOnOs(OS.WINDOWS)
    void readsTheResultsAndReportsProgress() throws Exception {
        Path java = script("cat '" + fixture("output/avgt-params-gc.txt") + "'\n"
                + "cp '" + fixture("avgt-params-gc.json") + "' \"$RESULT\"\n");
        JmhOutputParserTest.Recorder progress = new JmhOutputParserTest.Recorder();
        JmhResults results = JmhRunner.run(invocation(java).expectedForks(2).expectedResults(2).build(), progress);
        assertEquals(2, results.benchmarks().size());
        assertEquals(4, progress.scores.size());
        String log = new String(Files.readAllBytes(dir.resolve("jmh-output.log")), StandardCharsets.UTF_8);
        assertTrue(log.startsWith("# perf:run "), log);
        assertTrue(log.contains("# Fork: 2 of 2"), "the log keeps JMH's output");
        assertTrue(log.contains("Iteration   1: 40.138 ns/op"));
    }

    @Test
    @DisabledOnOs(OS.WINDOWS)
    void aBenchmarkExceptionStopsJmhAndQuotesTheStackTrace() throws Exception {
        // JMH would go on with the next fork; the stand-in keeps running to show it gets stopped.
        Path java = script("cat '" + fixture("output/failure-throwsLater.txt") + "'\nsleep 300\n");
        long start = System.nanoTime();
        JmhRunException e = assertThrows(JmhRunException.class,
                () -> JmhRunner.run(invocation(java).build(), JmhProgressListener.NONE));
        assertTrue(System.nanoTime() - start < Duration.ofSeconds(30).toNanos(), "stopped well before sleep ended");
        assertEquals(JmhRunException.Kind.BENCHMARK_FAILED, e.kind());
        assertEquals("crash.Crash.throwsLater", e.benchmark());
        assertTrue(e.getMessage().startsWith("Benchmark crash.Crash.throwsLater failed: JMH reported '# Warmup"
                + " Iteration   1: <failure>'. The whole output is in " + dir.resolve("jmh-output.log")),
                e.getMessage());
        assertTrue(e.getMessage().contains("  | java.lang.IllegalStateException: boom after 100001 calls"),
                e.getMessage());
        assertTrue(e.outputTail().size() <= JmhRunner.TAIL_LINES);
    }

    @Test
    @DisabledOnOs(OS.WINDOWS)
    void systemExitInABenchmarkIsAFailure() throws Exception {
        Path java = script("cat '" + fixture("output/failure-exits.txt") + "'\necho '[' > \"$RESULT\"; echo ']' >> \"$RESULT\"\n");
        JmhRunException e = assertThrows(JmhRunException.class,
                () -> JmhRunner.run(invocation(java).build(), JmhProgressListener.NONE));
        assertEquals(JmhRunException.Kind.BENCHMARK_FAILED, e.kind());
        assertTrue(e.getMessage().contains("explicit System.exit was called?"), e.getMessage());
        assertTrue(e.getMessage().contains("<forked VM failed with exit code 42>"), e.getMessage());
    }

    @Test
    @DisabledOnOs(OS.WINDOWS)
    void outOfMemoryIsAFailureQuotedWithTheLineThatNamesIt() throws Exception {
        Path java = script("cat '" + fixture("output/failure-oom.txt") + "'\necho '[' > \"$RESULT\"; echo ']' >> \"$RESULT\"\n");
        JmhRunException e = assertThrows(JmhRunException.class,
                () -> JmhRunner.run(invocation(java).build(), JmhProgressListener.NONE));
        assertEquals(JmhRunException.Kind.BENCHMARK_FAILED, e.kind());
        assertEquals("crash.Crash.oom", e.benchmark());
        assertEquals(Arrays.asList("# Fork: 1 of 1", "# Warmup Iteration   1: Java heap space",
                "<forked VM failed with exit code 1>"), e.outputTail().subList(1, 4));
    }

    @Test
    void aJmhThatNeverReachesItsFirstBenchmarkIsStoppedAndTheLaunchNamed() throws Exception {
        // What a very busy machine did to a 5 s timeout: JMH printed its version lines, then nothing in time.
        Path java = script("echo '# JMH version: 1.37'\n"
                + "echo '# VM options: <none>'\n"
                + "sleep 300\n");
        JmhRunException e = assertThrows(JmhRunException.class, () -> JmhRunner.run(
                invocation(java).timeout(Duration.ofSeconds(2)).build(), JmhProgressListener.NONE));
        assertEquals(JmhRunException.Kind.TIMED_OUT, e.kind());
        // which limit was hit, and the time measured before it
        assertTrue(e.getMessage().matches("(?s)JMH did not start com\\.acme\\.Fast\\.run: it had printed no"
                + " benchmark header after 2\\.[0-9] s, beyond perf\\.timeout = 2\\.0 s, the longest one fork may"
                + " run \\(the first fork's clock starts with JMH\\)\\. It was stopped with all its JVMs\\. Is the"
                + " machine overloaded, or does the timeout need to be longer\\?.*"), e.getMessage());
        assertFalse(e.getMessage().contains("Benchmark ?"), e.getMessage());
    }

    @Test
    @DisabledOnOs(OS.WINDOWS)
    void theTimeoutBoundsOneForkNotAllOfThem() throws Exception {
        // three forks of 1.5 s each against a 3 s timeout: 4.5 s in all, but no fork is late
        Path java = script("echo '# Benchmark: com.acme.Fast.run'\n"
                + "echo '# Fork: 1 of 3'; sleep 1.5\n"
                + "echo '# Fork: 2 of 3'; sleep 1.5\n"
                + "echo '# Fork: 3 of 3'; sleep 1.5\n"
                + "cp '" + fixture("avgt-params-gc.json") + "' \"$RESULT\"\n");
        JmhResults results = JmhRunner.run(invocation(java).timeout(Duration.ofSeconds(3)).expectedForks(2)
                .expectedResults(2).build(), JmhProgressListener.NONE);
        assertEquals(2, results.benchmarks().size());
    }

    @Test
    @DisabledOnOs(OS.WINDOWS)
    void timeoutKillsTheWholeProcessTree() throws Exception {
        Path childPid = dir.resolve("child.pid");
        Path java = script("echo '# Benchmark: com.acme.Slow.hangs'\n"
                + "echo '# Parameters: (size = 10)'\n"
                + "echo '# Fork: 1 of 1'\n"
                + "sleep 300 & echo $! > '" + childPid + "'\n"
                + "wait\n");
        JmhRunException e = assertThrows(JmhRunException.class, () -> JmhRunner.run(
                invocation(java).timeout(Duration.ofSeconds(2)).build(), JmhProgressListener.NONE));
        assertEquals(JmhRunException.Kind.TIMED_OUT, e.kind());
        // which limit was hit, and the time measured before it
        assertTrue(e.getMessage().matches("(?s)Benchmark com\\.acme\\.Slow\\.hangs \\(size=10\\): fork 1 of 1 was"
                + " still running after 2\\.[0-9] s, beyond perf\\.timeout = 2\\.0 s, the longest one fork may run\\."
                + " It was stopped with all its JVMs\\. Does it hang, or does it need a longer timeout\\?.*"),
                e.getMessage());
        assertTrue(e.getMessage().contains("  | # Fork: 1 of 1"), e.getMessage());
        long pid = Long.parseLong(new String(Files.readAllBytes(childPid), StandardCharsets.UTF_8).trim());
        Optional<ProcessHandle> child = ProcessHandle.of(pid);
        assertFalse(child.isPresent() && child.get().isAlive(), "the forked child " + pid + " must be gone");
    }

    @Test
    @DisabledOnOs(OS.WINDOWS)
    void failOnErrorExitIsABenchmarkFailure() throws Exception {
        Path java = script("cat '" + fixture("output/failure-foe.txt") + "'\ntouch \"$RESULT\"\nexit 1\n");
        JmhRunException e = assertThrows(JmhRunException.class,
                () -> JmhRunner.run(invocation(java).build(), JmhProgressListener.NONE));
        assertEquals(JmhRunException.Kind.BENCHMARK_FAILED, e.kind());
        assertEquals("crash.Crash.throwsLater", e.benchmark());
    }

    @Test
    @DisabledOnOs(OS.WINDOWS)
    void jmhErrorWithoutBenchmarkFailureQuotesItsOutput() throws Exception {
        Path java = script("echo 'Error parsing command line:'\necho ' Unknown option: -zz'\nexit 1\n");
        JmhRunException e = assertThrows(JmhRunException.class,
                () -> JmhRunner.run(invocation(java).build(), JmhProgressListener.NONE));
        assertEquals(JmhRunException.Kind.JMH_FAILED, e.kind());
        assertTrue(e.getMessage().startsWith("JMH exited with code 1 while running com.acme.Fast.run."),
                e.getMessage());
        assertTrue(e.getMessage().contains("  |  Unknown option: -zz"), e.getMessage());
    }

    @Test
    @DisabledOnOs(OS.WINDOWS)
    void benchmarkLeftOutOfTheJsonIsAnError() throws Exception {
        // Without -foe JMH carries on past a failed benchmark and writes JSON without it.
        Path java = script("echo '[' > \"$RESULT\"; echo ']' >> \"$RESULT\"\n");
        JmhRunException e = assertThrows(JmhRunException.class,
                () -> JmhRunner.run(invocation(java).expectedResults(1).build(), JmhProgressListener.NONE));
        assertEquals(JmhRunException.Kind.RESULTS_INCOMPLETE, e.kind());
        assertTrue(e.getMessage().startsWith("JMH recorded 0 of the 1 results (mode x parameter values) asked of"
                + " com.acme.Fast.run: the others failed."), e.getMessage());
    }

    @Test
    @DisabledOnOs(OS.WINDOWS)
    void forkLeftOutOfTheJsonIsAnError() throws Exception {
        Path java = script("cp '" + fixture("fewer-forks-than-asked.json") + "' \"$RESULT\"\n");
        JmhRunException e = assertThrows(JmhRunException.class,
                () -> JmhRunner.run(invocation(java).expectedForks(3).build(), JmhProgressListener.NONE));
        assertEquals(JmhRunException.Kind.RESULTS_INCOMPLETE, e.kind());
        assertTrue(e.getMessage().startsWith("JMH recorded 2 of the 3 forks asked of ThroughputFixture.concat"
                + " [thrpt]"), e.getMessage());
    }

    @Test
    @DisabledOnOs(OS.WINDOWS)
    void waitsForAnotherJmhRunsLock() throws Exception {
        Path attempts = dir.resolve("attempts");
        Path java = script("echo x >> '" + attempts + "'\n"
                + "if [ $(wc -l < '" + attempts + "') -lt 2 ]; then\n"
                + "  echo 'ERROR: org.openjdk.jmh.runner.RunnerException: ERROR: Another JMH instance might be"
                + " running. Unable to acquire the JMH lock (/tmp/jmh.lock), exiting.' >&2\n"
                + "  exit 1\n"
                + "fi\n"
                + "cp '" + fixture("thrpt-threads.json") + "' \"$RESULT\"\n");
        List<String> waits = new ArrayList<>();
        JmhResults results = JmhRunner.run(invocation(java).build(), new JmhProgressListener() {
            @Override
            public void waiting(String reason) {
                waits.add(reason);
            }
        });
        assertEquals(1, results.benchmarks().size());
        assertEquals(1, waits.size());
        assertTrue(waits.get(0).startsWith("another JMH run holds JMH's lock file"), waits.get(0));
    }

    /**
     * Before JMH is launched, the run queues behind the launches of other builds that came first, says so once,
     * and leaves the queue when it is done; the build ahead ends (here, it is killed) and the run goes on.
     */
    @Test
    @DisabledOnOs(OS.WINDOWS)
    void queuesBehindTheForksOfOtherBuildsFirstComeFirstServed() throws Exception {
        Path queueDir = Files.createDirectories(dir.resolve("queue"));
        Process other = new ProcessBuilder("sleep", "60").start();
        try {
            long micros = java.time.temporal.ChronoUnit.MICROS.between(java.time.Instant.EPOCH,
                    java.time.Instant.now().minusSeconds(1));
            Files.write(queueDir.resolve(String.format(java.util.Locale.ROOT, "%019d-%010d-%06d.ticket", micros,
                    other.pid(), 1)), ("pid=" + other.pid() + "\nstart=").getBytes(StandardCharsets.UTF_8));
            Path standIn = script("cp '" + fixture("thrpt-threads.json") + "' \"$RESULT\"\n");
            List<String> waits = java.util.Collections.synchronizedList(new ArrayList<>());
            java.util.concurrent.atomic.AtomicReference<Object> outcome = new java.util.concurrent.atomic.AtomicReference<>();
            Thread run = new Thread(() -> {
                try {
                    outcome.set(JmhRunner.run(invocation(standIn).build(), new JmhProgressListener() {
                        @Override
                        public void waiting(String reason) {
                            waits.add(reason);
                        }
                    }, new ForkQueue(queueDir)));
                } catch (JmhRunException e) {
                    outcome.set(e);
                }
            });
            run.start();
            run.join(1000);
            assertTrue(run.isAlive(), "waits for the build ahead");
            assertEquals(List.of("queued behind 1 fork of other builds on this machine for JMH's lock file ("
                    + System.getProperty("java.io.tmpdir") + "/jmh.lock), first come, first served"), waits);
            other.destroyForcibly().waitFor();
            run.join(java.util.concurrent.TimeUnit.SECONDS.toMillis(60));
            assertTrue(outcome.get() instanceof JmhResults, String.valueOf(outcome.get()));
            try (java.util.stream.Stream<Path> left = Files.list(queueDir)) {
                assertEquals(0, left.count(), "the run left the queue");
            }
        } finally {
            other.destroyForcibly();
        }
    }

    @Test
    void missingJavaCannotStart() {
        JmhRunException e = assertThrows(JmhRunException.class, () -> JmhRunner.run(
                invocation(dir.resolve("no-such-java")).build(), JmhProgressListener.NONE));
        assertEquals(JmhRunException.Kind.NOT_STARTED, e.kind());
        assertTrue(e.getMessage().startsWith("Cannot start " + dir.resolve("no-such-java")), e.getMessage());
    }

    /** One fork of one benchmark on real JMH, the way perf:compare runs a round. */
    @Test
    void runsOneForkOfOneRealBenchmark() throws Exception {
        List<Path> classpath = Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
                .map(Paths::get).collect(Collectors.toList());
        JmhInvocation invocation = JmhInvocation.builder()
                .java(Paths.get(System.getProperty("java.home"), "bin", "java"))
                .classpath(classpath)
                .benchmark("io.perfgate.jmh.fixtures.ThroughputFixture.concat")
                .arguments(Arrays.asList("-f", "1", "-wi", "0", "-i", "2", "-r", "50ms", "-t", "1"))
                .resultFile(dir.resolve("one-fork.json"))
                .outputLog(dir.resolve("jmh-output.log"))
                .timeout(Duration.ofMinutes(2))
                .expectedForks(1)
                .expectedResults(1)
                .build();
        JmhOutputParserTest.Recorder progress = new JmhOutputParserTest.Recorder();
        JmhResults results = JmhRunner.run(invocation, progress);
        BenchmarkResult b = results.benchmarks().get(0);
        assertEquals("io.perfgate.jmh.fixtures.ThroughputFixture.concat", b.benchmark());
        assertEquals(1, b.forks().size());
        assertEquals(2, b.forks().get(0).primary().length);
        assertTrue(b.forks().get(0).primaryMedian() > 0);
        assertEquals("1.37", results.jmhVersion());
        assertEquals(Arrays.asList("run io.perfgate.jmh.fixtures.ThroughputFixture.concat {} [Throughput, ops/time]",
                "fork 1/1 started: ThroughputFixture.concat", "fork 1/1 finished: 2 x ops/s"), progress.events);
    }

    private JmhInvocation.Builder invocation(Path java) {
        return JmhInvocation.builder()
                .java(java)
                .classpath(Arrays.asList(dir))
                .benchmark("com.acme.Fast.run")
                .resultFile(dir.resolve("jmh-result.json"))
                .outputLog(dir.resolve("jmh-output.log"))
                .timeout(Duration.ofMinutes(1));
    }

    /** A stand-in for {@code java}: the body runs with $RESULT set to the value of -rff. */
    private Path script(String body) throws IOException {
        Path script = Files.createTempFile(dir, "java", ".sh");
        String text = "#!/bin/sh\nRESULT=''\nwhile [ $# -gt 0 ]; do\n"
                + "  if [ \"$1\" = -rff ]; then RESULT=\"$2\"; fi\n  shift\ndone\n" + body;
        Files.write(script, text.getBytes(StandardCharsets.UTF_8));
        script.toFile().setExecutable(true);
        return script;
    }

    private static String fixture(String name) {
        return Golden.sourcePath("jmh/" + name).toAbsolutePath().toString();
    }
}
