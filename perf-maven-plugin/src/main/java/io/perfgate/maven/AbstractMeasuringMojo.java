package io.perfgate.maven;

import io.perfgate.config.PerfProperties;
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

    private final ToolchainManager toolchainManager;

    protected AbstractMeasuringMojo(String goal, ToolchainManager toolchainManager) {
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
