package io.perfgate.results;

import io.perfgate.stats.Direction;
import java.util.Objects;

/**
 * Unit and direction of a secondary metric, such as {@code gc.alloc.rate.norm} in B/op, and whether the gate
 * judges it. An ungated metric (a scenario's set-up time, or a metric the user did not declare) is shown in
 * reports but never fails the build.
 */
public final class MetricInfo {
    /**
     * The prefix of JMH's GC profiler metrics ({@code gc.alloc.rate.norm}, {@code gc.count}, {@code gc.time}) and of
     * a scenario's GC counters: bytes, counts and times, which are costs and never below 0.
     */
    public static final String GC_PREFIX = "gc.";

    /** JMH's secondary metric for bytes allocated per operation, recorded by {@code -prof gc}. */
    public static final String ALLOCATION = "gc.alloc.rate.norm";

    /**
     * JMH's allocation rate in MB/s, recorded by {@code -prof gc}: the allocation per operation divided by the time
     * per operation, so it says nothing those two do not.
     */
    public static final String ALLOCATION_RATE = "gc.alloc.rate";

    private final String unit;
    private final Direction direction;
    private final boolean gated;

    /** A gated metric. */
    public MetricInfo(String unit, Direction direction) {
        this(unit, direction, true);
    }

    public MetricInfo(String unit, Direction direction, boolean gated) {
        this.unit = Objects.requireNonNull(unit, "unit");
        this.direction = Objects.requireNonNull(direction, "direction");
        this.gated = gated;
    }

    public String unit() {
        return unit;
    }

    public Direction direction() {
        return direction;
    }

    /** False for a metric that is reported only; the gate must not give it a verdict that fails the build. */
    public boolean gated() {
        return gated;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof MetricInfo && ((MetricInfo) o).unit.equals(unit) && ((MetricInfo) o).direction == direction
                && ((MetricInfo) o).gated == gated;
    }

    @Override
    public int hashCode() {
        return Objects.hash(unit, direction, gated);
    }
}
