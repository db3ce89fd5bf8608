package io.perfgate.gate;

import io.perfgate.results.BenchmarkResult;
import io.perfgate.results.Fork;
import io.perfgate.results.MetricInfo;
import io.perfgate.results.Percentiles;
import io.perfgate.stats.Direction;
import java.util.Arrays;
import java.util.Objects;
import java.util.function.ToDoubleFunction;

/**
 * The one home of "the value metric M takes for fork f of benchmark B, and which direction is better". The gate
 * tests these values, {@code perf:compare}'s stop rule watches them, {@code perf:calibrate} measures their noise
 * and the reports plot them: if any of them took another value, the adaptive stop could settle on one quantity
 * while the verdict is computed on another, and the plot could disagree with the table.
 *
 * <p>The values (statistics.md section 1: one fork, or one scenario run, is one observation):
 * <ul>
 *   <li>{@link Metric#MEDIAN}: in SampleTime mode the fork's own p50 of all its samples, when every fork of both
 *       sides has one; JMH's iteration score there is a mean, which one descheduled operation can move. Otherwise
 *       (other modes, scenarios, old results without percentiles) the median of the fork's measurement
 *       iterations; a scenario run has one, its wall time.</li>
 *   <li>{@link Metric#P95}: the fork's own p95 (SampleTime forks, or scenario runs with enough latencies).</li>
 *   <li>{@link Metric#ALLOCATION}: the median over the fork's iterations of {@value MetricInfo#ALLOCATION}.</li>
 *   <li>{@link Metric#SECONDARY}: a scenario run's value of the named metric.</li>
 * </ul>
 * Forks without a usable value are left out: times and scores must be finite and above zero, allocation finite
 * and not negative (a loop that allocates nothing measures 0 B/op, and growing from there is a regression).
 */
public final class ForkValues {
    private final double[] baseline;
    private final double[] candidate;

    private ForkValues(double[] baseline, double[] candidate) {
        this.baseline = baseline;
        this.candidate = candidate;
    }

    /**
     * The values of {@code metric} ({@link Metric#MEDIAN}, {@link Metric#P95} or {@link Metric#ALLOCATION}) on both
     * sides, in fork order. A side that is null (a benchmark new since the baseline, say) has no values; which
     * value stands for the median is then decided by the side that is present.
     */
    public static ForkValues of(BenchmarkResult baseline, BenchmarkResult candidate, Metric metric) {
        Objects.requireNonNull(metric, "metric");
        ToDoubleFunction<Fork> value;
        switch (metric) {
            case MEDIAN:
                value = medianFromP50(baseline, candidate) ? f -> percentile(f, Percentiles.P50) : Fork::primaryMedian;
                break;
            case P95:
                value = f -> percentile(f, Percentiles.P95);
                break;
            case ALLOCATION:
                value = f -> f.secondaryMedian(MetricInfo.ALLOCATION);
                break;
            default:
                throw new IllegalArgumentException("a secondary metric is named: use ForkValues.ofSecondary");
        }
        boolean zeroAllowed = metric == Metric.ALLOCATION;
        return new ForkValues(values(baseline, value, zeroAllowed), values(candidate, value, zeroAllowed));
    }

    /** Each run's value of the named secondary metric on both sides, in run order. */
    public static ForkValues ofSecondary(BenchmarkResult baseline, BenchmarkResult candidate, String name) {
        Objects.requireNonNull(name, "name");
        ToDoubleFunction<Fork> value = f -> f.secondaryMedian(name);
        return new ForkValues(values(baseline, value, false), values(candidate, value, false));
    }

    /**
     * Which way is better for the median and p95 of a benchmark: the direction a rule forces, else the one the
     * results infer from mode and unit (time: lower; throughput: higher). Allocation is always lower-is-better and
     * a secondary metric carries its own ({@code MetricInfo.direction()}).
     */
    public static Direction direction(BenchmarkSettings settings, BenchmarkResult candidate) {
        return settings.directionOverride() != null ? settings.directionOverride() : candidate.direction();
    }

    /**
     * True when the median is each fork's own p50: SampleTime mode and every fork of each present side recorded
     * one. All or nothing, so both sides are always summarised by the same quantity.
     */
    public static boolean medianFromP50(BenchmarkResult baseline, BenchmarkResult candidate) {
        boolean any = false;
        for (BenchmarkResult side : new BenchmarkResult[] {baseline, candidate}) {
            if (side == null) {
                continue;
            }
            if (!BenchmarkResult.MODE_SAMPLE_TIME.equals(side.mode()) || side.forks().isEmpty()
                    || !side.forks().stream().allMatch(f -> f.percentiles().containsKey(Percentiles.P50))) {
                return false;
            }
            any = true;
        }
        return any;
    }

    /** The baseline's values, one per fork that has a usable one. */
    public double[] baseline() {
        return baseline.clone();
    }

    /** The candidate's (current results') values, one per fork that has a usable one. */
    public double[] candidate() {
        return candidate.clone();
    }

    private static double[] values(BenchmarkResult side, ToDoubleFunction<Fork> value, boolean zeroAllowed) {
        if (side == null) {
            return new double[0];
        }
        return side.forks().stream().mapToDouble(value)
                .filter(v -> Double.isFinite(v) && (zeroAllowed ? v >= 0 : v > 0)).toArray();
    }

    private static double percentile(Fork f, String key) {
        Double v = f.percentiles().get(key);
        return v == null ? Double.NaN : v;
    }

    @Override
    public String toString() {
        return "baseline " + Arrays.toString(baseline) + ", candidate " + Arrays.toString(candidate);
    }
}
