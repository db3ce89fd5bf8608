package io.perfgate.results;

import java.math.BigDecimal;

/**
 * The latency percentiles a fork (or a scenario run) records of itself in {@link Fork#percentiles()}: their names,
 * as JMH gives them ({@code p0.50}, {@code p0.95}, {@code p0.999}), and how many latencies a run needs before its
 * percentile means anything. The JMH reader, the scenario runner and the gate all name them from here.
 */
public final class Percentiles {
    /** A fork's own median latency. */
    public static final String P50 = key(0.5);
    /** A fork's own 95th percentile latency. */
    public static final String P95 = key(0.95);

    /**
     * Fewest latencies from which a run's p95 (and its p50 and p90) is recorded: with fewer, the sample maximum is
     * not yet above the p95 with 97.5 % confidence (0.95^72 &lt; 0.025), so no distribution-free 95 % interval
     * exists.
     */
    public static final int MIN_SAMPLES_FOR_P95 = 72;

    private Percentiles() {
    }

    /**
     * Fewest latencies from which a run's q-quantile is recorded: the smallest n with q^n &lt; 0.025, so that the
     * sample maximum lies above the quantile with 97.5 % confidence. Quantiles up to the p95 are recorded together
     * with it, so they need what the p95 needs.
     */
    public static int minSamples(double q) {
        if (!(q > 0 && q < 1)) {
            throw new IllegalArgumentException("a quantile is between 0 and 1, not " + q);
        }
        if (q <= 0.95) {
            return MIN_SAMPLES_FOR_P95;
        }
        // a loop, not a logarithm: ln(0.025) / ln(q) is an integer plus rounding error near some q
        int n = 1;
        for (double tail = q; tail >= 0.025; tail *= q) {
            n++;
        }
        return n;
    }

    /** The name of the q-quantile ({@code q} from 0 to 1) with at least two decimals: {@code p0.95}, {@code p0.999}. */
    public static String key(double q) {
        BigDecimal plain = new BigDecimal(Double.toString(q)).stripTrailingZeros();
        return "p" + plain.setScale(Math.max(2, plain.scale())).toPlainString();
    }
}
