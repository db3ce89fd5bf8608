package io.perfgate.jmh;

import java.util.concurrent.TimeUnit;

/**
 * The iteration length the plugin splits a fork's time into where it decides the fork's length itself (statistics.md,
 * "Warm-up that ends at steady state" and "A short start"): a steady-state warm-up is placed to a quarter second, and a
 * fork that {@code perf.forkPlan=auto} plans measures in quarter seconds, so that its fewest judgeable iterations
 * cost 1.5 s rather than 6 of the settings' iterations. Iterations already this short are kept as they are.
 */
public final class FineIterations {
    /** One fine iteration. */
    public static final JmhTime TIME = JmhTime.of(250, TimeUnit.MILLISECONDS);

    private FineIterations() {
    }

    /** The iteration time that replaces {@code time}: {@link #TIME}, or {@code time} where it is not longer. */
    public static JmhTime of(JmhTime time) {
        return time.compareTo(TIME) > 0 ? TIME : time;
    }

    /** How many fine iterations fill {@code count} iterations of {@code time} (at least one). */
    public static int filling(int count, JmhTime time) {
        return (int) Math.max(1, count * time.toNanos() / of(time).toNanos());
    }
}
