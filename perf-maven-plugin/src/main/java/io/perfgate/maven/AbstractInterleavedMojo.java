package io.perfgate.maven;

import io.perfgate.compare.InterleavedSchedule;
import io.perfgate.config.PerfProperties;
import io.perfgate.gate.BenchmarkRule;
import io.perfgate.gate.GateSettings;
import io.perfgate.gate.InvalidSettingException;
import io.perfgate.report.ReportWriter;
import java.io.File;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.toolchain.ToolchainManager;

/**
 * What {@code perf:compare} and {@code perf:calibrate} share: they run single JMH forks in interleaved rounds with
 * perf:run's options (from {@link AbstractJmhMojo}: same properties, same meaning) and judge them with perf:check's
 * settings. Those settings are declared here again, not inherited from {@link AbstractGateMojo}: a goal class has
 * one superclass, and perf:check must not list JMH's options. These goals leave out the settings about a stored
 * baseline (environment policy, missing baseline, new and missing benchmarks), since they measure both sides.
 */
abstract class AbstractInterleavedMojo extends AbstractJmhMojo {
    /**
     * The seed of the random order of base and candidate forks in each round. Empty: a fresh seed, printed in the
     * log, so any run can be repeated in the same order with {@code -Dperf.seed=<printed value>}.
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.SEED, defaultValue = PerfProperties.DEFAULT_EMPTY)
    private String seed;

    /**
     * Where results and reports go ({@code base-results.json}, {@code results.json}, {@code report.*},
     * {@code calibration.json}); the base is checked out and built below it and removed afterwards.
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.OUTPUT_DIRECTORY, defaultValue = PerfProperties.DEFAULT_OUTPUT_DIRECTORY)
    protected File outputDirectory;

    // ------------------------------------------------------------------ perf:check's settings

    /**
     * T_fail of the median: the smallest slowdown that fails the build, a percentage ({@code 10%}).
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.MEDIAN_FAIL, defaultValue = PerfProperties.DEFAULT_MEDIAN_FAIL)
    private String medianFail;

    /**
     * T_min of the median: the test asks whether the slowdown is larger than this. At most {@code medianFail}.
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.MEDIAN_MIN, defaultValue = PerfProperties.DEFAULT_MEDIAN_MIN)
    private String medianMin;

    /**
     * T_fail of the p95 (per-fork 95th percentiles, SampleTime mode).
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
     * The one-sided significance level. With adaptive stopping each of the two looks uses half of it.
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.ALPHA, defaultValue = PerfProperties.DEFAULT_ALPHA)
    private String alpha;

    /**
     * Allocation fails when it grows by more than this percentage or {@code allocBytes}, whichever is larger.
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
     * The fewest forks per side that can be judged; adaptive stopping looks first after this many rounds (at
     * least 5).
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.MIN_FORKS, defaultValue = PerfProperties.DEFAULT_MIN_FORKS)
    private String minForks;

    /**
     * How to account for many comparisons: {@code none}, {@code holm} or {@code bh}.
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.MULTIPLICITY, defaultValue = PerfProperties.DEFAULT_MULTIPLICITY)
    private String multiplicity;

    /**
     * Fails the build on a regression; {@code false} logs the same verdicts as warnings.
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.FAIL_ON_REGRESSION, defaultValue = PerfProperties.DEFAULT_TRUE)
    private String failOnRegression;

    /**
     * Report files to write: a comma-separated subset of {@code json}, {@code md}, {@code junit} and {@code html}
     * (report.html, a picture of every benchmark's forks), or {@code none}.
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.REPORT_FORMATS, defaultValue = PerfProperties.DEFAULT_REPORT_FORMATS)
    private String reportFormats;

    /**
     * Per-benchmark settings, as for perf:check: the first rule whose {@code pattern} is found in the benchmark's
     * name with parameters applies.
     *
     * <pre>{@code
     * <rules>
     *   <rule>
     *     <pattern>ParserBench\.parseLarge</pattern>
     *     <medianFail>20%</medianFail>
     *   </rule>
     * </rules>
     * }</pre>
     *
     * @since 0.1.0
     */
    @Parameter
    private List<BenchmarkRule> rules = new ArrayList<>();

    protected AbstractInterleavedMojo(String goal, ToolchainManager toolchainManager) {
        super(goal, toolchainManager);
    }

    /** The settings of perf:check. */
    protected final GateSettings gateSettings() throws MojoExecutionException {
        try {
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
                    .set(PerfProperties.FAIL_ON_REGRESSION, failOnRegression)
                    .rules(rules)
                    .build();
        } catch (InvalidSettingException e) {
            throw new MojoExecutionException(e.getMessage(), e);
        }
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

    /** The report files asked for. */
    protected final Set<ReportWriter.Format> reportFormats() throws MojoExecutionException {
        return parseReportFormats(reportFormats);
    }
}
