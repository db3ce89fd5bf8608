package io.perfgate.trend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class SegmentTestTest {
    @Test
    void pValueIsOtavasPooledTTestOfPopulationVariances() {
        // SciPy: ttest_ind_from_stats(mean, np.std (ddof 0), n, ...) of [1, 2, 3, 4] and [3 .. 7] = 0.023770271154
        double[] values = {9, 1, 2, 3, 4, 3, 4, 5, 6, 7, 9};
        SegmentTest.Comparison c = SegmentTest.compare(values, 1, 5, 10);
        assertEquals(0.023770271154038115, c.pValue(), 1e-12);
        assertEquals(2.5, c.meanBefore(), 0);
        assertEquals(5.0, c.meanAfter(), 0);
        assertEquals(1.0, c.change(), 1e-12);
    }

    @Test
    void twoRunsInAllCannotBeTested() {
        assertEquals(1.0, SegmentTest.compare(new double[] {1, 100}, 0, 1, 2).pValue(), 0);
    }

    @Test
    void constantLevelsAreCertainlyDifferentOrCertainlyEqual() {
        assertEquals(0.0, SegmentTest.compare(new double[] {5, 5, 5, 6, 6, 6}, 0, 3, 6).pValue(), 0);
        assertEquals(1.0, SegmentTest.compare(new double[] {5, 5, 5, 5, 5, 5}, 0, 3, 6).pValue(), 0);
    }

    @Test
    void magnitudeIsTheLargerOfForwardAndBackwardChange() {
        SegmentTest.Comparison c = SegmentTest.compare(new double[] {100, 100, 50, 50}, 0, 2, 4);
        assertEquals(-0.5, c.change(), 1e-12);
        assertEquals(1.0, c.magnitude(), 1e-12);
    }

    @Test
    void anEmptySegmentIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> SegmentTest.compare(new double[] {1, 2}, 0, 0, 2));
    }
}
