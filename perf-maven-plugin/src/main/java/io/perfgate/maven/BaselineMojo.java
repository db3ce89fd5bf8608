package io.perfgate.maven;

import io.perfgate.compare.ComparisonProfiler;
import io.perfgate.compare.ProfileTarget;
import io.perfgate.profile.BaselineProfiles;
import io.perfgate.profile.ProfileMode;
import io.perfgate.config.PerfProperties;
import io.perfgate.env.EnvironmentFingerprint;
import io.perfgate.env.StealTime;
import io.perfgate.gate.BaselineRecorder;
import io.perfgate.gate.BaselineRefusedException;
import io.perfgate.results.BenchmarkResult;
import io.perfgate.results.PerfResults;
import io.perfgate.results.Provenance;
import io.perfgate.results.ResultsFormatException;
import io.perfgate.results.ResultsJson;
import io.perfgate.run.PerfRun;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
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
    protected String skipReason() throws MojoExecutionException {
        return skipFlagReason();
    }

    @Override
    protected void executeGoal() throws MojoExecutionException {
        boolean forced = force();
        profileMode(); // checked before anything is measured or written
        Path resultsPath = resultsFile().toPath();
        Path partialPath = resultsPath.toAbsolutePath().resolveSibling(PerfRun.RESULTS_PARTIAL);
        Path baselinePath = baseline.toPath();
        String baselineName = display(baselinePath);
        if (!Files.exists(resultsPath) && Files.exists(partialPath)) {
            if (!forced) {
                throw new MojoExecutionException("Refusing to write the baseline " + baselineName + ": the last perf:run"
                        + " failed and left only " + display(partialPath) + " (status partial). Fix the failure and run"
                        + " again, or pass -Dperf.force=true to record the partial results.");
            }
            resultsPath = partialPath;
        } else if (!Files.exists(resultsPath)) {
            getLog().info("No results at " + display(resultsPath) + ": running the benchmarks first");
            runBenchmarks();
            if (!Files.exists(resultsPath) && ReactorBenchmarks.foundNone(project)) {
                getLog().info("perf:baseline skipped: perf:run found no benchmarks or scenarios in this module");
                return;
            }
            if (!Files.exists(resultsPath)) {
                // perf:run skipped itself (pom packaging, maven.test.skip) and said why.
                throw new MojoExecutionException("No results at " + display(resultsPath) + " to record; the baseline "
                        + baselineName + " was not touched.");
            }
        }
        String resultsName = display(resultsPath);
        PerfResults current;
        try {
            current = ResultsJson.read(resultsPath);
        } catch (ResultsFormatException e) {
            getLog().debug(e);
            // Without the cause: Maven would append the JSON parser's own message, location noise included.
            throw new MojoExecutionException(e.getMessage() + ". The baseline " + baselineName + " was not touched.");
        }
        getLog().info("Recording " + resultsName + " (measured " + current.createdAt() + ") as the baseline");
        boolean elsewhere = noteWriteLocation("The baseline", baselinePath);
        PerfResults written;
        try {
            written = new BaselineRecorder(PluginVersion.get(), Clock.systemUTC())
                    .record(current, resultsName, baselinePath, forced, reason);
        } catch (BaselineRefusedException e) {
            throw new MojoExecutionException("Refusing to write the baseline " + baselineName + " from " + resultsName
                    + ": " + e.getMessage(), e);
        } catch (IOException e) {
            throw new MojoExecutionException("Cannot write the baseline " + baselineName + ": " + e.getMessage(), e);
        }
        int forks = 0;
        for (BenchmarkResult b : written.benchmarks()) {
            forks += b.forks().size();
        }
        if (written.provenance().containsKey(Provenance.FORCED)) {
            getLog().warn("Recorded despite: " + written.provenance().get(Provenance.FORCED_DESPITE) + " ("
                    + PerfProperties.FORCE + "=true)");
        }
        String commit = written.provenance().get(Provenance.COMMIT);
        getLog().info("Recorded baseline " + baselineName + " from " + resultsName + ": "
                + written.benchmarks().size() + " benchmarks, " + forks + " forks"
                + (commit == null ? "" : ", commit " + commit)
                + (written.provenance().containsKey(Provenance.REASON) ? ", reason: "
                        + written.provenance().get(Provenance.REASON) : "")
                + (elsewhere ? "; perf:check reads it from there."
                        : ". Commit it so perf:check gates later builds."));
        StealTime.baselineWarning(StealTime.fromField(written.environment().get(EnvironmentFingerprint.CPU_STEAL)))
                .ifPresent(getLog()::warn);
        recordProfiles(written, baselinePath);
    }

    /**
     * With {@code perf.profile=all}, profiles every benchmark just recorded (one extra fork each, of the working
     * tree) and stores the profiles beside the baseline, tied to its bytes, for perf:check to attribute against.
     * Otherwise removes profiles of an earlier baseline, which would only be refused later.
     */
    private void recordProfiles(PerfResults written, Path baselinePath) throws MojoExecutionException {
        Path file = BaselineProfiles.besides(baselinePath);
        String shown = display(file);
        try {
            if (profileMode() != ProfileMode.ALL) {
                if (Files.deleteIfExists(file)) {
                    getLog().info("Removed " + shown + ": it held the profiles of the previous baseline. -D"
                            + PerfProperties.PROFILE + "=all records new ones with the baseline.");
                }
                return;
            }
            List<ProfileTarget> targets = ProfileTarget.fromResults(written);
            ComparisonProfiler profiler = profileWorkingTree(targets, profilerSetup(), null);
            if (profiler == null || profiler.recordedProfiles().isEmpty()) {
                Files.deleteIfExists(file);
                getLog().warn("No profile was recorded, so none is stored with the baseline (which is recorded);"
                        + " the warnings above say why");
                return;
            }
            new BaselineProfiles(BaselineProfiles.sha256(baselinePath), profiler.agent().name(),
                    profiler.agent().events(), profiler.recordedProfiles()).write(file);
            List<String> missing = new ArrayList<>();
            targets.stream().filter(t -> !profiler.recordedProfiles().containsKey(t.key()))
                    .forEach(t -> missing.add(t.displayName()));
            getLog().info("Stored the profiles of " + profiler.recordedProfiles().size() + " of "
                    + targets.size() + " benchmarks with the baseline in " + shown + " (" + profiler.agent().name()
                    + "); commit it with the baseline, and perf:check attributes a slowdown before and after"
                    + (missing.isEmpty() ? "" : ". Not profiled: " + String.join(", ", missing)));
        } catch (IOException e) {
            throw new MojoExecutionException("The baseline " + display(baselinePath) + " is recorded, but its"
                    + " profiles could not be written to " + shown + ": " + e.getMessage(), e);
        }
    }

    /** {@code perf.force}, read by the one switch rule. */
    final boolean force() throws MojoExecutionException {
        return flag(PerfProperties.FORCE, force, PerfProperties.DEFAULT_FALSE);
    }
}
