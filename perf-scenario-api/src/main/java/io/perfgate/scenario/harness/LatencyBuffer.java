package io.perfgate.scenario.harness;

import java.util.Arrays;

/** The latencies recorded during one run, in nanoseconds; appends from several threads. */
final class LatencyBuffer {
    private long[] values = new long[1024];
    private int size;

    synchronized void add(long nanos) {
        if (size == values.length) {
            values = Arrays.copyOf(values, values.length * 2);
        }
        values[size++] = nanos;
    }

    synchronized int size() {
        return size;
    }

    synchronized long[] sorted() {
        long[] copy = Arrays.copyOf(values, size);
        Arrays.sort(copy);
        return copy;
    }

    /** The type-7 quantile (linear interpolation, as R's default and Excel's PERCENTILE) of sorted values. */
    static double quantile(long[] sorted, double p) {
        if (sorted.length == 0) {
            return Double.NaN;
        }
        double h = (sorted.length - 1) * p;
        int lo = (int) Math.floor(h);
        int hi = Math.min(lo + 1, sorted.length - 1);
        return sorted[lo] + (h - lo) * (sorted[hi] - sorted[lo]);
    }
}
