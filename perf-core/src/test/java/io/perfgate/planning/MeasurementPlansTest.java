package io.perfgate.planning;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.perfgate.config.PerfProperties;
import io.perfgate.gate.GateSettings;
import io.perfgate.jmh.CalibratedForks;
import io.perfgate.jmh.InvalidOptionException;
import io.perfgate.results.BenchmarkId;
import io.perfgate.results.BenchmarkResult;
import io.perfgate.results.Calibration;
import io.perfgate.results.Fork;
import io.perfgate.results.PerfResults;
import io.perfgate.results.ResultsJson;
import io.perfgate.run.BaselineEstimates;
import io.perfgate.run.RunFailedException;
import io.perfgate.scenariorunner.ScenarioDefinition;
import io.perfgate.scenariorunner.ScenarioMetrics;
import io.perfgate.testing.LogLines;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MeasurementPlansTest {
    private static final String SHOWN = "src/perf/baseline.json";
    private static final String BENCHMARK = "org.example.WorkBench.work";

    @TempDir
    Path dir;

    private final LogLines log = new LogLines();

    /** A baseline whose calibration planned one benchmark: 12 forks of 6 iterations. */
    private static PerfResults calibrated() {
        Calibration calibration = new Calibration("2026-11-27T22:00:00Z", 0.8, 0.05, Map.of(
                BenchmarkId.ofKey(BENCHMARK, "avgt"), new Calibration.Entry(10, 0.05, 0.01, 0.10, 0.2, 12, "PASS",
                        new Calibration.Plan(12, 6, 3.8, 0.5, 10, "between-fork noise dominates"))));
        return PerfResults.builder().createdAt("2026-11-28T01:00:00Z").toolVersion("0.1.0")
                .calibration(calibration).build();
    }

    /** A baseline of scenario runs only, no calibration: 5 warm JVMs of 5 runs of {@code wordcount}, 5 cold runs. */
    private static PerfResults scenarioRuns() {
        double[] pattern = {0, -2, 1, -1, 2};
        BenchmarkResult.Builder warm = scenario(ScenarioMetrics.WARM);
        BenchmarkResult.Builder cold = scenario(ScenarioMetrics.COLD);
        for (int j = 0; j < 5; j++) {
            double[] runs = new double[5];
            for (int k = 0; k < 5; k++) {
                runs[k] = 2000 * (1 + 0.02 * pattern[j]) * (1 + 0.05 * pattern[(k + j) % 5]);
            }
            warm.addFork(fork(runs));
            cold.addFork(fork(new double[] {2600 * (1 + 0.01 * pattern[j])}));
        }
        return PerfResults.builder().createdAt("2026-11-28T01:00:00Z").toolVersion("0.1.0")
                .settings(Map.of(PerfProperties.scenarioSetting("wordcount", ScenarioDefinition.WARMUP_RUNS), "1",
                        PerfProperties.scenarioSetting("wordcount", "timed"), "run"))
                .addBenchmark(cold.build()).addBenchmark(warm.build()).build();
    }

    private static BenchmarkResult.Builder scenario(String runs) {
        return BenchmarkResult.builder("wordcount").kind(BenchmarkResult.KIND_SCENARIO)
                .mode(BenchmarkResult.MODE_SINGLE_SHOT).unit("ms")
                .params(Collections.singletonMap(ScenarioMetrics.RUNS_PARAM, runs));
    }

    private static Fork fork(double[] runs) {
        return new Fork(runs, Collections.emptyMap(), Map.of(ScenarioMetrics.SETUP_TIME, new double[] {1000}));
    }

    private static List<ScenarioDefinition> wordcount() {
        ScenarioDefinition d = new ScenarioDefinition();
        d.setId("wordcount");
        d.setClassName("com.acme.WordCountScenario");
        List<ScenarioDefinition> scenarios = new ArrayList<>();
        scenarios.add(d);
        return scenarios;
    }

    private Path baseline(PerfResults results) throws IOException {
        Path file = dir.resolve("baseline.json");
        ResultsJson.write(results, file);
        return file;
    }

    private MeasurementPlans plans(String forkPlan, Path baseline, List<ScenarioDefinition> scenarios) {
        return plans(forkPlan, true, baseline, scenarios);
    }

    private MeasurementPlans plans(String forkPlan, boolean runsPlans, Path baseline,
            List<ScenarioDefinition> scenarios) {
        return new MeasurementPlans(forkPlan, runsPlans, scenarios, PerfProperties.DEFAULT_SCENARIO_INCLUDES,
                new BaselineEstimates(baseline, SHOWN, log), log);
    }

    /** Limits a test says must not be asked for. */
    private static GateSettings unasked() {
        throw new AssertionError("the limits were asked for, though nothing is planned");
    }

    @Test
    void fixedIgnoresTheCalibrationAndDoesNotReadTheBaseline() throws Exception {
        Path damaged = dir.resolve("damaged.json");
        Files.writeString(damaged, "{ not json");
        assertSame(CalibratedForks.none(), plans("fixed", baseline(calibrated()), List.of()).calibratedForks());
        assertSame(CalibratedForks.none(), plans(null, damaged, List.of()).calibratedForks());
        assertEquals(List.of(), log.lines(), "fixed reads no baseline and says nothing");
    }

    @Test
    void autoWithoutACalibrationPlansNothingAndSaysNothing() throws Exception {
        assertSame(CalibratedForks.none(), plans("auto", baseline(scenarioRuns()), List.of()).calibratedForks());
        assertSame(CalibratedForks.none(), plans("auto", dir.resolve("absent.json"), List.of()).calibratedForks());
        assertEquals(List.of(), log.lines());
    }

    @Test
    void aStoredCalibrationPlansItsBenchmarksAndIsLoggedOnce() throws Exception {
        MeasurementPlans plans = plans("auto", baseline(calibrated()), List.of());
        CalibratedForks forks = plans.calibratedForks();
        assertEquals(12, forks.find(BENCHMARK).forks());
        assertEquals(6, forks.find(BENCHMARK).iterations());
        assertSame(forks, plans.calibratedForks());
        List<String> lines = log.infos();
        assertEquals(2, lines.size(), log.toString());
        assertEquals("perf.forkPlan=auto: 1 benchmark runs the fork plan of the calibration in " + SHOWN + " where"
                + " you set neither perf.forks nor perf.measurementIterations (in perf:compare the rounds decide the"
                + " forks, the plan the iterations); the others run as fixed:", lines.get(0));
        assertTrue(lines.get(1).startsWith("  " + BENCHMARK + ": 12 forks"), lines.get(1));
    }

    @Test
    void calibratedWithoutACalibrationIsRefusedNamingTheCommandThatStoresOne() throws Exception {
        MeasurementPlans plans = plans("calibrated", baseline(scenarioRuns()), List.of());
        InvalidOptionException e = assertThrows(InvalidOptionException.class, plans::calibratedForks);
        assertEquals("perf.forkPlan=calibrated, but " + SHOWN + " holds no calibration: run perf:calibrate"
                + " -Dperf.calibrate.save=true first, or use -Dperf.forkPlan=auto (plans from the first rounds in"
                + " perf:compare)", e.getMessage());
        assertThrows(InvalidOptionException.class,
                plans("calibrated", dir.resolve("absent.json"), List.of())::calibratedForks);
    }

    @Test
    void aGoalThatMeasuresTheFixedSettingsIgnoresTheForkPlan() throws Exception {
        // perf:calibrate measures as configured whatever perf.forkPlan says: no refusal, nothing planned
        MeasurementPlans plans = plans("calibrated", false, dir.resolve("absent.json"), wordcount());
        assertSame(CalibratedForks.none(), plans.calibratedForks());
        assertEquals(wordcount().get(0).getWarmJvms(), plans.plannedScenarios(MeasurementPlansTest::unasked).get(0)
                .getWarmJvms());
        assertEquals(List.of(), log.lines());
    }

    @Test
    void scenariosAlonePlanFromTheirRecordedJvmsWithoutACalibration() throws Exception {
        MeasurementPlans plans = plans("calibrated", baseline(scenarioRuns()), wordcount());
        assertSame(CalibratedForks.none(), plans.calibratedForks());
        assertSame(CalibratedForks.none(), plans.calibratedForks());
        assertEquals(List.of("perf.forkPlan=calibrated: " + SHOWN + " holds no calibration, so JMH benchmarks run as"
                + " fixed; the scenarios plan from their recorded JVMs"), log.infos(), "said once");

        int[] asked = {0};
        List<ScenarioDefinition> planned = plans.plannedScenarios(() -> {
            asked[0]++;
            return GateSettings.defaults();
        });
        assertSame(planned, plans.plannedScenarios(MeasurementPlansTest::unasked), "planned once");
        assertEquals(1, asked[0]);
        assertEquals(2, log.infos().size(), log.toString());
        String line = log.infos().get(1);
        assertTrue(line.startsWith("scenario wordcount: ") && line.contains("from the 5 warm JVMs in " + SHOWN), line);
        assertEquals(1, planned.size());
    }

    @Test
    void scenariosWithNothingRecordedRunAsConfiguredAndSaySo() throws Exception {
        List<ScenarioDefinition> planned = plans("auto", dir.resolve("absent.json"), wordcount())
                .plannedScenarios(GateSettings::defaults);
        assertEquals(5, planned.get(0).getWarmJvms());
        assertEquals(List.of("scenario wordcount: no plan (no baseline); 5 JVMs x 5 runs as configured"),
                log.infos());
    }

    @Test
    void fixedScenariosRunAsConfiguredWithoutAskingForTheLimits() throws Exception {
        List<ScenarioDefinition> configured = wordcount();
        List<ScenarioDefinition> planned = plans(" Fixed ", baseline(scenarioRuns()), configured)
                .plannedScenarios(MeasurementPlansTest::unasked);
        assertEquals(configured, planned);
        assertEquals(List.of(), log.lines());
    }

    @Test
    void theLimitsProblemReachesTheGoal() {
        IOException problem = new IOException("perf.medianFail = 'x'");
        IOException thrown = assertThrows(IOException.class, () -> plans("auto", dir.resolve("absent.json"),
                wordcount()).plannedScenarios(() -> {
                    throw problem;
                }));
        assertSame(problem, thrown);
    }

    @Test
    void aForkPlanThatIsNoneOfTheThreeIsRefused() {
        InvalidOptionException e = assertThrows(InvalidOptionException.class,
                plans("fast", dir.resolve("absent.json"), List.of())::calibratedForks);
        assertTrue(e.getMessage().startsWith("perf.forkPlan = 'fast': expected fixed"), e.getMessage());
    }

    @Test
    void aScenarioIncludesThatIsNoRegularExpressionIsRefused() {
        MeasurementPlans plans = new MeasurementPlans("auto", true, wordcount(), "word(",
                new BaselineEstimates(dir.resolve("absent.json"), SHOWN, log), log);
        RunFailedException e = assertThrows(RunFailedException.class, plans::selectedScenarios);
        assertTrue(e.getMessage().startsWith("perf.scenarioIncludes 'word(' is not a regular expression"),
                e.getMessage());
    }
}
