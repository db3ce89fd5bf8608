package io.perfgate.stats;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.commons.statistics.distribution.NormalDistribution;

/**
 * Steady-state check of forks (statistics.md section 7): per fork, Kendall's tau between the iteration index
 * and the measured values, two-sided, a fork "trends" when p &lt; {@value #DEFAULT_TREND_LEVEL}; a comparison
 * side is INCONCLUSIVE when more than {@value #DEFAULT_MAX_UNSTABLE_FRACTION} of its forks trend (Barrett et
 * al., OOPSLA 2017, found only 43.5 % of VM/benchmark pairs consistently reach a steady state).
 *
 * <p>The statistic is S = sum over i &lt; j of sign(v_j - v_i) (concordant minus discordant pairs; the index has
 * no ties). Without ties in the values and up to {@value #EXACT_LIMIT} iterations the p-value is exact:
 * the number of discordant pairs of a random order has the Mahonian distribution (the number of inversions
 * of a random permutation), p = min(1, 2 P(D &lt;= min(D_obs, N - D_obs))) with N = n (n - 1) / 2. With ties
 * or more iterations, the normal approximation with the tie-corrected variance
 * Var S = (n (n - 1) (2n + 5) - sum t (t - 1) (2t + 5)) / 18 over groups of t tied values, without continuity
 * correction (as SciPy's {@code kendalltau} and R's {@code cor.test}). The reported tau is tau-b.
 *
 * <p>A series too short for the level cannot be judged: with 5 iterations even a perfectly monotone series
 * has p = 2 / 120 = 0.017, so at p &lt; 0.01 the test needs at least 6 measurement iterations (JMH's default
 * is 5); such forks are reported as {@link Status#UNTESTABLE}, never as stable.
 */
public final class SteadyState {
    /** Two-sided level below which a fork trends. */
    public static final double DEFAULT_TREND_LEVEL = 0.01;
    /** More than this fraction of a side's forks trending makes the comparison INCONCLUSIVE. */
    public static final double DEFAULT_MAX_UNSTABLE_FRACTION = 0.20;
    /** Iterations up to which the exact distribution is used. */
    static final int EXACT_LIMIT = 60;
    /** Fewer iterations than this cannot show a trend at any level. */
    static final int MIN_ITERATIONS = 4;

    private static final ConcurrentHashMap<Integer, double[]> INVERSION_CDF = new ConcurrentHashMap<>();
    private static final NormalDistribution STANDARD_NORMAL = NormalDistribution.of(0, 1);

    /** What a fork's trend test found. */
    public enum Status {
        /** No trend at the level. */
        STABLE,
        /** A monotone trend at the level: the fork did not reach a steady state. */
        TRENDING,
        /** Too few iterations for the test to ever reach the level. */
        UNTESTABLE
    }

    private SteadyState() {
    }

    /** The trend test of one fork's measurement iterations at {@value #DEFAULT_TREND_LEVEL}. */
    public static Trend trend(double[] iterations) {
        return trend(iterations, DEFAULT_TREND_LEVEL);
    }

    /**
     * The trend test of one fork's measurement iterations, in measurement order.
     *
     * @param level the two-sided level, e.g. 0.01
     */
    public static Trend trend(double[] iterations, double level) {
        Objects.requireNonNull(iterations, "iterations");
        if (!(level > 0 && level < 1)) {
            throw new IllegalArgumentException("trend level must be in (0, 1), was " + level);
        }
        for (int i = 0; i < iterations.length; i++) {
            if (!Double.isFinite(iterations[i])) {
                throw new IllegalArgumentException("iteration " + (i + 1) + " is " + iterations[i]
                        + ", not a finite number");
            }
        }
        int n = iterations.length;
        if (n < MIN_ITERATIONS) {
            return new Trend(n, Double.NaN, Double.NaN, Status.UNTESTABLE, "",
                    n + " iterations are too few for a trend test (at least " + MIN_ITERATIONS + " are needed)");
        }
        long pairs = (long) n * (n - 1) / 2;
        long s = 0;
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                s += Double.compare(iterations[j], iterations[i]);
            }
        }
        long tiedPairs = 0;
        double tieVariance = 0;
        List<Double> sorted = new ArrayList<>(n);
        for (double v : iterations) {
            sorted.add(v);
        }
        Collections.sort(sorted);
        for (int i = 0; i < n;) {
            int j = i;
            while (j < n && sorted.get(j).equals(sorted.get(i))) {
                j++;
            }
            long t = j - i;
            tiedPairs += t * (t - 1) / 2;
            tieVariance += t * (t - 1.0) * (2 * t + 5);
            i = j;
        }
        if (tiedPairs == pairs) {
            return new Trend(n, 0, 1, Status.STABLE, "", "all " + n + " iterations are equal");
        }
        double tau = s / Math.sqrt((double) pairs * (pairs - tiedPairs));
        boolean exact = tiedPairs == 0 && n <= EXACT_LIMIT;
        double p;
        double smallest;
        if (exact) {
            double[] cdf = inversionCdf(n);
            long discordant = (pairs - s) / 2;
            p = Math.min(1, 2 * cdf[(int) Math.min(discordant, pairs - discordant)]);
            smallest = Math.min(1, 2 * cdf[0]);
        } else {
            double variance = (n * (n - 1.0) * (2 * n + 5) - tieVariance) / 18;
            p = 2 * STANDARD_NORMAL.survivalProbability(Math.abs(s) / Math.sqrt(variance));
            smallest = 2 * STANDARD_NORMAL.survivalProbability(pairs / Math.sqrt(variance));
        }
        String method = exact ? "exact" : "normal approximation";
        if (smallest >= level) {
            return new Trend(n, tau, p, Status.UNTESTABLE, method, n + " iterations cannot show a trend at p < "
                    + StatsText.pValue(level, Double.NaN) + " (even a monotone series gives p = "
                    + StatsText.pValue(smallest, Double.NaN) + "); use at least " + iterationsNeeded(level)
                    + " measurement iterations");
        }
        boolean trending = p < level;
        String text = "Kendall tau " + String.format(Locale.ROOT, "%+.2f", tau) + " over " + n
                + " iterations, " + StatsText.pClause(p, level) + " (" + method + ")";
        return new Trend(n, tau, p, trending ? Status.TRENDING : Status.STABLE, method,
                trending ? text + ": the fork did not reach a steady state" : text);
    }

    /** The fewest iterations with which a monotone series reaches p &lt; level, exactly. */
    static int iterationsNeeded(double level) {
        int n = MIN_ITERATIONS;
        while (n <= EXACT_LIMIT && Math.min(1, 2 * inversionCdf(n)[0]) >= level) {
            n++;
        }
        return n;
    }

    /**
     * Assesses the forks of one side: each fork's trend test, and INCONCLUSIVE when more than
     * {@code maxUnstableFraction} of all forks trend.
     *
     * @param forks each fork's measurement iterations, in order
     */
    public static Assessment assess(List<double[]> forks, double level, double maxUnstableFraction) {
        Objects.requireNonNull(forks, "forks");
        if (!(maxUnstableFraction >= 0 && maxUnstableFraction < 1)) {
            throw new IllegalArgumentException("unstable fraction must be in [0, 1), was " + maxUnstableFraction);
        }
        List<Trend> trends = new ArrayList<>(forks.size());
        for (double[] fork : forks) {
            trends.add(trend(fork, level));
        }
        return new Assessment(trends, maxUnstableFraction);
    }

    /** {@link #assess(List, double, double)} with the defaults (p &lt; 0.01, more than 20 % of forks). */
    public static Assessment assess(List<double[]> forks) {
        return assess(forks, DEFAULT_TREND_LEVEL, DEFAULT_MAX_UNSTABLE_FRACTION);
    }

    /**
     * Below this relative half-width the steady band of {@link #settledFrom} is widened: a fork whose measurement
     * iterations agree to a few digits would otherwise call a warm-up iteration 0.2 % off "not settled".
     */
    static final double SETTLED_FLOOR = 0.005;
    /**
     * Half-width of the steady band of {@link #settledFrom} at least, in robust standard deviations of the
     * measurement iterations (1.4826 x their median absolute deviation).
     */
    static final double BAND_SIGMAS = 3;
    /**
     * Fewest warm-up iterations inside the band a steady run needs before one spike outside it is tolerated
     * ({@link #settledFrom}).
     */
    static final int SPIKE_TOLERANT_RUN = 3;
    /** Fewest warm-up iterations a learned warm-up keeps (statistics.md, "Warm-up that ends at steady state"). */
    public static final int MIN_LEARNED_WARMUP = 2;

    /**
     * From which warm-up iteration one fork was already at its steady level (statistics.md, "Warm-up that ends at
     * steady state"): the first iteration k such that warm-up iterations k .. end all lie in the band of the fork's
     * own measurement iterations, i.e. from their median out to their lowest and highest value but at least
     * {@value #BAND_SIGMAS} robust standard deviations (1.4826 x their median absolute deviation), each side widened
     * by sqrt(measurement iteration time / warm-up iteration time) (a shorter iteration averages over less time, so
     * its noise is larger by about that factor) and by {@value #SETTLED_FLOOR} of the median; one iteration of
     * k .. end may lie outside (a spike of the host) when at least {@value #SPIKE_TOLERANT_RUN} lie inside and k
     * does. A fork never settled
     * during warm-up when its last warm-up iteration lies outside the band, when its measurement itself trends
     * ({@link #trend}), or when a value is missing.
     *
     * @param warmup the fork's warm-up iteration scores, in order
     * @param measurement the same fork's measurement iteration scores, in order
     * @param timeRatio measurement iteration time / warm-up iteration time (1 when equal; values below 1 count as 1)
     */
    public static Settling settledFrom(double[] warmup, double[] measurement, double timeRatio) {
        Objects.requireNonNull(warmup, "warmup");
        Objects.requireNonNull(measurement, "measurement");
        int n = warmup.length;
        if (n == 0) {
            return new Settling(0, 0, "no warm-up iterations");
        }
        if (measurement.length < 2 || !allFinite(measurement) || !allFinite(warmup)) {
            return new Settling(n, 0, "warm-up or measurement values missing: cannot tell when the fork settled");
        }
        Trend trend = trend(measurement);
        if (trend.isTrending()) {
            return new Settling(n, 0, "the measurement iterations themselves trend (" + trend.description() + ")");
        }
        double median = Quantiles.median(measurement);
        double lowest = Double.POSITIVE_INFINITY;
        double highest = Double.NEGATIVE_INFINITY;
        for (double v : measurement) {
            lowest = Math.min(lowest, v);
            highest = Math.max(highest, v);
        }
        double widen = Math.sqrt(Math.max(1, Double.isFinite(timeRatio) ? timeRatio : 1));
        double floor = SETTLED_FLOOR * Math.abs(median);
        // six iterations span only about 2.5 standard deviations, so their range alone would call ordinary noise
        // in a longer warm-up unsettled: each side reaches at least BAND_SIGMAS robust standard deviations
        double sigmas = BAND_SIGMAS * Quantiles.MAD_TO_SIGMA * Quantiles.mad(measurement);
        double low = median - widen * Math.max(median - lowest, sigmas) - floor;
        double high = median + widen * Math.max(highest - median, sigmas) + floor;
        int k = n;
        while (k > 0 && inside(warmup[k - 1], low, high)) {
            k--;
        }
        // one spike in an otherwise steady run is the host's, not the JIT's: the run may hold one iteration outside
        // the band, when at least SPIKE_TOLERANT_RUN of its iterations lie inside and the run starts inside
        int spike = -1;
        int tolerant = n;
        int inside = 0;
        for (int i = n - 1; i >= 0; i--) {
            if (inside(warmup[i], low, high)) {
                tolerant = i;
                inside++;
            } else if (spike < 0) {
                spike = i;
            } else {
                break;
            }
        }
        if (spike >= 0 && tolerant < Math.min(k, spike) && inside >= SPIKE_TOLERANT_RUN) {
            // inside counts only iterations of the run from tolerant on: the scan stopped at the second miss
            k = tolerant;
        } else {
            spike = -1;
        }
        String band = String.format(Locale.ROOT, "%.4g .. %.4g", low, high);
        if (k == n) {
            return new Settling(n, 0, String.format(Locale.ROOT, "last warm-up iteration %.4g outside the"
                    + " measurement's band %s", warmup[n - 1], band));
        }
        return new Settling(n, k + 1, "warm-up iterations " + (k + 1) + " .. " + n + " within the measurement's band "
                + band + (spike >= 0 ? String.format(Locale.ROOT, " but for one spike (iteration %d, %.4g)", spike + 1,
                        warmup[spike]) : ""));
    }

    private static boolean inside(double value, double low, double high) {
        return value >= low && value <= high;
    }

    /**
     * The warm-up iterations later forks need, learned from earlier forks: the most iterations any settled fork spent
     * before its steady level, plus half of it and one more as margin, at least {@value #MIN_LEARNED_WARMUP}, at most
     * {@code full}. No fork settled, or more forks not settled than {@link #unsettledTolerated} allows, gives
     * {@code full}.
     */
    public static int learnedWarmup(List<Settling> forks, int full) {
        int unsettled = 0;
        int before = -1;
        for (Settling s : forks) {
            if (s.settled()) {
                before = Math.max(before, s.steadyFrom() - 1);
            } else {
                unsettled++;
            }
        }
        if (before < 0 || unsettled > unsettledTolerated(forks.size())) {
            return full;
        }
        int learned = before + (int) Math.ceil(before / 2.0) + 1;
        return Math.min(full, Math.max(MIN_LEARNED_WARMUP, learned));
    }

    /**
     * How many of {@code forks} forks may have not settled and a warm-up still be learned from the rest: one, or
     * {@link #DEFAULT_MAX_UNSTABLE_FRACTION} of them where that is more (the share of unsteady forks the gate
     * tolerates before it calls a benchmark INCONCLUSIVE). One fork's trend or late level is often the host's; a
     * second one in a few forks is a pattern, and the warm-up goes back to full.
     */
    public static int unsettledTolerated(int forks) {
        return Math.max(1, (int) Math.floor(DEFAULT_MAX_UNSTABLE_FRACTION * forks));
    }

    private static boolean allFinite(double[] values) {
        for (double v : values) {
            if (!Double.isFinite(v)) {
                return false;
            }
        }
        return true;
    }

    /** P(D &lt;= d) for the number of inversions D of a uniformly random permutation of n items. */
    private static double[] inversionCdf(int n) {
        return INVERSION_CDF.computeIfAbsent(n, size -> {
            int max = size * (size - 1) / 2;
            double[] probability = new double[max + 1];
            probability[0] = 1;
            int top = 0;
            // inserting item i adds 0 .. i - 1 inversions, uniformly
            for (int i = 2; i <= size; i++) {
                double[] next = new double[max + 1];
                for (int d = 0; d <= top; d++) {
                    double share = probability[d] / i;
                    for (int add = 0; add < i; add++) {
                        next[d + add] += share;
                    }
                }
                top += i - 1;
                probability = next;
            }
            double[] cdf = new double[max + 1];
            double cumulative = 0;
            for (int d = 0; d <= max; d++) {
                cumulative += probability[d];
                cdf[d] = cumulative;
            }
            return cdf;
        });
    }

    /** One fork's trend test. Immutable. */
    public static final class Trend {
        private final int iterations;
        private final double tau;
        private final double pValue;
        private final Status status;
        private final String method;
        private final String description;

        Trend(int iterations, double tau, double pValue, Status status, String method, String description) {
            this.iterations = iterations;
            this.tau = tau;
            this.pValue = pValue;
            this.status = status;
            this.method = method;
            this.description = description;
        }

        public int iterations() {
            return iterations;
        }

        /** Kendall's tau-b of iteration index against value; positive: values grow (slower for a time). */
        public double tau() {
            return tau;
        }

        /** Two-sided p-value; NaN when fewer than 4 iterations. */
        public double pValue() {
            return pValue;
        }

        public Status status() {
            return status;
        }

        /** True when the fork trends at the level. */
        public boolean isTrending() {
            return status == Status.TRENDING;
        }

        /** "exact", "normal approximation", or empty when no test ran. */
        public String method() {
            return method;
        }

        /** For people, e.g. "Kendall tau +0.87 over 10 iterations, p = 0.0002 (exact): the fork did not reach ...". */
        public String description() {
            return description;
        }

        @Override
        public String toString() {
            return status + ": " + description;
        }
    }

    /** The trend tests of one side's forks and the verdict on the side. Immutable. */
    public static final class Assessment {
        private final List<Trend> trends;
        private final int trending;
        private final int untestable;
        private final boolean inconclusive;
        private final String reason;

        Assessment(List<Trend> trends, double maxUnstableFraction) {
            this.trends = Collections.unmodifiableList(new ArrayList<>(trends));
            int trendingCount = 0;
            int untestableCount = 0;
            for (Trend t : trends) {
                if (t.status() == Status.TRENDING) {
                    trendingCount++;
                } else if (t.status() == Status.UNTESTABLE) {
                    untestableCount++;
                }
            }
            this.trending = trendingCount;
            this.untestable = untestableCount;
            int total = trends.size();
            this.inconclusive = total > 0 && trendingCount > maxUnstableFraction * total;
            if (inconclusive) {
                reason = trendingCount + " of " + total + " forks trend across their measurement iterations (more than "
                        + StatsText.percent(maxUnstableFraction) + "): not in a steady state; add warmup iterations";
            } else if (total > 0 && untestableCount == total) {
                reason = "steady state not checked: " + trends.get(0).description();
            } else {
                reason = trendingCount + " of " + total + " forks trend" + (untestableCount > 0
                        ? ", " + untestableCount + " could not be tested" : "");
            }
        }

        public List<Trend> trends() {
            return trends;
        }

        /** Number of forks with a trend. */
        public int trendingForks() {
            return trending;
        }

        /** Number of forks too short to test. */
        public int untestableForks() {
            return untestable;
        }

        /** True when more than the allowed fraction of forks trend: report the comparison as INCONCLUSIVE. */
        public boolean isInconclusive() {
            return inconclusive;
        }

        /** For people: the count of trending forks, or why none could be tested. */
        public String reason() {
            return reason;
        }
    }

    /** When one fork's warm-up reached its steady level ({@link #settledFrom}). Immutable. */
    public static final class Settling {
        private final int iterations;
        private final int steadyFrom;
        private final String description;

        Settling(int iterations, int steadyFrom, String description) {
            this.iterations = iterations;
            this.steadyFrom = steadyFrom;
            this.description = description;
        }

        /** The fork's warm-up iterations. */
        public int iterations() {
            return iterations;
        }

        /** The 1-based warm-up iteration from which the fork was steady; 0 when it never settled during warm-up. */
        public int steadyFrom() {
            return steadyFrom;
        }

        public boolean settled() {
            return steadyFrom > 0;
        }

        /** For people: the band and the iterations in it, or why the fork did not settle. */
        public String description() {
            return description;
        }

        @Override
        public String toString() {
            return (settled() ? "steady from warm-up iteration " + steadyFrom + " of " + iterations
                    : "not settled in " + iterations + " warm-up iterations") + ": " + description;
        }
    }
}
