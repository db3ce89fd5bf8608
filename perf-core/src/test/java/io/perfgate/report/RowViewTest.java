package io.perfgate.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.perfgate.gate.GateRow;
import io.perfgate.gate.GateReport;
import io.perfgate.gate.Metric;
import io.perfgate.gate.NotGated;
import io.perfgate.gate.SideBySide;
import io.perfgate.results.BenchmarkId;
import io.perfgate.stats.Direction;
import io.perfgate.stats.Multiplicity;
import io.perfgate.stats.Verdict;
import java.nio.file.Paths;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Which p-value and which name a row shows, decided once for all renderers. */
class RowViewTest {
    private static final GateReport.Source SIDE = new GateReport.Source("f.json", "t", "v", Collections.emptyMap(),
            Collections.emptyMap());

    @Test
    void aTestedMetricShowsItsCorrectedPAndTheDetailItsOwn() {
        GateReport r = holm().addComparison(row("avgt", Metric.MEDIAN, 0.004, 0.012)).build();
        RowView row = RowView.rows(r).get(0);
        assertEquals("0.012", row.p());
        assertEquals("0.004", row.testP());
        assertEquals("p (holm)", RowView.pHeader(r));
    }

    @Test
    void withoutACorrectionTheTestsPIsShown() {
        GateReport r = report().addComparison(row("avgt", Metric.P95, 0.0004, Double.NaN)).build();
        assertEquals("0.0004", RowView.rows(r).get(0).p());
        assertEquals("p", RowView.pHeader(r));
    }

    @Test
    void allocationHasNoTestAndShowsNoP() {
        GateReport r = holm().addComparison(row("avgt", Metric.ALLOCATION, Double.NaN, 0.012)).build();
        RowView row = RowView.rows(r).get(0);
        assertEquals("-", row.p());
        assertNull(row.testP());
    }

    @Test
    void namesCarryTheModeOnlyWhenABenchmarkRanInSeveral() {
        GateReport r = report().addComparison(row("avgt", Metric.MEDIAN, 0.5, Double.NaN))
                .addComparison(row("sample", Metric.MEDIAN, 0.5, Double.NaN))
                .addNotGated(new NotGated(BenchmarkId.ofKey("com.acme.A.run", "avgt"), "A.run", Metric.P95,
                        "avgt records no latencies"))
                .build();
        List<RowView> rows = RowView.rows(r);
        assertEquals("A.run [avgt]", rows.get(0).benchmark());
        assertEquals("A.run [avgt]", rows.get(1).benchmark(), "a not-gated metric sits after its benchmark");
        assertEquals("not gated", rows.get(1).verdict());
        assertEquals("-", rows.get(1).p());
        assertEquals("A.run [sample]", rows.get(2).benchmark());
        GateReport single = report().addComparison(row("avgt", Metric.MEDIAN, 0.5, Double.NaN)).build();
        assertEquals("A.run", RowView.rows(single).get(0).benchmark());
    }

    @Test
    void aFailMeasuredAgainSideBySideShowsBothChangesAndKeepsThemInReportJson() throws Exception {
        GateRow warned = row("avgt", Metric.MEDIAN, 0.004, Double.NaN).toBuilder()
                .ratio(1.43, 1.40, 1.46, 1.39, 1.47)
                .sideBySide(new SideBySide("6904bea1c2", 0.012, -0.020, 0.041, 8, Verdict.PASS))
                .verdict(Verdict.WARN, "not confirmed: ...").build();
        GateReport r = report().addComparison(warned).build();
        assertEquals("+43.0 % [+39.0 %, +47.0 %]; side by side +1.2 % [-2.0 %, +4.1 %]",
                RowView.rows(r).get(0).change());

        GateReport.Source side = new GateReport.Source("f.json", "2026-11-27T10:00:00Z", "v",
                Collections.emptyMap(), Collections.emptyMap());
        GateReport.Builder dated = GateReport.builder().createdAt("2026-11-27T10:00:00Z").toolVersion("v")
                .baseline(side).current(side);
        GateRow back = ReportJson.parse(Paths.get("report.json"), ReportJson.toJson(dated.addComparison(warned)
                .build())).comparisons().get(0);
        assertEquals("6904bea1c2", back.sideBySide().against());
        assertEquals(0.012, back.sideBySide().change(), 1e-12);
        assertEquals(-0.020, back.sideBySide().changeCiLow(), 1e-12);
        assertEquals(0.041, back.sideBySide().changeCiHigh(), 1e-12);
        assertEquals(8, back.sideBySide().rounds());
        assertEquals(Verdict.PASS, back.sideBySide().verdict());
        assertNull(ReportJson.parse(Paths.get("report.json"), ReportJson.toJson(dated.comparisons(List.of(
                row("avgt", Metric.MEDIAN, 0.5, Double.NaN))).build())).comparisons().get(0).sideBySide());
    }

    private static GateReport.Builder report() {
        return GateReport.builder().createdAt("t").toolVersion("v").baseline(SIDE).current(SIDE);
    }

    private static GateReport.Builder holm() {
        return report().multiplicity(Multiplicity.Mode.HOLM, 1, true);
    }

    private static GateRow row(String mode, Metric metric, double p, double adjusted) {
        return GateRow.builder().benchmark("com.acme.A.run", Collections.emptyMap(), mode, "A.run")
                .metric(metric, metric == Metric.ALLOCATION ? "B/op" : "ns/op", Direction.LOWER_IS_BETTER)
                .forks(5, 5).pValue(p).adjustedP(adjusted).verdict(Verdict.PASS, "").build();
    }
}
