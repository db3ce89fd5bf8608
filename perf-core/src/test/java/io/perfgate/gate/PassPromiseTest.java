package io.perfgate.gate;

import static io.perfgate.testing.Results.around;
import static io.perfgate.testing.Results.avgt;
import static io.perfgate.testing.Results.results;
import static io.perfgate.testing.Results.times;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.perfgate.config.PerfProperties;
import io.perfgate.results.PerfResults;
import io.perfgate.stats.Verdict;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

/** What a PASS promises: the slowdown each judged row could detect, and no plain PASS that could miss +15 %. */
class PassPromiseTest {
    private static final String BENCH = "com.acme.ParserBench.parse";

    private static GateReport check(GateSettings settings, PerfResults baseline, PerfResults current) {
        return new Gate(settings).toolVersion("test")
                .clock(Clock.fixed(Instant.parse("2026-11-24T12:00:00Z"), ZoneOffset.UTC))
                .check(baseline, "src/perf/baseline.json", current, "target/perf/results.json");
    }

    private static GateRow median(GateReport r) {
        return r.comparisons().stream().filter(c -> c.metric() == Metric.MEDIAN).findFirst().orElseThrow();
    }

    /** Forks spread +-25 % (a CV near 14 %), 5 a side: a change of a few percent passes the rule, yet +15 % could hide. */
    @Test
    void aPassThatCouldMissTheLimitIsNotJudged() throws InvalidSettingException {
        PerfResults base = results(avgt(BENCH, around(1000, 0.25, 5, 11)));
        PerfResults cur = results(avgt(BENCH, around(1000, 0.25, 5, 12)));
        GateRow c = median(check(GateSettings.defaults(), base, cur));
        assertEquals(Verdict.INCONCLUSIVE, c.verdict(), c.reason());
        assertTrue(c.detectable() > 1.15, "detectable " + c.detectable());
        assertTrue(c.reason().matches("median time .* is within the 10 % limit \\(5 vs 5 forks\\); not judged: with 5"
                + " vs 5 forks and 1\\d\\.\\d % between-fork noise the comparison detects a slowdown only from"
                + " \\+\\d+\\.\\d % \\(80 % power\\), above the \\+15\\.0 % it should catch; about \\d+ forks per side"
                + " would \\(perf\\.forks, or perf\\.maxForks in a comparison\\)"), c.reason());

        GateReport strict = check(GateSettings.builder().set(PerfProperties.FAIL_ON_INCONCLUSIVE, "true").build(),
                base, cur);
        assertTrue(strict.failsBuild(), "perf.failOnInconclusive decides the build");
        assertFalse(check(GateSettings.defaults(), base, cur).failsBuild());
    }

    @Test
    void aQuietPassStaysAPassAndSaysWhatItCouldDetect() {
        GateRow c = median(check(GateSettings.defaults(), results(avgt(BENCH, around(1000, 0.02, 10, 1))),
                results(avgt(BENCH, around(1000, 0.02, 10, 2)))));
        assertEquals(Verdict.PASS, c.verdict(), c.reason());
        assertTrue(c.detectable() > 1.10 && c.detectable() < 1.15, "detectable " + c.detectable());
    }

    @Test
    void otherVerdictsKeepTheirVerdictAndRecordWhatTheyCouldDetect() {
        double[] base = around(1000, 0.02, 10, 1);
        GateRow fail = median(check(GateSettings.defaults(), results(avgt(BENCH, base)),
                results(avgt(BENCH, times(around(1000, 0.02, 10, 2), 1.3)))));
        assertEquals(Verdict.FAIL, fail.verdict(), fail.reason());
        assertTrue(fail.detectable() > 1.10 && fail.detectable() < 1.15, "detectable " + fail.detectable());
        assertFalse(fail.reason().contains("not judged"), fail.reason());
    }

    /** Allocation is a tolerance, not a test: nothing to detect with power. */
    @Test
    void allocationRowsHaveNoDetectableSlowdown() {
        GateReport r = check(GateSettings.defaults(), results(avgt(BENCH, around(1000, 0.02, 10, 1))),
                results(avgt(BENCH, around(1000, 0.02, 10, 2))));
        r.comparisons().stream().filter(c -> c.metric() != Metric.MEDIAN && c.metric() != Metric.P95)
                .forEach(c -> assertTrue(Double.isNaN(c.detectable()), c.toString()));
    }
}
