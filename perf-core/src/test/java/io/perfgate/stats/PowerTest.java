package io.perfgate.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

class PowerTest {
    private static final Thresholds DEFAULTS = new Thresholds(0.10, 0.05, 0.05);

    @Test
    void detectableSlowdownIsAboveTheLimitAndShrinksWithForks() {
        double five = Power.detectableSlowdown(5, 5, 0.04, DEFAULTS, 0.8);
        double ten = Power.detectableSlowdown(10, 10, 0.04, DEFAULTS, 0.8);
        double forty = Power.detectableSlowdown(40, 40, 0.04, DEFAULTS, 0.8);
        double hundred = Power.detectableSlowdown(100, 100, 0.04, DEFAULTS, 0.8);
        assertTrue(five > ten && ten > forty && forty > hundred && hundred > 1.10,
                five + " " + ten + " " + forty + " " + hundred);
        // statistics.md: reliable detection needs about 1.5 x T_fail at 10 forks (moderate noise)
        assertEquals(1.15, Power.detectableSlowdown(10, 10, 0.06, DEFAULTS, 0.8), 0.02);
    }

    @Test
    void powerIsAboutHalfAtTheLimitAndRisesWithTheSlowdown() {
        assertEquals(0.5, Power.failProbability(20, 20, 0.03, DEFAULTS, 1.10), 0.05);
        assertTrue(Power.failProbability(10, 10, 0.03, DEFAULTS, 1.00) < 0.001);
        assertTrue(Power.failProbability(10, 10, 0.03, DEFAULTS, 1.25) > 0.99);
        double ratio = Power.detectableSlowdown(8, 8, 0.05, DEFAULTS, 0.8);
        assertEquals(0.8, Power.failProbability(8, 8, 0.05, DEFAULTS, ratio), 0.002);
    }

    @Test
    void simulationAndLargeSampleFormulaAgreeAtTheSwitch() {
        double simulated = Power.detectableSlowdown(30, 30, 0.05, DEFAULTS, 0.8);
        double formula = Power.detectableSlowdown(30, 31, 0.05, DEFAULTS, 0.8);
        assertEquals(simulated, formula, 0.005);
    }

    @Test
    void forksNeeded() {
        OptionalInt forks = Power.forksNeeded(1.15, 0.04, DEFAULTS, 0.8, 100);
        assertTrue(forks.isPresent());
        int n = forks.getAsInt();
        assertTrue(Power.detectableSlowdown(n, n, 0.04, DEFAULTS, 0.8) <= 1.15);
        assertTrue(n == DecisionRule.DEFAULT_MIN_FORKS || Power.detectableSlowdown(n - 1, n - 1, 0.04, DEFAULTS, 0.8) > 1.15);
        assertFalse(Power.forksNeeded(1.10, 0.04, DEFAULTS, 0.8, 100).isPresent(), "50 % power at the limit itself");
        assertFalse(Power.forksNeeded(1.11, 0.30, DEFAULTS, 0.8, 20).isPresent());
    }

    @Test
    void impossibleForkCountsNeverFail() {
        // 3 vs 3: the smallest p-value, 1/20, is above alpha = 0.025
        Thresholds strict = new Thresholds(0.10, 0.05, 0.025);
        assertEquals(Double.POSITIVE_INFINITY, Power.detectableSlowdown(3, 3, 0.03, strict, 0.8), 0);
        assertEquals(0, Power.failProbability(3, 3, 0.03, strict, 2.0), 0);
        assertTrue(Power.detectableSlowdown(3, 3, 0.03, DEFAULTS, 0.8) < 1.2, "complete separation suffices at 0.05");
        assertThrows(IllegalArgumentException.class, () -> Power.detectableSlowdown(10, 10, 0, DEFAULTS, 0.8));
        assertThrows(IllegalArgumentException.class, () -> Power.detectableSlowdown(10, 10, 0.03, DEFAULTS, 0.4));
    }

    /**
     * Pooling works on the log-scale variances, weighed by degrees of freedom: the result is the CV of the forks of
     * both estimates put together, and an estimate that is missing adds nothing.
     */
    @Test
    void pooledNoiseWeighsEachEstimateByItsDegreesOfFreedom() {
        double[] a = {100, 104, 97, 101, 99, 103, 96, 102};
        double[] b = {200, 190, 214, 205, 196};
        double pooled = Power.pooledCv(Power.forkCv(a), a.length - 1, Power.forkCv(b), b.length - 1);
        assertEquals(Power.forkCv(a, b), pooled, 1e-12, "the CV of both sets of forks, each around its own mean");

        assertEquals(0.05, Power.pooledCv(0.05, 10, 0.05, 3), 1e-12);
        double heavy = Power.pooledCv(0.02, 28, 0.10, 8);
        assertTrue(heavy > 0.02 && heavy < 0.06, "closer to the estimate with more degrees of freedom: " + heavy);
        assertEquals(0.10, Power.pooledCv(Double.NaN, 28, 0.10, 8), 1e-12);
        assertEquals(0.02, Power.pooledCv(0.02, 28, 0.10, 0), 1e-12);
        assertTrue(Double.isNaN(Power.pooledCv(Double.NaN, 4, Double.POSITIVE_INFINITY, 4)));
    }
}
