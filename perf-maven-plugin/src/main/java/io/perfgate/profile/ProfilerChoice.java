package io.perfgate.profile;

import io.perfgate.config.PerfProperties;
import java.util.Locale;

/** {@code perf.profiler}: which profiler the profiling forks load. */
public enum ProfilerChoice {
    /** async-profiler where it can load, else JDK Flight Recorder. */
    AUTO,
    /** async-profiler only: where it cannot load, nothing is profiled (with a warning). */
    ASYNC,
    /** JDK Flight Recorder only, which every JDK 11 and later has. */
    JFR;

    /**
     * @throws IllegalArgumentException naming the property and the accepted values when {@code text} is none of them
     */
    public static ProfilerChoice parse(String text) {
        String value = text == null ? "" : text.trim().toLowerCase(Locale.ROOT);
        for (ProfilerChoice choice : values()) {
            if (choice.name().toLowerCase(Locale.ROOT).equals(value)) {
                return choice;
            }
        }
        throw new IllegalArgumentException(PerfProperties.PROFILER + " = '" + text + "' is not a profiler; use auto"
                + " (the default: async-profiler, else JFR), async or jfr");
    }
}
