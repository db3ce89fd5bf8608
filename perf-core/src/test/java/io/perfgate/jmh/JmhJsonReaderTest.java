package io.perfgate.jmh;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.perfgate.results.BenchmarkResult;
import io.perfgate.results.Fork;
import io.perfgate.results.PerfResults;
import io.perfgate.results.ResultsJson;
import io.perfgate.stats.Direction;
import io.perfgate.testing.Golden;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class JmhJsonReaderTest {

    /** Every fixture, read and written back in the plugin's schema, compared with its golden file. */
    @ParameterizedTest
    @ValueSource(strings = {"avgt-params-gc", "sample-and-ss", "thrpt-threads", "raw-data-off", "nonfinite-secondary",
        "jmh136-middot-names", "fewer-forks-than-asked"})
    void matchesGoldenFile(String fixture) throws Exception {
        JmhResults read = JmhJsonReader.parse(Golden.resource("jmh/" + fixture + ".json"), fixture + ".json");
        PerfResults results = PerfResults.builder().toolVersion("test").createdAt("2025-01-01T00:00:00Z")
                .benchmarks(read.benchmarks()).build();
        Golden.assertMatches("jmh/golden/" + fixture + ".results.json", ResultsJson.toJson(results));
    }

    @Test
    void averageTimeKeepsEveryForkAndIterationAndTheParameters() throws Exception {
        List<BenchmarkResult> benchmarks = read("avgt-params-gc").benchmarks();
        assertEquals(2, benchmarks.size());
        BenchmarkResult small = benchmarks.get(0);
        assertEquals("io.perfgate.jmh.fixtures.AverageTimeFixture.sumArray:kind=sum,size=16", small.key());
        assertEquals("avgt", small.mode());
        assertEquals("ns/op", small.unit());
        assertEquals(Direction.LOWER_IS_BETTER, small.direction());
        assertEquals(2, small.forks().size());
        assertArrayEquals(new double[] {40.13756860242019, 16.296226294337483, 14.894491517979144},
                small.forks().get(0).primary());
        assertTrue(small.forks().get(0).percentiles().isEmpty(), "no latency percentiles outside sample mode");
        assertTrue(small.warnings().isEmpty());
    }

    @Test
    void gcProfilerMetricsArePerForkAndLowerIsBetter() throws Exception {
        BenchmarkResult b = read("avgt-params-gc").benchmarks().get(1);
        assertEquals(Arrays.asList("gc.alloc.rate", "gc.alloc.rate.norm", "gc.count"),
                Arrays.asList(b.secondaryMetrics().keySet().toArray()));
        assertEquals("B/op", b.secondaryMetrics().get("gc.alloc.rate.norm").unit());
        b.secondaryMetrics().values().forEach(m -> assertEquals(Direction.LOWER_IS_BETTER, m.direction()));
        for (Fork fork : b.forks()) {
            assertEquals(3, fork.secondary("gc.alloc.rate.norm").length);
        }
    }

    @Test
    void throughputIsHigherIsBetterAndKeepsThreads() throws Exception {
        BenchmarkResult b = read("thrpt-threads").benchmarks().get(0);
        assertEquals(Direction.HIGHER_IS_BETTER, b.direction());
        assertEquals("ops/s", b.unit());
        assertEquals(2, b.threads());
    }

    @Test
    void sampleModeHasIterationMeansAndPerForkPercentilesFromTheHistogram() throws Exception {
        BenchmarkResult sample = read("sample-and-ss").benchmarks().get(0);
        assertEquals("sample", sample.mode());
        assertEquals("us/op", sample.unit());
        Fork first = sample.forks().get(0);
        // JMH printed "Iteration 1: 156.122 ±(99.9%) 41.174 us/op" for the first fork: the histogram's mean.
        assertEquals(156.122, first.primary()[0], 0.0005);
        assertEquals(Arrays.asList("p0.00", "p0.50", "p0.90", "p0.95", "p0.99", "p0.999", "p0.9999", "p1.00"),
                Arrays.asList(first.percentiles().keySet().toArray()));
        // The fork's minimum and maximum over its three iterations, as JMH printed them.
        assertEquals(125.312, first.percentiles().get("p0.00"), 1e-9);
        assertEquals(11976.704, first.percentiles().get("p1.00"), 1e-9);
        double p50 = first.percentiles().get("p0.50");
        double p95 = first.percentiles().get("p0.95");
        assertTrue(p50 >= 125.312 && p50 <= p95, "p50 " + p50 + " within [min, p95 " + p95 + "]");
        assertTrue(sample.secondaryMetrics().isEmpty(), "p0.xx are percentiles, not secondary metrics");
    }

    @Test
    void singleShotReadsRawData() throws Exception {
        BenchmarkResult ss = read("sample-and-ss").benchmarks().get(1);
        assertEquals("ss", ss.mode());
        assertEquals(2, ss.forks().size());
        assertEquals(3, ss.forks().get(0).primary().length);
        assertEquals(Direction.LOWER_IS_BETTER, ss.direction());
    }

    /** A profiler writes NaN when it could not compute a value: that fork did not record the metric. */
    @Test
    void aNonFiniteSecondaryValueMeansTheForkDidNotRecordTheMetric() throws Exception {
        BenchmarkResult b = read("nonfinite-secondary").benchmarks().get(0);
        assertEquals(3, b.forks().get(0).secondary("gc.alloc.rate.norm").length);
        assertNull(b.forks().get(1).secondary("gc.alloc.rate.norm"));
    }

    @Test
    void middleDotPrefixOfOldJmhIsDropped() throws Exception {
        JmhResults results = read("jmh136-middot-names");
        BenchmarkResult b = results.benchmarks().get(0);
        assertEquals("1.36", results.jmhVersion());
        assertTrue(b.secondaryMetrics().containsKey("gc.alloc.rate.norm"), b.secondaryMetrics().keySet().toString());
        assertEquals(3, b.forks().get(0).secondary("gc.alloc.rate.norm").length);
    }

    @Test
    void switchedOffRawDataIsReportedNotAccepted() throws Exception {
        List<BenchmarkResult> benchmarks = read("raw-data-off").benchmarks();
        assertEquals(4, benchmarks.size());
        for (BenchmarkResult b : benchmarks) {
            assertEquals(0, b.forks().size(), b.key());
            assertEquals(1, b.warnings().size(), b.key());
            assertTrue(b.warnings().get(0).contains("-Djmh.json.rawData=false"), b.warnings().get(0));
        }
    }

    @Test
    void fewerForksThanAskedIsAWarning() throws Exception {
        BenchmarkResult b = read("fewer-forks-than-asked").benchmarks().get(0);
        assertEquals(2, b.forks().size());
        assertEquals("JMH was asked for 3 forks but recorded 2; the others failed (see the JMH output)",
                b.warnings().get(0));
    }

    @Test
    void benchmarkJvmFactsComeFromTheFile() throws Exception {
        JmhResults results = read("avgt-params-gc");
        assertEquals("1.37", results.jmhVersion());
        assertEquals("17.0.15", results.jdkVersion());
        assertEquals("OpenJDK 64-Bit Server VM", results.vmName());
        assertEquals("17.0.15+6-Debian-1deb12u1", results.vmVersion());
        assertEquals(Arrays.asList("-Xmx64m"), Arrays.asList(results.jvmArgs().toArray()));
    }

    @Test
    void emptyArrayMeansNoBenchmarks() throws Exception {
        assertTrue(JmhJsonReader.parse("[\n]\n", "x.json").benchmarks().isEmpty());
    }

    @Test
    void emptyFileSaysJmhStoppedEarly() {
        JmhJsonException e = assertThrows(JmhJsonException.class, () -> JmhJsonReader.parse("", "jmh.json"));
        assertEquals("jmh.json: is empty: JMH stopped before writing results", e.getMessage());
    }

    @Test
    void truncatedFileNamesThePosition() {
        String json = Golden.resource("jmh/thrpt-threads.json");
        JmhJsonException e = assertThrows(JmhJsonException.class,
                () -> JmhJsonReader.parse(json.substring(0, 400), "jmh.json"));
        assertTrue(e.getMessage().startsWith("jmh.json: is not valid JSON at line "), e.getMessage());
    }

    @Test
    void badFieldIsNamedByItsPath() {
        String json = Golden.resource("jmh/thrpt-threads.json").replace("2640073.6405993747,", "\"fast\",");
        JmhJsonException e = assertThrows(JmhJsonException.class, () -> JmhJsonReader.parse(json, "jmh.json"));
        assertEquals("jmh.json: field '[0].primaryMetric.rawData[0][0]': expected a number, found string \"fast\"",
                e.getMessage());
    }

    @Test
    void missingBenchmarkNameIsNamed() {
        String json = Golden.resource("jmh/thrpt-threads.json").replace("\"benchmark\" :", "\"bench\" :");
        JmhJsonException e = assertThrows(JmhJsonException.class, () -> JmhJsonReader.parse(json, "jmh.json"));
        assertEquals("jmh.json: field '[0].benchmark': is missing", e.getMessage());
    }

    /**
     * What becomes a field of results.json is refused as results.json would refuse it (found by fuzzing: such a JMH
     * file was taken, and the results file written from it could not be read back).
     */
    @Test
    void fieldsThatResultsJsonRefusesAreRefusedInJmhsFileAlready() {
        assertRefused("jmh.json: field '[0].primaryMetric.scoreUnit': \" ns/op\" has blanks around it: expected a name"
                + " as written, without them", element("a.B.m", "avgt", 1, 1, "\" ns/op\"", "\"rawData\": [[1.5]]"));
        assertRefused("jmh.json: field '[0].mode': \"all\" is not one of thrpt, avgt, sample, ss",
                element("a.B.m", "all", 1, 1, "\"ns/op\"", "\"rawData\": [[1.5]]"));
        assertRefused("jmh.json: field '[0].threads': 0 is out of range: expected an integer of at least 1",
                element("a.B.m", "avgt", 0, 1, "\"ns/op\"", "\"rawData\": [[1.5]]"));
        assertRefused("jmh.json: field '[0].forks': -1 is out of range: expected an integer of at least 0",
                element("a.B.m", "avgt", 1, -1, "\"ns/op\"", "\"rawData\": [[1.5]]"));
        String one = benchmark("a.B.m", "avgt", 1, 1, "\"ns/op\"", "\"rawData\": [[1.5]]");
        assertRefused("jmh.json: field '[1]': a.B.m [avgt] is listed twice, here and at [0]; JMH writes each"
                + " benchmark, mode and set of parameters once", "[" + one + ", " + one + "]");
    }

    /** A metric under both of JMH's spellings would lose one copy's values without a word. */
    @Test
    void aSecondaryMetricUnderBothSpellingsIsRefused() {
        String metric = "{\"scoreUnit\": \"B/op\", \"rawData\": [[8.0]]}";
        String json = element("a.B.m", "avgt", 1, 1, "\"ns/op\"", "\"rawData\": [[1.5]]").replace("}}]",
                "}, \"secondaryMetrics\": {\"\u00b7gc.alloc.rate.norm\": " + metric + ", \"gc.alloc.rate.norm\": "
                + metric + "}}]");
        assertRefused("jmh.json: field '[0].secondaryMetrics.gc.alloc.rate.norm': names the same metric as"
                + " '\u00b7gc.alloc.rate.norm' (JMH before 1.37 wrote a \u00b7 before the name): expected each metric"
                + " once", json);
    }

    /** Sample mode: every fork, iteration and mean must give results.json a score above 0 (found by fuzzing). */
    @Test
    void histogramsWithoutAScoreAreRefused() {
        assertRefused("jmh.json: field '[0].primaryMetric.rawDataHistogram[0]': is empty: expected at least one"
                + " iteration", sample("[[]]"));
        assertRefused("jmh.json: field '[0].primaryMetric.rawDataHistogram[0][0]': has no samples: expected [value,"
                + " count] pairs with counts above 0, as JMH records every sample of an iteration",
                sample("[[[[1.5, 0]]]]"));
        assertRefused("jmh.json: field '[0].primaryMetric.rawDataHistogram[0][0][0][1]': expected a count of at"
                + " most 9223372036854775807 (JMH counts in a long), found number 1.0E300",
                sample("[[[[1.5, 1e300]]]]"));
        assertRefused("jmh.json: field '[0].primaryMetric.rawDataHistogram[0][0]': its samples average 0.0, which is"
                + " not a measured value: expected a finite mean above 0", sample("[[[[0, 3]]]]"));
        assertRefused("jmh.json: field '[0].primaryMetric.rawDataHistogram[0][0]': its samples average more than a"
                + " double holds, which is not a measured value: expected a finite mean above 0",
                sample("[[[[1e300, 9e18], [1e300, 9e18]]]]"));
    }

    /** With {@code "forks": 0} (JMH in its own JVM) and no raw data, the warning says why there are no forks. */
    @Test
    void noRawDataWithoutForksIsWarnedAbout() throws Exception {
        BenchmarkResult b = JmhJsonReader.parse(element("a.B.m", "avgt", 1, 0, "\"ns/op\"", "\"rawData\": []"),
                "jmh.json").benchmarks().get(0);
        assertTrue(b.forks().isEmpty());
        assertTrue(b.warnings().get(0).startsWith("JMH wrote no raw data for a.B.m"), b.warnings().toString());
    }

    private static String sample(String histogram) {
        return element("a.B.m", "sample", 1, 1, "\"us/op\"", "\"rawDataHistogram\": " + histogram);
    }

    /** A JMH file of one benchmark, with only the fields the reader needs. */
    private static String element(String benchmark, String mode, int threads, int forks, String unit, String raw) {
        return "[" + benchmark(benchmark, mode, threads, forks, unit, raw) + "]";
    }

    private static String benchmark(String benchmark, String mode, int threads, int forks, String unit, String raw) {
        return "{\"benchmark\": \"" + benchmark + "\", \"mode\": \"" + mode + "\", \"threads\": " + threads
                + ", \"forks\": " + forks + ", \"primaryMetric\": {\"scoreUnit\": " + unit + ", " + raw + "}}";
    }

    private static void assertRefused(String message, String json) {
        JmhJsonException e = assertThrows(JmhJsonException.class, () -> JmhJsonReader.parse(json, "jmh.json"));
        assertEquals(message, e.getMessage());
    }

    @Test
    void missingFileSaysJmhWroteNone(@org.junit.jupiter.api.io.TempDir Path dir) {
        JmhJsonException e = assertThrows(JmhJsonException.class, () -> JmhJsonReader.read(dir.resolve("none.json")));
        assertTrue(e.getMessage().endsWith("none.json: JMH wrote no result file"), e.getMessage());
    }

    @Test
    void histogramPercentileFollowsJmhPositions() {
        // Samples 1, 2, 3, 4 (one each): p50 at position 2.5 -> 2.5; p0 -> min; p100 -> max; p90 at 4.5 -> max.
        double[][] h = {{1, 1}, {2, 1}, {3, 1}, {4, 1}};
        assertEquals(2.5, JmhJsonReader.Histograms.percentile(h, 50), 1e-12);
        assertEquals(1, JmhJsonReader.Histograms.percentile(h, 0), 1e-12);
        assertEquals(4, JmhJsonReader.Histograms.percentile(h, 100), 1e-12);
        assertEquals(4, JmhJsonReader.Histograms.percentile(h, 90), 1e-12);
        // Counts: 10 x 1.0 and 10 x 3.0; p50 at 10.5 -> halfway between the 10th (1.0) and the 11th (3.0).
        assertEquals(2.0, JmhJsonReader.Histograms.percentile(new double[][] {{1, 10}, {3, 10}}, 50), 1e-12);
    }

    @Test
    void histogramPercentilesAgreeWithJmhOnEveryIteration() throws Exception {
        // JMH's own p0.xx metrics hold each iteration's percentiles; recomputing them from that iteration's
        // histogram must give the same numbers, or the per-fork values would not mean what JMH's mean.
        com.fasterxml.jackson.databind.JsonNode sample = new com.fasterxml.jackson.databind.ObjectMapper()
                .readTree(Golden.resource("jmh/sample-and-ss.json")).get(0);
        com.fasterxml.jackson.databind.JsonNode forks = sample.get("primaryMetric").get("rawDataHistogram");
        int checked = 0;
        for (int f = 0; f < forks.size(); f++) {
            for (int i = 0; i < forks.get(f).size(); i++) {
                com.fasterxml.jackson.databind.JsonNode pairs = forks.get(f).get(i);
                double[][] histogram = new double[pairs.size()][];
                for (int p = 0; p < pairs.size(); p++) {
                    histogram[p] = new double[] {pairs.get(p).get(0).asDouble(), pairs.get(p).get(1).asDouble()};
                }
                for (java.util.Map.Entry<String, Double> e : JmhJsonReader.SAMPLE_PERCENTILES.entrySet()) {
                    double jmh = sample.get("secondaryMetrics").get(e.getKey()).get("rawData").get(f).get(i)
                            .asDouble();
                    assertEquals(jmh, JmhJsonReader.Histograms.percentile(histogram, e.getValue()), 1e-9,
                            e.getKey() + " of fork " + f + " iteration " + i);
                    checked++;
                }
            }
        }
        assertEquals(2 * 3 * 8, checked);
    }

    private static JmhResults read(String fixture) throws JmhJsonException {
        return JmhJsonReader.parse(Golden.resource("jmh/" + fixture + ".json"), fixture + ".json");
    }
}
