package io.perfgate.gate;

import io.perfgate.results.BenchmarkId;
import io.perfgate.results.BenchmarkResult;
import java.util.Objects;

/** A benchmark named in a list of the report (new, missing, ignored), without its numbers. */
public final class BenchmarkRef {
    private final BenchmarkId id;
    private final String displayName;

    public BenchmarkRef(BenchmarkId id, String displayName) {
        this.id = Objects.requireNonNull(id);
        this.displayName = Objects.requireNonNull(displayName);
    }

    static BenchmarkRef of(BenchmarkResult b) {
        return new BenchmarkRef(b.id(), b.displayName());
    }

    /** Which benchmark: name, parameters and mode. */
    public BenchmarkId id() {
        return id;
    }

    /** {@code name:param=value}, as {@link BenchmarkResult#key()}. */
    public String key() {
        return id.key();
    }

    public String displayName() {
        return displayName;
    }

    public String mode() {
        return id.mode();
    }

    @Override
    public String toString() {
        return id.toString();
    }
}
