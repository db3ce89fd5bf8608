package io.perfgate.maven;

import io.perfgate.config.PerfProperties;
import io.perfgate.process.Platform;
import io.perfgate.run.RunFailedException;
import io.perfgate.run.ScenarioSelection;
import io.perfgate.scenariorunner.ScenarioDefinition;
import io.perfgate.shard.Budget;
import io.perfgate.shard.Shard;
import io.perfgate.shard.ShardException;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.apache.maven.artifact.DependencyResolutionRequiredException;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.toolchain.Toolchain;
import org.apache.maven.toolchain.ToolchainManager;
import org.eclipse.aether.RepositorySystem;

/**
 * The goals that measure (perf:run and perf:baseline, perf:check, perf:compare, perf:calibrate): the JVM that runs
 * the benchmarks, the test classpath they run with, the part of the suite this build measures and the time it may
 * take, and the reasons a module has nothing to measure. What a JMH run looks like is {@link AbstractJmhMojo}'s.
 */
abstract class AbstractMeasuringMojo extends AbstractPerfMojo {
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

    private final ToolchainManager toolchainManager;

    /** Resolves the tools a goal runs besides the project: the JUnit Platform launcher, the profiler. */
    private final RepositorySystem repositorySystem;

    protected AbstractMeasuringMojo(String goal, ToolchainManager toolchainManager,
            RepositorySystem repositorySystem) {
        super(goal);
        this.toolchainManager = toolchainManager;
        this.repositorySystem = repositorySystem;
    }

    protected final RepositorySystem repositorySystem() {
        return repositorySystem;
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

    /** The configured scenarios that {@code perf.scenarioIncludes} selects, checked. */
    protected final List<ScenarioDefinition> selectedScenarios() throws MojoExecutionException {
        try {
            return ScenarioSelection.select(scenarios, scenarioIncludes, perfLog());
        } catch (RunFailedException e) {
            throw new MojoExecutionException(e.getMessage(), e);
        }
    }

    /** True when the POM configures scenarios (selected or not). */
    protected final boolean hasScenarios() {
        return !scenarios.isEmpty();
    }

    protected final String scenarioIncludes() {
        return scenarioIncludes;
    }

    /** {@code classpath} plus what the selected scenarios need besides it: the JUnit Platform launcher, if any. */
    protected final List<Path> withJUnitPlatformLauncher(List<Path> classpath, List<ScenarioDefinition> selected)
            throws MojoExecutionException {
        List<Path> extended = new ArrayList<>(classpath);
        extended.addAll(JUnitPlatformLauncher.neededBy(selected, project, repositorySystem,
                session.getRepositorySession(), getLog()));
        return extended;
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
        return Platform.java(Paths.get(System.getProperty("java.home")));
    }
}
