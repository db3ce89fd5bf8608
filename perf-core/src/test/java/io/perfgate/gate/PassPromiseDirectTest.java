package io.perfgate.gate;

import static io.perfgate.testing.Results.around;
import static io.perfgate.testing.Results.avgt;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.perfgate.stats.Direction;
import io.perfgate.stats.ShiftComparison;
import io.perfgate.stats.ShiftTest;
import io.perfgate.stats.Thresholds;
import io.perfgate.stats.Verdict;
import org.junit.jupiter.api.Test;

/**
 * {@link PassPromise} on rows made by hand (PassPromiseTest sees it through the gate): which rows it may turn from
 * PASS to INCONCLUSIVE, and which it leaves as they are.
 */
class PassPromiseDirectTest {
    private static final Thresholds LIMITS = new Thresholds(0.10, 0.05, 0.05);
    /** 5 forks a side spread +-25 %: a PASS on these could miss +15 %. */
    private static final double[] NOISY_BASE = around(1000, 0.25, 5, 11);
    private static final double[] NOISY_CUR = around(1000, 0.25, 5, 12);

    private static GateRow row(Metric metric, Verdict verdict, boolean confident) {
        return GateRow.builder().benchmark(avgt("a.Codec.encode", NOISY_CUR))
                .metric(metric, "ns/op", Direction.LOWER_IS_BETTER).forks(5, 5)
                .thresholds(LIMITS.fail(), LIMITS.minEffect(), LIMITS.alpha())
                .verdict(verdict, "median time +1.0 % [-20.0 %, +25.0 %]").confident(confident).build();
    }

    private static ShiftComparison noisy() {
        return ShiftTest.compare(NOISY_BASE, NOISY_CUR, Direction.LOWER_IS_BETTER, LIMITS);
    }

    @Test
    void aPassThatCouldMissTheLimitSaysWhatItCouldDetectAndHowManyForksWould() {
        GateRow c = PassPromise.apply(row(Metric.MEDIAN, Verdict.PASS, false), noisy());

        assertEquals(Verdict.INCONCLUSIVE, c.verdict());
        assertTrue(c.detectable() > 1.15, "detectable " + c.detectable());
        assertTrue(c.reason().startsWith("median time +1.0 % [-20.0 %, +25.0 %]; not judged: with 5 vs 5 forks and "),
                c.reason());
        assertTrue(c.reason().contains(" (80 % power), above the +15.0 % it should catch; about "), c.reason());
        assertTrue(c.reason().endsWith(" forks per side would (perf.forks, or perf.maxForks in a comparison)"),
                c.reason());
    }

    @Test
    void aConfidentPassStaysAPassAndRecordsWhatItCouldDetect() {
        GateRow c = PassPromise.apply(row(Metric.MEDIAN, Verdict.PASS, true), noisy());
        assertEquals(Verdict.PASS, c.verdict());
        assertTrue(c.detectable() > 1.15, "the detectable slowdown is shown all the same: " + c.detectable());
    }

    @Test
    void rowsItDoesNotJudgeAreLeftAsTheyAre() {
        GateRow alloc = row(Metric.ALLOCATION, Verdict.PASS, false);
        assertSame(alloc, PassPromise.apply(alloc, noisy()), "allocation is judged by a tolerance");
        GateRow inconclusive = row(Metric.MEDIAN, Verdict.INCONCLUSIVE, false);
        assertSame(inconclusive, PassPromise.apply(inconclusive, noisy()));
        GateRow untested = row(Metric.MEDIAN, Verdict.PASS, false);
        assertSame(untested, PassPromise.apply(untested, null));
    }

    @Test
    void aFailKeepsItsVerdict() {
        GateRow c = PassPromise.apply(row(Metric.MEDIAN, Verdict.FAIL, false), noisy());
        assertEquals(Verdict.FAIL, c.verdict());
    }
}
