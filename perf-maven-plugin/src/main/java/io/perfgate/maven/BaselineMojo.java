package io.perfgate.maven;

import io.perfgate.gate.BaselineRecorder;
import io.perfgate.gate.BaselineRefusedException;
import io.perfgate.gate.InvalidSettingException;
import io.perfgate.gate.SettingParser;
import io.perfgate.results.BenchmarkResult;
import io.perfgate.results.PerfResults;
import io.perfgate.results.ResultsFormatException;
import io.perfgate.results.ResultsJson;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import org.apache.maven.execution.MavenSession;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.project.MavenProject;

/**
 * Records the current results as the baseline that {@code perf:check} compares against, with their provenance
 * (date, git commit, environment, settings). Run it after the benchmarks, e.g.
 * {@code mvn verify -Pperf perf:baseline}, then commit the baseline file. It refuses results from a partial or
 * failed run, so a bad run never replaces a good baseline; the file is written atomically under a lock.
 *
 * @since 0.1.0
 */
@Mojo(name = "baseline", threadSafe = true)
public class BaselineMojo extends AbstractMojo {
    /**
     * Skips the goal.
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.SKIP, defaultValue = "false")
    private boolean skip;

    /**
     * The results to record, as {@code perf:run} writes them.
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.RESULTS, defaultValue = PerfProperties.DEFAULT_RESULTS)
    private File results;

    /**
     * The baseline file to write; commit it with the module.
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.BASELINE, defaultValue = PerfProperties.DEFAULT_BASELINE)
    private File baseline;

    /**
     * Records the results even from a partial run or with benchmarks that have no forks; the reasons are
     * kept in the baseline's provenance.
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.FORCE, defaultValue = "false")
    private String force;

    @Parameter(defaultValue = "${project}", readonly = true, required = true)
    private MavenProject project;

    @Parameter(defaultValue = "${session}", readonly = true, required = true)
    private MavenSession session;

    @Override
    public void execute() throws MojoExecutionException {
        if (skip) {
            getLog().info("Skipping perf:baseline: " + PerfProperties.SKIP + "=true");
            return;
        }
        boolean forced;
        try {
            forced = SettingParser.bool(PerfProperties.FORCE, force);
        } catch (InvalidSettingException e) {
            throw new MojoExecutionException(e.getMessage(), e);
        }
        Path resultsPath = results.toPath();
        Path baselinePath = baseline.toPath();
        String resultsName = MavenCommands.relative(project, resultsPath);
        String baselineName = MavenCommands.relative(project, baselinePath);
        if (!Files.exists(resultsPath)) {
            throw new MojoExecutionException("No results at " + resultsName + "; run perf:run first, e.g. "
                    + MavenCommands.recordBaseline(session, project, false) + ". The baseline "
                    + baselineName + " was not touched.");
        }
        PerfResults current;
        try {
            current = ResultsJson.read(resultsPath);
        } catch (ResultsFormatException e) {
            getLog().debug(e);
            // Without the cause: Maven would append the JSON parser's own message, location noise included.
            throw new MojoExecutionException(e.getMessage() + ". The baseline " + baselineName + " was not touched.");
        }
        PerfResults written;
        try {
            written = new BaselineRecorder(PluginVersion.get(), Clock.systemUTC())
                    .record(current, resultsName, baselinePath, forced);
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
        if (written.provenance().containsKey("forced")) {
            getLog().warn("Recorded despite: " + written.provenance().get("forcedDespite") + " ("
                    + PerfProperties.FORCE + "=true)");
        }
        String commit = written.provenance().get("git.commit");
        getLog().info("Recorded baseline " + baselineName + " from " + resultsName + ": "
                + written.benchmarks().size() + " benchmarks, " + forks + " forks"
                + (commit == null ? "" : ", commit " + commit) + ". Commit it so perf:check gates later builds.");
    }
}
