package io.perfgate.results;

import io.perfgate.stats.Direction;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;

/** Everything measured for one benchmark (or scenario) with one set of parameter values. */
public final class BenchmarkResult {
    /** {@code jmh} for a JMH benchmark. */
    public static final String KIND_JMH = "jmh";
    /** {@code scenario} for an end-to-end scenario, whose forks are runs. */
    public static final String KIND_SCENARIO = "scenario";
    /** The kinds a results file may name. */
    public static final Set<String> KINDS = Collections.unmodifiableSet(new LinkedHashSet<>(
            Arrays.asList(KIND_JMH, KIND_SCENARIO)));
    /** JMH's Throughput mode, as results files label it: higher is better. */
    public static final String MODE_THROUGHPUT = "thrpt";
    /** JMH's AverageTime mode. */
    public static final String MODE_AVERAGE_TIME = "avgt";
    /** JMH's SampleTime mode, whose forks also carry latency percentiles. */
    public static final String MODE_SAMPLE_TIME = "sample";
    /** JMH's SingleShotTime mode; a scenario's runs are single shots too. */
    public static final String MODE_SINGLE_SHOT = "ss";
    /**
     * The modes a measured result can have. {@code io.perfgate.jmh.JmhMode} pairs each with JMH's own names, and
     * refers to these constants.
     */
    public static final Set<String> MODES = Collections.unmodifiableSet(new LinkedHashSet<>(
            Arrays.asList(MODE_THROUGHPUT, MODE_AVERAGE_TIME, MODE_SAMPLE_TIME, MODE_SINGLE_SHOT)));

    private final String kind;
    private final String benchmark;
    private final Map<String, String> params;
    private final String mode;
    private final String unit;
    private final Direction direction;
    private final int threads;
    private final List<Fork> forks;
    private final Map<String, MetricInfo> secondaryMetrics;
    private final List<String> warnings;
    private final BenchmarkId id;

    private BenchmarkResult(Builder b) {
        this.kind = Objects.requireNonNull(b.kind, "kind");
        this.benchmark = Objects.requireNonNull(b.benchmark, "benchmark");
        this.params = Collections.unmodifiableMap(new TreeMap<>(b.params));
        this.mode = Objects.requireNonNull(b.mode, "mode");
        this.unit = Objects.requireNonNull(b.unit, "unit");
        this.direction = b.direction != null ? b.direction : inferDirection(b.mode, b.unit);
        this.threads = b.threads;
        this.forks = Collections.unmodifiableList(new ArrayList<>(b.forks));
        this.secondaryMetrics = Collections.unmodifiableMap(new LinkedHashMap<>(b.secondaryMetrics));
        this.warnings = Collections.unmodifiableList(new ArrayList<>(b.warnings));
        this.id = BenchmarkId.of(benchmark, params, mode);
    }

    public static Builder builder(String benchmark) {
        return new Builder(benchmark);
    }

    public Builder toBuilder() {
        Builder b = new Builder(benchmark).kind(kind).params(params).mode(mode).unit(unit).direction(direction)
                .threads(threads);
        b.forks.addAll(forks);
        b.secondaryMetrics.putAll(secondaryMetrics);
        b.warnings.addAll(warnings);
        return b;
    }

    public String kind() {
        return kind;
    }

    public String benchmark() {
        return benchmark;
    }

    /** Parameter values, sorted by name. */
    public Map<String, String> params() {
        return params;
    }

    public String mode() {
        return mode;
    }

    public String unit() {
        return unit;
    }

    public Direction direction() {
        return direction;
    }

    public int threads() {
        return threads;
    }

    public List<Fork> forks() {
        return forks;
    }

    public Map<String, MetricInfo> secondaryMetrics() {
        return secondaryMetrics;
    }

    /** Problems found while reading, e.g. raw data switched off; the gate reports them. */
    public List<String> warnings() {
        return warnings;
    }

    /** Which benchmark this is: name, parameters and mode. Two results are measurements of one benchmark when equal. */
    public BenchmarkId id() {
        return id;
    }

    /**
     * Benchmark name plus sorted parameters, e.g. {@code a.B.m:size=10,type=x}: what per-benchmark rules match. Not an
     * identity: both modes of one benchmark share it ({@link #id()} tells them apart).
     */
    public String key() {
        return key(benchmark, params);
    }

    /** {@link #key()} of a benchmark with these parameters; {@link BenchmarkId#key()} too. */
    public static String key(String benchmark, Map<String, String> params) {
        if (params.isEmpty()) {
            return benchmark;
        }
        StringBuilder sb = new StringBuilder(benchmark).append(':');
        String sep = "";
        for (Map.Entry<String, String> e : new TreeMap<>(params).entrySet()) {
            sb.append(sep).append(e.getKey()).append('=').append(e.getValue());
            sep = ",";
        }
        return sb.toString();
    }

    /** The benchmark as people read it: {@code B.m (size=10)}. */
    public String displayName() {
        return displayName(kind, benchmark, params);
    }

    /** How {@link #displayName()} names a result of {@code kind} with these parameters. */
    public static String displayName(String kind, String benchmark, Map<String, String> params) {
        String name = benchmark;
        int lastDot = name.lastIndexOf('.');
        int prevDot = lastDot > 0 ? name.lastIndexOf('.', lastDot - 1) : -1;
        String shortName = KIND_JMH.equals(kind) && prevDot >= 0 ? name.substring(prevDot + 1) : name;
        if (params.isEmpty()) {
            return shortName;
        }
        StringBuilder sb = new StringBuilder(shortName).append(" (");
        String sep = "";
        for (Map.Entry<String, String> e : params.entrySet()) {
            sb.append(sep).append(e.getKey()).append('=').append(e.getValue());
            sep = ", ";
        }
        return sb.append(')').toString();
    }

    /**
     * Infers the direction of a JMH primary metric. The unit decides when it can ("ops/s" is a rate,
     * "ns/op" a cost); the mode decides otherwise, since throughput is the only JMH mode whose score
     * grows when code gets faster.
     */
    public static Direction inferDirection(String mode, String unit) {
        String u = unit == null ? "" : unit.trim().toLowerCase(Locale.ROOT);
        if (u.startsWith("ops/")) {
            return Direction.HIGHER_IS_BETTER;
        }
        if (u.endsWith("/op")) {
            return Direction.LOWER_IS_BETTER;
        }
        return MODE_THROUGHPUT.equals(mode) ? Direction.HIGHER_IS_BETTER : Direction.LOWER_IS_BETTER;
    }

    public static final class Builder {
        private String kind = KIND_JMH;
        private final String benchmark;
        private Map<String, String> params = new TreeMap<>();
        private String mode;
        private String unit;
        private Direction direction;
        private int threads = 1;
        private final List<Fork> forks = new ArrayList<>();
        private final Map<String, MetricInfo> secondaryMetrics = new LinkedHashMap<>();
        private final List<String> warnings = new ArrayList<>();

        private Builder(String benchmark) {
            this.benchmark = benchmark;
        }

        public Builder kind(String kind) {
            this.kind = kind;
            return this;
        }

        public Builder params(Map<String, String> params) {
            this.params = new TreeMap<>(params);
            return this;
        }

        public Builder mode(String mode) {
            this.mode = mode;
            return this;
        }

        public Builder unit(String unit) {
            this.unit = unit;
            return this;
        }

        /** Leave unset to infer it from mode and unit. */
        public Builder direction(Direction direction) {
            this.direction = direction;
            return this;
        }

        public Builder threads(int threads) {
            this.threads = threads;
            return this;
        }

        public Builder addFork(Fork fork) {
            forks.add(fork);
            return this;
        }

        public Builder forks(List<Fork> forks) {
            this.forks.clear();
            this.forks.addAll(forks);
            return this;
        }

        public Builder secondaryMetric(String name, MetricInfo info) {
            secondaryMetrics.put(name, info);
            return this;
        }

        /** Drops a secondary metric's description; its values are the forks' to drop. */
        public Builder withoutSecondaryMetric(String name) {
            secondaryMetrics.remove(name);
            return this;
        }

        public Builder warning(String warning) {
            warnings.add(warning);
            return this;
        }

        public BenchmarkResult build() {
            return new BenchmarkResult(this);
        }
    }
}
