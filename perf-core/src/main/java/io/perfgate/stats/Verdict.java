package io.perfgate.stats;

import java.util.Comparator;

/**
 * The outcome of one comparison. Declared in the order report.json counts them; how much each asks of a reader is
 * {@link #SEVERITY}, the one order by which reports rank verdicts and give a benchmark the worst of its rows.
 */
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
    INCONCLUSIVE;

    /**
     * Most severe first: FAIL, WARN, INCONCLUSIVE, IMPROVED, PASS. An INCONCLUSIVE row says a slowdown could hide in
     * it, so it outranks an IMPROVED or PASS beside it; IMPROVED outranks PASS, as a change worth a look.
     */
    public static final Comparator<Verdict> SEVERITY = Comparator.comparingInt(Verdict::rank);

    private int rank() {
        switch (this) {
            case FAIL:
                return 0;
            case WARN:
                return 1;
            case INCONCLUSIVE:
                return 2;
            case IMPROVED:
                return 3;
            default:
                return 4;
        }
    }

    /**
     * The verdict of a benchmark: the most severe of its rows' (a PASS median beside an INCONCLUSIVE p95 is
     * INCONCLUSIVE), or null for no rows.
     */
    public static Verdict worst(Iterable<Verdict> verdicts) {
        Verdict worst = null;
        for (Verdict v : verdicts) {
            if (worst == null || SEVERITY.compare(v, worst) < 0) {
                worst = v;
            }
        }
        return worst;
    }
}
