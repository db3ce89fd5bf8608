package io.perfgate.maven;

import io.perfgate.compare.BenchmarkLauncher;
import io.perfgate.compare.InterleavedSchedule;
import io.perfgate.compare.JmhLauncher;
import io.perfgate.compare.SuiteLauncher;
import io.perfgate.config.PerfProperties;
import io.perfgate.scenariorunner.ScenarioDefinition;
import io.perfgate.scenariorunner.ScenarioLaunchSettings;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.toolchain.ToolchainManager;
import org.eclipse.aether.RepositorySystem;

/**
 * What the goals that run single JMH forks in interleaved rounds share (perf:compare, perf:check with
 * {@code perf.against}, perf:calibrate): the seed of the order, and the launcher of the rounds' forks.
 */
abstract class AbstractInterleavedMojo extends AbstractGateMojo {
    /**
     * The seed of the random order of base and candidate forks in each round. Empty: a fresh seed, printed in the
     * log, so any run can be repeated in the same order with {@code -Dperf.seed=<printed value>}.
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.SEED, defaultValue = PerfProperties.DEFAULT_EMPTY)
    private String seed;

    protected AbstractInterleavedMojo(String goal, ToolchainManager toolchainManager,
            RepositorySystem repositorySystem) {
        super(goal, toolchainManager, repositorySystem);
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
                        PluginVersion.get(), command);
        List<ScenarioDefinition> selected = scenarios ? selectedScenarios() : new ArrayList<>();
        if (selected.isEmpty()) {
            return jmh;
        }
        return new SuiteLauncher(jmh, selected, ScenarioLaunchSettings.javaHomeOf(java),
                project.getBasedir().toPath(), outputDirectory.toPath().resolve("compare-scenarios"),
                withJUnitPlatformLauncher(new ArrayList<>(), selected), perfLog());
    }

    /** The seed given, or a fresh one (logged by the rounds). */
    protected final long seedValue() throws MojoExecutionException {
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
}
