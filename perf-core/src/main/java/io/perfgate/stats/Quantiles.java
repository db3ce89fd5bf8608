package io.perfgate.stats;

import java.util.Arrays;
import java.util.Objects;

/**
 * Sample quantiles and their distribution-free confidence intervals.
 *
 * <ul>
 * <li>{@link #percentile(double[], double)} is the type-7 estimator of Hyndman and Fan (1996), the default of
 * R and NumPy: h = (n - 1) p, linear interpolation between the order statistics around h. For p95 at
 * n &lt;= 50 it beats Harrell-Davis (statistics.md section 5).</li>
 * <li>{@link #interval(double[], double, double)} is the order-statistic interval: the number of sample values
 * below the true p-quantile is Binomial(n, p) whatever the distribution, so [x_(l), x_(u)] covers it with
 * probability P(l &lt;= B &lt; u). Each tail gets at most (1 - confidence) / 2.</li>
 * </ul>
 */
public final class Quantiles {
    private Quantiles() {
    }

    /** The median (mean of the two middle values for an even count). */
    public static double median(double[] values) {
        return percentile(values, 0.5);
    }

    /** The median absolute deviation times this estimates the standard deviation of normal data (1 / z(0.75)). */
    public static final double MAD_TO_SIGMA = 1.4826;

    /** The median absolute deviation from the median; NaN for no values. */
    public static double mad(double[] values) {
        double m = median(values);
        double[] deviations = new double[values.length];
        for (int i = 0; i < values.length; i++) {
            deviations[i] = Math.abs(values[i] - m);
        }
        return median(deviations);
    }

    /**
     * The type-7 sample quantile.
     *
     * @param values finite values, not necessarily sorted (not modified)
     * @param p the probability in [0, 1], e.g. 0.95
     */
    public static double percentile(double[] values, double p) {
        double[] sorted = sortedCopy(values);
        if (!(p >= 0 && p <= 1)) {
            throw new IllegalArgumentException("quantile probability must be in [0, 1], was " + p);
        }
        return percentileOfSorted(sorted, p);
    }

    static double percentileOfSorted(double[] sorted, double p) {
        double h = (sorted.length - 1) * p;
        int lower = (int) Math.floor(h);
        int upper = Math.min(lower + 1, sorted.length - 1);
        double fraction = h - lower;
        return fraction == 0 ? sorted[lower] : sorted[lower] + fraction * (sorted[upper] - sorted[lower]);
    }

    /**
     * A distribution-free two-sided interval of the median. See {@link #interval(double[], double, double)}.
     */
    public static OrderStatisticInterval medianInterval(double[] values, double confidence) {
        return interval(values, 0.5, confidence);
    }

    /**
     * A distribution-free two-sided confidence interval of the p-quantile from order statistics: the lower
     * end is x_(l) with l the largest rank such that P(B &lt;= l - 1) &lt;= (1 - confidence) / 2 for
     * B ~ Binomial(n, p), the upper end x_(u) with u the smallest rank such that P(B &gt;= u) &lt;=
     * (1 - confidence) / 2. When the sample is too small for a tail (e.g. fewer than 6 values for a 95 %
     * interval of the median, fewer than 72 for the p95), that end is unbounded and
     * {@link OrderStatisticInterval#isBounded()} is false.
     */
    public static OrderStatisticInterval interval(double[] values, double p, double confidence) {
        double[] sorted = sortedCopy(values);
        if (!(p > 0 && p < 1)) {
            throw new IllegalArgumentException("quantile probability must be in (0, 1), was " + p);
        }
        if (!(confidence > 0 && confidence < 1)) {
            throw new IllegalArgumentException("confidence must be in (0, 1), was " + confidence);
        }
        int n = sorted.length;
        // a relative 1e-12 of slack keeps exact boundaries (n = 1, p = 0.95, 90 %: P = 0.05 = tail) on the
        // inclusive side despite rounding in 1 - confidence and in the binomial probabilities
        double tail = (1 - confidence) / 2 * (1 + 1e-12);
        double[] pmf = binomialPmf(n, p);
        // lower rank l (1-based): P(B <= l - 1) <= tail
        int lowerRank = 0;
        double cumulative = 0;
        for (int r = 1; r <= n; r++) {
            cumulative += pmf[r - 1];
            if (cumulative <= tail) {
                lowerRank = r;
            } else {
                break;
            }
        }
        // upper rank u (1-based): P(B >= u) <= tail
        int upperRank = n + 1;
        double upperTail = 0;
        for (int r = n; r >= 1; r--) {
            upperTail += pmf[r];
            if (upperTail <= tail) {
                upperRank = r;
            } else {
                break;
            }
        }
        double coverage = 0;
        for (int b = Math.max(lowerRank, 0); b < Math.min(upperRank, n + 1); b++) {
            coverage += pmf[b];
        }
        double lower = lowerRank == 0 ? Double.NEGATIVE_INFINITY : sorted[lowerRank - 1];
        double upper = upperRank == n + 1 ? Double.POSITIVE_INFINITY : sorted[upperRank - 1];
        return new OrderStatisticInterval(p, percentileOfSorted(sorted, p), lower, upper, lowerRank, upperRank,
                Math.min(1, coverage), n);
    }

    private static double[] binomialPmf(int n, double p) {
        double[] pmf = new double[n + 1];
        // log-space to stay finite for thousands of samples
        double logP = Math.log(p);
        double logQ = Math.log1p(-p);
        double logBinom = 0;
        for (int k = 0; k <= n; k++) {
            if (k > 0) {
                logBinom += Math.log((double) (n - k + 1) / k);
            }
            pmf[k] = Math.exp(logBinom + k * logP + (n - k) * logQ);
        }
        return pmf;
    }

    static double[] sortedCopy(double[] values) {
        Objects.requireNonNull(values, "values");
        if (values.length == 0) {
            throw new IllegalArgumentException("no values");
        }
        double[] sorted = values.clone();
        for (int i = 0; i < sorted.length; i++) {
            if (!Double.isFinite(sorted[i])) {
                throw new IllegalArgumentException("value " + (i + 1) + " is " + sorted[i] + ", not a finite number");
            }
        }
        Arrays.sort(sorted);
        return sorted;
    }
}
