package io.perfgate.planning;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.perfgate.affected.AffectedBenchmarks;
import io.perfgate.history.HistoryRecord;
import io.perfgate.history.RunOrigin;
import io.perfgate.results.BenchmarkResult;
import io.perfgate.results.Fork;
import io.perfgate.results.PerfResults;
import io.perfgate.stats.Direction;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

class SuiteOrderTest {
    private static final String SCENARIO = io.perfgate.scenariorunner.ScenarioDefinition.SUITE_PREFIX + "index-job";

    /** What perf.affected's analysis found: two reach a changed class, one is included without a path, one not. */
    private static AffectedBenchmarks.Selection analysis() {
        AffectedBenchmarks.Selection s = new AffectedBenchmarks.Selection();
        s.selected.put("p.Far.bench", "reaches p.Codec, changed");
        s.distance.put("p.Far.bench", 2);
        s.selected.put("p.Near.bench", "reaches p.Near, changed");
        s.distance.put("p.Near.bench", 0);
        s.selected.put("p.Plugin.load", "reaches p.Loader, which uses reflection or service loading");
        s.skipped.put("p.Other.bench", "reaches no changed class");
        return s;
    }

    @Test
    void theNearestToAChangedClassRunsFirstAndWhatReachesNoneLast() {
        List<String> suite = Arrays.asList("p.Other.bench", "p.Plugin.load", "p.Far.bench", SCENARIO, "p.Near.bench");
        SuiteOrder order = SuiteOrder.of(suite, analysis(), Collections.emptyMap(), b -> 2.0);

        // the scenario and the reflective one tie on the patch and the history; the name breaks the tie
        assertEquals(Arrays.asList("p.Near.bench", "p.Far.bench", "p.Plugin.load", SCENARIO, "p.Other.bench"),
                order.benchmarks());
        String line = order.line();
        assertTrue(line.startsWith("Order (most likely changed first: nearest to a changed class, shortest fork):"
                + " p.Near.bench (its class changed, 2.0 s a fork); p.Far.bench (a changed class 2 references away,"
                + " 2.0 s a fork); p.Plugin.load (may reach a change, 2.0 s a fork); " + SCENARIO + " (a scenario,"
                + " 2.0 s a fork); p.Other.bench (reaches no changed class, 2.0 s a fork)"), line);
    }

    /** By the map of executed code, distance 0 is "runs changed code"; unrecorded ones follow, skipped ones last. */
    @Test
    void byTheMapOfExecutedCodeWhatRunsChangedCodeGoesFirst() {
        AffectedBenchmarks.Selection s = new AffectedBenchmarks.Selection();
        s.byExecutedCode = true;
        s.selected.put("p.Unrecorded.bench", "no record of what it ran (map of 1a2b3c4d5e)");
        s.selected.put("p.Runs.bench", "runs p.Codec.encode, changed (map of 1a2b3c4d5e)");
        s.distance.put("p.Runs.bench", 0);
        s.skipped.put("p.Other.bench", "ran 4 methods of the project, none changed (map of 1a2b3c4d5e)");
        SuiteOrder order = SuiteOrder.of(Arrays.asList("p.Other.bench", "p.Unrecorded.bench", "p.Runs.bench"), s,
                Collections.emptyMap(), b -> 2.0);
        assertEquals(Arrays.asList("p.Runs.bench", "p.Unrecorded.bench", "p.Other.bench"), order.benchmarks());
        assertTrue(order.line().startsWith("Order (most likely changed first: runs changed code, shortest fork):"
                + " p.Runs.bench (runs changed code, 2.0 s a fork); p.Unrecorded.bench (may reach a change, 2.0 s a"
                + " fork); p.Other.bench"), order.line());
    }

    @Test
    void theHistoryThenTheCheaperForkBreakTies() {
        List<String> suite = Arrays.asList("a.Slow.x", "a.Cheap.x", "a.Moved.x");
        Map<String, Double> seconds = Map.of("a.Slow.x", 9.0, "a.Cheap.x", 1.0, "a.Moved.x", 9.0);
        SuiteOrder order = SuiteOrder.of(suite, null, Map.of("a.Moved.x", 2), seconds::get);

        assertEquals(Arrays.asList("a.Moved.x", "a.Cheap.x", "a.Slow.x"), order.benchmarks());
        assertTrue(order.line().startsWith("Order (most likely changed first: most past changes, shortest fork):"
                + " a.Moved.x (2 past changes, 9.0 s a fork); a.Cheap.x (1.0 s a fork)"), order.line());
        // without the history the cheaper fork goes first
        assertEquals(Arrays.asList("a.Cheap.x", "a.Moved.x", "a.Slow.x"),
                SuiteOrder.of(suite, null, Collections.emptyMap(), seconds::get).benchmarks());
    }

    @Test
    void theHistoryCountsTheChangePointsOfEachBenchmarksRunMedians() {
        Random noise = new Random(5);
        List<HistoryRecord> records = new ArrayList<>();
        for (int run = 0; run < 24; run++) {
            // a.Step.x moved from 100 to 130 ns/op at run 12, a.Flat.x never moved
            double step = run < 12 ? 100 : 130;
            PerfResults results = PerfResults.builder().createdAt("2026-10-01T03:00:00Z").toolVersion("0.1.0")
                    .addBenchmark(result("a.Step.x", step, noise)).addBenchmark(result("a.Flat.x", 100, noise))
                    .build();
            Instant at = Instant.parse("2026-10-01T03:00:00Z").plusSeconds(86_400L * run);
            records.add(HistoryRecord.create(results, new RunOrigin(at, null, null, "main", null), new Random(run)));
        }
        Map<String, Integer> changes = SuiteOrder.pastChanges(records);

        assertEquals(Map.of("a.Step.x", 1), changes);
        assertEquals(Arrays.asList("a.Step.x", "a.Flat.x"), SuiteOrder.of(Arrays.asList("a.Flat.x", "a.Step.x"),
                null, changes, b -> 1.0).benchmarks());
        // too short a history to test says nothing
        assertEquals(Collections.emptyMap(), SuiteOrder.pastChanges(records.subList(0, 3)));
    }

    private static BenchmarkResult result(String name, double level, Random noise) {
        BenchmarkResult.Builder b = BenchmarkResult.builder(name).mode("avgt").unit("ns/op")
                .direction(Direction.LOWER_IS_BETTER);
        double run = level * (1 + 0.005 * noise.nextGaussian());
        for (int f = 0; f < 3; f++) {
            double v = run * (1 + 0.002 * noise.nextGaussian());
            b.addFork(new Fork(new double[] {v, v}, Map.of(), Map.of()));
        }
        return b.build();
    }
}
