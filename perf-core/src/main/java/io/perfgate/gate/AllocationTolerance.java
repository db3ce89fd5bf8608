package io.perfgate.gate;

/**
 * How much the allocation per operation ({@code gc.alloc.rate.norm}) may grow before the gate fails: more
 * than {@code max(percent x baseline, bytes)}. Allocation is nearly deterministic, so this is a tolerance,
 * not a test; the byte floor keeps a one-object change in a tiny benchmark from failing on percentage alone.
 */
public final class AllocationTolerance {
    private final double percent;
    private final double bytes;

    /**
     * @param percent relative tolerance as a fraction (0.02 is 2 %)
     * @param bytes absolute tolerance in bytes per operation
     */
    public AllocationTolerance(double percent, double bytes) {
        if (!(percent >= 0) || !(bytes >= 0)) {
            throw new IllegalArgumentException("allocation tolerance must not be negative: " + percent + ", " + bytes);
        }
        this.percent = percent;
        this.bytes = bytes;
    }

    public double percent() {
        return percent;
    }

    public double bytes() {
        return bytes;
    }

    /** The allowed growth in bytes per operation for this baseline value. */
    public double allowedGrowth(double baselineBytesPerOp) {
        return Math.max(percent * baselineBytesPerOp, bytes);
    }
}
