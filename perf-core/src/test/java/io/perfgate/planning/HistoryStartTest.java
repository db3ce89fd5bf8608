package io.perfgate.planning;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.perfgate.config.PerfProperties;
import io.perfgate.gate.GateSettings;
import io.perfgate.history.HistoryRecord;
import io.perfgate.history.RunOrigin;
import io.perfgate.interleaved.StopRule;
import io.perfgate.results.BenchmarkResult;
import io.perfgate.results.Fork;
import io.perfgate.results.PerfResults;
import io.perfgate.stats.ForkPlan;
import java.time.Instant;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Where perf.forkPlan=auto's first rounds start when the history holds a run of the benchmark. */
class HistoryStartTest {
    private static final String NAME = "a.B.run";
    private static final StopRule RULE = new StopRule(true, 15, GateSettings.defaults());

    /**
     * A recorded run of 10 forks of 10 x 500 ms (the defaults), 4 s of fixed cost a fork: each fork's iterations
     * spread by {@code within} around a fork level that moves by {@code between} from fork to fork.
     */
    static HistoryRecord recorded(double between, double within) {
        Random random = new Random(11);
        BenchmarkResult.Builder b = BenchmarkResult.builder(NAME).mode("avgt").unit("ns/op");
        for (int f = 0; f < 10; f++) {
            double level = 100 * (1 + between * random.nextGaussian());
            double[] it = new double[10];
            for (int i = 0; i < it.length; i++) {
                it[i] = level * (1 + within * random.nextGaussian());
            }
            b.addFork(new Fork(it, Map.of(), Map.of(), 9.0));
        }
        PerfResults results = PerfResults.builder().createdAt("2026-11-28T05:00:00Z").toolVersion("test")
                .settings(Map.of(PerfProperties.MEASUREMENT_TIME, "500 ms")).addBenchmark(b.build()).build();
        return HistoryRecord.create(results, new RunOrigin(Instant.parse("2026-11-28T05:00:00Z"),
                "6904bea1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f7", null, "main", null), new Random(3));
    }

    @Test
    void betweenForkNoiseKeepsTheShortStart() {
        HistoryStart start = HistoryStart.of(NAME, List.of(recorded(0.03, 0.005)), RULE, 20, 0.25);
        assertEquals(ForkPlan.MIN_ITERATIONS, start.iterations(), start.line());
        assertTrue(start.line().startsWith("a.B.run: perf.forkPlan=auto starts at 6 iterations of 250 ms a fork, from"
                + " its newest run in the history ("), start.line());
        assertTrue(start.line().contains(", 10 forks): between-fork noise"), start.line());
        assertTrue(start.line().endsWith("; the first 5 rounds' own noise plans the rest"), start.line());
    }

    /** Within-fork noise that dominates asks for longer forks from the first round, up to the settings' 20. */
    @Test
    void withinForkNoiseStartsLonger() {
        HistoryStart start = HistoryStart.of(NAME, List.of(recorded(0.001, 0.25)), RULE, 20, 0.25);
        assertTrue(start.iterations() > ForkPlan.MIN_ITERATIONS && start.iterations() <= 20, start.line());
    }

    @Test
    void theNewestUsableRunCountsAndNoneGivesNoStart() {
        HistoryRecord quiet = recorded(0.03, 0.005);
        HistoryRecord noisy = recorded(0.001, 0.25);
        assertEquals(HistoryStart.of(NAME, List.of(noisy), RULE, 20, 0.25).iterations(),
                HistoryStart.of(NAME, Arrays.asList(quiet, noisy), RULE, 20, 0.25).iterations(), "newest last");
        assertNull(HistoryStart.of("other.Bench.run", List.of(quiet), RULE, 20, 0.25), "not in the history");
        assertNull(HistoryStart.of(NAME, Collections.emptyList(), RULE, 20, 0.25));
        assertNull(HistoryStart.of(NAME, List.of(quiet), RULE, 0, 0.25), "no planned length");
    }
}
