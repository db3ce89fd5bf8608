package io.perfgate.maven;

import io.perfgate.baseline.StoredBaseline;
import io.perfgate.config.PerfProperties;
import io.perfgate.forkprofile.ComparisonProfiler;
import io.perfgate.forkprofile.ProfileTarget;
import io.perfgate.gate.GateSettings;
import io.perfgate.gate.InvalidSettingException;
import io.perfgate.gate.SettingParser;
import io.perfgate.interleaved.BenchmarkLauncher;
import io.perfgate.interleaved.JmhLauncher;
import io.perfgate.interleaved.SuiteLauncher;
import io.perfgate.jmh.CalibratedForks;
import io.perfgate.jmh.ForkTimes;
import io.perfgate.jmh.InvalidOptionException;
import io.perfgate.jmh.JmhOptions;
import io.perfgate.jmh.SteadyWarmup;
import io.perfgate.profile.BaselineProfiles;
import io.perfgate.profile.ProfileMode;
import io.perfgate.profile.ProfilerChoice;
import io.perfgate.profile.ProfilerSetup;
import io.perfgate.report.MethodologyWriter;
import io.perfgate.results.Calibration;
import io.perfgate.results.PerfResults;
import io.perfgate.results.ResultsJson;
import io.perfgate.scenariorunner.ScenarioDefinition;
import io.perfgate.scenariorunner.ScenarioLaunchSettings;
import io.perfgate.scenariorunner.ScenarioPlans;
import io.perfgate.scenariorunner.ScenarioTimes;
import io.perfgate.workspace.CheckoutPaths;
import io.perfgate.workspace.CompareException;
import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.toolchain.ToolchainManager;
import org.eclipse.aether.RepositorySystem;

/**
 * The goals that launch JMH (perf:run and perf:baseline, perf:compare, perf:calibrate, perf:profile): the options
 * that shape a run, with the same properties and meaning in each, turned into one {@link JmhOptions}, and the
 * profiler that records extra forks. JMH's fork count is not here: perf:run has {@code forks}, and perf:compare
 * and perf:calibrate schedule single forks in rounds.
 */
abstract class AbstractJmhMojo extends AbstractMeasuringMojo {
    /**
     * Where the reports go ({@code report.json}, {@code report.md}, {@code TEST-perf.xml}, {@code report.html})
     * and the profiles ({@code profiles/<benchmark>/}); in a comparison also both sides' results, and the base is
     * checked out and built below it (and removed). perf:run writes its results to {@code perf.results}.
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.OUTPUT_DIRECTORY, defaultValue = PerfProperties.DEFAULT_OUTPUT_DIRECTORY)
    protected File outputDirectory;

    /**
     * The baseline: a results file recorded by {@code perf:baseline} and committed with the module. perf:baseline
     * writes it, perf:check judges against it, perf:calibrate saves its calibration into it. Every goal that
     * measures reads the fork and scenario times it recorded, to weigh benchmarks and scenarios for
     * {@code perf.shard} and {@code perf.budget}; a benchmark it does not hold weighs its plan, a scenario one minute
     * per JVM. perf:compare (and perf:check with {@code perf.against}) also reads the noise perf:calibrate stored in
     * it, to size adaptive rounds.
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.BASELINE, defaultValue = PerfProperties.DEFAULT_BASELINE)
    protected File baseline;
    /** The calibrated fork plans, once read and logged. */
    private CalibratedForks calibratedForks;
    /** {@link #plannedScenarios()}, once planned (and its lines logged). */
    private List<ScenarioDefinition> plannedScenarios;
    /** {@link #baselineForEstimates()}, once read. */
    private Optional<PerfResults> baselineForEstimates;

    /**
     * Benchmarks to run: comma-separated regular expressions, each searched for in the full benchmark name
     * ({@code com.acme.StringBench.concat}) as JMH does, so {@code StringBench} selects every benchmark of that
     * class. The default {@code .*} runs all. When nothing matches, the build stops and lists the benchmarks.
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.INCLUDES, defaultValue = PerfProperties.DEFAULT_INCLUDES)
    private String includes;

    /**
     * Benchmarks not to run: comma-separated regular expressions found in the full name; they win over
     * {@code includes}. {@code none}: exclude nothing.
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.EXCLUDES, defaultValue = PerfProperties.DEFAULT_NONE)
    private String excludes;

    /**
     * Warmup iterations per fork (JMH {@code -wi}), 0 or more. {@code auto}: the benchmark's {@code @Warmup},
     * else 3.
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.WARMUP_ITERATIONS, defaultValue = PerfProperties.DEFAULT_AUTO)
    private String warmupIterations;

    /**
     * Length of a warmup iteration (JMH {@code -w}), as JMH writes times: {@code 1 s}, {@code 1s},
     * {@code 500ms}, {@code 2min}. {@code auto}: the benchmark's {@code @Warmup}, else 1 s.
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.WARMUP_TIME, defaultValue = PerfProperties.DEFAULT_AUTO)
    private String warmupTime;

    /**
     * Measurement iterations per fork (JMH {@code -i}), at least 1; the gate summarises each fork by their
     * median. {@code auto}: the benchmark's {@code @Measurement}, else 5.
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.MEASUREMENT_ITERATIONS, defaultValue = PerfProperties.DEFAULT_AUTO)
    private String measurementIterations;

    /**
     * Length of a measurement iteration (JMH {@code -r}): {@code 1 s}, {@code 1s}, {@code 500ms}.
     * {@code auto}: the benchmark's {@code @Measurement}, else 1 s.
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.MEASUREMENT_TIME, defaultValue = PerfProperties.DEFAULT_AUTO)
    private String measurementTime;

    /**
     * Benchmark modes (JMH {@code -bm}), comma-separated: {@code thrpt}, {@code avgt}, {@code sample}
     * (latency percentiles per fork), {@code ss}, {@code all}. {@code auto}: the benchmark's
     * {@code @BenchmarkMode}, else JMH's throughput.
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.MODE, defaultValue = PerfProperties.DEFAULT_AUTO)
    private String mode;

    /**
     * Time unit of the scores (JMH {@code -tu}): {@code ns}, {@code us}, {@code ms}, {@code s}, {@code m},
     * {@code h}. {@code auto}: the benchmark's {@code @OutputTimeUnit}, else JMH's seconds.
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.TIME_UNIT, defaultValue = PerfProperties.DEFAULT_AUTO)
    private String timeUnit;

    /**
     * Benchmark threads (JMH {@code -t}), a whole number or {@code max}. {@code auto}: the benchmark's
     * {@code @Threads}, else 1.
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.THREADS, defaultValue = PerfProperties.DEFAULT_AUTO)
    private String threads;

    /**
     * Values for {@code @Param} fields, replacing those of the annotation (JMH {@code -p}):
     * {@code name=value,value;name=value}, e.g. {@code -Dperf.params=size=10,1000;type=array}. Each name must be
     * declared by a selected benchmark. {@code none}: the annotations' values.
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.PARAMS, defaultValue = PerfProperties.DEFAULT_NONE)
    private String params;

    /**
     * Arguments for the benchmark JVMs, separated by spaces (quote one that holds spaces), appended after those of
     * the benchmark's {@code @Fork(jvmArgs...)} (JMH {@code -jvmArgsAppend}), e.g.
     * {@code -Dperf.jvmArgs="-Xmx1g -XX:+UseParallelGC"}. {@code none}: nothing added.
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.JVM_ARGS, defaultValue = PerfProperties.DEFAULT_NONE)
    private String jvmArgs;

    /**
     * JMH profilers (JMH {@code -prof}), comma-separated, each {@code name} or {@code name:options}. The default
     * {@code gc} records allocation per operation ({@code gc.alloc.rate.norm}), which the gate checks;
     * {@code none} turns profiling off.
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.PROFILERS, defaultValue = PerfProperties.DEFAULT_PROFILERS)
    private String profilers;

    /**
     * The longest one fork (one benchmark JVM) may run before it is stopped with all its JVMs: {@code 90s},
     * {@code 20min}; the same meaning in every goal. In perf:run the build fails; in a comparison the benchmark is
     * not run any more and the build fails once the others are judged. The message names the fork, how long it had
     * run and this limit. {@code auto}: twice the time one fork should take with its options, plus 5 minutes.
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.TIMEOUT, defaultValue = PerfProperties.DEFAULT_AUTO)
    private String timeout;

    /**
     * Further JMH command-line arguments, passed as they are after all others, e.g. {@code -Dperf.jmhArgs="-wf 1
     * -gc true"}. Options that have a property of their own ({@code -f}, {@code -i}, {@code -p}, {@code -prof},
     * ...) and those the plugin controls ({@code -rf}, {@code -rff}, {@code -o}) are refused. {@code none}:
     * nothing.
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.JMH_ARGS, defaultValue = PerfProperties.DEFAULT_NONE)
    private String jmhArgs;

    /**
     * Which benchmarks get profiled after the measurement: {@code regressions} (those that FAIL or WARN in
     * perf:check or perf:compare; nothing in perf:run and perf:baseline, which judge nothing), {@code all}, or
     * {@code none}. Each gets one extra fork per side, never one of the forks judged; profiling never changes a
     * verdict or fails the build. perf:baseline with {@code all} stores the profiles beside the baseline
     * ({@code baseline-profiles.json}), and perf:check then attributes a slowdown before and after. perf:profile
     * profiles its whole selection whatever this says; perf:calibrate does not profile.
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.PROFILE, defaultValue = PerfProperties.DEFAULT_PROFILE)
    private String profile;

    /**
     * The profiler: {@code auto} (async-profiler where it loads, else the JDK's Flight Recorder), {@code async}
     * (async-profiler or nothing) or {@code jfr}.
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.PROFILER, defaultValue = PerfProperties.DEFAULT_PROFILER)
    private String profiler;

    /**
     * The version of {@code tools.profiler:async-profiler} and {@code tools.profiler:jfr-converter} resolved from
     * the plugin repositories (Maven Central).
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.ASYNC_PROFILER_VERSION,
            defaultValue = PerfProperties.DEFAULT_ASYNC_PROFILER_VERSION)
    private String asyncProfilerVersion;

    /**
     * Where each benchmark's forks and measurement iterations come from: {@code fixed} (the settings above) or
     * {@code calibrated}: the plan perf:calibrate chose from the benchmark's between- and within-fork noise and
     * saved in the baseline ({@code perf.calibrate.save=true}), the fewest forks and shortest forks that catch
     * 1.5 x the limit with 80 % power. It applies to the benchmarks the calibration covers where you set neither
     * {@code perf.forks} nor {@code perf.measurementIterations} and the measurement time is the calibrated one; the
     * others run as fixed. In perf:compare the adaptive rounds still decide the forks, the plan the iterations.
     * perf:calibrate itself always measures the fixed settings. Or {@code auto}: that plan where one is saved, else
     * in perf:compare short forks (6 measurement iterations of 250 ms on both sides) for the first 5 rounds and
     * then a plan from their noise. Every value but {@code fixed} also ends warm-up at steady state in perf:compare and
     * perf:calibrate (learned from both sides' earlier forks, never longer than the fixed warm-up) and plans each
     * scenario's warm JVMs and runs per JVM from the JVMs the baseline recorded.
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.FORK_PLAN, defaultValue = PerfProperties.DEFAULT_FORK_PLAN)
    private String forkPlan;

    protected AbstractJmhMojo(String goal, ToolchainManager toolchainManager,
            RepositorySystem repositorySystem) {
        super(goal, toolchainManager, repositorySystem);
    }

    /** JMH's fork count ({@code -f}); null where the goal schedules single forks itself. */
    protected String jmhForks() {
        return null;
    }

    /** The JMH options of the parameters above (and {@link #jmhForks()}), checked. */
    protected final JmhOptions jmhOptions() throws MojoExecutionException {
        try {
            return JmhOptions.builder().includes(includes).excludes(excludes).forks(jmhForks())
                    .warmupIterations(warmupIterations).warmupTime(warmupTime)
                    .measurementIterations(measurementIterations).measurementTime(measurementTime).mode(mode)
                    .timeUnit(timeUnit).threads(threads).params(params).jvmArgs(jvmArgs).profilers(profilers)
                    .timeout(timeout).jmhArgs(jmhArgs).calibratedForks(calibratedForks())
                    .steadyWarmup(SteadyWarmup.turnedOnBy(forkPlan)).build();
        } catch (InvalidOptionException e) {
            throw new MojoExecutionException(e.getMessage(), e);
        }
    }

    /** Whether this goal runs the calibrated fork plans when asked; perf:calibrate measures the fixed settings. */
    protected boolean runsForkPlans() {
        return true;
    }

    /** {@code perf.forkPlan} as given: fixed, calibrated or auto. */
    protected final CalibratedForks.Mode forkPlanMode() throws MojoExecutionException {
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
        if (!mode.usesCalibration() || !runsForkPlans()) {
            return CalibratedForks.none();
        }
        Calibration calibration = baselineForEstimates().map(PerfResults::calibration).orElse(null);
        if (calibration == null && mode == CalibratedForks.Mode.AUTO) {
            return CalibratedForks.none();
        }
        if (calibration == null && !selectedScenarios().isEmpty()) {
            // scenarios plan from the JVMs the baseline recorded, no calibration needed: a project of scenarios
            // alone has nothing for perf:calibrate to measure
            if (calibratedForks == null) {
                getLog().info(PerfProperties.FORK_PLAN + "=" + PerfProperties.FORK_PLAN_CALIBRATED + ": "
                        + display(baseline.toPath()) + " holds no calibration, so JMH benchmarks run as fixed; the"
                        + " scenarios plan from their recorded JVMs");
                calibratedForks = CalibratedForks.none();
            }
            return calibratedForks;
        }
        if (calibration == null) {
            throw new MojoExecutionException(PerfProperties.FORK_PLAN + "=" + PerfProperties.FORK_PLAN_CALIBRATED
                    + ", but " + display(baseline.toPath()) + " holds no calibration: run perf:calibrate -D"
                    + PerfProperties.CALIBRATE_SAVE + "=true first, or use -D" + PerfProperties.FORK_PLAN + "="
                    + PerfProperties.FORK_PLAN_AUTO + " (plans from the first rounds in perf:compare)");
        }
        if (calibratedForks == null) {
            calibratedForks = CalibratedForks.of(calibration, display(baseline.toPath()));
            calibratedForks.lines(mode).forEach(getLog()::info);
        }
        return calibratedForks;
    }

    /**
     * What runs one fork of the rounds: JMH with this goal's options in the benchmark JVM, its files under
     * {@code <outputDirectory>/<workDirectory>}; with {@code scenarios}, also one cold and one warm JVM per round of
     * each selected scenario (their files under {@code compare-scenarios}).
     */
    protected final BenchmarkLauncher roundLauncher(String workDirectory, String command, boolean scenarios)
            throws MojoExecutionException {
        Path java = java();
        JmhLauncher jmh = new JmhLauncher(jmhOptions(), java, outputDirectory.toPath().resolve(workDirectory))
                .describing(project.getBasedir().toPath(), session.getSystemProperties().getProperty("maven.version"),
                        PluginVersion.get(), command)
                .weighedBy(forkTimes()).loggingTo(perfLog());
        List<ScenarioDefinition> selected = scenarios ? plannedScenarios() : new ArrayList<>();
        if (selected.isEmpty()) {
            return jmh;
        }
        return new SuiteLauncher(jmh, selected, ScenarioLaunchSettings.javaHomeOf(java),
                project.getBasedir().toPath(), outputDirectory.toPath().resolve("compare-scenarios"),
                withJUnitPlatformLauncher(new ArrayList<>(), selected), perfLog(),
                scenarioTimes(selected));
    }

    /**
     * The selected scenarios as they run: under {@code perf.forkPlan} other than {@code fixed}, with the warm JVMs,
     * runs per JVM and warm-up runs their plans choose from the warm JVMs the baseline recorded, where the POM does
     * not set them (one log line each); perf:calibrate measures them as configured.
     */
    protected final List<ScenarioDefinition> plannedScenarios() throws MojoExecutionException {
        if (plannedScenarios == null) {
            List<ScenarioDefinition> selected = selectedScenarios();
            String plan = forkPlan == null ? "" : forkPlan.trim().toLowerCase(Locale.ROOT);
            if (selected.isEmpty() || !runsForkPlans() || plan.isEmpty()
                    || PerfProperties.FORK_PLAN_FIXED.equals(plan)) {
                plannedScenarios = selected;
            } else {
                GateSettings limits = planningSettings();
                plannedScenarios = baselineForEstimates()
                        .map(results -> ScenarioPlans.recordedIn(results, display(baseline.toPath())))
                        .orElseGet(ScenarioPlans::none)
                        .apply(selected, key -> limits.forBenchmark(key).median(), getLog()::info);
            }
        }
        return plannedScenarios;
    }

    /** The limits the scenario plans are sized for: the gate's defaults where the goal sets none. */
    protected GateSettings planningSettings() throws MojoExecutionException {
        return GateSettings.defaults();
    }

    /**
     * What the JVMs of {@code scenarios} took as the baseline recorded them; guessed where it holds none (and
     * nothing is read when there are no scenarios). Only the baseline: it is committed, so every CI agent reads the
     * same times and computes the same shards, where a results file left in {@code target/} by an earlier shard
     * would split the suite differently on the next.
     */
    protected final ScenarioTimes scenarioTimes(List<ScenarioDefinition> scenarios) {
        return scenarios.isEmpty() ? ScenarioTimes.guessed() : baselineForEstimates()
                .map(results -> ScenarioTimes.recordedIn(results, display(baseline.toPath())))
                .orElseGet(ScenarioTimes::guessed);
    }

    /**
     * What the benchmarks' forks took as the baseline recorded them, for {@code perf.shard} and {@code perf.budget}
     * (and nothing is read without them). Only the baseline, for the reason {@link #scenarioTimes} gives.
     */
    protected final ForkTimes forkTimes() throws MojoExecutionException {
        if (shard() == null && budget() == null) {
            return ForkTimes.none();
        }
        return baselineForEstimates().map(results -> ForkTimes.recordedIn(results, display(baseline.toPath())))
                .orElseGet(ForkTimes::none);
    }

    /**
     * The baseline, read once for estimates (scenario and fork times, the stored calibration); empty when there is
     * none, and empty with a warning naming it when it does not read: an estimate must not stop a goal that does not
     * judge against it (perf:check names a damaged baseline where it does).
     */
    protected final Optional<PerfResults> baselineForEstimates() {
        if (baselineForEstimates == null) {
            Path file = baseline.toPath();
            baselineForEstimates = ResultsJson.readForEstimates(file, problem -> perfLog().warn("What "
                    + display(file) + " recorded is not used to estimate this run (each scenario JVM counts as "
                    + ScenarioTimes.GUESSED_JVM.toMinutes() + " min, each benchmark as its plan says, and adaptive"
                    + " rounds follow their own noise): " + problem));
        }
        return baselineForEstimates;
    }

    /** The baseline file as perf:check, perf:baseline and perf:calibrate share it. */
    protected final StoredBaseline storedBaseline() {
        return new StoredBaseline(baseline.toPath(), projectRoot(), this::display, perfLog());
    }

    /** Where a base checkout of this module goes and what its build must produce (perf.against). */
    protected final CheckoutPaths checkoutPaths() {
        Path basedir = project.getBasedir().toPath().toAbsolutePath();
        Path root = session.getTopLevelProject() != null ? session.getTopLevelProject().getBasedir().toPath()
                : basedir;
        return new CheckoutPaths(basedir, root.toAbsolutePath(), outputDirectory.toPath().toAbsolutePath(),
                basedir.relativize(Paths.get(project.getBuild().getTestOutputDirectory()).toAbsolutePath()),
                basedir.relativize(Paths.get(project.getBuild().getOutputDirectory()).toAbsolutePath()));
    }

    /** {@code perf.profile}, checked. */
    protected final ProfileMode profileMode() throws MojoExecutionException {
        try {
            return SettingParser.choice(PerfProperties.PROFILE, profile, ProfileMode.class);
        } catch (InvalidSettingException e) {
            throw new MojoExecutionException(e.getMessage(), e);
        }
    }

    /** The profiling asked for, with the profiler's artifacts resolved; checked before anything is measured. */
    protected final ProfilerSetup profilerSetup() throws MojoExecutionException {
        return profilerSetup(profileMode());
    }

    /** The profiler asked for, resolved for {@code mode} whatever {@code perf.profile} says (perf:profile). */
    protected final ProfilerSetup profilerSetup(ProfileMode mode) throws MojoExecutionException {
        ProfilerChoice choice;
        try {
            choice = SettingParser.choice(PerfProperties.PROFILER, profiler, ProfilerChoice.class);
        } catch (InvalidSettingException e) {
            throw new MojoExecutionException(e.getMessage(), e);
        }
        return ProfilerArtifacts.setup(mode, choice, asyncProfilerVersion.trim(), outputDirectory.toPath()
                .resolve("tools"), java(), project,
                repositorySystem(), session.getRepositorySession());
    }

    /** Where every goal writes its profiles: {@code <outputDirectory>/profiles}. */
    protected final Path profilesDirectory() {
        return outputDirectory.toPath().resolve(MethodologyWriter.PROFILES_DIRECTORY);
    }

    /**
     * Profiles {@code targets} in the working tree only, one extra fork each, into {@link #profilesDirectory()}
     * (cleared of an earlier run's profiles first), each attributed against its profile in {@code stored} where
     * there is one.
     *
     * @return the profiler, with what it recorded; null when nothing was profiled
     */
    protected final ComparisonProfiler profileWorkingTree(List<ProfileTarget> targets, ProfilerSetup setup,
            BaselineProfiles stored) throws MojoExecutionException {
        Path directory = profilesDirectory();
        try {
            ComparisonProfiler.clearStale(directory);
        } catch (IOException e) {
            throw new MojoExecutionException("Cannot clear old profiles in " + display(directory) + ": "
                    + e.getMessage(), e);
        }
        if (targets.isEmpty()) {
            return null;
        }
        BenchmarkLauncher launcher = roundLauncher("profile-forks", "", true);
        try {
            launcher.discover(testClasspath(), "working tree");
        } catch (CompareException e) {
            getLog().warn("Profiling skipped: " + e.getMessage() + ".");
            return null;
        }
        ComparisonProfiler profiler = new ComparisonProfiler(launcher, setup, perfLog());
        profiler.profile(targets, null, testClasspath(), directory, 0, stored);
        return profiler;
    }
}
