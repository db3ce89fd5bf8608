package io.perfgate.interleaved.evaluation;

import io.perfgate.results.BenchmarkResult;
import io.perfgate.stats.Quantiles;
import org.apache.commons.statistics.inference.AlternativeHypothesis;
import org.apache.commons.statistics.inference.PValueMethod;
import org.apache.commons.statistics.inference.WilcoxonSignedRankTest;

/**
 * A candidate analysis that the study reports next to the gate's; perf:compare does not use it.
 *
 * <p>The gate compares the two sides' forks as two independent samples (exact Mann-Whitney on the logs of the fork
 * medians, statistics.md section 3). But perf:compare runs a benchmark's base fork and candidate fork back to back in
 * every round, so a slow spell of the machine, or a drift over the whole session, usually falls on both forks of a
 * round. The two-sample test sees that shared part as noise. This rule pairs the forks by round instead and tests the
 * per-round log ratios log(candidate / base) with the exact Wilcoxon signed-rank test, which takes the shared part
 * out. Everything else mirrors the gate's median rule:
 * <ul>
 * <li>point estimate: the Hodges-Lehmann estimate of the paired shift, the median of the Walsh averages;</li>
 * <li>FAIL: the estimate is at least log(1 + T_fail) and the one-sided test of "shift <= log(1 + T_min)" rejects
 * at the given level (the same as the lower bound exceeding 1 + T_min);</li>
 * <li>settled PASS (for adaptive stopping): the one-sided test of "shift >= log(1 + T_fail)" rejects, the same as
 * the upper bound being below 1 + T_fail.</li>
 * </ul>
 * The signed-rank test of n pairs cannot reach a one-sided p below 1 / 2^n: at 5 pairs that is 0.031, above the
 * alpha / 2 = 0.025 of a two-look adaptive run. So its adaptive replay first looks after {@value #FIRST_LOOK} rounds,
 * one more than the gate's.
 */
final class RoundPairedRule {
    /** The first round at which a 0.025-level one-sided signed-rank test can reject at all (1 / 64 = 0.016). */
    static final int FIRST_LOOK = 6;

    private final double failLog;
    private final double minLog;

    /**
     * @param fail T_fail, e.g. 0.10
     * @param min T_min, e.g. 0.05
     */
    RoundPairedRule(double fail, double min) {
        this.failLog = Math.log1p(fail);
        this.minLog = Math.log1p(min);
    }

    /** log(candidate / base) of each of the first {@code rounds} rounds, from the fork medians. */
    static double[] logRatios(BenchmarkResult base, BenchmarkResult candidate, int rounds) {
        int n = Math.min(rounds, Math.min(base.forks().size(), candidate.forks().size()));
        double[] d = new double[n];
        for (int i = 0; i < n; i++) {
            d[i] = Math.log(candidate.forks().get(i).primaryMedian() / base.forks().get(i).primaryMedian());
        }
        return d;
    }

    /** The Hodges-Lehmann estimate of a one-sample shift: the median of all (d_i + d_j) / 2 with i <= j. */
    static double hodgesLehmann(double[] d) {
        double[] walsh = new double[d.length * (d.length + 1) / 2];
        int k = 0;
        for (int i = 0; i < d.length; i++) {
            for (int j = i; j < d.length; j++) {
                walsh[k++] = (d[i] + d[j]) / 2;
            }
        }
        return Quantiles.median(walsh);
    }

    /** One-sided exact signed-rank p-value of "shift <= mu" against "shift > mu". */
    static double pGreater(double[] d, double mu) {
        return test(AlternativeHypothesis.GREATER_THAN, d, mu);
    }

    /** One-sided exact signed-rank p-value of "shift >= mu" against "shift < mu". */
    static double pLess(double[] d, double mu) {
        return test(AlternativeHypothesis.LESS_THAN, d, mu);
    }

    private static double test(AlternativeHypothesis alternative, double[] d, double mu) {
        return WilcoxonSignedRankTest.withDefaults().with(alternative).with(PValueMethod.EXACT).withMu(mu)
                .test(d).getPValue();
    }

    /** The FAIL condition at level {@code alpha}. */
    boolean fails(double[] d, double alpha) {
        return hodgesLehmann(d) >= failLog && pGreater(d, minLog) <= alpha;
    }

    /** A slowdown of T_fail ruled out at level {@code alpha}: adaptive stopping may stop with PASS. */
    boolean settlesPass(double[] d, double alpha) {
        return pLess(d, failLog) <= alpha;
    }

    /**
     * The round at which a two-look adaptive run with this rule stops, replayed on prefixes as for the gate: FAIL is
     * looked for at {@value #FIRST_LOOK} rounds and at the maximum, PASS after every round from
     * {@value #FIRST_LOOK} on, all at {@code alpha / 2}.
     */
    int adaptiveStop(BenchmarkResult base, BenchmarkResult candidate, int maxRounds, double alpha) {
        for (int k = FIRST_LOOK; k < maxRounds; k++) {
            double[] d = logRatios(base, candidate, k);
            if (k == FIRST_LOOK && fails(d, alpha / 2)) {
                return k;
            }
            if (settlesPass(d, alpha / 2)) {
                return k;
            }
        }
        return maxRounds;
    }

    /**
     * One comparison judged both ways: the adaptive run's stop and verdict (at alpha / 2), and the fixed maximum's.
     * A class, not a record: the module compiles with --release 11.
     */
    static final class Replay {
        private final int adaptiveStop;
        private final boolean adaptiveFail;
        private final boolean fixedFail;

        Replay(int adaptiveStop, boolean adaptiveFail, boolean fixedFail) {
            this.adaptiveStop = adaptiveStop;
            this.adaptiveFail = adaptiveFail;
            this.fixedFail = fixedFail;
        }

        int adaptiveStop() {
            return adaptiveStop;
        }

        boolean adaptiveFail() {
            return adaptiveFail;
        }

        boolean fixedFail() {
            return fixedFail;
        }
    }

    /** Replays the adaptive run and the fixed-maximum run of this rule on the same forks, at level {@code alpha}. */
    Replay replay(BenchmarkResult base, BenchmarkResult candidate, int maxRounds, double alpha) {
        int stop = adaptiveStop(base, candidate, maxRounds, alpha);
        return new Replay(stop, fails(logRatios(base, candidate, stop), alpha / 2),
                fails(logRatios(base, candidate, maxRounds), alpha));
    }
}
