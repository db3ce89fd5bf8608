package io.perfgate.maven;

import io.perfgate.baseline.BaselineCheck;
import io.perfgate.baseline.BaselineException;
import io.perfgate.baseline.HistoryBaseline;
import io.perfgate.config.PerfProperties;
import io.perfgate.gate.GateReport;
import io.perfgate.gate.InvalidSettingException;
import io.perfgate.gate.RoundSettings;
import io.perfgate.gate.SettingParser;
import io.perfgate.confirm.CommitComparison;
import io.perfgate.workspace.CompareException;
import io.perfgate.confirm.FailConfirmation;
import io.perfgate.report.ProfileSummary;
import java.io.File;
import java.nio.file.Files;
import javax.inject.Inject;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.plugins.annotations.ResolutionScope;
import org.apache.maven.toolchain.ToolchainManager;
import org.eclipse.aether.RepositorySystem;

/**
 * Compares the current benchmark results with the stored baseline and fails the build when a median or p95
 * regressed beyond its threshold, by an exact one-sided Mann-Whitney test on per-fork values. Prints one table,
 * one line per regression, and writes {@code report.json}, {@code report.md}, {@code TEST-perf.xml} and
 * {@code report.html} to the output directory, and {@code pr-comment.md}, a pull-request comment body; on GitHub
 * Actions it appends the verdict to the job summary. Reads both files afresh, so it also runs alone on results made
 * elsewhere.
 *
 * <p>With {@code perf.against} set it judges the working tree against that branch instead of the stored baseline:
 * it builds the base in a worktree and measures both sides in interleaved rounds, as perf:compare does (perf:run
 * skips itself then), so {@code mvn verify -Pperf -Dperf.against=origin/main} needs no other goal in the profile.
 * It takes every property of perf:compare with the same default, logs {@code perf:check: measuring the working
 * tree against <ref>}, and its verdict and failure say {@code perf:check against base <commit>}. In a reactor a
 * module without compiled benchmarks is skipped, and the build fails when no module had any.
 *
 * @since 0.1.0
 */
@Mojo(name = "check", defaultPhase = LifecyclePhase.VERIFY, threadSafe = true,
        requiresDependencyResolution = ResolutionScope.TEST)
public class CheckMojo extends CompareMojo {
    /**
     * The current results, as {@code perf:run} writes them.
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.RESULTS, defaultValue = PerfProperties.DEFAULT_RESULTS)
    private File results;

    /** How many of the latest comparable runs of the main branch the check judges against (at least 5). @since 0.1.0 */
    @Parameter(property = PerfProperties.HISTORY_RUNS, defaultValue = PerfProperties.DEFAULT_HISTORY_RUNS)
    private int historyRuns;

    /** The branches whose recorded runs make the history, comma-separated. @since 0.1.0 */
    @Parameter(property = PerfProperties.MAIN_BRANCH, defaultValue = PerfProperties.DEFAULT_MAIN_BRANCH)
    private String mainBranch;

    /**
     * Confirm before failing: when the check against a baseline measured earlier finds a FAIL and the baseline's
     * commit is in this repository, the failing benchmarks are measured again side by side, the working tree
     * against that commit built in a worktree, in interleaved rounds as perf:compare runs them ({@code perf.seed},
     * {@code perf.adaptive}, {@code perf.maxForks}). A FAIL that does not reproduce becomes a WARN that says so
     * ({@code median time not confirmed: +1.2 % [-2.0 %, +4.1 %] measured side by side ...; the baseline's machine was
     * faster});
     * one that does keeps its FAIL with both figures. It costs a build and the rounds, only when something FAILs;
     * the log says how long they took. {@code auto} or {@code never}.
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.CONFIRM, defaultValue = PerfProperties.DEFAULT_CONFIRM)
    private String confirm;

    @Inject
    public CheckMojo(ToolchainManager toolchainManager, RepositorySystem repositorySystem) {
        super("check", toolchainManager, repositorySystem);
    }

    @Override
    public String skipReason() throws MojoExecutionException {
        if (comparing()) {
            return comparisonSkipReason();
        }
        refuseTreatmentsWithoutAgainst();
        String reason = skipFlagReason();
        if (reason != null) {
            return reason;
        }
        if (ReactorBenchmarks.foundNone(project) && !Files.exists(results.toPath())) {
            return "perf:run found no benchmarks or scenarios in this module";
        }
        if ("pom".equals(project.getPackaging()) && !Files.exists(results.toPath())) {
            return "no results at " + display(results.toPath()) + " in a pom module";
        }
        return null;
    }

    /** perf:check keeps the skip line it always printed: builds and the plugin's ITs look for it. */
    @Override
    public String skipMessage(String reason) {
        return "Skipping perf:check: " + reason;
    }

    @Override
    public void executeGoal() throws MojoExecutionException, MojoFailureException {
        if (comparing()) {
            super.executeGoal();
            return;
        }
        Measurement m = measurement();
        BaselineCheck.Request request = new BaselineCheck.Request(results.toPath(), m.storedBaseline(),
                outputDirectory.toPath()).settings(gateSettings()).reportFormats(reportFormats())
                .profileMode(profiler().mode()).toolVersion(PluginVersion.get()).display(this::display)
                .recordCommand(MavenCommands.recordBaseline(session, project, plugin))
                .acceptCommand(MavenCommands.acceptSlowdown(session, project, plugin))
                .confirmation(failConfirmation());
        HistoryBaseline againstHistory;
        try {
            againstHistory = HistoryBaseline.chosenBy(baseline.toPath(), project.getBasedir().toPath(),
                    historySettings(), historyRuns, mainBranch, perfLog());
        } catch (IllegalArgumentException e) {
            throw new MojoExecutionException(e.getMessage(), e);
        }
        if (againstHistory != null) {
            request.history(againstHistory);
        }
        BaselineCheck.Result result;
        try {
            result = new BaselineCheck(perfLog()).run(request,
                    (targets, stored) -> profiler().workingTree(targets, profiler().setup(), stored));
        } catch (BaselineException e) {
            throw failure(e);
        }
        GateReport report = result.report();
        logReport(report);
        ProfileSummary.consoleLines(result.profiles()).forEach(getLog()::info);
        if (!result.writtenFiles().isEmpty()) {
            outputs().listed(result.writtenFiles());
        }
        outputs().pullRequest(report, result.profiles(), result.writtenFiles());
        getLog().info(report.headline());
        if (result.failureMessage().isPresent()) {
            throw new MojoFailureException(result.failureMessage().get());
        }
    }

    /**
     * {@code perf.confirm}'s work for a check against a baseline measured earlier: its FAIL rows measured again side
     * by side against the baseline's commit, with this goal's rounds settings. What it needs from the build is made
     * only when something FAILs; when that cannot be made, the FAIL stands and the log says why.
     */
    private FailConfirmation failConfirmation() throws MojoExecutionException {
        FailConfirmation.Mode mode;
        try {
            mode = SettingParser.choice(PerfProperties.CONFIRM, confirm, FailConfirmation.Mode.class);
        } catch (InvalidSettingException e) {
            throw PerfGoal.badSetting(e);
        }
        return new FailConfirmation(mode, () -> {
            try {
                Measurement m = measurement();
                RoundSettings rounds = rounds();
                CommitComparison.Request template = new CommitComparison.Request(m.checkoutPaths(),
                        m.testClasspath(), gateSettings()).rounds(rounds.seed(), rounds.adaptive(), rounds.maxForks(),
                        m.estimates().storedCalibration(rounds.adaptive()))
                        .describedAs(PluginVersion.get(), "perf:" + goal())
                        .resultsDirectory(outputDirectory.toPath().resolve("confirm"));
                return new FailConfirmation.Parts(MavenCommands.baseBuild(session),
                        m.roundLauncher("confirm-forks", "", true), template);
            } catch (MojoExecutionException e) {
                throw new CompareException(e.getMessage(), e);
            }
        }, perfLog());
    }
}
