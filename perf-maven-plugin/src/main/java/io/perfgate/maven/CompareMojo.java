package io.perfgate.maven;

import io.perfgate.premerge.TreatmentsRequest;
import io.perfgate.config.PerfProperties;
import io.perfgate.gate.RoundSettings;
import io.perfgate.history.HistorySettings;
import io.perfgate.premerge.ExecutedCodeMaps;
import io.perfgate.jmh.BenchmarkDiscovery;
import io.perfgate.jmh.CalibratedForks;
import io.perfgate.workspace.CompareException;
import io.perfgate.premerge.CompareRequest;
import io.perfgate.premerge.PreMergeWorkflow;
import io.perfgate.premerge.TreatmentComparison;
import io.perfgate.report.ReportWriter;
import java.io.IOException;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
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
 * Pre-merge check: measures the working tree against the merge base of HEAD and {@code perf.against} on this
 * machine, in randomized interleaved rounds, and judges them with perf:check's rule. A baseline stored on another
 * machine or day carries machine-to-machine differences of 5-10 %; measuring both versions in the same job does
 * not.
 *
 * <p>The base commit is checked out with {@code git worktree add --detach} under the output directory, built there
 * with the Maven and JDK of this build ({@code test-compile}, tests skipped, offline first), and removed again,
 * also on failure; your checkout, index, branches and stash are never touched, and uncommitted changes are
 * measured as they are. Each round runs one fork of each benchmark for the base and one for the working tree, in
 * an order drawn from {@code perf.seed}. With adaptive stopping (the default) a benchmark stops after 5 rounds
 * when its verdict is settled, and otherwise runs up to {@code perf.maxForks} rounds.
 *
 * <p>perf:check does the same comparison when {@code perf.against} is set, so the README's profile (perf:run and
 * perf:check bound to {@code verify}) needs nothing more: {@code mvn verify -Pperf -Dperf.against=origin/main}.
 * This goal is the way without any POM change:
 * {@code mvn test-compile io.perfgate:perf-maven-plugin:0.1.0-SNAPSHOT:compare -Dperf.against=origin/main}. Bound to
 * {@code verify} it does nothing unless {@code perf.against} is set. When a POM binds both perf:check and
 * perf:compare, the first of the two to run in a module compares (it logs {@code perf:<goal>: measuring the
 * working tree against <ref>}) and the other logs that the module was already compared, so nothing is measured
 * twice.
 *
 * <p>Its parameters are perf:check's too: perf:check extends this goal and runs the same comparison when
 * {@code perf.against} is set.
 *
 * @since 0.1.0
 */
@Mojo(name = "compare", defaultPhase = LifecyclePhase.VERIFY, requiresDependencyResolution = ResolutionScope.TEST)
public class CompareMojo extends AbstractGateMojo {
    /** The project context key under which the goal that compared this module records it. */
    private static final String COMPARED = CompareMojo.class.getName() + ".compared";

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
     * Compares only the benchmarks a patch can affect. Where the history ({@code perf.history}) keeps a map of the
     * code each benchmark ran (recorded on main by perf:record, {@code perf.executedCode}) at the merge base or up to
     * 200 commits before it, those that ran a method whose body the patch changes ("runs com.acme.Codec.encode,
     * changed"); else, saying so, those whose class reaches, through the project's own classes, a class that differs
     * between the base and the candidate ("reaches com.acme.Codec, changed"). The log names each benchmark selected
     * and why, and each left out and why. Where it cannot be sure (no record of what a benchmark ran; a reached class
     * uses reflection or service loading; a resource or a dependency changed) it includes the benchmark and says so.
     * A benchmark new in the patch is always selected.
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
     * Runs one part of the suite, for CI systems that run jobs in parallel: {@code K/N} is shard K of N (counted
     * from 1). Every agent computes the same partition of the selected benchmarks and scenarios, balanced by their
     * expected time, so N agents with K = 1..N run each one once; perf:merge then combines their results for one
     * perf:check of the whole suite. Empty: the CI's {@code CI_NODE_INDEX} and {@code CI_NODE_TOTAL} when both are
     * set (GitLab's {@code parallel:}), else the whole suite.
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.SHARD, defaultValue = PerfProperties.DEFAULT_EMPTY)
    private String shard;

    /**
     * The wall time the measurement may take, e.g. {@code 30m} or {@code 1h}. Before it measures anything, a run
     * (or comparison at its fewest rounds) expected to take longer stops with its estimate and the choices: the
     * number of shards that would fit, a narrower selection, less measurement. A comparison spends what is left
     * after its fewest rounds on the benchmarks not yet settled. Empty: no limit.
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.BUDGET, defaultValue = PerfProperties.DEFAULT_EMPTY)
    private String budget;

    /**
     * For a shard ({@code perf.shard}, or the CI's variables) compared without {@code perf.budget}: the wall time,
     * counted from the start of the Maven build, by which the rounds past each benchmark's fewest end, so that the
     * shard can answer within the 15 minutes a pull request's check may take (the profile of a FAIL comes after).
     * Every benchmark still runs its fewest rounds (5 forks a side with adaptive stopping); one still unsettled when
     * the time comes is judged on the rounds it got, and the log says so. {@code none}: no limit, every benchmark
     * runs until it settles or reaches {@code perf.maxForks}.
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.SHARD_TIME, defaultValue = PerfProperties.DEFAULT_SHARD_TIME)
    private String shardTime;

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

    /**
     * Report files to write to the output directory: a comma-separated subset of {@code json} (report.json),
     * {@code md} (report.md), {@code junit} (TEST-perf.xml) and {@code html} (report.html: the verdict table and a
     * picture of every benchmark's forks, one self-contained page), or {@code none}.
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.REPORT_FORMATS, defaultValue = PerfProperties.DEFAULT_REPORT_FORMATS)
    private String reportFormats;

    /**
     * Where the history perf:record keeps is ({@code git}: the branch {@code perf.historyBranch}; or a directory). A
     * comparison reads it as it is, without fetching, to run the benchmarks whose past runs changed most often
     * first; with {@code perf.affected} it fetches it and selects by the newest map of the code each benchmark ran
     * kept there (recorded by perf:record), never writing to it. perf:check without {@code perf.against} judges
     * against it with {@code perf.baseline=history} (fetched first), and when the baseline file is left at its default
     * and does not exist (read as it is).
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.HISTORY, defaultValue = PerfProperties.DEFAULT_HISTORY)
    private String history;

    /** The branch that holds the history when {@code perf.history=git}. @since 0.1.0 */
    @Parameter(property = PerfProperties.HISTORY_BRANCH, defaultValue = PerfProperties.DEFAULT_HISTORY_BRANCH)
    private String historyBranch;

    /**
     * The remote of the history branch, which perf:check fetches it from before it judges against it with
     * {@code perf.baseline=history}, and a comparison with {@code perf.affected} before it looks for a map of
     * executed code.
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.HISTORY_REMOTE, defaultValue = PerfProperties.DEFAULT_HISTORY_REMOTE)
    private String historyRemote;

    @Inject
    public CompareMojo(ToolchainManager toolchainManager, RepositorySystem repositorySystem) {
        this("compare", toolchainManager, repositorySystem);
    }

    /** For perf:check, which runs this goal's comparison when {@code perf.against} is set. */
    protected CompareMojo(String goal, ToolchainManager toolchainManager, RepositorySystem repositorySystem) {
        super(goal, toolchainManager, repositorySystem);
    }

    @Override
    public String skipReason() throws MojoExecutionException {
        refuseTreatmentsWithoutAgainst();
        if (!comparing()) {
            String reason = skipFlagReason();
            return reason != null ? reason : PerfProperties.AGAINST + " is not set (give -D" + PerfProperties.AGAINST
                    + "=origin/main to measure the working tree against its base)";
        }
        return comparisonSkipReason();
    }


    @Override
    protected Measurement partOfSuite(Measurement m) {
        return m.partOfSuite(shard, budget);
    }

    /** The rounds' settings ({@code perf.seed}, {@code perf.adaptive}, {@code perf.maxForks}), checked. */
    final RoundSettings rounds() throws MojoExecutionException {
        return rounds(adaptive, maxForks);
    }

    /** True when {@code perf.against} names a ref to compare with. */
    protected final boolean comparing() {
        return against != null && !against.trim().isEmpty();
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
                    measurement().hasScenarios() || BenchmarkDiscovery.hasBenchmarkList(classes),
                    display(classes.get(0)) + " or " + display(classes.get(1)), true);
        }
        return reason;
    }

    /** A skipped comparison must not leave the verdict of an earlier one for {@code git bisect run} to read. */
    @Override
    public void clearStaleOutputs() throws MojoExecutionException {
        if (bisect()) {
            outputs().clearBisectExitCode();
        }
    }

    /** What the comparison writes besides the reports. */
    protected final ComparisonOutputs outputs() {
        return new ComparisonOutputs(this, outputDirectory, githubSummary, comment, reportUrl);
    }

    /**
     * Measures both sides, judges them, writes the reports and maps the outcome to Maven's exceptions; perf:check
     * calls it when {@code perf.against} is set.
     */
    @Override
    public void executeGoal() throws MojoExecutionException, MojoFailureException {
        CompareRequest request = request(rounds());
        project.setContextValue(COMPARED, "perf:" + goal());
        try {
            if (treating()) {
                compareTreatments(request);
                return;
            }
            TreatmentsRequest.warnOfBaselineSettingsAlone(baselineJvmArgs, perfLog());
            getLog().info("perf:" + goal() + ": measuring the working tree against " + against.trim()
                    + " (both sides, interleaved on this machine)");
            outputs().concluded(new PreMergeWorkflow(MavenCommands.baseBuild(session), measurement().roundLauncher(
                    "compare-forks", request.command(), true), perfLog()).run(request), bisect());
        } catch (CompareException e) {
            throw new MojoExecutionException(e.getMessage(), e);
        } catch (IOException e) {
            throw outputs().couldNotWrite(e);
        }
    }

    /**
     * Several treatments against one baseline ({@code perf.treatments}, the baseline {@code perf.against} as it is):
     * every side measured in the same interleaved rounds, each treatment judged against the baseline, one table with
     * a column per treatment; the build fails when a treatment FAILs (with {@code perf.failOnRegression}).
     */
    private void compareTreatments(CompareRequest comparison)
            throws CompareException, IOException, MojoExecutionException, MojoFailureException {
        Map<String, String> jmh = jmhOptions().userSettings();
        CompareRequest request = TreatmentsRequest.of(comparison, against, baselineName, baselineJvmArgs,
                treatments, properties -> command(jmh, comparison.seed(), comparison.adaptive(), false, properties));
        getLog().info("perf:" + goal() + ": measuring " + request.treatments().size() + " treatments against "
                + request.baseline().name() + " (" + request.baseline().ref() + "), all interleaved on this machine");
        outputs().concluded(new TreatmentComparison(MavenCommands.baseBuild(session), measurement()
                .roundLauncher("compare-forks", request.command(), true), perfLog()).run(request));
    }

    private CompareRequest request(RoundSettings rounds) throws MojoExecutionException {
        Measurement m = measurement();
        return CompareRequest.builder().against(against.trim()).paths(m.checkoutPaths())
                .candidateClasspath(m.testClasspath()).seed(rounds.seed()).adaptive(rounds.adaptive())
                .forkPlanAuto(m.forkPlanMode() == CalibratedForks.Mode.AUTO).affected(affected())
                .maxForks(rounds.maxForks()).settings(gateSettings()).command(command(jmhOptions().userSettings(),
                        rounds.seed(), rounds.adaptive(), affected(), Map.of())).toolVersion(PluginVersion.get()).reportFormats(reportFormats()).goal("perf:" + goal()).shard(m.shard()).budget(m.budget())
                .shardTime(m.shardTime(shardTime))
                .profiling(profiler().setup()).calibration(m.estimates().storedCalibration(rounds.adaptive()))
                .history(historySettings().forOrdering(project.getBasedir().toPath(), perfLog()))
                .executedCode(affected() ? ExecutedCodeMaps.inHistory(historySettings(), project.getBasedir().toPath())
                        : null).build();
    }

    /** The command that repeats this comparison in the same order, with {@code properties} besides the usual. */
    private String command(Map<String, String> jmh, long seed, boolean adaptiveRounds, boolean selectAffected,
            Map<String, String> properties) {
        return MavenCommands.repeatComparison(session, project, qualifiedGoal("compare"), jmh, against.trim(), seed,
                adaptiveRounds, selectAffected, maxForks, properties);
    }

    /** {@code perf.history} and its branch and remote; these goals never push it. */
    protected final HistorySettings historySettings() {
        return new HistorySettings(history, historyBranch, historyRemote, false);
    }

    /** The report files {@code perf.reportFormats} asks for. */
    protected final Set<ReportWriter.Format> reportFormats() throws MojoExecutionException {
        return PerfGoal.parseReportFormats(reportFormats);
    }

    /** {@code perf.adaptive}, read by the one switch rule. */
    final boolean adaptive() throws MojoExecutionException {
        return PerfGoal.flag(PerfProperties.ADAPTIVE, adaptive, PerfProperties.DEFAULT_TRUE);
    }

    /** {@code perf.affected}, read by the one switch rule. */
    final boolean affected() throws MojoExecutionException {
        return PerfGoal.flag(PerfProperties.AFFECTED, affected, PerfProperties.DEFAULT_FALSE);
    }

    /** {@code perf.bisect}, read by the one switch rule. */
    final boolean bisect() throws MojoExecutionException {
        return PerfGoal.flag(PerfProperties.BISECT, bisect, PerfProperties.DEFAULT_FALSE);
    }
}
