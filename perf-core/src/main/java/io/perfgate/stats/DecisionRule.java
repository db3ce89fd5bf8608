package io.perfgate.stats;

import java.util.Objects;

/**
 * The gate's decision rule (statistics.md section 3), applied to a {@link ShiftComparison} at an effective
 * one-sided level {@code a} (the thresholds' alpha, or a level from {@link Multiplicity} or the sequential
 * mode's alpha / 2). With R the Hodges-Lehmann ratio (larger = slower) and L, U its one-sided (1 - a) bounds:
 *
 * <table>
 * <caption>Verdicts, checked in this order</caption>
 * <tr><th>verdict</th><th>condition</th></tr>
 * <tr><td>INCONCLUSIVE</td><td>a side has fewer than {@code minForks} forks</td></tr>
 * <tr><td>FAIL</td><td>R &gt;= 1 + T_fail and L &gt; 1 + T_min (equivalently pSlower &lt;= a)</td></tr>
 * <tr><td>IMPROVED</td><td>R &lt;= 1 / (1 + T_fail) and U &lt; 1 / (1 + T_min) (pFaster &lt;= a)</td></tr>
 * <tr><td>WARN</td><td>R &gt;= 1 + T_fail but L &lt;= 1 + T_min (more forks needed), or L &gt; 1 but
 * R &lt; 1 + T_fail (a real slowdown below the limit)</td></tr>
 * <tr><td>PASS</td><td>otherwise; "confident" when U &lt; 1 + T_fail</td></tr>
 * </table>
 *
 * The improvement side mirrors the slowdown side on the log scale, so for a time "10 % faster" means a ratio
 * of 1 / 1.1 and for a throughput it means +10 %. Ratios equal to a limit within
 * {@link ShiftTest#TIE_TOLERANCE} count as reaching it.
 *
 * <h2>Small-sample guard (a deviation from statistics.md)</h2>
 * With fewer than {@value #DEFAULT_FULL_LEVEL_FORKS} forks on a side (benchstat's minimum; JMH's default is 5),
 * FAIL and IMPROVED need p &lt;= a / {@value #SMALL_SAMPLE_ALPHA_DIVISOR}, or, when the fork counts cannot give
 * so small a p-value (4 vs 4: at least 1/70), the smallest they can give (complete separation), never more
 * than a; otherwise the verdict is WARN ("run more forks"). Without it, a true slowdown of exactly T_min (5 %) failed 2.3 % of 5-fork builds in
 * the project's simulation (1.2 % at 8 forks, 0.7 % at 10); with it, at most 0.5 % at any fork count. The
 * cost is power at few forks only (8 % fork noise, 5 forks, true +20 %: 33 % FAIL instead of 70 %, the rest
 * WARN). Pass {@code fullLevelForks = minForks} to turn it off.
 */
public final class DecisionRule {
    /** Fewer forks than this on either side: INCONCLUSIVE (at 3 vs 3 the smallest one-sided p is 0.05). */
    public static final int DEFAULT_MIN_FORKS = 5;

    /** From this many forks per side FAIL and IMPROVED use the full effective alpha. */
    public static final int DEFAULT_FULL_LEVEL_FORKS = 10;

    /** Below {@link #DEFAULT_FULL_LEVEL_FORKS} forks, FAIL and IMPROVED need p &lt;= alpha / this. */
    public static final int SMALL_SAMPLE_ALPHA_DIVISOR = 5;

    private DecisionRule() {
    }

    /** Decides at the thresholds' alpha with {@value #DEFAULT_MIN_FORKS} forks needed per side. */
    public static Decision decide(ShiftComparison comparison) {
        return decide(comparison, comparison.thresholds().alpha(), DEFAULT_MIN_FORKS);
    }

    /** Decides at an effective one-sided level, with {@value #DEFAULT_MIN_FORKS} forks needed per side. */
    public static Decision decide(ShiftComparison comparison, double effectiveAlpha) {
        return decide(comparison, effectiveAlpha, DEFAULT_MIN_FORKS);
    }

    /**
     * Decides one comparison.
     *
     * @param comparison the comparison (its thresholds give T_fail and T_min)
     * @param effectiveAlpha the one-sided level in [0, 0.5): the thresholds' alpha, a Holm or
     *        Benjamini-Hochberg level from {@link Multiplicity#effectiveAlphas}, or alpha / 2 in sequential mode
     * @param minForks the fewest forks per side that can be judged, at least 1
     */
    public static Decision decide(ShiftComparison comparison, double effectiveAlpha, int minForks) {
        return decide(comparison, effectiveAlpha, minForks, DEFAULT_FULL_LEVEL_FORKS);
    }

    /**
     * Decides one comparison, with an explicit small-sample guard.
     *
     * @param fullLevelForks with fewer forks than this on a side, FAIL and IMPROVED are tested at
     *        {@link #failLevel}; {@code minForks} or less turns the guard off
     * @see #decide(ShiftComparison, double, int)
     */
    public static Decision decide(ShiftComparison comparison, double effectiveAlpha, int minForks,
            int fullLevelForks) {
        Objects.requireNonNull(comparison, "comparison");
        if (!(effectiveAlpha >= 0 && effectiveAlpha < 0.5)) {
            throw new IllegalArgumentException("effective alpha must be in [0, 0.5), was " + effectiveAlpha);
        }
        if (minForks < 1) {
            throw new IllegalArgumentException("minimum forks must be at least 1, was " + minForks);
        }
        Thresholds t = comparison.thresholds();
        int n = comparison.candidateCount();
        int m = comparison.baselineCount();
        String forks = m + " vs " + n + " forks";
        String estimate = estimate(comparison);
        String limit = StatsText.percent(t.fail()) + " limit";

        if (n < minForks || m < minForks) {
            return new Decision(Verdict.INCONCLUSIVE, false,
                    estimate + " is not judged: " + m + " baseline and " + n + " candidate forks, but at least "
                            + minForks + " per side are needed",
                    comparison, effectiveAlpha);
        }
        double tolerance = ShiftTest.TIE_TOLERANCE;
        double logFail = Math.log1p(t.fail());
        double logRatio = comparison.logRatio();
        String pSlower = StatsText.pClause(comparison.pSlower(), effectiveAlpha);

        boolean fewForks = Math.min(n, m) < fullLevelForks;
        double failAlpha = failLevel(effectiveAlpha, n, m, fullLevelForks);
        boolean atLimit = logRatio >= logFail - tolerance;
        if (atLimit && comparison.pSlower() <= failAlpha) {
            return new Decision(Verdict.FAIL, false,
                    estimate + slowdown(comparison) + " is above the " + limit + " (" + pSlower + ", " + forks + ")",
                    comparison, effectiveAlpha);
        }
        if (logRatio <= -logFail + tolerance && comparison.pFaster() <= failAlpha) {
            return new Decision(Verdict.IMPROVED, false,
                    estimate + " is an improvement beyond the " + limit + " ("
                            + StatsText.pClause(comparison.pFaster(), effectiveAlpha) + ", " + forks + ")",
                    comparison, effectiveAlpha);
        }
        if (atLimit) {
            String guard = fewForks && comparison.pSlower() <= effectiveAlpha
                    ? "; below " + fullLevelForks + " forks per side a FAIL needs p <= "
                            + StatsText.pValue(failAlpha, Double.NaN)
                    : "";
            return new Decision(Verdict.WARN, false,
                    estimate + slowdown(comparison) + " is above the " + limit + " but not significantly above "
                            + StatsText.percent(t.minEffect()) + " (" + pSlower + ", " + forks + guard
                            + "): run more forks to decide",
                    comparison, effectiveAlpha);
        }
        if (comparison.pSlowerThanBaseline() <= effectiveAlpha) {
            return new Decision(Verdict.WARN, false,
                    estimate + " is a real " + (comparison.direction() == Direction.HIGHER_IS_BETTER
                            ? StatsText.percentChange(comparison.ratio()).substring(1) + " " : "")
                            + "slowdown, below the " + limit + " ("
                            + StatsText.pClause(comparison.pSlowerThanBaseline(), effectiveAlpha)
                            + " against no change, " + forks + ")",
                    comparison, effectiveAlpha);
        }
        boolean confident = comparison.logUpperBound(effectiveAlpha) < logFail - tolerance;
        String pass = confident
                ? " is within the " + limit + "; a " + StatsText.percent(t.fail()) + " slowdown is ruled out ("
                        + StatsText.percent(1 - effectiveAlpha) + " " + boundText(comparison, effectiveAlpha)
                        + ", " + forks + ")"
                : " is within the " + limit + " (" + forks + ")";
        return new Decision(Verdict.PASS, confident, estimate + pass, comparison, effectiveAlpha);
    }

    /**
     * The level FAIL and IMPROVED are tested at. With at least {@code fullLevelForks} forks per side, the
     * effective alpha a. With fewer, min(a, max(a / {@value #SMALL_SAMPLE_ALPHA_DIVISOR}, 1 / C(n + m, n))):
     * a fifth of a, but never below the smallest p-value the fork counts can give, so a complete separation
     * can still fail whenever it could without the guard (and Holm's feasibility is unchanged).
     */
    public static double failLevel(double effectiveAlpha, int candidateForks, int baselineForks, int fullLevelForks) {
        if (Math.min(candidateForks, baselineForks) >= fullLevelForks) {
            return effectiveAlpha;
        }
        double smallest = MannWhitneyDistribution.of(candidateForks, baselineForks).smallestPValue();
        return Math.min(effectiveAlpha, Math.max(effectiveAlpha / SMALL_SAMPLE_ALPHA_DIVISOR, smallest));
    }

    /**
     * The p-value of the FAIL test as the rule applies it, small-sample guard included: the smallest level a
     * at which {@code pSlower() <= failLevel(a, ...)}. That is pSlower with at least
     * {@value #DEFAULT_FULL_LEVEL_FORKS} forks per side; below, pSlower itself for a complete separation (the
     * smallest p-value the fork counts can give) and min(1, {@value #SMALL_SAMPLE_ALPHA_DIVISOR} pSlower)
     * otherwise. Give these to {@link Multiplicity} so that Holm's and Benjamini-Hochberg's steps see the
     * evidence the rule will demand: {@code failPValue(c) <= a} exactly when
     * {@code c.pSlower() <= failLevel(a, n, m, DEFAULT_FULL_LEVEL_FORKS)}.
     */
    public static double failPValue(ShiftComparison comparison) {
        return guardedPValue(comparison.pSlower(), comparison.candidateCount(), comparison.baselineCount(),
                DEFAULT_FULL_LEVEL_FORKS);
    }

    /** The mirror of {@link #failPValue(ShiftComparison)} for IMPROVED. */
    public static double improvedPValue(ShiftComparison comparison) {
        return guardedPValue(comparison.pFaster(), comparison.candidateCount(), comparison.baselineCount(),
                DEFAULT_FULL_LEVEL_FORKS);
    }

    /** See {@link #failPValue(ShiftComparison)}; {@code p} is pSlower or pFaster of n vs m forks. */
    public static double guardedPValue(double p, int candidateForks, int baselineForks, int fullLevelForks) {
        if (Math.min(candidateForks, baselineForks) >= fullLevelForks) {
            return p;
        }
        double smallest = MannWhitneyDistribution.of(candidateForks, baselineForks).smallestPValue();
        return p <= smallest ? p : Math.min(1, SMALL_SAMPLE_ALPHA_DIVISOR * p);
    }

    /** "+23.4 % [+18.1 %, +29.0 %]" in the metric's own direction. */
    static String estimate(ShiftComparison c) {
        return StatsText.percentChange(c.nativeRatio()) + " [" + StatsText.percentChange(c.nativeCiLower()) + ", "
                + StatsText.percentChange(c.nativeCiUpper()) + "]";
    }

    /** For metrics where higher is better, restates the change as a slowdown: " (a 23.4 % slowdown)". */
    private static String slowdown(ShiftComparison c) {
        if (c.direction() != Direction.HIGHER_IS_BETTER) {
            return "";
        }
        return ", a " + StatsText.percentChange(c.ratio()).substring(1) + " slowdown,";
    }

    /** The one-sided bound that rules out a slowdown, in the metric's direction. */
    private static String boundText(ShiftComparison c, double alpha) {
        double upper = c.upperBound(alpha);
        return (c.direction() == Direction.HIGHER_IS_BETTER ? "lower bound " : "upper bound ")
                + StatsText.percentChange(c.toNative(upper));
    }
}
