package io.perfgate.baseline;

import static io.perfgate.testing.Results.around;
import static io.perfgate.testing.Results.avgt;
import static io.perfgate.testing.Results.results;
import static io.perfgate.testing.Results.times;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.perfgate.config.PerfProperties;
import io.perfgate.confirm.FailConfirmation;
import io.perfgate.gate.Gate;
import io.perfgate.gate.GateReport;
import io.perfgate.gate.GateRow;
import io.perfgate.gate.GateSettings;
import io.perfgate.gate.Metric;
import io.perfgate.gate.Outcome;
import io.perfgate.history.DirectoryStore;
import io.perfgate.history.HistoryRecord;
import io.perfgate.history.RunOrigin;
import io.perfgate.profile.ProfileMode;
import io.perfgate.report.CheckArtifacts;
import io.perfgate.report.Methodology;
import io.perfgate.report.MethodologyContent;
import io.perfgate.report.ReportWriter;
import io.perfgate.results.PerfResults;
import io.perfgate.results.ResultsJson;
import io.perfgate.stats.Verdict;
import io.perfgate.testing.LogLines;
import io.perfgate.workspace.CompareException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The history as perf:check's baseline: which runs it takes from the store, what it says, and when it steps back. */
class HistoryBaselineTest {
    private static final Instant START = Instant.parse("2026-11-01T06:00:00Z");
    private static final double[] LEVELS = {1.0, 1.01, 0.995, 1.005, 0.99, 1.002, 1.008, 0.994, 1.001, 0.999, 1.003,
        0.997};

    @TempDir
    Path module;

    private final LogLines log = new LogLines();
    private final Random random = new Random(3);
    private int recorded;

    private DirectoryStore store() {
        return new DirectoryStore(module.resolve("history"));
    }

    /** Records one run of {@code a.B.m} at {@code level} times 1000 ns, on {@code branch}, a day after the last. */
    private void record(double level, String branch, String cpu) throws Exception {
        int day = recorded++;
        PerfResults run = results(avgt("a.B.m", times(around(1000, 0.02, 5, day), level))).toBuilder()
                .createdAt(START.plus(day, ChronoUnit.DAYS).toString()).build();
        if (cpu != null) {
            Map<String, String> env = new LinkedHashMap<>(run.environment());
            env.put("cpu.model", cpu);
            run = run.toBuilder().environment(env).build();
        }
        String commit = String.format("c%06x", day) + "0".repeat(33);
        store().append(HistoryRecord.create(run, new RunOrigin(START.plus(day, ChronoUnit.DAYS), commit, null, branch,
                null), random));
    }

    private static PerfResults current(double factor) {
        return results(avgt("a.B.m", times(around(1000, 0.02, 5, 99), factor)));
    }

    private Optional<GateReport> judge(PerfResults current, int runs, boolean asked) {
        return new HistoryBaseline(store(), runs, PerfProperties.DEFAULT_MAIN_BRANCH, asked, log)
                .judge(current, "target/perf/results.json", new Gate(GateSettings.defaults()).toolVersion("test"));
    }

    private static GateRow median(GateReport r) {
        return r.comparisons().stream().filter(c -> c.metric() == Metric.MEDIAN).findFirst().orElseThrow();
    }

    @Test
    void takesTheLatestComparableRunsOfMainAndSaysWhichItLeftOut() throws Exception {
        for (double level : LEVELS) {
            record(level, "main", null);
        }
        record(1.5, "feature/x", null);
        record(2.0, null, null);
        record(1.0, "main", "Other CPU");
        record(1.0, "master", "Other CPU");

        GateReport r = judge(current(1.25), 10, true).orElseThrow();

        assertEquals(Verdict.FAIL, median(r).verdict(), median(r).toString());
        assertEquals(10, median(r).baselineForks());
        assertEquals("history: 10 runs of main from 2026-11-03 to 2026-11-12, commits c000002000..c00000b000",
                r.baseline().file());
        assertTrue(log.any("perf:check against the history: 10 runs of main from 2026-11-03 to 2026-11-12"),
                log.toString());
        assertTrue(log.any("(12 comparable of 16 records; left out: 1 of other branches, 2 with another"
                + " cpu.model, 1 with no branch recorded)"), log.toString());
    }

    @Test
    void aStandInForAMissingFileSaysSo() throws Exception {
        for (double level : LEVELS) {
            record(level, "master", null);
        }
        assertTrue(judge(current(1.0), 10, false).isPresent());
        assertTrue(log.any(": there is no baseline file, so the history is the baseline (-Dperf.baseline=<file>"
                + " judges against a file)"), log.toString());
    }

    @Test
    void tooFewRunsFallBackAndSayHowMany() throws Exception {
        for (int i = 0; i < 4; i++) {
            record(LEVELS[i], "main", null);
        }
        record(1.0, "feature/y", null);

        assertFalse(judge(current(1.0), 10, true).isPresent());
        assertEquals(1, log.warnings().size(), log.toString());
        assertEquals("the directory " + module.resolve("history") + " holds 4 runs of main comparable"
                + " with this one (of 5 records; left out: 1 of other branches), and judging against the history"
                + " needs at least 5; perf:record on main adds runs; so perf:check goes on as without a"
                + " baseline (perf.failOnMissingBaseline decides whether that fails)",
                log.warnings().get(0).replaceFirst("^the [a-z]+ ", "the directory "));
        // standing in for a missing file, the same is said without a warning
        LogLines quiet = new LogLines();
        assertFalse(new HistoryBaseline(store(), 10, "main", false, quiet).judge(current(1.0), "results.json",
                new Gate(GateSettings.defaults())).isPresent());
        assertTrue(quiet.warnings().isEmpty() && quiet.any("needs at least 5"), quiet.toString());
    }

    @Test
    void anUnreadableRecordIsNamedAndLeftOut() throws Exception {
        for (double level : LEVELS) {
            record(level, "main", null);
        }
        Path damaged = module.resolve("history/2026/11/20261130T000000000Z-abc-00000000.json.gz");
        Files.createDirectories(damaged.getParent());
        Files.write(damaged, "not gzip".getBytes(StandardCharsets.UTF_8));

        assertTrue(judge(current(1.0), 10, true).isPresent());
        assertTrue(log.warnings().stream().anyMatch(w -> w.startsWith("A record of the history was not read and is"
                + " left out: ") && w.contains("20261130T000000000Z-abc-00000000")), log.toString());
    }

    @Test
    void theRunBeingCheckedIsNotItsOwnHistory() throws Exception {
        for (double level : LEVELS) {
            record(level, "main", null);
        }
        PerfResults alreadyRecorded = results(avgt("a.B.m", around(1000, 0.02, 5, 99))).toBuilder()
                .createdAt(START.plus(recorded, ChronoUnit.DAYS).toString()).build();
        store().append(HistoryRecord.create(alreadyRecorded, new RunOrigin(START.plus(recorded, ChronoUnit.DAYS),
                null, null, "main", null), random));

        judge(alreadyRecorded, 10, true).orElseThrow();
        assertTrue(log.any("1 being this run itself"), log.toString());
    }

    @Test
    void badSettingsNameTheProperty() {
        IllegalArgumentException runs = assertThrows(IllegalArgumentException.class,
                () -> new HistoryBaseline(store(), 3, "main", true, log));
        assertTrue(runs.getMessage().startsWith("perf.historyRuns is 3, but the prediction interval needs at least"
                + " 5 runs"), runs.getMessage());
        IllegalArgumentException branch = assertThrows(IllegalArgumentException.class,
                () -> new HistoryBaseline(store(), 10, " , ", true, log));
        assertTrue(branch.getMessage().startsWith("perf.mainBranch is empty"), branch.getMessage());
    }

    /** perf.confirm measures a FAIL against the history again, against the newest run's commit. */
    @Test
    void aFailAgainstTheHistoryIsHandedToTheConfirmation() throws Exception {
        for (double level : LEVELS) {
            record(level, "main", null);
        }
        Path results = module.resolve("target/perf/results.json");
        ResultsJson.write(current(1.3), results);
        StoredBaseline file = new StoredBaseline(module.resolve("history"), module,
                p -> module.relativize(p).toString(), log);
        HistoryBaseline history = new HistoryBaseline(store(), 10, "main", true, log);
        List<String> asked = new ArrayList<>();
        BaselineCheck.Request request = new BaselineCheck.Request(results, file, module.resolve("target/perf"))
                .settings(GateSettings.defaults()).reportFormats(EnumSet.noneOf(ReportWriter.Format.class))
                .profileMode(ProfileMode.NONE).toolVersion("0.1.0").display(p -> module.relativize(p).toString())
                .recordCommand("mvn verify perf:record").acceptCommand("mvn perf:record").history(history)
                .confirmation(new FailConfirmation(FailConfirmation.Mode.AUTO, () -> {
                    asked.add("parts");
                    throw new CompareException("no Maven here");
                }, log));

        BaselineCheck.Result result = new BaselineCheck(log).run(request, (targets, stored) -> null);

        // the history's report names no commit of its own; the newest run's is measured against
        assertEquals(String.format("c%06x", LEVELS.length - 1) + "0".repeat(33), history.newestCommit());
        assertEquals(List.of("parts"), asked);
        assertEquals(Outcome.FAIL, result.report().outcome());
    }

    /** Asked for the history and given too few runs, the check has no baseline file to name as missing. */
    @Test
    void tooFewRunsWhenAskedNameNoBaselineFile() throws Exception {
        for (int i = 0; i < 3; i++) {
            record(LEVELS[i], "main", null);
        }
        Path results = module.resolve("target/perf/results.json");
        ResultsJson.write(current(1.0), results);
        StoredBaseline file = new StoredBaseline(module.resolve("history"), module,
                p -> module.relativize(p).toString(), log);
        BaselineCheck.Request request = new BaselineCheck.Request(results, file, module.resolve("target/perf"))
                .settings(GateSettings.defaults()).reportFormats(EnumSet.noneOf(ReportWriter.Format.class))
                .profileMode(ProfileMode.NONE).toolVersion("0.1.0").display(p -> module.relativize(p).toString())
                .recordCommand("mvn verify perf:record").acceptCommand("mvn perf:record")
                .history(new HistoryBaseline(store(), 10, "main", true, log));

        BaselineCheck.Result result = new BaselineCheck(log).run(request, (targets, stored) -> null);

        assertFalse(result.report().failsBuild());
        String said = log.toString() + result.report().notes();
        assertTrue(said.contains("holds 3 runs of main"), said);
        assertFalse(said.contains("No baseline at") || said.contains("commit history"), said);
        // the report says what was found, what is needed and what to do: before, "No baseline: nothing to compare.
        // Record one with: mvn verify perf:record", as if no history were there
        String note = result.report().notes().get(0).replaceFirst("the [a-z]+ \\S+ holds", "the history holds");
        assertEquals("No baseline: the history holds 3 runs of main comparable with this one, of the 5 a check against"
                + " the history needs: record 2 more with perf:record on main", note);
    }

    /** Standing in for a missing file with too few runs: both ways to a baseline are named, with the counts. */
    @Test
    void tooFewRunsStandingInForAFileSayHowManyAndBothRemedies() throws Exception {
        record(LEVELS[0], "main", null);
        Path results = module.resolve("target/perf/results.json");
        ResultsJson.write(current(1.0), results);
        StoredBaseline missingFile = new StoredBaseline(module.resolve("src/perf/baseline.json"), module,
                p -> module.relativize(p).toString(), log);
        BaselineCheck.Request request = new BaselineCheck.Request(results, missingFile, module.resolve("target/perf"))
                .settings(GateSettings.defaults()).reportFormats(EnumSet.noneOf(ReportWriter.Format.class))
                .profileMode(ProfileMode.NONE).toolVersion("0.1.0").display(p -> module.relativize(p).toString())
                .recordCommand("mvn verify perf:baseline").acceptCommand("mvn perf:baseline")
                .history(new HistoryBaseline(store(), 10, "main", false, log));

        BaselineCheck.Result result = new BaselineCheck(log).run(request, (targets, stored) -> null);

        String note = result.report().notes().get(0).replaceFirst("the [a-z]+ \\S+ holds", "the history holds");
        assertEquals("No baseline at src/perf/baseline.json, and the history holds 1 run of main comparable with this"
                + " one, of the 5 a check against the history needs: record 4 more with perf:record on main, or a"
                + " baseline file with: mvn verify perf:baseline, then commit src/perf/baseline.json", note);
    }

    /** Through perf:check's workflow: no baseline file, the history judges, and the reports say so. */
    /**
     * The history standing in for a missing baseline file, and no benchmark of the run in it: the check compared
     * nothing and fails, in warn-only mode too, with the reports written to say so. Before: "WARN - no regression in
     * 0 comparisons", BUILD SUCCESS.
     */
    @Test
    void aCheckAgainstTheHistoryWithNothingInCommonFailsWithItsReports() throws Exception {
        for (double level : LEVELS) {
            record(level, "main", null);
        }
        Path results = module.resolve("target/perf/results.json");
        ResultsJson.write(results(avgt("a.Renamed.m", times(around(1000, 0.02, 5, 99), 1.0))), results);
        StoredBaseline missingFile = new StoredBaseline(module.resolve("src/perf/baseline.json"), module,
                p -> module.relativize(p).toString(), log);
        BaselineCheck.Request request = new BaselineCheck.Request(results, missingFile, module.resolve("target/perf"))
                .settings(GateSettings.builder().set(PerfProperties.FAIL_ON_REGRESSION, "false").build())
                .reportFormats(EnumSet.allOf(ReportWriter.Format.class)).profileMode(ProfileMode.NONE)
                .toolVersion("0.1.0").display(p -> module.relativize(p).toString())
                .recordCommand("mvn verify perf:baseline").acceptCommand("mvn perf:baseline")
                .history(new HistoryBaseline(store(), 10, "main", false, log));

        BaselineCheck.Result result = new BaselineCheck(log).run(request, (targets, stored) -> null);

        GateReport report = result.report();
        assertEquals(Outcome.FAIL, report.outcome());
        assertTrue(report.againstHistory());
        String failure = result.failureMessage().orElseThrow();
        assertTrue(failure.startsWith("The one benchmark of this run (a.Renamed.m) is not in the baseline (history:"
                + " 10 runs of main from 2026-11-03 to 2026-11-12, commits c000002000..c00000b000, in the directory "),
                failure);
        assertTrue(failure.contains("which holds 1 other (a.B.m): nothing was compared."), failure);
        assertTrue(failure.endsWith("; see target/perf/report.md"), failure);
        String md = new String(Files.readAllBytes(module.resolve("target/perf/report.md")), StandardCharsets.UTF_8);
        assertTrue(md.contains("perf:check: FAIL - nothing compared"), md);
        assertTrue(md.contains("(a.Renamed.m) is not in the baseline (history: 10 runs of main"), md);
    }

    @Test
    void theCheckJudgesAgainstTheHistoryWhenAsked() throws Exception {
        for (double level : LEVELS) {
            record(level, "main", null);
        }
        Path results = module.resolve("target/perf/results.json");
        ResultsJson.write(current(1.3), results);
        StoredBaseline file = new StoredBaseline(module.resolve("history-baseline"), module,
                p -> module.relativize(p).toString(), log);
        BaselineCheck.Request request = new BaselineCheck.Request(results, file, module.resolve("target/perf"))
                .settings(GateSettings.defaults()).reportFormats(EnumSet.allOf(ReportWriter.Format.class))
                .profileMode(ProfileMode.NONE).toolVersion("0.1.0").display(p -> module.relativize(p).toString())
                .recordCommand("mvn verify perf:record").acceptCommand("mvn perf:record")
                .history(new HistoryBaseline(store(), 10, "main", true, log));

        BaselineCheck.Result result = new BaselineCheck(log).run(request, (targets, stored) -> null);

        assertTrue(result.report().failsBuild());
        assertEquals(Verdict.FAIL, median(result.report()).verdict());
        String md = new String(Files.readAllBytes(module.resolve("target/perf/report.md")), StandardCharsets.UTF_8);
        assertTrue(md.contains("history: 10 runs of main from 2026-11-03 to 2026-11-12"), md);
        assertTrue(md.contains("prediction interval over 10 runs"), md);
        // the methodology block, from report.json as perf:methodology reads it
        CheckArtifacts artifacts = CheckArtifacts.load(module.resolve("target/perf/report.json"), module);
        assertTrue(artifacts.unavailable().isEmpty(), "no baseline file to look for: " + artifacts.unavailable());
        Methodology m = MethodologyContent.from(artifacts, List.of());
        String setup = m.setup().stream().map(i -> i.label() + ": " + i.text()).collect(Collectors.joining("\n"));
        assertTrue(setup.contains("Decision rule: prediction interval over 10 runs: each past run one observation,"
                + " the median of its per-fork medians"), setup);
        assertTrue(setup.contains("Baseline: recorded 2026-11-12T06:00:00Z, history: 10 runs of main from 2026-11-03"
                + " to 2026-11-12, commits c000002000..c00000b000"), setup);
        assertTrue(setup.contains("history 10 runs, candidate 5 forks"), setup);
        assertTrue(m.tableCaption().startsWith("Before: the geometric mean of the past runs' medians"),
                m.tableCaption());
    }
}
