package io.perfgate.maven;

import io.perfgate.config.PerfProperties;
import io.perfgate.jmh.InvalidOptionException;
import io.perfgate.jmh.JmhOptions;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.toolchain.ToolchainManager;
import org.eclipse.aether.RepositorySystem;

/**
 * The goals that launch JMH (perf:run and perf:baseline, perf:compare, perf:calibrate): the options that shape a
 * run, with the same properties and meaning in each, turned into one {@link JmhOptions}. JMH's fork count is not
 * here: perf:run has {@code forks}, and perf:compare and perf:calibrate schedule single forks in rounds.
 */
abstract class AbstractJmhMojo extends AbstractMeasuringMojo {
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
                    .timeout(timeout).jmhArgs(jmhArgs).build();
        } catch (InvalidOptionException e) {
            throw new MojoExecutionException(e.getMessage(), e);
        }
    }
}
