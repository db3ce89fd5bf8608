package io.perfgate.trend;

import org.apache.commons.statistics.distribution.TDistribution;

/**
 * The test that decides whether a split separates two levels: Student's two-sample t-test, two-sided, pooled
 * variance, as Otava applies it. Like Otava it pools the segments' population variances (divisor n, not n - 1)
 * with n - 1 weights; the p-values then agree with Otava's to rounding. A segment of one run has variance 0; two
 * runs in all cannot be tested (p = 1). Two constant segments at different levels give p = 0, at one level
 * p = 1.
 */
final class SegmentTest {
    /** Level of the displayed interval of the change. */
    static final double INTERVAL_LEVEL = 0.95;

    private SegmentTest() {
    }

    /** Compares {@code values[from, split)} with {@code values[split, to)}. */
    static Comparison compare(double[] values, int from, int split, int to) {
        if (!(from < split && split < to)) {
            throw new IllegalArgumentException("empty segment in [" + from + ", " + split + ", " + to + ")");
        }
        int n1 = split - from;
        int n2 = to - split;
        double mean1 = mean(values, from, split);
        double mean2 = mean(values, split, to);
        double ss1 = squares(values, from, split, mean1);
        double ss2 = squares(values, split, to, mean2);
        if (n1 + n2 <= 2) {
            return new Comparison(n1, n2, mean1, mean2, 1.0, Double.NaN);
        }
        int df = n1 + n2 - 2;
        // Population variances ss / n, weighted by n - 1 (Otava's convention, see the class comment).
        double pooled = ((n1 - 1) * (ss1 / n1) + (n2 - 1) * (ss2 / n2)) / df;
        double standardError = Math.sqrt(pooled * (1.0 / n1 + 1.0 / n2));
        double difference = mean2 - mean1;
        TDistribution t = TDistribution.of(df);
        double p;
        if (standardError == 0) {
            p = difference == 0 ? 1.0 : 0.0;
        } else {
            p = Math.min(1.0, 2 * t.survivalProbability(Math.abs(difference) / standardError));
        }
        double halfWidth = t.inverseSurvivalProbability((1 - INTERVAL_LEVEL) / 2) * standardError;
        return new Comparison(n1, n2, mean1, mean2, p, halfWidth);
    }

    private static double mean(double[] values, int from, int to) {
        double sum = 0;
        for (int i = from; i < to; i++) {
            sum += values[i];
        }
        return sum / (to - from);
    }

    private static double squares(double[] values, int from, int to, double mean) {
        double sum = 0;
        for (int i = from; i < to; i++) {
            double d = values[i] - mean;
            sum += d * d;
        }
        return sum;
    }

    /**
     * Two segments compared: sizes, means, the two-sided p-value of equal means and the half width of the
     * {@value #INTERVAL_LEVEL} interval of the difference of the means (NaN when it cannot be estimated).
     */
    static final class Comparison {
        private final int runsBefore;
        private final int runsAfter;
        private final double meanBefore;
        private final double meanAfter;
        private final double pValue;
        private final double halfWidth;

        Comparison(int runsBefore, int runsAfter, double meanBefore, double meanAfter, double pValue,
                double halfWidth) {
            this.runsBefore = runsBefore;
            this.runsAfter = runsAfter;
            this.meanBefore = meanBefore;
            this.meanAfter = meanAfter;
            this.pValue = pValue;
            this.halfWidth = halfWidth;
        }

        int runsBefore() {
            return runsBefore;
        }

        int runsAfter() {
            return runsAfter;
        }

        double meanBefore() {
            return meanBefore;
        }

        double meanAfter() {
            return meanAfter;
        }

        double pValue() {
            return pValue;
        }

        double halfWidth() {
            return halfWidth;
        }

        /** After over before, minus one; 0 when the mean before is 0. */
        double change() {
            return meanBefore == 0 ? 0 : meanAfter / meanBefore - 1;
        }

        /** The larger of the forward and the backward relative change, Otava's magnitude. */
        double magnitude() {
            double forward = meanBefore == 0 ? 0 : meanAfter / meanBefore - 1;
            double backward = meanAfter == 0 ? 0 : meanBefore / meanAfter - 1;
            return Math.max(Math.abs(forward), Math.abs(backward));
        }
    }
}
