package io.perfgate.gate;

import io.perfgate.stats.Direction;
import io.perfgate.stats.ShiftComparison;

/** A comparison waiting for {@link DecisionPass}, or already decided. */
final class PendingComparison {
    final GateRow.Builder row;
    final Metric metric;
    final Direction direction;
    final ShiftComparison test;
    final String refusal;
    final int minForks;
    /** How the reason names the metric, when not {@link Metric#label} (a secondary metric's own name). */
    String label;
    GateRow decided;

    PendingComparison(GateRow.Builder row, Metric metric, Direction direction, ShiftComparison test,
            String refusal, int minForks) {
        this.row = row;
        this.metric = metric;
        this.direction = direction;
        this.test = test;
        this.refusal = refusal;
        this.minForks = minForks;
    }

    boolean tested() {
        return decided == null && refusal == null && test != null && test.baselineCount() >= minForks
                && test.candidateCount() >= minForks;
    }
}
