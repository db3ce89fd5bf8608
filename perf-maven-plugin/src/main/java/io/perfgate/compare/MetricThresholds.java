package io.perfgate.compare;

import io.perfgate.stats.Thresholds;
import java.util.Objects;

/** The thresholds of the metrics the comparison tests: the per-fork median and, in sample mode, the p95. */
public final class MetricThresholds {
    private final Thresholds median;
    private final Thresholds p95;

    public MetricThresholds(Thresholds median, Thresholds p95) {
        this.median = Objects.requireNonNull(median, "median");
        this.p95 = Objects.requireNonNull(p95, "p95");
        if (median.alpha() != p95.alpha()) {
            throw new IllegalArgumentException("the median and the p95 must be judged at one alpha, were "
                    + median.alpha() + " and " + p95.alpha());
        }
    }

    /** The defaults of statistics.md: median 10 % / 5 %, p95 20 % / 10 %, alpha 0.05. */
    public static MetricThresholds defaults() {
        return new MetricThresholds(new Thresholds(0.10, 0.05, 0.05), new Thresholds(0.20, 0.10, 0.05));
    }

    public Thresholds median() {
        return median;
    }

    public Thresholds p95() {
        return p95;
    }

    public double alpha() {
        return median.alpha();
    }
}
