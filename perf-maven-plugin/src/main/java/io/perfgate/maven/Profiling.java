package io.perfgate.maven;

import io.perfgate.config.PerfProperties;
import io.perfgate.forkprofile.ComparisonProfiler;
import io.perfgate.forkprofile.ProfileTarget;
import io.perfgate.gate.InvalidSettingException;
import io.perfgate.gate.SettingParser;
import io.perfgate.interleaved.BenchmarkLauncher;
import io.perfgate.profile.BaselineProfiles;
import io.perfgate.profile.ProfileMode;
import io.perfgate.profile.ProfilerChoice;
import io.perfgate.profile.ProfilerSetup;
import io.perfgate.report.MethodologyWriter;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.apache.maven.plugin.MojoExecutionException;
import org.eclipse.aether.RepositorySystem;

/**
 * The profiler a measuring goal's parameters ask for ({@code perf.profile}, {@code perf.profiler},
 * {@code perf.asyncProfilerVersion}), its artifacts resolved through Maven, and the working tree's profiling forks
 * launched with the goal's {@link Measurement}.
 */
final class Profiling {
    private final Measurement measurement;
    private final PerfGoal goal;
    private final RepositorySystem repositorySystem;
    private final String profile;
    private final String profiler;
    private final String asyncProfilerVersion;

    Profiling(Measurement measurement, PerfGoal goal, RepositorySystem repositorySystem, String profile,
            String profiler, String asyncProfilerVersion) {
        this.measurement = measurement;
        this.goal = goal;
        this.repositorySystem = repositorySystem;
        this.profile = profile;
        this.profiler = profiler;
        this.asyncProfilerVersion = asyncProfilerVersion;
    }

    /** {@code perf.profile}, checked. */
    ProfileMode mode() throws MojoExecutionException {
        try {
            return SettingParser.choice(PerfProperties.PROFILE, profile, ProfileMode.class);
        } catch (InvalidSettingException e) {
            throw PerfGoal.badSetting(e);
        }
    }

    /** The profiling asked for, with the profiler's artifacts resolved; checked before anything is measured. */
    ProfilerSetup setup() throws MojoExecutionException {
        return setup(mode());
    }

    /** The profiler asked for, resolved for {@code mode} whatever {@code perf.profile} says (perf:profile). */
    ProfilerSetup setup(ProfileMode mode) throws MojoExecutionException {
        ProfilerChoice choice;
        try {
            choice = SettingParser.choice(PerfProperties.PROFILER, profiler, ProfilerChoice.class);
        } catch (InvalidSettingException e) {
            throw PerfGoal.badSetting(e);
        }
        return ProfilerArtifacts.setup(mode, choice, asyncProfilerVersion.trim(),
                measurement.outputDirectory().resolve("tools"), measurement.java(), goal.project(), repositorySystem,
                goal.session().getRepositorySession());
    }

    /**
     * Profiles {@code targets} in the working tree only, one extra fork each, into {@code <outputDirectory>/profiles}
     * ({@link ComparisonProfiler#profileWorkingTree}).
     *
     * @return the profiler, with what it recorded; null when nothing was profiled
     */
    ComparisonProfiler workingTree(List<ProfileTarget> targets, ProfilerSetup setup, BaselineProfiles stored)
            throws MojoExecutionException {
        Path directory = measurement.outputDirectory().resolve(MethodologyWriter.PROFILES_DIRECTORY);
        ComparisonProfiler.WorkingTree<MojoExecutionException> workingTree =
                new ComparisonProfiler.WorkingTree<MojoExecutionException>() {
                    @Override
                    public BenchmarkLauncher launcher() throws MojoExecutionException {
                        return measurement.roundLauncher("profile-forks", "", true);
                    }

                    @Override
                    public List<Path> testClasspath() throws MojoExecutionException {
                        return measurement.testClasspath();
                    }
                };
        try {
            return ComparisonProfiler.profileWorkingTree(targets, setup, stored, directory, workingTree,
                    goal.perfLog());
        } catch (IOException e) {
            throw new MojoExecutionException("Cannot clear old profiles in " + goal.display(directory) + ": "
                    + e.getMessage(), e);
        }
    }
}
