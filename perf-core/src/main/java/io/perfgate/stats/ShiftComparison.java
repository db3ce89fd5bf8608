package io.perfgate.stats;


/**
 * The result of {@link ShiftTest#compare(double[], double[], Direction, Thresholds)}: an immutable value.
 *
 * <p>Two views of every ratio:
 * <ul>
 * <li><em>oriented</em> ({@link #ratio()}, {@link #lowerBound()}, ...): larger means slower, whatever the metric
 * (for a throughput it is baseline / candidate); the decision rule works on these;</li>
 * <li><em>native</em> ({@link #nativeRatio()}, {@link #nativeCiLower()}, ...): candidate / baseline in the
 * metric's own unit, for display ("throughput -18 %"). For lower-is-better metrics both views are equal;
 * for higher-is-better ones native = 1 / oriented and the interval's ends swap.</li>
 * </ul>
 *
 * <p>The bounds are available at any alpha, so a multiplicity procedure or the sequential mode's alpha / 2
 * can ask for the bound that matches its effective level: {@code pSlower() <= a} exactly when
 * {@code lowerBound(a) > 1 + T_min}.
 */
public final class ShiftComparison {
    private final double[] baseline;
    private final double[] candidate;
    private final Direction direction;
    private final Thresholds thresholds;
    /** Sorted oriented log differences x_i - y_j. */
    private final double[] differences;
    private final MannWhitneyDistribution distribution;
    private final double logRatio;
    private final double pSlower;
    private final double pFaster;
    private final double pSlowerThanBaseline;
    private final double pFasterThanBaseline;
    private final int tiedPairs;

    ShiftComparison(double[] baseline, double[] candidate, Direction direction, Thresholds thresholds,
            double[] differences, MannWhitneyDistribution distribution) {
        this.baseline = baseline;
        this.candidate = candidate;
        this.direction = direction;
        this.thresholds = thresholds;
        this.differences = differences;
        this.distribution = distribution;
        this.logRatio = Quantiles.percentileOfSorted(differences, 0.5);
        double shift = Math.log1p(thresholds.minEffect());
        int pairs = differences.length;
        int slowerPairs = countAbove(shift);
        int fasterPairs = countBelow(-shift);
        this.pSlower = distribution.survival(slowerPairs);
        this.pFaster = distribution.survival(fasterPairs);
        this.pSlowerThanBaseline = distribution.survival(countAbove(0));
        this.pFasterThanBaseline = distribution.survival(countBelow(0));
        this.tiedPairs = pairs - countAbove(shift) - countBelow(shift)
                + (shift == 0 ? 0 : pairs - countAbove(-shift) - countBelow(-shift));
        assert slowerPairs >= 0 && fasterPairs >= 0;
    }

    /** Number of differences greater than {@code shift} by more than the tie tolerance. */
    private int countAbove(double shift) {
        return differences.length - firstIndexAbove(shift + ShiftTest.TIE_TOLERANCE);
    }

    /** Number of differences smaller than {@code shift} by more than the tie tolerance. */
    private int countBelow(double shift) {
        return firstIndexNotBelow(shift - ShiftTest.TIE_TOLERANCE);
    }

    private int firstIndexAbove(double value) {
        int low = 0;
        int high = differences.length;
        while (low < high) {
            int mid = (low + high) >>> 1;
            if (differences[mid] <= value) {
                low = mid + 1;
            } else {
                high = mid;
            }
        }
        return low;
    }

    private int firstIndexNotBelow(double value) {
        int low = 0;
        int high = differences.length;
        while (low < high) {
            int mid = (low + high) >>> 1;
            if (differences[mid] < value) {
                low = mid + 1;
            } else {
                high = mid;
            }
        }
        return low;
    }

    /** Number of baseline forks (m). */
    public int baselineCount() {
        return baseline.length;
    }

    /** Number of candidate forks (n). */
    public int candidateCount() {
        return candidate.length;
    }

    /** A copy of the baseline values as given. */
    public double[] baselineValues() {
        return baseline.clone();
    }

    /** A copy of the candidate values as given. */
    public double[] candidateValues() {
        return candidate.clone();
    }

    public Direction direction() {
        return direction;
    }

    /** The thresholds the p-values were computed with. */
    public Thresholds thresholds() {
        return thresholds;
    }

    /** Median of the baseline values, in the metric's unit. */
    public double baselineMedian() {
        return Quantiles.median(baseline);
    }

    /** Median of the candidate values, in the metric's unit. */
    public double candidateMedian() {
        return Quantiles.median(candidate);
    }

    /** The plain ratio of medians candidate / baseline in the metric's own direction, for readers. */
    public double medianRatio() {
        return candidateMedian() / baselineMedian();
    }

    // ---- oriented view: larger = slower ----

    /** Hodges-Lehmann ratio R = exp(median of all x_i - y_j), oriented so that larger means slower. */
    public double ratio() {
        return Math.exp(logRatio);
    }

    /** log R, the Hodges-Lehmann shift on the natural-log scale. */
    public double logRatio() {
        return logRatio;
    }

    /** One-sided (1 - alpha) lower bound of R at the thresholds' alpha. */
    public double lowerBound() {
        return lowerBound(thresholds.alpha());
    }

    /** One-sided (1 - alpha) upper bound of R at the thresholds' alpha. */
    public double upperBound() {
        return upperBound(thresholds.alpha());
    }

    /**
     * One-sided (1 - alpha) lower bound of R: exp(d_(k)) with k the largest integer such that
     * P(U &lt;= k - 1) &lt;= alpha. Zero when no bound exists (fewer forks than this alpha needs).
     */
    public double lowerBound(double alpha) {
        return Math.exp(logLowerBound(alpha));
    }

    /** One-sided (1 - alpha) upper bound of R, the mirror exp(d_(N - k + 1)); +infinity when none exists. */
    public double upperBound(double alpha) {
        return Math.exp(logUpperBound(alpha));
    }

    double logLowerBound(double alpha) {
        int k = distribution.criticalCount(checkAlpha(alpha));
        return k == 0 ? Double.NEGATIVE_INFINITY : differences[k - 1];
    }

    double logUpperBound(double alpha) {
        int k = distribution.criticalCount(checkAlpha(alpha));
        return k == 0 ? Double.POSITIVE_INFINITY : differences[differences.length - k];
    }

    private static double checkAlpha(double alpha) {
        if (!(alpha >= 0 && alpha < 0.5)) {
            throw new IllegalArgumentException("alpha must be in [0, 0.5), was " + alpha);
        }
        return alpha;
    }

    /** Lower end of the two-sided 95 % interval of R (the one-sided bound at 0.025). */
    public double ciLower() {
        return lowerBound((1 - ShiftTest.DISPLAY_CONFIDENCE) / 2);
    }

    /** Upper end of the two-sided 95 % interval of R. */
    public double ciUpper() {
        return upperBound((1 - ShiftTest.DISPLAY_CONFIDENCE) / 2);
    }

    /** The plain ratio of medians, oriented so that larger means slower. */
    public double orientedMedianRatio() {
        return direction == Direction.HIGHER_IS_BETTER ? 1 / medianRatio() : medianRatio();
    }

    // ---- native view: candidate / baseline in the metric's unit ----

    /** The Hodges-Lehmann ratio candidate / baseline in the metric's own direction. */
    public double nativeRatio() {
        return toNative(ratio());
    }

    /** Lower end of the two-sided 95 % interval of {@link #nativeRatio()}. */
    public double nativeCiLower() {
        return direction == Direction.HIGHER_IS_BETTER ? toNative(ciUpper()) : ciLower();
    }

    /** Upper end of the two-sided 95 % interval of {@link #nativeRatio()}. */
    public double nativeCiUpper() {
        return direction == Direction.HIGHER_IS_BETTER ? toNative(ciLower()) : ciUpper();
    }

    /** Converts an oriented ratio (larger = slower) to candidate / baseline in the metric's direction. */
    public double toNative(double orientedRatio) {
        return direction == Direction.HIGHER_IS_BETTER ? 1 / orientedRatio : orientedRatio;
    }

    // ---- tests ----

    /**
     * Exact one-sided p-value of H0 "candidate is at most (1 + T_min) times slower than the baseline" against
     * "more than (1 + T_min) times slower", i.e. the Mann-Whitney test of the log shift log(1 + T_min).
     */
    public double pSlower() {
        return pSlower;
    }

    /** The mirror of {@link #pSlower()}: H0 "candidate is at most (1 + T_min) times faster". */
    public double pFaster() {
        return pFaster;
    }

    /** One-sided p-value of "no slower than the baseline" (shift 0); small p: a real slowdown of any size. */
    public double pSlowerThanBaseline() {
        return pSlowerThanBaseline;
    }

    /** One-sided p-value of "no faster than the baseline" (shift 0). */
    public double pFasterThanBaseline() {
        return pFasterThanBaseline;
    }

    /** The smallest p-value these fork counts can give, 1 / C(n + m, n). */
    public double smallestPossiblePValue() {
        return distribution.smallestPValue();
    }

    /** Pairs whose difference equals +-log(1 + T_min) within the tie tolerance (counted against the alternatives). */
    public int tiedPairs() {
        return tiedPairs;
    }

    /** Whether p-values and bounds come from the exact distribution (n m &lt;= 10,000) or the normal approximation. */
    public boolean isExact() {
        return distribution.isExact();
    }

    @Override
    public String toString() {
        return "ShiftComparison[" + baseline.length + " vs " + candidate.length + " forks, R = " + ratio()
                + " [" + ciLower() + ", " + ciUpper() + "], pSlower = " + pSlower + ", pFaster = " + pFaster + "]";
    }
}
