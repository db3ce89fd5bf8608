package io.perfgate.stats;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.perfgate.stats.Multiplicity.Feasibility;
import io.perfgate.stats.Multiplicity.Mode;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class MultiplicityTest {
    private static final double[] P = {0.010, 0.040, 0.030, 0.005, 0.200};

    @Test
    void holmAdjustedValues() {
        // sorted 0.005, 0.010, 0.030, 0.040, 0.200 -> 5x, 4x, 3x, 2x, 1x with running maximum
        // 0.025, 0.040, 0.090, 0.090 (max of 0.08 and 0.09), 0.200
        assertArrayEquals(new double[] {0.040, 0.090, 0.090, 0.025, 0.200}, Multiplicity.adjust(P, Mode.HOLM), 1e-15);
    }

    @Test
    void benjaminiHochbergAdjustedValues() {
        // K p_(i) / i: 0.025, 0.025, 0.05, 0.05, 0.2 -> running minimum from the top
        assertArrayEquals(new double[] {0.025, 0.050, 0.050, 0.025, 0.200},
                Multiplicity.adjust(P, Mode.BENJAMINI_HOCHBERG), 1e-15);
    }

    @Test
    void noneLeavesValuesAlone() {
        assertArrayEquals(P, Multiplicity.adjust(P, Mode.NONE), 0);
        assertArrayEquals(new double[] {0.05, 0.05, 0.05, 0.05, 0.05}, Multiplicity.effectiveAlphas(P, 0.05, Mode.NONE), 0);
    }

    @Test
    void effectiveLevelsRejectExactlyWhatTheAdjustedValuesReject() {
        SplittableRandom random = new SplittableRandom(3);
        for (int trial = 0; trial < 2000; trial++) {
            int k = 1 + random.nextInt(30);
            double[] p = new double[k];
            for (int i = 0; i < k; i++) {
                p[i] = random.nextInt(4) == 0 ? random.nextDouble() * 0.01 : random.nextDouble();
                if (i > 0 && random.nextInt(10) == 0) {
                    p[i] = p[i - 1]; // ties
                }
            }
            for (Mode mode : Mode.values()) {
                double[] adjusted = Multiplicity.adjust(p, mode);
                double[] levels = Multiplicity.effectiveAlphas(p, 0.05, mode);
                for (int i = 0; i < k; i++) {
                    assertEquals(adjusted[i] <= 0.05, p[i] <= levels[i], mode + " hypothesis " + i);
                    assertTrue(adjusted[i] >= p[i] && adjusted[i] <= 1);
                }
            }
        }
    }

    @Test
    void holmLevelsFollowTheStepDown() {
        double[] levels = Multiplicity.effectiveAlphas(P, 0.05, Mode.HOLM);
        // 0.005 <= 0.05/5 and 0.010 <= 0.05/4 are rejected; 0.030 > 0.05/3 stops the procedure
        assertEquals(0.05 / 5, levels[3], 1e-15);
        assertEquals(0.05 / 4, levels[0], 1e-15);
        assertEquals(0.05 / 3, levels[2], 1e-15);
        assertEquals(0.05 / 3, levels[1], 1e-15);
        assertEquals(0.05 / 3, levels[4], 1e-15);
    }

    @Test
    void feasibilityReproducesTheReferenceLimitsWithoutTheGuard() {
        // statistics.md section 4: n = 5 allows K <= 12, n = 8 allows K <= 643, n = 10 allows K <= 9,200
        assertTrue(Multiplicity.feasibility(5, 5, 12, 0.05, Mode.HOLM, 0).isPossible());
        assertFalse(Multiplicity.feasibility(5, 5, 13, 0.05, Mode.HOLM, 0).isPossible());
        assertTrue(Multiplicity.feasibility(8, 8, 643, 0.05, Mode.HOLM, 0).isPossible());
        assertFalse(Multiplicity.feasibility(8, 8, 644, 0.05, Mode.HOLM, 0).isPossible());
        assertTrue(Multiplicity.feasibility(10, 10, 9237, 0.05, Mode.HOLM, 0).isPossible());
        assertFalse(Multiplicity.feasibility(10, 10, 9238, 0.05, Mode.HOLM, 0).isPossible());
    }

    @Test
    void feasibilityWithTheSmallSampleGuard() {
        // the guard never lowers the level below the smallest p-value, so the limits stay the same
        assertTrue(Multiplicity.feasibility(5, 5, 12, 0.05, Mode.HOLM).isPossible());
        Feasibility f = Multiplicity.feasibility(5, 5, 13, 0.05, Mode.HOLM);
        assertFalse(f.isPossible());
        assertEquals(1.0 / 252, f.smallestPValue(), 1e-15);
        assertEquals(0.05 / 13, f.requiredPValue(), 1e-15);
        assertEquals(6, f.forksPerSideNeeded());
        assertEquals("no comparison can fail: the smallest p-value of these fork counts is 0.004 but 0.0038 is needed;"
                + " use at least 6 forks per side", f.warning());
        assertTrue(Multiplicity.feasibility(8, 8, 643, 0.05, Mode.HOLM).isPossible());
        assertFalse(Multiplicity.feasibility(8, 8, 644, 0.05, Mode.HOLM).isPossible());
        assertEquals("", Multiplicity.feasibility(10, 10, 50, 0.05, Mode.BENJAMINI_HOCHBERG).warning());
        // without multiplicity, 4 vs 4 can still fail on complete separation (p = 1/70 <= 0.05)
        assertTrue(Multiplicity.feasibility(4, 4, 1, 0.05, Mode.NONE).isPossible());
        assertEquals(1.0 / 70, Multiplicity.feasibility(4, 4, 1, 0.05, Mode.NONE).requiredPValue(), 1e-15);
        // unequal sides: 1 / C(3 + 20, 3) = 1 / 1771
        assertEquals(1.0 / 1771, Multiplicity.feasibility(3, 20, 1, 0.05, Mode.NONE, 0).smallestPValue(), 1e-15);
    }

    @Test
    void parsesModes() {
        assertEquals(Mode.HOLM, Mode.parse(" Holm "));
        assertEquals(Mode.BENJAMINI_HOCHBERG, Mode.parse("bh"));
        assertEquals(Mode.NONE, Mode.parse("none"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Mode.parse("bonferroni"));
        assertEquals("'bonferroni' is not a multiplicity mode; use none, holm or bh (Benjamini-Hochberg)", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Multiplicity.adjust(new double[] {1.5}, Mode.HOLM));
    }
}
