package io.perfgate.forkprofile;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.perfgate.gate.GateReport;
import io.perfgate.gate.GateRow;
import io.perfgate.gate.Metric;
import io.perfgate.profile.ProfileMode;
import io.perfgate.stats.Direction;
import io.perfgate.stats.Verdict;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A benchmark run in two modes is two profile targets, each with its own mode's verdict and costs. By name and
 * parameters alone the modes were one target, with the verdict of the worse and the costs of the last.
 */
class ProfileTargetTwoModesTest {
    private static final GateReport.Source SIDE = new GateReport.Source("f.json", "t", "v", Collections.emptyMap(),
            Collections.emptyMap());

    private static GateRow row(String mode, Metric metric, double base, double current, Verdict verdict) {
        return GateRow.builder().benchmark("com.acme.A.run", Collections.emptyMap(), mode, "A.run")
                .metric(metric, metric == Metric.ALLOCATION ? "B/op" : "ns/op", Direction.LOWER_IS_BETTER)
                .forks(5, 5).baselineMedian(base, base, base).currentMedian(current, current, current)
                .verdict(verdict, "").build();
    }

    /** avgt got 50 % slower (FAIL); sample, measured in other units of work, did not change. */
    private static GateReport report() {
        return GateReport.builder().createdAt("t").toolVersion("v").baseline(SIDE).current(SIDE)
                .addComparison(row("avgt", Metric.MEDIAN, 100, 150, Verdict.FAIL))
                .addComparison(row("avgt", Metric.ALLOCATION, 48, 96, Verdict.FAIL))
                .addComparison(row("sample", Metric.MEDIAN, 2000, 2010, Verdict.PASS))
                .addComparison(row("sample", Metric.ALLOCATION, 1024, 1024, Verdict.PASS))
                .build();
    }

    @Test
    void eachModeIsATargetWithItsOwnCosts() {
        List<ProfileTarget> targets = ProfileTarget.fromReport(report(), ProfileMode.ALL);

        assertEquals(2, targets.size());
        ProfileTarget avgt = targets.get(0);
        ProfileTarget sample = targets.get(1);
        assertEquals("avgt", avgt.mode());
        assertEquals("A.run [avgt]", avgt.displayName());
        assertEquals("FAIL", avgt.label());
        assertEquals(100, avgt.baseCost().value());
        assertEquals(150, avgt.candidateCost().value());
        assertEquals(96, avgt.candidateBytes());
        assertEquals("sample", sample.mode());
        assertEquals("A.run [sample]", sample.displayName());
        assertEquals("PASS", sample.label());
        assertEquals(2000, sample.baseCost().value());
        assertEquals(1024, sample.candidateBytes());
    }

    @Test
    void regressionsProfileOnlyTheModeThatRegressed() {
        List<ProfileTarget> targets = ProfileTarget.fromReport(report(), ProfileMode.REGRESSIONS);

        assertEquals(1, targets.size());
        assertEquals("avgt", targets.get(0).mode());
        assertEquals("A.run [avgt]", targets.get(0).displayName());
        assertEquals(150, targets.get(0).candidateCost().value());
    }
}
