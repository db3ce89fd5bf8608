package io.perfgate.gate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** The allowed growth of bytes per operation: max(percent x baseline, bytes). */
class AllocationToleranceTest {
    @Test
    void theLargerOfThePercentageAndTheByteFloorIsAllowed() {
        AllocationTolerance t = new AllocationTolerance(0.02, 64);
        assertEquals(64, t.allowedGrowth(16), 1e-9, "a tiny benchmark may gain one small object");
        assertEquals(64, t.allowedGrowth(3200), 1e-9, "2 % of 3200 is 64");
        assertEquals(200, t.allowedGrowth(10_000), 1e-9);
        assertEquals(0, new AllocationTolerance(0, 0).allowedGrowth(10_000), 1e-9, "no growth at all");
    }

    @Test
    void aNegativeOrMissingToleranceIsRefused() {
        assertEquals("allocation tolerance must not be negative: -0.01, 64.0", assertThrows(
                IllegalArgumentException.class, () -> new AllocationTolerance(-0.01, 64)).getMessage());
        assertThrows(IllegalArgumentException.class, () -> new AllocationTolerance(0.02, -1));
        assertThrows(IllegalArgumentException.class, () -> new AllocationTolerance(Double.NaN, 64));
    }
}
