package io.perfgate.gate;

import io.perfgate.config.PerfProperties;
import io.perfgate.stats.Power;
import io.perfgate.stats.ShiftComparison;
import io.perfgate.stats.StatsText;
import io.perfgate.stats.Thresholds;
import io.perfgate.stats.Verdict;
import java.util.Locale;
import java.util.OptionalInt;

/**
 * What a PASS promises (statistics.md section 8): every judged median and p95 row records the smallest slowdown its
 * comparison detects with {@link #POWER} power, from its fork counts and the between-fork noise it measured. A PASS
 * that could miss a slowdown of {@link Power#SIZING_FACTOR} x T_fail (+15 % at the default limit) is not a plain
 * PASS: it becomes INCONCLUSIVE, with the forks that would be needed, and {@code perf.failOnInconclusive} decides
 * the build.
 *
 * <p>A PASS with confidence stays a PASS: its upper bound already rules out a slowdown of T_fail on the data at
 * hand, which says more than the power the fork counts had before the data were seen.
 */
final class PassPromise {
    /** The power the detectable slowdown is worked out for. */
    static final double POWER = Power.DEFAULT_POWER;
    /** The most forks per side the advice searches. */
    private static final int MAX_FORKS_SEARCHED = 200;

    private PassPromise() {
    }

    /** The comparison with its detectable slowdown, and INCONCLUSIVE where a PASS could miss the promised size. */
    static GateRow apply(GateRow c, ShiftComparison test) {
        if (test == null || (c.metric() != Metric.MEDIAN && c.metric() != Metric.P95)
                || c.verdict() == Verdict.INCONCLUSIVE) {
            return c;
        }
        double cv = Power.forkCv(test.baselineValues(), test.candidateValues());
        if (!(cv > 0) || Double.isInfinite(cv)) {
            return c;
        }
        Thresholds thresholds = new Thresholds(c.failThreshold(), c.minEffect(), c.alpha());
        double detectable = Power.detectableSlowdown(c.baselineForks(), c.currentForks(), cv, thresholds, POWER);
        GateRow.Builder row = c.toBuilder().detectable(detectable);
        double promised = 1 + Power.SIZING_FACTOR * c.failThreshold();
        if (c.verdict() != Verdict.PASS || c.confident() || detectable <= promised) {
            return row.build();
        }
        OptionalInt forks = Power.forksNeeded(promised, cv, thresholds, POWER, MAX_FORKS_SEARCHED);
        String could = Double.isInfinite(detectable) ? "cannot detect a slowdown of any size"
                : "detects a slowdown only from " + StatsText.percentChange(detectable);
        return row.verdict(Verdict.INCONCLUSIVE, String.format(Locale.ROOT,
                "%s; not judged: with %d vs %d forks and %s between-fork noise the comparison %s (%.0f %% power),"
                        + " above the %s it should catch; %s", c.reason(), c.baselineForks(), c.currentForks(),
                StatsText.noise(cv), could, 100 * POWER, StatsText.percentChange(promised),
                forks.isPresent() ? "about " + forks.getAsInt() + " forks per side would (" + PerfProperties.FORKS
                        + ", or " + PerfProperties.MAX_FORKS + " in a comparison)"
                        : "measure on a quieter machine, or raise the limit")).build();
    }
}
