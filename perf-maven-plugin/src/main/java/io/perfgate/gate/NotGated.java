package io.perfgate.gate;

import java.util.Objects;

/** A metric the gate could not judge for a benchmark by its nature, such as the p95 of an avgt benchmark. */
public final class NotGated {
    private final String benchmark;
    private final String displayName;
    private final String mode;
    private final Metric metric;
    private final String reason;
    private final String metricName;

    public NotGated(String benchmark, String displayName, String mode, Metric metric, String reason) {
        this(benchmark, displayName, mode, metric, metric.id(), reason);
    }

    /** For a secondary metric, {@code metricName} is its own name (e.g. {@code cpu}). */
    public NotGated(String benchmark, String displayName, String mode, Metric metric, String metricName,
            String reason) {
        this.benchmark = Objects.requireNonNull(benchmark);
        this.displayName = Objects.requireNonNull(displayName);
        this.mode = Objects.requireNonNull(mode);
        this.metric = Objects.requireNonNull(metric);
        this.reason = Objects.requireNonNull(reason);
        this.metricName = Objects.requireNonNull(metricName);
    }

    /** {@code p95}, {@code alloc}, or a secondary metric's own name. */
    public String metricName() {
        return metricName;
    }

    /** The benchmark key ({@code name:param=value}). */
    public String benchmark() {
        return benchmark;
    }

    public String displayName() {
        return displayName;
    }

    public String mode() {
        return mode;
    }

    public Metric metric() {
        return metric;
    }

    public String reason() {
        return reason;
    }
}
