package io.perfgate.stats;

/**
 * A distribution-free confidence interval of a quantile between two order statistics, made by
 * {@link Quantiles#interval(double[], double, double)}. Immutable.
 */
public final class OrderStatisticInterval {
    private final double probability;
    private final double estimate;
    private final double lower;
    private final double upper;
    private final int lowerRank;
    private final int upperRank;
    private final double coverage;
    private final int count;

    OrderStatisticInterval(double probability, double estimate, double lower, double upper, int lowerRank,
            int upperRank, double coverage, int count) {
        this.probability = probability;
        this.estimate = estimate;
        this.lower = lower;
        this.upper = upper;
        this.lowerRank = lowerRank;
        this.upperRank = upperRank;
        this.coverage = coverage;
        this.count = count;
    }

    /** The quantile's probability, 0.5 for the median. */
    public double probability() {
        return probability;
    }

    /** The type-7 point estimate. */
    public double estimate() {
        return estimate;
    }

    /** The lower end, or negative infinity when the sample is too small for this confidence. */
    public double lower() {
        return lower;
    }

    /** The upper end, or positive infinity when the sample is too small for this confidence. */
    public double upper() {
        return upper;
    }

    /** 1-based rank of the lower end (0 when unbounded). */
    public int lowerRank() {
        return lowerRank;
    }

    /** 1-based rank of the upper end (count + 1 when unbounded). */
    public int upperRank() {
        return upperRank;
    }

    /** The exact coverage probability of this interval, at least the asked confidence when bounded. */
    public double coverage() {
        return coverage;
    }

    /** Number of values the interval was made from. */
    public int count() {
        return count;
    }

    /** Whether both ends are finite, i.e. the sample was large enough for the asked confidence. */
    public boolean isBounded() {
        return Double.isFinite(lower) && Double.isFinite(upper);
    }

    @Override
    public String toString() {
        return estimate + " [" + lower + ", " + upper + "] (coverage " + coverage + ", n = " + count + ")";
    }
}
