package io.perfgate.gate;

import io.perfgate.stats.Verdict;
import java.util.Objects;

/**
 * A FAIL row measured again side by side ({@code perf.confirm}): the working tree against the baseline's commit,
 * in interleaved rounds on this machine. Its change is in the measured unit's direction, as {@link GateRow#change()}
 * is; its verdict is the side-by-side gate's, which confirms the FAIL only when it is FAIL too.
 */
public final class SideBySide {
    private final String against;
    private final double change;
    private final double changeCiLow;
    private final double changeCiHigh;
    private final int rounds;
    private final Verdict verdict;

    /**
     * @param against the baseline's commit, as messages name it (its short id)
     * @param change the change side by side, e.g. +0.012 for 1.2 % more time; NaN when there is none
     * @param rounds the rounds measured: forks per side
     */
    public SideBySide(String against, double change, double changeCiLow, double changeCiHigh, int rounds,
            Verdict verdict) {
        this.against = Objects.requireNonNull(against, "against");
        this.change = change;
        this.changeCiLow = changeCiLow;
        this.changeCiHigh = changeCiHigh;
        this.rounds = rounds;
        this.verdict = Objects.requireNonNull(verdict, "verdict");
    }

    public String against() {
        return against;
    }

    public double change() {
        return change;
    }

    public double changeCiLow() {
        return changeCiLow;
    }

    public double changeCiHigh() {
        return changeCiHigh;
    }

    public int rounds() {
        return rounds;
    }

    public Verdict verdict() {
        return verdict;
    }

    /** True when the side-by-side rounds FAIL too: the stored FAIL is confirmed. */
    public boolean confirms() {
        return verdict == Verdict.FAIL;
    }
}
