package io.perfgate.profile;

/** {@code perf.profiler}: which profiler the profiling forks load. */
public enum ProfilerChoice {
    /** async-profiler where it can load, else JDK Flight Recorder. */
    AUTO,
    /** async-profiler only: where it cannot load, nothing is profiled (with a warning). */
    ASYNC,
    /** JDK Flight Recorder only, which every JDK 11 and later has. */
    JFR
}
