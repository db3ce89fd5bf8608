package io.perfgate.trend;

import io.perfgate.stats.Direction;
import java.util.List;
import java.util.Objects;

/**
 * One benchmark's history: a value per run (its median, or p95, allocation, a scenario metric), oldest first,
 * the id of each run (a commit, a build number) and which way is better.
 */
public final class RunSeries {
    private final List<String> runIds;
    private final double[] values;
    private final Direction direction;

    public RunSeries(List<String> runIds, double[] values, Direction direction) {
        this.runIds = List.copyOf(runIds);
        this.values = values.clone();
        this.direction = Objects.requireNonNull(direction, "direction");
        if (runIds.size() != values.length) {
            throw new IllegalArgumentException(runIds.size() + " run ids for " + values.length + " values");
        }
        for (int i = 0; i < values.length; i++) {
            if (!Double.isFinite(values[i])) {
                throw new IllegalArgumentException("run " + runIds.get(i) + " has no finite value: " + values[i]);
            }
        }
    }

    public List<String> runIds() {
        return runIds;
    }

    public Direction direction() {
        return direction;
    }

    public double[] values() {
        return values.clone();
    }

    public int size() {
        return values.length;
    }
}
