package io.perfgate.gate;

import static io.perfgate.testing.Results.around;
import static io.perfgate.testing.Results.avgt;
import static io.perfgate.testing.Results.fork;
import static io.perfgate.testing.Results.sample;
import static io.perfgate.testing.Results.withAlloc;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.perfgate.results.BenchmarkResult;
import io.perfgate.results.Fork;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The reasons a metric cannot be judged: each names the side and what is missing, and good data has none. */
class JudgeabilityTest {
    private static final String BENCH = "com.acme.ParserBench.parse";
    private static final double[] FORKS = around(1000, 0.02, 10, 1);
    private static final String ALLOC = "gc.alloc.rate.norm";

    @Test
    void completeDataHasNoProblem() {
        BenchmarkResult b = avgt(BENCH, FORKS);
        assertNull(Judgeability.dataProblem(b, "baseline", false));
        assertNull(Judgeability.secondaryProblem(withAlloc(BENCH, FORKS, FORKS), withAlloc(BENCH, FORKS, FORKS),
                ALLOC));
        assertNull(Judgeability.p95Missing(b, b, FORKS, FORKS));
    }

    @Test
    void aForkWithoutAUsableMedianIsNamedByNumberAndSide() {
        BenchmarkResult b = BenchmarkResult.builder(BENCH).mode("avgt").unit("ns/op").addFork(fork(1000))
                .addFork(fork(0)).addFork(fork(1000)).build();
        assertEquals("fork 2 of the current results has no usable measurement (median 0.0)",
                Judgeability.dataProblem(b, "current results", false));
        BenchmarkResult empty = BenchmarkResult.builder(BENCH).mode("avgt").unit("ns/op")
                .addFork(new Fork(new double[0], Collections.emptyMap(), Collections.emptyMap())).build();
        assertTrue(Judgeability.dataProblem(empty, "baseline", true).startsWith("run 1 of the baseline has no usable"
                + " measurement (no iterations)"), Judgeability.dataProblem(empty, "baseline", true));
    }

    @Test
    void sidesWithoutForksOrWithWarningsAreNotJudged() {
        BenchmarkResult none = BenchmarkResult.builder(BENCH).mode("avgt").unit("ns/op").build();
        assertTrue(Judgeability.dataProblem(none, "baseline", false).startsWith("the baseline hold no forks"));
        assertTrue(Judgeability.dataProblem(none, "current results", true).contains("raise <coldRuns>"));
        BenchmarkResult warned = avgt(BENCH, FORKS).toBuilder().warning("fork 3 crashed").build();
        assertEquals("incomplete data in the baseline: fork 3 crashed",
                Judgeability.dataProblem(warned, "baseline", false));
    }

    @Test
    void aSecondaryMetricMustBeRecordedAboveZeroByEveryForkOfBothSides() {
        BenchmarkResult withIt = withAlloc(BENCH, FORKS, FORKS);
        assertTrue(Judgeability.secondaryProblem(avgt(BENCH, FORKS), withIt, ALLOC)
                .startsWith("only the current results recorded " + ALLOC));
        double[] zeroOnce = FORKS.clone();
        zeroOnce[4] = 0;
        assertTrue(Judgeability.secondaryProblem(withIt, withAlloc(BENCH, FORKS, zeroOnce), ALLOC)
                .startsWith("a run of the current results recorded " + ALLOC + " = 0"));
        BenchmarkResult.Builder partly = avgt(BENCH, new double[0]).toBuilder()
                .secondaryMetric(ALLOC, withIt.secondaryMetrics().get(ALLOC));
        List<Fork> forks = new ArrayList<>(withIt.forks());
        forks.set(0, fork(1000));
        partly.forks(forks);
        assertEquals("1 of 10 runs of the baseline did not record " + ALLOC,
                Judgeability.secondaryProblem(partly.build(), withIt, ALLOC));
    }

    @Test
    void aP95FromOneSideOnlyAsksForTheSameModeOnBoth() {
        BenchmarkResult sampled = sample(BENCH, FORKS, FORKS);
        BenchmarkResult average = avgt(BENCH, FORKS);
        assertEquals("only the baseline (sample) recorded per-fork p95 values; measure both in the same mode",
                Judgeability.p95Missing(sampled, average, FORKS, new double[0]));
        assertEquals("avgt mode records no latency distribution; use Mode.SampleTime to gate the p95",
                Judgeability.p95Missing(average, average, new double[0], new double[0]));
    }

    @Test
    void forksThatTrendMakeTheSideInconclusive() {
        BenchmarkResult.Builder drifting = BenchmarkResult.builder(BENCH).mode("avgt").unit("ns/op");
        BenchmarkResult.Builder steady = BenchmarkResult.builder(BENCH).mode("avgt").unit("ns/op");
        for (int f = 0; f < 10; f++) {
            double[] rising = new double[10];
            double[] flat = new double[10];
            for (int i = 0; i < 10; i++) {
                rising[i] = 1000 + f + 10 * i;
                flat[i] = 1000 + f + ((i * 7 + f) % 5);
            }
            drifting.addFork(new Fork(rising, Collections.emptyMap(), Collections.emptyMap()));
            steady.addFork(new Fork(flat, Collections.emptyMap(), Collections.emptyMap()));
        }
        List<String> untested = new ArrayList<>();
        String reason = Judgeability.unstableForks(steady.build(), drifting.build(), untested);
        assertTrue(reason.startsWith("in the current results, 10 of 10 forks trend"), reason);
        assertNull(Judgeability.unstableForks(steady.build(), steady.build(), new ArrayList<>()));
        assertEquals(List.of(), untested, "ten iterations a fork are enough for the trend test");
    }
}
