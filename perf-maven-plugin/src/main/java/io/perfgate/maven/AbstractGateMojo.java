package io.perfgate.maven;

import io.perfgate.config.PerfProperties;
import io.perfgate.gate.BenchmarkRule;
import io.perfgate.gate.GateSettings;
import io.perfgate.gate.InvalidSettingException;
import io.perfgate.gate.RoundSettings;
import io.perfgate.interleaved.InterleavedSchedule;
import java.util.ArrayList;
import java.util.List;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.toolchain.ToolchainManager;
import org.eclipse.aether.RepositorySystem;

/**
 * The goals that judge measurements they make in interleaved rounds (perf:calibrate, perf:compare, perf:check, and
 * perf:trend, which measures a change point's two commits side by side): the thresholds, the failure switches and
 * the per-benchmark rules, turned into one {@link GateSettings}, and the seed of the rounds' order. The settings about
 * a stored baseline (environment policy, missing baseline, new and missing benchmarks) do not apply when both sides
 * are measured in the same build. perf:trend's series read the rules and the allocation tolerance too.
 */
abstract class AbstractGateMojo extends AbstractJmhMojo {
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
     * The one-sided significance level of each comparison, between 0 and 0.5. In a comparison with adaptive
     * stopping each of the two looks uses half of it.
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
     * The fewest forks per side that can be judged; with fewer, a comparison is INCONCLUSIVE. Adaptive stopping
     * looks first after this many rounds.
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
     * Fails the build when a comparison is INCONCLUSIVE (too few forks, unstable forks, incomplete data, a refused
     * environment ...), instead of warning: nothing judged is not a pass.
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.FAIL_ON_INCONCLUSIVE, defaultValue = PerfProperties.DEFAULT_FALSE)
    private String failOnInconclusive;

    /**
     * Fails the build when no benchmark of the run is in the baseline, so nothing is compared (every benchmark
     * renamed, or the baseline of another module): a check that compares nothing is a broken set-up, not a pass.
     * {@code false} lists the benchmarks as new and warns. A partial overlap never fails on this account; see
     * {@code failOnInconclusive}, {@code failOnNewBenchmarks} and {@code failOnMissingBenchmarks} for it.
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.FAIL_ON_NO_COMPARISONS, defaultValue = PerfProperties.DEFAULT_TRUE)
    private String failOnNoComparisons;

    /**
     * Per-benchmark settings. For each benchmark the first rule whose {@code pattern} (a regular expression)
     * is found in the benchmark's full name with parameters ({@code com.acme.ParserBench.parse:size=10}) applies;
     * its unset fields take the global values. Fields: {@code pattern}, {@code medianFail}, {@code medianMin},
     * {@code p95Fail}, {@code p95Min}, {@code allocPercent}, {@code allocBytes}, {@code direction}
     * ({@code lower} or {@code higher}) and {@code ignore}; the perf:check page has an example.
     *
     * @since 0.1.0
     */
    @Parameter
    private List<BenchmarkRule> rules = new ArrayList<>();

    /**
     * The seed of the random order of base and candidate forks in each round. Empty: a fresh seed, printed in the
     * log, so any run can be repeated in the same order with {@code -Dperf.seed=<printed value>}.
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.SEED, defaultValue = PerfProperties.DEFAULT_EMPTY)
    private String seed;

    protected AbstractGateMojo(String goal, ToolchainManager toolchainManager, RepositorySystem repositorySystem) {
        super(goal, toolchainManager, repositorySystem);
    }

    /** The scenario plans are sized for this goal's limits. */
    @Override
    protected GateSettings planningSettings() throws MojoExecutionException {
        return gateSettings();
    }

    /** The settings of the parameters above, checked. */
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
                    .set(PerfProperties.ENVIRONMENT_POLICY, environmentPolicy)
                    .set(PerfProperties.FAIL_ON_REGRESSION, failOnRegression)
                    .set(PerfProperties.FAIL_ON_MISSING_BASELINE, failOnMissingBaseline)
                    .set(PerfProperties.FAIL_ON_NEW, failOnNewBenchmarks)
                    .set(PerfProperties.FAIL_ON_MISSING, failOnMissingBenchmarks)
                    .set(PerfProperties.FAIL_ON_INCONCLUSIVE, failOnInconclusive)
                    .set(PerfProperties.FAIL_ON_NO_COMPARISONS, failOnNoComparisons)
                    .rules(rules)
                    .build();
        } catch (InvalidSettingException e) {
            throw PerfGoal.badSetting(e);
        }
    }

    /** {@code perf.seed} given, or a fresh one (logged by the rounds). */
    protected final long seedValue() throws MojoExecutionException {
        try {
            return RoundSettings.seed(seed, InterleavedSchedule::randomSeed);
        } catch (InvalidSettingException e) {
            throw PerfGoal.badSetting(e);
        }
    }

    /** The rounds' settings: {@code perf.seed} with a comparison's {@code perf.adaptive} and {@code perf.maxForks}. */
    protected final RoundSettings rounds(String adaptive, int maxForks) throws MojoExecutionException {
        try {
            return RoundSettings.parse(seed, adaptive, maxForks, InterleavedSchedule::randomSeed);
        } catch (InvalidSettingException e) {
            throw PerfGoal.badSetting(e);
        }
    }
}
