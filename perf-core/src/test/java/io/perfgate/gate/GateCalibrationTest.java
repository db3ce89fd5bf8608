package io.perfgate.gate;

import static io.perfgate.testing.Results.avgt;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.perfgate.results.BenchmarkId;
import io.perfgate.results.BenchmarkResult;
import io.perfgate.results.Calibration;
import io.perfgate.results.PerfResults;
import io.perfgate.stats.Verdict;
import java.util.Collections;
import org.junit.jupiter.api.Test;

class GateCalibrationTest {
    private static final String NAME = "a.B.m";
    /** Ten forks a side, tight: a 12 % slowdown is a clear FAIL without calibration. */
    private static final double[] BASE = {100, 100.5, 99.5, 100.2, 99.8, 100.1, 99.9, 100.3, 99.7, 100};

    private static double[] times(double factor) {
        double[] v = new double[BASE.length];
        for (int i = 0; i < v.length; i++) {
            v[i] = BASE[(i + 3) % BASE.length] * factor;
        }
        return v;
    }

    private static PerfResults results(BenchmarkResult b, Calibration calibration) {
        return PerfResults.builder().createdAt("2026-11-22T10:00:00Z").toolVersion("test").addBenchmark(b)
                .calibration(calibration).build();
    }

    private static Calibration calibration(double cv, String aaVerdict) {
        return new Calibration("2026-11-22T09:00:00Z", 0.8, 0.05, Collections.singletonMap(
                BenchmarkId.ofKey(NAME, "avgt"),
                new Calibration.Entry(10, cv, 0.01, 0.10, 0.3, 40, aaVerdict)));
    }

    private static GateRow median(GateReport report) {
        for (GateRow c : report.comparisons()) {
            if (c.metric() == Metric.MEDIAN) {
                return c;
            }
        }
        throw new AssertionError("no median comparison");
    }

    private static GateRow check(double factor, Calibration calibration) {
        return median(new Gate(GateSettings.defaults()).check(results(avgt(NAME, BASE), calibration),
                results(avgt(NAME, times(factor)), null)));
    }

    @Test
    void theNoiseFloorIsTheSlowdownNoiseAloneReachesAtAlpha() {
        // sigma = sqrt(log(1.0025)) = 0.04997; se = sigma sqrt(0.2 pi / 3) = 0.02287; z = 1.6449
        assertEquals(0.0383, NoiseFloor.of(0.05, 10, 10, 0.05), 5e-4);
        assertTrue(NoiseFloor.of(0.05, 20, 20, 0.05) < NoiseFloor.of(0.05, 10, 10, 0.05));
        assertTrue(NoiseFloor.of(0.20, 10, 10, 0.05) > 0.10);
    }

    @Test
    void withoutCalibrationAClearSlowdownFails() {
        assertEquals(Verdict.FAIL, check(1.12, null).verdict());
    }

    @Test
    void aQuietCalibrationChangesNothing() {
        assertEquals(Verdict.FAIL, check(1.12, calibration(0.02, "PASS")).verdict());
    }

    @Test
    void aFailWithinANoiseFloorAboveTheLimitIsInconclusive() {
        GateRow c = check(1.12, calibration(0.20, "PASS"));
        assertEquals(Verdict.INCONCLUSIVE, c.verdict());
        assertTrue(c.reason().contains("puts the noise floor at +16.1 % with 10 vs 10 forks (between-fork CV 20.0 %),"
                + " above the 10 % limit"), c.reason());
        assertTrue(c.reason().contains("Use at least 40 forks per side"), c.reason());
    }

    @Test
    void aSlowdownThatClearsTheNoiseFloorStillFails() {
        assertEquals(Verdict.FAIL, check(1.60, calibration(0.20, "PASS")).verdict());
    }

    @Test
    void aBenchmarkThatFailedItsOwnAaRunIsInconclusive() {
        GateRow c = check(1.60, calibration(0.02, "WARN"));
        assertEquals(Verdict.INCONCLUSIVE, c.verdict());
        assertTrue(c.reason().contains("found this benchmark WARN against itself"), c.reason());
    }

    @Test
    void theInconclusiveVerdictDoesNotFailTheBuild() {
        GateReport report = new Gate(GateSettings.defaults()).check(
                results(avgt(NAME, BASE), calibration(0.20, "PASS")), results(avgt(NAME, times(1.12)), null));
        assertTrue(report.regressions().isEmpty());
        assertTrue(!report.failsBuild());
    }
}
