package io.perfgate.scenariorunner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.perfgate.results.BenchmarkResult;
import io.perfgate.results.Fork;
import io.perfgate.results.PerfResults;
import io.perfgate.results.ResultsJson;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ScenarioTimesTest {
    @TempDir
    Path dir;

    /** A Tez-like scenario: 14 s of set-up per JVM, 6 s cold runs, 3 s warm runs. */
    private static PerfResults recorded() {
        BenchmarkResult.Builder cold = scenario("wordcount", ScenarioMetrics.COLD);
        for (double run : new double[] {6000, 6200, 5800}) {
            cold.addFork(fork(new double[] {run}, 14_000));
        }
        BenchmarkResult.Builder warm = scenario("wordcount", ScenarioMetrics.WARM);
        warm.addFork(fork(new double[] {3000, 3100}, 13_000));
        warm.addFork(fork(new double[] {2900, 3000}, 15_000));
        BenchmarkResult jmh = BenchmarkResult.builder("x.Bench.run").kind(BenchmarkResult.KIND_JMH).mode("avgt")
                .unit("ns/op").addFork(new Fork(new double[] {5, 5}, Collections.emptyMap(), Collections.emptyMap()))
                .build();
        return PerfResults.builder().createdAt("2026-11-27T02:40:00Z").toolVersion("0.1.0").addBenchmark(cold.build()).addBenchmark(warm.build())
                .addBenchmark(jmh).build();
    }

    private static BenchmarkResult.Builder scenario(String id, String runs) {
        return BenchmarkResult.builder(id).kind(BenchmarkResult.KIND_SCENARIO).mode(BenchmarkResult.MODE_SINGLE_SHOT)
                .unit(ScenarioMetrics.UNIT).params(Collections.singletonMap(ScenarioMetrics.RUNS_PARAM, runs));
    }

    private static Fork fork(double[] runs, double setUpMillis) {
        return new Fork(runs, Collections.emptyMap(),
                Map.of(ScenarioMetrics.SETUP_TIME, new double[] {setUpMillis}));
    }

    private static ScenarioDefinition definition(String id, int coldRuns, int warmJvms, int warmupRuns, int warmRuns) {
        ScenarioDefinition d = new ScenarioDefinition();
        d.setId(id);
        d.setClassName("com.acme.Job");
        d.setColdRuns(coldRuns);
        d.setWarmJvms(warmJvms);
        d.setWarmupRuns(warmupRuns);
        d.setWarmRuns(warmRuns);
        return d;
    }

    @Test
    void aRecordedScenarioWeighsItsSetUpAndRunsPerJvm() {
        ScenarioTimes times = ScenarioTimes.recordedIn(recorded(), "src/perf/baseline.json");
        ScenarioDefinition d = definition("wordcount", 2, 5, 1, 2);
        // set-up: the median of 14, 14, 14, 13, 15 s; and a second for the JVM's start and exit
        assertEquals(Duration.ofMillis(1000 + 14_000 + 6000), times.coldJvm(d));
        // warm runs' median 3 s (of 3.05 and 2.95), times 1 warm-up + 2 runs
        assertEquals(Duration.ofMillis(1000 + 14_000 + 3 * 3000), times.warmJvm(d));
        assertEquals(times.coldJvm(d).multipliedBy(2).plus(times.warmJvm(d).multipliedBy(5)), times.run(d),
                "perf:run starts every cold JVM and every warm JVM");
        assertEquals(times.coldJvm(d).plus(times.warmJvm(d)), times.round(d),
                "a comparison round starts one cold and one warm JVM per side");
        assertEquals("recorded in src/perf/baseline.json", times.describe(d));
    }

    @Test
    void whatWasNotRecordedIsGuessedAndSaysSo() {
        ScenarioTimes times = ScenarioTimes.recordedIn(recorded(), "target/perf/results.json");
        ScenarioDefinition other = definition("ingest", 3, 0, 0, 0);
        assertEquals(ScenarioTimes.GUESSED_JVM.multipliedBy(3), times.run(other));
        assertEquals("guessed at 1 min per JVM", times.describe(other));
        ScenarioDefinition warmOnly = definition("wordcount", 0, 2, 0, 4);
        assertEquals(Duration.ZERO.plus(times.warmJvm(warmOnly)), times.round(warmOnly), "no cold JVM to start");
        assertEquals(ScenarioTimes.GUESSED_JVM, ScenarioTimes.guessed().coldJvm(warmOnly));
    }

    @Test
    void aDamagedBaselineIsPassedOverWithANoteAndAMissingOneSilently() throws Exception {
        Path baseline = dir.resolve("baseline.json");
        Files.writeString(baseline, "{\"schemaVersion\": 1, \"benchmarks\": [");
        List<String> notes = new ArrayList<>();
        ScenarioDefinition d = definition("wordcount", 1, 1, 0, 1);

        assertFalse(ResultsJson.readForEstimates(baseline, notes::add).isPresent());
        assertEquals(1, notes.size(), notes.toString());
        assertTrue(notes.get(0).contains(baseline.toString()), "the problem names the file: " + notes.get(0));

        ResultsJson.write(recorded(), baseline);
        assertEquals("Scenario times: wordcount recorded in src/perf/baseline.json; ingest guessed at 1 min per JVM",
                ScenarioTimes.recordedIn(ResultsJson.readForEstimates(baseline, notes::add).get(),
                        "src/perf/baseline.json").describe(Arrays.asList(d, definition("ingest", 1, 0, 0, 0))));
        assertFalse(ResultsJson.readForEstimates(dir.resolve("none.json"), notes::add).isPresent());
        assertEquals(1, notes.size(), "a missing baseline is no news");
    }
}
