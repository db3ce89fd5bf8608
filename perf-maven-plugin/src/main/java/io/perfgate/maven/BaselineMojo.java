package io.perfgate.maven;

import io.perfgate.baseline.BaselineException;
import io.perfgate.baseline.ResultsToRecord;
import io.perfgate.config.PerfProperties;
import io.perfgate.gate.BaselineRecorder;
import io.perfgate.profile.ProfileMode;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Optional;
import javax.inject.Inject;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.plugins.annotations.ResolutionScope;
import org.apache.maven.toolchain.ToolchainManager;
import org.eclipse.aether.RepositorySystem;

/**
 * Records the current results as the baseline that {@code perf:check} compares against, with their provenance
 * (date, git commit, environment, settings), then commit the file. Usually run after the benchmarks:
 * {@code mvn verify -Pperf perf:baseline}. When there are no results yet it runs the benchmarks first, with the
 * options of {@code perf:run}.
 *
 * <p>A bad run never replaces a good baseline: results of a partial or failed run, or with a benchmark that
 * has no forks, are refused unless {@code perf.force=true}; the text is read back by the strict reader before
 * it is written, atomically and under a file lock.
 *
 * @since 0.1.0
 */
@Mojo(name = "baseline", requiresDependencyResolution = ResolutionScope.TEST, threadSafe = true)
public class BaselineMojo extends RunMojo {
    /**
     * Records the results even from a partial or failed run, or with benchmarks that have no forks; the reasons
     * are kept in the baseline's provenance.
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.FORCE, defaultValue = PerfProperties.DEFAULT_FALSE)
    private String force;

    /**
     * Why this baseline is recorded, kept in its provenance and shown by perf:check and the methodology block:
     * above all, why an accepted slowdown is expected. After a FAIL that is intended,
     * {@code mvn -Pperf perf:baseline -Dperf.reason="..."} records the results just measured, without measuring
     * again; perf:check's failure message ends with that command.
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.REASON, defaultValue = PerfProperties.DEFAULT_EMPTY)
    private String reason;

    @Inject
    public BaselineMojo(ToolchainManager toolchainManager, RepositorySystem repositorySystem) {
        super("baseline", toolchainManager, repositorySystem);
    }

    /** Only {@code perf.skip}: when the benchmarks must run first, perf:run decides on its own skip reasons. */
    @Override
    public String skipReason() throws MojoExecutionException {
        return skipFlagReason();
    }

    @Override
    public void executeGoal() throws MojoExecutionException {
        boolean forced = force();
        Measurement m = measurement();
        ProfileMode profiling = profiler().mode(); // checked before anything is measured or written
        try {
            Optional<Path> results = ResultsToRecord.find(resultsFile().toPath(), baseline.toPath(), forced,
                    this::display, this::runBenchmarks, () -> ReactorBenchmarks.foundNone(project), perfLog());
            if (results.isPresent()) {
                m.storedBaseline().record(results.get(), new BaselineRecorder(PluginVersion.get(), Clock.systemUTC()),
                        forced, reason, profiling, (targets, stored) -> profiler().workingTree(targets,
                                profiler().setup(), stored));
            }
        } catch (BaselineException e) {
            throw failure(e);
        }
    }

    /** {@code perf.force}, read by the one switch rule. */
    final boolean force() throws MojoExecutionException {
        return PerfGoal.flag(PerfProperties.FORCE, force, PerfProperties.DEFAULT_FALSE);
    }
}
