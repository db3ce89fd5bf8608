package io.perfgate.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.perfgate.jmh.BenchmarkListReader;
import io.perfgate.jmh.JmhOptions;
import io.perfgate.jmh.JmhRunHeader;
import io.perfgate.jmh.RunPlan;
import io.perfgate.results.BenchmarkResult;
import io.perfgate.results.Fork;
import io.perfgate.testing.LogLines;
import java.nio.file.Paths;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.Collections;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class ProgressLogTest {

    @Test
    void logsEachForkAndScalesTheEstimateByMeasuredForks() throws Exception {
        // ThroughputFixture with 2 forks and the plugin's defaults: 0.8 s start + 3 x 1 s + 10 x 500 ms = 8.8 s a fork.
        RunPlan plan = RunPlan.create(JmhOptions.builder().includes("ThroughputFixture").forks("2").build(),
                BenchmarkListReader.read(Paths.get("target", "test-classes", "META-INF", "BenchmarkList")));
        AtomicLong now = new AtomicLong();
        Clock clock = Clock.fixed(Instant.parse("2025-01-01T12:00:00Z"), ZoneOffset.UTC);
        LogLines log = new LogLines();
        ProgressLog progress = new ProgressLog(plan, log, clock, now::get);
        assertEquals("18 s (ends about 12:00)", progress.estimate(plan.expected()));

        JmhRunHeader run = new JmhRunHeader("io.perfgate.jmh.fixtures.ThroughputFixture.concat", "Throughput, ops/time",
                Collections.emptyMap());
        progress.benchmarkStarting(plan.benchmarks().get(0));
        progress.forkStarted(run, 1, 2, false);
        now.addAndGet(Duration.ofMillis(17_600).toNanos()); // twice as slow as expected
        progress.forkFinished(run, 1, 2, false, new double[] {2_000_000.4, 2_640_073.6, 2_500_000}, "ops/s");
        progress.forkStarted(run, 2, 2, false);
        now.addAndGet(Duration.ofMillis(8_800).toNanos());
        progress.forkFinished(run, 2, 2, false, new double[] {42.125}, "ops/s");

        assertEquals(Arrays.asList(
                "[INFO] [1/2] ThroughputFixture.concat thrpt: fork 1 of 2 started",
                "[INFO] [1/2] ThroughputFixture.concat thrpt: fork 1 of 2 done in 18 s: 2,500,000 ops/s (median of 3"
                        + " iterations); 1 fork left, ETA 18 s (about 12:00)",
                "[INFO] [2/2] ThroughputFixture.concat thrpt: fork 2 of 2 started",
                "[INFO] [2/2] ThroughputFixture.concat thrpt: fork 2 of 2 done in 8.8 s: 42.13 ops/s (median of 1"
                        + " iteration); 0 forks left, ETA 0 s (about 12:00)"), log.lines());

        // the results of that run get each fork's wall time, in order, for the next run's shards and budget
        BenchmarkResult.Builder concat = BenchmarkResult.builder("io.perfgate.jmh.fixtures.ThroughputFixture.concat")
                .mode(BenchmarkResult.MODE_THROUGHPUT).unit("ops/s");
        concat.addFork(new Fork(new double[] {2_500_000}, Collections.emptyMap(), Collections.emptyMap()));
        concat.addFork(new Fork(new double[] {42.125}, Collections.emptyMap(), Collections.emptyMap()));
        BenchmarkResult timed = progress.withForkSeconds(concat.build());
        assertEquals(17.6, timed.forks().get(0).seconds(), 1e-9);
        assertEquals(8.8, timed.forks().get(1).seconds(), 1e-9);
        assertEquals(2_500_000, timed.forks().get(0).primary()[0]);

        // forks this log did not see one for one (another mode here) are left without times, not given wrong ones
        BenchmarkResult other = concat.mode(BenchmarkResult.MODE_AVERAGE_TIME).build();
        assertTrue(Double.isNaN(progress.withForkSeconds(other).forks().get(0).seconds()));
    }

    @Test
    void scoresAreMediansToFourSignificantDigits() {
        assertEquals("12.35", ProgressLog.score(new double[] {12.3456}));
        assertEquals("0.001235", ProgressLog.score(new double[] {0.0012345}));
        assertEquals("3", ProgressLog.score(new double[] {1, 5, 3}));
        assertEquals("12,346", ProgressLog.score(new double[] {12_345.6}));
        assertEquals("n/a", ProgressLog.score(new double[] {Double.NaN}));
    }
}
