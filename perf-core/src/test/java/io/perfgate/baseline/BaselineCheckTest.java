package io.perfgate.baseline;

import static io.perfgate.testing.Results.around;
import static io.perfgate.testing.Results.avgt;
import static io.perfgate.testing.Results.results;
import static io.perfgate.testing.Results.times;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.perfgate.confirm.FailConfirmation;
import io.perfgate.forkprofile.ProfileTarget;
import io.perfgate.gate.GateSettings;
import io.perfgate.gate.Outcome;
import io.perfgate.profile.BaselineProfiles;
import io.perfgate.profile.ProfileMode;
import io.perfgate.report.ReportWriter;
import io.perfgate.results.ResultsJson;
import io.perfgate.testing.LogLines;
import io.perfgate.workspace.CompareException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** perf:check's stored-baseline workflow without Maven: files in, verdicts, reports and the failure out. */
class BaselineCheckTest {
    private static final double[] BASE = around(100, 0.01, 10, 1);

    @TempDir
    Path module;

    private final LogLines log = new LogLines();
    /** What the working-tree profiler was asked to profile, one entry per call. */
    private final List<List<ProfileTarget>> profiled = new ArrayList<>();
    private final List<BaselineProfiles> storedProfiles = new ArrayList<>();

    private Path resultsFile() {
        return module.resolve("target/perf/results.json");
    }

    private Path baselineFile() {
        return module.resolve("src/perf/baseline.json");
    }

    private BaselineCheck.Request request() {
        StoredBaseline baseline = new StoredBaseline(baselineFile(), module, this::display, log);
        return new BaselineCheck.Request(resultsFile(), baseline, module.resolve("target/perf"))
                .settings(GateSettings.defaults()).reportFormats(EnumSet.allOf(ReportWriter.Format.class))
                .profileMode(ProfileMode.REGRESSIONS).toolVersion("0.1.0").display(this::display)
                .recordCommand("mvn verify perf:baseline").acceptCommand("mvn perf:baseline -Dperf.reason=...");
    }

    private String display(Path path) {
        return module.relativize(path).toString();
    }

    private BaselineCheck.Result check() throws BaselineException {
        return new BaselineCheck(log).run(request(), (targets, stored) -> {
            profiled.add(targets);
            storedProfiles.add(stored);
            return null;
        });
    }

    private void write(double[] baseline, double[] current) throws IOException {
        ResultsJson.write(results(avgt("a.B.m", baseline)), baselineFile());
        ResultsJson.write(results(avgt("a.B.m", current)), resultsFile());
    }

    @Test
    void aSlowdownFailsNamingTheReportAndTheCommandThatAcceptsIt() throws Exception {
        write(BASE, times(BASE, 1.3));
        BaselineCheck.Result result = check();

        assertEquals(Outcome.FAIL, result.report().outcome());
        assertTrue(result.writtenFiles().contains(module.resolve("target/perf/report.md")), result.writtenFiles()
                .toString());
        result.writtenFiles().forEach(p -> assertTrue(Files.isRegularFile(p), p.toString()));
        String message = result.failureMessage().orElseThrow(AssertionError::new);
        assertTrue(message.contains("target/perf/report.md"), message);
        assertTrue(message.endsWith(". If the slowdown is intended, record these results as the baseline (nothing is"
                + " measured again): mvn perf:baseline -Dperf.reason=..."), message);
        // the FAIL is profiled in the working tree; no profiles were stored with the baseline, and the log says how
        assertEquals(1, profiled.size());
        assertEquals("a.B.m", profiled.get(0).get(0).key());
        assertNull(storedProfiles.get(0));
        assertTrue(log.any("Only the working tree can be profiled against a stored baseline that has no profiles"),
                log.toString());
        assertTrue(result.profiles().isEmpty());
    }

    @Test
    void aFailIsHandedToTheConfirmationBeforeTheReportsAreWritten() throws Exception {
        write(BASE, times(BASE, 1.3));
        List<String> asked = new ArrayList<>();
        BaselineCheck.Result result = new BaselineCheck(log).run(request().confirmation(new FailConfirmation(
                FailConfirmation.Mode.AUTO, () -> {
                    asked.add("parts");
                    throw new CompareException("Cannot find the Maven installation running this build");
                }, log)), (targets, stored) -> null);

        // the baseline records a commit, so the confirmation is set up; it cannot be, so the FAIL stands and every
        // report says why
        assertEquals(List.of("parts"), asked);
        assertEquals(Outcome.FAIL, result.report().outcome());
        String note = "FAIL not confirmed side by side, so it stands (perf.confirm): Cannot find the Maven installation"
                + " running this build";
        assertTrue(result.report().notes().contains(note), result.report().notes().toString());
        assertTrue(new String(Files.readAllBytes(module.resolve("target/perf/report.md")), StandardCharsets.UTF_8)
                .contains(note));
    }

    @Test
    void noChangePassesAndProfilesNothing() throws Exception {
        write(BASE, BASE);
        BaselineCheck.Result result = check();

        assertEquals(Outcome.PASS, result.report().outcome());
        assertFalse(result.failureMessage().isPresent());
        // called all the same: it clears the profiles an earlier run left
        assertEquals(Collections.singletonList(Collections.emptyList()), profiled);
        assertFalse(log.any("profiled"), log.toString());
    }

    @Test
    void staleReportsAreRemovedWhenNoneAreAskedFor() throws Exception {
        write(BASE, BASE);
        Path stale = module.resolve("target/perf/report.md");
        Files.write(stale, "old".getBytes(StandardCharsets.UTF_8));
        BaselineCheck.Result result = new BaselineCheck(log).run(request()
                .reportFormats(EnumSet.noneOf(ReportWriter.Format.class)), (targets, stored) -> null);
        assertTrue(result.writtenFiles().isEmpty());
        assertFalse(Files.exists(stale));
    }

    @Test
    void profilesOfAnotherBaselineAreNotUsedAsTheBefore() throws Exception {
        write(BASE, times(BASE, 1.3));
        new BaselineProfiles("0".repeat(64), "async-profiler 4.2", "cpu", Collections.emptyMap())
                .write(BaselineProfiles.besides(baselineFile()));
        check();
        assertNull(storedProfiles.get(0));
        assertTrue(log.warnings().get(0).startsWith("The profiles in src/perf/baseline-profiles.json were recorded"
                + " with another baseline than src/perf/baseline.json (its SHA-256 differs)"), log.toString());
    }

    @Test
    void profilesOfThisBaselineAreTheBefore() throws Exception {
        write(BASE, times(BASE, 1.3));
        new BaselineProfiles(BaselineProfiles.sha256(baselineFile()), "async-profiler 4.2", "cpu",
                Collections.emptyMap()).write(BaselineProfiles.besides(baselineFile()));
        check();
        assertNotNull(storedProfiles.get(0));
        assertTrue(log.any("Attributing against the profiles stored with the baseline in"
                + " src/perf/baseline-profiles.json (async-profiler 4.2)"), log.toString());
    }

    @Test
    void withoutResultsItSaysToRunTheBenchmarksFirst() {
        BaselineException e = assertThrows(BaselineException.class, this::check);
        assertEquals("No results at target/perf/results.json; run perf:run first (bind it in the same profile as"
                + " perf:check), or set perf.results to a results.json made elsewhere", e.getMessage());
        assertTrue(profiled.isEmpty());
    }

    @Test
    void partialResultsOfAFailedRunAreNotChecked() throws Exception {
        ResultsJson.write(results(avgt("a.B.m", BASE)), module.resolve("target/perf/results-partial.json"));
        BaselineException e = assertThrows(BaselineException.class, this::check);
        assertTrue(e.getMessage().startsWith("No results at target/perf/results.json: the last perf:run failed and"
                + " left only target/perf/results-partial.json (status partial)"), e.getMessage());
    }

    @Test
    void aDamagedBaselineNamesTheCommandThatRecordsANewOne() throws Exception {
        write(BASE, BASE);
        Files.write(baselineFile(), "{".getBytes(StandardCharsets.UTF_8));
        BaselineException e = assertThrows(BaselineException.class, this::check);
        assertTrue(e.getMessage().startsWith("The baseline cannot be read: "), e.getMessage());
        assertTrue(e.getMessage().endsWith(". It was left as it is: restore it from version control, or record a new"
                + " one with: mvn verify perf:baseline"), e.getMessage());
        // the parser's own message would only repeat the location: it is kept for mvn -X, not as the cause
        assertNull(e.getCause());
        assertNotNull(e.detail());
    }

    @Test
    void withoutABaselineTheReportSaysHowToRecordOne() throws Exception {
        ResultsJson.write(results(avgt("a.B.m", BASE)), resultsFile());
        BaselineCheck.Result result = check();
        assertEquals(Outcome.WARN, result.report().outcome());
        assertFalse(result.failureMessage().isPresent());
        String report = new String(Files.readAllBytes(module.resolve("target/perf/report.md")),
                StandardCharsets.UTF_8);
        assertTrue(report.contains("mvn verify perf:baseline"), report);
    }

    @Test
    void anIncompleteRequestIsAProgrammingError() {
        StoredBaseline baseline = new StoredBaseline(baselineFile(), module, this::display, log);
        BaselineCheck.Request incomplete = new BaselineCheck.Request(resultsFile(), baseline, module);
        assertThrows(IllegalStateException.class, () -> new BaselineCheck(log).run(incomplete, (t, s) -> null));
    }
}
