package io.perfgate.maven;

import io.perfgate.baseline.StoredBaseline;
import io.perfgate.config.PerfProperties;
import io.perfgate.gate.GateSettings;
import io.perfgate.jmh.CalibratedForks;
import io.perfgate.jmh.ForkTimes;
import io.perfgate.jmh.JmhOptions;
import io.perfgate.forkprofile.RecordingForks;
import io.perfgate.interleaved.BenchmarkLauncher;
import io.perfgate.workspace.CheckoutPaths;
import io.perfgate.interleaved.JmhLauncher;
import io.perfgate.interleaved.SuiteLauncher;
import io.perfgate.process.Platform;
import io.perfgate.planning.MeasurementPlans;
import io.perfgate.run.BaselineEstimates;
import io.perfgate.scenariorunner.ScenarioDefinition;
import io.perfgate.scenariorunner.ScenarioLaunchSettings;
import io.perfgate.shard.Budget;
import io.perfgate.shard.Shard;
import io.perfgate.shard.ShardTime;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import org.apache.maven.artifact.DependencyResolutionRequiredException;
import org.apache.maven.execution.MavenSession;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.project.MavenProject;
import org.apache.maven.toolchain.Toolchain;
import org.apache.maven.toolchain.ToolchainManager;
import org.eclipse.aether.RepositorySystem;

/**
 * What a goal measures with, between its parameters and the core: the JVM of the benchmarks (the toolchain's), the
 * test classpath, the launcher of single forks; the plans ({@link MeasurementPlans}: the JMH options with the
 * baseline's calibrated plans, the scenarios as planned) and the estimates ({@link BaselineEstimates}) are the core's,
 * asked for here with the parameters and their failures turned into Maven's. Every goal that measures builds one from
 * the parameters it has; perf:trend has no JMH parameters and measures with JMH's defaults.
 */
final class Measurement {
    private final PerfGoal goal;
    private final ToolchainManager toolchainManager;
    private final RepositorySystem repositorySystem;
    private final Path outputDirectory;
    private final Path baseline;
    private final MavenProject project;
    private boolean useToolchain = true;
    private List<ScenarioDefinition> scenarios = new ArrayList<>();
    private String scenarioIncludes = PerfProperties.DEFAULT_SCENARIO_INCLUDES;
    private Supplier<JmhOptions.Builder> jmh = JmhOptions::builder;
    private String forkPlan = PerfProperties.DEFAULT_FORK_PLAN;
    private boolean runsForkPlans = true;
    private String shard;
    /** The shard as resolved, once: null until asked, then empty for the whole suite. */
    private Optional<Shard> resolvedShard;
    private Map<String, String> environment = System.getenv();
    private String budget;
    private MeasurementPlans.Limits<MojoExecutionException> limits = GateSettings::defaults;

    /** What the baseline recorded, read once for estimates (with a warning when it does not read). */
    private final BaselineEstimates estimates;
    /** The plans {@code perf.forkPlan} gives: made once the parameters above are all given. */
    private MeasurementPlans plans;

    Measurement(PerfGoal goal, ToolchainManager toolchainManager, RepositorySystem repositorySystem,
            Path outputDirectory, Path baseline) {
        this.goal = goal;
        this.toolchainManager = toolchainManager;
        this.repositorySystem = repositorySystem;
        this.outputDirectory = outputDirectory;
        this.baseline = baseline;
        this.project = goal.project();
        this.estimates = new BaselineEstimates(baseline, baseline == null ? null : goal.display(baseline),
                goal.perfLog());
    }

    /** {@code perf.useToolchain}, {@code scenarios} and {@code perf.scenarioIncludes}. */
    Measurement jvm(boolean toolchain, List<ScenarioDefinition> configured, String includes) {
        this.useToolchain = toolchain;
        this.scenarios = configured == null ? new ArrayList<>() : configured;
        this.scenarioIncludes = includes;
        return this;
    }

    /** The JMH options as given, {@code perf.forkPlan}, and whether the goal runs the calibrated plans. */
    Measurement jmh(Supplier<JmhOptions.Builder> options, String plan, boolean runsPlans) {
        this.jmh = options;
        this.forkPlan = plan;
        this.runsForkPlans = runsPlans;
        return this;
    }

    /** {@code perf.shard} and {@code perf.budget}. */
    Measurement partOfSuite(String shardSetting, String budgetSetting) {
        this.shard = shardSetting;
        this.budget = budgetSetting;
        return this;
    }

    /** The limits the scenario plans are sized for: the gate's defaults where the goal sets none. */
    Measurement limits(MeasurementPlans.Limits<MojoExecutionException> gate) {
        this.limits = gate;
        return this;
    }

    /** What the baseline recorded, for estimates and the adaptive rounds' stored noise. */
    BaselineEstimates estimates() {
        return estimates;
    }

    /** Which plans {@code perf.forkPlan} gives, from the baseline. */
    private MeasurementPlans plans() {
        if (plans == null) {
            plans = new MeasurementPlans(forkPlan, runsForkPlans, scenarios, scenarioIncludes, estimates,
                    goal.perfLog());
        }
        return plans;
    }

    Path outputDirectory() {
        return outputDirectory;
    }

    String scenarioIncludes() {
        return scenarioIncludes;
    }

    /** True when the POM configures scenarios (selected or not). */
    boolean hasScenarios() {
        return !scenarios.isEmpty();
    }

    /**
     * The shard this build runs ({@code perf.shard}, else the CI's variables), or null for the whole suite. Resolved
     * once: the goal asks for it more than once (the request, the fork times), and the log says where it came from
     * once.
     */
    Shard shard() throws MojoExecutionException {
        if (resolvedShard == null) {
            resolvedShard = checked(() -> Shard.resolve(shard, environment, goal.perfLog()));
        }
        return resolvedShard.orElse(null);
    }

    /** The CI's variables a shard is read from: the process's, unless a test gives others. */
    Measurement environment(Map<String, String> variables) {
        this.environment = variables;
        this.resolvedShard = null;
        return this;
    }

    /**
     * {@code perf.shardTime} ({@code value}) for this build's shard, counted from the start of the Maven build; null
     * when it does not apply: not a shard, {@code perf.budget} given, or {@code none}.
     */
    ShardTime shardTime(String value) throws MojoExecutionException {
        MavenSession session = goal.session();
        java.util.Date started = session == null || session.getRequest() == null ? null
                : session.getRequest().getStartTime();
        Instant buildStart = started == null ? Instant.now() : started.toInstant();
        return checked(() -> ShardTime.of(value, shard(), budget(), buildStart));
    }

    /** {@code perf.budget}, or null for no limit. */
    Duration budget() throws MojoExecutionException {
        return checked(() -> Budget.parse(budget));
    }

    /** {@code classpath} plus what the selected scenarios need besides it: the JUnit Platform launcher, if any. */
    List<Path> withJUnitPlatformLauncher(List<Path> classpath, List<ScenarioDefinition> selected)
            throws MojoExecutionException {
        List<Path> extended = new ArrayList<>(classpath);
        extended.addAll(JUnitPlatformLauncher.neededBy(selected, project, repositorySystem,
                goal.session().getRepositorySession(), goal.getLog()));
        return extended;
    }

    /** The module's test classpath: test classes, classes, then dependencies. */
    List<Path> testClasspath() throws MojoExecutionException {
        try {
            List<Path> classpath = new ArrayList<>();
            for (String element : project.getTestClasspathElements()) {
                classpath.add(Paths.get(element));
            }
            return classpath;
        } catch (DependencyResolutionRequiredException e) {
            throw new MojoExecutionException("Cannot resolve the test classpath of " + project.getId(), e);
        }
    }

    /** The toolchain's java when asked for and present, else the JVM running Maven. */
    Path java() {
        if (useToolchain) {
            Toolchain toolchain = toolchainManager.getToolchainFromBuildContext("jdk", goal.session());
            if (toolchain != null) {
                String java = toolchain.findTool("java");
                if (java != null) {
                    goal.getLog().info("Benchmark JVM from the toolchain: " + toolchain);
                    return Paths.get(java);
                }
                goal.getLog().warn("The toolchain " + toolchain + " has no java executable; using the JVM running"
                        + " Maven");
            }
        }
        return Platform.java(Paths.get(System.getProperty("java.home")));
    }

    /** The JMH options given, with the baseline's calibrated plans where asked for, checked. */
    JmhOptions jmhOptions() throws MojoExecutionException {
        return checked(() -> plans().jmhOptions(jmh.get()));
    }

    /** {@code perf.forkPlan} as given: fixed, calibrated or auto. */
    CalibratedForks.Mode forkPlanMode() throws MojoExecutionException {
        return checked(() -> plans().mode());
    }

    /**
     * What runs one fork of the rounds: JMH with this goal's options in the benchmark JVM, its files under
     * {@code <outputDirectory>/<workDirectory>}; with {@code withScenarios}, also one cold and one warm JVM per round
     * of each selected scenario (their files under {@code compare-scenarios}).
     */
    BenchmarkLauncher roundLauncher(String workDirectory, String command, boolean withScenarios)
            throws MojoExecutionException {
        Path java = java();
        JmhLauncher launcher = new JmhLauncher(jmhOptions(), java, outputDirectory.resolve(workDirectory))
                .describing(project.getBasedir().toPath(), goal.session().getSystemProperties()
                        .getProperty("maven.version"), PluginVersion.get(), command)
                .weighedBy(forkTimes()).loggingTo(goal.perfLog());
        List<ScenarioDefinition> selected = withScenarios ? plannedScenarios() : new ArrayList<>();
        if (selected.isEmpty()) {
            return launcher;
        }
        return new SuiteLauncher(launcher, selected, ScenarioLaunchSettings.javaHomeOf(java),
                project.getBasedir().toPath(), outputDirectory.resolve("compare-scenarios"),
                withJUnitPlatformLauncher(new ArrayList<>(), selected), goal.perfLog(),
                estimates.scenarioTimes(selected));
    }

    /**
     * What runs the short forks of {@code perf.executedCode}: JMH with this goal's options made short
     * ({@code forkprofile.RecordingForks#shortOptions}), its files under {@code <outputDirectory>/<workDirectory>}.
     */
    JmhLauncher recordingLauncher(String workDirectory) throws MojoExecutionException {
        JmhOptions options = checked(() -> RecordingForks.shortOptions(jmh.get()));
        return new JmhLauncher(options, java(), outputDirectory.resolve(workDirectory)).loggingTo(goal.perfLog());
    }

    /** The selected scenarios as their plans run ({@link MeasurementPlans#plannedScenarios}). */
    List<ScenarioDefinition> plannedScenarios() throws MojoExecutionException {
        return checked(() -> plans().plannedScenarios(limits));
    }

    /** The forks' times the baseline recorded, read only for {@code perf.shard} or {@code perf.budget}. */
    ForkTimes forkTimes() throws MojoExecutionException {
        return estimates.forkTimes(shard() != null || budget() != null);
    }

    /** The baseline file as perf:check, perf:baseline and perf:calibrate share it. */
    StoredBaseline storedBaseline() {
        return new StoredBaseline(baseline, goal.projectRoot(), goal::display, goal.perfLog());
    }

    /** Where a base checkout of this module goes and what its build must produce (perf.against). */
    CheckoutPaths checkoutPaths() {
        Path basedir = project.getBasedir().toPath().toAbsolutePath();
        Path root = goal.session().getTopLevelProject() != null
                ? goal.session().getTopLevelProject().getBasedir().toPath() : basedir;
        return new CheckoutPaths(basedir, root.toAbsolutePath(), outputDirectory.toAbsolutePath(),
                basedir.relativize(Paths.get(project.getBuild().getTestOutputDirectory()).toAbsolutePath()),
                basedir.relativize(Paths.get(project.getBuild().getOutputDirectory()).toAbsolutePath()));
    }

    /** A call into the core, whose exceptions (a bad setting, a selection that does not read) end the build. */
    @FunctionalInterface
    private interface CoreCall<T> {
        T call() throws Exception;
    }

    /** {@code call}'s answer; what the core throws becomes a {@link MojoExecutionException} with its message. */
    private static <T> T checked(CoreCall<T> call) throws MojoExecutionException {
        try {
            return call.call();
        } catch (MojoExecutionException | RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new MojoExecutionException(e.getMessage(), e);
        }
    }
}
