package io.perfgate.stats;

import java.util.Arrays;
import java.util.Objects;

/**
 * Compares candidate forks with baseline forks by the exact one-sided Mann-Whitney test of a log-scale
 * shift and its Hodges-Lehmann estimate. Entry point: {@link #compare(double[], double[], Direction, Thresholds)}.
 *
 * <h2>The math</h2>
 * Each input value is one fork's (or one run's) summary in the metric's own unit; values must be finite and
 * positive. Orient so that larger means slower: x_i = log(candidate_i), y_j = log(baseline_j) when lower is
 * better, and the negated logs when higher is better (throughput: 1 / score). With the N = n m pairwise
 * differences d_ij = x_i - y_j sorted as d_(1) &lt;= ... &lt;= d_(N):
 * <ul>
 * <li>Hodges-Lehmann ratio R = exp(median d_ij), the estimate of the factor by which the candidate is slower;</li>
 * <li>one-sided (1 - alpha) lower bound L = exp(d_(k)), with k the largest integer such that
 * P(U &lt;= k - 1) &lt;= alpha under the exact null distribution of the Mann-Whitney U statistic; the upper
 * bound is the mirror exp(d_(N - k + 1)) (Hollander and Wolfe, Nonparametric Statistical Methods,
 * ch. 4.3; Bauer 1972);</li>
 * <li>p-value of H0 "candidate &lt;= baseline x (1 + T_min)": with delta = log(1 + T_min), U = #{d_ij &gt; delta}
 * and p = P(U' &gt;= U) under the null distribution. Since U &gt;= N - k + 1 exactly when d_(k) &gt; delta,
 * p &lt;= alpha if and only if L &gt; 1 + T_min, for every alpha.</li>
 * </ul>
 *
 * <h2>Ties</h2>
 * Ties within one sample do not change U. A difference equal to the tested shift (within
 * {@value #TIE_TOLERANCE} on the log scale, so 105 ms against 100 ms counts as exactly +5 %) is counted
 * against the alternative hypothesis: it does not count as "slower" for the slowdown test, nor as "faster"
 * for the improvement test. The p-value is then the largest one over all ways to break the ties, and the
 * equivalence with the bound still holds. Commons Statistics' {@code MannWhitneyUTest} instead scores a tie as
 * one half and, with any tie in the pooled data, switches to the normal approximation; the unit tests check
 * that both agree whenever there is no tie.
 *
 * <h2>Sizes</h2>
 * Exact up to n m = 10,000 pairs (for instance 100 vs 100 forks); beyond, the normal approximation with
 * continuity correction is used for both the p-value and the bounds, so they stay consistent.
 */
public final class ShiftTest {
    /**
     * Differences closer than this to a tested shift, on the natural-log scale, are ties. Far below any
     * performance effect (a relative 1e-9), far above the rounding of a difference of two logs (1e-16).
     */
    public static final double TIE_TOLERANCE = 1e-9;

    /** Confidence level of the displayed two-sided interval. */
    public static final double DISPLAY_CONFIDENCE = 0.95;

    private ShiftTest() {
    }

    /**
     * Compares per-fork summaries.
     *
     * @param baseline one value per baseline fork, in the metric's unit (finite, positive)
     * @param candidate one value per candidate fork, in the same unit
     * @param direction which way the metric improves; {@link Direction#HIGHER_IS_BETTER} values are inverted
     * @param thresholds T_fail, T_min (the shift of the null hypothesis) and alpha
     * @return the comparison, which can compute bounds at any alpha
     * @throws IllegalArgumentException if a side is empty or holds a value that is not finite and positive
     */
    public static ShiftComparison compare(double[] baseline, double[] candidate, Direction direction,
            Thresholds thresholds) {
        Objects.requireNonNull(direction, "direction");
        Objects.requireNonNull(thresholds, "thresholds");
        double[] base = orientedLogs("baseline", baseline, direction);
        double[] cand = orientedLogs("candidate", candidate, direction);
        MannWhitneyDistribution distribution = MannWhitneyDistribution.of(cand.length, base.length);
        double[] differences = new double[base.length * cand.length];
        int index = 0;
        for (double x : cand) {
            for (double y : base) {
                differences[index++] = x - y;
            }
        }
        Arrays.sort(differences);
        return new ShiftComparison(baseline.clone(), candidate.clone(), direction, thresholds, differences,
                distribution);
    }

    private static double[] orientedLogs(String side, double[] values, Direction direction) {
        Objects.requireNonNull(values, side);
        if (values.length == 0) {
            throw new IllegalArgumentException("the " + side + " has no forks to compare");
        }
        double sign = direction == Direction.HIGHER_IS_BETTER ? -1 : 1;
        double[] logs = new double[values.length];
        for (int i = 0; i < values.length; i++) {
            double v = values[i];
            if (!(v > 0) || Double.isInfinite(v)) {
                throw new IllegalArgumentException("the " + side + " value of fork " + (i + 1) + " is " + v
                        + ", but a time, rate or size must be finite and positive (its logarithm is taken)");
            }
            logs[i] = sign * Math.log(v);
        }
        return logs;
    }
}
