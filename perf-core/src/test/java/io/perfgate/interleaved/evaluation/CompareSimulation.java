package io.perfgate.interleaved.evaluation;

import io.perfgate.gate.GateRow;
import io.perfgate.gate.GateSettings;
import io.perfgate.interleaved.InterleavedResults;
import io.perfgate.interleaved.InterleavedRun;
import io.perfgate.interleaved.InterleavedSchedule;
import io.perfgate.interleaved.Side;
import io.perfgate.interleaved.StopRule;
import io.perfgate.results.BenchmarkResult;
import io.perfgate.results.Fork;
import io.perfgate.stats.Verdict;
import io.perfgate.testing.LogLines;
import java.util.Collections;
import java.util.Locale;
import java.util.Random;

/**
 * The same study as {@link CompareEvaluation}, on simulated forks instead of real ones: perf:compare's rounds
 * ({@link InterleavedRun}, its seeded schedule), its stop rule and the gate, fed by a noise model. It shows what the
 * adaptive rule does where a real machine cannot be measured quietly enough, and is labelled as a simulation
 * wherever it is quoted.
 *
 * <p>Noise model (statistics.md): each fork's level is the true value times a lognormal factor (SD
 * {@code forkSd}); its 5 measurement iterations add 5 % lognormal noise, and 3 % of iterations are outliers 1.5
 * times slower; each fork summarised by its median, as the gate does. With {@code drift}, the machine becomes 10 %
 * slower from a random fork of the session on (both sides alike, since they are interleaved). With a
 * {@code shared} SD, each round also draws a lognormal factor that both forks of that round share: the slow spells
 * of a busy virtual machine, which the real study at the default fork length showed (within-round correlation of
 * the fork medians about 0.2 to 0.7).
 *
 * <p>Each row also gives the verdicts of {@link RoundPairedRule}, the round-paired alternative to the gate's
 * two-sample rule, on the same forks.
 *
 * <p>{@code --power} asks a different question: at a given fork SD, how often does a 20 % slowdown FAIL with the
 * default 15 rounds, and with a larger {@code perf.maxForks}? It prints A/A and +20 % rows for fork SDs from 4 to
 * 20 % (the range the real study measured) at 15, 25 and 40 rounds at most.
 *
 * <pre>java -cp ... io.perfgate.interleaved.evaluation.CompareSimulation [--power] [comparisons per cell, default 1000]</pre>
 */
public final class CompareSimulation {
    private static final int MAX_ROUNDS = 15;
    private static final int ITERATIONS = 5;

    private CompareSimulation() {
    }

    public static void main(String[] args) {
        boolean power = args.length > 0 && args[0].equals("--power");
        int first = power ? 1 : 0;
        int n = args.length > first ? Integer.parseInt(args[first]) : 1000;
        System.out.printf(Locale.ROOT, "%d simulated comparisons per row; max %s rounds; default thresholds%n", n,
                power ? "15, 25 or 40" : String.valueOf(MAX_ROUNDS));
        System.out.printf(Locale.ROOT, "%-46s %9s %9s %9s %9s %12s %7s | %9s %9s %12s%n", "cell", "FAIL adp",
                "FAIL fix", "WARN adp", "WARN fix", "rounds adp", "same", "pFAIL adp", "pFAIL fix", "prounds adp");
        if (power) {
            for (double sd : new double[] {0.04, 0.08, 0.12, 0.16, 0.20}) {
                for (int maxRounds : new int[] {MAX_ROUNDS, 25, 40}) {
                    for (double ratio : new double[] {1.0, 1.2}) {
                        cell(sd, 0, false, ratio, n, maxRounds);
                    }
                }
            }
            return;
        }
        for (double sd : new double[] {0.03, 0.08}) {
            for (boolean drift : new boolean[] {false, true}) {
                for (double ratio : new double[] {1.0, 1.05, 1.10, 1.2}) {
                    cell(sd, 0, drift, ratio, n, MAX_ROUNDS);
                }
            }
        }
        for (double ratio : new double[] {1.0, 1.05, 1.10, 1.2}) {
            cell(0.08, 0.10, false, ratio, n, MAX_ROUNDS);
        }
    }

    static void cell(double forkSd, double sharedSd, boolean drift, double ratio, int n, int maxRounds) {
        GateSettings settings = GateSettings.defaults();
        StopRule adaptive = new StopRule(true, maxRounds, settings);
        StopRule fixed = new StopRule(false, maxRounds, settings);
        int failAdaptive = 0;
        int failFixed = 0;
        int warnAdaptive = 0;
        int warnFixed = 0;
        int rounds = 0;
        int same = 0;
        RoundPairedRule paired = new RoundPairedRule(settings.medianFail(), settings.medianMin());
        int pairedFailAdaptive = 0;
        int pairedFailFixed = 0;
        int pairedRounds = 0;
        for (int t = 0; t < n; t++) {
            Random random = new Random(1_000_003L * t + Math.round(forkSd * 1000) + (drift ? 7 : 0)
                    + Math.round(ratio * 100_000));
            int driftFrom = drift ? random.nextInt(2 * maxRounds) : Integer.MAX_VALUE;
            int[] forkIndex = {0};
            long trial = t;
            InterleavedRun.ForkRunner runner = (side, benchmark, round) -> {
                // A stream of its own: both forks of a round get the same factor, and the main stream, from which
                // the rows without a shared part are drawn, stays as it was (their published figures still hold).
                double shared = sharedSd == 0 ? 1.0
                        : Math.exp(sharedSd * new Random(31L * trial + round).nextGaussian());
                double level = 100 * (side == Side.CANDIDATE ? ratio : 1.0) * shared
                        * (forkIndex[0]++ >= driftFrom ? 1.10 : 1.0) * Math.exp(forkSd * random.nextGaussian());
                double[] it = new double[ITERATIONS];
                for (int i = 0; i < ITERATIONS; i++) {
                    it[i] = level * Math.exp(0.05 * random.nextGaussian()) * (random.nextDouble() < 0.03 ? 1.5 : 1);
                }
                return Collections.singletonList(BenchmarkResult.builder(benchmark).mode("avgt").unit("ns/op")
                        .addFork(new Fork(it, Collections.emptyMap(), Collections.emptyMap())).build());
            };
            InterleavedResults outcome = new InterleavedRun(new InterleavedSchedule(t), fixed, new LogLines())
                    .run(Collections.singletonList("sim.Bench.run"), runner);
            BenchmarkResult base = outcome.results(Side.BASE).get(0);
            BenchmarkResult cand = outcome.results(Side.CANDIDATE).get(0);
            int stop = CompareEvaluation.adaptiveStop(adaptive, base, cand, maxRounds);
            GateRow a = CompareEvaluation.judge(CompareEvaluation.prefix(base, stop),
                    CompareEvaluation.prefix(cand, stop), adaptive.decisionAlpha());
            GateRow f = CompareEvaluation.judge(base, cand, fixed.decisionAlpha());
            failAdaptive += a.verdict() == Verdict.FAIL ? 1 : 0;
            failFixed += f.verdict() == Verdict.FAIL ? 1 : 0;
            warnAdaptive += a.verdict() == Verdict.WARN ? 1 : 0;
            warnFixed += f.verdict() == Verdict.WARN ? 1 : 0;
            same += (a.verdict() == Verdict.FAIL) == (f.verdict() == Verdict.FAIL) ? 1 : 0;
            rounds += stop;
            RoundPairedRule.Replay pairedReplay = paired.replay(base, cand, maxRounds, settings.alpha());
            pairedRounds += pairedReplay.adaptiveStop();
            pairedFailAdaptive += pairedReplay.adaptiveFail() ? 1 : 0;
            pairedFailFixed += pairedReplay.fixedFail() ? 1 : 0;
        }
        System.out.printf(Locale.ROOT, "%-46s %8.1f%% %8.1f%% %8.1f%% %8.1f%% %6.1f (%2.0f%%) %6.1f%% | %8.1f%%"
                + " %8.1f%% %6.1f (%2.0f%%)%n",
                String.format(Locale.ROOT, "fork SD %.0f %%%s%s, true ratio %.2f%s", forkSd * 100,
                        sharedSd > 0 ? String.format(Locale.ROOT, ", shared per round %.0f %%", sharedSd * 100) : "",
                        drift ? ", drift" : "", ratio, maxRounds == MAX_ROUNDS ? "" : ", max " + maxRounds),
                100.0 * failAdaptive / n, 100.0 * failFixed / n, 100.0 * warnAdaptive / n, 100.0 * warnFixed / n,
                rounds / (double) n, 100 * (1 - rounds / (double) n / maxRounds), 100.0 * same / n,
                100.0 * pairedFailAdaptive / n, 100.0 * pairedFailFixed / n, pairedRounds / (double) n,
                100 * (1 - pairedRounds / (double) n / maxRounds));
    }
}
