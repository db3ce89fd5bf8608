package io.perfgate.gate;

import static io.perfgate.testing.Results.around;
import static io.perfgate.testing.Results.avgt;
import static io.perfgate.testing.Results.sample;
import static io.perfgate.testing.Results.times;
import static io.perfgate.testing.Results.withAlloc;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.perfgate.results.BenchmarkResult;
import io.perfgate.results.Fork;
import io.perfgate.results.MetricInfo;
import io.perfgate.stats.Direction;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Which metrics a pair is judged on and which are only shown with why: the list the gate's verdict and
 * {@code perf:compare}'s stop rule both read.
 */
class JudgedMetricsTest {
    private static final double[] MEDIANS = around(100, 0.02, 5, 3);
    private static final double[] BYTES = {4016, 4016, 4016, 4016, 4016};

    private static JudgedMetrics judged(BenchmarkResult base, BenchmarkResult cur, GateSettings settings) {
        BenchmarkPairing pairing = BenchmarkPairing.of(Collections.singletonList(base), Collections.singletonList(cur),
                settings);
        assertEquals(1, pairing.pairs().size());
        return JudgedMetrics.of(pairing.pairs().get(0));
    }

    private static JudgedMetrics judged(BenchmarkResult base, BenchmarkResult cur) {
        return judged(base, cur, GateSettings.defaults());
    }

    private static List<String> names(JudgedMetrics m) {
        List<String> names = new ArrayList<>();
        m.judged().forEach(j -> names.add(j.name()));
        return names;
    }

    @Test
    void anAverageTimeBenchmarkIsJudgedOnItsMedianAndSaysWhyNotOnItsP95() {
        JudgedMetrics m = judged(avgt("a.Codec.encode", MEDIANS), avgt("a.Codec.encode", times(MEDIANS, 1.1)));

        assertEquals(Collections.singletonList("median"), names(m));
        JudgedMetrics.Judged median = m.judged().get(0);
        assertTrue(median.tested());
        assertEquals("ns/op", median.unit());
        assertEquals(Direction.LOWER_IS_BETTER, median.direction());
        assertEquals(GateSettings.defaults().medianFail(), median.thresholds().fail(), 1e-12);
        assertArrayEquals(times(MEDIANS, 1.1), median.values().candidate(), 1e-9);

        assertEquals(1, m.notGated().size());
        NotGated p95 = m.notGated().get(0);
        assertEquals(Metric.P95, p95.metric());
        assertEquals("avgt mode records no latency distribution; use Mode.SampleTime to gate the p95", p95.reason());
        assertEquals(NotGated.Spread.FORK_SCORES, p95.spread().of(), "the p95 of the fork scores is still shown");
    }

    @Test
    void aSampleTimeBenchmarkIsJudgedOnItsMedianAndItsP95() {
        double[] p95s = times(MEDIANS, 3);
        JudgedMetrics m = judged(sample("a.Codec.encode", MEDIANS, p95s), sample("a.Codec.encode", MEDIANS, p95s));

        assertEquals(Arrays.asList("median", "p95"), names(m));
        assertEquals(GateSettings.defaults().p95Fail(), m.judged().get(1).thresholds().fail(), 1e-12);
        assertArrayEquals(p95s, m.judged().get(1).values().baseline(), 1e-9);
        assertTrue(m.notGated().isEmpty());
    }

    @Test
    void allocationIsJudgedByTheToleranceWhenBothSidesMeasuredIt() {
        JudgedMetrics m = judged(withAlloc("a.Codec.encode", MEDIANS, BYTES),
                withAlloc("a.Codec.encode", MEDIANS, BYTES));

        assertEquals(Arrays.asList("median", "alloc"), names(m));
        JudgedMetrics.Judged alloc = m.judged().get(1);
        assertFalse(alloc.tested(), "allocation is judged by a tolerance, not by the shift test");
        assertNull(alloc.thresholds());
        assertEquals("B/op", alloc.unit());
        assertEquals(Direction.LOWER_IS_BETTER, alloc.direction());
    }

    @Test
    void allocationMeasuredOnOneSideOnlySaysHowToMeasureIt() {
        JudgedMetrics m = judged(withAlloc("a.Codec.encode", MEDIANS, BYTES), avgt("a.Codec.encode", MEDIANS));

        assertEquals(Collections.singletonList("median"), names(m));
        NotGated alloc = m.notGated().get(1);
        assertEquals(Metric.ALLOCATION, alloc.metric());
        assertEquals("only the baseline measured gc.alloc.rate.norm; run both with the gc profiler (-prof gc)",
                alloc.reason());
    }

    @Test
    void allocationInSampleModeIsNotGatedForTheHarnessAllocates() {
        BenchmarkResult s = sample("a.Codec.encode", MEDIANS, times(MEDIANS, 3));
        BenchmarkResult.Builder b = s.toBuilder().forks(Collections.emptyList())
                .secondaryMetric(MetricInfo.ALLOCATION, new MetricInfo("B/op", Direction.LOWER_IS_BETTER));
        for (Fork f : s.forks()) {
            Map<String, double[]> sec = new LinkedHashMap<>();
            sec.put(MetricInfo.ALLOCATION, new double[] {40, 40, 40});
            b.addFork(new Fork(f.primary(), f.percentiles(), sec));
        }
        BenchmarkResult withAllocation = b.build();

        JudgedMetrics m = judged(withAllocation, withAllocation);

        assertEquals(Arrays.asList("median", "p95"), names(m));
        assertEquals(1, m.notGated().size());
        assertTrue(m.notGated().get(0).reason().startsWith("in sample mode gc.alloc.rate.norm includes JMH's own"
                + " sampling allocations"), m.notGated().get(0).reason());
    }

    @Test
    void aRulesDirectionIsTheDirectionJudged() throws Exception {
        GateSettings higher = GateSettings.builder()
                .rules(Collections.singletonList(new BenchmarkRule().pattern("Codec").direction("higher"))).build();
        JudgedMetrics m = judged(avgt("a.Codec.encode", MEDIANS), avgt("a.Codec.encode", MEDIANS), higher);
        assertEquals(Direction.HIGHER_IS_BETTER, m.judged().get(0).direction());
    }

    /** A scenario's secondary metrics: the gated ones judged at the median's limits, the others never. */
    @Test
    void aScenarioIsJudgedOnTheSecondaryMetricsItDeclaresGated() {
        BenchmarkResult scenario = scenario(new MetricInfo("requests", Direction.HIGHER_IS_BETTER, true),
                new MetricInfo("ms", Direction.LOWER_IS_BETTER, false));

        JudgedMetrics m = judged(scenario, scenario);

        assertEquals(Arrays.asList("median", "requests"), names(m), "checksum is not declared gated");
        JudgedMetrics.Judged requests = m.judged().get(1);
        assertEquals(Metric.SECONDARY, requests.metric());
        assertTrue(requests.tested());
        assertEquals(Direction.HIGHER_IS_BETTER, requests.direction());
        assertEquals(GateSettings.defaults().medianFail(), requests.thresholds().fail(), 1e-12);
        assertArrayEquals(new double[] {100, 101, 102, 103, 104}, requests.values().candidate(), 1e-9);
        assertEquals(1, m.notGated().size());
        assertEquals("10 of 10 runs recorded fewer than 72 latencies; record more latencies per run to gate the p95",
                m.notGated().get(0).reason(), "the runs of both sides");
    }

    private static BenchmarkResult scenario(MetricInfo requests, MetricInfo checksum) {
        BenchmarkResult.Builder b = BenchmarkResult.builder("ingest").kind(BenchmarkResult.KIND_SCENARIO)
                .params(Collections.singletonMap("runs", "warm")).mode("ss").unit("ms")
                .secondaryMetric("requests", requests).secondaryMetric("checksum", checksum);
        for (int run = 0; run < 5; run++) {
            Map<String, double[]> sec = new LinkedHashMap<>();
            sec.put("requests", new double[] {100 + run});
            sec.put("checksum", new double[] {7});
            b.addFork(new Fork(new double[] {800 + run}, Collections.emptyMap(), sec));
        }
        return b.build();
    }
}
