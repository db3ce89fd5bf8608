package io.perfgate.gate;

import io.perfgate.results.BenchmarkResult;
import java.util.Objects;

/** A benchmark named in a list of the report (new, missing, ignored), without its numbers. */
public final class BenchmarkRef {
    private final String key;
    private final String displayName;
    private final String mode;

    public BenchmarkRef(String key, String displayName, String mode) {
        this.key = Objects.requireNonNull(key);
        this.displayName = Objects.requireNonNull(displayName);
        this.mode = Objects.requireNonNull(mode);
    }

    static BenchmarkRef of(BenchmarkResult b) {
        return new BenchmarkRef(b.key(), b.displayName(), b.mode());
    }

    /** {@code name:param=value}, as {@link BenchmarkResult#key()}. */
    public String key() {
        return key;
    }

    public String displayName() {
        return displayName;
    }

    public String mode() {
        return mode;
    }

    @Override
    public String toString() {
        return key + " [" + mode + "]";
    }
}
