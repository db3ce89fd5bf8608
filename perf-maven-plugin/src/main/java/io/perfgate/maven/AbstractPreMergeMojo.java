package io.perfgate.maven;

import io.perfgate.config.PerfProperties;
import io.perfgate.confirm.BisectExitCode;
import io.perfgate.env.StealTime;
import io.perfgate.gate.GateReport;
import io.perfgate.gate.InvalidSettingException;
import io.perfgate.history.HistoryException;
import io.perfgate.history.HistoryRecord;
import io.perfgate.history.HistoryStores;
import io.perfgate.jmh.BenchmarkDiscovery;
import io.perfgate.jmh.CalibratedForks;
import io.perfgate.premerge.CompareRequest;
import io.perfgate.premerge.PreMergeResult;
import io.perfgate.premerge.PreMergeWorkflow;
import io.perfgate.premerge.Treatment;
import io.perfgate.premerge.TreatmentComparison;
import io.perfgate.profile.ProfileEvidence;
import io.perfgate.report.CiEnvironment;
import io.perfgate.report.ProfileSummary;
import io.perfgate.report.PullRequestComment;
import io.perfgate.report.PullRequestOutputs;
import io.perfgate.results.Calibration;
import io.perfgate.results.PerfResults;
import io.perfgate.workspace.CompareException;
import java.io.IOException;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.toolchain.ToolchainManager;
import org.eclipse.aether.RepositorySystem;

/**
 * The pre-merge comparison, run by perf:compare and by perf:check when {@code perf.against} is set: the base
 * commit built in a worktree, both sides measured in interleaved rounds, judged by perf:check's rule. So the one
 * profile of the README ({@code run} and {@code check} bound to {@code verify}) measures against a branch with
 * {@code -Dperf.against=origin/main} and never ends green without measuring. When both goals are bound, the
 * first to run compares and the other skips, so nothing is measured twice.
 */
abstract class AbstractPreMergeMojo extends AbstractInterleavedMojo {
    /** The project context key under which the goal that compared this module records it. */
    private static final String COMPARED = AbstractPreMergeMojo.class.getName() + ".compared";

    /**
     * The branch, tag or commit to compare with; the base is its merge base with HEAD, e.g. {@code origin/main}
     * for a pull request. A value that is not a valid ref name (for instance one starting with {@code -}) is
     * refused.
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.AGAINST, defaultValue = PerfProperties.DEFAULT_EMPTY)
    private String against;

    /**
     * Adaptive stopping in a comparison: look after 5 rounds and stop a benchmark whose verdict is settled (PASS
     * when a slowdown of the limit is ruled out, FAIL at alpha / 2), else run up to {@code maxForks} rounds and
     * decide at alpha / 2. {@code false}: every benchmark runs {@code maxForks} rounds and is decided at alpha.
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.ADAPTIVE, defaultValue = PerfProperties.DEFAULT_TRUE)
    private String adaptive;

    /**
     * Compares only the benchmarks a patch can affect: those whose class reaches, through the project's own
     * classes, a class that differs between the base and the candidate. The log names each benchmark selected and
     * why ("reaches com.acme.Codec, changed") and those left out. Where it cannot be sure (a reached class uses
     * reflection or service loading, a resource or a dependency changed) it includes the benchmark and says so.
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.AFFECTED, defaultValue = PerfProperties.DEFAULT_FALSE)
    private String affected;

    /**
     * The most rounds per benchmark in a comparison, i.e. forks per side; at least 5.
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.MAX_FORKS, defaultValue = PerfProperties.DEFAULT_MAX_FORKS)
    private int maxForks;

    /**
     * For {@code git bisect run}: writes {@code bisect-exit-code} to the output directory (0 when nothing FAILs
     * and every comparison is PASS or IMPROVED, 1 when a benchmark FAILs, 125 otherwise). A commit that does not
     * build leaves no file, which the documented command reads as 125:
     * <pre>git bisect run sh -c 'rm -f target/perf/bisect-exit-code; mvn -q verify -Pperf -Dperf.against=GOOD
     *   -Dperf.bisect=true; exit $(cat target/perf/bisect-exit-code 2&gt;/dev/null || echo 125)'</pre>
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.BISECT, defaultValue = PerfProperties.DEFAULT_FALSE)
    private String bisect;

    /**
     * On GitHub Actions ({@code GITHUB_ACTIONS=true}), appends the verdict table (the head of report.md) to the job
     * summary, the file {@code GITHUB_STEP_SUMMARY} names; {@code false} leaves the summary alone. A summary that
     * cannot be written is a warning that names the file; the verdict is the same.
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.GITHUB_SUMMARY, defaultValue = PerfProperties.DEFAULT_TRUE)
    private String githubSummary;

    /**
     * When to write {@code pr-comment.md}, the body of one pull-request comment (its first line a hidden marker a
     * CI recipe finds it by): {@code always}, {@code problems} (only when the outcome is not PASS; otherwise no
     * file) or {@code never}. The pull-requests page has the recipes that post it.
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.COMMENT, defaultValue = PerfProperties.DEFAULT_COMMENT)
    private String comment;

    /**
     * Where the CI publishes the output directory, e.g. {@code https://ci.example.com/job/42/artifact/target/perf}:
     * the comment then links report.html and the flame graphs under it. Empty: on GitHub Actions the comment points
     * to the run's artifacts, elsewhere it names the files.
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.REPORT_URL, defaultValue = PerfProperties.DEFAULT_EMPTY)
    private String reportUrl;

    /**
     * Several treatments against one baseline, the baseline being {@code perf.against} measured as it is (not its
     * merge base): entries separated by commas, {@code ;} or new lines, each {@code name=ref} (a branch, tag,
     * commit, or {@code WORKTREE} for the working tree; a name of letters, digits, {@code . _ -}, at most 100
     * characters, since it names files) followed by JVM arguments for that side's forks alone. The
     * same ref may appear under several names; it is built once. All sides run in the same interleaved rounds and
     * each treatment is judged against the baseline; {@code summary.csv} has a column group per treatment.
     * <pre>-Dperf.against=main -Dperf.treatments="run1=main, coders=main -Dorg.apache.avro.specific.use_custom_coders=true"</pre>
     * In a POM, one entry per line:
     * <pre>&lt;treatments&gt;
     *   fast=feature/fast-codec
     *   flag=main -Dmy.flag=true
     * &lt;/treatments&gt;</pre>
     * Empty: the working tree against its base, as without it.
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.TREATMENTS, defaultValue = PerfProperties.DEFAULT_EMPTY)
    private String treatments;

    /**
     * The baseline's name in a comparison of treatments (letters, digits, {@code . _ -}; at most 100 characters,
     * since it names files).
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.BASELINE_NAME, defaultValue = PerfProperties.DEFAULT_BASELINE_NAME)
    private String baselineName;

    /**
     * JVM arguments for the baseline's forks alone in a comparison of treatments, e.g. {@code -Dmy.flag=false};
     * {@code perf.jvmArgs} applies to every side.
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.BASELINE_JVM_ARGS, defaultValue = PerfProperties.DEFAULT_EMPTY)
    private String baselineJvmArgs;

    protected AbstractPreMergeMojo(String goal, ToolchainManager toolchainManager,
            RepositorySystem repositorySystem) {
        super(goal, toolchainManager, repositorySystem);
    }

    /** {@code perf.affected}, read by the one switch rule. */
    final boolean affected() throws MojoExecutionException {
        return flag(PerfProperties.AFFECTED, affected, PerfProperties.DEFAULT_FALSE);
    }

    /** {@code perf.adaptive}, read by the one switch rule. */
    final boolean adaptive() throws MojoExecutionException {
        return flag(PerfProperties.ADAPTIVE, adaptive, PerfProperties.DEFAULT_TRUE);
    }

    /** {@code perf.bisect}, read by the one switch rule. */
    final boolean bisect() throws MojoExecutionException {
        return flag(PerfProperties.BISECT, bisect, PerfProperties.DEFAULT_FALSE);
    }

    /** {@code perf.githubSummary}, read by the one switch rule. */
    final boolean githubSummary() throws MojoExecutionException {
        return flag(PerfProperties.GITHUB_SUMMARY, githubSummary, PerfProperties.DEFAULT_TRUE);
    }

    /** True when {@code perf.treatments} names treatments to measure against {@code perf.against}. */
    private boolean treating() {
        return treatments != null && !treatments.trim().isEmpty();
    }

    /** Treatments need a baseline: without {@code perf.against} they are refused, not ignored. */
    protected final void refuseTreatmentsWithoutAgainst() throws MojoExecutionException {
        if (!comparing() && treating() && skipFlagReason() == null) {
            throw new MojoExecutionException(PerfProperties.TREATMENTS + " is set, but " + PerfProperties.AGAINST
                    + " is not: give the baseline's ref, e.g. -D" + PerfProperties.AGAINST + "=main");
        }
    }

    /** True when {@code perf.against} names a ref to compare with. */
    protected final boolean comparing() {
        return against != null && !against.trim().isEmpty();
    }

    /**
     * Why the comparison does not run in this module, or null: the skip flag, no benchmarks, or another goal of
     * this build already compared this module. In a reactor a module without compiled benchmarks is skipped, and
     * the last module fails the build when no module had any, so a pre-merge build never ends green without
     * measuring.
     */
    protected final String comparisonSkipReason() throws MojoExecutionException {
        String reason = skipFlagReason();
        if (reason == null) {
            reason = noBenchmarksReason();
        }
        Object done = project.getContextValue(COMPARED);
        if (reason == null && done != null) {
            return done + " already compared this module with " + against.trim() + " in this build";
        }
        if (ReactorBenchmarks.isReactor(session)) {
            List<Path> classes = Arrays.asList(Paths.get(project.getBuild().getTestOutputDirectory()),
                    Paths.get(project.getBuild().getOutputDirectory()));
            reason = ReactorBenchmarks.moduleSkipReason(session, project, reason,
                    hasScenarios() || BenchmarkDiscovery.hasBenchmarkList(classes),
                    display(classes.get(0)) + " or " + display(classes.get(1)), true);
        }
        return reason;
    }

    /** A skipped comparison must not leave the verdict of an earlier one for {@code git bisect run} to read. */
    @Override
    protected void clearStaleOutputs() throws MojoExecutionException {
        // the one hook every pre-merge goal runs first: perf:trend inherits the parameter but measures no treatments
        if (treating() && !"check".equals(goal()) && !"compare".equals(goal())) {
            getLog().warn(PerfProperties.TREATMENTS + " is ignored by perf:" + goal() + "; perf:compare (or perf:check"
                    + " with " + PerfProperties.AGAINST + ") measures treatments");
        }
        if (bisect()) {
            try {
                BisectExitCode.clear(outputDirectory.toPath());
            } catch (IOException e) {
                throw new MojoExecutionException("Cannot remove the old " + BisectExitCode.FILE_NAME + " in "
                        + display(outputDirectory.toPath()) + ": " + e.getMessage(), e);
            }
        }
    }

    /** Measures both sides, judges them, writes the reports and maps the outcome to Maven's exceptions. */
    protected final void compare() throws MojoExecutionException, MojoFailureException {
        if (treating()) {
            compareTreatments();
            return;
        }
        // the baseline's own settings name a side of a comparison of treatments; alone they would silently do nothing
        if (baselineJvmArgs != null && !baselineJvmArgs.trim().isEmpty()) {
            getLog().warn(PerfProperties.BASELINE_JVM_ARGS + " is ignored: it gives the baseline's forks arguments of"
                    + " their own only in a comparison of treatments (" + PerfProperties.TREATMENTS + "); to give both"
                    + " sides arguments use " + PerfProperties.JVM_ARGS);
        }
        CompareRequest request = request();
        project.setContextValue(COMPARED, "perf:" + goal());
        getLog().info("perf:" + goal() + ": measuring the working tree against " + against.trim()
                + " (both sides, interleaved on this machine)");
        PreMergeResult result;
        try {
            result = new PreMergeWorkflow(MavenCommands.baseBuild(session),
                    roundLauncher("compare-forks", command(request.seed()), true), perfLog())
                    .run(request);
        } catch (CompareException e) {
            throw new MojoExecutionException(e.getMessage(), e);
        } catch (IOException e) {
            throw new MojoExecutionException("perf:" + goal() + " could not write to "
                    + display(outputDirectory.toPath()) + ": " + e.getMessage(), e);
        }
        StealTime.log(result.stealShare(), "the rounds", perfLog());
        logReport(result.report());
        ProfileSummary.consoleLines(result.profiles()).forEach(getLog()::info);
        List<String> files = new ArrayList<>();
        result.writtenFiles().forEach(p -> files.add(display(p)));
        getLog().info("Reports: " + String.join(", ", files));
        writePullRequestOutputs(result.report(), result.profiles(), result.writtenFiles());
        if (bisect()) {
            writeBisectExitCode(result.bisectExitCode());
        }
        Optional<String> measurementFailure = result.measurementFailure();
        if (measurementFailure.isPresent()) {
            throw new MojoExecutionException(measurementFailure.get());
        }
        getLog().info(result.summary());
        if (result.report().failsBuild()) {
            throw new MojoFailureException(result.regressionMessage(files.get(0)));
        }
    }

    /**
     * Several treatments against one baseline ({@code perf.treatments}, the baseline {@code perf.against} as it is):
     * every side measured in the same interleaved rounds, each treatment judged against the baseline, one table with
     * a column per treatment; the build fails when a treatment FAILs (with {@code perf.failOnRegression}).
     */
    private void compareTreatments() throws MojoExecutionException, MojoFailureException {
        CompareRequest request;
        try {
            Treatment base = Treatment.baseline(baselineName, against, baselineJvmArgs);
            List<Treatment> list = Treatment.parseAll(treatments, base.name());
            long seedValue = seedValue();
            Map<String, String> properties = new LinkedHashMap<>();
            List<String> entries = new ArrayList<>();
            list.forEach(t -> entries.add(t.entry()));
            properties.put(PerfProperties.TREATMENTS, String.join("; ", entries));
            properties.put(PerfProperties.BASELINE_NAME, base.name());
            if (!base.jvmArgs().isEmpty()) {
                properties.put(PerfProperties.BASELINE_JVM_ARGS, String.join(" ", base.jvmArgs()));
            }
            request = request(seedValue).toBuilder().treatments(base, list).command(MavenCommands.repeatComparison(
                    session, project, qualifiedGoal("compare"), jmhOptions().userSettings(), against.trim(),
                    seedValue, adaptive(), false, maxForks, properties)).build();
        } catch (CompareException e) {
            throw new MojoExecutionException(e.getMessage(), e);
        }
        project.setContextValue(COMPARED, "perf:" + goal());
        getLog().info("perf:" + goal() + ": measuring " + request.treatments().size() + " treatments against "
                + request.baseline().name() + " (" + request.baseline().ref() + "), all interleaved on this machine");
        TreatmentComparison.Result result;
        try {
            result = new TreatmentComparison(MavenCommands.baseBuild(session),
                    roundLauncher("compare-forks", request.command(), true), perfLog()).run(request);
        } catch (CompareException e) {
            throw new MojoExecutionException(e.getMessage(), e);
        } catch (IOException e) {
            throw new MojoExecutionException("perf:" + goal() + " could not write to "
                    + display(outputDirectory.toPath()) + ": " + e.getMessage(), e);
        }
        result.summary().consoleLines().forEach(getLog()::info);
        List<String> files = new ArrayList<>();
        result.writtenFiles().forEach(p -> files.add(display(p)));
        getLog().info("Reports: " + String.join(", ", files));
        Optional<String> measurementFailure = result.measurementFailure();
        if (measurementFailure.isPresent()) {
            throw new MojoExecutionException("perf:" + goal() + ": " + measurementFailure.get());
        }
        if (result.failsBuild()) {
            throw new MojoFailureException("perf:" + goal() + " with " + PerfProperties.TREATMENTS + ": "
                    + result.regressionMessage(files.get(0)));
        }
    }

    /**
     * The job summary on GitHub Actions and the pull-request comment body, after the reports; neither changes the
     * verdict.
     */
    protected final void writePullRequestOutputs(GateReport report, List<ProfileEvidence> profiles,
            List<Path> reports) throws MojoExecutionException {
        PullRequestOutputs.Settings settings;
        try {
            settings = PullRequestOutputs.Settings.parse(githubSummary(), comment, reportUrl,
                    ReactorBenchmarks.isReactor(session) ? project.getArtifactId() : null);
        } catch (InvalidSettingException e) {
            throw new MojoExecutionException(e.getMessage(), e);
        }
        Path output = outputDirectory.toPath();
        try {
            PullRequestOutputs.write(report, profiles, reports, output, display(output), project.getBasedir().toPath(),
                    settings, CiEnvironment.of(System.getenv()), perfLog())
                    .ifPresent(file -> getLog().info("Pull-request comment: " + display(file)));
        } catch (IOException e) {
            throw new MojoExecutionException("perf:" + goal() + " could not write "
                    + display(output.resolve(PullRequestComment.FILE_NAME)) + ": " + e.getMessage(), e);
        }
    }

    private void writeBisectExitCode(int code) throws MojoExecutionException {
        try {
            Path file = BisectExitCode.write(outputDirectory.toPath(), code);
            getLog().info("git bisect: exit code " + code + " written to " + display(file));
        } catch (IOException e) {
            throw new MojoExecutionException("Cannot write " + BisectExitCode.FILE_NAME + ": " + e.getMessage(), e);
        }
    }

    /** {@code perf.maxForks}, at least 5. */
    final int checkedMaxForks() throws MojoExecutionException {
        if (maxForks < 5) {
            throw new MojoExecutionException(PerfProperties.MAX_FORKS + " = " + maxForks + ", but the gate needs at"
                    + " least 5 forks per side; use 5 or more (" + PerfProperties.DEFAULT_MAX_FORKS + " by default)");
        }
        return maxForks;
    }

    private CompareRequest request() throws MojoExecutionException {
        return request(seedValue());
    }

    private CompareRequest request(long seedValue) throws MojoExecutionException {
        int rounds = checkedMaxForks();
        return CompareRequest.builder().against(against.trim()).paths(checkoutPaths())
                .candidateClasspath(testClasspath()).seed(seedValue).adaptive(adaptive())
                .forkPlanAuto(forkPlanMode() == CalibratedForks.Mode.AUTO).affected(affected())
                .maxForks(rounds).settings(gateSettings()).command(command(seedValue))
                .toolVersion(PluginVersion.get()).reportFormats(reportFormats()).goal("perf:" + goal()).shard(shard())
                .budget(budget()).profiling(profilerSetup()).calibration(storedCalibration()).history(orderHistory())
                .build();
    }

    /** The history's records that order the suite, the most often changed first; none unless a goal reads one. */
    protected List<HistoryRecord> orderHistory() {
        return List.of();
    }

    /**
     * The history as it is here (not fetched: ordering is no reason to wait for the network), oldest first; none,
     * said at debug level, where there is no history or it cannot be read.
     */
    protected final List<HistoryRecord> readHistory(String history, String branch, String remote) {
        try {
            return HistoryStores.open(history, branch, remote, false, project.getBasedir().toPath())
                    .list(skipped -> getLog().debug("history record left out of the order: " + skipped));
        } catch (HistoryException | IllegalArgumentException e) {
            getLog().debug("No history to order the suite by: " + e.getMessage());
            return List.of();
        }
    }

    /**
     * The between-fork noise perf:calibrate stored in the baseline, which adaptive stopping sizes the rounds with;
     * null without adaptive stopping or a stored calibration (a baseline that does not read is passed over with a
     * warning: the comparison does not judge against it).
     */
    final Calibration storedCalibration() throws MojoExecutionException {
        if (!adaptive()) {
            return null;
        }
        Calibration calibration = baselineForEstimates().map(PerfResults::calibration).orElse(null);
        if (calibration != null) {
            getLog().info("Rounds sized with the between-fork noise perf:calibrate stored in "
                    + display(baseline.toPath())
                    + " (measured " + calibration.measuredAt() + ", " + calibration.benchmarks().size()
                    + (calibration.benchmarks().size() == 1 ? " benchmark" : " benchmarks")
                    + "), pooled with the noise of each benchmark's own rounds");
        }
        return calibration;
    }

    /** The command that repeats this comparison in the same order. */
    private String command(long seedValue) throws MojoExecutionException {
        return MavenCommands.repeatComparison(session, project, qualifiedGoal("compare"), jmhOptions().userSettings(),
                against.trim(), seedValue, adaptive(), affected(), maxForks);
    }
}
