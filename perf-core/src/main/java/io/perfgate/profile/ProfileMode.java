package io.perfgate.profile;

/** {@code perf.profile}: which benchmarks get profiling forks once the measurement is over. */
public enum ProfileMode {
    /** The benchmarks whose verdict is FAIL or WARN: the ones a reviewer will ask about. */
    REGRESSIONS,
    /** Every benchmark that was judged. */
    ALL,
    /** No profiling. */
    NONE
}
