package io.perfgate.gate;

import java.util.Locale;

/** How the gate accounts for testing many benchmarks in one build ({@code perf.multiplicity}). */
public enum MultiplicityMode {
    /**
     * Each comparison at the plain alpha. The T_min shift and the T_fail floor already keep the chance of a
     * false FAIL per build small (0.1-3.3 % for 20 benchmarks in simulation), so this is the default.
     */
    NONE,
    /** Holm's step-down correction: the family-wise error rate over all K tested comparisons stays below alpha. */
    HOLM,
    /** Benjamini-Hochberg: the expected share of false FAILs among all FAILs stays below alpha. */
    BH;

    /** The name used in {@code perf.multiplicity} and in report.json. */
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static MultiplicityMode fromId(String id) {
        return valueOf(id.toUpperCase(Locale.ROOT));
    }
}
