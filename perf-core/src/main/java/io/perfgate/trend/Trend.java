package io.perfgate.trend;

import io.perfgate.stats.Direction;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One series of the history and what the detector found in it: a benchmark (its name, parameters and mode) and
 * one metric it is judged on (median, p95, allocation, a scenario metric), a value per run oldest first, and the
 * change points. {@link #benchmarkId()} is the gate's identity of the benchmark in its stored form
 * ({@code io.perfgate.results.BenchmarkId#storedKey()}), given by whoever built the series, so a trend and a check
 * name the same result the same way.
 */
public final class Trend {
    private final String benchmarkId;
    private final String key;
    private final String benchmark;
    private final Map<String, String> params;
    private final String mode;
    private final String displayName;
    private final String metric;
    private final String unit;
    private final Direction direction;
    private final List<TrendRun> runs;
    private final List<ChangePoint> changes;

    public Trend(String benchmarkId, String key, String benchmark, Map<String, String> params, String mode,
            String displayName, String metric, String unit, Direction direction, List<TrendRun> runs,
            List<ChangePoint> changes) {
        this.benchmarkId = Objects.requireNonNull(benchmarkId, "benchmarkId");
        this.key = key;
        this.benchmark = benchmark;
        this.params = Collections.unmodifiableMap(new LinkedHashMap<>(params));
        this.mode = mode;
        this.displayName = displayName;
        this.metric = Objects.requireNonNull(metric, "metric");
        this.unit = unit;
        this.direction = Objects.requireNonNull(direction, "direction");
        this.runs = Collections.unmodifiableList(new ArrayList<>(runs));
        this.changes = Collections.unmodifiableList(new ArrayList<>(changes));
    }

    /** The same series with the change points found in it. */
    public Trend withChanges(List<ChangePoint> found) {
        return new Trend(benchmarkId, key, benchmark, params, mode, displayName, metric, unit, direction, runs, found);
    }

    /** The series' identity: the benchmark's and the metric's. */
    public String id() {
        return id(benchmarkId, metric);
    }

    /** The identity of the series of {@code metric} of the benchmark {@code benchmarkId} (its stored key). */
    public static String id(String benchmarkId, String metric) {
        return benchmarkId + "\u0000" + metric;
    }

    /** The benchmark's identity: name, parameters and mode, as {@code BenchmarkId#storedKey()} writes them. */
    public String benchmarkId() {
        return benchmarkId;
    }

    /** The benchmark's key: its name and parameters. */
    public String key() {
        return key;
    }

    public String benchmark() {
        return benchmark;
    }

    public Map<String, String> params() {
        return params;
    }

    public String mode() {
        return mode;
    }

    public String displayName() {
        return displayName;
    }

    /** {@code median}, {@code p95}, {@code alloc} or a scenario metric's name. */
    public String metric() {
        return metric;
    }

    public String unit() {
        return unit;
    }

    public Direction direction() {
        return direction;
    }

    public List<TrendRun> runs() {
        return runs;
    }

    public List<ChangePoint> changes() {
        return changes;
    }

    /** The series as the detector reads it. */
    public RunSeries series() {
        List<String> ids = new ArrayList<>();
        double[] values = new double[runs.size()];
        for (int i = 0; i < runs.size(); i++) {
            ids.add(runs.get(i).id());
            values[i] = runs.get(i).value();
        }
        return new RunSeries(ids, values, direction);
    }

    /** {@code ParserBench.parse [avgt] median}: the series named for people. */
    public String label() {
        return displayName + " [" + mode + "] " + metric;
    }

    /** The newest change point that is a slowdown, or null. */
    public ChangePoint newestSlowdown() {
        for (int i = changes.size() - 1; i >= 0; i--) {
            if (changes.get(i).slowdown()) {
                return changes.get(i);
            }
        }
        return null;
    }
}
