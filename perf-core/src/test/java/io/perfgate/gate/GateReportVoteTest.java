package io.perfgate.gate;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.perfgate.stats.Direction;
import io.perfgate.stats.Verdict;
import java.util.Collections;
import org.junit.jupiter.api.Test;

/** The vote is the gate's: +1, 0 or -1 from the verdicts and failures, not from the outcome's PASS/WARN/FAIL. */
class GateReportVoteTest {
    private static final GateReport.Source SIDE = new GateReport.Source("f.json", "t", "v", Collections.emptyMap(),
            Collections.emptyMap());

    @Test
    void aRegressionLetThroughStillVotesMinusOne() {
        GateReport r = report().addComparison(row(Metric.MEDIAN, Verdict.FAIL)).addRegression("A.run: slower")
                .failOnRegression(false).build();
        assertEquals(Outcome.WARN, r.outcome(), "the build goes on");
        assertEquals(-1, r.vote().score());
        assertEquals("1 regression", r.vote().reason());
    }

    @Test
    void anotherFailureVotesMinusOne() {
        GateReport r = report().addComparison(row(Metric.MEDIAN, Verdict.PASS)).addOtherFailure("strict").build();
        assertEquals(-1, r.vote().score());
        assertEquals("1 other failure", r.vote().reason());
    }

    @Test
    void anAllocationToleranceAloneIsNoPerformanceVerdict() {
        GateReport r = report().addComparison(row(Metric.ALLOCATION, Verdict.PASS))
                .addComparison(row(Metric.MEDIAN, Verdict.INCONCLUSIVE)).build();
        assertEquals(0, r.vote().score());
        assertEquals("nothing was judged (1 INCONCLUSIVE)", r.vote().reason());
    }

    @Test
    void withoutABaselineNothingWasCompared() {
        GateReport r = GateReport.builder().createdAt("t").toolVersion("v").current(SIDE).build();
        assertEquals(0, r.vote().score());
        assertEquals("nothing was compared (no baseline)", r.vote().reason());
    }

    @Test
    void plusOneNamesWhatIsStillOpen() {
        GateReport clean = report().addComparison(row(Metric.MEDIAN, Verdict.PASS)).build();
        assertEquals(1, clean.vote().score());
        assertEquals("", clean.vote().reason());
        GateReport open = report().addComparison(row(Metric.MEDIAN, Verdict.WARN))
                .addComparison(row(Metric.P95, Verdict.INCONCLUSIVE)).build();
        assertEquals(1, open.vote().score());
        assertEquals("1 WARN, 1 INCONCLUSIVE", open.vote().reason());
    }

    private static GateReport.Builder report() {
        return GateReport.builder().createdAt("t").toolVersion("v").baseline(SIDE).current(SIDE);
    }

    private static GateRow row(Metric metric, Verdict verdict) {
        return GateRow.builder().benchmark("com.acme.A.run", Collections.emptyMap(), "avgt", "A.run")
                .metric(metric, metric == Metric.ALLOCATION ? "B/op" : "ns/op", Direction.LOWER_IS_BETTER)
                .forks(5, 5).verdict(verdict, "").build();
    }
}
