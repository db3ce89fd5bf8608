package io.perfgate.gate;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.perfgate.results.BenchmarkResult;
import io.perfgate.results.Fork;
import io.perfgate.results.MetricInfo;
import io.perfgate.results.Percentiles;
import io.perfgate.stats.Direction;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ForkValuesTest {
    private static Fork fork(double iterationScore, Double p50, Double p95) {
        Map<String, Double> pct = new LinkedHashMap<>();
        if (p50 != null) {
            pct.put(Percentiles.P50, p50);
        }
        if (p95 != null) {
            pct.put(Percentiles.P95, p95);
        }
        return new Fork(new double[] {iterationScore}, pct, Collections.emptyMap());
    }

    private static BenchmarkResult result(String kind, String mode, Fork... forks) {
        BenchmarkResult.Builder b = BenchmarkResult.builder("a.B.m").kind(kind).mode(mode).unit("us/op");
        for (Fork f : forks) {
            b.addFork(f);
        }
        return b.build();
    }

    @Test
    void sampleTimeMediansAreTheForksOwnP50WhenEveryForkOfBothSidesHasOne() {
        BenchmarkResult a = result(BenchmarkResult.KIND_JMH, "sample", fork(100, 50.0, 200.0), fork(110, 51.0, 210.0));
        BenchmarkResult b = result(BenchmarkResult.KIND_JMH, "sample", fork(130, 49.0, 205.0), fork(140, 52.0, 199.0));
        ForkValues medians = ForkValues.of(a, b, Metric.MEDIAN);
        assertArrayEquals(new double[] {50, 51}, medians.baseline());
        assertArrayEquals(new double[] {49, 52}, medians.candidate());
        assertArrayEquals(new double[] {200, 210}, ForkValues.of(a, b, Metric.P95).baseline());
        // the report draws a benchmark new since the baseline from the one side it has
        assertArrayEquals(new double[] {49, 52}, ForkValues.of(null, b, Metric.MEDIAN).candidate());
    }

    @Test
    void oneForkWithoutP50PutsBothSidesOnTheIterationMedian() {
        BenchmarkResult a = result(BenchmarkResult.KIND_JMH, "sample", fork(100, 50.0, 200.0), fork(110, null, null));
        BenchmarkResult b = result(BenchmarkResult.KIND_JMH, "sample", fork(130, 49.0, 205.0), fork(140, 52.0, 199.0));
        assertFalse(ForkValues.medianFromP50(a, b));
        ForkValues medians = ForkValues.of(a, b, Metric.MEDIAN);
        assertArrayEquals(new double[] {100, 110}, medians.baseline());
        assertArrayEquals(new double[] {130, 140}, medians.candidate());
    }

    @Test
    void aScenarioRunsMedianIsItsWallTimeEvenWhenItRecordedLatencies() {
        BenchmarkResult a = result(BenchmarkResult.KIND_SCENARIO, "ss", fork(19000, 3.0, 9.0), fork(19500, 3.1, 9.2));
        assertFalse(ForkValues.medianFromP50(a, a));
        assertArrayEquals(new double[] {19000, 19500}, ForkValues.of(a, a, Metric.MEDIAN).baseline());
        assertArrayEquals(new double[] {9.0, 9.2}, ForkValues.of(a, a, Metric.P95).baseline());
    }

    @Test
    void unusableValuesAreLeftOutButZeroAllocationIsKept() {
        Fork zeroAlloc = new Fork(new double[] {5}, Collections.emptyMap(),
                Collections.singletonMap(MetricInfo.ALLOCATION, new double[] {0, 0, 0}));
        Fork broken = new Fork(new double[] {Double.NaN}, Collections.emptyMap(), Collections.emptyMap());
        BenchmarkResult r = result(BenchmarkResult.KIND_JMH, "avgt", zeroAlloc, broken);
        assertArrayEquals(new double[] {5}, ForkValues.of(r, r, Metric.MEDIAN).baseline());
        assertArrayEquals(new double[] {0}, ForkValues.of(r, r, Metric.ALLOCATION).baseline());
    }

    @Test
    void aRulesDirectionWinsOverTheInferredOne() throws InvalidSettingException {
        BenchmarkResult time = result(BenchmarkResult.KIND_JMH, "avgt", fork(1, null, null));
        assertEquals(Direction.LOWER_IS_BETTER, ForkValues.direction(GateSettings.defaults().forBenchmark("a.B.m"),
                time));
        GateSettings flipped = GateSettings.builder().rules(Collections.singletonList(rule())).build();
        assertEquals(Direction.HIGHER_IS_BETTER, ForkValues.direction(flipped.forBenchmark("a.B.m"), time));
        assertTrue(ForkValues.of(null, null, Metric.MEDIAN).baseline().length == 0);
    }

    private static BenchmarkRule rule() {
        BenchmarkRule r = new BenchmarkRule().pattern("a.B.*");
        r.setDirection("higher");
        return r;
    }
}
