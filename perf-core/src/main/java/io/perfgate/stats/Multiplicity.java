package io.perfgate.stats;

import java.util.Arrays;
import java.util.Comparator;
import java.util.Locale;
import java.util.Objects;

/**
 * Multiple-comparison control over the K comparisons of one build (statistics.md section 4).
 *
 * <ul>
 * <li>{@link Mode#NONE}: each comparison at alpha; the T_min / T_fail floor keeps false FAILs rare.</li>
 * <li>{@link Mode#HOLM}: Holm's step-down procedure (Holm 1979) controls the family-wise error rate: with the
 * p-values sorted p_(1) &lt;= ... &lt;= p_(K), reject while p_(i) &lt;= alpha / (K - i + 1). Adjusted value:
 * max over j &lt;= i of min(1, (K - j + 1) p_(j)).</li>
 * <li>{@link Mode#BENJAMINI_HOCHBERG}: the step-up procedure of Benjamini and Hochberg (1995) controls the false
 * discovery rate: reject the r smallest, r the largest i with p_(i) &lt;= i alpha / K. Adjusted value (q-value):
 * min over j &gt;= i of min(1, K p_(j) / j).</li>
 * </ul>
 *
 * {@link #effectiveAlphas} turns a procedure into one level per comparison, such that p_i &lt;= level_i exactly
 * when the procedure rejects hypothesis i; {@link DecisionRule#decide(ShiftComparison, double)} at that level
 * then gives the adjusted verdict and the bound that matches it.
 */
public final class Multiplicity {
    /** How the K comparisons of a build share alpha. */
    public enum Mode {
        NONE,
        HOLM,
        BENJAMINI_HOCHBERG;

        /** Parses "none", "holm", "bh" or "benjamini-hochberg" (case-insensitive). */
        public static Mode parse(String text) {
            String t = Objects.requireNonNull(text, "mode").trim().toLowerCase(Locale.ROOT);
            switch (t) {
                case "none":
                    return NONE;
                case "holm":
                    return HOLM;
                case "bh":
                case "benjamini-hochberg":
                case "benjamini_hochberg":
                    return BENJAMINI_HOCHBERG;
                default:
                    throw new IllegalArgumentException("'" + text
                            + "' is not a multiplicity mode; use none, holm or bh (Benjamini-Hochberg)");
            }
        }
    }

    private Multiplicity() {
    }

    /** Adjusted p-values in the input order (for {@link Mode#NONE} a copy of the input). */
    public static double[] adjust(double[] pValues, Mode mode) {
        check(pValues);
        int k = pValues.length;
        double[] adjusted = new double[k];
        if (mode == Mode.NONE || k == 0) {
            return pValues.clone();
        }
        Integer[] order = ascendingOrder(pValues);
        if (mode == Mode.HOLM) {
            double running = 0;
            for (int i = 0; i < k; i++) {
                running = Math.max(running, Math.min(1, (k - i) * pValues[order[i]]));
                adjusted[order[i]] = running;
            }
        } else {
            double running = 1;
            for (int i = k - 1; i >= 0; i--) {
                double p = pValues[order[i]];
                // K p / i >= p in exact arithmetic; the max keeps it so after rounding
                running = Math.min(running, Math.max(p, Math.min(1, k * p / (i + 1))));
                adjusted[order[i]] = running;
            }
        }
        return adjusted;
    }

    /**
     * One level per comparison such that {@code pValues[i] <= level[i]} exactly when the procedure rejects
     * hypothesis i at family level {@code alpha}. Holm: alpha / (K - i + 1) for the i-th smallest p while the
     * procedure keeps rejecting, then the level of the first acceptance for the rest. Benjamini-Hochberg: one
     * level r alpha / K for all (alpha / K when r = 0). NONE: alpha for all.
     */
    public static double[] effectiveAlphas(double[] pValues, double alpha, Mode mode) {
        check(pValues);
        if (!(alpha > 0 && alpha < 0.5)) {
            throw new IllegalArgumentException("alpha must be in (0, 0.5), was " + alpha);
        }
        int k = pValues.length;
        double[] levels = new double[k];
        if (mode == Mode.NONE) {
            Arrays.fill(levels, alpha);
            return levels;
        }
        Integer[] order = ascendingOrder(pValues);
        if (mode == Mode.HOLM) {
            double stopLevel = -1;
            for (int i = 0; i < k; i++) {
                double level = alpha / (k - i);
                if (stopLevel < 0 && pValues[order[i]] > level) {
                    stopLevel = level;
                }
                levels[order[i]] = stopLevel < 0 ? level : stopLevel;
            }
            return levels;
        }
        int rejected = 0;
        for (int i = k - 1; i >= 0; i--) {
            if (pValues[order[i]] <= (i + 1) * alpha / k) {
                rejected = i + 1;
                break;
            }
        }
        Arrays.fill(levels, Math.max(rejected, 1) * alpha / k);
        return levels;
    }

    /**
     * Whether a regression can be found at all among {@code comparisons} comparisons of n vs m forks, under
     * the default small-sample guard of {@link DecisionRule}. See
     * {@link #feasibility(int, int, int, double, Mode, int)}.
     */
    public static Feasibility feasibility(int baselineForks, int candidateForks, int comparisons, double alpha,
            Mode mode) {
        return feasibility(baselineForks, candidateForks, comparisons, alpha, mode,
                DecisionRule.DEFAULT_FULL_LEVEL_FORKS);
    }

    /**
     * Whether a regression can be found at all among {@code comparisons} comparisons of n vs m forks: the
     * smallest exact one-sided p-value 1 / C(n + m, n) must not exceed the FAIL level, alpha (NONE) or
     * alpha / K (HOLM, and BENJAMINI_HOCHBERG when one comparison regresses alone), further divided by
     * {@value DecisionRule#SMALL_SAMPLE_ALPHA_DIVISOR} below {@code fullLevelForks} forks per side but never below
     * 1 / C(n + m, n) ({@link DecisionRule#failLevel}), so the guard does not change feasibility: 5 forks a
     * side let Holm fail among K &lt;= 12 comparisons, 8 forks K &lt;= 643, 10 forks K &lt;= 9,237
     * (statistics.md section 4).
     *
     * @param fullLevelForks as in {@link DecisionRule#decide(ShiftComparison, double, int, int)}
     */
    public static Feasibility feasibility(int baselineForks, int candidateForks, int comparisons, double alpha,
            Mode mode, int fullLevelForks) {
        if (baselineForks < 1 || candidateForks < 1 || comparisons < 1) {
            throw new IllegalArgumentException("fork and comparison counts must be positive, were "
                    + baselineForks + ", " + candidateForks + ", " + comparisons);
        }
        double familyLevel = mode == Mode.NONE ? alpha : alpha / comparisons;
        double level = DecisionRule.failLevel(familyLevel, candidateForks, baselineForks, fullLevelForks);
        double smallest = MannWhitneyDistribution.of(baselineForks, candidateForks).smallestPValue();
        int needed = 1;
        while (MannWhitneyDistribution.of(needed, needed).smallestPValue()
                > DecisionRule.failLevel(familyLevel, needed, needed, fullLevelForks)) {
            needed++;
        }
        return new Feasibility(smallest <= level, smallest, level, needed);
    }

    /** The answer of {@link #feasibility}. */
    public static final class Feasibility {
        private final boolean possible;
        private final double smallestPValue;
        private final double requiredPValue;
        private final int forksPerSideNeeded;

        Feasibility(boolean possible, double smallestPValue, double requiredPValue, int forksPerSideNeeded) {
            this.possible = possible;
            this.smallestPValue = smallestPValue;
            this.requiredPValue = requiredPValue;
            this.forksPerSideNeeded = forksPerSideNeeded;
        }

        /** Whether a FAIL (or IMPROVED) can happen at all. */
        public boolean isPossible() {
            return possible;
        }

        /** 1 / C(n + m, n), the smallest p-value the fork counts can give. */
        public double smallestPValue() {
            return smallestPValue;
        }

        /** The level the smallest p-value must reach: alpha, or alpha / K. */
        public double requiredPValue() {
            return requiredPValue;
        }

        /** The fewest forks per side (equal sides) that make a rejection possible. */
        public int forksPerSideNeeded() {
            return forksPerSideNeeded;
        }

        /** A warning for the build log, or the empty string when failure is possible. */
        public String warning() {
            if (possible) {
                return "";
            }
            return "no comparison can fail: the smallest p-value of these fork counts is "
                    + StatsText.pValue(smallestPValue, Double.NaN) + " but " + StatsText.pValue(requiredPValue, Double.NaN)
                    + " is needed; use at least " + forksPerSideNeeded + " forks per side";
        }
    }

    private static Integer[] ascendingOrder(double[] values) {
        Integer[] order = new Integer[values.length];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        Arrays.sort(order, Comparator.comparingDouble(i -> values[i]));
        return order;
    }

    private static void check(double[] pValues) {
        Objects.requireNonNull(pValues, "pValues");
        for (int i = 0; i < pValues.length; i++) {
            if (!(pValues[i] >= 0 && pValues[i] <= 1)) {
                throw new IllegalArgumentException("p-value " + (i + 1) + " is " + pValues[i] + ", not in [0, 1]");
            }
        }
    }
}
