package io.perfgate.gate;

import java.util.Locale;

/** What the gate does when the baseline was measured in another environment ({@code perf.environmentPolicy}). */
public enum EnvironmentPolicy {
    /** Differences make every comparison INCONCLUSIVE and fail the build. */
    STRICT,
    /** Differences are listed and the comparisons are still made (default). */
    WARN,
    /** Differences are listed in the reports only. */
    IGNORE;

    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static EnvironmentPolicy fromId(String id) {
        return valueOf(id.toUpperCase(Locale.ROOT));
    }
}
