package io.perfgate.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.perfgate.config.PerfProperties;
import io.perfgate.results.BenchmarkResult;
import io.perfgate.results.Fork;
import io.perfgate.results.PerfResults;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class ForkTimesTest {
    private static final String AVGT = "io.perfgate.jmh.fixtures.AverageTimeFixture.sumArray";
    private static final String THRPT = "io.perfgate.jmh.fixtures.ThroughputFixture.concat";

    private static RunPlan plan;

    @BeforeAll
    static void plan() throws Exception {
        List<BenchmarkEntry> entries = BenchmarkListReader.read(Paths.get("target", "test-classes", "META-INF",
                "BenchmarkList")).stream().filter(e -> e.userClass().startsWith("io.perfgate.jmh.fixtures."))
                .collect(Collectors.toList());
        plan = RunPlan.create(JmhOptions.builder().includes(AVGT + "," + THRPT).build(), entries);
    }

    private static PlannedBenchmark planned(String name) {
        return plan.benchmarks().stream().filter(b -> b.name().equals(name)).findFirst().get();
    }

    private static Fork fork(double seconds) {
        return new Fork(new double[] {1.0}, Collections.emptyMap(), Collections.emptyMap(), seconds);
    }

    /** A baseline as perf:run writes it: this plan's settings, and the forks of AVGT with their wall times. */
    private static PerfResults recorded(Map<String, String> settings, double... seconds) {
        BenchmarkResult.Builder avgt = BenchmarkResult.builder(AVGT).mode("avgt").unit("us/op");
        for (double s : seconds) {
            avgt.addFork(fork(s));
        }
        return PerfResults.builder().createdAt("2026-11-27T06:00:00Z").toolVersion("test").settings(settings)
                .addBenchmark(avgt.build()).build();
    }

    /**
     * The median recorded fork, times every fork the plan runs of the benchmark (parameter sets, modes, warmup
     * forks): a fork whose set-up takes 30 s weighs 30 s, whatever its iterations add up to.
     */
    @Test
    void aRecordedBenchmarkWeighsItsMedianForkTimesItsPlannedForks() {
        ForkTimes times = ForkTimes.recordedIn(recorded(plan.settings(), 31, 29, 30, 300, 30), "src/perf/baseline.json");
        PlannedBenchmark avgt = planned(AVGT);

        assertTrue(times.applies(plan));
        assertEquals(Duration.ofSeconds(30), times.fork(plan, avgt));
        assertEquals(Duration.ofSeconds(30).multipliedBy((long) avgt.runs() * avgt.forksPerRun()),
                times.expected(plan, avgt));
        assertTrue(times.expected(plan, avgt).compareTo(avgt.expected()) > 0, "recorded forks outweigh the plan");
    }

    @Test
    void aBenchmarkTheFileDoesNotHoldWeighsItsPlan() {
        ForkTimes times = ForkTimes.recordedIn(recorded(plan.settings(), 30), "src/perf/baseline.json");
        PlannedBenchmark thrpt = planned(THRPT);

        assertEquals(thrpt.expectedFork(), times.fork(plan, thrpt));
        assertEquals(thrpt.expected(), times.expected(plan, thrpt));
        assertEquals("Fork times: 1 of 2 benchmarks as recorded in src/perf/baseline.json, the others as planned",
                times.describe(plan));
    }

    /** Forks recorded with other iterations ran another length: the plan decides, and the log says why. */
    @Test
    void forksRecordedWithAnotherForkLengthAreNotUsed() {
        Map<String, String> other = new LinkedHashMap<>(plan.settings());
        other.put(PerfProperties.MEASUREMENT_ITERATIONS, "50");
        ForkTimes times = ForkTimes.recordedIn(recorded(other, 30), "src/perf/baseline.json");
        PlannedBenchmark avgt = planned(AVGT);

        assertFalse(times.applies(plan));
        assertEquals(avgt.expected(), times.expected(plan, avgt));
        assertEquals("Fork times: as planned; the forks recorded in src/perf/baseline.json ran with another fork"
                + " length (" + PerfProperties.MEASUREMENT_ITERATIONS + " 50 there, "
                + plan.settings().get(PerfProperties.MEASUREMENT_ITERATIONS) + " here)", times.describe(plan));
    }

    /** A baseline written before fork times were recorded (or by scenarios only) changes nothing and says nothing. */
    @Test
    void withoutRecordedForkTimesEverythingIsAsPlanned() {
        ForkTimes times = ForkTimes.recordedIn(recorded(plan.settings(), Double.NaN, Double.NaN), "old.json");
        assertFalse(times.applies(plan));
        assertEquals(planned(AVGT).expected(), times.expected(plan, planned(AVGT)));
        assertNull(times.describe(plan));
        assertNull(ForkTimes.none().describe(plan));
    }
}
