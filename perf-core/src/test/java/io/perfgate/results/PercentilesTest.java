package io.perfgate.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class PercentilesTest {
    /** The names JMH gives its percentiles, which the scenario runner's percentiles share. */
    @Test
    void aPercentileIsNamedAsJmhNamesIt() {
        assertEquals("p0.50", Percentiles.P50);
        assertEquals("p0.95", Percentiles.P95);
        assertEquals("p0.00", Percentiles.key(0));
        assertEquals("p0.90", Percentiles.key(0.9));
        assertEquals("p0.999", Percentiles.key(0.999));
        assertEquals("p0.9999", Percentiles.key(0.9999));
        assertEquals("p1.00", Percentiles.key(1));
    }

    /** Below the minimum, a distribution-free 95 % interval of the p95 has no upper end: 0.95^n > 0.025. */
    @Test
    void theP95NeedsSeventyTwoSamples() {
        int n = Percentiles.MIN_SAMPLES_FOR_P95;
        assertEquals(72, n);
        assertTrue(Math.pow(0.95, n) < 0.025);
        assertTrue(Math.pow(0.95, n - 1) > 0.025);
    }

    /**
     * The p99 needs 368 latencies, not 367: 0.99^367 = 0.02501 is still above 0.025 (the scenario runner recorded a
     * p99 from 367 before). Every quantile above the p95 follows the same rule; those below it go with the p95.
     */
    @Test
    void eachQuantileNeedsTheFewestSamplesWhoseMaximumBoundsIt() {
        assertEquals(368, Percentiles.minSamples(0.99));
        assertEquals(3688, Percentiles.minSamples(0.999));
        assertEquals(Percentiles.MIN_SAMPLES_FOR_P95, Percentiles.minSamples(0.95));
        assertEquals(Percentiles.MIN_SAMPLES_FOR_P95, Percentiles.minSamples(0.5));
        for (double q : new double[] {0.96, 0.975, 0.99, 0.995, 0.999}) {
            int n = Percentiles.minSamples(q);
            assertTrue(Math.pow(q, n) < 0.025, "q=" + q);
            assertTrue(Math.pow(q, n - 1) >= 0.025, "q=" + q);
        }
    }
}
