package io.perfgate.profile;

import java.nio.file.Path;

/**
 * What a goal asked of profiling and what it could get: the mode, the profiler asked for, async-profiler's library
 * and the flame graph converter where they were found (or why not), and the {@code java} that runs the converter.
 */
public final class ProfilerSetup {
    private final ProfileMode mode;
    private final ProfilerChoice choice;
    private final ProfilerAgent asyncProfiler;
    private final String asyncProfilerMissing;
    private final Path converterJar;
    private final String converterMissing;
    private final Path java;

    /**
     * @param asyncProfiler async-profiler, or null when it cannot be had, with {@code asyncProfilerMissing} saying why
     * @param converterJar jfr-converter's jar, or null, with {@code converterMissing} saying why
     */
    public ProfilerSetup(ProfileMode mode, ProfilerChoice choice, ProfilerAgent asyncProfiler,
            String asyncProfilerMissing, Path converterJar, String converterMissing, Path java) {
        this.mode = mode;
        this.choice = choice;
        this.asyncProfiler = asyncProfiler;
        this.asyncProfilerMissing = asyncProfilerMissing;
        this.converterJar = converterJar;
        this.converterMissing = converterMissing;
        this.java = java;
    }

    /** No profiling at all ({@code perf.profile=none}, or a goal that does not profile). */
    public static ProfilerSetup none() {
        return new ProfilerSetup(ProfileMode.NONE, ProfilerChoice.AUTO, null, null, null, null, null);
    }

    public ProfileMode mode() {
        return mode;
    }

    public ProfilerChoice choice() {
        return choice;
    }

    /** async-profiler, or null where it cannot be had (see {@link #asyncProfilerMissing()}). */
    public ProfilerAgent asyncProfiler() {
        return asyncProfiler;
    }

    public String asyncProfilerMissing() {
        return asyncProfilerMissing;
    }

    /** The flame graph converter's jar, or null (see {@link #converterMissing()}). */
    public Path converterJar() {
        return converterJar;
    }

    public String converterMissing() {
        return converterMissing;
    }

    public Path java() {
        return java;
    }
}
