package io.perfgate.maven;

import io.perfgate.config.PerfProperties;
import io.perfgate.jmh.InvalidOptionException;
import io.perfgate.jmh.JmhOptions;
import io.perfgate.shard.Budget;
import io.perfgate.shard.Shard;
import io.perfgate.shard.ShardException;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.maven.artifact.DependencyResolutionRequiredException;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.toolchain.Toolchain;
import org.apache.maven.toolchain.ToolchainManager;

/**
 * The goals that launch JMH (perf:run and perf:baseline, perf:compare, perf:calibrate): the options that shape a
 * run, with the same properties and meaning in each, turned into one {@link JmhOptions}; the JVM that runs the
 * benchmarks; and the test classpath they run with. JMH's fork count is not here: perf:run has {@code forks}, and
 * perf:compare and perf:calibrate schedule single forks in rounds.
 */
abstract class AbstractJmhMojo extends AbstractPerfMojo {
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
     * Runs the benchmarks with the JDK of the build's toolchain (maven-toolchains-plugin) when one is set;
     * otherwise, or when {@code false}, with the JVM that runs Maven.
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.USE_TOOLCHAIN, defaultValue = PerfProperties.DEFAULT_TRUE)
    private String useToolchain;

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

    private final ToolchainManager toolchainManager;

    protected AbstractJmhMojo(String goal, ToolchainManager toolchainManager) {
        super(goal);
        this.toolchainManager = toolchainManager;
    }

    /** Besides {@code perf.skip}: the reasons this module has no benchmarks to run. */
    @Override
    protected String skipReason() throws MojoExecutionException {
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

    protected final boolean useToolchain() throws MojoExecutionException {
        return flag(PerfProperties.USE_TOOLCHAIN, useToolchain, PerfProperties.DEFAULT_TRUE);
    }

    /** The shard this build runs ({@code perf.shard}, else the CI's variables), or null for the whole suite. */
    protected final Shard shard() throws MojoExecutionException {
        try {
            Shard resolved = Shard.resolve(shard, System.getenv()).orElse(null);
            if (resolved != null && (shard == null || shard.trim().isEmpty())) {
                getLog().info("Running shard " + resolved + " of the suite, from " + Shard.CI_NODE_INDEX + " and "
                        + Shard.CI_NODE_TOTAL + " (-D" + PerfProperties.SHARD + "=K/N sets it yourself)");
            }
            return resolved;
        } catch (ShardException e) {
            throw new MojoExecutionException(e.getMessage(), e);
        }
    }

    /** {@code perf.budget}, or null for no limit. */
    protected final Duration budget() throws MojoExecutionException {
        try {
            return Budget.parse(budget);
        } catch (ShardException e) {
            throw new MojoExecutionException(e.getMessage(), e);
        }
    }

    /** The JMH options of the parameters above (and {@link #jmhForks()}), checked. */
    protected final JmhOptions jmhOptions() throws MojoExecutionException {
        try {
            return JmhOptions.builder().includes(includes).excludes(excludes).forks(jmhForks())
                    .warmupIterations(warmupIterations).warmupTime(warmupTime)
                    .measurementIterations(measurementIterations).measurementTime(measurementTime).mode(mode)
                    .timeUnit(timeUnit).threads(threads).params(params).jvmArgs(jvmArgs).profilers(profilers)
                    .timeout(timeout).jmhArgs(jmhArgs).build();
        } catch (InvalidOptionException e) {
            throw new MojoExecutionException(e.getMessage(), e);
        }
    }

    /** The module's test classpath: test classes, classes, then dependencies. */
    protected final List<Path> testClasspath() throws MojoExecutionException {
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
    protected final Path java() throws MojoExecutionException {
        if (useToolchain()) {
            Toolchain toolchain = toolchainManager.getToolchainFromBuildContext("jdk", session);
            if (toolchain != null) {
                String java = toolchain.findTool("java");
                if (java != null) {
                    getLog().info("Benchmark JVM from the toolchain: " + toolchain);
                    return Paths.get(java);
                }
                getLog().warn("The toolchain " + toolchain + " has no java executable; using the JVM running Maven");
            }
        }
        boolean windows = System.getProperty("os.name", "").toLowerCase(Locale.ROOT).startsWith("windows");
        return Paths.get(System.getProperty("java.home"), "bin", windows ? "java.exe" : "java");
    }
}
