package io.perfgate.jmh;

import io.perfgate.results.Fork;
import io.perfgate.stats.SteadyState;

/**
 * One fork's warm-up as JMH's text output showed it ({@code # Warmup Iteration   1: 123.456 ns/op} lines, and the
 * iteration times of the {@code # Warmup:} and {@code # Measurement:} header lines): JMH's JSON keeps only the
 * measurement iterations. Immutable.
 */
public final class ForkWarmup {
    /** No warm-up seen (a fork that printed none, or output from before the fork's header). */
    public static final ForkWarmup NONE = new ForkWarmup(new double[0], Double.NaN, Double.NaN);

    private final double[] values;
    private final double iterationSeconds;
    private final double measurementIterationSeconds;

    /**
     * @param values the warm-up iteration scores in order (NaN where JMH printed no number)
     * @param iterationSeconds one warm-up iteration's time, NaN when not time-based (single-shot) or unknown
     * @param measurementIterationSeconds one measurement iteration's time, NaN when unknown
     */
    public ForkWarmup(double[] values, double iterationSeconds, double measurementIterationSeconds) {
        this.values = values.clone();
        this.iterationSeconds = iterationSeconds;
        this.measurementIterationSeconds = measurementIterationSeconds;
    }

    public double[] values() {
        return values.clone();
    }

    public int iterations() {
        return values.length;
    }

    /** One measurement iteration's configured time in seconds, as the fork's header said it; NaN when unknown. */
    public double measurementIterationSeconds() {
        return measurementIterationSeconds;
    }

    /** The warm-up's configured time in total; NaN when not time-based. */
    public double seconds() {
        return values.length == 0 ? 0 : values.length * iterationSeconds;
    }

    /** From which warm-up iteration the fork was at the level of its {@code measurement} iterations. */
    public SteadyState.Settling settling(double[] measurement) {
        double ratio = measurementIterationSeconds / iterationSeconds;
        return SteadyState.settledFrom(values, measurement, Double.isFinite(ratio) ? ratio : 1);
    }

    /** The record the results keep of this warm-up, judged against the fork's {@code measurement} iterations. */
    public Fork.Warmup record(double[] measurement) {
        return new Fork.Warmup(values.length, seconds(), settling(measurement).steadyFrom());
    }
}
