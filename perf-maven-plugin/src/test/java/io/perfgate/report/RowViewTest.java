package io.perfgate.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.perfgate.gate.GateRow;
import io.perfgate.gate.GateReport;
import io.perfgate.gate.Metric;
import io.perfgate.gate.NotGated;
import io.perfgate.stats.Direction;
import io.perfgate.stats.Multiplicity;
import io.perfgate.stats.Verdict;
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
                .addNotGated(new NotGated("com.acme.A.run", "A.run", "avgt", Metric.P95, "avgt records no latencies"))
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
