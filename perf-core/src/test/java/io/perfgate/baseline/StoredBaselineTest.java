package io.perfgate.baseline;

import static io.perfgate.testing.Results.around;
import static io.perfgate.testing.Results.avgt;
import static io.perfgate.testing.Results.results;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.perfgate.gate.BaselineRecorder;
import io.perfgate.profile.BaselineProfiles;
import io.perfgate.profile.ProfileMode;
import io.perfgate.results.BenchmarkId;
import io.perfgate.results.Calibration;
import io.perfgate.results.PerfResults;
import io.perfgate.results.ResultsJson;
import io.perfgate.testing.LogLines;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Collections;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What perf:baseline and perf:calibrate do to the stored baseline, without Maven. */
class StoredBaselineTest {
    private static final BaselineRecorder RECORDER = new BaselineRecorder("0.1.0",
            Clock.fixed(Instant.parse("2026-11-21T12:00:00Z"), ZoneOffset.UTC));

    @TempDir
    Path module;

    private final LogLines log = new LogLines();

    private StoredBaseline baseline() {
        return new StoredBaseline(module.resolve("src/perf/baseline.json"), module,
                p -> module.relativize(p).toString(), log);
    }

    private Path resultsFile() throws Exception {
        Path file = module.resolve("target/perf/results.json");
        ResultsJson.write(results(avgt("a.B.m", around(100, 0.01, 5, 1))), file);
        return file;
    }

    @Test
    void recordingSaysWhatItRecordedAndRemovesTheProfilesOfTheLastBaseline() throws Exception {
        StoredBaseline baseline = baseline();
        Path oldProfiles = BaselineProfiles.besides(baseline.file());
        Files.createDirectories(oldProfiles.getParent());
        Files.write(oldProfiles, "{}".getBytes(StandardCharsets.UTF_8));

        PerfResults written = baseline.record(resultsFile(), RECORDER, false, "faster parser", ProfileMode.REGRESSIONS,
                (targets, stored) -> {
                    throw new AssertionError("only perf.profile=all profiles while recording");
                });

        assertEquals(written.provenance(), ResultsJson.read(baseline.file()).provenance());
        assertEquals(log.infos().get(0), "Recording target/perf/results.json (measured 2026-11-20T10:00:00Z) as the"
                + " baseline");
        assertTrue(log.any("Recorded baseline src/perf/baseline.json from target/perf/results.json: 1 benchmarks,"
                + " 5 forks, commit 0123456789abcdef, reason: faster parser. Commit it so perf:check gates later"
                + " builds."), log.toString());
        assertFalse(Files.exists(oldProfiles));
        assertTrue(log.any("Removed src/perf/baseline-profiles.json: it held the profiles of the previous baseline"),
                log.toString());
    }

    @Test
    void aPartialRunIsRefusedAndTheBaselineNotTouched() throws Exception {
        Path file = module.resolve("target/perf/results.json");
        ResultsJson.write(results(avgt("a.B.m", around(100, 0.01, 5, 1))).toBuilder()
                .status(PerfResults.STATUS_PARTIAL).build(), file);
        BaselineException e = assertThrows(BaselineException.class, () -> baseline().record(file, RECORDER, false,
                "", ProfileMode.NONE, (targets, stored) -> null));
        assertTrue(e.getMessage().startsWith("Refusing to write the baseline src/perf/baseline.json from"
                + " target/perf/results.json: the run is partial"), e.getMessage());
        assertFalse(Files.exists(baseline().file()));
    }

    @Test
    void resultsThatDoNotReadAreNotRecorded() throws Exception {
        Path file = module.resolve("target/perf/results.json");
        ResultsJson.write(results(avgt("a.B.m", new double[0])), file);
        BaselineException e = assertThrows(BaselineException.class, () -> baseline().record(file, RECORDER, false,
                "", ProfileMode.NONE, (targets, stored) -> null));
        assertTrue(e.getMessage().endsWith("is empty, and no warning says why: a complete run records every fork (or"
                + " scenario run) it measured. The baseline src/perf/baseline.json was not touched."), e.getMessage());
        assertFalse(Files.exists(baseline().file()));
    }

    @Test
    void withProfileAllNothingProfiledStoresNoProfiles() throws Exception {
        StoredBaseline baseline = baseline();
        baseline.record(resultsFile(), RECORDER, false, "", ProfileMode.ALL, (targets, stored) -> {
            assertEquals("a.B.m", targets.get(0).key());
            return null;
        });
        assertFalse(Files.exists(BaselineProfiles.besides(baseline.file())));
        assertTrue(log.warnings().contains("No profile was recorded, so none is stored with the baseline (which is"
                + " recorded); the warnings above say why"), log.toString());
    }

    @Test
    void savingACalibrationKeepsTheBaselineAndAddsTheSection() throws Exception {
        StoredBaseline baseline = baseline();
        PerfResults stored = results(avgt("x.Quiet.run", around(10, 0.01, 5, 2))).toBuilder()
                .environment(Collections.singletonMap("cpu.cores", "4"))
                .provenance(Collections.singletonMap("git.commit", "abc")).build();
        ResultsJson.write(stored, baseline.file());
        Calibration c = new Calibration("2026-11-22T00:00:00Z", 0.8, 0.05, Collections.singletonMap(
                BenchmarkId.ofKey("x.Quiet.run", "avgt"),
                new Calibration.Entry(10, 0.01, 0.005, 0.1, 0.104, 5, "PASS")));

        baseline.saveCalibration(c, Collections.singletonMap("cpu.cores", "2"));

        assertEquals(Collections.singletonList("The baseline was recorded in another environment than this"
                + " calibration: cpu.cores: baseline 4, calibration 2"), log.warnings());
        assertTrue(log.any("Calibration saved into the baseline src/perf/baseline.json"), log.toString());
        PerfResults saved = ResultsJson.read(baseline.file());
        assertEquals("abc", saved.provenance().get("git.commit"));
        assertEquals(1, saved.benchmarks().size());
        assertEquals(0.104, saved.calibration().find(BenchmarkId.ofKey("x.Quiet.run", "avgt")).detectableSlowdown());
        assertFalse(Files.exists(module.resolve("src/perf/baseline.json.lock")));
    }

    @Test
    void aCalibrationNeedsABaseline() {
        BaselineException early = assertThrows(BaselineException.class,
                () -> baseline().requireForCalibration("mvn verify perf:baseline"));
        assertEquals("There is no baseline at src/perf/baseline.json to save the calibration into. Record one first"
                + " with: mvn verify perf:baseline, or run perf:calibrate without -Dperf.calibrate.save=true.",
                early.getMessage());
        // the baseline may also vanish during the A/A run
        BaselineException late = assertThrows(BaselineException.class, () -> baseline().saveCalibration(
                new Calibration("t", 0.8, 0.05, Collections.emptyMap()), Collections.emptyMap()));
        assertTrue(late.getMessage().startsWith("There is no baseline at "), late.getMessage());
    }
}
