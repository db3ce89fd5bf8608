package io.perfgate.stats;

import java.util.Objects;

/**
 * The verdict on one comparison with the reason a person reads. Immutable; made by {@link DecisionRule} or,
 * for data that could not be compared at all, by {@link #inconclusive(String)}.
 */
public final class Decision {
    private final Verdict verdict;
    private final boolean confidentPass;
    private final String reason;
    private final ShiftComparison comparison;
    private final double effectiveAlpha;

    Decision(Verdict verdict, boolean confidentPass, String reason, ShiftComparison comparison, double effectiveAlpha) {
        this.verdict = Objects.requireNonNull(verdict, "verdict");
        this.confidentPass = confidentPass;
        this.reason = Objects.requireNonNull(reason, "reason");
        this.comparison = comparison;
        this.effectiveAlpha = effectiveAlpha;
    }

    /**
     * An INCONCLUSIVE decision for data that could not be compared (raw data missing, unstable forks, the
     * environment check refused).
     *
     * @param reason what is missing and what to do, e.g. "no raw data: run JMH with -Djmh.json.rawData=true"
     */
    public static Decision inconclusive(String reason) {
        return new Decision(Verdict.INCONCLUSIVE, false, reason, null, Double.NaN);
    }

    /**
     * The same comparison declared INCONCLUSIVE for a reason found outside it (e.g. unstable forks), keeping
     * the comparison for the report.
     */
    public Decision overruledAsInconclusive(String why) {
        return new Decision(Verdict.INCONCLUSIVE, false, why, comparison, effectiveAlpha);
    }

    public Verdict verdict() {
        return verdict;
    }

    /** PASS and the one-sided upper bound is below 1 + T_fail: a slowdown of T_fail is ruled out. */
    public boolean confidentPass() {
        return confidentPass;
    }

    /**
     * Why, for people, without the metric's name: e.g.
     * "+23.4 % [+18.1 %, +29.0 %] is above the 10 % limit (p = 0.0004, 10 vs 10 forks)". The bracket is the
     * two-sided 95 % interval of the Hodges-Lehmann ratio, in the metric's own direction.
     */
    public String reason() {
        return reason;
    }

    /** The reason prefixed by what was measured, e.g. {@code describe("median time")}. */
    public String describe(String subject) {
        return subject == null || subject.isEmpty() ? reason : subject + " " + reason;
    }

    /** The comparison judged, or null for {@link #inconclusive(String)} without data. */
    public ShiftComparison comparison() {
        return comparison;
    }

    /** The one-sided level the decision used (after any multiplicity adjustment); NaN without comparison. */
    public double effectiveAlpha() {
        return effectiveAlpha;
    }

    /** "PASS with confidence" style label: the verdict name, with " (confident)" for a confident pass. */
    public String label() {
        return confidentPass ? verdict.name() + " (confident)" : verdict.name();
    }

    @Override
    public String toString() {
        return label() + ": " + reason;
    }
}
