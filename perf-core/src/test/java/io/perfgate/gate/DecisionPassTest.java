package io.perfgate.gate;

import static io.perfgate.testing.Results.around;
import static io.perfgate.testing.Results.avgt;
import static io.perfgate.testing.Results.results;
import static io.perfgate.testing.Results.times;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.perfgate.results.BenchmarkResult;
import io.perfgate.results.Fork;
import io.perfgate.results.PerfResults;
import io.perfgate.stats.Multiplicity;
import io.perfgate.stats.Verdict;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The decision pass, seen through the gate: the multiplicity step counts the comparisons that were tested and no
 * others, each tested comparison is judged at its own level, and every FAIL is listed as a regression.
 */
class DecisionPassTest {
    private static final double[] FIVE = Arrays.copyOf(around(1000, 0.02, 10, 1), 5);
    private static final String DRIFTING = "a.Drifting.m";

    private static GateReport check(Multiplicity.Mode mode, PerfResults baseline, PerfResults current)
            throws Exception {
        return new Gate(GateSettings.builder().multiplicity(mode).build()).toolVersion("test")
                .check(baseline, "baseline.json", current, "results.json");
    }

    /** {@code benchmarks} benchmarks of 5 forks, slowed by {@code factor}; and one whose forks trend, untested. */
    private static PerfResults side(int benchmarks, double factor, boolean drifting) {
        PerfResults.Builder b = results().toBuilder();
        for (int i = 0; i < benchmarks; i++) {
            b.addBenchmark(avgt("a.B.m" + i, times(FIVE, factor)));
        }
        BenchmarkResult.Builder d = BenchmarkResult.builder(DRIFTING).mode("avgt").unit("ns/op");
        for (int f = 0; f < 5; f++) {
            double[] iterations = new double[10];
            for (int i = 0; i < 10; i++) {
                iterations[i] = 1000 + f + (drifting ? 10 * i : (i * 7 + f) % 5);
            }
            d.addFork(new Fork(iterations, Collections.emptyMap(), Collections.emptyMap()));
        }
        return b.addBenchmark(d.build()).build();
    }

    /**
     * Holm over K = 12 lets a 5-vs-5 comparison fail, over K = 13 it does not: the 13th benchmark, refused for its
     * trending forks, must not count, or it would silence the 12 real slowdowns.
     */
    @Test
    void onlyTestedComparisonsShareAlpha() throws Exception {
        GateReport r = check(Multiplicity.Mode.HOLM, side(12, 1, false), side(12, 2, true));

        assertEquals(12, r.tested());
        assertEquals(12, r.count(Verdict.FAIL), r.comparisons().toString());
        List<GateRow> refused = r.comparisons().stream().filter(c -> c.benchmark().equals(DRIFTING))
                .collect(Collectors.toList());
        assertEquals(1, refused.size(), r.comparisons().toString());
        assertEquals(Verdict.INCONCLUSIVE, refused.get(0).verdict());
        assertTrue(refused.get(0).reason().contains(" is not judged: in the current results, "),
                refused.get(0).reason());
    }

    /**
     * Several treatments against one baseline share one family: 3 treatments of 4 slowed benchmarks are K = 12,
     * where a 5-vs-5 comparison can still fail under Holm; 4 treatments are K = 16, where none can, though each
     * treatment alone (K = 4) would fail. Every treatment's report states the K of the whole family.
     */
    @Test
    void holmCountsTheComparisonsOfEveryTreatment() throws Exception {
        Gate gate = new Gate(GateSettings.builder().multiplicity(Multiplicity.Mode.HOLM).build()).toolVersion("test");
        java.util.Map<String, PerfResults> three = new java.util.LinkedHashMap<>();
        for (String t : new String[] {"a", "b", "c"}) {
            three.put(t, side(4, 2, true));
        }
        List<GateReport> reports = gate.checkTreatments(side(4, 1, false), "baseline.json", three);
        assertEquals(3, reports.size());
        for (GateReport r : reports) {
            assertEquals(12, r.tested());
            assertEquals(4, r.count(Verdict.FAIL), r.comparisons().toString());
            assertTrue(r.notes().stream().anyMatch(n -> n.startsWith("K = 12 tested comparisons across 3 treatments"
                    + " (benchmarks x metrics x treatments, against one baseline); perf.multiplicity=holm")),
                    r.notes().toString());
        }
        java.util.Map<String, PerfResults> four = new java.util.LinkedHashMap<>(three);
        four.put("d", side(4, 2, true));
        for (GateReport r : gate.checkTreatments(side(4, 1, false), "baseline.json", four)) {
            assertEquals(16, r.tested());
            assertEquals(0, r.count(Verdict.FAIL), r.comparisons().toString());
        }
        assertEquals(4, gate.check(side(4, 1, false), side(4, 2, true)).count(Verdict.FAIL));
    }

    /** Holm's levels step up from alpha / K; each row carries the level it was judged at and its adjusted p. */
    @Test
    void eachTestedComparisonIsJudgedAtItsOwnLevel() throws Exception {
        GateReport holm = check(Multiplicity.Mode.HOLM, side(4, 1, false), side(4, 2, false));
        List<Double> levels = holm.comparisons().stream().filter(c -> c.metric() == Metric.MEDIAN
                && !c.benchmark().equals(DRIFTING)).map(GateRow::alpha).sorted().collect(Collectors.toList());
        assertEquals(4, holm.tested() - 1, "the steady fifth benchmark is tested too");
        assertEquals(0.05 / 5, levels.get(0), 1e-12);
        for (GateRow c : holm.comparisons()) {
            assertTrue(c.adjustedP() >= c.pValue(), c.toString());
        }

        GateReport none = check(Multiplicity.Mode.NONE, side(4, 1, false), side(4, 2, false));
        for (GateRow c : none.comparisons()) {
            assertEquals(0.05, c.alpha(), 1e-12);
            assertTrue(Double.isNaN(c.adjustedP()));
        }
    }

    @Test
    void everyFailIsARegressionAndNothingElseIs() throws Exception {
        GateReport r = check(Multiplicity.Mode.NONE, side(3, 1, false), side(3, 1.5, false));
        assertEquals(3, r.count(Verdict.FAIL));
        assertEquals(3, r.regressions().size(), r.regressions().toString());
        for (int i = 0; i < 3; i++) {
            String name = "B.m" + i + ": ";
            assertTrue(r.regressions().stream().anyMatch(x -> x.startsWith(name)), r.regressions().toString());
        }
        assertTrue(r.regressions().stream().noneMatch(x -> x.contains("Drifting")), "the steady benchmark passed");
    }
}
