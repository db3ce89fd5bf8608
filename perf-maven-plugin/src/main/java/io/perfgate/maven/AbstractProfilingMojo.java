package io.perfgate.maven;

import io.perfgate.config.PerfProperties;
import io.perfgate.gate.InvalidSettingException;
import io.perfgate.gate.SettingParser;
import io.perfgate.profile.ProfileMode;
import io.perfgate.profile.ProfilerChoice;
import io.perfgate.profile.ProfilerSetup;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.toolchain.ToolchainManager;
import org.eclipse.aether.RepositorySystem;

/**
 * The goals that profile what they judged (perf:compare, perf:check with {@code perf.against}): extra forks after
 * the measurement, recorded by async-profiler or JFR, attributed and drawn under {@code profiles/}.
 */
abstract class AbstractProfilingMojo extends AbstractInterleavedMojo {
    /**
     * Which benchmarks get profiled once the verdicts are in: {@code regressions} (those that FAIL or WARN),
     * {@code all}, or {@code none}. Each gets one extra fork per side, never one of the forks judged; profiling
     * never changes a verdict or fails the build.
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

    protected AbstractProfilingMojo(String goal, ToolchainManager toolchainManager,
            RepositorySystem repositorySystem) {
        super(goal, toolchainManager, repositorySystem);
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
        ProfileMode mode = profileMode();
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
}
