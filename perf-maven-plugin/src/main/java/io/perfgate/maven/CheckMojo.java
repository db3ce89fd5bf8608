package io.perfgate.maven;

import io.perfgate.compare.ComparisonProfiler;
import io.perfgate.compare.ProfileTarget;
import io.perfgate.config.PerfProperties;
import io.perfgate.gate.Gate;
import io.perfgate.gate.GateReport;
import io.perfgate.gate.GateSettings;
import io.perfgate.json.JsonFormatException;
import io.perfgate.profile.BaselineProfiles;
import io.perfgate.profile.ProfileEvidence;
import io.perfgate.report.ConsoleReport;
import io.perfgate.report.ProfileSummary;
import io.perfgate.report.ReportWriter;
import io.perfgate.results.PerfResults;
import io.perfgate.results.ResultsFormatException;
import io.perfgate.results.ResultsJson;
import io.perfgate.run.PerfRun;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import javax.inject.Inject;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.plugins.annotations.ResolutionScope;
import org.apache.maven.toolchain.ToolchainManager;
import org.eclipse.aether.RepositorySystem;

/**
 * Compares the current benchmark results with the stored baseline and fails the build when a median or p95
 * regressed beyond its threshold, by an exact one-sided Mann-Whitney test on per-fork values. Prints one table,
 * one line per regression, and writes {@code report.json}, {@code report.md}, {@code TEST-perf.xml} and
 * {@code report.html} to the output directory. Reads both files afresh, so it also runs alone on results made
 * elsewhere.
 *
 * <p>With {@code perf.against} set it judges the working tree against that branch instead of the stored baseline:
 * it builds the base in a worktree and measures both sides in interleaved rounds, as perf:compare does (perf:run
 * skips itself then), so {@code mvn verify -Pperf -Dperf.against=origin/main} needs no other goal in the profile.
 * It takes every property of perf:compare with the same default, logs {@code perf:check: measuring the working
 * tree against <ref>}, and its verdict and failure say {@code perf:check against base <commit>}. In a reactor a
 * module without compiled benchmarks is skipped, and the build fails when no module had any.
 *
 * @since 0.1.0
 */
@Mojo(name = "check", defaultPhase = LifecyclePhase.VERIFY, threadSafe = true,
        requiresDependencyResolution = ResolutionScope.TEST)
public class CheckMojo extends AbstractPreMergeMojo {
    /**
     * The current results, as {@code perf:run} writes them.
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.RESULTS, defaultValue = PerfProperties.DEFAULT_RESULTS)
    private File results;

    @Inject
    public CheckMojo(ToolchainManager toolchainManager, RepositorySystem repositorySystem) {
        super("check", toolchainManager, repositorySystem);
    }

    @Override
    protected String skipReason() throws MojoExecutionException {
        if (comparing()) {
            return comparisonSkipReason();
        }
        String reason = skipFlagReason();
        if (reason != null) {
            return reason;
        }
        if (ReactorBenchmarks.foundNone(project) && !Files.exists(results.toPath())) {
            return "perf:run found no benchmarks or scenarios in this module";
        }
        if ("pom".equals(project.getPackaging()) && !Files.exists(results.toPath())) {
            return "no results at " + display(results.toPath()) + " in a pom module";
        }
        return null;
    }

    /** perf:check keeps the skip line it always printed: builds and the plugin's ITs look for it. */
    @Override
    protected String skipMessage(String reason) {
        return "Skipping perf:check: " + reason;
    }

    @Override
    protected void executeGoal() throws MojoExecutionException, MojoFailureException {
        if (comparing()) {
            compare();
            return;
        }
        GateSettings settings = gateSettings();
        Set<ReportWriter.Format> formats = reportFormats();
        Path resultsPath = results.toPath();
        Path baselinePath = baseline.toPath();
        Path outputPath = outputDirectory.toPath();
        if (!Files.exists(resultsPath)) {
            Path partial = resultsPath.toAbsolutePath().resolveSibling(PerfRun.RESULTS_PARTIAL);
            if (Files.exists(partial)) {
                throw new MojoExecutionException("No results at " + display(resultsPath) + ": the last perf:run failed"
                        + " and left only " + display(partial) + " (status partial), which is not checked. Fix the"
                        + " failure and run again.");
            }
            throw new MojoExecutionException("No results at " + display(resultsPath) + "; run perf:run first (bind it"
                    + " in the same profile as perf:check), or set " + PerfProperties.RESULTS
                    + " to a results.json made elsewhere");
        }
        String baselineCommand = MavenCommands.recordBaseline(session, project, plugin,
                settings.failOnMissingBaseline());
        Gate gate = new Gate(settings).toolVersion(PluginVersion.get()).baselineCommand(baselineCommand);
        GateReport report;
        try {
            ReportWriter.deleteStale(outputPath);
            PerfResults current = ResultsJson.read(resultsPath);
            if (Files.exists(baselinePath)) {
                PerfResults stored = readBaseline(baselinePath, baselineCommand);
                report = gate.check(stored, display(baselinePath), current, display(resultsPath));
            } else {
                report = gate.noBaseline(current, display(resultsPath), display(baselinePath));
            }
        } catch (ResultsFormatException e) {
            getLog().debug(e);
            // the baseline's own message is made in readBaseline; this one is about the results just measured
            throw new MojoExecutionException(e.getMessage() + ". It was left as it is; measure again with perf:run,"
                    + " which writes the results anew");
        } catch (IOException e) {
            throw new MojoExecutionException("Cannot clear old reports in " + display(outputPath) + ": "
                    + e.getMessage(), e);
        }
        List<ProfileEvidence> profiles = profileWorkingTree(report, baselinePath);
        List<Path> written;
        try {
            written = ReportWriter.write(report, outputPath, formats);
        } catch (IOException e) {
            throw new MojoExecutionException("Cannot write the reports to " + display(outputPath) + ": "
                    + e.getMessage(), e);
        }
        logReport(report);
        ProfileSummary.consoleLines(profiles).forEach(getLog()::info);
        String mainReport = written.isEmpty() ? null : display(written.contains(outputPath.resolve("report.md"))
                ? outputPath.resolve("report.md") : written.get(0));
        if (!written.isEmpty()) {
            List<String> names = new ArrayList<>();
            written.forEach(p -> names.add(display(p)));
            getLog().info("Reports: " + String.join(", ", names));
        }
        getLog().info("perf:check: " + report.outcome() + " - " + report.summary());
        if (report.failsBuild()) {
            String message = ConsoleReport.failureSummary(report, mainReport);
            if (!report.regressions().isEmpty() && report.failOnRegression()) {
                message += ". If the slowdown is intended, record these results as the baseline (nothing is measured"
                        + " again): " + MavenCommands.acceptSlowdown(session, project, plugin);
            }
            throw new MojoFailureException(message);
        }
    }

    /**
     * Against a stored baseline there is no base build to run, so only the working tree is profiled (what
     * {@code perf.profile} selects), in one extra fork each, and attributed against the profiles stored with the
     * baseline where perf:baseline recorded them; otherwise the log says how to get a before and after.
     */
    private List<ProfileEvidence> profileWorkingTree(GateReport report, Path baselinePath)
            throws MojoExecutionException {
        List<ProfileTarget> targets = ComparisonProfiler.select(report, profileMode(), perfLog());
        BaselineProfiles stored = null;
        if (!targets.isEmpty()) {
            stored = storedProfiles(baselinePath);
            if (stored == null) {
                getLog().info("Only the working tree can be profiled against a stored baseline that has no profiles:"
                        + " perf:baseline -D" + PerfProperties.PROFILE + "=all stores them beside it, and then this"
                        + " goal attributes a slowdown before and after; perf:compare -D" + PerfProperties.AGAINST
                        + "=<ref> profiles both sides now");
            } else {
                getLog().info("Attributing against the profiles stored with the baseline in "
                        + display(BaselineProfiles.besides(baselinePath)) + " (" + stored.profiler() + ")");
            }
        }
        ComparisonProfiler profiler = profileWorkingTree(targets, profilerSetup(), stored);
        return profiler == null ? new ArrayList<>() : profiler.evidence();
    }

    /** The profiles stored with the baseline, or null (with a warning when they exist but cannot be used). */
    private BaselineProfiles storedProfiles(Path baselinePath) {
        Path file = BaselineProfiles.besides(baselinePath);
        if (!Files.isRegularFile(file) || !Files.isRegularFile(baselinePath)) {
            return null;
        }
        String again = " Record them again with the baseline: perf:baseline -D" + PerfProperties.PROFILE + "=all.";
        try {
            BaselineProfiles stored = BaselineProfiles.read(file);
            if (!stored.baselineSha256().equals(BaselineProfiles.sha256(baselinePath))) {
                getLog().warn("The profiles in " + display(file) + " were recorded with another baseline than "
                        + display(baselinePath) + " (its SHA-256 differs), so they are not used as the before." + again);
                return null;
            }
            return stored;
        } catch (JsonFormatException e) {
            getLog().warn("The profiles stored with the baseline cannot be read: " + e.getMessage() + "; they are"
                    + " not used." + again);
        } catch (IOException e) {
            getLog().warn("Cannot read " + display(baselinePath) + " to match its profiles: " + e.getMessage());
        }
        return null;
    }

    private PerfResults readBaseline(Path path, String baselineCommand) throws MojoExecutionException {
        try {
            return ResultsJson.readBaseline(path);
        } catch (ResultsFormatException e) {
            getLog().debug(e);
            // Without the cause: Maven would append the JSON parser's own message, location noise included.
            throw new MojoExecutionException("The baseline cannot be read: " + e.getMessage()
                    + ". It was left as it is: restore it from version control, or record a new one with: "
                    + baselineCommand);
        }
    }
}
