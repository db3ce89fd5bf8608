package io.perfgate.trend;

import io.perfgate.text.CommitIds;
import java.time.Instant;
import java.util.Objects;

/**
 * One run in a benchmark's trend: the value the series holds for it (the median over its forks) and the spread of
 * its forks (the lowest and the highest fork's value), with where it comes from. Commit, parent and build link may
 * be unknown (null).
 */
public final class TrendRun {
    private final String id;
    private final String commit;
    private final String parent;
    private final Instant recordedAt;
    private final String buildUrl;
    private final double value;
    private final double low;
    private final double high;
    private final int forks;

    public TrendRun(String id, String commit, String parent, Instant recordedAt, String buildUrl, double value,
            double low, double high, int forks) {
        this.id = Objects.requireNonNull(id, "id");
        this.commit = commit;
        this.parent = parent;
        this.recordedAt = Objects.requireNonNull(recordedAt, "recordedAt");
        this.buildUrl = buildUrl;
        this.value = value;
        this.low = low;
        this.high = high;
        this.forks = forks;
    }

    /** The run's id in the history (the record's name), unique per run. */
    public String id() {
        return id;
    }

    public String commit() {
        return commit;
    }

    public String parent() {
        return parent;
    }

    public Instant recordedAt() {
        return recordedAt;
    }

    public String buildUrl() {
        return buildUrl;
    }

    /** The run's value: the median of its forks' values. */
    public double value() {
        return value;
    }

    /** The lowest fork's value. */
    public double low() {
        return low;
    }

    /** The highest fork's value. */
    public double high() {
        return high;
    }

    /** How many forks (or scenario runs) gave a value. */
    public int forks() {
        return forks;
    }

    /** The commit shortened for people, or {@code ?}. */
    public String shortCommit() {
        return CommitIds.abbreviate(commit);
    }
}
