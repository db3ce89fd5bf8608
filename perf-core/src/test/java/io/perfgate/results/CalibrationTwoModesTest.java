package io.perfgate.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A benchmark run in two modes has a noise floor per mode in the stored calibration. */
class CalibrationTwoModesTest {
    private static final Path FILE = Path.of("src/perf/baseline.json");
    private static final BenchmarkId AVGT = BenchmarkId.of("a.B.m", Map.of("size", "10"), "avgt");
    private static final BenchmarkId SAMPLE = BenchmarkId.of("a.B.m", Map.of("size", "10"), "sample");

    private static BenchmarkResult result(BenchmarkId id) {
        return BenchmarkResult.builder(id.name()).params(id.params()).mode(id.mode()).unit("ns/op")
                .addFork(new Fork(new double[] {1.0, 1.1}, Collections.emptyMap(), Collections.emptyMap())).build();
    }

    private static PerfResults baseline(Calibration calibration) {
        return PerfResults.builder().createdAt("2026-11-22T10:00:00Z").toolVersion("0.1.0").addBenchmark(result(AVGT))
                .addBenchmark(result(SAMPLE)).calibration(calibration).build();
    }

    @Test
    void eachModeKeepsItsOwnEntryThroughTheFile() throws Exception {
        Map<BenchmarkId, Calibration.Entry> entries = new LinkedHashMap<>();
        entries.put(AVGT, new Calibration.Entry(10, 0.02, 0.01, 0.10, 0.04, 6, "PASS"));
        entries.put(SAMPLE, new Calibration.Entry(10, 0.30, 0.01, 0.10, 0.5, 0, "WARN"));
        String json = ResultsJson.toJson(baseline(new Calibration("2026-11-22T10:05:00Z", 0.8, 0.05, entries)));
        assertTrue(json.contains("\"a.B.m:size=10 [avgt]\" : {"), json);
        assertTrue(json.contains("\"a.B.m:size=10 [sample]\" : {"), json);

        Calibration read = ResultsJson.parse(FILE, json).calibration();
        assertEquals(2, read.benchmarks().size());
        assertEquals(0.02, read.find(AVGT).betweenForkCv());
        assertEquals(0.30, read.find(SAMPLE).betweenForkCv());
        assertEquals(json, ResultsJson.toJson(ResultsJson.parse(FILE, json)));
    }

    /** Files written before the mode was part of the key: the one entry stands for every mode, as it did. */
    @Test
    void anEntryKeyedWithoutModeStillReadsForEachModeOfItsKey() throws Exception {
        Map<BenchmarkId, Calibration.Entry> entries = Collections.singletonMap(AVGT,
                new Calibration.Entry(10, 0.02, 0.01, 0.10, 0.04, 6, "PASS"));
        String old = ResultsJson.toJson(baseline(new Calibration("2026-11-22T10:05:00Z", 0.8, 0.05, entries)))
                .replace("\"a.B.m:size=10 [avgt]\" : {", "\"a.B.m:size=10\" : {");
        assertTrue(old.contains("\"a.B.m:size=10\" : {"), old);

        Calibration read = ResultsJson.parse(FILE, old).calibration();
        assertEquals(0.02, read.find(AVGT).betweenForkCv());
        assertEquals(0.02, read.find(SAMPLE).betweenForkCv());
        assertNull(read.find(BenchmarkId.of("a.B.m", Map.of("size", "11"), "avgt")));
        // written again, in the form that keeps the modes apart
        String again = ResultsJson.toJson(ResultsJson.parse(FILE, old));
        assertTrue(again.contains("\"a.B.m:size=10 [avgt]\" : {") && again.contains("\"a.B.m:size=10 [sample]\""),
                again);
    }
}
