package io.perfgate.maven;

import io.perfgate.config.PerfProperties;
import io.perfgate.interleaved.InterleavedSchedule;
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
