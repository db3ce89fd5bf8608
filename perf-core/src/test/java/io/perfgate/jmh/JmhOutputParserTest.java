package io.perfgate.jmh;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.perfgate.testing.Golden;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Real JMH 1.37 output (see src/test/resources/jmh/README.md) turned into progress events. */
class JmhOutputParserTest {

    /** Records events as readable lines. */
    static final class Recorder implements JmhProgressListener {
        final List<String> events = new ArrayList<>();
        final List<double[]> scores = new ArrayList<>();

        @Override
        public void runStarted(JmhRunHeader run) {
            events.add("run " + run.benchmark() + " " + run.params() + " [" + run.mode() + "]");
        }

        @Override
        public void forkStarted(JmhRunHeader run, int fork, int forks, boolean warmup) {
            events.add((warmup ? "warmup fork " : "fork ") + fork + "/" + forks + " started: " + run.displayName());
        }

        @Override
        public void forkFinished(JmhRunHeader run, int fork, int forks, boolean warmup, double[] values, String unit) {
            events.add("fork " + fork + "/" + forks + " finished: " + values.length + " x " + unit);
            scores.add(values);
        }

        @Override
        public void failureReported(JmhRunHeader run, String line) {
            events.add("failure in " + run.displayName() + ": " + line);
        }
    }

    private static JmhOutputParser feed(String fixture, Recorder recorder, boolean end) {
        JmhOutputParser parser = new JmhOutputParser(recorder);
        for (String line : Golden.resource("jmh/output/" + fixture + ".txt").split("\r?\n")) {
            parser.line(line);
        }
        if (end) {
            parser.end();
        }
        return parser;
    }

    @Test
    void followsRunsForksAndIterations() {
        Recorder r = new Recorder();
        JmhOutputParser parser = feed("avgt-params-gc", r, true);
        String avgt = "io.perfgate.jmh.fixtures.AverageTimeFixture.sumArray";
        assertEquals(Arrays.asList(
                "run " + avgt + " {kind=sum, size=16} [Average time, time/op]",
                "fork 1/2 started: AverageTimeFixture.sumArray (kind=sum, size=16)",
                "fork 1/2 finished: 3 x ns/op",
                "fork 2/2 started: AverageTimeFixture.sumArray (kind=sum, size=16)",
                "fork 2/2 finished: 3 x ns/op",
                "run " + avgt + " {kind=sum, size=128} [Average time, time/op]",
                "fork 1/2 started: AverageTimeFixture.sumArray (kind=sum, size=128)",
                "fork 1/2 finished: 3 x ns/op",
                "fork 2/2 started: AverageTimeFixture.sumArray (kind=sum, size=128)",
                "fork 2/2 finished: 3 x ns/op"), r.events);
        // As printed, rounded to 3 decimals; the JSON holds 40.13756860242019, 16.296226294337483, 14.894491517979144.
        assertArrayEquals(new double[] {40.138, 16.296, 14.894}, r.scores.get(0), 1e-9);
        assertNull(parser.failure());
    }

    /** Collects each fork's warm-up as the parser hands it on. */
    static final class WarmupRecorder implements JmhProgressListener {
        final List<ForkWarmup> warmups = new ArrayList<>();
        final List<double[]> scores = new ArrayList<>();

        @Override
        public void forkFinished(JmhRunHeader run, int fork, int forks, boolean warmup, double[] values, String unit,
                ForkWarmup warmupIterations) {
            warmups.add(warmupIterations);
            scores.add(values);
        }
    }

    @Test
    void warmupIterationsOfEachForkAreKeptWithTheirIterationTime() {
        WarmupRecorder r = new WarmupRecorder();
        JmhOutputParser parser = new JmhOutputParser(r);
        for (String line : Golden.resource("jmh/output/avgt-params-gc.txt").split("\r?\n")) {
            parser.line(line);
        }
        parser.end();
        assertEquals(4, r.warmups.size());
        // "# Warmup Iteration   1: 16.252 ns/op" and "# Warmup Iteration   1: 20.930 ns/op" of the size=16 forks
        assertArrayEquals(new double[] {16.252}, r.warmups.get(0).values(), 1e-9);
        assertArrayEquals(new double[] {20.930}, r.warmups.get(1).values(), 1e-9);
        assertEquals(0.1, r.warmups.get(0).seconds(), 1e-12, "# Warmup: 1 iterations, 100 ms each");
        // 16.252 lies within the fork's measurement 14.894 .. 40.138: steady from its first warm-up iteration
        assertEquals(new io.perfgate.results.Fork.Warmup(1, 0.1, 1), r.warmups.get(0).record(r.scores.get(0)));
    }

    @Test
    void aLongerWarmupIsReadIterationByIterationAndSingleShotHasNoTime() {
        WarmupRecorder r = new WarmupRecorder();
        JmhOutputParser parser = new JmhOutputParser(r);
        for (String line : Arrays.asList("# JMH version: 1.37", "# Warmup: 4 iterations, 250 ms each",
                "# Measurement: 3 iterations, 500 ms each", "# Benchmark mode: Average time, time/op",
                "# Benchmark: a.B.m", "# Fork: 1 of 1", "# Warmup Iteration   1: 2409.133 ns/op",
                "# Warmup Iteration   2: 310.501 ns/op", "# Warmup Iteration   3: 101.027 ns/op",
                "# Warmup Iteration   4: 99.874 ns/op", "Iteration   1: 100.113 ns/op", "Iteration   2: 99.412 ns/op",
                "Iteration   3: 100.650 ns/op", "", "# JMH version: 1.37", "# Warmup: 2 iterations, 100 ms each",
                "# Measurement: 3 iterations, 100 ms each", "# Benchmark mode: Single shot invocation time",
                "# Benchmark: a.B.once", "# Fork: 1 of 1", "# Warmup Iteration   1: 5665.184 us/op",
                "# Warmup Iteration   2: 2332.400 us/op", "Iteration   1: 2656.658 us/op")) {
            parser.line(line);
        }
        parser.end();
        ForkWarmup avgt = r.warmups.get(0);
        assertArrayEquals(new double[] {2409.133, 310.501, 101.027, 99.874}, avgt.values(), 1e-9);
        assertEquals(1.0, avgt.seconds(), 1e-12);
        assertArrayEquals(new double[] {100.113, 99.412, 100.650}, r.scores.get(0), 1e-9, "measurement kept apart");
        assertEquals(3, avgt.settling(r.scores.get(0)).steadyFrom());
        assertEquals(2, r.warmups.get(1).iterations());
        assertTrue(Double.isNaN(r.warmups.get(1).seconds()), "a single-shot iteration is one call, not 100 ms");
    }

    @Test
    void sampleModeScoresAreTheIterationMeans() {
        Recorder r = new Recorder();
        feed("sample-and-ss", r, true);
        assertArrayEquals(new double[] {156.122, 209.179, 149.423}, r.scores.get(0), 1e-9);
        assertTrue(r.events.contains("run io.perfgate.jmh.fixtures.SampleTimeFixture.burn {} [Single shot invocation"
                + " time]"), r.events.toString());
    }

    @Test
    void anExceptionIsAFailureWhoseReportEndsWithTheNextFork() {
        Recorder r = new Recorder();
        JmhOutputParser parser = new JmhOutputParser(r);
        String[] lines = Golden.resource("jmh/output/failure-throwsLater.txt").split("\r?\n");
        int i = 0;
        while (parser.failure() == null) {
            parser.line(lines[i++]);
        }
        assertEquals("# Warmup Iteration   1: <failure>", parser.failure());
        assertFalse(parser.failureReportComplete(), "the stack trace is still to come");
        while (!parser.failureReportComplete()) {
            parser.line(lines[i++]);
        }
        assertEquals("# Run progress: 50.00% complete, ETA 00:00:01", lines[i - 1]);
        assertTrue(r.events.contains("failure in Crash.throwsLater: # Warmup Iteration   1: <failure>"), r.events.toString());
        assertFalse(r.events.stream().anyMatch(e -> e.contains("finished")), "a failed fork does not finish");
    }

    @Test
    void systemExitAndOutOfMemoryAreFailures() {
        JmhOutputParser exits = feed("failure-exits", new Recorder(), false);
        assertTrue(exits.failure().contains("VM prematurely exited"), exits.failure());
        assertTrue(exits.failureReportComplete());
        JmhOutputParser oom = feed("failure-oom", new Recorder(), false);
        assertEquals("<forked VM failed with exit code 1>", oom.failure());
        assertTrue(oom.failureReportComplete());
    }

    @Test
    void failOnErrorStopIsAFailure() {
        JmhOutputParser foe = feed("failure-foe", new Recorder(), true);
        assertEquals("# Warmup Iteration   1: <failure>", foe.failure());
    }

    @Test
    void parametersAreSplitAtTheirNames() {
        Map<String, String> params = JmhOutputParser.parseParams("kind = a, b, size = 16, text = x = y");
        assertEquals("a, b", params.get("kind"));
        assertEquals("16", params.get("size"));
        assertEquals("x = y", params.get("text"));
    }

    @Test
    void scoresInOtherLocalesAndTinyScoresAreRead() {
        Recorder r = new Recorder();
        JmhOutputParser parser = new JmhOutputParser(r);
        parser.line("# Benchmark: a.B.m");
        parser.line("# Fork: 1 of 1");
        parser.line("Iteration   1: 12,500 ns/op");
        parser.line("Iteration   2: \u2248 10\u207b\u2074 s/op");
        parser.end();
        assertEquals(12.5, r.scores.get(0)[0], 1e-12);
        assertTrue(Double.isNaN(r.scores.get(0)[1]));
    }
}
