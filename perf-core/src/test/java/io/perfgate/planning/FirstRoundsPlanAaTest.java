package io.perfgate.planning;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.perfgate.config.PerfProperties;
import io.perfgate.gate.Gate;
import io.perfgate.gate.GateRow;
import io.perfgate.gate.GateSettings;
import io.perfgate.gate.Metric;
import io.perfgate.interleaved.FakeForks;
import io.perfgate.interleaved.InterleavedResults;
import io.perfgate.interleaved.InterleavedRun;
import io.perfgate.interleaved.InterleavedSchedule;
import io.perfgate.interleaved.Side;
import io.perfgate.interleaved.StopRule;
import io.perfgate.results.BenchmarkResult;
import io.perfgate.results.Fork;
import io.perfgate.results.PerfResults;
import io.perfgate.stats.Direction;
import io.perfgate.stats.ForkPlan;
import io.perfgate.stats.ShiftComparison;
import io.perfgate.stats.ShiftTest;
import io.perfgate.stats.Thresholds;
import io.perfgate.stats.Verdict;
import io.perfgate.testing.LogLines;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * A/A under {@code perf.forkPlan=auto}: the short start and the first rounds' plan change the fork length in the
 * middle of a comparison (both sides at once). statistics.md argues the exact test keeps its level because under H0
 * both samples come from one mixture of lengths; this simulation checks it where the plan does switch (within-fork
 * noise dominates, so the forks are lengthened from 6 to 10 iterations after the first look): the one-sided test
 * finds a slowdown (at zero shift, the decision level) no more often than that level allows, and the gate FAILs
 * none.
 */
class FirstRoundsPlanAaTest {
    /** Enough for the binomial bound to mean something, few enough for the unit suite (about 1 min). */
    private static final int COMPARISONS = 150;
    private static final Map<String, String> SETTINGS = new HashMap<>();

    static {
        SETTINGS.put(PerfProperties.WARMUP_ITERATIONS, "3");
        SETTINGS.put(PerfProperties.WARMUP_TIME, "1 s");
        SETTINGS.put(PerfProperties.MEASUREMENT_TIME, "500 ms");
    }

    /** No change between the sides: a fork's level varies by {@code between}, its iterations by {@code within}. */
    private static final class SameOnBothSides implements InterleavedRun.ForkRunner {
        final Random random;
        final double between;
        final double within;
        InterleavedRun run;
        long clock;
        boolean switched;
        int firstLength;

        SameOnBothSides(long seed, double between, double within) {
            this.random = new Random(seed);
            this.between = between;
            this.within = within;
        }

        @Override
        public List<BenchmarkResult> runFork(Side side, String benchmark, int round) {
            int planned = run.measurementIterations(benchmark);
            int m = planned > 0 ? planned : 10;
            if (round == 1) {
                firstLength = m;
            }
            switched |= m != firstLength;
            clock += Math.round((4 + 0.5 * m) * 1e9);
            double level = 100 * Math.exp(between * random.nextGaussian());
            double[] it = new double[m];
            for (int i = 0; i < m; i++) {
                it[i] = level * Math.exp(within * random.nextGaussian());
            }
            return Collections.singletonList(FakeForks.result(benchmark, new Fork(it, Collections.emptyMap(),
                    Collections.emptyMap())));
        }
    }

    private static double[] medians(BenchmarkResult r) {
        double[] m = new double[r.forks().size()];
        for (int i = 0; i < m.length; i++) {
            m[i] = r.forks().get(i).primaryMedian();
        }
        return m;
    }

    private static PerfResults results(BenchmarkResult r) {
        return PerfResults.builder().createdAt("simulation").toolVersion("test").addBenchmark(r).build();
    }

    @Test
    void switchingTheForkLengthMidComparisonKeepsTheLevel() {
        int significant = 0;
        int failed = 0;
        int switched = 0;
        double alpha = 0;
        for (int i = 0; i < COMPARISONS; i++) {
            StopRule rule = new StopRule(true, 15, GateSettings.defaults());
            alpha = rule.decisionAlpha();
            SameOnBothSides model = new SameOnBothSides(1000 + i, 0.01, 0.20);
            InterleavedRun run = new InterleavedRun(new InterleavedSchedule(i), rule, new LogLines(), () -> model.clock)
                    .planner(new FirstRoundsPlan(rule, SETTINGS, b -> 10), b -> true)
                    .startLength(b -> ForkPlan.MIN_ITERATIONS).settings(SETTINGS);
            model.run = run;
            InterleavedResults o = run.run(Collections.singletonList("a.B.run"), model);
            switched += model.switched ? 1 : 0;
            BenchmarkResult base = o.results(Side.BASE).get(0);
            BenchmarkResult candidate = o.results(Side.CANDIDATE).get(0);
            // the exact test at zero shift: a one-sided lower bound of the ratio above 1 is a "slowdown" at alpha
            ShiftComparison zeroShift = ShiftTest.compare(medians(base), medians(candidate),
                    Direction.LOWER_IS_BETTER, new Thresholds(0.10, 0.05, alpha));
            significant += zeroShift.lowerBound(alpha) > 1 ? 1 : 0;
            for (GateRow row : new Gate(GateSettings.defaults().withAlpha(alpha)).check(results(base),
                    results(candidate)).comparisons()) {
                if (row.metric() == Metric.MEDIAN) {
                    failed += row.verdict() == Verdict.FAIL ? 1 : 0;
                }
            }
        }
        // the plan did lengthen the forks in most comparisons, so the mixture of lengths is what is tested
        assertTrue(switched > COMPARISONS / 2, switched + " of " + COMPARISONS + " comparisons switched length");
        System.out.printf("A/A under auto: %d of %d comparisons switched length; %d significant at %.3f; %d FAIL%n",
                switched, COMPARISONS, significant, alpha, failed);
        // binomial(COMPARISONS, alpha): its mean plus three standard deviations
        double bound = COMPARISONS * alpha + 3 * Math.sqrt(COMPARISONS * alpha * (1 - alpha));
        assertTrue(significant <= bound, significant + " of " + COMPARISONS + " A/A comparisons significant at "
                + alpha + ", more than " + bound);
        assertEquals(0, failed, "A/A comparisons the gate FAILed");
    }
}
