package io.perfgate.profile;

import io.perfgate.config.PerfProperties;
import java.util.Locale;

/** {@code perf.profile}: which benchmarks get profiling forks once the measurement is over. */
public enum ProfileMode {
    /** The benchmarks whose verdict is FAIL or WARN: the ones a reviewer will ask about. */
    REGRESSIONS,
    /** Every benchmark that was judged. */
    ALL,
    /** No profiling. */
    NONE;

    /**
     * @throws IllegalArgumentException naming the property and the accepted values when {@code text} is none of them
     */
    public static ProfileMode parse(String text) {
        String value = text == null ? "" : text.trim().toLowerCase(Locale.ROOT);
        for (ProfileMode mode : values()) {
            if (mode.name().toLowerCase(Locale.ROOT).equals(value)) {
                return mode;
            }
        }
        throw new IllegalArgumentException(PerfProperties.PROFILE + " = '" + text + "' is not a profiling mode; use"
                + " regressions (the default: profile what FAILs or WARNs), all, or none");
    }
}
