package io.perfgate.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

class ForkPlanTest {
    private static final Thresholds DEFAULTS = new Thresholds(0.10, 0.05, 0.05);
    /** Tighter limits, so that the forks stay above their floor of 5 and the iterations are the closed form's. */
    private static final Thresholds TIGHT = new Thresholds(0.05, 0.025, 0.05);
    private static final double POWER = Power.DEFAULT_POWER;
    /** Today's defaults: 0.8 s start + 3 x 1 s warm-up before the measurement, 500 ms iterations. */
    private static final double FORK_SECONDS = 3.8;
    private static final double ITERATION_SECONDS = 0.5;

    /** What an A/A run would measure at m0 iterations for these two variance components (log scale). */
    private static ForkPlan.Noise components(double between, double within, int measuredIterations) {
        double forkValueCv = Math.sqrt(Math.expm1(between + Math.PI / 2 * within / measuredIterations));
        return ForkPlan.Noise.measured(forkValueCv, Math.sqrt(Math.expm1(within)), measuredIterations);
    }

    private static double closedForm(double between, double within) {
        return Math.sqrt(FORK_SECONDS / ITERATION_SECONDS * (Math.PI / 2) * within / between);
    }

    @Test
    void theNoiseIsSplitIntoItsTwoLevels() {
        ForkPlan.Noise noise = components(0.0004, 0.0025, 10);
        assertEquals(Math.sqrt(Math.expm1(0.0004)), noise.betweenCv(), 1e-12);
        assertEquals(0.05, noise.withinCv(), 1e-3);
        // at the measured length the fork values have the measured spread again
        assertEquals(Math.sqrt(Math.expm1(0.0004 + Math.PI / 2 * 0.0025 / 10)), noise.forkValueCv(10), 1e-12);
        assertTrue(noise.forkValueCv(20) < noise.forkValueCv(10));
        // fork values quieter than their iterations allow: no between-fork noise left, never a negative variance
        assertEquals(0, ForkPlan.Noise.measured(0.01, 0.10, 10).betweenCv(), 0);
    }

    @Test
    void muchWithinForkNoiseGivesLongerForksThanTodaysAtTheClosedForm() {
        double between = 0.0006;
        double within = 0.0064;
        ForkPlan.Noise noise = components(between, within, 20);
        double optimum = closedForm(between, within);
        assertEquals(optimum, ForkPlan.optimalIterations(noise, FORK_SECONDS, ITERATION_SECONDS), 1e-9);
        ForkPlan plan = ForkPlan.choose(noise, FORK_SECONDS, ITERATION_SECONDS, TIGHT, POWER, 20);
        assertEquals(Math.round(optimum), plan.iterations(), "m* = " + optimum);
        assertTrue(plan.iterations() > 10, "longer forks than today's 10 iterations: " + plan.iterations());
        // against the 20 iterations calibrated these are shorter forks, and at that length the forks' own noise
        // weighs more than what 20 iterations leave of the within-fork noise
        assertEquals("between-fork noise 2.4 % dominates within-fork 8.0 % an iteration, fork start 3.8 s, iteration"
                + " 0.5 s: more, shorter forks", plan.reason());
        assertPowerReached(plan, TIGHT);
        assertNearlyCheapest(plan, TIGHT, 20);
    }

    @Test
    void betweenForkNoiseDominatingGivesMoreShorterForks() {
        double between = 0.0025;
        double within = 0.0001;
        ForkPlan.Noise noise = components(between, within, 10);
        double optimum = closedForm(between, within);
        assertTrue(optimum < 1, "closed form " + optimum);
        ForkPlan plan = ForkPlan.choose(noise, FORK_SECONDS, ITERATION_SECONDS, DEFAULTS, POWER, 10);
        assertEquals(ForkPlan.MIN_ITERATIONS, plan.iterations(), "bounded below by the steady-state test");
        assertPowerReached(plan, DEFAULTS);
        assertTrue(plan.forks() > DecisionRule.DEFAULT_MIN_FORKS, "forks " + plan.forks());
        assertEquals("between-fork noise 5.0 % dominates within-fork 1.0 % an iteration, fork start 3.8 s, iteration"
                + " 0.5 s: more, shorter forks; optimum 0.7 iterations, at least 6 for the steady-state test",
                plan.reason());
        assertTrue(plan.seconds() < plan.secondsAt(10, 10), plan.describe(10, 10));
    }

    @Test
    void aClosedFormInsideTheBoundsIsRoundedAndTheForksReachTheTarget() {
        // m* = sqrt(7.6 * pi/2 * 0.0040 / 0.0008) = 7.7
        double between = 0.0008;
        double within = 0.0040;
        ForkPlan plan = ForkPlan.choose(components(between, within, 10), FORK_SECONDS, ITERATION_SECONDS, TIGHT,
                POWER, 10);
        assertEquals(7.73, closedForm(between, within), 0.01);
        assertEquals(8, plan.iterations());
        assertPowerReached(plan, TIGHT);
        assertNearlyCheapest(plan, TIGHT, 10);
    }

    @Test
    void boundsCapAtTheCalibratedLengthAndKeepShorterForksAsTheyAre() {
        // no between-fork noise left: longer is always cheaper, capped at what the calibration measured
        ForkPlan flat = ForkPlan.choose(ForkPlan.Noise.measured(0.01, 0.10, 10), FORK_SECONDS, ITERATION_SECONDS,
                TIGHT, POWER, 10);
        assertEquals(Double.POSITIVE_INFINITY, flat.optimum(), 0);
        assertEquals(10, flat.iterations());
        assertTrue(flat.reason().contains("capped at the calibrated length"), flat.reason());
        // a cap below the measured length (the defaults' 10) wins too
        assertEquals(8, ForkPlan.choose(components(0.0006, 0.0064, 20), FORK_SECONDS, ITERATION_SECONDS, TIGHT,
                POWER, 8).iterations());
        // forks calibrated with 5 iterations are not made longer than measured, nor shorter than they are
        ForkPlan shortForks = ForkPlan.choose(components(0.0025, 0.0001, 5), FORK_SECONDS, ITERATION_SECONDS,
                DEFAULTS, POWER, 10);
        assertEquals(5, shortForks.iterations());
        assertTrue(shortForks.reason().endsWith("; optimum 0.7 iterations, the calibrated 5 kept"),
                shortForks.reason());
    }

    @Test
    void aQuietBenchmarkGetsTheFewestForksAndTheShortestForkThatStillReachesTheTarget() {
        ForkPlan plan = ForkPlan.choose(components(0.00001, 0.0004, 10), FORK_SECONDS, ITERATION_SECONDS, DEFAULTS,
                POWER, 10);
        assertEquals(DecisionRule.DEFAULT_MIN_FORKS, plan.forks());
        assertEquals(ForkPlan.MIN_ITERATIONS, plan.iterations());
        assertPowerReached(plan, DEFAULTS);
        assertEquals(5 * (3.8 + 6 * 0.5), plan.seconds(), 1e-9);
        assertEquals("5 forks x 6 iterations (between-fork noise 0.3 % and within-fork 2.0 % are low: the fewest"
                + " forks the exact test judges reach +15.0 % already at 6 iterations); about 34 s a side against"
                + " 88 s at 10 x 10", plan.describe(10, 10));
    }

    @Test
    void aTargetOutOfReachSaysSo() {
        ForkPlan plan = ForkPlan.choose(ForkPlan.Noise.measured(0.60, 0.05, 10), FORK_SECONDS, ITERATION_SECONDS,
                DEFAULTS, POWER, 10);
        assertFalse(plan.reachable());
        assertTrue(Double.isNaN(plan.seconds()));
        assertTrue(plan.describe(10, 10).startsWith("no plan ("), plan.describe(10, 10));
        assertTrue(plan.reason().endsWith("even 200 forks a side cannot catch +15.0 % with 80 % power"),
                plan.reason());
    }

    @Test
    void badInputsAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> ForkPlan.Noise.measured(Double.NaN, 0.01, 10));
        assertThrows(IllegalArgumentException.class, () -> ForkPlan.Noise.measured(0.02, 0.01, 1));
        ForkPlan.Noise noise = ForkPlan.Noise.measured(0.02, 0.01, 10);
        assertThrows(IllegalArgumentException.class, () -> ForkPlan.optimalIterations(noise, 0, 0.5));
        assertThrows(IllegalArgumentException.class, () -> ForkPlan.optimalIterations(noise, 3, Double.NaN));
    }

    /** The plan's forks detect the target with the power, at its own fork length, by Power itself; one fewer not. */
    private static void assertPowerReached(ForkPlan plan, Thresholds thresholds) {
        int n = plan.forks();
        double cv = plan.noise().forkValueCv(plan.iterations());
        assertTrue(Power.detectableSlowdown(n, n, cv, thresholds, POWER) <= plan.target(), "n = " + n);
        assertTrue(n == DecisionRule.DEFAULT_MIN_FORKS
                || Power.detectableSlowdown(n - 1, n - 1, cv, thresholds, POWER) > plan.target(), "n - 1 = " + (n - 1));
    }

    /** Within 10 % of the cheapest of all lengths in the bounds (the rounding of m* and whole forks cost a little). */
    private static void assertNearlyCheapest(ForkPlan plan, Thresholds thresholds, int maxIterations) {
        double cheapest = Double.POSITIVE_INFINITY;
        for (int m = ForkPlan.MIN_ITERATIONS; m <= maxIterations; m++) {
            OptionalInt n = Power.forksNeeded(plan.target(), plan.noise().forkValueCv(m), thresholds, POWER, 200);
            if (n.isPresent()) {
                cheapest = Math.min(cheapest, plan.secondsAt(n.getAsInt(), m));
            }
        }
        assertTrue(plan.seconds() <= 1.10 * cheapest, plan.seconds() + " s against the cheapest " + cheapest + " s");
    }
}
