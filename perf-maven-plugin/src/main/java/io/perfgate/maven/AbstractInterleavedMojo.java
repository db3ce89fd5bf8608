package io.perfgate.maven;

import io.perfgate.config.PerfProperties;
import io.perfgate.compare.InterleavedSchedule;
import io.perfgate.gate.BenchmarkRule;
import io.perfgate.gate.GateSettings;
import io.perfgate.gate.InvalidSettingException;
import io.perfgate.jmh.InvalidOptionException;
import io.perfgate.jmh.JmhOptions;
import io.perfgate.report.ConsoleReport;
import io.perfgate.gate.GateReport;
import java.io.File;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.maven.artifact.DependencyResolutionRequiredException;
import org.apache.maven.execution.MavenSession;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.descriptor.PluginDescriptor;
import org.apache.maven.plugin.logging.Log;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.project.MavenProject;
import org.apache.maven.toolchain.Toolchain;
import org.apache.maven.toolchain.ToolchainManager;

/**
 * What {@code perf:compare} and {@code perf:calibrate} share: they run single JMH forks in interleaved rounds with
 * perf:run's options (same properties, same meaning) and judge them with perf:check's settings. The parameters
 * repeat those of RunMojo and CheckMojo so each goal's page documents them.
 */
abstract class AbstractInterleavedMojo extends AbstractMojo {
    /**
     * Skips the goal; the reason is logged.
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.SKIP, defaultValue = PerfProperties.DEFAULT_FALSE)
    protected boolean skip;

    /**
     * The seed of the random order of base and candidate forks in each round. Empty: a fresh seed, printed in the
     * log, so any run can be repeated in the same order with {@code -Dperf.seed=<printed value>}.
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.SEED, defaultValue = PerfProperties.DEFAULT_EMPTY)
    protected String seed;

    /**
     * Where results and reports go ({@code base-results.json}, {@code results.json}, {@code report.*},
     * {@code calibration.json}); the base is checked out and built below it and removed afterwards.
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.OUTPUT_DIRECTORY, defaultValue = PerfProperties.DEFAULT_OUTPUT_DIRECTORY)
    protected File outputDirectory;

    // ------------------------------------------------------------------ perf:run's options

    /**
     * Benchmarks to run: comma-separated regular expressions, each searched for in the full benchmark name, as JMH
     * does. The default {@code .*} runs all.
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.INCLUDES, defaultValue = PerfProperties.DEFAULT_INCLUDES)
    protected String includes;

    /**
     * Benchmarks not to run: comma-separated regular expressions found in the full name; they win over
     * {@code includes}. {@code none}: exclude nothing.
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.EXCLUDES, defaultValue = PerfProperties.DEFAULT_NONE)
    protected String excludes;

    /**
     * Warmup iterations per fork (JMH {@code -wi}). {@code auto}: the benchmark's {@code @Warmup}, else 3.
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.WARMUP_ITERATIONS, defaultValue = PerfProperties.DEFAULT_AUTO)
    protected String warmupIterations;

    /**
     * Length of a warmup iteration (JMH {@code -w}): {@code 1 s}, {@code 500ms}. {@code auto}: the benchmark's
     * {@code @Warmup}, else 1 s.
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.WARMUP_TIME, defaultValue = PerfProperties.DEFAULT_AUTO)
    protected String warmupTime;

    /**
     * Measurement iterations per fork (JMH {@code -i}); each fork is summarised by their median. {@code auto}: the
     * benchmark's {@code @Measurement}, else 5.
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.MEASUREMENT_ITERATIONS, defaultValue = PerfProperties.DEFAULT_AUTO)
    protected String measurementIterations;

    /**
     * Length of a measurement iteration (JMH {@code -r}). {@code auto}: the benchmark's {@code @Measurement},
     * else 1 s.
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.MEASUREMENT_TIME, defaultValue = PerfProperties.DEFAULT_AUTO)
    protected String measurementTime;

    /**
     * Benchmark modes (JMH {@code -bm}): {@code thrpt}, {@code avgt}, {@code sample}, {@code ss}, {@code all}.
     * {@code auto}: the benchmark's {@code @BenchmarkMode}, else throughput.
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.MODE, defaultValue = PerfProperties.DEFAULT_AUTO)
    protected String mode;

    /**
     * Time unit of the scores (JMH {@code -tu}). {@code auto}: the benchmark's {@code @OutputTimeUnit}.
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.TIME_UNIT, defaultValue = PerfProperties.DEFAULT_AUTO)
    protected String timeUnit;

    /**
     * Benchmark threads (JMH {@code -t}), a whole number or {@code max}. {@code auto}: the benchmark's
     * {@code @Threads}, else 1.
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.THREADS, defaultValue = PerfProperties.DEFAULT_AUTO)
    protected String threads;

    /**
     * Values for {@code @Param} fields (JMH {@code -p}): {@code name=value,value;name=value}. {@code none}: the
     * annotations' values.
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.PARAMS, defaultValue = PerfProperties.DEFAULT_NONE)
    protected String params;

    /**
     * Arguments for the benchmark JVMs, separated by spaces (JMH {@code -jvmArgsAppend}). {@code none}: nothing.
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.JVM_ARGS, defaultValue = PerfProperties.DEFAULT_NONE)
    protected String jvmArgs;

    /**
     * JMH profilers (JMH {@code -prof}), comma-separated. The default {@code gc} records allocation per operation,
     * which the gate checks; {@code none} turns profiling off.
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.PROFILERS, defaultValue = PerfProperties.DEFAULT_PROFILERS)
    protected String profilers;

    /**
     * The longest one fork may run before it is stopped with all its JVMs: {@code 90s}, {@code 20min}.
     * {@code auto}: twice its expected time plus 5 minutes.
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.TIMEOUT, defaultValue = PerfProperties.DEFAULT_AUTO)
    protected String timeout;

    /**
     * Further JMH arguments, passed after all others. {@code none}: nothing.
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.JMH_ARGS, defaultValue = PerfProperties.DEFAULT_NONE)
    protected String jmhArgs;

    /**
     * Runs the benchmarks with the JDK of the build's toolchain when one is set; otherwise with the JVM running
     * Maven.
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.USE_TOOLCHAIN, defaultValue = PerfProperties.DEFAULT_TRUE)
    protected boolean useToolchain;

    // ------------------------------------------------------------------ perf:check's settings

    /**
     * T_fail of the median: the smallest slowdown that fails the build, a percentage ({@code 10%}).
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.MEDIAN_FAIL, defaultValue = PerfProperties.DEFAULT_MEDIAN_FAIL)
    protected String medianFail;

    /**
     * T_min of the median: the test asks whether the slowdown is larger than this. At most {@code medianFail}.
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.MEDIAN_MIN, defaultValue = PerfProperties.DEFAULT_MEDIAN_MIN)
    protected String medianMin;

    /**
     * T_fail of the p95 (per-fork 95th percentiles, SampleTime mode).
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.P95_FAIL, defaultValue = PerfProperties.DEFAULT_P95_FAIL)
    protected String p95Fail;

    /**
     * T_min of the p95.
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.P95_MIN, defaultValue = PerfProperties.DEFAULT_P95_MIN)
    protected String p95Min;

    /**
     * The one-sided significance level. With adaptive stopping each of the two looks uses half of it.
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.ALPHA, defaultValue = PerfProperties.DEFAULT_ALPHA)
    protected String alpha;

    /**
     * Allocation fails when it grows by more than this percentage or {@code allocBytes}, whichever is larger.
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.ALLOC_PERCENT, defaultValue = PerfProperties.DEFAULT_ALLOC_PERCENT)
    protected String allocPercent;

    /**
     * The byte floor of the allocation tolerance, in bytes per operation.
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.ALLOC_BYTES, defaultValue = PerfProperties.DEFAULT_ALLOC_BYTES)
    protected String allocBytes;

    /**
     * The fewest forks per side that can be judged; adaptive stopping looks first after this many rounds (at
     * least 5).
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.MIN_FORKS, defaultValue = PerfProperties.DEFAULT_MIN_FORKS)
    protected String minForks;

    /**
     * How to account for many comparisons: {@code none}, {@code holm} or {@code bh}.
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.MULTIPLICITY, defaultValue = PerfProperties.DEFAULT_MULTIPLICITY)
    protected String multiplicity;

    /**
     * Fails the build on a regression; {@code false} logs the same verdicts as warnings.
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.FAIL_ON_REGRESSION, defaultValue = PerfProperties.DEFAULT_TRUE)
    protected String failOnRegression;

    /**
     * Report files to write: a comma-separated subset of {@code json}, {@code md}, {@code junit} and {@code html}
     * (report.html, a picture of every benchmark's forks), or {@code none}.
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.REPORT_FORMATS, defaultValue = PerfProperties.DEFAULT_REPORT_FORMATS)
    protected String reportFormats;

    /**
     * Per-benchmark settings, as for perf:check: the first rule whose {@code pattern} is found in the benchmark's
     * name with parameters applies.
     *
     * <pre>{@code
     * <rules>
     *   <rule>
     *     <pattern>ParserBench\.parseLarge</pattern>
     *     <medianFail>20%</medianFail>
     *   </rule>
     * </rules>
     * }</pre>
     *
     * @since 0.1.0
     */
    @Parameter
    protected List<BenchmarkRule> rules = new ArrayList<>();

    @Parameter(defaultValue = "${project}", readonly = true, required = true)
    protected MavenProject project;

    @Parameter(defaultValue = "${session}", readonly = true, required = true)
    protected MavenSession session;

    @Parameter(defaultValue = "${plugin}", readonly = true, required = true)
    protected PluginDescriptor plugin;

    private final ToolchainManager toolchainManager;

    protected AbstractInterleavedMojo(ToolchainManager toolchainManager) {
        this.toolchainManager = toolchainManager;
    }

    /** The options of perf:run; the fork count is left to the rounds. */
    protected JmhOptions jmhOptions() throws MojoExecutionException {
        try {
            return JmhOptions.builder().includes(includes).excludes(excludes).warmupIterations(warmupIterations)
                    .warmupTime(warmupTime).measurementIterations(measurementIterations)
                    .measurementTime(measurementTime).mode(mode).timeUnit(timeUnit).threads(threads).params(params)
                    .jvmArgs(jvmArgs).profilers(profilers).timeout(timeout).jmhArgs(jmhArgs).build();
        } catch (InvalidOptionException e) {
            throw new MojoExecutionException(e.getMessage(), e);
        }
    }

    /** The settings of perf:check. */
    protected GateSettings gateSettings() throws MojoExecutionException {
        try {
            return GateSettings.builder()
                    .set(PerfProperties.MEDIAN_FAIL, medianFail)
                    .set(PerfProperties.MEDIAN_MIN, medianMin)
                    .set(PerfProperties.P95_FAIL, p95Fail)
                    .set(PerfProperties.P95_MIN, p95Min)
                    .set(PerfProperties.ALPHA, alpha)
                    .set(PerfProperties.ALLOC_PERCENT, allocPercent)
                    .set(PerfProperties.ALLOC_BYTES, allocBytes)
                    .set(PerfProperties.MIN_FORKS, minForks)
                    .set(PerfProperties.MULTIPLICITY, multiplicity)
                    .set(PerfProperties.FAIL_ON_REGRESSION, failOnRegression)
                    .rules(rules)
                    .build();
        } catch (InvalidSettingException e) {
            throw new MojoExecutionException(e.getMessage(), e);
        }
    }

    /** The seed given, or a fresh one (logged by the rounds). */
    protected long seedValue() throws MojoExecutionException {
        if (seed == null || seed.trim().isEmpty()) {
            return InterleavedSchedule.randomSeed();
        }
        try {
            return Long.parseLong(seed.trim());
        } catch (NumberFormatException e) {
            throw new MojoExecutionException(PerfProperties.SEED + " = '" + seed + "' is not a whole number;"
                    + " give the seed a previous run printed, or leave it empty for a fresh one", e);
        }
    }

    /** Why the goal does nothing in this module, or null. */
    protected String commonSkipReason() {
        if (skip) {
            return PerfProperties.SKIP + "=true";
        }
        if ("pom".equals(project.getPackaging())) {
            return "the project has pom packaging, so no benchmarks";
        }
        if (Boolean.parseBoolean(session.getUserProperties().getProperty("maven.test.skip",
                project.getProperties().getProperty("maven.test.skip", "false")))) {
            return "maven.test.skip=true, so the benchmarks in the test sources were not compiled";
        }
        return null;
    }

    protected List<Path> testClasspath() throws MojoExecutionException {
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
    protected Path java() {
        if (useToolchain) {
            Toolchain toolchain = toolchainManager.getToolchainFromBuildContext("jdk", session);
            if (toolchain != null && toolchain.findTool("java") != null) {
                getLog().info("Benchmark JVM from the toolchain: " + toolchain);
                return Paths.get(toolchain.findTool("java"));
            }
        }
        boolean windows = System.getProperty("os.name", "").toLowerCase(Locale.ROOT).startsWith("windows");
        return Paths.get(System.getProperty("java.home"), "bin", windows ? "java.exe" : "java");
    }

    protected String goal(String name) {
        return plugin.getGroupId() + ":" + plugin.getArtifactId() + ":" + plugin.getVersion() + ":" + name;
    }

    protected String display(Path path) {
        return MavenCommands.relative(project, path);
    }

    /** The gate's table and findings, at the levels perf:check uses. */
    protected void logReport(GateReport report) {
        Log log = getLog();
        for (ConsoleReport.Line line : ConsoleReport.render(report)) {
            switch (line.level()) {
                case ERROR:
                    log.error(line.text());
                    break;
                case WARNING:
                    log.warn(line.text());
                    break;
                default:
                    log.info(line.text());
            }
        }
    }
}
