package io.perfgate.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.perfgate.config.PerfProperties;
import io.perfgate.gate.GateReport;
import io.perfgate.gate.InvalidSettingException;
import io.perfgate.testing.LogLines;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The job summary and the comment body written after the reports, with the CI's variables handed in. */
class PullRequestOutputsTest {
    @TempDir
    Path dir;

    private static Map<String, String> github(Path summary) {
        Map<String, String> env = new HashMap<>();
        env.put(CiEnvironment.GITHUB_ACTIONS, "true");
        env.put(CiEnvironment.GITHUB_STEP_SUMMARY, summary.toString());
        env.put(CiEnvironment.GITHUB_SERVER_URL, "https://github.com/");
        env.put(CiEnvironment.GITHUB_REPOSITORY, "acme/codec");
        env.put(CiEnvironment.GITHUB_RUN_ID, "42");
        return env;
    }

    private Optional<Path> write(GateReport report, PullRequestOutputs.Settings settings, Map<String, String> env,
            LogLines log) throws Exception {
        List<Path> reports = ReportWriter.write(report, dir, EnumSet.of(ReportWriter.Format.JSON,
                ReportWriter.Format.MARKDOWN));
        return PullRequestOutputs.write(report, Collections.emptyList(), reports, dir, "target/perf", dir, settings,
                CiEnvironment.of(env), log);
    }

    private static PullRequestOutputs.Settings settings(boolean summary, String comment) throws Exception {
        return PullRequestOutputs.Settings.parse(summary, comment, "", null);
    }

    @Test
    void onGitHubActionsTheVerdictTableIsAppendedToTheJobSummary() throws Exception {
        Path summary = dir.resolve("step-summary.md");
        Files.write(summary, "# earlier step\n".getBytes(StandardCharsets.UTF_8));
        LogLines log = new LogLines();
        GateReport report = SampleReports.mixed();
        Optional<Path> comment = write(report, settings(true, ""), github(summary), log);

        String text = new String(Files.readAllBytes(summary), StandardCharsets.UTF_8);
        assertEquals("# earlier step\n" + MarkdownReport.verdict(report) + "\n", text);
        assertTrue(MarkdownReport.render(report).startsWith(MarkdownReport.verdict(report)),
                "the summary is report.md's own verdict table");
        assertTrue(log.any("Verdict added to the GitHub job summary " + summary), log.toString());

        assertEquals(Optional.of(dir.resolve(PullRequestComment.FILE_NAME)), comment);
        String body = new String(Files.readAllBytes(comment.get()), StandardCharsets.UTF_8);
        assertTrue(body.startsWith(PullRequestComment.MARKER + "\n## perf:check: FAIL"), body);
        assertTrue(body.contains("Full report: report.md in the artifacts of [this run]"
                + "(https://github.com/acme/codec/actions/runs/42)."), body);
        assertTrue(body.contains("<summary>Methodology</summary>"), "the methodology block, from report.json");
    }

    @Test
    void anUnwritableSummaryIsAWarningNamingTheFileAndTheCommentIsStillWritten() throws Exception {
        Path summary = dir.resolve("no-such-directory").resolve("summary.md");
        LogLines log = new LogLines();
        Optional<Path> comment = write(SampleReports.mixed(), settings(true, "always"), github(summary), log);
        assertTrue(comment.isPresent());
        assertEquals(1, log.warnings().size(), log.toString());
        assertTrue(log.warnings().get(0).startsWith("Cannot append the verdict to the GitHub job summary "
                + summary + " (GITHUB_STEP_SUMMARY)"), log.toString());
        assertFalse(Files.exists(summary));
    }

    @Test
    void noSummaryOutsideGitHubActionsOrWhenTurnedOff() throws Exception {
        Path summary = dir.resolve("summary.md");
        Map<String, String> notActions = github(summary);
        notActions.remove(CiEnvironment.GITHUB_ACTIONS);
        write(SampleReports.mixed(), settings(true, ""), notActions, new LogLines());
        assertFalse(Files.exists(summary));
        write(SampleReports.mixed(), settings(false, ""), github(summary), new LogLines());
        assertFalse(Files.exists(summary));
        assertFalse(CiEnvironment.none().githubRunUrl().isPresent());
    }

    @Test
    void problemsModeWritesNoFileWhenNothingNeedsALookAndNeverWritesNone() throws Exception {
        LogLines log = new LogLines();
        GateReport pass = SampleReports.suite(3, 0);
        Files.write(dir.resolve(PullRequestComment.FILE_NAME), "stale".getBytes(StandardCharsets.UTF_8));
        assertFalse(write(pass, settings(true, "problems"), new HashMap<>(), log).isPresent());
        assertFalse(Files.exists(dir.resolve(PullRequestComment.FILE_NAME)), "an earlier body is removed");
        assertTrue(log.any("No pull-request comment: nothing needs a look (perf.comment=problems)"), log.toString());

        assertTrue(write(SampleReports.suite(3, 1), settings(true, "PROBLEMS"), new HashMap<>(), log).isPresent());
        assertFalse(write(SampleReports.mixed(), settings(true, "never"), new HashMap<>(), log).isPresent());
        assertFalse(Files.exists(dir.resolve(PullRequestComment.FILE_NAME)));
        assertTrue(write(pass, settings(true, "always"), new HashMap<>(), log).isPresent());
    }

    @Test
    void aCheckThatStopsEarlyLeavesNoEarlierCommentToPost() throws Exception {
        Path stale = Files.write(dir.resolve(PullRequestComment.FILE_NAME), "old".getBytes(StandardCharsets.UTF_8));
        ReportWriter.deleteStale(dir);
        assertFalse(Files.exists(stale));
    }

    @Test
    void settingsAreCheckedAndNamed() {
        InvalidSettingException e = assertThrows(InvalidSettingException.class, () -> settings(true, "sometimes"));
        assertEquals(PerfProperties.COMMENT + " = 'sometimes' is not one of always|problems|never", e.getMessage());
    }
}
