package io.perfgate.stats;

/** The outcome of one comparison, in the order of severity used in reports. */
public enum Verdict {
    /** A slowdown at least T_fail whose lower bound clears 1 + T_min. */
    FAIL,
    /** A slowdown that is real but below T_fail, or at T_fail but not yet significant. */
    WARN,
    /** The mirror of FAIL. */
    IMPROVED,
    /** No regression shown. */
    PASS,
    /** Not enough data, raw data missing, unstable forks, or the environment check refused. */
    INCONCLUSIVE
}
