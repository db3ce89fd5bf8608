package io.perfgate.maven;

import io.perfgate.baseline.StoredBaseline;
import io.perfgate.config.PerfProperties;
import io.perfgate.gate.GateSettings;
import io.perfgate.gate.InvalidSettingException;
import io.perfgate.gate.SettingParser;
import io.perfgate.jmh.CalibratedForks;
import io.perfgate.jmh.ForkTimes;
import io.perfgate.jmh.InvalidOptionException;
import io.perfgate.jmh.JmhOptions;
import io.perfgate.jmh.SteadyWarmup;
import io.perfgate.interleaved.BenchmarkLauncher;
import io.perfgate.workspace.CheckoutPaths;
import io.perfgate.workspace.CompareException;
import io.perfgate.forkprofile.ComparisonProfiler;
import io.perfgate.interleaved.JmhLauncher;
import io.perfgate.forkprofile.ProfileTarget;
import io.perfgate.interleaved.SuiteLauncher;
import io.perfgate.process.Platform;
import io.perfgate.profile.BaselineProfiles;
import io.perfgate.profile.ProfileMode;
import io.perfgate.profile.ProfilerChoice;
import io.perfgate.profile.ProfilerSetup;
import io.perfgate.report.MethodologyWriter;
import io.perfgate.results.Calibration;
import io.perfgate.results.PerfResults;
import io.perfgate.results.ResultsJson;
import io.perfgate.run.RunFailedException;
import io.perfgate.run.ScenarioSelection;
import io.perfgate.scenariorunner.ScenarioDefinition;
import io.perfgate.scenariorunner.ScenarioLaunchSettings;
import io.perfgate.scenariorunner.ScenarioPlans;
import io.perfgate.scenariorunner.ScenarioTimes;
import io.perfgate.shard.Budget;
import io.perfgate.shard.Shard;
import io.perfgate.shard.ShardException;
import java.io.IOException;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Supplier;
import org.apache.maven.artifact.DependencyResolutionRequiredException;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.project.MavenProject;
import org.apache.maven.toolchain.Toolchain;
import org.apache.maven.toolchain.ToolchainManager;
import org.eclipse.aether.RepositorySystem;

/**
 * What a goal measures with, between its parameters and the core: the JVM of the benchmarks (the toolchain's), the
 * test classpath, the selected scenarios and their plans, the JMH options with the baseline's calibrated plans, the
 * launcher of single forks, the profiler, and what the baseline recorded for estimates. Every goal that measures
 * builds one from the parameters it has; perf:trend has no JMH parameters and measures with JMH's defaults.
 */
final class Measurement {
    /** The gate's limits that size the scenario plans; read only when a plan is made. */
    @FunctionalInterface
    interface Limits {
        GateSettings get() throws MojoExecutionException;
    }

    private final PerfGoal goal;
    private final ToolchainManager toolchainManager;
    private final RepositorySystem repositorySystem;
    private final Path outputDirectory;
    private final Path baseline;
    private final MavenProject project;
    private boolean useToolchain = true;
    private List<ScenarioDefinition> scenarios = new ArrayList<>();
    private String scenarioIncludes = PerfProperties.DEFAULT_SCENARIO_INCLUDES;
    private String profile = PerfProperties.DEFAULT_PROFILE;
    private String profiler = PerfProperties.DEFAULT_PROFILER;
    private String asyncProfilerVersion = PerfProperties.DEFAULT_ASYNC_PROFILER_VERSION;
    private Supplier<JmhOptions.Builder> jmh = JmhOptions::builder;
    private String forkPlan = PerfProperties.DEFAULT_FORK_PLAN;
    private boolean runsForkPlans = true;
    private String shard;
    private String budget;
    private Limits limits = GateSettings::defaults;

    /** The calibrated fork plans, once read and logged. */
    private CalibratedForks calibratedForks;
    /** {@link #plannedScenarios()}, once planned (and its lines logged). */
    private List<ScenarioDefinition> plannedScenarios;
    /** {@link #baselineForEstimates()}, once read. */
    private Optional<PerfResults> baselineForEstimates;

    Measurement(PerfGoal goal, ToolchainManager toolchainManager, RepositorySystem repositorySystem,
            Path outputDirectory, Path baseline) {
        this.goal = goal;
        this.toolchainManager = toolchainManager;
        this.repositorySystem = repositorySystem;
        this.outputDirectory = outputDirectory;
        this.baseline = baseline;
        this.project = goal.project();
    }

    /** {@code perf.useToolchain}, {@code scenarios} and {@code perf.scenarioIncludes}. */
    Measurement jvm(boolean toolchain, List<ScenarioDefinition> configured, String includes) {
        this.useToolchain = toolchain;
        this.scenarios = configured == null ? new ArrayList<>() : configured;
        this.scenarioIncludes = includes;
        return this;
    }

    /** {@code perf.profile}, {@code perf.profiler} and {@code perf.asyncProfilerVersion}. */
    Measurement profiling(String mode, String choice, String version) {
        this.profile = mode;
        this.profiler = choice;
        this.asyncProfilerVersion = version;
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
    Measurement limits(Limits gate) {
        this.limits = gate;
        return this;
    }

    Path outputDirectory() {
        return outputDirectory;
    }

    boolean useToolchain() {
        return useToolchain;
    }

    String scenarioIncludes() {
        return scenarioIncludes;
    }

    /** True when the POM configures scenarios (selected or not). */
    boolean hasScenarios() {
        return !scenarios.isEmpty();
    }

    /** The configured scenarios that {@code perf.scenarioIncludes} selects, checked. */
    List<ScenarioDefinition> selectedScenarios() throws MojoExecutionException {
        try {
            return ScenarioSelection.select(scenarios, scenarioIncludes, goal.perfLog());
        } catch (RunFailedException e) {
            throw new MojoExecutionException(e.getMessage(), e);
        }
    }

    /** The shard this build runs ({@code perf.shard}, else the CI's variables), or null for the whole suite. */
    Shard shard() throws MojoExecutionException {
        try {
            Shard resolved = Shard.resolve(shard, System.getenv()).orElse(null);
            if (resolved != null && (shard == null || shard.trim().isEmpty())) {
                goal.getLog().info("Running shard " + resolved + " of the suite, from " + Shard.CI_NODE_INDEX
                        + " and " + Shard.CI_NODE_TOTAL + " (-D" + PerfProperties.SHARD + "=K/N sets it yourself)");
            }
            return resolved;
        } catch (ShardException e) {
            throw new MojoExecutionException(e.getMessage(), e);
        }
    }

    /** {@code perf.budget}, or null for no limit. */
    Duration budget() throws MojoExecutionException {
        try {
            return Budget.parse(budget);
        } catch (ShardException e) {
            throw new MojoExecutionException(e.getMessage(), e);
        }
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
        try {
            return jmh.get().calibratedForks(calibratedForks()).steadyWarmup(SteadyWarmup.turnedOnBy(forkPlan))
                    .build();
        } catch (InvalidOptionException e) {
            throw new MojoExecutionException(e.getMessage(), e);
        }
    }

    /** {@code perf.forkPlan} as given: fixed, calibrated or auto. */
    CalibratedForks.Mode forkPlanMode() throws MojoExecutionException {
        try {
            return CalibratedForks.mode(forkPlan);
        } catch (InvalidOptionException e) {
            throw new MojoExecutionException(e.getMessage(), e);
        }
    }

    /**
     * {@code perf.forkPlan}: the baseline's calibrated plans, or none for {@code fixed} (and for {@code auto} when
     * the baseline holds no calibration: the first rounds then plan in perf:compare).
     */
    private CalibratedForks calibratedForks() throws InvalidOptionException, MojoExecutionException {
        CalibratedForks.Mode mode = CalibratedForks.mode(forkPlan);
        if (!mode.usesCalibration() || !runsForkPlans) {
            return CalibratedForks.none();
        }
        Calibration calibration = baselineForEstimates().map(PerfResults::calibration).orElse(null);
        if (calibration == null && mode == CalibratedForks.Mode.AUTO) {
            return CalibratedForks.none();
        }
        String shown = goal.display(baseline);
        if (calibration == null && !selectedScenarios().isEmpty()) {
            // scenarios plan from the JVMs the baseline recorded, no calibration needed: a project of scenarios
            // alone has nothing for perf:calibrate to measure
            if (calibratedForks == null) {
                goal.getLog().info(PerfProperties.FORK_PLAN + "=" + PerfProperties.FORK_PLAN_CALIBRATED + ": " + shown
                        + " holds no calibration, so JMH benchmarks run as fixed; the scenarios plan from their"
                        + " recorded JVMs");
                calibratedForks = CalibratedForks.none();
            }
            return calibratedForks;
        }
        if (calibration == null) {
            throw new MojoExecutionException(PerfProperties.FORK_PLAN + "=" + PerfProperties.FORK_PLAN_CALIBRATED
                    + ", but " + shown + " holds no calibration: run perf:calibrate -D"
                    + PerfProperties.CALIBRATE_SAVE + "=true first, or use -D" + PerfProperties.FORK_PLAN + "="
                    + PerfProperties.FORK_PLAN_AUTO + " (plans from the first rounds in perf:compare)");
        }
        if (calibratedForks == null) {
            calibratedForks = CalibratedForks.of(calibration, shown);
            calibratedForks.lines(mode).forEach(goal.getLog()::info);
        }
        return calibratedForks;
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
                withJUnitPlatformLauncher(new ArrayList<>(), selected), goal.perfLog(), scenarioTimes(selected));
    }

    /**
     * The selected scenarios as they run: under {@code perf.forkPlan} other than {@code fixed}, with the warm JVMs,
     * runs per JVM and warm-up runs their plans choose from the warm JVMs the baseline recorded, where the POM does
     * not set them (one log line each); perf:calibrate measures them as configured.
     */
    List<ScenarioDefinition> plannedScenarios() throws MojoExecutionException {
        if (plannedScenarios == null) {
            List<ScenarioDefinition> selected = selectedScenarios();
            String plan = forkPlan == null ? "" : forkPlan.trim().toLowerCase(Locale.ROOT);
            if (selected.isEmpty() || !runsForkPlans || plan.isEmpty()
                    || PerfProperties.FORK_PLAN_FIXED.equals(plan)) {
                plannedScenarios = selected;
            } else {
                GateSettings gate = limits.get();
                plannedScenarios = baselineForEstimates()
                        .map(results -> ScenarioPlans.recordedIn(results, goal.display(baseline)))
                        .orElseGet(ScenarioPlans::none)
                        .apply(selected, key -> gate.forBenchmark(key).median(), goal.getLog()::info);
            }
        }
        return plannedScenarios;
    }

    /**
     * What the JVMs of {@code selected} took as the baseline recorded them; guessed where it holds none (and nothing
     * is read when there are no scenarios). Only the baseline: it is committed, so every CI agent reads the same
     * times and computes the same shards, where a results file left in {@code target/} by an earlier shard would
     * split the suite differently on the next.
     */
    ScenarioTimes scenarioTimes(List<ScenarioDefinition> selected) {
        return selected.isEmpty() ? ScenarioTimes.guessed() : baselineForEstimates()
                .map(results -> ScenarioTimes.recordedIn(results, goal.display(baseline)))
                .orElseGet(ScenarioTimes::guessed);
    }

    /**
     * What the benchmarks' forks took as the baseline recorded them, for {@code perf.shard} and {@code perf.budget}
     * (and nothing is read without them). Only the baseline, for the reason {@link #scenarioTimes} gives.
     */
    ForkTimes forkTimes() throws MojoExecutionException {
        if (shard() == null && budget() == null) {
            return ForkTimes.none();
        }
        return baselineForEstimates().map(results -> ForkTimes.recordedIn(results, goal.display(baseline)))
                .orElseGet(ForkTimes::none);
    }

    /**
     * The baseline, read once for estimates (scenario and fork times, the stored calibration); empty when there is
     * none, and empty with a warning naming it when it does not read: an estimate must not stop a goal that does not
     * judge against it (perf:check names a damaged baseline where it does).
     */
    Optional<PerfResults> baselineForEstimates() {
        if (baselineForEstimates == null) {
            baselineForEstimates = ResultsJson.readForEstimates(baseline, problem -> goal.perfLog().warn("What "
                    + goal.display(baseline) + " recorded is not used to estimate this run (each scenario JVM"
                    + " counts as " + ScenarioTimes.GUESSED_JVM.toMinutes() + " min, each benchmark as its plan"
                    + " says, and adaptive rounds follow their own noise): " + problem));
        }
        return baselineForEstimates;
    }

    /**
     * The between-fork noise perf:calibrate stored in the baseline, which adaptive stopping sizes the rounds with;
     * null without adaptive stopping or a stored calibration (a baseline that does not read is passed over with a
     * warning: the comparison does not judge against it).
     */
    Calibration storedCalibration(boolean adaptive) {
        if (!adaptive) {
            return null;
        }
        Calibration calibration = baselineForEstimates().map(PerfResults::calibration).orElse(null);
        if (calibration != null) {
            goal.getLog().info("Rounds sized with the between-fork noise perf:calibrate stored in "
                    + goal.display(baseline) + " (measured " + calibration.measuredAt() + ", "
                    + calibration.benchmarks().size() + (calibration.benchmarks().size() == 1 ? " benchmark"
                    : " benchmarks") + "), pooled with the noise of each benchmark's own rounds");
        }
        return calibration;
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

    /** {@code perf.profile}, checked. */
    ProfileMode profileMode() throws MojoExecutionException {
        try {
            return SettingParser.choice(PerfProperties.PROFILE, profile, ProfileMode.class);
        } catch (InvalidSettingException e) {
            throw PerfGoal.badSetting(e);
        }
    }

    /** The profiling asked for, with the profiler's artifacts resolved; checked before anything is measured. */
    ProfilerSetup profilerSetup() throws MojoExecutionException {
        return profilerSetup(profileMode());
    }

    /** The profiler asked for, resolved for {@code mode} whatever {@code perf.profile} says (perf:profile). */
    ProfilerSetup profilerSetup(ProfileMode mode) throws MojoExecutionException {
        ProfilerChoice choice;
        try {
            choice = SettingParser.choice(PerfProperties.PROFILER, profiler, ProfilerChoice.class);
        } catch (InvalidSettingException e) {
            throw PerfGoal.badSetting(e);
        }
        return ProfilerArtifacts.setup(mode, choice, asyncProfilerVersion.trim(), outputDirectory.resolve("tools"),
                java(), project, repositorySystem, goal.session().getRepositorySession());
    }

    /**
     * Profiles {@code targets} in the working tree only, one extra fork each, into {@code <outputDirectory>/profiles}
     * (cleared of an earlier run's profiles first), each attributed against its profile in {@code stored} where
     * there is one.
     *
     * @return the profiler, with what it recorded; null when nothing was profiled
     */
    ComparisonProfiler profileWorkingTree(List<ProfileTarget> targets, ProfilerSetup setup, BaselineProfiles stored)
            throws MojoExecutionException {
        Path directory = outputDirectory.resolve(MethodologyWriter.PROFILES_DIRECTORY);
        try {
            ComparisonProfiler.clearStale(directory);
        } catch (IOException e) {
            throw new MojoExecutionException("Cannot clear old profiles in " + goal.display(directory) + ": "
                    + e.getMessage(), e);
        }
        if (targets.isEmpty()) {
            return null;
        }
        BenchmarkLauncher launcher = roundLauncher("profile-forks", "", true);
        try {
            launcher.discover(testClasspath(), "working tree");
        } catch (CompareException e) {
            goal.getLog().warn("Profiling skipped: " + e.getMessage() + ".");
            return null;
        }
        ComparisonProfiler profilerRun = new ComparisonProfiler(launcher, setup, goal.perfLog());
        profilerRun.profile(targets, null, testClasspath(), directory, 0, stored);
        return profilerRun;
    }
}
