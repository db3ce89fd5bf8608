package io.perfgate.gate;

import io.perfgate.stats.Direction;

/** What a comparison gates. */
public enum Metric {
    /** The per-fork median of the primary score. */
    MEDIAN("median"),
    /** The per-fork 95th percentile of latency (SampleTime mode, or scenario runs with their own p95). */
    P95("p95"),
    /** {@code gc.alloc.rate.norm}, bytes allocated per operation, judged by a tolerance rather than a test. */
    ALLOCATION("alloc"),
    /**
     * A scenario's declared secondary metric ({@code MetricInfo.gated()}), judged per run by the median's test;
     * the row names the metric itself ({@link GateRow#metricName()}).
     */
    SECONDARY("secondary");

    private final String id;

    Metric(String id) {
        this.id = id;
    }

    /** The name used in report.json: {@code median}, {@code p95}, {@code alloc} or {@code secondary}. */
    public String id() {
        return id;
    }

    public static Metric fromId(String id) {
        for (Metric m : values()) {
            if (m.id.equals(id)) {
                return m;
            }
        }
        throw new IllegalArgumentException("'" + id + "' is not a metric; use median, p95, alloc or secondary");
    }

    /** As a sentence names it: {@code median time}, {@code p95 time}, {@code median throughput}, {@code allocation}. */
    public String label(Direction direction) {
        switch (this) {
            case MEDIAN:
                return direction == Direction.HIGHER_IS_BETTER ? "median throughput" : "median time";
            case P95:
                return direction == Direction.HIGHER_IS_BETTER ? "p95 throughput" : "p95 time";
            case SECONDARY:
                return "secondary metric";
            default:
                return "allocation";
        }
    }
}
