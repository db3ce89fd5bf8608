package io.perfgate.maven;

import io.perfgate.config.PerfProperties;
import io.perfgate.gate.GateSettings;
import io.perfgate.jmh.JmhOptions;
import io.perfgate.scenariorunner.ScenarioDefinition;
import java.io.File;
import java.util.ArrayList;
import java.util.List;
import org.apache.maven.execution.MavenSession;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugin.descriptor.PluginDescriptor;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.project.MavenProject;
import org.apache.maven.toolchain.ToolchainManager;
import org.eclipse.aether.RepositorySystem;

/**
 * The base of the goals that launch JMH (perf:run and perf:baseline, perf:profile, and through
 * {@link AbstractGateMojo} perf:calibrate, perf:compare, perf:check and perf:trend, whose confirmation measures side by
 * side): the skip switch, the JVM and classpath the benchmarks run with, the scenarios, the options that shape a JMH
 * run (the same properties and meaning in each, turned into one {@link JmhOptions}) and the profiler. It is a root of
 * its own beside {@link AbstractPerfMojo}, sharing {@link PerfGoal} with it, so that perf:check and perf:compare can
 * share one class of comparison parameters within three base classes. JMH's fork count is not here: perf:run has
 * {@code forks}, and the goals of interleaved rounds schedule single forks. Nor is the part of the suite a build
 * measures ({@code perf.shard}, {@code perf.budget}): perf:run and perf:compare declare it, see
 * {@link #partOfSuite}.
 */
abstract class AbstractJmhMojo extends AbstractMojo implements PerfGoal {
    /**
     * Skips the goal; the reason is logged. perf:report also leaves its page out of the site.
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.SKIP, defaultValue = PerfProperties.DEFAULT_FALSE)
    private String skip;

    @Parameter(defaultValue = "${project}", readonly = true, required = true)
    protected MavenProject project;

    @Parameter(defaultValue = "${session}", readonly = true, required = true)
    protected MavenSession session;

    @Parameter(defaultValue = "${plugin}", readonly = true, required = true)
    protected PluginDescriptor plugin;

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
     * per JVM. perf:compare (and perf:check with {@code perf.against}, and perf:trend's side by side rounds) also
     * reads the noise perf:calibrate stored in it, to size adaptive rounds.
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.BASELINE, defaultValue = PerfProperties.DEFAULT_BASELINE)
    protected File baseline;
    /**
     * Runs the benchmarks with the JDK of the build's toolchain (maven-toolchains-plugin) when one is set;
     * otherwise, or when {@code false}, with the JVM that runs Maven.
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.USE_TOOLCHAIN, defaultValue = PerfProperties.DEFAULT_TRUE)
    private String useToolchain;

    /**
     * End-to-end scenarios to measure after the JMH benchmarks (in perf:run, and in the interleaved rounds of a
     * comparison; perf:calibrate leaves them out): classes of the test sources that implement
     * {@code io.perfgate.scenario.Scenario} (artifact {@code io.perfgate:perf-scenario-api}, test scope), or
     * existing JUnit 4 or 5 tests ({@code <test>com.acme.FooTest#testMethod</test>}, class set-up not timed). Each
     * runs in fresh JVMs ({@code coldRuns}, one run each) and in {@code warmJvms} warm JVMs ({@code warmupRuns}
     * discarded, then {@code warmRuns}; each JVM one observation, the median of its runs), with the test
     * classpath. Their runs go into {@code results.json} as benchmarks of kind {@code scenario} with params
     * {@code runs=cold} and {@code runs=warm}, judged by the same gate. A project with scenarios needs no JMH
     * benchmark. The "End-to-end scenarios" page shows every field with its default. There is no user property:
     * select configured scenarios with {@code perf.scenarioIncludes}.
     *
     * The same page says what is measured and how it is gated.
     *
     * @since 0.1.0
     */
    @Parameter
    private List<ScenarioDefinition> scenarios = new ArrayList<>();

    /**
     * Which of the configured {@code scenarios} run: comma-separated regular expressions, each searched for in the
     * scenario's id, e.g. {@code -Dperf.scenarioIncludes=wordcount}. The default {@code .*} runs all;
     * {@code none} runs none (only the JMH benchmarks).
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.SCENARIO_INCLUDES, defaultValue = PerfProperties.DEFAULT_SCENARIO_INCLUDES)
    private String scenarioIncludes;

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
     * Where each benchmark's forks and measurement iterations come from. {@code auto} (the default): the plan
     * perf:calibrate saved in the baseline where there is one, else in perf:compare short forks (6 measurement
     * iterations of 250 ms on both sides, or the length the newest {@code perf.history} run asks for) for the first 5
     * rounds, then a plan from their noise; perf:run, perf:baseline and perf:check without a saved plan run the fixed
     * settings. {@code fixed}: the settings above, or the benchmark's own annotations, everywhere; use it to quote
     * the size of a change (the report says so where the short forks' noise disagrees with the benchmark's own).
     * {@code calibrated}: only the plan perf:calibrate chose from the benchmark's between- and within-fork noise and
     * saved in the baseline ({@code perf.calibrate.save=true}), the fewest and shortest forks that catch 1.5 x the
     * limit with 80 % power; without a saved plan the build stops. A saved plan applies to the benchmarks it covers
     * where you set neither {@code perf.forks} nor {@code perf.measurementIterations} and the measurement time is the
     * calibrated one. In perf:compare the adaptive rounds still decide the forks, the plan the iterations.
     * perf:calibrate itself always measures the fixed settings. Every value but {@code fixed} also ends warm-up at
     * steady state in perf:compare and perf:calibrate (learned from both sides' earlier forks, never longer than the
     * fixed warm-up) and plans each scenario's warm JVMs and runs per JVM from the JVMs the baseline recorded.
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.FORK_PLAN, defaultValue = PerfProperties.DEFAULT_FORK_PLAN)
    private String forkPlan;

    private final String goal;
    private final ToolchainManager toolchainManager;
    /** Resolves the tools a goal runs besides the project: the JUnit Platform launcher, the profiler. */
    private final RepositorySystem repositorySystem;
    private Measurement measurement;

    protected AbstractJmhMojo(String goal, ToolchainManager toolchainManager, RepositorySystem repositorySystem) {
        this.goal = goal;
        this.toolchainManager = toolchainManager;
        this.repositorySystem = repositorySystem;
    }

    @Override
    public final void execute() throws MojoExecutionException, MojoFailureException {
        runGoal();
    }

    @Override
    public final String goal() {
        return goal;
    }

    @Override
    public final String skipSetting() {
        return skip;
    }

    @Override
    public final MavenProject project() {
        return project;
    }

    @Override
    public final MavenSession session() {
        return session;
    }

    @Override
    public final PluginDescriptor plugin() {
        return plugin;
    }

    /** Besides {@code perf.skip}: the reasons this module has no benchmarks to run. */
    @Override
    public String skipReason() throws MojoExecutionException {
        String reason = skipFlagReason();
        return reason != null ? reason : noBenchmarksReason();
    }

    /** Why this module has no compiled benchmarks, or null. */
    protected final String noBenchmarksReason() {
        if ("pom".equals(project.getPackaging())) {
            return "the project has pom packaging, so no benchmarks";
        }
        if (Boolean.parseBoolean(session.getUserProperties().getProperty("maven.test.skip",
                project.getProperties().getProperty("maven.test.skip", "false")))) {
            return "maven.test.skip=true, so the benchmarks in the test sources were not compiled";
        }
        return null;
    }

    /** JMH's fork count ({@code -f}); null where the goal schedules single forks itself. */
    protected String jmhForks() {
        return null;
    }

    /** Whether this goal runs the calibrated fork plans when asked; perf:calibrate measures the fixed settings. */
    protected boolean runsForkPlans() {
        return true;
    }

    /**
     * The part of the suite this build measures ({@code perf.shard}, {@code perf.budget}), declared by the goals that
     * read them (perf:run, perf:compare); the whole suite, with no time limit, elsewhere.
     */
    protected Measurement partOfSuite(Measurement m) {
        return m;
    }

    /** The limits the scenario plans are sized for: the gate's defaults where the goal sets none. */
    protected GateSettings planningSettings() throws MojoExecutionException {
        return GateSettings.defaults();
    }

    /** The JMH options of the parameters above (and {@link #jmhForks()}), as given: checked when built. */
    private JmhOptions.Builder jmhSettings() {
        return JmhOptions.builder().includes(includes).excludes(excludes).forks(jmhForks())
                .warmupIterations(warmupIterations).warmupTime(warmupTime)
                .measurementIterations(measurementIterations).measurementTime(measurementTime).mode(mode)
                .timeUnit(timeUnit).threads(threads).params(params).jvmArgs(jvmArgs).profilers(profilers)
                .timeout(timeout).jmhArgs(jmhArgs);
    }

    /** What this goal measures with, made once from the parameters above. */
    protected final Measurement measurement() throws MojoExecutionException {
        if (measurement == null) {
            measurement = new Measurement(this, toolchainManager, repositorySystem,
                    outputDirectory == null ? null : outputDirectory.toPath(), baseline == null ? null : baseline.toPath())
                    .jvm(useToolchain(), scenarios, scenarioIncludes)
                    .jmh(this::jmhSettings, forkPlan, runsForkPlans())
                    .limits(this::planningSettings);
            measurement = partOfSuite(measurement);
        }
        return measurement;
    }

    /** The profiler this goal's parameters ask for, resolved and launched with its {@link #measurement()}. */
    protected final Profiling profiler() throws MojoExecutionException {
        return new Profiling(measurement(), this, repositorySystem, profile, profiler, asyncProfilerVersion);
    }

    /**
     * {@code perf.executedCode}'s recording after this goal's measurement ({@code setting}; {@code affected}, read
     * for {@code auto} only), its settings checked now, before anything is measured.
     */
    protected final ExecutedCodeRecording executedCode(String setting, boolean affected)
            throws MojoExecutionException {
        return new ExecutedCodeRecording(this, measurement(), repositorySystem, setting, affected);
    }

    /** {@code perf.useToolchain}, read by the one switch rule. */
    final boolean useToolchain() throws MojoExecutionException {
        return PerfGoal.flag(PerfProperties.USE_TOOLCHAIN, useToolchain, PerfProperties.DEFAULT_TRUE);
    }

    /** The JMH options, checked. */
    protected final JmhOptions jmhOptions() throws MojoExecutionException {
        return measurement().jmhOptions();
    }
}
