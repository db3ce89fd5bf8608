package io.perfgate.report;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class NumbersTest {
    @Test
    void significantDigitsAreTheSameForEveryValueOfAColumn() {
        assertEquals("2.100", Numbers.significant(2.1, 4));
        assertEquals("2.250", Numbers.significant(2.25, 4));
        assertEquals("850.0", Numbers.significant(0.85 * 1000, 4));
        assertEquals("1520000", Numbers.significant(1.52e6, 4));
        assertEquals("0.0001235", Numbers.significant(0.00012345, 4));
        assertEquals("n/a", Numbers.significant(Double.NaN, 4));
        assertEquals("inf", Numbers.significant(Double.POSITIVE_INFINITY, 4));
    }

    @Test
    void ticksAreRoundAndNamedShortly() {
        assertArrayEquals(new double[] {12, 12.5, 13, 13.5, 14, 14.5, 15}, ForkPlotSvg.niceTicks(11.6, 15.3, 6), 1e-9);
        assertEquals("0.3", Numbers.tick(0.1 + 0.2));
        assertEquals("1.05", Numbers.tick(1.05));
        assertEquals("1.10", Numbers.ratioThreshold(0.1));
    }

    @Test
    void slowdownIsWordedTheSameForTimesAndThroughputs() {
        assertEquals("21.1 % slower", ForkPlotSvg.slower(1.2107));
        assertEquals("0.7 % faster", ForkPlotSvg.slower(0.9934));
        assertEquals("no change", ForkPlotSvg.slower(1.0));
    }

    @Test
    void axisUnitKeepsTickLabelsShort() {
        ForkPlotSvg.AxisUnit ops = ForkPlotSvg.AxisUnit.of(new double[] {1.49e6, 1.55e6}, "ops/s");
        assertEquals("Mops/s", ops.unit);
        assertArrayEquals(new double[] {1.49}, ops.apply(new double[] {1.49e6}), 1e-12);
        assertEquals("ns/op", ForkPlotSvg.AxisUnit.of(new double[] {0.83, 0.89}, "us/op").unit);
        assertEquals("ms/op", ForkPlotSvg.AxisUnit.of(new double[] {3.1, 3.3}, "ms/op").unit);
        assertEquals("s/op", ForkPlotSvg.AxisUnit.of(new double[] {1500, 2500}, "ms/op").unit);
        assertEquals("B/op", ForkPlotSvg.AxisUnit.of(new double[] {4016}, "B/op").unit);
    }
}
