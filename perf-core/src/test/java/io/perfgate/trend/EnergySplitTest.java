package io.perfgate.trend;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class EnergySplitTest {
    @Test
    void aCleanStepIsSplitAtItsFirstRun() {
        double[] values = {10, 11, 10, 11, 10, 20, 21, 20, 21, 20, 21};
        assertEquals(5, new EnergySplit(values).best(0, values.length).index());
    }

    @Test
    void theSearchStaysInsideItsSegment() {
        double[] values = {10, 11, 10, 11, 10, 20, 21, 20, 21, 40, 41, 40, 41};
        EnergySplit split = new EnergySplit(values);
        assertEquals(9, split.best(5, values.length).index());
        assertEquals(5, split.best(0, 9).index());
    }

    @Test
    void aStepFollowedByAReturnIsSeenThroughTheShorterRightPart() {
        // kappa may stop before the end: the episode [6, 10) stands out although the series ends at its old level
        double[] values = {10, 10, 11, 10, 11, 10, 30, 31, 30, 31, 10, 11, 10, 11, 10, 11, 10, 11};
        int index = new EnergySplit(values).best(0, values.length).index();
        assertEquals(true, index == 6 || index == 10, "split at " + index);
    }

    @Test
    void twoValuesSplitBetweenThem() {
        assertEquals(1, new EnergySplit(new double[] {1, 2}).best(0, 2).index());
    }
}
