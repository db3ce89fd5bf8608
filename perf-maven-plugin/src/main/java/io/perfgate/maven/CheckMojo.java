package io.perfgate.maven;

import io.perfgate.config.PerfProperties;
import io.perfgate.gate.BenchmarkRule;
import io.perfgate.gate.Gate;
import io.perfgate.gate.GateReport;
import io.perfgate.gate.GateSettings;
import io.perfgate.gate.InvalidSettingException;
import io.perfgate.report.ConsoleReport;
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
import org.apache.maven.execution.MavenSession;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugin.logging.Log;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.project.MavenProject;

/**
 * Compares the current benchmark results with the stored baseline and fails the build when a median or p95
 * regressed beyond its threshold, by an exact one-sided Mann-Whitney test on per-fork values. Prints one table,
 * one line per regression, and writes {@code report.json}, {@code report.md} and {@code TEST-perf.xml} to the
 * output directory. Reads both files afresh, so it also runs alone on results made elsewhere.
 *
 * @since 0.1.0
 */
@Mojo(name = "check", defaultPhase = LifecyclePhase.VERIFY, threadSafe = true)
public class CheckMojo extends AbstractMojo {
    /**
     * Skips the goal.
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.SKIP, defaultValue = PerfProperties.DEFAULT_FALSE)
    private boolean skip;

    /**
     * The current results, as {@code perf:run} writes them.
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.RESULTS, defaultValue = PerfProperties.DEFAULT_RESULTS)
    private File results;

    /**
     * The baseline: a results file recorded by {@code perf:baseline} and committed with the module.
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.BASELINE, defaultValue = PerfProperties.DEFAULT_BASELINE)
    private File baseline;

    /**
     * Where the reports go.
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.OUTPUT_DIRECTORY, defaultValue = PerfProperties.DEFAULT_OUTPUT_DIRECTORY)
    private File outputDirectory;

    /**
     * T_fail of the median: the smallest slowdown that fails the build, a percentage ({@code 10%} or {@code 10}).
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.MEDIAN_FAIL, defaultValue = PerfProperties.DEFAULT_MEDIAN_FAIL)
    private String medianFail;

    /**
     * T_min of the median: the test asks whether the slowdown is larger than this, so noise around a
     * negligible change cannot fail the build. A percentage, at most {@code medianFail}.
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.MEDIAN_MIN, defaultValue = PerfProperties.DEFAULT_MEDIAN_MIN)
    private String medianMin;

    /**
     * T_fail of the p95 (per-fork 95th percentiles; SampleTime mode or scenarios). Tails are noisier than
     * medians, hence the larger default.
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.P95_FAIL, defaultValue = PerfProperties.DEFAULT_P95_FAIL)
    private String p95Fail;

    /**
     * T_min of the p95.
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.P95_MIN, defaultValue = PerfProperties.DEFAULT_P95_MIN)
    private String p95Min;

    /**
     * The one-sided significance level of each comparison, between 0 and 0.5.
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.ALPHA, defaultValue = PerfProperties.DEFAULT_ALPHA)
    private String alpha;

    /**
     * Allocation ({@code gc.alloc.rate.norm}, recorded with {@code -prof gc}) fails when it grows by more than
     * this percentage or {@code allocBytes}, whichever is larger.
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.ALLOC_PERCENT, defaultValue = PerfProperties.DEFAULT_ALLOC_PERCENT)
    private String allocPercent;

    /**
     * The byte floor of the allocation tolerance, in bytes per operation.
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.ALLOC_BYTES, defaultValue = PerfProperties.DEFAULT_ALLOC_BYTES)
    private String allocBytes;

    /**
     * The fewest forks per side that can be judged; with fewer, a comparison is INCONCLUSIVE.
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.MIN_FORKS, defaultValue = PerfProperties.DEFAULT_MIN_FORKS)
    private String minForks;

    /**
     * How to account for many comparisons: {@code none} (each at alpha, protected by the T_min floor),
     * {@code holm} (family-wise error rate) or {@code bh} (Benjamini-Hochberg false discovery rate).
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.MULTIPLICITY, defaultValue = PerfProperties.DEFAULT_MULTIPLICITY)
    private String multiplicity;

    /**
     * What to do when the baseline was measured in another environment (CPU, cores, JDK, JVM arguments ...):
     * {@code strict} makes every comparison INCONCLUSIVE and fails the build, {@code warn} lists the differences,
     * {@code ignore} only records them in the reports.
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.ENVIRONMENT_POLICY, defaultValue = PerfProperties.DEFAULT_ENVIRONMENT_POLICY)
    private String environmentPolicy;

    /**
     * Fails the build on a regression; {@code false} logs the same verdicts as warnings.
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.FAIL_ON_REGRESSION, defaultValue = PerfProperties.DEFAULT_TRUE)
    private String failOnRegression;

    /**
     * Fails the build when there is no baseline file, instead of warning.
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.FAIL_ON_MISSING_BASELINE, defaultValue = PerfProperties.DEFAULT_FALSE)
    private String failOnMissingBaseline;

    /**
     * Fails the build when benchmarks ran that the baseline does not have, instead of listing them.
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.FAIL_ON_NEW, defaultValue = PerfProperties.DEFAULT_FALSE)
    private String failOnNewBenchmarks;

    /**
     * Fails the build when baseline benchmarks did not run, instead of listing them.
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.FAIL_ON_MISSING, defaultValue = PerfProperties.DEFAULT_FALSE)
    private String failOnMissingBenchmarks;

    /**
     * Report files to write to the output directory: a comma-separated subset of {@code json} (report.json),
     * {@code md} (report.md), {@code junit} (TEST-perf.xml) and {@code html} (report.html: the verdict table and a
     * picture of every benchmark's forks, one self-contained page), or {@code none}.
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.REPORT_FORMATS, defaultValue = PerfProperties.DEFAULT_REPORT_FORMATS)
    private String reportFormats;

    /**
     * Per-benchmark settings. For each benchmark the first rule whose {@code pattern} (a regular expression)
     * is found in the benchmark's full name with parameters ({@code com.acme.ParserBench.parse:size=10}) applies;
     * its unset fields take the global values.
     *
     * <pre>{@code
     * <rules>
     *   <rule>
     *     <pattern>ParserBench\.parseLarge</pattern>
     *     <medianFail>20%</medianFail>
     *     <medianMin>10%</medianMin>
     *     <p95Fail>40%</p95Fail>
     *     <p95Min>20%</p95Min>
     *     <allocPercent>5%</allocPercent>
     *     <allocBytes>64</allocBytes>
     *   </rule>
     *   <rule>
     *     <pattern>HitRateBench</pattern>
     *     <direction>higher</direction>
     *   </rule>
     *   <rule>
     *     <pattern>\.experimental\.</pattern>
     *     <ignore>true</ignore>
     *   </rule>
     * </rules>
     * }</pre>
     *
     * @since 0.1.0
     */
    @Parameter
    private List<BenchmarkRule> rules = new ArrayList<>();

    /**
     * The ref perf:compare measures against. When it is set, perf:compare measures the base and the working tree
     * in the same build and judges them, so this goal skips itself (they can share one profile).
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.AGAINST, defaultValue = PerfProperties.DEFAULT_EMPTY)
    private String against;

    @Parameter(defaultValue = "${project}", readonly = true, required = true)
    private MavenProject project;

    @Parameter(defaultValue = "${session}", readonly = true, required = true)
    private MavenSession session;

    @Override
    public void execute() throws MojoExecutionException, MojoFailureException {
        Log log = getLog();
        if (skip) {
            log.info("Skipping perf:check: " + PerfProperties.SKIP + "=true");
            return;
        }
        if (against != null && !against.trim().isEmpty()) {
            log.info("Skipping perf:check: " + PerfProperties.AGAINST + "=" + against.trim() + " is set, so"
                    + " perf:compare judges the working tree against its base instead");
            return;
        }
        GateSettings settings;
        Set<ReportWriter.Format> formats;
        try {
            settings = settings();
            formats = ReportWriter.parseFormats(PerfProperties.REPORT_FORMATS, reportFormats);
        } catch (InvalidSettingException e) {
            throw new MojoExecutionException(e.getMessage(), e);
        }
        Path resultsPath = results.toPath();
        Path baselinePath = baseline.toPath();
        Path outputPath = outputDirectory.toPath();
        if (!Files.exists(resultsPath)) {
            if ("pom".equals(project.getPackaging())) {
                log.info("Skipping perf:check: no results at " + display(resultsPath) + " in a pom module");
                return;
            }
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
        String baselineCommand = MavenCommands.recordBaseline(session, project, settings.failOnMissingBaseline());
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
            throw new MojoExecutionException(e.getMessage());
        } catch (IOException e) {
            throw new MojoExecutionException("Cannot clear old reports in " + display(outputPath) + ": "
                    + e.getMessage(), e);
        }
        List<Path> written;
        try {
            written = ReportWriter.write(report, outputPath, formats);
        } catch (IOException e) {
            throw new MojoExecutionException("Cannot write the reports to " + display(outputPath) + ": "
                    + e.getMessage(), e);
        }
        for (ConsoleReport.Line line : ConsoleReport.render(report)) {
            switch (line.level()) {
                case ERROR:
                    log.error(line.text());
                    break;
                case WARNING:
                    log.warn(line.text());
                    break;
                default:
                    log.info(line.text());
            }
        }
        String mainReport = written.isEmpty() ? null : display(written.contains(outputPath.resolve("report.md"))
                ? outputPath.resolve("report.md") : written.get(0));
        if (!written.isEmpty()) {
            List<String> names = new ArrayList<>();
            written.forEach(p -> names.add(display(p)));
            log.info("Reports: " + String.join(", ", names));
        }
        log.info("perf:check: " + report.outcome() + " - " + report.summary());
        if (report.failsBuild()) {
            throw new MojoFailureException(ConsoleReport.failureSummary(report, mainReport));
        }
    }

    private PerfResults readBaseline(Path path, String baselineCommand) throws MojoExecutionException {
        try {
            return ResultsJson.read(path);
        } catch (ResultsFormatException e) {
            getLog().debug(e);
            // Without the cause: Maven would append the JSON parser's own message, location noise included.
            throw new MojoExecutionException("The baseline cannot be read: " + e.getMessage()
                    + ". It was left as it is: restore it from version control, or record a new one with: "
                    + baselineCommand);
        }
    }

    private GateSettings settings() throws InvalidSettingException {
        return GateSettings.builder()
                .set(PerfProperties.MEDIAN_FAIL, medianFail)
                .set(PerfProperties.MEDIAN_MIN, medianMin)
                .set(PerfProperties.P95_FAIL, p95Fail)
                .set(PerfProperties.P95_MIN, p95Min)
                .set(PerfProperties.ALPHA, alpha)
                .set(PerfProperties.ALLOC_PERCENT, allocPercent)
                .set(PerfProperties.ALLOC_BYTES, allocBytes)
                .set(PerfProperties.MIN_FORKS, minForks)
                .set(PerfProperties.MULTIPLICITY, multiplicity)
                .set(PerfProperties.ENVIRONMENT_POLICY, environmentPolicy)
                .set(PerfProperties.FAIL_ON_REGRESSION, failOnRegression)
                .set(PerfProperties.FAIL_ON_MISSING_BASELINE, failOnMissingBaseline)
                .set(PerfProperties.FAIL_ON_NEW, failOnNewBenchmarks)
                .set(PerfProperties.FAIL_ON_MISSING, failOnMissingBenchmarks)
                .rules(rules)
                .build();
    }

    /** A path relative to the module, as people type it ({@code target/perf/results.json}). */
    private String display(Path path) {
        return MavenCommands.relative(project, path);
    }
}
