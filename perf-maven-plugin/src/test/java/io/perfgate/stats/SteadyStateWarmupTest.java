package io.perfgate.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Collections;
import org.junit.jupiter.api.Test;

/** Golden series for {@link SteadyState#settledFrom} and {@link SteadyState#learnedWarmup}. */
class SteadyStateWarmupTest {
    /** Measurement of a steady fork: 100 ns/op give or take 1 %. */
    private static final double[] STEADY = {100.2, 99.6, 100.8, 99.9, 100.4, 99.3, 100.1, 100.6, 99.8, 100.0};

    @Test
    void jitLikeDecayingWarmupIsSteadyFromWhereTheDecayEnds() {
        // interpreter, C1, C2 then steady: 12 warm-up iterations of 250 ms against 500 ms measurement iterations
        double[] warmup = {2400, 610, 180, 126, 104.9, 100.5, 99.7, 100.9, 100.1, 99.5, 100.3, 100.0};
        SteadyState.Settling s = SteadyState.settledFrom(warmup, STEADY, 2);
        assertTrue(s.settled(), s::toString);
        // the band is 100.05 -/+ sqrt(2) x (0.75 .. 0.75) and 0.5 %: about 98.5 .. 101.6; 104.9 lies outside
        assertEquals(6, s.steadyFrom(), s::toString);
        assertEquals(12, s.iterations());
    }

    @Test
    void aFlatWarmupIsSteadyFromItsFirstIteration() {
        double[] warmup = {100.4, 99.8, 100.1, 100.6, 99.7, 100.2};
        SteadyState.Settling s = SteadyState.settledFrom(warmup, STEADY, 1);
        assertEquals(1, s.steadyFrom(), s::toString);
    }

    @Test
    void aWarmupThatEndsAboveTheSteadyLevelNeverSettled() {
        // still falling at the end of the warm-up: the fork started measuring before it was steady
        double[] warmup = {900, 400, 250, 180, 150, 130};
        SteadyState.Settling s = SteadyState.settledFrom(warmup, STEADY, 1);
        assertFalse(s.settled(), s::toString);
        assertEquals(0, s.steadyFrom());
        assertTrue(s.description().contains("last warm-up iteration 130.0 outside"), s::description);
    }

    @Test
    void aTrendingMeasurementMeansTheForkNeverSettled() {
        double[] warmup = {100, 100, 100, 100};
        double[] drifting = {100, 101, 102, 103, 104, 105, 106, 107, 108, 109};
        SteadyState.Settling s = SteadyState.settledFrom(warmup, drifting, 1);
        assertFalse(s.settled(), s::toString);
        assertTrue(s.description().contains("trend"), s::description);
    }

    @Test
    void aNoisyForkIsJudgedAgainstItsOwnWiderSpread() {
        // +/- 15 % noise in measurement and warm-up alike: the warm-up is as steady as the measurement from the start
        double[] noisy = {100, 88, 114, 95, 107, 86, 112, 99, 92, 109};
        double[] warmup = {104, 90, 111, 87, 113, 101, 96, 108};
        assertEquals(1, SteadyState.settledFrom(warmup, noisy, 1).steadyFrom());
        // one warm-up spike late in the warm-up moves the settling point after it
        double[] spike = {104, 90, 111, 87, 160, 101, 96, 108};
        assertEquals(6, SteadyState.settledFrom(spike, noisy, 1).steadyFrom());
    }

    @Test
    void missingValuesOrNoWarmupGiveNotSettled() {
        assertFalse(SteadyState.settledFrom(new double[] {100, Double.NaN}, STEADY, 1).settled());
        assertFalse(SteadyState.settledFrom(new double[0], STEADY, 1).settled());
        assertFalse(SteadyState.settledFrom(new double[] {100}, new double[] {100}, 1).settled());
    }

    @Test
    void learnedWarmupAddsHalfAndOneAsMarginWithinTheBounds() {
        SteadyState.Settling from6 = new SteadyState.Settling(12, 6, "");
        SteadyState.Settling from3 = new SteadyState.Settling(12, 3, "");
        SteadyState.Settling from1 = new SteadyState.Settling(12, 1, "");
        // 5 iterations before steady, + 3 + 1
        assertEquals(9, SteadyState.learnedWarmup(Arrays.asList(from3, from6), 12));
        assertEquals(SteadyState.MIN_LEARNED_WARMUP, SteadyState.learnedWarmup(Arrays.asList(from1, from1), 12));
        assertEquals(4, SteadyState.learnedWarmup(Arrays.asList(from6), 4), "never above the full warm-up");
    }

    @Test
    void oneForkThatNeverSettledKeepsTheFullWarmup() {
        SteadyState.Settling never = new SteadyState.Settling(12, 0, "");
        SteadyState.Settling from2 = new SteadyState.Settling(12, 2, "");
        assertEquals(12, SteadyState.learnedWarmup(Arrays.asList(from2, never, from2), 12));
        assertEquals(12, SteadyState.learnedWarmup(Collections.emptyList(), 12));
    }
}
