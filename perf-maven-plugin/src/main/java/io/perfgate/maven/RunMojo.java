package io.perfgate.maven;

import io.perfgate.baseline.ProfiledRun;
import io.perfgate.baseline.WorkingTreeProfiling;
import io.perfgate.config.PerfProperties;
import io.perfgate.jmh.BenchmarkDiscovery;
import io.perfgate.jmh.JmhOptions;
import io.perfgate.profile.ProfileMode;
import io.perfgate.profile.ProfilerSetup;
import io.perfgate.report.ProfileSummary;
import io.perfgate.results.ResultsFormatException;
import io.perfgate.results.ResultsJson;
import io.perfgate.run.PerfRun;
import io.perfgate.run.RunFailedException;
import io.perfgate.run.RunRequest;
import io.perfgate.scenariorunner.ScenarioDefinition;
import io.perfgate.shard.Shard;
import java.io.File;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import javax.inject.Inject;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.plugins.annotations.ResolutionScope;
import org.apache.maven.toolchain.ToolchainManager;
import org.eclipse.aether.RepositorySystem;

/**
 * Runs the project's JMH benchmarks (those JMH's annotation processor listed in {@code META-INF/BenchmarkList}),
 * each in JVMs of its own with the test classpath, then its scenarios, and writes {@code target/perf/results.json}:
 * every fork's iteration values, latency percentiles (sample mode), allocation per operation ({@code -prof gc}),
 * the effective options and a fingerprint of the machine and JVM, for {@code perf:check} to judge. Without any POM
 * change: <pre>mvn test-compile io.perfgate:perf-maven-plugin:0.1.0-SNAPSHOT:run -Dperf.includes=StringBench</pre>
 *
 * <p>An option left at {@code auto} takes the benchmark's own JMH annotation, else the plugin's default for CI
 * (10 forks of 3 x 1 s warmup and 10 x 500 ms measurement, about 90 s a benchmark).
 *
 * @since 0.1.0
 */
@Mojo(name = "run", defaultPhase = LifecyclePhase.VERIFY, requiresDependencyResolution = ResolutionScope.TEST,
        threadSafe = true)
public class RunMojo extends AbstractJmhMojo {
    /**
     * JVM forks per benchmark (JMH {@code -f}), a whole number of at least 1. Each fork is one observation of the
     * gate, which needs at least 5 per side and is designed for 10. {@code auto}: the benchmark's {@code @Fork},
     * else 10.
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.FORKS, defaultValue = PerfProperties.DEFAULT_AUTO)
    private String forks;

    /**
     * Also runs benchmarks compiled from the main sources ({@code target/classes/META-INF/BenchmarkList}), for
     * projects that keep benchmarks in a module of their own.
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.INCLUDE_MAIN_CLASSES, defaultValue = PerfProperties.DEFAULT_FALSE)
    private String includeMainClasses;

    /**
     * Where the results go; JMH's own JSON ({@code jmh-results.json}) and output ({@code jmh-output.log}) are
     * written beside it.
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.RESULTS, defaultValue = PerfProperties.DEFAULT_RESULTS)
    private File results;

    /**
     * The ref a comparison measures against. When it is set, perf:check (or perf:compare) measures the base and
     * the working tree in the same build and judges them, so this goal skips itself (they share one profile).
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.AGAINST, defaultValue = PerfProperties.DEFAULT_EMPTY)
    private String against;

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
     * Records the code each benchmark ran, for {@code perf.affected}: after the measurement, one short extra fork per
     * benchmark and parameter set with JaCoCo's agent (never one of the measured forks), read into the project's
     * methods each ran and written beside the results ({@code executed-code.json.gz}); perf:record keeps it in the
     * history under the commit, and a comparison with {@code perf.affected} selects by the newest map at or before
     * its merge base. {@code auto}: where {@code perf.affected} is true for the project; {@code true}: always;
     * {@code false}: never. The log says what it cost in one line.
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.EXECUTED_CODE, defaultValue = PerfProperties.DEFAULT_EXECUTED_CODE)
    private String executedCode;

    /**
     * Read here only for {@code perf.executedCode=auto}: a project that compares with {@code perf.affected=true}
     * (in its POM's properties, or on main's command line) records the map the selection needs.
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.AFFECTED, defaultValue = PerfProperties.DEFAULT_FALSE)
    private String affected;

    @Inject
    public RunMojo(ToolchainManager toolchainManager, RepositorySystem repositorySystem) {
        this("run", toolchainManager, repositorySystem);
    }

    /** For perf:baseline, which runs this goal's benchmarks when there are no results yet. */
    protected RunMojo(String goal, ToolchainManager toolchainManager, RepositorySystem repositorySystem) {
        super(goal, toolchainManager, repositorySystem);
    }

    @Override
    public String skipReason() throws MojoExecutionException {
        return runSkipReason();
    }

    @Override
    public void executeGoal() throws MojoExecutionException {
        // checked before anything is measured: a typo must not cost a run
        Measurement m = measurement();
        boolean profiling = profiler().mode() == ProfileMode.ALL;
        String profilesLater = profilingGoalFollows();
        if (profiling && profilesLater != null) {
            getLog().info(PerfProperties.PROFILE + "=all: " + profilesLater + " profiles the benchmarks later in this"
                    + " build");
            profiling = false;
        }
        ProfilerSetup setup = profiling ? profiler().setup() : null;
        WorkingTreeProfiling<MojoExecutionException> profiler = setup == null ? null
                : (targets, stored) -> profiler().workingTree(targets, setup, stored);
        ExecutedCodeRecording executed = executedCodeRecording();
        RunRequest request = request();
        noteWriteLocation("The results file", results.toPath());
        ExecutedCodeRecording.removeStale(results.toPath(), this);
        try {
            ProfileSummary.consoleLines(ProfiledRun.run(request, profiler, perfLog())).forEach(getLog()::info);
            // only after a complete run: a failed one threw above, and writes no map
            executed.record(ResultsJson.read(results.toPath()), results.toPath());
        } catch (RunFailedException | ResultsFormatException e) {
            throw new MojoExecutionException(e.getMessage(), e);
        }
    }

    /** {@code perf.executedCode} (with {@code perf.affected} for auto), checked before anything is measured. */
    private ExecutedCodeRecording executedCodeRecording() throws MojoExecutionException {
        return executedCode(executedCode, affected());
    }

    /**
     * The goal that profiles what this one measures, later in the same build of this module, or null: perf:check
     * (named on the command line, or bound in this module and the build reaches {@code verify}), which profiles
     * what it judged, or perf:baseline named on the command line, which profiles what it records.
     */
    private String profilingGoalFollows() {
        List<String> goals = session.getGoals();
        for (String later : new String[] {"check", "baseline"}) {
            if (goals.stream().anyMatch(g -> g.endsWith(":" + later) && (g.startsWith("perf:")
                    || g.contains(plugin.getArtifactId())))) {
                return "perf:" + later;
            }
        }
        boolean bound = project.getBuildPlugins().stream()
                .filter(p -> plugin.getArtifactId().equals(p.getArtifactId()))
                .flatMap(p -> p.getExecutions().stream()).anyMatch(e -> e.getGoals().contains("check"));
        boolean reachesVerify = goals.stream().anyMatch(g -> g.equals("verify") || g.equals("install")
                || g.equals("deploy"));
        return bound && reachesVerify ? "perf:check" : null;
    }

    @Override
    protected String jmhForks() {
        return forks;
    }

    @Override
    protected Measurement partOfSuite(Measurement m) {
        return m.partOfSuite(shard, budget);
    }

    /** Why perf:run does nothing in this module, or null. */
    protected final String runSkipReason() throws MojoExecutionException {
        String reason = skipFlagReason();
        if (reason != null) {
            return reason;
        }
        if (against != null && !against.trim().isEmpty()) {
            return PerfProperties.AGAINST + "=" + against.trim() + " is set, so the comparison (perf:check or"
                    + " perf:compare) measures the base and the working tree instead";
        }
        reason = noBenchmarksReason();
        if (ReactorBenchmarks.isReactor(session)) {
            // in a reactor a module without benchmarks is skipped; none in any module fails at the last one
            List<Path> lists = classDirectories();
            Path main = Paths.get(project.getBuild().getOutputDirectory());
            StringBuilder looked = new StringBuilder(display(lists.get(0)));
            if (lists.size() > 1) {
                looked.append(" or ").append(display(lists.get(1)));
            } else if (BenchmarkDiscovery.listed(main) > 0) {
                // the benchmarks are in the main sources (Apache Avro's lang/java/perf): say how to run them
                looked.append("; ").append(display(main)).append(" has one: add -D")
                        .append(PerfProperties.INCLUDE_MAIN_CLASSES).append("=true to run it");
            }
            reason = ReactorBenchmarks.moduleSkipReason(session, project, reason,
                    measurement().hasScenarios() || BenchmarkDiscovery.hasBenchmarkList(lists), looked.toString(), false);
        }
        return reason;
    }

    /** Where the benchmark lists are read: the test classes, and the main classes when asked. */
    private List<Path> classDirectories() throws MojoExecutionException {
        List<Path> classDirectories = new ArrayList<>();
        classDirectories.add(Paths.get(project.getBuild().getTestOutputDirectory()));
        if (includeMainClasses()) {
            classDirectories.add(Paths.get(project.getBuild().getOutputDirectory()));
        }
        return classDirectories;
    }

    /** perf:run as a step of another goal: skipped with perf:run's own reason and log line, or run. */
    protected final void runBenchmarks() throws MojoExecutionException {
        String reason = runSkipReason();
        if (reason != null) {
            getLog().info(PerfGoal.skipped("run", reason));
            return;
        }
        ExecutedCodeRecording executed = executedCodeRecording();
        RunRequest request = request();
        noteWriteLocation("The results file", results.toPath());
        ExecutedCodeRecording.removeStale(results.toPath(), this);
        try {
            executed.record(PerfRun.execute(request, perfLog()), results.toPath());
        } catch (RunFailedException e) {
            throw new MojoExecutionException(e.getMessage(), e);
        }
    }

    private RunRequest request() throws MojoExecutionException {
        Measurement m = measurement();
        JmhOptions options = jmhOptions();
        Shard shard = m.shard();
        List<Path> classDirectories = classDirectories();
        boolean mainClasses = includeMainClasses();
        List<ScenarioDefinition> selected = m.plannedScenarios();
        return RunRequest.builder()
                .options(options)
                .classDirectories(classDirectories)
                .mainClassDirectory(Paths.get(project.getBuild().getOutputDirectory()))
                .classpath(m.withJUnitPlatformLauncher(m.testClasspath(), selected))
                .java(m.java())
                .projectDirectory(project.getBasedir().toPath().toAbsolutePath())
                .resultsFile(results.toPath())
                .setting(PerfProperties.INCLUDE_MAIN_CLASSES, Boolean.toString(mainClasses), mainClasses)
                .setting(PerfProperties.USE_TOOLCHAIN, Boolean.toString(useToolchain()), !useToolchain())
                .setting(PerfProperties.SCENARIO_INCLUDES, m.scenarioIncludes(),
                        !PerfProperties.DEFAULT_SCENARIO_INCLUDES.equals(m.scenarioIncludes()))
                .scenarios(selected)
                .scenarioTimes(m.estimates().scenarioTimes(selected))
                .forkTimes(m.forkTimes())
                .shard(shard)
                .budget(m.budget())
                .pluginGoal(qualifiedGoal("run"))
                .pomArgument(MavenCommands.pomArgument(session, project))
                .module(ReactorBenchmarks.isReactor(session) ? project.getArtifactId() : null)
                .profiles(session.getRequest().getActiveProfiles())
                .pluginVersion(plugin.getVersion())
                .mavenVersion(session.getSystemProperties().getProperty("maven.version"))
                .build();
    }

    /** The results file this goal writes. */
    protected final File resultsFile() {
        return results;
    }

    /** {@code perf.affected}, read by the one switch rule: here only for {@code perf.executedCode=auto}. */
    final boolean affected() throws MojoExecutionException {
        return PerfGoal.flag(PerfProperties.AFFECTED, affected, PerfProperties.DEFAULT_FALSE);
    }

    /** {@code perf.includeMainClasses}, read by the one switch rule. */
    final boolean includeMainClasses() throws MojoExecutionException {
        return PerfGoal.flag(PerfProperties.INCLUDE_MAIN_CLASSES, includeMainClasses, PerfProperties.DEFAULT_FALSE);
    }
}
