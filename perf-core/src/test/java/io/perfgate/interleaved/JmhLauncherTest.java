package io.perfgate.interleaved;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.perfgate.env.EnvironmentFingerprint;
import io.perfgate.jmh.BenchmarkListReader;
import io.perfgate.jmh.ForkTimes;
import io.perfgate.jmh.JmhOptions;
import io.perfgate.jmh.JmhTime;
import io.perfgate.jmh.PlannedBenchmark;
import io.perfgate.jmh.RunPlan;
import io.perfgate.results.BenchmarkResult;
import io.perfgate.results.Fork;
import io.perfgate.results.PerfResults;
import io.perfgate.testing.LogLines;
import io.perfgate.workspace.CompareException;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

class JmhLauncherTest {
    @TempDir
    Path tmp;

    static List<Path> testClasspath() {
        List<Path> cp = new ArrayList<>();
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            cp.add(Path.of(entry));
        }
        return cp;
    }

    static Path java() {
        return Path.of(System.getProperty("java.home"), "bin", "java");
    }

    @Test
    void theForkCountIsReplacedByOne() {
        assertEquals(Arrays.asList("-wi", "1", "-prof", "gc", "-f", "1"),
                JmhLauncher.singleFork(Arrays.asList("-f", "10", "-wi", "1", "-prof", "gc")));
        assertEquals(Arrays.asList("-i", "3", "-f", "1"), JmhLauncher.singleFork(Arrays.asList("-i", "3")));
    }

    /**
     * A planned fork length replaces the settings' -i and -r (JMH would take the last, but one is clearer in the
     * log): a planned fork measures in fine iterations.
     */
    @Test
    void aPlannedLengthReplacesTheMeasurementIterationsAndTheirTime() {
        JmhTime fine = JmhTime.of(250, java.util.concurrent.TimeUnit.MILLISECONDS);
        assertEquals(Arrays.asList("-wi", "3", "-f", "1", "-i", "6", "-r", "250ms"),
                JmhLauncher.withIterations(Arrays.asList("-wi", "3", "-i", "10", "-r", "1s", "-f", "1"), 6, fine));
        assertEquals(Arrays.asList("-f", "1", "-i", "7", "-r", "250ms"),
                JmhLauncher.withIterations(Arrays.asList("-f", "1"), 7, fine));
    }

    /**
     * A comparison of scenarios alone runs no JMH fork, yet its scenario JVMs run on this JDK: the fingerprint (and
     * the methodology's JDK line) names it, as perf:run's does, instead of "unknown unknown (unknown)".
     */
    @Test
    void withoutAForkTheFingerprintStillNamesTheJdk() throws Exception {
        JmhLauncher launcher = new JmhLauncher(JmhOptions.builder().build(), java(), tmp);

        Map<String, String> environment = launcher.environment();

        assertEquals(System.getProperty("java.version"), environment.get(EnvironmentFingerprint.JAVA_VERSION));
        assertEquals(System.getProperty("java.vendor"), environment.get(EnvironmentFingerprint.JAVA_VENDOR));
        assertTrue(environment.get(EnvironmentFingerprint.JAVA_VM).startsWith(System.getProperty("java.vm.name")),
                environment.toString());
        assertNotEquals(EnvironmentFingerprint.UNKNOWN, environment.get(EnvironmentFingerprint.JVM_GC));
    }

    @Test
    void runsOneForkOfOneBenchmark() throws Exception {
        JmhOptions options = JmhOptions.builder().includes("EvaluationBenchmarks.cpu").profilers("none").build();
        JmhLauncher launcher = new JmhLauncher(options, java(), tmp);
        List<Path> cp = testClasspath();
        List<String> names = launcher.discover(cp, "test classes");
        assertEquals(Collections.singletonList("io.perfgate.interleaved.evaluation.EvaluationBenchmarks.cpu"), names);

        List<BenchmarkResult> results = launcher.runFork(cp, names.get(0), "base", 1);
        assertEquals(1, results.size());
        assertEquals(1, results.get(0).forks().size());
        assertEquals(3, results.get(0).forks().get(0).primary().length);
        assertTrue(results.get(0).forks().get(0).primaryMedian() > 0);
        assertEquals("1 per round (perf:compare schedules the forks)", launcher.settings().get("perf.forks"));
    }

    /**
     * A fork that waits for another JMH run's lock says so in the build's log, once, as perf:run does: JMH's own
     * retries go only to the fork's output, where a round seemed to take minutes for nothing.
     */
    @Test
    @DisabledOnOs(OS.WINDOWS)
    void aForkWaitingForJmhsLockSaysSo() throws Exception {
        // a java that finds the lock taken on its first start, then runs the fork for real
        Path marker = tmp.resolve("tried");
        Path java = tmp.resolve("java.sh");
        Files.write(java, ("#!/bin/sh\nif [ ! -f '" + marker + "' ]; then\n  touch '" + marker + "'\n"
                + "  echo 'ERROR: org.openjdk.jmh.runner.RunnerException: ERROR: Another JMH instance might be"
                + " running. Unable to acquire the JMH lock (/tmp/jmh.lock), exiting.' >&2\n  exit 1\nfi\n"
                + "exec '" + java() + "' \"$@\"\n").getBytes(StandardCharsets.UTF_8));
        assertTrue(java.toFile().setExecutable(true));
        JmhOptions options = JmhOptions.builder().includes("EvaluationBenchmarks.cpu").profilers("none").build();
        LogLines log = new LogLines();
        JmhLauncher launcher = new JmhLauncher(options, java, tmp).loggingTo(log);
        List<Path> cp = testClasspath();
        String name = launcher.discover(cp, "test classes").get(0);

        assertEquals(1, launcher.runFork(cp, name, "base", 1).size());

        assertEquals(Collections.singletonList("Waiting: another JMH run holds JMH's lock file ("
                + System.getProperty("java.io.tmpdir") + "/jmh.lock); waiting for it to finish (fork of " + name
                + ")"), log.infos(), log.toString());
    }

    /**
     * A round runs one fork of each parameter set ({@code -f 1} runs every set once): AverageTimeFixture's two sizes
     * cost two forks a side, as planned, or as the baseline recorded them when it did.
     */
    @Test
    void aRoundCostsOneForkPerParameterSetAsPlannedOrAsRecorded() throws Exception {
        JmhOptions options = JmhOptions.builder().includes("AverageTimeFixture").build();
        List<Path> cp = testClasspath();
        JmhLauncher planned = new JmhLauncher(options, java(), tmp);
        String name = planned.discover(cp, "test classes").get(0);
        RunPlan plan = RunPlan.create(options, BenchmarkListReader.read(
                Paths.get("target", "test-classes", "META-INF", "BenchmarkList")));
        PlannedBenchmark b = plan.benchmarks().get(0);
        assertEquals(2, b.runs());
        assertEquals(2 * b.expectedFork().toMillis() / 1000.0, planned.expectedSeconds(cp, name), 1e-9);
        assertNull(planned.expectedTimesSource());

        BenchmarkResult.Builder recorded = BenchmarkResult.builder(name).mode("avgt").unit("us/op");
        for (double seconds : new double[] {40, 42, 41}) {
            recorded.addFork(new Fork(new double[] {1}, Collections.emptyMap(), Collections.emptyMap(), seconds));
        }
        JmhLauncher weighed = new JmhLauncher(options, java(), tmp).weighedBy(ForkTimes.recordedIn(
                PerfResults.builder().createdAt("2026-11-27T06:00:00Z").toolVersion("test").settings(plan.settings())
                        .addBenchmark(recorded.build()).build(), "src/perf/baseline.json"));
        weighed.discover(cp, "test classes");
        assertEquals(2 * 41.0, weighed.expectedSeconds(cp, name), 1e-9);
        assertEquals("Fork times: the benchmark as recorded in src/perf/baseline.json", weighed.expectedTimesSource());

        // a planned length: each of the 2 runs measures 6 fine iterations (here its own 100 ms, shorter than 250 ms)
        // instead of its settings' 3 x 100 ms
        assertEquals(2 * (41.0 - 0.3 + 0.6), weighed.expectedSeconds(cp, name, 6), 1e-9);
        assertEquals(2 * 41.0, weighed.expectedSeconds(cp, name, 0), 1e-9, "0 is the settings' length");
    }

    /**
     * A profiling fork runs the one parameter set it is given, once, whether the user's perf.params name its
     * parameters or not: JMH once got both the user's -p and the set's, ran sets twice and wrote them twice, or ran
     * one set where two results were expected, and each fork failed.
     */
    @Test
    void aProfilingForkRunsItsParameterSetOnce() throws Exception {
        List<Path> cp = testClasspath();
        for (String params : Arrays.asList(null, "size=16,128")) {
            JmhLauncher launcher = new JmhLauncher(JmhOptions.builder().includes("AverageTimeFixture").params(params)
                    .profilers("none").build(), java(), tmp);
            String name = launcher.discover(cp, "test classes").get(0);
            List<BenchmarkResult> results = launcher.runProfiledFork(cp, name, Map.of("kind", "sum", "size", "128"),
                    "candidate", Collections.singletonList("-Dperf.profiled=true"), null, tmp);
            assertEquals(1, results.size(), "perf.params=" + params);
            assertEquals(Map.of("kind", "sum", "size", "128"), results.get(0).params());
        }
    }

    @Test
    void aClasspathWithoutBenchmarksIsNamed() {
        JmhLauncher launcher = new JmhLauncher(JmhOptions.defaults(), java(), tmp);
        CompareException e = assertThrows(CompareException.class,
                () -> launcher.discover(Collections.singletonList(tmp), "base abc123"));
        assertTrue(e.getMessage().startsWith("The base abc123 has no JMH benchmarks: no META-INF/BenchmarkList in "),
                e.getMessage());
    }
}
