package io.perfgate.scenariorunner;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.perfgate.results.BenchmarkResult;
import io.perfgate.results.Fork;
import io.perfgate.results.MetricInfo;
import io.perfgate.scenariorunner.fixtures.CpuWork;
import io.perfgate.scenariorunner.fixtures.Misbehaving;
import io.perfgate.scenariorunner.fixtures.NotAScenario;
import io.perfgate.stats.Direction;
import io.perfgate.testing.LogLines;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Runs real scenario JVMs with the tiny fixtures; each test costs one to five JVM starts. */
class ScenarioRunnerTest {
    @TempDir
    Path out;

    private final LogLines log = new LogLines();

    private ScenarioRunner runner() {
        Path testClasses;
        try {
            testClasses = Paths.get(CpuWork.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
        ScenarioLaunchSettings launch = ScenarioLaunchSettings.builder()
                .projectClasspath(Collections.singletonList(testClasses))
                .outputDirectory(out)
                .basedir(out)
                .killGrace(Duration.ofSeconds(1))
                .threadGrace(Duration.ofMillis(500))
                .build();
        return new ScenarioRunner(launch, log);
    }

    private static ScenarioDefinition definition(String id, Class<?> type, int cold, int warmup, int warm,
            String... params) {
        ScenarioDefinition d = new ScenarioDefinition();
        d.setId(id);
        d.setClassName(type.getName());
        d.setColdRuns(cold);
        d.setWarmupRuns(warmup);
        d.setWarmRuns(warm);
        d.setWarmJvms(1);
        Map<String, String> p = new LinkedHashMap<>();
        for (int i = 0; i < params.length; i += 2) {
            p.put(params[i], params[i + 1]);
        }
        d.setParameters(p);
        d.setJvmArgs(Arrays.asList("-Xmx64m", "-XX:TieredStopAtLevel=1"));
        return d;
    }

    @Test
    void coldAndWarmRunsBecomeTwoResultsWithOneForkPerJvm() throws Exception {
        // 100 requests of 200000 steps: tens of ms of CPU a run, several ticks of the 10 ms CPU clock
        ScenarioDefinition d = definition("cpu", CpuWork.class, 2, 1, 3, "requests", "100", "workPerRequest", "200000",
                "setUpMillis", "300");
        d.setWarmJvms(2);
        d.setMetrics(Arrays.asList(new MetricDefinition("requests", "requests", "higher", null),
                new MetricDefinition("cpu", null, null, true)));

        ScenarioResults outcome = runner().run(Collections.singletonList(d));

        assertEquals(2, outcome.results().size());
        BenchmarkResult cold = outcome.results().get(0);
        BenchmarkResult warm = outcome.results().get(1);
        assertEquals("cpu:runs=cold", cold.key());
        assertEquals("cpu:runs=warm", warm.key());
        assertEquals(BenchmarkResult.KIND_SCENARIO, cold.kind());
        assertEquals("ms", cold.unit());
        assertEquals(Direction.LOWER_IS_BETTER, cold.direction());
        assertEquals(2, cold.forks().size());
        assertEquals(2, warm.forks().size(), "one fork per warm JVM");
        for (Fork f : warm.forks()) {
            assertEquals(3, f.primary().length, "the JVM's 3 warm runs, the warm-up left out");
            assertTrue(f.primary()[0] > 0);
            assertNotNull(f.percentiles().get("p0.95"), "100 latencies >= 72: p95 reported");
            assertFalse(f.percentiles().containsKey("p0.99"), "100 latencies < 367: no p99");
            assertArrayEquals(new double[] {100.0, 100.0, 100.0}, f.secondary("latency.count"));
            assertArrayEquals(new double[] {100.0, 100.0, 100.0}, f.secondary("requests"));
            for (int run = 0; run < 3; run++) {
                double wall = f.primary()[run];
                double cpu = f.secondary("cpu")[run];
                assertTrue(cpu >= 10 && cpu <= wall * Runtime.getRuntime().availableProcessors() + 100,
                        "run " + run + ": CPU " + cpu + " ms of a CPU-bound run of " + wall + " ms");
            }
            double setUp = f.secondary("setup.time")[0];
            assertTrue(setUp >= 295 && setUp < 10_000, "set-up sleeps 300 ms: " + setUp);
            assertTrue(f.secondary("heap.peak")[0] > 0);
            assertNotNull(f.secondary("alloc"), "allocation is measured on HotSpot");
        }
        assertEquals(new MetricInfo("requests", Direction.HIGHER_IS_BETTER, true), warm.secondaryMetrics().get("requests"));
        assertEquals(new MetricInfo("ms", Direction.LOWER_IS_BETTER, true), warm.secondaryMetrics().get("cpu"),
                "a built-in metric is gated when declared so");
        assertEquals(new MetricInfo("ms", Direction.LOWER_IS_BETTER, false), warm.secondaryMetrics().get("setup.time"));
        assertFalse(warm.secondaryMetrics().get("checksum.bits").gated(), "undeclared metrics are not gated");
        assertTrue(log.warnings().stream().anyMatch(w -> w.contains("'checksum.bits'") && w.contains("not declared")),
                log::toString);

        Map<String, String> s = outcome.settings();
        assertEquals("cpu", s.get("perf.scenarios"));
        assertEquals("2", s.get("perf.scenario.cpu.coldRuns"));
        assertEquals("1", s.get("perf.scenario.cpu.warmupRuns"));
        assertEquals("3", s.get("perf.scenario.cpu.warmRuns"));
        assertEquals("2", s.get("perf.scenario.cpu.warmJvms"));
        assertEquals("100", s.get("perf.scenario.cpu.param.requests"));
        assertEquals("300", s.get("perf.scenario.cpu.param.setUpMillis"));

        Path dir = out.resolve("scenarios/cpu");
        for (String f : new String[] {"cold-1.log", "cold-2.log", "warm-1.log", "warm-2.log", "warm-2.result.tsv",
            "classpath.args"}) {
            assertTrue(Files.exists(dir.resolve(f)), f);
        }
        assertTrue(Files.isDirectory(dir.resolve("warm-2/tmp")));
        assertTrue(log.infos().stream().anyMatch(l -> l.startsWith("scenario cpu: cold run 1 of 2 took ")), log::toString);
        assertTrue(log.infos().stream().anyMatch(l -> l.startsWith("scenario cpu: cold run 2 of 2 took ")
                && l.contains("; ETA ")), log::toString);
        assertTrue(log.infos().stream().anyMatch(l -> l.startsWith("scenario cpu: warm JVM 1 of 2, warm-up run 1 of 1 took ")), log::toString);
        assertTrue(log.infos().stream().anyMatch(l -> l.startsWith("scenario cpu: warm JVM 2 of 2, warm run 3 of 3 took ")), log::toString);
        assertTrue(log.infos().stream().anyMatch(l -> l.startsWith("scenario cpu: 2 cold runs (a fresh JVM each), then 2"
                + " warm JVMs of 1 warm-up + 3 warm runs each; logs in ")), log::toString);
        assertTrue(log.infos().stream().anyMatch(l -> l.startsWith("scenario cpu: done in ") && l.contains("; cold median ")
                && l.contains(" of 2 runs; warm median ") && l.endsWith(" of 2 JVMs (6 runs)")), log::toString);
    }

    @Test
    void runsWithFewerThan72LatenciesGetNoPercentilesButACount() throws Exception {
        ScenarioResults outcome = runner().run(Collections.singletonList(
                definition("few", CpuWork.class, 0, 0, 2, "requests", "40")));
        BenchmarkResult warm = outcome.results().get(0);
        assertEquals("few:runs=warm", warm.key());
        for (Fork f : warm.forks()) {
            assertTrue(f.percentiles().isEmpty(), f.percentiles()::toString);
            assertEquals(40.0, f.secondary("latency.count")[0]);
        }
        assertFalse(warm.secondaryMetrics().get("latency.count").gated());
        assertTrue(warm.warnings().isEmpty(), "the gate reads result warnings as missing raw data");
        assertTrue(log.warnings().stream().anyMatch(w -> w.contains("recorded 40 to 40 latencies")
                && w.contains("at least 72")), log::toString);
    }

    @Test
    void coldRunsCanIncludeSetUpAndWarmRunsNever() throws Exception {
        // a set-up of 300 ms before a run of well under a millisecond: the cold time is the set-up's or nearly 0
        ScenarioDefinition d = definition("first-result", CpuWork.class, 1, 0, 1, "requests", "1",
                "setUpMillis", "300");
        d.setColdRunIncludesSetUp(true);
        ScenarioResults outcome = runner().run(Collections.singletonList(d));
        assertEquals("cold: set-up + run; warm: run", outcome.settings().get("perf.scenario.first-result.timed"));

        Fork cold = outcome.results().get(0).forks().get(0);
        double coldSetUp = cold.secondary("setup.time")[0];
        assertTrue(coldSetUp >= 295, "set-up sleeps 300 ms: " + coldSetUp);
        assertTrue(cold.primary()[0] >= coldSetUp, "the cold time " + cold.primary()[0]
                + " ms holds the set-up of " + coldSetUp + " ms");

        Fork warm = outcome.results().get(1).forks().get(0);
        double warmSetUp = warm.secondary("setup.time")[0];
        assertTrue(warmSetUp >= 295, "set-up sleeps 300 ms: " + warmSetUp);
        assertTrue(warm.primary()[0] < warmSetUp, "the warm time " + warm.primary()[0]
                + " ms leaves out the set-up of " + warmSetUp + " ms");
    }

    private ScenarioException failure(ScenarioDefinition d) {
        return assertThrows(ScenarioException.class, () -> runner().run(Collections.singletonList(d)));
    }

    @Test
    void anExceptionInSetUpNamesScenarioPhaseAndLogTail() {
        String m = failure(definition("broken", Misbehaving.class, 2, 0, 0, "mode", "throw-in-setup")).getMessage();
        assertTrue(m.startsWith("Scenario 'broken' failed in set-up (cold JVM 1 of 2): "
                + "java.lang.IllegalStateException: NameNode did not leave safe mode."), m);
        assertTrue(m.contains("Log: " + out.resolve("scenarios/broken/cold-1.log")), m);
        assertTrue(m.contains("| setting up in mode throw-in-setup"), m);
        assertTrue(m.contains("at " + Misbehaving.class.getName() + ".setUp(Misbehaving.java:"), m);
        assertFalse(Files.exists(out.resolve("scenarios/broken/cold-2.log")), "stops at the first failure");
    }

    @Test
    void anExceptionInAWarmRunNamesTheRun() {
        String m = failure(definition("flaky", Misbehaving.class, 0, 1, 2, "mode", "throw-in-run")).getMessage();
        assertTrue(m.startsWith("Scenario 'flaky' failed in warmup run 1 of 1 (warm JVM 1 of 1): "
                + "java.lang.IllegalArgumentException: job failed: 3 tasks lost."), m);
    }

    @Test
    void aMissingClassIsReportedAsSuch() {
        ScenarioDefinition d = definition("typo", CpuWork.class, 1, 0, 0);
        d.setClassName("com.example.NoSuchScenario");
        String m = failure(d).getMessage();
        assertTrue(m.startsWith("Scenario 'typo' failed in loading the scenario class (cold JVM 1 of 1): class "
                + "com.example.NoSuchScenario is not on the scenario classpath"), m);
    }

    @Test
    void aClassThatIsNoScenarioIsReportedAsSuch() {
        String m = failure(definition("plain", NotAScenario.class, 1, 0, 0)).getMessage();
        assertTrue(m.contains("does not implement io.perfgate.scenario.Scenario"), m);
    }

    @Test
    void aHungRunIsKilledAndNamed() {
        ScenarioDefinition d = definition("stuck", Misbehaving.class, 0, 0, 3, "mode", "hang-in-run");
        d.setRunTimeout("2s");
        long t0 = System.nanoTime();
        String m = failure(d).getMessage();
        long seconds = (System.nanoTime() - t0) / 1_000_000_000L;
        assertTrue(m.startsWith("Scenario 'stuck' (warm JVM 1 of 1) hung in measured run 1 of 3: no progress within "
                + "<runTimeout> 2.0 s. The JVM was killed"), m);
        assertTrue(m.contains("| about to wait for a container that never comes"), "the tail ends before the dump: " + m);
        assertTrue(m.contains("The main thread was at:\n  | \"main\""), m);
        assertTrue(m.contains("at " + Misbehaving.class.getName() + ".run("), m);
        assertTrue(seconds < 30, "took " + seconds + " s");
    }

    @Test
    void aHungSetUpWithAStubbornShutdownHookIsKilledWithItsChildren() throws IOException {
        ScenarioDefinition d = definition("rm-down", Misbehaving.class, 1, 0, 0, "mode", "hang-in-setup");
        // The limit covers the JVM's start as well: 3 s once ran out before set-up began on a host taking 38 % of
        // the CPU time ("hung in JVM start"), so the hang this test is about gets 15 s.
        d.setSetUpTimeout("15s");
        String m = failure(d).getMessage();
        assertTrue(m.startsWith("Scenario 'rm-down' (cold JVM 1 of 1) hung in set-up: no progress within "
                + "<setUpTimeout> 15 s. The JVM and its 1 child process were killed"), m);
        assertTrue(m.contains("thread dump"), m);
        String log = new String(Files.readAllBytes(out.resolve("scenarios/rm-down/cold-1.log")), StandardCharsets.UTF_8);
        assertTrue(log.contains("Full thread dump"), "SIGQUIT thread dump in the log");
        assertDead(out.resolve("scenarios/rm-down/cold-1/child.pid"));
    }

    @Test
    void nonDaemonThreadsLeftAfterTearDownFailTheScenario() {
        String m = failure(definition("leaky", Misbehaving.class, 1, 0, 0, "mode", "leave-thread")).getMessage();
        assertTrue(m.startsWith("Scenario 'leaky' left 1 non-daemon thread running after tear-down (cold JVM 1 of 1): "
                + "forgotten-dispatcher (TIMED_WAITING at "), m);
        assertTrue(m.contains("java.lang.Thread.sleep(Native Method))."), m);
    }

    @Test
    void childProcessesLeftAfterExitAreKilledAndReported() throws IOException {
        String m = failure(definition("orphans", Misbehaving.class, 1, 0, 0, "mode", "leave-process")).getMessage();
        assertTrue(m.startsWith("Scenario 'orphans' left 1 child process running after its JVM exited "
                + "(cold JVM 1 of 1): pid "), m);
        assertTrue(m.contains("sleep 300"), m);
        assertDead(out.resolve("scenarios/orphans/cold-1/child.pid"));
    }

    @Test
    void systemExitInARunIsReported() {
        String m = failure(definition("quitter", Misbehaving.class, 1, 0, 0, "mode", "exit-in-run")).getMessage();
        assertTrue(m.startsWith("Scenario 'quitter': the cold JVM 1 of 1 exited with status 7 during measured run 1 "
                + "of 1 without reporting an error"), m);
    }

    @Test
    void configurationProblemsAreAllReportedAtOnce() {
        ScenarioDefinition a = definition("a b", CpuWork.class, -1, 0, 0);
        ScenarioDefinition b = definition("b", CpuWork.class, 0, 0, 0);
        b.setRunTimeout("-3s");
        b.setMetrics(Arrays.asList(new MetricDefinition("records", "records/s", null, null),
                new MetricDefinition("alloc", "MB", null, true)));
        ScenarioDefinition c = definition("b", CpuWork.class, 1, 0, 0);
        ScenarioException e = assertThrows(ScenarioException.class,
                () -> ScenarioRunner.validate(Arrays.asList(a, b, c)));
        String m = e.getMessage();
        assertTrue(m.startsWith("The <scenarios> configuration has 7 problems:"), m);
        assertTrue(m.contains("scenario <id> 'a b' must be"), m);
        assertTrue(m.contains("scenario 'a b': <coldRuns>, <warmJvms>, <warmupRuns> and <warmRuns> must not be negative"), m);
        assertTrue(m.contains("scenario 'b': <coldRuns> is 0 and so is <warmRuns> or <warmJvms>, so nothing would be measured"), m);
        assertTrue(m.contains("scenario 'b': <runTimeout> '-3s' is not a positive duration"), m);
        assertTrue(m.contains("metric 'records' needs <direction>higher</direction>"), m);
        assertTrue(m.contains("metric 'alloc' is measured by the plugin in B; remove <unit>"), m);
        assertTrue(m.contains("scenario id 'b' is used twice"), m);
    }

    @Test
    void aScenarioNamesEitherAClassOrOneExistingTest() {
        ScenarioDefinition test = definition("wordcount", CpuWork.class, 1, 0, 0);
        test.setClassName(null);
        test.setTest(" org.apache.tez.test.TestExternalTezServices#testOrderedWordCount ");
        assertTrue(test.validate().isEmpty(), test.validate()::toString);
        assertTrue(test.isTest());
        assertEquals("org.apache.tez.test.TestExternalTezServices#testOrderedWordCount", test.measuredCode());
        assertEquals("org.apache.tez.test.TestExternalTezServices#testOrderedWordCount",
                ScenarioRunner.settingsOf(test).get("perf.scenario.wordcount.test"));
        assertFalse(ScenarioRunner.settingsOf(test).containsKey("perf.scenario.wordcount.className"));

        ScenarioDefinition both = definition("both", CpuWork.class, 1, 0, 0);
        both.setTest("com.acme.FooTest#job");
        assertEquals(Collections.singletonList("scenario 'both': names both <className> and <test>; keep one"),
                both.validate());
        ScenarioDefinition neither = definition("neither", CpuWork.class, 1, 0, 0);
        neither.setClassName(" ");
        assertTrue(neither.validate().get(0).endsWith("or an existing test as <test>com.acme.FooTest#testMethod</test>"),
                neither.validate()::toString);
        for (String bad : new String[] {"com.acme.FooTest", "com.acme.FooTest#", "#job", "com.acme.FooTest#job#2",
                "com.acme.FooTest#job()", "com.acme.FooTest#job[1]"}) {
            ScenarioDefinition d = definition("bad", CpuWork.class, 1, 0, 0);
            d.setClassName(null);
            d.setTest(bad);
            assertEquals(Collections.singletonList("scenario 'bad': <test> '" + bad + "' must name a test class and"
                    + " one of its methods, as Surefire's -Dtest does: com.acme.FooTest#testMethod"), d.validate());
        }
    }

    private static void assertDead(Path pidFile) throws IOException {
        long pid = Long.parseLong(new String(Files.readAllBytes(pidFile), StandardCharsets.UTF_8).trim());
        Optional<ProcessHandle> h = ProcessHandle.of(pid);
        assertFalse(h.isPresent() && h.get().isAlive(), "child process " + pid + " is still alive");
    }
}
