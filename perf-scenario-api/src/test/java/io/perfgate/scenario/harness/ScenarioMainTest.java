package io.perfgate.scenario.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.perfgate.scenario.Scenario;
import io.perfgate.scenario.ScenarioContext;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.CountDownLatch;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ScenarioMainTest {
    @TempDir
    Path dir;

    private final ByteArrayOutputStream output = new ByteArrayOutputStream();

    public static class Counting implements Scenario {
        static int tearDowns;

        @Override
        public void setUp(ScenarioContext ctx) {
            ctx.parameter("size");
        }

        @Override
        public void run(ScenarioContext ctx) {
            int size = ctx.intParameter("size", 0);
            for (int i = 0; i < size; i++) {
                ctx.recordLatencyNanos(1_000_000L + i * 1000L);
            }
            ctx.recordMetric("records", size);
            ctx.addToMetric("batches", 1);
            ctx.addToMetric("batches", 2);
        }

        @Override
        public void tearDown(ScenarioContext ctx) {
            tearDowns++;
        }
    }

    public static class FailingSetUp implements Scenario {
        static boolean tornDown;

        @Override
        public void setUp(ScenarioContext ctx) {
            throw new IllegalStateException("cluster did not start");
        }

        @Override
        public void run(ScenarioContext ctx) {
            throw new AssertionError("must not run after a failed set-up");
        }

        @Override
        public void tearDown(ScenarioContext ctx) {
            tornDown = true;
        }
    }

    public static class MetricInSetUp extends Counting {
        @Override
        public void setUp(ScenarioContext ctx) {
            ctx.recordMetric("records", 1);
        }
    }

    public static class FailingSecondRun extends Counting {
        private int runs;

        @Override
        public void run(ScenarioContext ctx) {
            if (++runs == 2) {
                throw new RuntimeException("lost a node");
            }
        }
    }

    public static class LeavesProcess implements Scenario {
        static Process child;

        @Override
        public void setUp(ScenarioContext ctx) throws IOException {
            child = new ProcessBuilder("sleep", "60").start();
        }

        @Override
        public void run(ScenarioContext ctx) {
        }

        @Override
        public void tearDown(ScenarioContext ctx) {
        }
    }

    public static class LeavesThread implements Scenario {
        static final CountDownLatch STOP = new CountDownLatch(1);

        @Override
        public void setUp(ScenarioContext ctx) {
            Thread t = new Thread(() -> {
                try {
                    STOP.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }, "forgotten-dispatcher");
            t.start();
        }

        @Override
        public void run(ScenarioContext ctx) {
        }

        @Override
        public void tearDown(ScenarioContext ctx) {
        }
    }

    public static class NotAScenario {
    }

    private int execute(Class<?> type, int warmup, int measured, String... params) throws IOException {
        return execute(type.getName(), warmup, measured, params);
    }

    private int execute(String className, int warmup, int measured, String... params) throws IOException {
        Properties spec = new Properties();
        spec.setProperty(Protocol.SPEC_ID, "demo");
        spec.setProperty(Protocol.SPEC_CLASS, className);
        spec.setProperty(Protocol.SPEC_WORK_DIR, dir.resolve("work").toString());
        spec.setProperty(Protocol.SPEC_RESULT_FILE, dir.resolve("result.tsv").toString());
        spec.setProperty(Protocol.SPEC_WARMUP_RUNS, Integer.toString(warmup));
        spec.setProperty(Protocol.SPEC_MEASURED_RUNS, Integer.toString(measured));
        spec.setProperty(Protocol.SPEC_THREAD_GRACE_MS, "200");
        for (int i = 0; i < params.length; i += 2) {
            spec.setProperty(Protocol.SPEC_PARAM_PREFIX + params[i], params[i + 1]);
        }
        return new ScenarioMain(new PrintStream(output, true, "UTF-8"), spec).execute();
    }

    private List<String> result() throws IOException {
        return Files.readAllLines(dir.resolve("result.tsv"), StandardCharsets.UTF_8);
    }

    private List<String> records(String name) throws IOException {
        return result().stream().filter(l -> l.startsWith(name + "\t") || l.equals(name)).collect(Collectors.toList());
    }

    private String out() {
        return new String(output.toByteArray(), StandardCharsets.UTF_8);
    }

    @Test
    void recordsWarmupAndMeasuredRunsWithMetricsAndLatencies() throws IOException {
        Counting.tearDowns = 0;
        assertEquals(0, execute(Counting.class, 1, 2, "size", "100"));

        List<String> runs = records("run");
        assertEquals(3, runs.size(), runs::toString);
        assertTrue(runs.get(0).startsWith("run\twarmup\t1\twall-ms="), runs.get(0));
        assertTrue(runs.get(2).startsWith("run\tmeasured\t2\twall-ms="), runs.get(2));
        assertTrue(runs.get(1).contains("\tlatency-count=100\t"), runs.get(1));
        // type 7 over 1.000, 1.001, ... 1.099 ms: p95 at h = 94.05
        assertTrue(runs.get(1).contains("\tlatency-p0.95=1.09405"), runs.get(1));
        assertTrue(runs.get(1).contains("\tgc-count="), runs.get(1));
        assertTrue(runs.get(1).contains("\theap-peak-bytes="), runs.get(1));
        assertTrue(records("metric").contains("metric\tmeasured\t1\tbatches\t3.0"), result()::toString);
        assertTrue(records("metric").contains("metric\tmeasured\t2\trecords\t100.0"), result()::toString);
        assertEquals(1, records("setup-ms").size());
        assertEquals(1, records("teardown-ms").size());
        assertEquals(java.util.Collections.singletonList("end"), records("end"));
        assertTrue(records("error").isEmpty());
        assertEquals(1, Counting.tearDowns);
        assertTrue(out().contains("##perf-scenario## phase name=run kind=measured index=2 of=2"), out());
        assertTrue(out().contains("##perf-scenario## run-done kind=measured index=2 of=2 wall-ms="), out());
        assertTrue(Files.isDirectory(dir.resolve("work")));
    }

    @Test
    void aFailedSetUpIsRecordedWithItsPhaseAndStillTearsDown() throws IOException {
        FailingSetUp.tornDown = false;
        assertEquals(Protocol.EXIT_SCENARIO_FAILED, execute(FailingSetUp.class, 0, 1));
        assertEquals(java.util.Collections.singletonList("error\tsetup\t\tjava.lang.IllegalStateException: cluster did not start"),
                records("error"));
        assertTrue(records("run").isEmpty());
        assertTrue(records("setup-ms").isEmpty());
        assertTrue(FailingSetUp.tornDown);
        assertTrue(out().contains("##perf-scenario## error phase=setup"), out());
        assertTrue(out().contains("at " + FailingSetUp.class.getName() + ".setUp"), "stack trace in the log");
    }

    @Test
    void aFailedRunNamesTheRunAndKeepsTheEarlierOnes() throws IOException {
        assertEquals(Protocol.EXIT_SCENARIO_FAILED, execute(FailingSecondRun.class, 0, 3, "size", "1"));
        assertEquals(1, records("run").size());
        assertEquals(java.util.Collections.singletonList("error\trun\tmeasured run 2 of 3\tjava.lang.RuntimeException: lost a node"),
                records("error"));
    }

    @Test
    void aMissingRequiredParameterFailsSetUpNamingIt() throws IOException {
        assertEquals(Protocol.EXIT_SCENARIO_FAILED, execute(Counting.class, 0, 1));
        String error = records("error").get(0);
        assertTrue(error.contains("needs the parameter 'size'"), error);
    }

    @Test
    void metricsOutsideARunAreRefused() throws IOException {
        assertEquals(Protocol.EXIT_SCENARIO_FAILED, execute(MetricInSetUp.class, 0, 1, "size", "1"));
        String error = records("error").get(0);
        assertTrue(error.startsWith("error\tsetup\t"), error);
        assertTrue(error.contains("only possible inside Scenario.run"), error);
    }

    @Test
    void aMissingClassIsALoadError() throws IOException {
        assertEquals(Protocol.EXIT_SCENARIO_FAILED, execute("com.example.NoSuchScenario", 0, 1));
        String error = records("error").get(0);
        assertTrue(error.startsWith("error\tload\t\tclass com.example.NoSuchScenario is not on the scenario classpath"),
                error);
    }

    @Test
    void aClassThatIsNoScenarioIsALoadError() throws IOException {
        assertEquals(Protocol.EXIT_SCENARIO_FAILED, execute(NotAScenario.class, 0, 1));
        assertTrue(records("error").get(0).endsWith("does not implement io.perfgate.scenario.Scenario"),
                records("error").get(0));
    }

    @Test
    void nonDaemonThreadsLeftAfterTearDownAreListedByName() throws IOException {
        try {
            assertEquals(Protocol.EXIT_LEFTOVER_THREADS, execute(LeavesThread.class, 0, 1));
            List<String> left = records("leftover-thread");
            assertEquals(1, left.size(), left::toString);
            assertTrue(left.get(0).startsWith("leftover-thread\tforgotten-dispatcher\tWAITING\t"), left.get(0));
            assertTrue(out().contains("left 1 non-daemon thread(s) running"), out());
            assertEquals(1, records("run").size(), "the runs themselves completed");
        } finally {
            LeavesThread.STOP.countDown();
        }
    }

    @Test
    void childProcessesAliveAtExitAreRecordedSoTheParentCanKillThem() throws Exception {
        assertEquals(0, execute(Counting.class, 0, 1, "size", "1"));
        assertTrue(records("child-process").isEmpty(), "a tidy scenario leaves none");
        try {
            int status = execute(LeavesProcess.class, 0, 1);
            assertEquals(0, status, "a left child is the parent's to judge: " + out());
            List<String> children = records("child-process");
            assertEquals(1, children.size(), children::toString);
            Long.parseLong(children.get(0).split("\t")[1]);
        } finally {
            LeavesProcess.child.destroyForcibly().waitFor();
        }
    }

    @Test
    void latencyQuantilesAreType7() {
        long[] sorted = {10, 20, 30, 40};
        assertEquals(10.0, LatencyBuffer.quantile(sorted, 0.0));
        assertEquals(25.0, LatencyBuffer.quantile(sorted, 0.5));
        assertEquals(38.5, LatencyBuffer.quantile(sorted, 0.95));
        assertTrue(Double.isNaN(LatencyBuffer.quantile(new long[0], 0.5)));
    }

    @Test
    void metricNamesAreChecked() {
        assertTrue(Protocol.isValidMetricName("hdfs.bytes_read-total"));
        assertFalse(Protocol.isValidMetricName("bad name"));
        assertFalse(Protocol.isValidMetricName("tab\tname"));
        assertFalse(Protocol.isValidMetricName(""));
    }
}
