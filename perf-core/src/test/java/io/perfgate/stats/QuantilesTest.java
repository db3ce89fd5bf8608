package io.perfgate.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Iterator;
import java.util.Map;
import org.junit.jupiter.api.Test;

class QuantilesTest {

    @Test
    void percentilesMatchNumpyType7() {
        for (JsonNode c : ReferenceData.root().get("quantile")) {
            double[] values = ReferenceData.doubles(c.get("values"));
            Iterator<Map.Entry<String, JsonNode>> it = c.get("percentiles").fields();
            while (it.hasNext()) {
                Map.Entry<String, JsonNode> e = it.next();
                double p = Double.parseDouble(e.getKey());
                assertEquals(e.getValue().asDouble(), Quantiles.percentile(values, p), 1e-9,
                        "p" + p + " of " + values.length);
            }
        }
    }

    @Test
    void orderStatisticIntervalsMatchScipyBinomial() {
        for (JsonNode c : ReferenceData.root().get("quantile")) {
            double[] values = ReferenceData.doubles(c.get("values"));
            for (JsonNode i : c.get("intervals")) {
                double p = i.get("p").asDouble();
                double confidence = i.get("confidence").asDouble();
                OrderStatisticInterval interval = Quantiles.interval(values, p, confidence);
                String what = "p" + p + " at " + confidence + " of " + values.length;
                assertEquals(i.get("lowerRank").asInt(), interval.lowerRank(), what);
                assertEquals(i.get("upperRank").asInt(), interval.upperRank(), what);
                assertEquals(ReferenceData.number(i.get("lower")), interval.lower(), 0, what);
                assertEquals(ReferenceData.number(i.get("upper")), interval.upper(), 0, what);
                if (interval.isBounded()) {
                    assertTrue(interval.coverage() >= confidence, what + " coverage " + interval.coverage());
                }
            }
        }
    }

    @Test
    void medianIntervalNeedsSixValuesAndP95NeedsSeventyTwo() {
        assertFalse(Quantiles.medianInterval(new double[] {1, 2, 3, 4, 5}, 0.95).isBounded());
        OrderStatisticInterval six = Quantiles.medianInterval(new double[] {6, 1, 5, 2, 4, 3}, 0.95);
        assertTrue(six.isBounded());
        assertEquals(1, six.lower(), 0);
        assertEquals(6, six.upper(), 0);
        assertEquals(1 - 2.0 / 64, six.coverage(), 1e-12);
        assertEquals(3.5, six.estimate(), 0);
        double[] seventyOne = new double[71];
        double[] seventyTwo = new double[72];
        for (int i = 0; i < 72; i++) {
            seventyTwo[i] = i;
            if (i < 71) {
                seventyOne[i] = i;
            }
        }
        // statistics.md section 5: a distribution-free 95 % CI of a p95 needs >= 72 samples
        assertFalse(Quantiles.interval(seventyOne, 0.95, 0.95).isBounded());
        assertTrue(Quantiles.interval(seventyTwo, 0.95, 0.95).isBounded());
    }

    @Test
    void medianOfEvenAndOddCounts() {
        assertEquals(2, Quantiles.median(new double[] {3, 1, 2}), 0);
        assertEquals(2.5, Quantiles.median(new double[] {4, 1, 3, 2}), 0);
        assertEquals(7, Quantiles.median(new double[] {7}), 0);
    }

    @Test
    void rejectsBadInput() {
        assertThrows(IllegalArgumentException.class, () -> Quantiles.median(new double[0]));
        IllegalArgumentException nan = assertThrows(IllegalArgumentException.class,
                () -> Quantiles.median(new double[] {1, Double.NaN}));
        assertEquals("value 2 is NaN, not a finite number", nan.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Quantiles.percentile(new double[] {1}, 1.5));
        assertThrows(IllegalArgumentException.class, () -> Quantiles.interval(new double[] {1}, 0.5, 1));
    }
}
