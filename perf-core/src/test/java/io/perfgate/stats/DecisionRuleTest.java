package io.perfgate.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class DecisionRuleTest {
    private static final Thresholds DEFAULTS = new Thresholds(0.10, 0.05, 0.05);
    /** Ten forks around 100 with about 1 % spread. */
    private static final double[] BASE = {100, 101, 99, 100.5, 99.5, 100.2, 99.8, 101.2, 98.9, 100.1};

    private static double[] scaled(double[] values, double factor) {
        double[] out = new double[values.length];
        for (int i = 0; i < out.length; i++) {
            out[i] = values[i] * factor;
        }
        return out;
    }

    /** The baseline's shape reversed and scaled, so the two sides are not identical copies. */
    private static double[] candidate(double factor) {
        double[] out = new double[BASE.length];
        for (int i = 0; i < out.length; i++) {
            out[i] = BASE[BASE.length - 1 - i] * factor;
        }
        return out;
    }

    private static Decision decide(double[] base, double[] cand, Direction direction) {
        return DecisionRule.decide(ShiftTest.compare(base, cand, direction, DEFAULTS));
    }

    @Test
    void clearSlowdownFails() {
        Decision d = decide(BASE, candidate(1.234), Direction.LOWER_IS_BETTER);
        assertEquals(Verdict.FAIL, d.verdict());
        assertEquals("+23.4 % [+22.4 %, +24.4 %] is above the 10 % limit (p < 0.0001, 10 vs 10 forks)", d.reason());
        assertEquals("median time +23.4 % [+22.4 %, +24.4 %] is above the 10 % limit (p < 0.0001, 10 vs 10 forks)",
                d.describe("median time"));
        assertEquals(0.05, d.effectiveAlpha(), 0);
        assertFalse(d.confidentPass());
    }

    @Test
    void throughputDropIsReportedInItsOwnDirectionAndAsASlowdown() {
        Decision d = decide(BASE, candidate(0.8), Direction.HIGHER_IS_BETTER);
        assertEquals(Verdict.FAIL, d.verdict());
        assertEquals("-20.0 % [-20.6 %, -19.4 %], a 25.0 % slowdown, is above the 10 % limit"
                + " (p < 0.0001, 10 vs 10 forks)", d.reason());
    }

    @Test
    void clearImprovement() {
        Decision time = decide(BASE, candidate(0.8), Direction.LOWER_IS_BETTER);
        assertEquals(Verdict.IMPROVED, time.verdict());
        assertEquals("-20.0 % [-20.6 %, -19.4 %] is an improvement beyond the 10 % limit (p < 0.0001, 10 vs 10 forks)",
                time.reason());
        Decision throughput = decide(BASE, candidate(1.25), Direction.HIGHER_IS_BETTER);
        assertEquals(Verdict.IMPROVED, throughput.verdict());
    }

    @Test
    void noChangeIsAConfidentPass() {
        Decision d = decide(BASE, candidate(1.0), Direction.LOWER_IS_BETTER);
        assertEquals(Verdict.PASS, d.verdict());
        assertTrue(d.confidentPass());
        assertEquals("PASS (confident)", d.label());
        assertEquals("+0.0 % [-0.8 %, +0.8 %] is within the 10 % limit; a 10 % slowdown is ruled out"
                + " (95 % upper bound +0.7 %, 10 vs 10 forks)", d.reason());
    }

    @Test
    void smallRealSlowdownWarns() {
        Decision d = decide(BASE, candidate(1.03), Direction.LOWER_IS_BETTER);
        assertEquals(Verdict.WARN, d.verdict());
        assertEquals("+3.0 % [+2.2 %, +3.8 %] is a real slowdown, below the 10 % limit (p < 0.0001 against no change,"
                + " 10 vs 10 forks)", d.reason());
    }

    @Test
    void smallRealThroughputDropWarnsAsASlowdown() {
        Decision d = decide(BASE, candidate(1 / 1.03), Direction.HIGHER_IS_BETTER);
        assertEquals(Verdict.WARN, d.verdict());
        assertTrue(d.reason().startsWith("-2.9 % ["), d.reason());
        assertTrue(d.reason().contains("] is a real 3.0 % slowdown, below the 10 % limit (p < 0.0001 against no change,"
                + " 10 vs 10 forks)"), d.reason());
    }

    @Test
    void largeButUncertainSlowdownWarnsAndAsksForForks() {
        double[] base = {100, 80, 125, 95, 110};
        double[] cand = {118, 90, 140, 102, 128};
        Decision d = decide(base, cand, Direction.LOWER_IS_BETTER);
        ShiftComparison c = d.comparison();
        assertTrue(c.ratio() >= 1.10, "estimate at the limit: " + c.ratio());
        assertTrue(c.pSlower() > 0.05);
        assertEquals(Verdict.WARN, d.verdict());
        assertTrue(d.reason().endsWith("is above the 10 % limit but not significantly above 5 % (p = "
                + StatsText.pValue(c.pSlower(), 0.05) + ", 5 vs 5 forks): run more forks to decide"), d.reason());
    }

    @Test
    void noisyNoChangePassesWithoutConfidence() {
        double[] base = {100, 80, 125, 95, 110, 90};
        double[] cand = {104, 79, 122, 99, 113, 88};
        Decision d = decide(base, cand, Direction.LOWER_IS_BETTER);
        assertEquals(Verdict.PASS, d.verdict());
        assertFalse(d.confidentPass());
        assertTrue(d.reason().endsWith("is within the 10 % limit (6 vs 6 forks)"), d.reason());
    }

    @Test
    void tooFewForksAreInconclusive() {
        Decision d = decide(new double[] {100, 101, 99, 100}, candidate(1.5), Direction.LOWER_IS_BETTER);
        assertEquals(Verdict.INCONCLUSIVE, d.verdict());
        assertTrue(d.reason().endsWith("is not judged: 4 baseline and 10 candidate forks, but at least 5 per side"
                + " are needed"), d.reason());
        assertEquals(Verdict.FAIL, DecisionRule.decide(d.comparison(), 0.05, 4).verdict(), "min forks is settable");
    }

    @Test
    void effectiveAlphaDecidesLikeAnAdjustedLevel() {
        ShiftComparison c = ShiftTest.compare(new double[] {100, 101, 99, 100.5, 99.5, 100.2, 99.8, 101.2, 98.9, 100.1},
                new double[] {112, 109, 99, 111, 113, 100, 112, 108, 111.5, 110}, Direction.LOWER_IS_BETTER, DEFAULTS);
        assertTrue(c.ratio() >= 1.10, "estimate " + c.ratio());
        assertTrue(c.pSlower() <= 0.05 && c.pSlower() > 0.001, "p " + c.pSlower());
        assertEquals(Verdict.FAIL, DecisionRule.decide(c, 0.05).verdict());
        Decision strict = DecisionRule.decide(c, 0.001);
        assertEquals(Verdict.WARN, strict.verdict());
        assertEquals(0.001, strict.effectiveAlpha(), 0);
        // p <= level exactly when the bound at that level clears 1 + T_min
        for (double level : new double[] {0.05, 0.01, c.pSlower(), Math.nextDown(c.pSlower()), 0.001}) {
            assertEquals(c.pSlower() <= level, c.lowerBound(level) > 1.05, "level " + level);
        }
    }

    @Test
    void smallSampleGuardAsksForStrongerEvidenceBelowTenForks() {
        // 6 vs 6, clearly above the limit but p between 0.01 and 0.05
        double[] base = {100, 103, 97, 101, 99, 104};
        double[] cand = {112, 104, 117, 110, 119, 113};
        ShiftComparison c = ShiftTest.compare(base, cand, Direction.LOWER_IS_BETTER, DEFAULTS);
        assertTrue(c.ratio() >= 1.10 && c.pSlower() <= 0.05 && c.pSlower() > 0.01, c.toString());
        Decision guarded = DecisionRule.decide(c);
        assertEquals(Verdict.WARN, guarded.verdict());
        assertTrue(guarded.reason().contains("6 vs 6 forks; below 10 forks per side a FAIL needs p <= 0.01):"
                + " run more forks to decide"), guarded.reason());
        assertEquals(Verdict.FAIL, DecisionRule.decide(c, 0.05, 5, 5).verdict(), "guard off");
        assertEquals(0.01, DecisionRule.failLevel(0.05, 9, 10, 10), 1e-15);
        assertEquals(0.05, DecisionRule.failLevel(0.05, 10, 10, 10), 0);
        assertEquals(1.0 / 70, DecisionRule.failLevel(0.05, 4, 4, 10), 1e-15, "complete separation at 4 vs 4");
        assertEquals(0.001, DecisionRule.failLevel(0.001, 4, 4, 10), 0, "never above the effective alpha");
    }

    @Test
    void guardedPValueIsWhatMultiplicityProceduresMustSee() {
        java.util.SplittableRandom random = new java.util.SplittableRandom(5);
        double[] levels = {0.05, 0.025, 0.01, 0.05 / 3, 0.05 / 12, 0.004, 1.0 / 70, 0.001, 0.3};
        for (int trial = 0; trial < 1500; trial++) {
            int m = 3 + random.nextInt(10);
            int n = 3 + random.nextInt(10);
            double ratio = 1 + 0.4 * random.nextDouble();
            ShiftComparison c = ShiftTest.compare(ShiftTestTest.sample(random, m, 100, 0.05, false),
                    ShiftTestTest.sample(random, n, 100 * ratio, 0.05, false), Direction.LOWER_IS_BETTER, DEFAULTS);
            for (double a : levels) {
                double failLevel = DecisionRule.failLevel(a, n, m, DecisionRule.DEFAULT_FULL_LEVEL_FORKS);
                assertEquals(c.pSlower() <= failLevel, DecisionRule.failPValue(c) <= a, c + " at " + a);
                assertEquals(c.pFaster() <= failLevel, DecisionRule.improvedPValue(c) <= a, c + " at " + a);
                if (c.ratio() >= 1.10 + 1e-9) {
                    assertEquals(DecisionRule.failPValue(c) <= a, DecisionRule.decide(c, a, 3).verdict() == Verdict.FAIL,
                            c + " at " + a);
                }
            }
        }
    }

    @Test
    void completeSeparationOfFourForksStillFails() {
        ShiftComparison c = ShiftTest.compare(new double[] {100, 101, 99, 100.5}, new double[] {150, 152, 148, 151},
                Direction.LOWER_IS_BETTER, DEFAULTS);
        assertEquals(1.0 / 70, c.pSlower(), 1e-15);
        assertEquals(Verdict.FAIL, DecisionRule.decide(c, 0.05, 4).verdict());
        ShiftComparison overlap = ShiftTest.compare(new double[] {100, 101, 99, 100.5}, new double[] {150, 152, 148, 100.7},
                Direction.LOWER_IS_BETTER, DEFAULTS);
        assertEquals(Verdict.WARN, DecisionRule.decide(overlap, 0.05, 4).verdict());
    }

    @Test
    void inconclusiveWithoutData() {
        Decision d = Decision.inconclusive("no raw data: run JMH without -Djmh.json.rawData=false");
        assertEquals(Verdict.INCONCLUSIVE, d.verdict());
        assertNull(d.comparison());
        assertTrue(Double.isNaN(d.effectiveAlpha()));
        Decision fail = decide(BASE, candidate(1.5), Direction.LOWER_IS_BETTER);
        Decision overruled = fail.overruledAsInconclusive("3 of 10 forks trend");
        assertEquals(Verdict.INCONCLUSIVE, overruled.verdict());
        assertEquals(fail.comparison(), overruled.comparison());
        assertEquals("3 of 10 forks trend", overruled.reason());
    }

    @Test
    void rejectsLevelsOutsideTheRange() {
        ShiftComparison c = ShiftTest.compare(BASE, BASE, Direction.LOWER_IS_BETTER, DEFAULTS);
        assertThrows(IllegalArgumentException.class, () -> DecisionRule.decide(c, 0.5));
        assertThrows(IllegalArgumentException.class, () -> DecisionRule.decide(c, Double.NaN));
        assertThrows(IllegalArgumentException.class, () -> DecisionRule.decide(c, 0.05, 0));
    }

    @Test
    void tinyEffectiveAlphaCanNeverFail() {
        ShiftComparison c = ShiftTest.compare(BASE, scaled(BASE, 2), Direction.LOWER_IS_BETTER, DEFAULTS);
        Decision d = DecisionRule.decide(c, 1e-7);
        assertEquals(Verdict.WARN, d.verdict());
        assertEquals(0.0, c.lowerBound(1e-7), 0, "no bound exists below the smallest p-value");
        assertEquals("unbounded", StatsText.percentChange(c.lowerBound(1e-7)));
    }
}
