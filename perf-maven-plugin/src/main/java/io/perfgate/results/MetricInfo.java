package io.perfgate.results;

import java.util.Objects;

/** Unit and direction of a secondary metric, such as {@code gc.alloc.rate.norm} in B/op. */
public final class MetricInfo {
    private final String unit;
    private final Direction direction;

    public MetricInfo(String unit, Direction direction) {
        this.unit = Objects.requireNonNull(unit, "unit");
        this.direction = Objects.requireNonNull(direction, "direction");
    }

    public String unit() {
        return unit;
    }

    public Direction direction() {
        return direction;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof MetricInfo && ((MetricInfo) o).unit.equals(unit) && ((MetricInfo) o).direction == direction;
    }

    @Override
    public int hashCode() {
        return Objects.hash(unit, direction);
    }
}
