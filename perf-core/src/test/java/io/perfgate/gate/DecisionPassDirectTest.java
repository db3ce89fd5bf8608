package io.perfgate.gate;

import static io.perfgate.testing.Results.around;
import static io.perfgate.testing.Results.avgt;
import static io.perfgate.testing.Results.times;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.perfgate.stats.Direction;
import io.perfgate.stats.Multiplicity;
import io.perfgate.stats.ShiftTest;
import io.perfgate.stats.Thresholds;
import io.perfgate.stats.Verdict;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link DecisionPass} on comparisons made by hand (DecisionPassTest sees it through the gate): which comparisons
 * share the multiplicity family, what a refused or already decided one becomes, and what each report is told.
 */
class DecisionPassDirectTest {
    private static final double[] TEN = around(1000, 0.02, 10, 7);

    private static GateSettings settings(Multiplicity.Mode mode) throws InvalidSettingException {
        return GateSettings.builder().multiplicity(mode).build();
    }

    /** A median comparison of {@code forks} forks a side, the current side slowed by {@code factor}. */
    private static PendingComparison pending(GateSettings s, String name, int forks, double factor, String refusal) {
        double[] base = Arrays.copyOf(TEN, forks);
        double[] cur = times(base, factor);
        Thresholds t = new Thresholds(s.medianFail(), s.medianMin(), s.alpha());
        GateRow.Builder row = GateRow.builder().benchmark(avgt(name, cur))
                .metric(Metric.MEDIAN, "ns/op", Direction.LOWER_IS_BETTER).forks(forks, forks)
                .thresholds(t.fail(), t.minEffect(), t.alpha());
        return new PendingComparison(row, Metric.MEDIAN, Direction.LOWER_IS_BETTER,
                ShiftTest.compare(base, cur, Direction.LOWER_IS_BETTER, t), refusal, s.minForks());
    }

    private static List<GateReport> decide(GateSettings s, String family, List<List<PendingComparison>> groups) {
        List<GateReport.Builder> builders = new ArrayList<>();
        groups.forEach(g -> builders.add(GateReport.builder().createdAt("2026-11-29T10:00:00Z").toolVersion("test")
                .current(new GateReport.Source("results.json", "2026-11-29T10:00:00Z", "test",
                        Collections.emptyMap(), Collections.emptyMap()))
                .environment(EnvironmentPolicy.WARN, Collections.emptyList())));
        new DecisionPass(s).decide(groups, builders, null, family);
        List<GateReport> reports = new ArrayList<>();
        builders.forEach(b -> reports.add(b.build()));
        return reports;
    }

    @Test
    void aSlowdownFailsAndIsListedAsARegressionWithItsReason() throws Exception {
        GateSettings s = settings(Multiplicity.Mode.HOLM);
        PendingComparison slow = pending(s, "a.Codec.encode", 10, 1.5, null);
        PendingComparison same = pending(s, "a.Codec.decode", 10, 1.0, null);

        GateReport r = decide(s, "", Collections.singletonList(Arrays.asList(slow, same))).get(0);

        assertEquals(2, r.tested());
        assertEquals(Arrays.asList(Verdict.FAIL, Verdict.PASS),
                Arrays.asList(r.comparisons().get(0).verdict(), r.comparisons().get(1).verdict()));
        assertEquals(Collections.singletonList("Codec.encode: " + r.comparisons().get(0).reason()), r.regressions());
        assertTrue(r.comparisons().get(0).reason().startsWith("median time +50.0 %"),
                r.comparisons().get(0).reason());
        assertEquals(0.05 / 2, r.comparisons().get(0).alpha(), 1e-12, "Holm's first step: alpha / K");
    }

    @Test
    void aRefusedComparisonIsInconclusiveWithItsEstimateAndDoesNotShareAlpha() throws Exception {
        GateSettings s = settings(Multiplicity.Mode.HOLM);
        PendingComparison refused = pending(s, "a.Drifting.run", 10, 1.5, "its forks trend upwards");
        PendingComparison slow = pending(s, "a.Codec.encode", 10, 1.5, null);

        GateReport r = decide(s, "", Collections.singletonList(Arrays.asList(refused, slow))).get(0);

        assertEquals(1, r.tested(), "K counts only what was tested");
        GateRow row = r.comparisons().get(0);
        assertEquals(Verdict.INCONCLUSIVE, row.verdict());
        assertTrue(row.reason().startsWith("median time +50.0 % ["), row.reason());
        assertTrue(row.reason().endsWith("] is not judged: its forks trend upwards"), row.reason());
        assertEquals(0.05, r.comparisons().get(1).alpha(), 1e-12, "alone in its family: the full alpha");
        assertEquals(1, r.regressions().size(), "the refused slowdown is no regression");
    }

    @Test
    void aComparisonDecidedBeforeThePassIsReportedAsItIs() throws Exception {
        GateSettings s = settings(Multiplicity.Mode.HOLM);
        PendingComparison early = pending(s, "a.Empty.run", 10, 1.0, null);
        GateRow decided = early.row.verdict(Verdict.INCONCLUSIVE, "median time is not judged: no values").build();
        early.decided = decided;

        GateReport r = decide(s, "", Collections.singletonList(Collections.singletonList(early))).get(0);

        assertEquals(0, r.tested());
        assertSame(decided, r.comparisons().get(0));
    }

    /** Treatments share one family: each report holds its own rows and is told the K of all of them. */
    @Test
    void treatmentsShareTheFamilyAndEachReportKeepsItsOwnRows() throws Exception {
        GateSettings s = settings(Multiplicity.Mode.HOLM);
        List<PendingComparison> a = Arrays.asList(pending(s, "a.X.run", 10, 1.5, null),
                pending(s, "a.Y.run", 10, 1.0, null));
        List<PendingComparison> b = Collections.singletonList(pending(s, "a.X.run", 10, 1.0, null));

        List<GateReport> reports = decide(s, " across 2 treatments", Arrays.asList(a, b));

        assertEquals(2, reports.get(0).comparisons().size());
        assertEquals(1, reports.get(1).comparisons().size());
        for (GateReport r : reports) {
            assertEquals(3, r.tested());
            assertTrue(r.notes().contains("K = 3 tested comparisons across 2 treatments (benchmarks x metrics x"
                    + " treatments, against one baseline); perf.multiplicity=holm is applied over all of them"),
                    r.notes().toString());
        }
        assertEquals(1, reports.get(0).regressions().size());
        assertTrue(reports.get(1).regressions().isEmpty());
    }

    /** With 5 forks a side, Holm over 13 comparisons cannot reach any p-value low enough: the report says so. */
    @Test
    void aFamilyTooLargeForItsForksToFailIsNamed() throws Exception {
        GateSettings s = settings(Multiplicity.Mode.HOLM);
        List<PendingComparison> thirteen = new ArrayList<>();
        for (int i = 0; i < 13; i++) {
            thirteen.add(pending(s, "a.B.m" + i, 5, 2.0, null));
        }

        GateReport r = decide(s, "", Collections.singletonList(thirteen)).get(0);

        assertEquals(0, r.count(Verdict.FAIL), r.comparisons().toString());
        assertTrue(r.notes().stream().anyMatch(n -> n.startsWith("No comparisons can fail with perf.multiplicity=holm"
                + " and K = 13: ") && n.endsWith(", or use perf.multiplicity=none")), r.notes().toString());
        assertTrue(!r.holmCanFail());
    }
}
