package io.perfgate.interleaved;

import static io.perfgate.testing.Results.around;
import static io.perfgate.testing.Results.times;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.perfgate.gate.BenchmarkRule;
import io.perfgate.gate.Gate;
import io.perfgate.gate.GateReport;
import io.perfgate.gate.GateRow;
import io.perfgate.gate.GateSettings;
import io.perfgate.gate.Metric;
import io.perfgate.results.BenchmarkId;
import io.perfgate.results.BenchmarkResult;
import io.perfgate.results.Calibration;
import io.perfgate.results.Fork;
import io.perfgate.results.MetricInfo;
import io.perfgate.results.PerfResults;
import io.perfgate.stats.Direction;
import io.perfgate.stats.Verdict;
import io.perfgate.testing.Results;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The stop rule of {@code perf:compare} and the gate must agree on which results pair, which metrics of a pair are
 * judged, and which stored calibration counts: otherwise a benchmark stops on other data than its verdict is made
 * of. Each test here feeds both the same fixtures and fails when a second copy of one of these rules disagrees.
 */
class StopRuleGateAgreementTest {
    private static final int FORKS = 6;

    private static BenchmarkResult jmh(String name, String mode, String unit, double center, long seed) {
        return Results.benchmark(name, mode, unit, around(center, 0.02, FORKS, seed)).build();
    }

    /** A scenario: one fork per run, with its p95 where {@code p95} has one, and a gated and an ungated metric. */
    private static BenchmarkResult scenario(String name, double wall, Double[] p95, double[] cpu, boolean cpuOnBase) {
        BenchmarkResult.Builder b = BenchmarkResult.builder(name).kind(BenchmarkResult.KIND_SCENARIO).mode("ss")
                .unit("ms").secondaryMetric("gcPauses", new MetricInfo("ms", Direction.LOWER_IS_BETTER));
        if (cpuOnBase) {
            b.secondaryMetric("cpu", new MetricInfo("s", Direction.LOWER_IS_BETTER, true));
        }
        double[] walls = around(wall, 0.02, FORKS, 5);
        for (int i = 0; i < FORKS; i++) {
            Map<String, Double> pct = new LinkedHashMap<>();
            if (p95 != null && p95[i] != null) {
                pct.put("p0.50", p95[i] / 2);
                pct.put("p0.95", p95[i]);
            }
            Map<String, double[]> secondary = new LinkedHashMap<>();
            secondary.put("gcPauses", new double[] {3 + i});
            if (cpuOnBase) {
                secondary.put("cpu", new double[] {cpu[i]});
            }
            b.addFork(new Fork(new double[] {walls[i]}, pct, secondary));
        }
        return b.build();
    }

    /** Both sides of every case the gate treats apart: modes, p95s, allocation, scenario metrics, rules. */
    private static List<List<BenchmarkResult>> fixtures() {
        double[] quiet = around(100, 0.02, FORKS, 1);
        Double[] allP95 = {200.0, 201.0, 199.0, 202.0, 200.0, 198.0};
        Double[] someP95 = {200.0, null, 199.0, 202.0, null, 198.0};
        double[] cpu = around(2, 0.02, FORKS, 3);
        List<BenchmarkResult> base = Arrays.asList(
                // one benchmark in two modes: two pairs
                jmh("a.Two.modes", "thrpt", "ops/us", 10, 1), jmh("a.Two.modes", "avgt", "us/op", 0.1, 2),
                Results.withAlloc("a.Alloc.m", quiet, new double[] {64, 64, 64, 64, 64, 64}),
                Results.withAlloc("a.AllocOnlyBase.m", quiet, new double[] {64, 64, 64, 64, 64, 64}),
                Results.sample("a.Sample.m", quiet, times(quiet, 2)),
                jmh("a.SampleVsAvgt.m", "sample", "us/op", 100, 3),
                jmh("a.Ignored.m", "avgt", "ns/op", 100, 4),
                jmh("a.Missing.m", "avgt", "ns/op", 100, 5),
                scenario("s.AllRunsP95", 800, allP95, cpu, true),
                scenario("s.SomeRunsP95", 800, someP95, cpu, true),
                scenario("s.CpuOnlyCurrent", 800, allP95, cpu, false));
        List<BenchmarkResult> current = Arrays.asList(
                jmh("a.Two.modes", "thrpt", "ops/us", 10, 11), jmh("a.Two.modes", "avgt", "us/op", 0.1, 12),
                Results.withAlloc("a.Alloc.m", times(quiet, 1.01), new double[] {64, 64, 64, 64, 64, 64}),
                Results.avgt("a.AllocOnlyBase.m", quiet),
                Results.sample("a.Sample.m", times(quiet, 1.01), times(quiet, 2.02)),
                jmh("a.SampleVsAvgt.m", "avgt", "us/op", 100, 13),
                jmh("a.Ignored.m", "avgt", "ns/op", 100, 14),
                jmh("a.New.m", "avgt", "ns/op", 100, 15),
                scenario("s.AllRunsP95", 800, allP95, times(cpu, 1.3), true),
                scenario("s.SomeRunsP95", 800, someP95, cpu, true),
                scenario("s.CpuOnlyCurrent", 800, allP95, cpu, true));
        return Arrays.asList(base, current);
    }

    private static GateSettings settings() throws Exception {
        BenchmarkRule ignore = new BenchmarkRule();
        ignore.setPattern("Ignored");
        ignore.setIgnore("true");
        return GateSettings.builder().rules(Collections.singletonList(ignore)).build();
    }

    private static PerfResults results(List<BenchmarkResult> benchmarks) {
        return Results.results(benchmarks.toArray(new BenchmarkResult[0]));
    }

    /**
     * Every metric the gate tests (all rows but the allocation tolerance) is one the stop rule watches, on the same
     * number of forks a side, and no other.
     */
    @Test
    void theStopRuleWatchesTheMetricsTheGateTestsOfTheSamePairs() throws Exception {
        List<List<BenchmarkResult>> sides = fixtures();
        GateSettings settings = settings();
        GateReport report = new Gate(settings).check(results(sides.get(0)), results(sides.get(1)));
        TreeSet<String> gated = new TreeSet<>();
        for (GateRow c : report.comparisons()) {
            if (c.metric() != Metric.ALLOCATION) {
                gated.add(c.key() + " [" + c.mode() + "] " + c.metricName() + " " + c.baselineForks() + " vs "
                        + c.currentForks());
            }
        }
        TreeSet<String> watched = new TreeSet<>();
        for (StopRule.MetricSamples m : new StopRule(true, 15, settings).watched(sides.get(0), sides.get(1))) {
            watched.add(m.benchmark.key() + " [" + m.benchmark.mode() + "] " + m.name + " " + m.baseline.length
                    + " vs " + m.candidate.length);
        }
        assertEquals(gated, watched);
        // the fixtures reach every kind of row: both modes, a p95, a scenario's gated metric
        assertTrue(watched.contains("a.Two.modes [thrpt] median 6 vs 6"), watched.toString());
        assertTrue(watched.contains("a.Two.modes [avgt] median 6 vs 6"), watched.toString());
        assertTrue(watched.contains("a.Sample.m [sample] p95 6 vs 6"), watched.toString());
        assertTrue(watched.contains("s.AllRunsP95 [ss] cpu 6 vs 6"), watched.toString());
        assertTrue(report.comparisons().stream().anyMatch(c -> c.metric() == Metric.ALLOCATION));
    }

    /** A +30 % slowdown against a calibration of 50 % between-fork noise: within the noise floor when it counts. */
    private static Calibration calibration(int forks, double betweenForkCv) {
        return new Calibration("2026-11-20T08:00:00Z", 0.8, 0.05, Collections.singletonMap(
                BenchmarkId.ofKey("a.B.m", "avgt"),
                new Calibration.Entry(forks, betweenForkCv, 0.01, 0.10, 0.2, 20, "PASS")));
    }

    /**
     * The stop rule pools a stored figure exactly when the gate's noise floor goes by it: the same entries are
     * usable, or not, for both.
     */
    @Test
    void theStopRuleUsesAStoredCalibrationExactlyWhenTheGateDoes() {
        BenchmarkResult base = Results.avgt("a.B.m", around(100, 0.01, 5, 1));
        BenchmarkResult slower = Results.avgt("a.B.m", around(130, 0.01, 5, 2));
        GateSettings settings = GateSettings.defaults();
        List<String> disagreements = new ArrayList<>();
        int[] forks = {15, 1, 15, 15, 15};
        double[] cvs = {0.5, 0.5, Double.NaN, Double.POSITIVE_INFINITY, -0.5};
        for (int i = 0; i < cvs.length; i++) {
            Calibration calibration = calibration(forks[i], cvs[i]);
            String noise = new StopRule(true, 15, settings, calibration).noiseAtMaximum(
                    Collections.singletonList(base), Collections.singletonList(slower));
            boolean stopRuleUses = noise.contains("stored by perf:calibrate");
            PerfResults baseline = Results.results(base).toBuilder().calibration(calibration).build();
            GateRow median = new Gate(settings).check(baseline, Results.results(slower)).comparisons().stream()
                    .filter(c -> c.metric() == Metric.MEDIAN).findFirst().orElseThrow(AssertionError::new);
            boolean gateUses = median.verdict() == Verdict.INCONCLUSIVE;
            if (stopRuleUses != gateUses) {
                disagreements.add(forks[i] + " forks, CV " + cvs[i] + ": stop rule " + stopRuleUses + ", gate "
                        + gateUses + " (" + median.verdict() + ")");
            }
            if (i == 0) {
                assertTrue(stopRuleUses && gateUses, noise + " / " + median.reason());
            }
        }
        assertTrue(disagreements.isEmpty(), disagreements.toString());
    }
}
