package io.perfgate.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.perfgate.results.BenchmarkId;
import io.perfgate.results.Calibration;
import io.perfgate.results.PerfResults;
import io.perfgate.results.ResultsJson;
import io.perfgate.scenariorunner.ScenarioDefinition;
import io.perfgate.testing.LogLines;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BaselineEstimatesTest {
    private static final String SHOWN = "src/perf/baseline.json";

    @TempDir
    Path dir;

    private final LogLines log = new LogLines();

    private static ScenarioDefinition wordcount() {
        ScenarioDefinition d = new ScenarioDefinition();
        d.setId("wordcount");
        d.setClassName("com.acme.WordCountScenario");
        return d;
    }

    private Path damaged() throws Exception {
        Path file = dir.resolve("baseline.json");
        Files.writeString(file, "{ \"benchmarks\": 3 }");
        return file;
    }

    private Path calibrated(int benchmarks) throws Exception {
        Map<BenchmarkId, Calibration.Entry> entries = new LinkedHashMap<>();
        for (int i = 0; i < benchmarks; i++) {
            entries.put(BenchmarkId.ofKey("org.example.Bench.b" + i, "avgt"),
                    new Calibration.Entry(10, 0.05, 0.01, 0.10, 0.2, 12, "PASS"));
        }
        Path file = dir.resolve("baseline.json");
        ResultsJson.write(PerfResults.builder().createdAt("2026-11-28T01:00:00Z").toolVersion("0.1.0")
                .calibration(new Calibration("2026-11-27T22:00:00Z", 0.8, 0.05, entries)).build(), file);
        return file;
    }

    @Test
    void aDamagedBaselineGivesOneWarningAndNoEstimates() throws Exception {
        BaselineEstimates estimates = new BaselineEstimates(damaged(), SHOWN, log);
        assertFalse(estimates.results().isPresent());
        assertNull(estimates.calibration());
        assertNull(estimates.storedCalibration(true));
        assertNotNull(estimates.forkTimes(true));
        assertTrue(estimates.scenarioTimes(List.of(wordcount())).describe(List.of(wordcount())).contains("guess"),
                estimates.scenarioTimes(List.of(wordcount())).describe(List.of(wordcount())));
        assertEquals(1, log.warnings().size(), "read once: " + log);
        assertTrue(log.warnings().get(0).startsWith("What " + SHOWN + " recorded is not used to estimate this run"
                + " (each scenario JVM counts as 1 min, each benchmark as its plan says, and adaptive rounds follow"
                + " their own noise): "), log.warnings().get(0));
        assertEquals(List.of(), log.infos());
    }

    @Test
    void noBaselineIsNoEstimateAndNoWarning() {
        BaselineEstimates estimates = new BaselineEstimates(dir.resolve("absent.json"), SHOWN, log);
        assertFalse(estimates.results().isPresent());
        assertNull(estimates.storedCalibration(true));
        assertNotNull(estimates.forkTimes(true));
        assertEquals(List.of(), log.lines());
    }

    @Test
    void nothingIsReadThatNoEstimateNeeds() throws Exception {
        BaselineEstimates estimates = new BaselineEstimates(damaged(), SHOWN, log);
        // the whole suite, no scenarios, no adaptive rounds: a damaged baseline is not even opened
        assertNotNull(estimates.forkTimes(false));
        estimates.scenarioTimes(List.of());
        assertNull(estimates.storedCalibration(false));
        assertEquals(List.of(), log.lines());
        // part of the suite: now the estimate is wanted, and the damage is said
        estimates.forkTimes(true);
        assertEquals(1, log.warnings().size(), log.toString());
    }

    @Test
    void theStoredCalibrationSizesAdaptiveRoundsAndSaysSo() throws Exception {
        BaselineEstimates estimates = new BaselineEstimates(calibrated(1), SHOWN, log);
        assertNull(estimates.storedCalibration(false));
        assertEquals(List.of(), log.lines(), "without adaptive rounds, nothing to say");
        Calibration calibration = estimates.storedCalibration(true);
        assertEquals(1, calibration.benchmarks().size());
        assertEquals(List.of("Rounds sized with the between-fork noise perf:calibrate stored in " + SHOWN
                + " (measured 2026-11-27T22:00:00Z, 1 benchmark), pooled with the noise of each benchmark's own"
                + " rounds"), log.infos());

        LogLines two = new LogLines();
        new BaselineEstimates(calibrated(2), SHOWN, two).storedCalibration(true);
        assertTrue(two.infos().get(0).contains("(measured 2026-11-27T22:00:00Z, 2 benchmarks)"), two.toString());
    }
}
