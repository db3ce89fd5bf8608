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
}
