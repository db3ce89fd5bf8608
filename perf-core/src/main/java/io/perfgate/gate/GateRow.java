package io.perfgate.gate;

import io.perfgate.results.BenchmarkId;
import io.perfgate.results.BenchmarkResult;
import io.perfgate.stats.Direction;
import io.perfgate.stats.ShiftTest;
import io.perfgate.stats.Verdict;
import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * One row of the gate: one benchmark x params x metric, baseline against current, with its verdict.
 *
 * <p>Ratios are oriented so that a value above 1 means slower (worse), whatever the metric's direction: for a
 * throughput, the ratio is baseline score / current score. Medians and their intervals are in the metric's own
 * unit and direction, as measured. Unknown numbers are NaN (e.g. no test for allocation, or INCONCLUSIVE).
 */
public final class GateRow {
    private final String benchmark;
    private final Map<String, String> params;
    private final String mode;
    private final String displayName;
    private final Metric metric;
    private final String secondaryName;
    private final String unit;
    private final Direction direction;
    private final int baselineForks;
    private final int currentForks;
    private final double baselineMedian;
    private final double baselineCiLow;
    private final double baselineCiHigh;
    private final double currentMedian;
    private final double currentCiLow;
    private final double currentCiHigh;
    private final double ratio;
    private final double lowerBound;
    private final double upperBound;
    private final double ciLow;
    private final double ciHigh;
    private final double ratioOfMedians;
    private final double pValue;
    private final double adjustedP;
    private final double failThreshold;
    private final double minEffect;
    private final double alpha;
    private final double allowedBytes;
    private final Verdict verdict;
    private final String reason;
    private final boolean confident;
    private final String rule;
    private final double detectable;
    private final SideBySide sideBySide;

    private GateRow(Builder b) {
        this.benchmark = Objects.requireNonNull(b.benchmark, "benchmark");
        this.params = Collections.unmodifiableMap(new TreeMap<>(b.params));
        this.mode = Objects.requireNonNull(b.mode, "mode");
        this.displayName = b.displayName != null ? b.displayName : b.benchmark;
        this.metric = Objects.requireNonNull(b.metric, "metric");
        this.secondaryName = b.metric == Metric.SECONDARY ? Objects.requireNonNull(b.secondaryName, "secondaryName")
                : null;
        this.unit = Objects.requireNonNull(b.unit, "unit");
        this.direction = Objects.requireNonNull(b.direction, "direction");
        this.baselineForks = b.baselineForks;
        this.currentForks = b.currentForks;
        this.baselineMedian = b.baselineMedian;
        this.baselineCiLow = b.baselineCiLow;
        this.baselineCiHigh = b.baselineCiHigh;
        this.currentMedian = b.currentMedian;
        this.currentCiLow = b.currentCiLow;
        this.currentCiHigh = b.currentCiHigh;
        this.ratio = b.ratio;
        this.lowerBound = b.lowerBound;
        this.upperBound = b.upperBound;
        this.ciLow = b.ciLow;
        this.ciHigh = b.ciHigh;
        this.ratioOfMedians = b.ratioOfMedians;
        this.pValue = b.pValue;
        this.adjustedP = b.adjustedP;
        this.failThreshold = b.failThreshold;
        this.minEffect = b.minEffect;
        this.alpha = b.alpha;
        this.allowedBytes = b.allowedBytes;
        this.verdict = Objects.requireNonNull(b.verdict, "verdict");
        this.reason = b.reason == null ? "" : b.reason;
        this.confident = b.confident;
        this.rule = b.rule;
        this.detectable = b.detectable;
        this.sideBySide = b.sideBySide;
    }

    public static Builder builder() {
        return new Builder();
    }

    public Builder toBuilder() {
        Builder b = new Builder();
        b.benchmark = benchmark;
        b.params = params;
        b.mode = mode;
        b.displayName = displayName;
        b.metric = metric;
        b.unit = unit;
        b.direction = direction;
        b.baselineForks = baselineForks;
        b.currentForks = currentForks;
        b.baselineMedian = baselineMedian;
        b.baselineCiLow = baselineCiLow;
        b.baselineCiHigh = baselineCiHigh;
        b.currentMedian = currentMedian;
        b.currentCiLow = currentCiLow;
        b.currentCiHigh = currentCiHigh;
        b.ratio = ratio;
        b.lowerBound = lowerBound;
        b.upperBound = upperBound;
        b.ciLow = ciLow;
        b.ciHigh = ciHigh;
        b.ratioOfMedians = ratioOfMedians;
        b.pValue = pValue;
        b.adjustedP = adjustedP;
        b.failThreshold = failThreshold;
        b.minEffect = minEffect;
        b.alpha = alpha;
        b.allowedBytes = allowedBytes;
        b.verdict = verdict;
        b.reason = reason;
        b.confident = confident;
        b.rule = rule;
        b.detectable = detectable;
        b.sideBySide = sideBySide;
        return b;
    }

    /** The benchmark's full name, e.g. {@code com.acme.ParserBench.parse}. */
    public String benchmark() {
        return benchmark;
    }

    public Map<String, String> params() {
        return params;
    }

    /** Which benchmark the row is of: name, parameters and mode. */
    public BenchmarkId id() {
        return BenchmarkId.of(benchmark, params, mode);
    }

    /** {@code benchmark:param=value,...}, as {@link BenchmarkResult#key()}: what rules match, not an identity. */
    public String key() {
        return BenchmarkResult.key(benchmark, params);
    }

    /** The JMH mode ({@code avgt}, {@code thrpt}, {@code sample}, {@code ss}) or the scenario's. */
    public String mode() {
        return mode;
    }

    /** Short name for tables: {@code ParserBench.parse (size=10)}. */
    public String displayName() {
        return displayName;
    }

    public Metric metric() {
        return metric;
    }

    /** As a sentence names the metric: {@code median time}, {@code allocation}, or a secondary metric's name. */
    public String label() {
        return secondaryName != null ? secondaryName : metric.label(direction);
    }

    /** The metric as rows name it: {@code median}, {@code p95}, {@code alloc}, or a secondary metric's own name. */
    public String metricName() {
        return secondaryName != null ? secondaryName : metric.id();
    }

    /** The measured unit, e.g. {@code ns/op}, {@code ops/s}, {@code B/op}. */
    public String unit() {
        return unit;
    }

    public Direction direction() {
        return direction;
    }

    public int baselineForks() {
        return baselineForks;
    }

    public int currentForks() {
        return currentForks;
    }

    /** Median over the baseline's fork summaries, in {@link #unit()}. */
    public double baselineMedian() {
        return baselineMedian;
    }

    /** Lower end of the distribution-free 95 % interval of the baseline median; NaN when too few forks. */
    public double baselineCiLow() {
        return baselineCiLow;
    }

    public double baselineCiHigh() {
        return baselineCiHigh;
    }

    public double currentMedian() {
        return currentMedian;
    }

    public double currentCiLow() {
        return currentCiLow;
    }

    public double currentCiHigh() {
        return currentCiHigh;
    }

    /** Hodges-Lehmann ratio current/baseline, oriented so that above 1 is slower. */
    public double ratio() {
        return ratio;
    }

    /** One-sided (1 - alpha) lower bound L of the oriented ratio. */
    public double lowerBound() {
        return lowerBound;
    }

    /** One-sided (1 - alpha) upper bound U of the oriented ratio. */
    public double upperBound() {
        return upperBound;
    }

    /** Lower end of the two-sided 95 % interval of the oriented ratio. */
    public double ciLow() {
        return ciLow;
    }

    public double ciHigh() {
        return ciHigh;
    }

    /** Plain ratio of the two medians, oriented like {@link #ratio()}; for readers, not for the verdict. */
    public double ratioOfMedians() {
        return ratioOfMedians;
    }

    /** Exact one-sided Mann-Whitney p-value of "slower by more than T_min"; NaN when there was no test. */
    public double pValue() {
        return pValue;
    }

    /** The p-value after the multiplicity correction (Holm or BH), or NaN with {@code perf.multiplicity=none}. */
    public double adjustedP() {
        return adjustedP;
    }

    /** T_fail as a fraction (for allocation: the relative tolerance). */
    public double failThreshold() {
        return failThreshold;
    }

    /** T_min as a fraction; NaN for allocation. */
    public double minEffect() {
        return minEffect;
    }

    /** The alpha the verdict used; NaN for allocation. */
    public double alpha() {
        return alpha;
    }

    /** For allocation: the byte floor of the tolerance; NaN otherwise. */
    public double allowedBytes() {
        return allowedBytes;
    }

    public Verdict verdict() {
        return verdict;
    }

    /** Why this verdict, as a sentence: the FAIL line, or the reason for INCONCLUSIVE. */
    public String reason() {
        return reason;
    }

    /** PASS with confidence: the upper bound is below 1 + T_fail, so more forks would not make it fail. */
    public boolean confident() {
        return confident;
    }

    /**
     * The smallest slowdown ratio (oriented: above 1 is slower) this comparison detects with
     * {@link PassPromise#POWER} power at its fork counts and measured between-fork noise, e.g. 1.12; NaN where it
     * was not worked out (allocation, refused or untested comparisons, no noise).
     */
    public double detectable() {
        return detectable;
    }

    /**
     * A WARN whose estimate reaches the failing limit, which the data could not call with confidence: too few
     * forks, or past runs that spread too widely. Such a row may hide a regression, so {@code perf.confirm}
     * measures it side by side like a FAIL. Allocation has no such middle ground (its WARN is a spread between
     * forks, judged by its own tolerance) and is never undecided.
     */
    public boolean undecidedAtLimit() {
        return verdict == Verdict.WARN && metric != Metric.ALLOCATION && !Double.isNaN(ratio)
                && Math.log(ratio) >= Math.log1p(failThreshold) - ShiftTest.TIE_TOLERANCE;
    }

    /**
     * The FAIL, or the WARN undecided at the limit, measured again side by side against the baseline's commit
     * ({@code perf.confirm}), or null.
     */
    public SideBySide sideBySide() {
        return sideBySide;
    }

    /** The rule that set the thresholds ({@code rule 2 'Parse.*'}), or null for the global settings. */
    public String rule() {
        return rule;
    }

    /** The change in the measured unit's own direction: +0.20 is 20 % more time, or 20 % more ops/s. */
    public double change() {
        return measuredChange(ratio);
    }

    /** The 95 % interval of {@link #change()}, low end first. */
    public double changeCiLow() {
        return direction == Direction.HIGHER_IS_BETTER ? measuredChange(ciHigh) : measuredChange(ciLow);
    }

    public double changeCiHigh() {
        return direction == Direction.HIGHER_IS_BETTER ? measuredChange(ciLow) : measuredChange(ciHigh);
    }

    private double measuredChange(double orientedRatio) {
        if (Double.isNaN(orientedRatio)) {
            return Double.NaN;
        }
        return direction == Direction.HIGHER_IS_BETTER ? 1 / orientedRatio - 1 : orientedRatio - 1;
    }

    /** The FAIL limit in the measured unit's direction: +0.10 for time, -0.0909 for throughput at T_fail 10 %. */
    public double changeLimit() {
        return direction == Direction.HIGHER_IS_BETTER ? 1 / (1 + failThreshold) - 1 : failThreshold;
    }

    @Override
    public String toString() {
        return id() + " " + metricName() + " " + verdict + (reason.isEmpty() ? "" : ": " + reason);
    }

    public static final class Builder {
        private String benchmark;
        private Map<String, String> params = new TreeMap<>();
        private String mode;
        private String displayName;
        private Metric metric;
        private String secondaryName;
        private String unit;
        private Direction direction;
        private int baselineForks;
        private int currentForks;
        private double baselineMedian = Double.NaN;
        private double baselineCiLow = Double.NaN;
        private double baselineCiHigh = Double.NaN;
        private double currentMedian = Double.NaN;
        private double currentCiLow = Double.NaN;
        private double currentCiHigh = Double.NaN;
        private double ratio = Double.NaN;
        private double lowerBound = Double.NaN;
        private double upperBound = Double.NaN;
        private double ciLow = Double.NaN;
        private double ciHigh = Double.NaN;
        private double ratioOfMedians = Double.NaN;
        private double pValue = Double.NaN;
        private double adjustedP = Double.NaN;
        private double failThreshold = Double.NaN;
        private double minEffect = Double.NaN;
        private double alpha = Double.NaN;
        private double allowedBytes = Double.NaN;
        private Verdict verdict;
        private String reason;
        private boolean confident;
        private String rule;
        private double detectable = Double.NaN;
        private SideBySide sideBySide;

        private Builder() {
        }

        /** Copies name, params, mode and display name from a benchmark's results. */
        public Builder benchmark(BenchmarkResult b) {
            this.benchmark = b.benchmark();
            this.params = new TreeMap<>(b.params());
            this.mode = b.mode();
            this.displayName = b.displayName();
            return this;
        }

        public Builder benchmark(String benchmark, Map<String, String> params, String mode, String displayName) {
            this.benchmark = benchmark;
            this.params = new TreeMap<>(params);
            this.mode = mode;
            this.displayName = displayName;
            return this;
        }

        public Builder metric(Metric metric, String unit, Direction direction) {
            this.metric = metric;
            this.unit = unit;
            this.direction = direction;
            return this;
        }

        /** A secondary metric (e.g. {@code cpu}) of the given unit and direction. */
        public Builder secondaryMetric(String name, String unit, Direction direction) {
            this.secondaryName = name;
            return metric(Metric.SECONDARY, unit, direction);
        }

        public Builder forks(int baseline, int current) {
            this.baselineForks = baseline;
            this.currentForks = current;
            return this;
        }

        public Builder baselineMedian(double median, double ciLow, double ciHigh) {
            this.baselineMedian = median;
            this.baselineCiLow = ciLow;
            this.baselineCiHigh = ciHigh;
            return this;
        }

        public Builder currentMedian(double median, double ciLow, double ciHigh) {
            this.currentMedian = median;
            this.currentCiLow = ciLow;
            this.currentCiHigh = ciHigh;
            return this;
        }

        /** Oriented ratio (above 1 = slower) with its one-sided bounds and 95 % interval. */
        public Builder ratio(double estimate, double lowerBound, double upperBound, double ciLow, double ciHigh) {
            this.ratio = estimate;
            this.lowerBound = lowerBound;
            this.upperBound = upperBound;
            this.ciLow = ciLow;
            this.ciHigh = ciHigh;
            return this;
        }

        public Builder ratioOfMedians(double ratioOfMedians) {
            this.ratioOfMedians = ratioOfMedians;
            return this;
        }

        public Builder pValue(double pValue) {
            this.pValue = pValue;
            return this;
        }

        public Builder adjustedP(double adjustedP) {
            this.adjustedP = adjustedP;
            return this;
        }

        public Builder thresholds(double failThreshold, double minEffect, double alpha) {
            this.failThreshold = failThreshold;
            this.minEffect = minEffect;
            this.alpha = alpha;
            return this;
        }

        public Builder allocationTolerance(double percent, double bytes) {
            this.failThreshold = percent;
            this.allowedBytes = bytes;
            return this;
        }

        public Builder verdict(Verdict verdict, String reason) {
            this.verdict = verdict;
            this.reason = reason;
            return this;
        }

        public Builder detectable(double detectable) {
            this.detectable = detectable;
            return this;
        }

        public Builder sideBySide(SideBySide value) {
            this.sideBySide = value;
            return this;
        }

        public Builder confident(boolean confident) {
            this.confident = confident;
            return this;
        }

        public Builder rule(String rule) {
            this.rule = rule;
            return this;
        }

        public GateRow build() {
            return new GateRow(this);
        }
    }
}
