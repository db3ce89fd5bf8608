package io.perfgate.interleaved.evaluation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.perfgate.results.BenchmarkResult;
import io.perfgate.results.Fork;
import io.perfgate.stats.Verdict;
import java.util.Collections;
import java.util.Random;
import org.junit.jupiter.api.Test;

class RoundPairedRuleTest {
    private static final double ALPHA = 0.05;
    private final RoundPairedRule rule = new RoundPairedRule(0.10, 0.05);

    @Test
    void hodgesLehmannIsTheMedianOfTheWalshAverages() {
        // Walsh averages of {1, 2, 3}: 1, 1.5, 2, 2, 2.5, 3
        assertEquals(2.0, RoundPairedRule.hodgesLehmann(new double[] {1, 2, 3}), 1e-12);
        // of {0, 10, 11}: 0, 5, 5.5, 10, 10.5, 11
        assertEquals(7.75, RoundPairedRule.hodgesLehmann(new double[] {0, 10, 11}), 1e-12);
    }

    @Test
    void fivePairsCannotSettleAtHalfAlphaSixCan() {
        // All five ratios far below the threshold: the exact one-sided p is 1/32 = 0.031, above 0.025.
        double[] five = {0.001, -0.002, 0.003, -0.001, 0.002};
        assertEquals(1.0 / 32, RoundPairedRule.pLess(five, Math.log(1.10)), 1e-12);
        assertFalse(rule.settlesPass(five, ALPHA / 2));
        double[] six = {0.001, -0.002, 0.003, -0.001, 0.002, 0.0005};
        assertEquals(1.0 / 64, RoundPairedRule.pLess(six, Math.log(1.10)), 1e-12);
        assertTrue(rule.settlesPass(six, ALPHA / 2));
    }

    @Test
    void aSlowdownBelowTheFailThresholdDoesNotFailEvenWhenSignificant() {
        double[] d = new double[15];
        Random random = new Random(7);
        for (int i = 0; i < d.length; i++) {
            d[i] = Math.log(1.08) + 0.005 * random.nextGaussian();
        }
        assertTrue(RoundPairedRule.pGreater(d, Math.log(1.05)) <= ALPHA, "significantly above T_min");
        assertFalse(rule.fails(d, ALPHA), "but the estimate, +8 %, is below T_fail");
    }

    @Test
    void aSlowdownUnderSharedSlowSpellsFailsPairedButNotUnpaired() {
        // Each round the machine runs at its own speed (log SD 30 %, as this study's allocation forks at the default
        // length) and both forks of the round feel it; the candidate is 20 % slower throughout. The two-sample gate
        // sees the machine's swings as noise; pairing by round takes them out.
        Random random = new Random(11);
        BenchmarkResult.Builder base = BenchmarkResult.builder("b").mode("avgt").unit("us/op");
        BenchmarkResult.Builder candidate = BenchmarkResult.builder("b").mode("avgt").unit("us/op");
        for (int round = 0; round < 15; round++) {
            double machine = Math.exp(0.30 * random.nextGaussian());
            base.addFork(fork(100 * machine * Math.exp(0.02 * random.nextGaussian())));
            candidate.addFork(fork(120 * machine * Math.exp(0.02 * random.nextGaussian())));
        }
        BenchmarkResult b = base.build();
        BenchmarkResult c = candidate.build();

        assertTrue(rule.fails(RoundPairedRule.logRatios(b, c, 15), ALPHA));
        assertNotEquals(Verdict.FAIL, CompareEvaluation.judge(b, c, ALPHA).verdict());
        assertTrue(CompareEvaluation.withinRoundCorrelation(b, c) > 0.9);
    }

    @Test
    void adaptiveReplayStopsAtTheFirstLookWhenTheAnswerIsClear() {
        Random random = new Random(3);
        BenchmarkResult.Builder base = BenchmarkResult.builder("b").mode("avgt").unit("us/op");
        BenchmarkResult.Builder same = BenchmarkResult.builder("b").mode("avgt").unit("us/op");
        BenchmarkResult.Builder slower = BenchmarkResult.builder("b").mode("avgt").unit("us/op");
        for (int round = 0; round < 15; round++) {
            base.addFork(fork(100 * Math.exp(0.01 * random.nextGaussian())));
            same.addFork(fork(100 * Math.exp(0.01 * random.nextGaussian())));
            slower.addFork(fork(130 * Math.exp(0.01 * random.nextGaussian())));
        }
        BenchmarkResult b = base.build();
        assertEquals(RoundPairedRule.FIRST_LOOK, rule.adaptiveStop(b, same.build(), 15, ALPHA));
        assertEquals(RoundPairedRule.FIRST_LOOK, rule.adaptiveStop(b, slower.build(), 15, ALPHA));
        assertTrue(rule.fails(RoundPairedRule.logRatios(b, slower.build(), RoundPairedRule.FIRST_LOOK), ALPHA / 2));
    }

    private static Fork fork(double value) {
        return new Fork(new double[] {value, value, value}, Collections.emptyMap(), Collections.emptyMap());
    }
}
