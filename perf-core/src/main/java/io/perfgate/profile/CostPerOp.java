package io.perfgate.profile;

/**
 * A benchmark's measured score as the cost of one operation, the unit attribution speaks in: a time per operation
 * stays as it is ({@code us/op}), a throughput is turned around ({@code 2 ops/us} is {@code 0.5 us/op}), and a
 * scenario's time per run stays in its unit.
 */
public final class CostPerOp {
    private final double value;
    private final String unit;

    private CostPerOp(double value, String unit) {
        this.value = value;
        this.unit = unit;
    }

    /** @param score the side's measured median; @param unit its unit as JMH or the scenario reports it */
    public static CostPerOp of(double score, String unit) {
        String u = unit == null ? "" : unit.trim();
        if (u.startsWith("ops/") && score > 0) {
            return new CostPerOp(1 / score, u.substring("ops/".length()) + "/op");
        }
        return new CostPerOp(score, u);
    }

    public double value() {
        return value;
    }

    public String unit() {
        return unit;
    }
}
