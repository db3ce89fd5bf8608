package io.perfgate.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class UnitsTest {
    @Test
    void timesAreScaledToTheLargestUnitAboveOne() {
        assertEquals("812.0 ns/op", Units.value(812, "ns/op"));
        assertEquals("1.235 us/op", Units.value(1234.5, "ns/op"));
        assertEquals("41.20 ns/op", Units.value(0.0412, "us/op"));
        assertEquals("12.35 ms/op", Units.value(12345, "us/op"));
        assertEquals("1.524 s/op", Units.value(1523.7, "ms/op"));
        assertEquals("90.00 s/op", Units.value(1.5, "min/op"));
        assertEquals("2.500 s", Units.value(2500, "ms"));
    }

    @Test
    void intervalsShareTheMediansScale() {
        assertEquals("999.0 ns/op [990.0, 1010.0]", Units.valueWithInterval(999, 990, 1010, "ns/op"));
        assertEquals("1.523 us/op [1.490, 1.561]", Units.valueWithInterval(1523.4, 1490.1, 1561.0, "ns/op"));
        assertEquals("1.523 us/op", Units.valueWithInterval(1523.4, Double.NaN, Double.NaN, "ns/op"));
        assertEquals("-", Units.valueWithInterval(Double.NaN, 1, 2, "ns/op"));
    }

    @Test
    void throughputsAreShownPerSecondWithPrefixes() {
        assertEquals("2.512 Mops/s", Units.value(2_512_345.6, "ops/s"));
        assertEquals("2.512 Mops/s", Units.value(2512.3456, "ops/ms"));
        assertEquals("12.35 kops/s", Units.value(12_345, "ops/s"));
        assertEquals("812.0 ops/s", Units.value(812, "ops/s"));
        assertEquals("1.500 Gops/s", Units.value(1.5, "ops/ns"));
    }

    @Test
    void bytesAndUnknownUnits() {
        assertEquals("4016 B/op", Units.value(4016.075, "B/op"));
        assertEquals("24.00 B/op", Units.value(24, "B/op"));
        assertEquals("40.96 kB/op", Units.value(40960, "B/op"));
        assertEquals("3.000 hits/op", Units.value(3, "hits/op"));
    }

    @Test
    void percentages() {
        assertEquals("+23.4 %", Units.percent(0.234));
        assertEquals("-3.0 %", Units.percent(-0.03));
        assertEquals("+0.0 %", Units.percent(-0.00001));
        assertEquals("+23.4 % [+18.1 %, +29.0 %]", Units.percentWithInterval(0.234, 0.181, 0.29));
        assertEquals("-", Units.percent(Double.NaN));
    }
}
