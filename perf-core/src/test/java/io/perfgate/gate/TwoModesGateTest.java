package io.perfgate.gate;

import static io.perfgate.testing.Results.around;
import static io.perfgate.testing.Results.avgt;
import static io.perfgate.testing.Results.results;
import static io.perfgate.testing.Results.sample;
import static io.perfgate.testing.Results.times;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.perfgate.results.BenchmarkId;
import io.perfgate.results.BenchmarkResult;
import io.perfgate.results.Calibration;
import io.perfgate.results.PerfResults;
import io.perfgate.stats.Verdict;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A JMH benchmark run in two modes (avgt and sample) is two results with one name and parameters: the gate finds,
 * calibrates and judges each mode as its own benchmark.
 */
class TwoModesGateTest {
    private static final String NAME = "a.B.m";
    private static final BenchmarkId AVGT = BenchmarkId.of(NAME, Map.of(), "avgt");
    private static final BenchmarkId SAMPLE = BenchmarkId.of(NAME, Map.of(), "sample");
    /** Ten forks a side, tight: a 12 % slowdown is a clear FAIL without calibration. */
    private static final double[] BASE = {100, 100.5, 99.5, 100.2, 99.8, 100.1, 99.9, 100.3, 99.7, 100};

    private static BenchmarkResult both(String mode, double[] medians) {
        return "avgt".equals(mode) ? avgt(NAME, medians) : sample(NAME, medians, times(medians, 1.5));
    }

    private static GateRow median(GateReport r, BenchmarkId id) {
        return r.comparisons().stream().filter(c -> c.id().equals(id) && c.metric() == Metric.MEDIAN).findFirst()
                .orElseThrow(() -> new AssertionError(r.comparisons().toString()));
    }

    /**
     * perf:calibrate found the avgt mode noisy and the sample mode quiet: a 12 % slowdown of both is within the
     * avgt mode's noise floor and a FAIL of the sample mode's. Keyed by name and parameters alone, one mode's noise
     * floor stood for both.
     */
    @Test
    void eachModeIsJudgedAgainstItsOwnNoiseFloor() {
        Map<BenchmarkId, Calibration.Entry> entries = new LinkedHashMap<>();
        entries.put(AVGT, new Calibration.Entry(10, 0.20, 0.01, 0.10, 0.3, 40, "PASS"));
        entries.put(SAMPLE, new Calibration.Entry(10, 0.005, 0.01, 0.10, 0.01, 3, "PASS"));
        PerfResults baseline = results(both("avgt", BASE), both("sample", BASE)).toBuilder()
                .calibration(new Calibration("2026-11-22T09:00:00Z", 0.8, 0.05, entries)).build();
        PerfResults current = results(both("avgt", times(BASE, 1.12)), both("sample", times(BASE, 1.12)));

        GateReport r = new Gate(GateSettings.defaults()).check(baseline, current);

        assertEquals(Verdict.INCONCLUSIVE, median(r, AVGT).verdict(), median(r, AVGT).toString());
        assertEquals(Verdict.FAIL, median(r, SAMPLE).verdict(), median(r, SAMPLE).toString());
    }

    /**
     * The history holds both modes of a benchmark in every run; the current sample mode is 30 % slower. Found by
     * name and parameters, then filtered by mode, the sample mode had no past run and could not be judged.
     */
    @Test
    void theHistoryGateFindsAndJudgesTheSecondMode() {
        List<PerfResults> runs = new ArrayList<>();
        double[] levels = {1.0, 1.01, 0.995, 1.005, 0.99, 1.002, 1.008, 0.994, 1.001, 0.999};
        for (int i = 0; i < levels.length; i++) {
            double[] forks = times(around(1000, 0.02, 5, i), levels[i]);
            runs.add(results(both("avgt", forks), both("sample", forks)));
        }
        double[] now = around(1000, 0.02, 5, 99);
        PerfResults current = results(both("avgt", now), both("sample", times(now, 1.3)));

        GateReport r = new HistoryGate(new Gate(GateSettings.defaults()).toolVersion("test")).check(runs,
                "history: 10 runs of main", current, "results.json");

        assertEquals(Verdict.PASS, median(r, AVGT).verdict(), median(r, AVGT).toString());
        assertEquals(Verdict.FAIL, median(r, SAMPLE).verdict(), median(r, SAMPLE).toString());
    }
}
