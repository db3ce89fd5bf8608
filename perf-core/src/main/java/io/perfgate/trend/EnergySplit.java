package io.perfgate.trend;

/**
 * The split search of E-Divisive means (Matteson and James, 2014, with the energy distance of exponent 1): in a
 * segment Z of a window, the candidate split tau maximises over kappa the divergence between X = Z[from, tau) and
 * Y = Z[tau, kappa)
 * <pre>
 * Q = 2 / (n + m) sum |x - y|
 *     - 2 m / ((n + m)(n - 1)) sum_{i &lt; k} |x_i - x_k|
 *     - 2 n / ((n + m)(m - 1)) sum_{j &lt; k} |y_j - y_k|
 * </pre>
 * with n = |X|, m = |Y| (a within-sum of one element is 0). Letting kappa stop before the segment's end is what
 * makes the statistic see a step followed by another step. Ties go to the smallest tau, then the smallest kappa,
 * as in Otava. With row sums of the distance matrix prepared once, each (tau, kappa) costs O(1).
 */
final class EnergySplit {
    private final double[] values;
    /** {@code rowSums[k][c]} = sum of |values[k] - values[c']| over c' &lt; c. */
    private final double[][] rowSums;

    EnergySplit(double[] values) {
        this.values = values;
        int n = values.length;
        rowSums = new double[n][n + 1];
        for (int k = 0; k < n; k++) {
            for (int c = 0; c < n; c++) {
                rowSums[k][c + 1] = rowSums[k][c] + Math.abs(values[k] - values[c]);
            }
        }
    }

    /** Sum of |values[k] - values[i]| for i in [from, to). */
    private double distances(int k, int from, int to) {
        return rowSums[k][to] - rowSums[k][from];
    }

    /** The best split of {@code values[from, to)}, which must hold at least two values. */
    Candidate best(int from, int to) {
        if (to - from < 2) {
            throw new IllegalArgumentException("a segment of " + (to - from) + " values cannot be split");
        }
        int bestTau = from + 1;
        int bestKappa = to;
        double bestQ = Double.NEGATIVE_INFINITY;
        double withinX = 0;
        for (int tau = from + 1; tau < to; tau++) {
            withinX += distances(tau - 1, from, tau - 1);
            int n = tau - from;
            double across = 0;
            double withinY = 0;
            for (int kappa = tau + 1; kappa <= to; kappa++) {
                int added = kappa - 1;
                across += distances(added, from, tau);
                withinY += distances(added, tau, added);
                int m = kappa - tau;
                double q = 2.0 / (n + m) * across;
                if (n > 1) {
                    q -= 2.0 * m / ((n + m) * (n - 1.0)) * withinX;
                }
                if (m > 1) {
                    q -= 2.0 * n / ((n + m) * (m - 1.0)) * withinY;
                }
                if (q > bestQ) {
                    bestQ = q;
                    bestTau = tau;
                    bestKappa = kappa;
                }
            }
        }
        return new Candidate(bestTau, bestKappa, bestQ);
    }

    /** A split: the first index of the new level, the end kappa of the new level that maximised it, its divergence. */
    static final class Candidate {
        private final int index;
        private final int end;
        private final double divergence;

        Candidate(int index, int end, double divergence) {
            this.index = index;
            this.end = end;
            this.divergence = divergence;
        }

        int index() {
            return index;
        }

        /** kappa: the runs {@code [index, end)} are the other level that the divergence compared. */
        int end() {
            return end;
        }

        double divergence() {
            return divergence;
        }
    }
}
