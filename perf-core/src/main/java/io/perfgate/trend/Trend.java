package io.perfgate.trend;

import io.perfgate.results.BenchmarkId;
import io.perfgate.stats.Direction;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

/**
 * One series of the history and what the detector found in it: a benchmark (its name, parameters and mode, the
 * gate's {@link BenchmarkId}, so a trend and a check name the same result the same way) and one metric it is
 * judged on (median, p95, allocation, a scenario metric), a value per run oldest first, and the change points.
 */
public final class Trend {
    private final Series id;
    private final String displayName;
    private final String unit;
    private final Direction direction;
    private final List<TrendRun> runs;
    private final List<ChangePoint> changes;

    public Trend(BenchmarkId benchmark, String displayName, String metric, String unit, Direction direction,
            List<TrendRun> runs, List<ChangePoint> changes) {
        this(new Series(benchmark, metric), displayName, unit, direction, runs, changes);
    }

    private Trend(Series id, String displayName, String unit, Direction direction, List<TrendRun> runs,
            List<ChangePoint> changes) {
        this.id = id;
        this.displayName = displayName;
        this.unit = unit;
        this.direction = Objects.requireNonNull(direction, "direction");
        this.runs = Collections.unmodifiableList(new ArrayList<>(runs));
        this.changes = Collections.unmodifiableList(new ArrayList<>(changes));
    }

    /** The same series with the change points found in it. */
    public Trend withChanges(List<ChangePoint> found) {
        return new Trend(id, displayName, unit, direction, runs, found);
    }

    /** The series' identity: the benchmark's and the metric's. */
    public Series id() {
        return id;
    }

    /** The benchmark: name, parameters and mode. */
    public BenchmarkId benchmark() {
        return id.benchmark();
    }

    public String displayName() {
        return displayName;
    }

    /** {@code median}, {@code p95}, {@code alloc} or a scenario metric's name. */
    public String metric() {
        return id.metric();
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
        return id.benchmark().withMode(displayName) + " " + id.metric();
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
