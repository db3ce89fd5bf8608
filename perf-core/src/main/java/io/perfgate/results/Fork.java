package io.perfgate.results;

import io.perfgate.stats.Quantiles;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * One JVM fork of a JMH benchmark, or one run of a scenario: the unit of replication of the gate.
 * Iterations inside a fork share JIT decisions and heap layout, so they are kept, but only summarised
 * per fork before any test.
 */
public final class Fork {
    private final double[] primary;
    private final Map<String, Double> percentiles;
    private final Map<String, double[]> secondary;
    private final double seconds;
    private final Warmup warmup;
    private final double iterationSeconds;

    /**
     * @param primary every measurement iteration's score, in order
     * @param percentiles the fork's own latency percentiles (keys like {@code p0.50}, {@code p0.95}), empty when
     *     the mode records none
     * @param secondary per-iteration values of secondary metrics, keyed by metric name
     */
    public Fork(double[] primary, Map<String, Double> percentiles, Map<String, double[]> secondary) {
        this(primary, percentiles, secondary, Double.NaN);
    }

    /**
     * @param seconds the fork's wall time as the plugin saw it, from JMH's announcing the fork to its result (JVM
     *     start, set-up, warmup and measurement), NaN when not recorded
     */
    public Fork(double[] primary, Map<String, Double> percentiles, Map<String, double[]> secondary, double seconds) {
        this(primary, percentiles, secondary, seconds, null);
    }

    /** @param warmup what the fork spent on warm-up, null when not recorded */
    public Fork(double[] primary, Map<String, Double> percentiles, Map<String, double[]> secondary, double seconds,
            Warmup warmup) {
        this(primary, percentiles, secondary, seconds, warmup, Double.NaN);
    }

    /**
     * @param iterationSeconds the configured time of one measurement iteration, NaN when not recorded; a planned
     *     fork of {@code perf.forkPlan=auto} runs shorter iterations than the settings say
     */
    public Fork(double[] primary, Map<String, Double> percentiles, Map<String, double[]> secondary, double seconds,
            Warmup warmup, double iterationSeconds) {
        this.seconds = seconds;
        this.warmup = warmup;
        this.iterationSeconds = iterationSeconds;
        this.primary = Objects.requireNonNull(primary, "primary").clone();
        this.percentiles = Collections.unmodifiableMap(new LinkedHashMap<>(percentiles));
        Map<String, double[]> copy = new LinkedHashMap<>();
        secondary.forEach((k, v) -> copy.put(k, v.clone()));
        this.secondary = Collections.unmodifiableMap(copy);
    }

    /** The fork's wall time in seconds, NaN when not recorded (older files, scenarios, comparison forks). */
    public double seconds() {
        return seconds;
    }

    /** This fork with its wall time. */
    public Fork withSeconds(double wallSeconds) {
        return new Fork(primary, percentiles, secondary, wallSeconds, warmup, iterationSeconds);
    }

    /**
     * The configured time of one of its measurement iterations in seconds; NaN when not recorded (older files,
     * scenarios, single-shot), where the run's settings say it.
     */
    public double iterationSeconds() {
        return iterationSeconds;
    }

    /** This fork with the configured time of its measurement iterations. */
    public Fork withIterationSeconds(double seconds) {
        return new Fork(primary, percentiles, secondary, this.seconds, warmup, seconds);
    }

    /** What the fork spent on warm-up; null when not recorded (older files, scenarios). */
    public Warmup warmup() {
        return warmup;
    }

    /** This fork with its warm-up record. */
    public Fork withWarmup(Warmup record) {
        return new Fork(primary, percentiles, secondary, seconds, record, iterationSeconds);
    }

    public double[] primary() {
        return primary.clone();
    }

    public Map<String, Double> percentiles() {
        return percentiles;
    }

    /** Secondary metric names present in this fork. */
    public Map<String, double[]> secondary() {
        Map<String, double[]> copy = new LinkedHashMap<>();
        secondary.forEach((k, v) -> copy.put(k, v.clone()));
        return copy;
    }

    public double[] secondary(String name) {
        double[] values = secondary.get(name);
        return values == null ? null : values.clone();
    }

    /**
     * The median of the fork's measurement iterations. The value the gate tests for a fork is decided in one place,
     * {@code io.perfgate.gate.ForkValues} (in SampleTime mode it is the fork's own p50 instead).
     */
    public double primaryMedian() {
        return median(primary);
    }

    /** Median of the named secondary metric over this fork's iterations, or NaN when absent. */
    public double secondaryMedian(String name) {
        double[] values = secondary.get(name);
        return values == null ? Double.NaN : median(values);
    }

    /**
     * The median of a fork's values ({@link Quantiles#median}: the mean of the two middle ones for an even count);
     * NaN when there are none, or when one is not a number, since such a fork has no usable value.
     */
    public static double median(double[] values) {
        for (double v : values) {
            if (!Double.isFinite(v)) {
                return Double.NaN;
            }
        }
        return values.length == 0 ? Double.NaN : Quantiles.median(values);
    }

    /**
     * What one JMH fork spent on warm-up, as JMH's output showed it: its warm-up iterations, their time, and from
     * which of them the fork was already at its steady level ({@code io.perfgate.stats.SteadyState#settledFrom}).
     * Immutable.
     */
    public static final class Warmup {
        private final int iterations;
        private final double seconds;
        private final int steadyFrom;

        /**
         * @param iterations warm-up iterations the fork ran
         * @param seconds their configured time in total, NaN when not time-based (single-shot)
         * @param steadyFrom the 1-based iteration from which the fork was steady, 0 when it never settled in warm-up
         */
        public Warmup(int iterations, double seconds, int steadyFrom) {
            if (iterations < 0 || steadyFrom < 0 || steadyFrom > iterations) {
                throw new IllegalArgumentException("warm-up of " + iterations + " iterations steady from " + steadyFrom);
            }
            this.iterations = iterations;
            this.seconds = seconds;
            this.steadyFrom = steadyFrom;
        }

        public int iterations() {
            return iterations;
        }

        /** Warm-up time in seconds; NaN when unknown. */
        public double seconds() {
            return seconds;
        }

        /** 1-based warm-up iteration from which the fork was steady; 0: it never settled during warm-up. */
        public int steadyFrom() {
            return steadyFrom;
        }

        public boolean settled() {
            return steadyFrom > 0;
        }

        @Override
        public boolean equals(Object o) {
            if (!(o instanceof Warmup)) {
                return false;
            }
            Warmup w = (Warmup) o;
            return iterations == w.iterations && steadyFrom == w.steadyFrom
                    && Double.compare(seconds, w.seconds) == 0;
        }

        @Override
        public int hashCode() {
            return Objects.hash(iterations, seconds, steadyFrom);
        }

        @Override
        public String toString() {
            return iterations + " warm-up iterations (" + seconds + " s), "
                    + (settled() ? "steady from " + steadyFrom : "never settled");
        }
    }
}
