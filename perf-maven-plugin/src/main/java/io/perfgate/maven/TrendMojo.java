package io.perfgate.maven;

import io.perfgate.config.PerfProperties;
import io.perfgate.confirm.CommitComparison;
import io.perfgate.confirm.FailConfirmation;
import io.perfgate.gate.GateSettings;
import io.perfgate.gate.InvalidSettingException;
import io.perfgate.gate.SettingParser;
import io.perfgate.history.HistoryException;
import io.perfgate.history.HistoryStore;
import io.perfgate.history.HistoryStores;
import io.perfgate.history.MainBranches;
import io.perfgate.mainline.ChangeConfirmation;
import io.perfgate.mainline.TrendRequest;
import io.perfgate.mainline.TrendWorkflow;
import io.perfgate.trend.ChangePointOptions;
import io.perfgate.workspace.CompareException;
import java.io.IOException;
import java.nio.file.Path;
import java.nio.file.Paths;
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
 * commits between them to the culprit ({@link ChangeConfirmation}); the rounds follow perf:compare's settings.
 *
 * @since 0.1.0
 */
@Mojo(name = "trend", threadSafe = true, requiresProject = false, requiresDependencyResolution = ResolutionScope.TEST)
public class TrendMojo extends AbstractPreMergeMojo {
    /** Where the history is kept: {@code git} (the branch {@code perf.historyBranch}) or a directory. @since 0.1.0 */
    @Parameter(property = PerfProperties.HISTORY, defaultValue = PerfProperties.DEFAULT_HISTORY)
    private String history;

    /** The branch that holds the history when {@code perf.history=git}. @since 0.1.0 */
    @Parameter(property = PerfProperties.HISTORY_BRANCH, defaultValue = PerfProperties.DEFAULT_HISTORY_BRANCH)
    private String historyBranch;

    /** The remote the history branch is fetched from and pushed to. @since 0.1.0 */
    @Parameter(property = PerfProperties.HISTORY_REMOTE, defaultValue = PerfProperties.DEFAULT_HISTORY_REMOTE)
    private String historyRemote;

    /** Fetches the history branch before reading it and pushes the change points saved. @since 0.1.0 */
    @Parameter(property = PerfProperties.HISTORY_PUSH, defaultValue = PerfProperties.DEFAULT_TRUE)
    private String historyPush;

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

    @Inject
    public TrendMojo(ToolchainManager toolchainManager, RepositorySystem repositorySystem) {
        super("trend", toolchainManager, repositorySystem);
    }

    /** Only the skip switch: the trend reads the history, whether or not this module has benchmarks. */
    @Override
    protected String skipReason() throws MojoExecutionException {
        return skipFlagReason();
    }

    @Override
    protected void executeGoal() throws MojoExecutionException {
        ChangePointOptions options = options();
        Path basedir = directory();
        HistoryStore store;
        try {
            store = HistoryStores.open(history, historyBranch, historyRemote, push(), basedir);
        } catch (IllegalArgumentException e) {
            throw new MojoExecutionException(e.getMessage(), e);
        } catch (HistoryException e) {
            getLog().warn("No trend: " + e.getMessage() + ". Set " + PerfProperties.HISTORY
                    + "=<directory> to read a history kept in a directory.");
            return;
        }
        Path export = otavaCsv == null || otavaCsv.trim().isEmpty() ? null : basedir.resolve(otavaCsv.trim());
        String module = ReactorBenchmarks.isReactor(session) ? project.getArtifactId() : null;
        TrendRequest request = new TrendRequest(store, mainBranches(), module, options, GateSettings.defaults(),
                outputs(basedir), export).saving(save());
        if (outsideProject()) {
            if (confirmMode() != FailConfirmation.Mode.NEVER) {
                getLog().info("perf:trend runs outside a Maven project: a new slowdown is reported, not confirmed ("
                        + PerfProperties.CONFIRM + " builds the project's commits)");
            }
        } else {
            request = request.confirming(confirmation());
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
     * confirmed, as perf:check makes it to confirm a FAIL, with perf:compare's rounds settings.
     */
    private ChangeConfirmation confirmation() throws MojoExecutionException {
        FailConfirmation.Mode mode = confirmMode();
        Path directory = outputDirectory.toPath().resolve("trend-confirm");
        return new ChangeConfirmation(mode, () -> {
            try {
                CommitComparison.Request template = new CommitComparison.Request(checkoutPaths(), testClasspath(),
                        gateSettings()).rounds(seedValue(), adaptive(), checkedMaxForks(), storedCalibration())
                        .describedAs(PluginVersion.get(), "perf:trend").profiling(profilerSetup());
                return ChangeConfirmation.Tools.of(new FailConfirmation.Parts(MavenCommands.baseBuild(session),
                        roundLauncher("trend-confirm-forks", "", true), template), directory, perfLog());
            } catch (MojoExecutionException e) {
                throw new CompareException(e.getMessage(), e);
            }
        }, outputDirectory.toPath(), perfLog());
    }

    /** {@code perf.confirm}, one of its choices. */
    private FailConfirmation.Mode confirmMode() throws MojoExecutionException {
        try {
            return SettingParser.choice(PerfProperties.CONFIRM, confirm, FailConfirmation.Mode.class);
        } catch (InvalidSettingException e) {
            throw new MojoExecutionException(e.getMessage(), e);
        }
    }

    /** Run with no POM (Maven's stand-in project): there is no project to build, only a history to read. */
    private boolean outsideProject() {
        return project.getFile() == null;
    }

    /**
     * The output directory; outside a project {@code target/perf} of the working directory unless set, since the
     * stand-in project leaves the default's {@code ${project.basedir}} unresolved.
     */
    private Path outputs(Path basedir) {
        if (outsideProject() && outputDirectory.getPath().contains("${")) {
            return basedir.resolve("target").resolve("perf");
        }
        return basedir.resolve(outputDirectory.toPath());
    }

    /**
     * The directory a relative {@code perf.history}, {@code perf.otavaCsv} and output directory start from: the
     * project's, or outside a project the working directory (Maven's stand-in project has no directory).
     */
    private Path directory() {
        if (project.getBasedir() != null) {
            return project.getBasedir().toPath();
        }
        String root = session == null ? null : session.getExecutionRootDirectory();
        return Paths.get(root == null ? "" : root).toAbsolutePath();
    }

    /** {@code perf.trendSave}, read by the one switch rule. */
    final boolean save() throws MojoExecutionException {
        return flag(PerfProperties.TREND_SAVE, trendSave, PerfProperties.DEFAULT_TRUE);
    }

    /** {@code perf.historyPush}, read by the one switch rule. */
    final boolean push() throws MojoExecutionException {
        return flag(PerfProperties.HISTORY_PUSH, historyPush, PerfProperties.DEFAULT_TRUE);
    }

    /** {@code perf.trendMaxPValue} and {@code perf.trendWindow}, parsed strictly. */
    final ChangePointOptions options() throws MojoExecutionException {
        double p;
        int window;
        try {
            p = Double.parseDouble(trendMaxPValue.trim());
        } catch (NumberFormatException | NullPointerException e) {
            throw new MojoExecutionException(PerfProperties.TREND_MAX_P_VALUE + " = '" + trendMaxPValue
                    + "' is not a number; write a p-value such as 0.001");
        }
        try {
            window = Integer.parseInt(trendWindow.trim());
        } catch (NumberFormatException | NullPointerException e) {
            throw new MojoExecutionException(PerfProperties.TREND_WINDOW + " = '" + trendWindow
                    + "' is not a whole number of runs; write e.g. 50");
        }
        try {
            return new ChangePointOptions(window, p, ChangePointOptions.DEFAULT_MIN_MAGNITUDE);
        } catch (IllegalArgumentException e) {
            throw new MojoExecutionException(e.getMessage() + " (" + PerfProperties.TREND_MAX_P_VALUE + ", "
                    + PerfProperties.TREND_WINDOW + ")", e);
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
