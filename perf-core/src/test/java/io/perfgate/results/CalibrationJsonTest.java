package io.perfgate.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CalibrationJsonTest {
    private static final Path FILE = Path.of("src/perf/baseline.json");

    /** The avgt benchmark of {@code key}. */
    private static BenchmarkId id(String key) {
        return BenchmarkId.ofKey(key, "avgt");
    }

    private static PerfResults baseline(Calibration calibration) {
        return PerfResults.builder().createdAt("2026-11-22T10:00:00Z").toolVersion("0.1.0")
                .environment(Collections.singletonMap("os.name", "Linux"))
                .provenance(Collections.singletonMap("git.commit", "abc"))
                .addBenchmark(BenchmarkResult.builder("a.B.m").mode("avgt").unit("ns/op")
                        .addFork(new Fork(new double[] {1.0, 1.1}, Collections.emptyMap(), Collections.emptyMap()))
                        .build())
                .calibration(calibration).build();
    }

    @Test
    void theCalibrationSectionRoundTrips() throws Exception {
        Map<BenchmarkId, Calibration.Entry> entries = new LinkedHashMap<>();
        entries.put(id("a.B.m"), new Calibration.Entry(10, 0.021, 0.012, 0.10, 0.043, 6, "PASS"));
        entries.put(id("a.B.n:size=10"), new Calibration.Entry(10, 0.09, Double.NaN, 0.10, 0.17, 0, "WARN"));
        PerfResults original = baseline(new Calibration("2026-11-22T10:05:00Z", 0.8, 0.05, entries));

        String json = ResultsJson.toJson(original);
        assertTrue(json.contains("\"calibration\""), json);
        PerfResults read = ResultsJson.parse(FILE, json);
        assertEquals(json, ResultsJson.toJson(read));

        Calibration c = read.calibration();
        assertEquals("2026-11-22T10:05:00Z", c.measuredAt());
        assertEquals(0.8, c.power());
        Calibration.Entry noisy = c.find(id("a.B.n:size=10"));
        assertEquals(0.09, noisy.betweenForkCv());
        assertTrue(Double.isNaN(noisy.withinForkCv()));
        assertEquals(0, noisy.forksNeeded());
        assertEquals("WARN", noisy.aaVerdict());
        assertTrue(c.find(id("a.B.m")).resolves(0.10));
        assertTrue(!noisy.resolves(0.10));
    }

    @Test
    void theForkPlanRoundTripsAndAnEntryWrittenBeforePlansHasNone() throws Exception {
        Map<BenchmarkId, Calibration.Entry> entries = new LinkedHashMap<>();
        entries.put(id("a.B.m"), new Calibration.Entry(10, 0.05, 0.01, 0.10, 0.2, 12, "PASS",
                new Calibration.Plan(12, 6, 3.85, 0.5, 10, "between-fork noise 5.0 % dominates within-fork 1.0 %")));
        entries.put(id("a.B.n"), new Calibration.Entry(10, 0.021, 0.012, 0.10, 0.043, 6, "PASS"));
        String json = ResultsJson.toJson(baseline(new Calibration("2026-11-22T10:05:00Z", 0.8, 0.05, entries)));
        PerfResults read = ResultsJson.parse(FILE, json);
        assertEquals(json, ResultsJson.toJson(read));
        Calibration.Plan plan = read.calibration().find(id("a.B.m")).plan();
        assertEquals(12, plan.forks());
        assertEquals(6, plan.iterations());
        assertEquals(3.85, plan.forkSeconds());
        assertEquals(0.5, plan.iterationSeconds());
        assertEquals(10, plan.measuredIterations());
        assertEquals(12 * (3.85 + 6 * 0.5), plan.secondsAt(12, 6), 1e-9);
        assertTrue(plan.reason().startsWith("between-fork noise"), plan.reason());
        assertNull(read.calibration().find(id("a.B.n")).plan());
    }

    /** A calibration as perf:calibrate wrote it before fork plans existed (no {@code plan} member) still reads. */
    @Test
    void aCalibrationWrittenBeforeForkPlansStillReads() throws Exception {
        Map<BenchmarkId, Calibration.Entry> entries = Collections.singletonMap(id("a.B.m"),
                new Calibration.Entry(10, 0.021, 0.012, 0.10, 0.043, 6, "PASS"));
        String old = ResultsJson.toJson(baseline(new Calibration("2026-11-22T10:05:00Z", 0.8, 0.05, entries)));
        // the calibration section exactly as it was before plans: these members and no other
        assertTrue(old.contains("\"forksNeeded\" : 6,\n        \"aaVerdict\" : \"PASS\"\n      }"), old);
        assertTrue(!old.contains("plan"), old);
        Calibration.Entry e = ResultsJson.parse(FILE, old).calibration().find(id("a.B.m"));
        assertEquals(0.021, e.betweenForkCv());
        assertNull(e.plan());
    }

    @Test
    void aFileWithoutCalibrationHasNone() throws Exception {
        String json = ResultsJson.toJson(baseline(null));
        assertTrue(!json.contains("calibration"), json);
        assertNull(ResultsJson.parse(FILE, json).calibration());
    }

    @Test
    void aBrokenCalibrationFieldIsNamed() throws Exception {
        Map<BenchmarkId, Calibration.Entry> entries = Collections.singletonMap(id("a.B.m"),
                new Calibration.Entry(10, 0.021, 0.012, 0.10, 0.043, 6, "PASS"));
        String json = ResultsJson.toJson(baseline(new Calibration("2026-11-22T10:05:00Z", 0.8, 0.05, entries)))
                .replace("\"forksNeeded\" : 6", "\"forksNeeded\" : \"six\"");
        ResultsFormatException e = assertThrows(ResultsFormatException.class, () -> ResultsJson.parse(FILE, json));
        assertTrue(e.getMessage().contains("calibration.benchmarks.a.B.m [avgt].forksNeeded"), e.getMessage());
    }
}
