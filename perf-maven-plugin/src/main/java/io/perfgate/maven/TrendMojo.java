package io.perfgate.maven;

import io.perfgate.config.PerfProperties;
import io.perfgate.gate.InvalidSettingException;
import io.perfgate.gate.RoundSettings;
import io.perfgate.gate.SettingParser;
import io.perfgate.history.HistoryException;
import io.perfgate.history.HistorySettings;
import io.perfgate.history.HistoryStore;
import io.perfgate.history.MainBranches;
import io.perfgate.mainline.ChangeConfirmation;
import io.perfgate.mainline.TrendRequest;
import io.perfgate.mainline.TrendWorkflow;
import io.perfgate.confirm.CommitComparison;
import io.perfgate.workspace.CompareException;
import io.perfgate.confirm.FailConfirmation;
import io.perfgate.trend.ChangePointOptions;
import java.io.IOException;
import java.nio.file.Path;
import javax.inject.Inject;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.plugins.annotations.ResolutionScope;
import org.apache.maven.toolchain.ToolchainManager;
import org.eclipse.aether.RepositorySystem;

/**
 * Finds change points in the history that {@code perf:record} keeps: for every benchmark and every metric the gate
 * judges (median, p95, allocation, a scenario's gated metrics), the series of run medians of the comparable runs of
 * {@code main}, analysed as Apache Otava does (E-Divisive means and a t-test), with the change points reported before
 * held in place. Writes {@code changes.json}, {@code trend.md} and {@code trend.html} to the output directory and
 * saves the reported change points into the history store. Usually run on main after recording:
 * {@code mvn verify -Pperf perf:record perf:trend}. It reports; it never fails the build for a change point. It also
 * runs outside a Maven project, on a history directory or the history branch of the repository it is run in
 * ({@code mvn io.perfgate:perf-maven-plugin:0.1.0-SNAPSHOT:trend -Dperf.history=<copy>}), writing to {@code target/perf}
 * of the working directory; {@code perf.trendSave=false} analyses without writing to the store. With
 * {@code perf.confirm=auto} (the default) it measures a new slowdown's two commits side by side and bisects the
 * commits between them to the culprit ({@link ChangeConfirmation}); the rounds follow perf:compare's settings
 * ({@code perf.seed}, {@code perf.adaptive}, {@code perf.maxForks}) and run JMH with the build's options
 * ({@code perf.warmupIterations}, {@code perf.measurementTime}, {@code perf.jvmArgs}, ...), judged by the gate's
 * settings and rules.
 *
 * <p>Its parameters are the trend's, the history's, and those of the side by side measurement, which it shares with
 * the goals that judge interleaved rounds ({@link AbstractGateMojo}); the per-benchmark
 * {@code rules} of the POM apply to the series too: a benchmark a rule ignores has no trend, and a rule's direction
 * says which way is slower.
 *
 * @since 0.1.0
 */
@Mojo(name = "trend", threadSafe = true, requiresProject = false, requiresDependencyResolution = ResolutionScope.TEST)
public class TrendMojo extends AbstractGateMojo {
    /**
     * Confirm and bisect: a new slowdown's two commits (the last run before it, the first run after) measured side
     * by side in worktrees, and the commits between them bisected to the culprit; at most 3 slowdowns a build.
     * {@code auto} or {@code never}.
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.CONFIRM, defaultValue = PerfProperties.DEFAULT_CONFIRM)
    private String confirm;

    /**
     * The branches whose recorded runs make the series, comma-separated; the same runs a check against the history
     * reads. A run recorded with no branch is not counted.
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.MAIN_BRANCH, defaultValue = PerfProperties.DEFAULT_MAIN_BRANCH)
    private String mainBranch;

    /**
     * The level a change point's t-test p-value must be below (Otava's default).
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.TREND_MAX_P_VALUE, defaultValue = PerfProperties.DEFAULT_TREND_MAX_P_VALUE)
    private String trendMaxPValue;

    /**
     * The runs in one window of the change-point search; windows overlap by half (Otava's default).
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.TREND_WINDOW, defaultValue = PerfProperties.DEFAULT_TREND_WINDOW)
    private String trendWindow;

    /**
     * Saves the change points reported into the history store ({@code changes.json}, a commit on the history
     * branch), so that the next analysis holds them in place. {@code false} analyses only: nothing is written to
     * the store, the outputs are written to the output directory as always; analysing again gives the same answer.
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.TREND_SAVE, defaultValue = PerfProperties.DEFAULT_TRUE)
    private String trendSave;

    /**
     * A file to export the analysed history to as Apache Otava's CSV (with an Otava configuration beside it,
     * {@code <name>.yaml}); empty: no export.
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.OTAVA_CSV, defaultValue = PerfProperties.DEFAULT_EMPTY)
    private String otavaCsv;

    /**
     * Where the history is kept, as perf:record keeps it: {@code git} (the branch {@code perf.historyBranch}) or a
     * directory, relative to the working directory outside a project.
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.HISTORY, defaultValue = PerfProperties.DEFAULT_HISTORY)
    private String history;

    /** The branch that holds the history when {@code perf.history=git}. @since 0.1.0 */
    @Parameter(property = PerfProperties.HISTORY_BRANCH, defaultValue = PerfProperties.DEFAULT_HISTORY_BRANCH)
    private String historyBranch;

    /** The remote the history branch is fetched from and pushed to. @since 0.1.0 */
    @Parameter(property = PerfProperties.HISTORY_REMOTE, defaultValue = PerfProperties.DEFAULT_HISTORY_REMOTE)
    private String historyRemote;

    /**
     * Fetches the history branch before reading it and pushes the saved change points after writing them;
     * {@code false} keeps it local.
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.HISTORY_PUSH, defaultValue = PerfProperties.DEFAULT_TRUE)
    private String historyPush;

    /** Adaptive stopping of the side by side rounds, as in perf:compare. @since 0.1.0 */
    @Parameter(property = PerfProperties.ADAPTIVE, defaultValue = PerfProperties.DEFAULT_TRUE)
    private String adaptive;

    /** The most rounds of a side by side measurement; at least 5. @since 0.1.0 */
    @Parameter(property = PerfProperties.MAX_FORKS, defaultValue = PerfProperties.DEFAULT_MAX_FORKS)
    private int maxForks;

    @Inject
    public TrendMojo(ToolchainManager toolchainManager, RepositorySystem repositorySystem) {
        super("trend", toolchainManager, repositorySystem);
    }

    /** Only {@code perf.skip}: the trend reads a history, so a module without benchmarks (or no POM) has one too. */
    @Override
    public String skipReason() throws MojoExecutionException {
        return skipFlagReason();
    }

    @Override
    public void executeGoal() throws MojoExecutionException {
        ChangePointOptions options = options();
        StandInProject where = new StandInProject(project, session);
        Path basedir = where.directory();
        HistoryStore store;
        try {
            store = new HistorySettings(history, historyBranch, historyRemote, push()).open(basedir);
        } catch (IllegalArgumentException e) {
            throw new MojoExecutionException(e.getMessage(), e);
        } catch (HistoryException e) {
            getLog().warn("No trend: " + e.getMessage() + ". Set " + PerfProperties.HISTORY
                    + "=<directory> to read a history kept in a directory.");
            return;
        }
        Path export = otavaCsv == null || otavaCsv.trim().isEmpty() ? null : basedir.resolve(otavaCsv.trim());
        String module = ReactorBenchmarks.isReactor(session) ? project.getArtifactId() : null;
        TrendRequest request = new TrendRequest(store, mainBranches(), module, options, gateSettings(),
                where.outputs(outputDirectory), export).saving(save());
        if (where.outsideProject()) {
            if (confirmMode() != FailConfirmation.Mode.NEVER) {
                getLog().info("perf:trend runs outside a Maven project: a new slowdown is reported, not confirmed ("
                        + PerfProperties.CONFIRM + " builds the project's commits)");
            }
        } else {
            request = request.confirming(confirmation(where.outputs(outputDirectory)));
        }
        try {
            new TrendWorkflow(perfLog()).run(request);
        } catch (HistoryException | IOException e) {
            throw new MojoExecutionException("perf:trend could not read the history or write its outputs: "
                    + e.getMessage(), e);
        }
    }

    /**
     * {@code perf.confirm}'s work here: what measuring side by side needs is made only when a slowdown is to be
     * confirmed, as perf:check makes it to confirm a FAIL, with perf:compare's rounds settings and the build's JMH
     * options.
     */
    private ChangeConfirmation confirmation(Path out) throws MojoExecutionException {
        return new ChangeConfirmation(confirmMode(), () -> {
            try {
                RoundSettings rounds = rounds(adaptive, maxForks);
                Measurement m = measurement();
                CommitComparison.Request template = new CommitComparison.Request(m.checkoutPaths(),
                        m.testClasspath(), gateSettings()).rounds(rounds.seed(), rounds.adaptive(), rounds.maxForks(),
                        m.estimates().storedCalibration(rounds.adaptive()))
                        .describedAs(PluginVersion.get(), "perf:trend")
                        .profiling(profiler().setup());
                return ChangeConfirmation.Tools.of(new FailConfirmation.Parts(MavenCommands.baseBuild(session),
                        m.roundLauncher("trend-confirm-forks", "", true), template), out.resolve("trend-confirm"),
                        perfLog());
            } catch (MojoExecutionException e) {
                throw new CompareException(e.getMessage(), e);
            }
        }, out, perfLog());
    }

    /** {@code perf.confirm}, one of its choices. */
    private FailConfirmation.Mode confirmMode() throws MojoExecutionException {
        try {
            return SettingParser.choice(PerfProperties.CONFIRM, confirm, FailConfirmation.Mode.class);
        } catch (InvalidSettingException e) {
            throw PerfGoal.badSetting(e);
        }
    }

    /** {@code perf.adaptive}, read by the one switch rule. */
    final boolean adaptive() throws MojoExecutionException {
        return PerfGoal.flag(PerfProperties.ADAPTIVE, adaptive, PerfProperties.DEFAULT_TRUE);
    }

    /** {@code perf.historyPush}, read by the one switch rule. */
    final boolean push() throws MojoExecutionException {
        return PerfGoal.flag(PerfProperties.HISTORY_PUSH, historyPush, PerfProperties.DEFAULT_TRUE);
    }

    /** {@code perf.trendSave}, read by the one switch rule. */
    final boolean save() throws MojoExecutionException {
        return PerfGoal.flag(PerfProperties.TREND_SAVE, trendSave, PerfProperties.DEFAULT_TRUE);
    }

    /** {@code perf.trendMaxPValue} and {@code perf.trendWindow}, parsed strictly. */
    final ChangePointOptions options() throws MojoExecutionException {
        try {
            return ChangePointOptions.parse(trendMaxPValue, trendWindow);
        } catch (IllegalArgumentException e) {
            throw new MojoExecutionException(e.getMessage(), e);
        }
    }

    /** {@code perf.mainBranch}, read by the rule the check against the history follows too. */
    final MainBranches mainBranches() throws MojoExecutionException {
        try {
            return MainBranches.parse(mainBranch);
        } catch (IllegalArgumentException e) {
            throw new MojoExecutionException(e.getMessage(), e);
        }
    }
}
