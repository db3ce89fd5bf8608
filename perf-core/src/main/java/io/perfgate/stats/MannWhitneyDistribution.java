package io.perfgate.stats;

import java.util.concurrent.ConcurrentHashMap;
import org.apache.commons.statistics.distribution.NormalDistribution;

/**
 * Null distribution of the Mann-Whitney statistic U = #{(i, j) : x_i > y_j} for samples of sizes n and m
 * without ties, so U takes the values 0 .. N with N = n * m, symmetric about N / 2.
 *
 * <p>Exact when N &lt;= {@value #EXACT_PAIR_LIMIT}: the counts of arrangements f(i, j, u) follow
 * f(i, j, u) = f(i - 1, j, u - j) + f(i, j - 1, u) (the largest of the i + j values belongs to x, beating
 * all j values of y, or to y), tabulated once per (n, m) in O(N^2 / 4) additions of non-negative numbers,
 * so the lower tail keeps full relative precision; the upper tail is read through the symmetry
 * P(U &gt;= u) = P(U &lt;= N - u). Above that size the normal approximation with continuity correction,
 * mean N / 2 and variance N (n + m + 1) / 12 is used (it is then accurate to a few parts in a thousand).
 *
 * <p>Instances are immutable and cached per unordered pair (n, m), so 10,000 comparisons of the same fork
 * counts pay for one table.
 */
final class MannWhitneyDistribution {
    /** Largest n * m tabulated exactly: 100 vs 100 forks costs about 25 million additions, once. */
    static final long EXACT_PAIR_LIMIT = 10_000;

    private static final ConcurrentHashMap<Long, MannWhitneyDistribution> CACHE = new ConcurrentHashMap<>();
    private static final NormalDistribution STANDARD_NORMAL = NormalDistribution.of(0, 1);

    private final int n;
    private final int m;
    private final int pairs;
    /** P(U &lt;= u) for u = 0 .. N, or null when approximated. */
    private final double[] lowerCdf;
    private final double standardDeviation;

    private MannWhitneyDistribution(int n, int m) {
        this.n = n;
        this.m = m;
        this.pairs = n * m;
        this.standardDeviation = Math.sqrt(pairs * (n + m + 1.0) / 12.0);
        this.lowerCdf = pairs <= EXACT_PAIR_LIMIT ? tabulate(Math.min(n, m), Math.max(n, m)) : null;
    }

    static MannWhitneyDistribution of(int n, int m) {
        if (n < 1 || m < 1) {
            throw new IllegalArgumentException("both samples need at least one value, sizes were " + n + " and " + m);
        }
        if ((long) n * m > Integer.MAX_VALUE / 2) {
            throw new IllegalArgumentException("samples of " + n + " and " + m + " values are too large");
        }
        long key = ((long) Math.min(n, m) << 32) | Math.max(n, m);
        return CACHE.computeIfAbsent(key, k -> new MannWhitneyDistribution(n, m));
    }

    private static double[] tabulate(int small, int large) {
        // counts[i][u] = f(i, j, u) after processing j values of the larger sample; updated in place with
        // increasing i, so counts[i - 1] already holds column j when counts[i] is updated.
        double[][] counts = new double[small + 1][];
        for (int i = 0; i <= small; i++) {
            counts[i] = new double[i * large + 1];
            counts[i][0] = 1;
        }
        for (int j = 1; j <= large; j++) {
            for (int i = 1; i <= small; i++) {
                double[] row = counts[i];
                double[] shorter = counts[i - 1];
                int top = i * j;
                for (int u = top; u >= j; u--) {
                    row[u] += shorter[u - j];
                }
            }
        }
        double[] frequencies = counts[small];
        double total = 0;
        for (double f : frequencies) {
            total += f;
        }
        double[] cdf = new double[frequencies.length];
        double cumulative = 0;
        for (int u = 0; u < frequencies.length; u++) {
            cumulative += frequencies[u];
            cdf[u] = cumulative / total;
        }
        return cdf;
    }

    int pairs() {
        return pairs;
    }

    boolean isExact() {
        return lowerCdf != null;
    }

    /** P(U &lt;= u) under the null hypothesis. */
    double cdf(long u) {
        if (u < 0) {
            return 0;
        }
        if (u >= pairs) {
            return 1;
        }
        if (lowerCdf != null) {
            return lowerCdf[(int) u];
        }
        return STANDARD_NORMAL.cumulativeProbability((u + 0.5 - pairs / 2.0) / standardDeviation);
    }

    /** P(U &gt;= u) under the null hypothesis, by symmetry. */
    double survival(long u) {
        return cdf(pairs - u);
    }

    /**
     * The largest k in 0 .. N with P(U &lt;= k - 1) &lt;= alpha. The k-th smallest of the N sorted pairwise
     * differences is then a one-sided (1 - alpha) lower confidence bound of the shift (k = 0: no bound
     * exists at this alpha, the smallest p-value of these sample sizes is larger).
     */
    int criticalCount(double alpha) {
        if (lowerCdf != null) {
            int low = 0;
            int high = lowerCdf.length;
            // first index whose cdf exceeds alpha; that many values of u have cdf <= alpha
            while (low < high) {
                int mid = (low + high) >>> 1;
                if (lowerCdf[mid] <= alpha) {
                    low = mid + 1;
                } else {
                    high = mid;
                }
            }
            return Math.min(low, pairs);
        }
        int low = 0;
        int high = pairs + 1;
        while (low < high) {
            int mid = (low + high) >>> 1;
            if (cdf(mid) <= alpha) {
                low = mid + 1;
            } else {
                high = mid;
            }
        }
        return Math.min(low, pairs);
    }

    /** The smallest one-sided p-value these sample sizes can give: 1 / C(n + m, n). */
    double smallestPValue() {
        return cdf(0);
    }

    @Override
    public String toString() {
        return "MannWhitneyDistribution[" + n + " vs " + m + (isExact() ? ", exact]" : ", normal approximation]");
    }
}
