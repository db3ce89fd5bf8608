package io.perfgate.maven;

import io.perfgate.config.PerfProperties;
import io.perfgate.jmh.InvalidOptionException;
import io.perfgate.jmh.JmhOptions;
import io.perfgate.run.PerfRun;
import io.perfgate.run.RunFailedException;
import io.perfgate.run.RunRequest;
import io.perfgate.scenariorunner.ScenarioDefinition;
import java.io.File;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import javax.inject.Inject;
import org.apache.maven.artifact.DependencyResolutionRequiredException;
import org.apache.maven.execution.MavenSession;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.descriptor.PluginDescriptor;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.plugins.annotations.ResolutionScope;
import org.apache.maven.project.MavenProject;
import org.apache.maven.toolchain.Toolchain;
import org.apache.maven.toolchain.ToolchainManager;

/**
 * Runs the project's JMH benchmarks and writes {@code target/perf/results.json}: every fork's iteration values,
 * latency percentiles (sample mode), allocation per operation ({@code -prof gc}), the effective options and a
 * fingerprint of the machine and JVM, for {@code perf:check} to judge.
 *
 * <p>The benchmarks are those JMH's annotation processor listed in {@code META-INF/BenchmarkList} while compiling
 * the test sources. Each runs in a JVM of its own ({@code org.openjdk.jmh.Main} with the test classpath), one
 * benchmark after the other, with a line in the log as each fork starts and ends and an estimate of the time
 * left. Without any POM change:
 * <pre>mvn test-compile io.perfgate:perf-maven-plugin:0.1.0:run -Dperf.includes=StringBench</pre>
 *
 * <p>The options that shape a run (forks, warmup, measurement, mode, time unit, threads) take their value from,
 * in order: what you set here (POM or {@code -Dperf.*}), the benchmark's own JMH annotation, and the plugin's
 * default for CI (10 forks of 3 x 1 s warmup and 5 x 1 s measurement, about 90 s a benchmark). Their default
 * value {@code auto} means exactly that.
 *
 * @since 0.1.0
 */
@Mojo(name = "run", defaultPhase = LifecyclePhase.VERIFY, requiresDependencyResolution = ResolutionScope.TEST,
        threadSafe = true)
public class RunMojo extends AbstractMojo {

    /**
     * Skips perf:run; the reason is logged.
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.SKIP, defaultValue = PerfProperties.DEFAULT_FALSE)
    private boolean skip;

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
     * JVM forks per benchmark (JMH {@code -f}), a whole number of at least 1. Each fork is one observation of the
     * gate, which needs at least 5 per side and is designed for 10. {@code auto}: the benchmark's {@code @Fork},
     * else 10.
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.FORKS, defaultValue = PerfProperties.DEFAULT_AUTO)
    private String forks;

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
     * The longest one benchmark may run in one mode with one set of parameter values (all its forks) before it is
     * stopped with all its JVMs and the build fails: {@code 90s}, {@code 20min}. {@code auto}: twice the time its
     * options should take, plus 5 minutes.
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.TIMEOUT, defaultValue = PerfProperties.DEFAULT_AUTO)
    private String timeout;

    /**
     * Further JMH command-line arguments, passed as they are after all others, e.g. {@code -Dperf.jmhArgs="-wf 1
     * -gc true"}. Options that have a property of their own ({@code -f}, {@code -i}, {@code -p}, {@code -prof},
     * ...) and those perf:run controls ({@code -rf}, {@code -rff}, {@code -o}) are refused. {@code none}: nothing.
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.JMH_ARGS, defaultValue = PerfProperties.DEFAULT_NONE)
    private String jmhArgs;

    /**
     * Also runs benchmarks compiled from the main sources ({@code target/classes/META-INF/BenchmarkList}), for
     * projects that keep benchmarks in a module of their own.
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.INCLUDE_MAIN_CLASSES, defaultValue = PerfProperties.DEFAULT_FALSE)
    private boolean includeMainClasses;

    /**
     * Runs the benchmarks with the JDK of the build's toolchain (maven-toolchains-plugin) when one is set;
     * otherwise, or when {@code false}, with the JVM that runs Maven.
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.USE_TOOLCHAIN, defaultValue = PerfProperties.DEFAULT_TRUE)
    private boolean useToolchain;

    /**
     * Where the results go; JMH's own JSON ({@code jmh-results.json}) and output ({@code jmh-output.log}) are
     * written beside it.
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.RESULTS, defaultValue = PerfProperties.DEFAULT_RESULTS)
    private File results;

    /**
     * End-to-end scenarios to run after the JMH benchmarks: classes of the test sources that implement
     * {@code io.perfgate.scenario.Scenario} (artifact {@code io.perfgate:perf-scenario-api}, test scope), each run
     * in fresh JVMs ({@code coldRuns}, one run each) and in one JVM ({@code warmupRuns} discarded, then
     * {@code warmRuns}), with the test classpath. Their runs go into {@code results.json} as benchmarks of kind
     * {@code scenario} with params {@code runs=cold} and {@code runs=warm}, judged by the same gate. A project
     * with scenarios needs no JMH benchmark. Only {@code id} and {@code className} are required; the values below
     * besides them are the defaults, except {@code parameters}, {@code jvmArgs} and {@code metrics} (none).
     * There is no user property: select configured scenarios with {@code perf.scenarioIncludes}.
     *
     * <pre>{@code
     * <scenarios>
     *   <scenario>
     *     <id>ordered-wordcount</id>
     *     <className>com.acme.perf.OrderedWordCountScenario</className>
     *     <coldRuns>5</coldRuns>
     *     <warmupRuns>1</warmupRuns>
     *     <warmRuns>10</warmRuns>
     *     <coldRunIncludesSetUp>false</coldRunIncludesSetUp>
     *     <parameters>
     *       <inputMiB>10</inputMiB>
     *     </parameters>
     *     <jvmArgs>
     *       <jvmArg>--add-opens=java.base/java.lang=ALL-UNNAMED</jvmArg>
     *     </jvmArgs>
     *     <setUpTimeout>5m</setUpTimeout>
     *     <runTimeout>10m</runTimeout>
     *     <tearDownTimeout>2m</tearDownTimeout>
     *     <metrics>
     *       <metric>
     *         <name>throughput</name>
     *         <unit>records/s</unit>
     *         <direction>higher</direction>
     *         <gated>true</gated>
     *       </metric>
     *     </metrics>
     *   </scenario>
     * </scenarios>
     * }</pre>
     *
     * See the "End-to-end scenarios" page for what is measured and how it is gated.
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
     * The ref perf:compare measures against. When it is set, perf:compare measures the base and the working tree
     * in the same build and judges them, so this goal skips itself (they can share one profile).
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.AGAINST, defaultValue = PerfProperties.DEFAULT_EMPTY)
    private String against;

    @Parameter(defaultValue = "${project}", readonly = true, required = true)
    private MavenProject project;

    @Parameter(defaultValue = "${session}", readonly = true, required = true)
    private MavenSession session;

    @Parameter(defaultValue = "${plugin}", readonly = true, required = true)
    private PluginDescriptor plugin;

    private final ToolchainManager toolchainManager;

    @Inject
    public RunMojo(ToolchainManager toolchainManager) {
        this.toolchainManager = toolchainManager;
    }

    @Override
    public void execute() throws MojoExecutionException {
        String skipReason = skipReason();
        if (skipReason != null) {
            getLog().info("perf:run skipped: " + skipReason);
            return;
        }
        RunRequest request = request();
        try {
            PerfRun.execute(request, new MavenPerfLog(getLog()));
        } catch (RunFailedException e) {
            throw new MojoExecutionException(e.getMessage(), e);
        }
    }

    private String skipReason() {
        if (skip) {
            return PerfProperties.SKIP + "=true";
        }
        if (against != null && !against.trim().isEmpty()) {
            return PerfProperties.AGAINST + "=" + against.trim() + " is set, so perf:compare measures the base and"
                    + " the working tree instead";
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

    private RunRequest request() throws MojoExecutionException {
        JmhOptions options;
        try {
            options = JmhOptions.builder().includes(includes).excludes(excludes).forks(forks)
                    .warmupIterations(warmupIterations).warmupTime(warmupTime)
                    .measurementIterations(measurementIterations).measurementTime(measurementTime).mode(mode)
                    .timeUnit(timeUnit).threads(threads).params(params).jvmArgs(jvmArgs).profilers(profilers)
                    .timeout(timeout).jmhArgs(jmhArgs).build();
        } catch (InvalidOptionException e) {
            throw new MojoExecutionException(e.getMessage(), e);
        }
        List<Path> classDirectories = new ArrayList<>();
        classDirectories.add(Paths.get(project.getBuild().getTestOutputDirectory()));
        if (includeMainClasses) {
            classDirectories.add(Paths.get(project.getBuild().getOutputDirectory()));
        }
        Path executionRoot = Paths.get(session.getExecutionRootDirectory()).toAbsolutePath();
        Path basedir = project.getBasedir().toPath().toAbsolutePath();
        return RunRequest.builder()
                .options(options)
                .classDirectories(classDirectories)
                .classpath(testClasspath())
                .java(java())
                .projectDirectory(basedir)
                .resultsFile(results.toPath())
                .setting(PerfProperties.INCLUDE_MAIN_CLASSES, Boolean.toString(includeMainClasses), includeMainClasses)
                .setting(PerfProperties.USE_TOOLCHAIN, Boolean.toString(useToolchain), !useToolchain)
                .setting(PerfProperties.SCENARIO_INCLUDES, scenarioIncludes,
                        !PerfProperties.DEFAULT_SCENARIO_INCLUDES.equals(scenarioIncludes))
                .scenarios(selectedScenarios())
                .pluginGoal(plugin.getGroupId() + ":" + plugin.getArtifactId() + ":" + plugin.getVersion() + ":run")
                .pomArgument(executionRoot.equals(basedir) ? null
                        : executionRoot.relativize(project.getFile().toPath().toAbsolutePath()).toString())
                .pluginVersion(plugin.getVersion())
                .mavenVersion(session.getSystemProperties().getProperty("maven.version"))
                .build();
    }

    /** The configured scenarios whose id matches {@code scenarioIncludes}. */
    private List<ScenarioDefinition> selectedScenarios() throws MojoExecutionException {
        List<ScenarioDefinition> selected = new ArrayList<>();
        String value = scenarioIncludes == null ? PerfProperties.DEFAULT_SCENARIO_INCLUDES : scenarioIncludes.trim();
        if (scenarios == null || value.equals(PerfProperties.DEFAULT_NONE)) {
            return selected;
        }
        List<Pattern> patterns = new ArrayList<>();
        for (String regex : value.split(",")) {
            try {
                patterns.add(Pattern.compile(regex.trim()));
            } catch (PatternSyntaxException e) {
                throw new MojoExecutionException(PerfProperties.SCENARIO_INCLUDES + " '" + regex.trim()
                        + "' is not a regular expression: " + e.getDescription());
            }
        }
        for (ScenarioDefinition s : scenarios) {
            for (Pattern p : patterns) {
                if (s.getId() == null || p.matcher(s.getId()).find()) {
                    selected.add(s);
                    break;
                }
            }
        }
        if (selected.isEmpty() && !scenarios.isEmpty()) {
            getLog().warn(PerfProperties.SCENARIO_INCLUDES + "=" + value + " matches none of the scenarios "
                    + scenarios.stream().map(ScenarioDefinition::getId).collect(java.util.stream.Collectors.toList()));
        }
        return selected;
    }

    private List<Path> testClasspath() throws MojoExecutionException {
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
    private Path java() {
        if (useToolchain) {
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
        boolean windows = System.getProperty("os.name", "").toLowerCase(java.util.Locale.ROOT).startsWith("windows");
        return Paths.get(System.getProperty("java.home"), "bin", windows ? "java.exe" : "java");
    }

    // ---- for perf:baseline, which extends this goal to run the benchmarks when there are no results yet

    /** Whether {@code perf.skip} is set. */
    protected boolean skipRequested() {
        return skip;
    }

    /** The results file this goal writes. */
    protected File resultsFile() {
        return results;
    }

    protected MavenProject project() {
        return project;
    }

    protected MavenSession session() {
        return session;
    }
}
