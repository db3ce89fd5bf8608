package io.perfgate.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
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
        // one spike of the host late in an otherwise steady warm-up does not move the settling point
        double[] spike = {104, 90, 111, 87, 160, 101, 96, 108};
        SteadyState.Settling s = SteadyState.settledFrom(spike, noisy, 1);
        assertEquals(1, s.steadyFrom(), s::toString);
        assertTrue(s.description().contains("but for one spike (iteration 5, 160.0)"), s::description);
        // a second one does: at most one iteration of the steady run lies outside the band
        double[] twoSpikes = {104, 90, 160, 87, 160, 101, 96, 108};
        assertEquals(4, SteadyState.settledFrom(twoSpikes, noisy, 1).steadyFrom());
    }

    @Test
    void aSpikeInTheLastWarmupIterationIsToleratedAfterASteadyRun() {
        double[] warmup = {2400, 180, 100.4, 99.8, 100.1, 100.6, 130};
        SteadyState.Settling s = SteadyState.settledFrom(warmup, STEADY, 1);
        assertEquals(3, s.steadyFrom(), s::toString);
        // too short a run before it is not a steady level yet: the fork did not settle
        double[] early = {2400, 180, 126, 100.6, 100.1, 130};
        assertFalse(SteadyState.settledFrom(early, STEADY, 1).settled());
    }

    /**
     * A real fork (Commons Text's doubleFormatPlain, ms/op, 20 x 250 ms warm-up, 6 x 250 ms measurement): six
     * iterations span a narrow range, and the warm-up's ordinary noise runs below it. The band reaches 3 robust
     * standard deviations, so the fork is steady from its third warm-up iteration, but for the spike at 12.
     */
    @Test
    void sixMeasurementIterationsDoNotMakeTheBandNarrowerThanTheirNoise() {
        double[] warmup = {6.643, 4.954, 3.206, 3.251, 3.248, 3.188, 3.144, 3.163, 3.355, 3.317, 3.323, 3.852, 3.223,
            3.139, 3.282, 3.252, 3.227, 3.224, 3.213, 3.159};
        double[] measurement = {3.332, 3.436, 3.302, 3.266, 3.241, 3.266};
        SteadyState.Settling s = SteadyState.settledFrom(warmup, measurement, 1);
        assertEquals(3, s.steadyFrom(), s::toString);
        assertTrue(s.description().contains("but for one spike (iteration 12"), s::description);
    }

    @Test
    void aDecayThatEntersTheBandLateIsNotASpike() {
        // 104.9 is the JIT's last step down, right before the run: a spike is tolerated only inside a steady run
        double[] warmup = {2400, 610, 180, 126, 104.9, 100.5, 99.7, 100.9, 100.1};
        assertEquals(6, SteadyState.settledFrom(warmup, STEADY, 2).steadyFrom());
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
    void oneForkThatNeverSettledIsToleratedASecondKeepsTheFullWarmup() {
        SteadyState.Settling never = new SteadyState.Settling(12, 0, "");
        SteadyState.Settling from2 = new SteadyState.Settling(12, 2, "");
        assertEquals(3, SteadyState.learnedWarmup(Arrays.asList(from2, never, from2), 12));
        assertEquals(12, SteadyState.learnedWarmup(Arrays.asList(from2, never, from2, never), 12));
        // one in five of ten forks: two tolerated, three not
        List<SteadyState.Settling> ten = new ArrayList<>(Collections.nCopies(8, from2));
        ten.addAll(Arrays.asList(never, never));
        assertEquals(3, SteadyState.learnedWarmup(ten, 12));
        ten.set(0, never);
        assertEquals(12, SteadyState.learnedWarmup(ten, 12));
        assertEquals(12, SteadyState.learnedWarmup(Arrays.asList(never), 12), "none settled");
        assertEquals(12, SteadyState.learnedWarmup(Collections.emptyList(), 12));
    }
}
