package io.perfgate.gate;

import io.perfgate.results.BenchmarkId;
import io.perfgate.results.BenchmarkResult;
import java.util.Objects;

/** A metric the gate could not judge for a benchmark by its nature, such as the p95 of an avgt benchmark. */
public final class NotGated {
    private final BenchmarkId id;
    private final String displayName;
    private final Metric metric;
    private final String reason;
    private final String metricName;
    private final Spread spread;

    public NotGated(BenchmarkId id, String displayName, Metric metric, String reason) {
        this(id, displayName, metric, metric.id(), reason);
    }

    /** For a secondary metric, {@code metricName} is its own name (e.g. {@code cpu}). */
    public NotGated(BenchmarkId id, String displayName, Metric metric, String metricName, String reason) {
        this(id, displayName, metric, metricName, reason, null);
    }

    private NotGated(BenchmarkId id, String displayName, Metric metric, String metricName, String reason,
            Spread spread) {
        this.spread = spread;
        this.id = Objects.requireNonNull(id);
        this.displayName = Objects.requireNonNull(displayName);
        this.metric = Objects.requireNonNull(metric);
        this.reason = Objects.requireNonNull(reason);
        this.metricName = Objects.requireNonNull(metricName);
    }

    /** {@code p95}, {@code alloc}, or a secondary metric's own name. */
    public String metricName() {
        return metricName;
    }

    /** Which benchmark: name, parameters and mode. */
    public BenchmarkId id() {
        return id;
    }

    /** The benchmark key ({@code name:param=value}). */
    public String benchmark() {
        return id.key();
    }

    public String displayName() {
        return displayName;
    }

    public String mode() {
        return id.mode();
    }

    public Metric metric() {
        return metric;
    }

    public String reason() {
        return reason;
    }

    /** What the metric measured on each side though it was not gated, e.g. the p95 of the fork scores; or null. */
    public Spread spread() {
        return spread;
    }

    /** This entry with the values shown beside it. */
    public NotGated withSpread(Spread spread) {
        return new NotGated(id, displayName, metric, metricName, reason, Objects.requireNonNull(spread));
    }

    /**
     * A not-gated p95 as measured: each side's value and how many values it is of, and what those values are
     * ({@value #FORK_SCORES} or {@value #RUN_TIMES}).
     */
    public static final class Spread {
        public static final String FORK_SCORES = "fork scores";
        public static final String RUN_TIMES = "run times";
        /** A warm JVM is one observation: the median of its runs. */
        public static final String JVM_MEDIANS = "warm JVMs' median run times";

        /** What a scenario's per-fork values are: its runs' times, or (several runs per JVM) the JVMs' medians. */
        public static String scenarioValues(BenchmarkResult result) {
            return ofJvms(result) ? JVM_MEDIANS : RUN_TIMES;
        }

        /** True when a scenario's forks are JVMs of several runs each (warm runs). */
        static boolean ofJvms(BenchmarkResult result) {
            return result.forks().stream().anyMatch(f -> f.primary().length > 1);
        }

        private final double baseline;
        private final int baselineCount;
        private final double current;
        private final int currentCount;
        private final String unit;
        private final String of;

        public Spread(double baseline, int baselineCount, double current, int currentCount, String unit, String of) {
            this.baseline = baseline;
            this.baselineCount = baselineCount;
            this.current = current;
            this.currentCount = currentCount;
            this.unit = Objects.requireNonNull(unit);
            this.of = Objects.requireNonNull(of);
        }

        public double baseline() {
            return baseline;
        }

        public int baselineCount() {
            return baselineCount;
        }

        public double current() {
            return current;
        }

        public int currentCount() {
            return currentCount;
        }

        public String unit() {
            return unit;
        }

        /** What the values are: {@value #FORK_SCORES}, {@value #RUN_TIMES} or {@value #JVM_MEDIANS}. */
        public String of() {
            return of;
        }

        /** "p95 of each side's 10 fork scores", "p95 of 10 and 8 run times". */
        public String describe(String metricName) {
            return metricName + " of " + (baselineCount == currentCount ? "each side's " + baselineCount
                    : baselineCount + " and " + currentCount) + " " + of;
        }
    }
}
