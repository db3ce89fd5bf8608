package io.perfgate.results;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.perfgate.stats.Direction;
import io.perfgate.testing.Golden;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** What perf:run writes, the gate reads back unchanged: every golden results file survives read + write. */
class ResultsJsonRoundTripTest {

    @ParameterizedTest
    @ValueSource(strings = {"avgt-params-gc", "sample-and-ss", "thrpt-threads", "raw-data-off", "nonfinite-secondary",
        "jmh136-middot-names", "fewer-forks-than-asked"})
    void goldenResultsReadAndWriteBackIdentically(String name) throws Exception {
        String text = Golden.resource("jmh/golden/" + name + ".results.json");
        PerfResults read = ResultsJson.parse(Paths.get(name), text);
        assertEquals(text, ResultsJson.toJson(read));
    }

    @Test
    void writtenFileReadsBackWithEveryField(@TempDir Path dir) throws Exception {
        PerfResults original = ResultsJson.parse(Paths.get("x"),
                Golden.resource("jmh/golden/sample-and-ss.results.json"));
        Map<String, String> environment = new LinkedHashMap<>();
        environment.put("cpu.model", "Intel(R) Xeon(R) Processor");
        environment.put("git.dirty", "none");
        Map<String, String> settings = new LinkedHashMap<>();
        settings.put("perf.forks", "10");
        PerfResults full = original.toBuilder().command("mvn test-compile io.perfgate:perf-maven-plugin:0.1.0:run")
                .jmhRawFile("jmh-results.json").environment(environment).settings(settings).build();
        Path file = dir.resolve("perf").resolve("results.json");

        ResultsJson.write(full, file);
        PerfResults back = ResultsJson.read(file);

        assertEquals(ResultsJson.toJson(full), ResultsJson.toJson(back));
        assertEquals("jmh-results.json", back.jmhRawFile());
        assertEquals(environment, back.environment());
        assertEquals(settings, back.settings());
        BenchmarkResult sample = back.benchmarks().get(0);
        assertEquals(Direction.LOWER_IS_BETTER, sample.direction());
        assertArrayEquals(original.benchmarks().get(0).forks().get(1).primary(), sample.forks().get(1).primary());
        assertEquals(original.benchmarks().get(0).forks().get(0).percentiles(), sample.forks().get(0).percentiles());
        try (java.util.stream.Stream<Path> files = Files.list(file.getParent())) {
            assertEquals(1, files.count(), "no temporary file is left beside results.json");
        }
    }

    /** A fork's wall time is written to the millisecond and read back; a fork without one has no field. */
    @Test
    void forkWallTimesReadBackAndAreLeftOutWhereUnknown(@TempDir Path dir) throws Exception {
        BenchmarkResult b = BenchmarkResult.builder("a.B.m").mode("avgt").unit("us/op")
                .addFork(new Fork(new double[] {1.5}, Map.of(), Map.of(), 9.61234))
                .addFork(new Fork(new double[] {1.6}, Map.of(), Map.of())).build();
        Path file = dir.resolve("results.json");
        ResultsJson.write(PerfResults.builder().createdAt("2026-11-27T06:00:00Z").toolVersion("test").addBenchmark(b)
                .build(), file);

        assertEquals(1, Files.readString(file).split("\"seconds\"", -1).length - 1, "only the timed fork has one");
        BenchmarkResult read = ResultsJson.read(file).benchmarks().get(0);
        assertEquals(9.612, read.forks().get(0).seconds(), 0);
        assertTrue(Double.isNaN(read.forks().get(1).seconds()));
    }

    /** A fork's warm-up record (iterations, seconds, steady from) reads back; the golden files without it still read. */
    @Test
    void forkWarmupRecordsReadBackAndOlderFilesHaveNone(@TempDir Path dir) throws Exception {
        BenchmarkResult b = BenchmarkResult.builder("a.B.m").mode("avgt").unit("us/op")
                .addFork(new Fork(new double[] {1.5}, Map.of(), Map.of(), 9.61234, new Fork.Warmup(12, 3.0, 5)))
                .addFork(new Fork(new double[] {1.6}, Map.of(), Map.of(), 4.5, new Fork.Warmup(4, 1.0, 0)))
                .addFork(new Fork(new double[] {1.7}, Map.of(), Map.of())).build();
        Path file = dir.resolve("results.json");
        ResultsJson.write(PerfResults.builder().createdAt("2026-11-28T02:00:00Z").toolVersion("test").addBenchmark(b)
                .build(), file);

        BenchmarkResult read = ResultsJson.read(file).benchmarks().get(0);
        assertEquals(new Fork.Warmup(12, 3.0, 5), read.forks().get(0).warmup());
        assertEquals(new Fork.Warmup(4, 1.0, 0), read.forks().get(1).warmup());
        assertTrue(!read.forks().get(1).warmup().settled(), "steadyFrom 0 reads back as never settled");
        assertEquals(null, read.forks().get(2).warmup());
        assertEquals(9.612, read.forks().get(0).withSeconds(9.612).seconds(), 0);
        assertEquals(new Fork.Warmup(12, 3.0, 5), read.forks().get(0).withSeconds(1).warmup(), "kept by withSeconds");

        PerfResults old = ResultsJson.parse(Paths.get("old"), Golden.resource("jmh/golden/avgt-params-gc.results.json"));
        assertEquals(null, old.benchmarks().get(0).forks().get(0).warmup());
    }

    /** A fork's measurement iteration time reads back (a planned fork's are shorter); older files have none. */
    @Test
    void forkIterationSecondsReadBackAndAreKeptByTheOtherWithers(@TempDir Path dir) throws Exception {
        Fork planned = new Fork(new double[] {1.5, 1.6}, Map.of(), Map.of(), 5.5, new Fork.Warmup(12, 3.0, 5), 0.25);
        BenchmarkResult b = BenchmarkResult.builder("a.B.m").mode("avgt").unit("us/op").addFork(planned)
                .addFork(new Fork(new double[] {1.7}, Map.of(), Map.of())).build();
        Path file = dir.resolve("results.json");
        ResultsJson.write(PerfResults.builder().createdAt("2026-11-28T02:00:00Z").toolVersion("test").addBenchmark(b)
                .build(), file);
        BenchmarkResult read = ResultsJson.read(file).benchmarks().get(0);
        assertEquals(0.25, read.forks().get(0).iterationSeconds(), 0);
        assertEquals(0.25, read.forks().get(0).withSeconds(1).withWarmup(null).iterationSeconds(), 0);
        assertTrue(Double.isNaN(read.forks().get(1).iterationSeconds()));

        String zero = ResultsJson.toJson(PerfResults.builder().createdAt("2026-11-28T02:00:00Z").toolVersion("test")
                .addBenchmark(b).build()).replace("\"iterationSeconds\" : 0.25", "\"iterationSeconds\" : 0");
        ResultsFormatException e = assertThrows(ResultsFormatException.class,
                () -> ResultsJson.parse(Paths.get("results.json"), zero));
        assertTrue(e.getMessage().contains("field 'benchmarks[0].forks[0].iterationSeconds'"), e.getMessage());
    }

    @Test
    void aWarmupSteadyAfterItsLastIterationIsNamedByItsPath() throws Exception {
        BenchmarkResult b = BenchmarkResult.builder("a.B.m").mode("avgt").unit("us/op")
                .addFork(new Fork(new double[] {1.5}, Map.of(), Map.of(), 2, new Fork.Warmup(3, 0.75, 2))).build();
        String json = ResultsJson.toJson(PerfResults.builder().createdAt("2026-11-28T02:00:00Z").toolVersion("test")
                .addBenchmark(b).build()).replace("\"steadyFrom\" : 2", "\"steadyFrom\" : 7");
        ResultsFormatException e = assertThrows(ResultsFormatException.class,
                () -> ResultsJson.parse(Paths.get("results.json"), json));
        assertEquals("results.json: field 'benchmarks[0].forks[0].warmup.steadyFrom': is 7, after the last of 3"
                + " warm-up iterations", e.getMessage());
    }

    @Test
    void aTruncatedBaselineNamesTheFileAndWhereItBroke(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("baseline.json");
        String text = Golden.resource("jmh/golden/thrpt-threads.results.json");
        Files.write(file, text.substring(0, text.indexOf("\"percentiles\"")).getBytes(StandardCharsets.UTF_8));

        ResultsFormatException e = assertThrows(ResultsFormatException.class, () -> ResultsJson.read(file));

        assertTrue(e.getMessage().startsWith(file + ": is not valid JSON at line 21, column 7"
                + " (truncated or hand-edited?): Unexpected end-of-input"), e.getMessage());
        assertEquals(file, e.file());
    }

    @Test
    void aWrongTypeInAForkIsNamedByItsPath() {
        String json = Golden.resource("jmh/golden/thrpt-threads.results.json")
                .replace("[ 5458814.632173497, 5242905.723831918, 8136675.096515862 ]", "\"abc\"");
        ResultsFormatException e = assertThrows(ResultsFormatException.class,
                () -> ResultsJson.parse(Paths.get("target/perf/results.json"), json));
        assertEquals("target/perf/results.json: field 'benchmarks[0].forks[1].primary': expected an array of numbers,"
                + " found string \"abc\"", e.getMessage());
        assertEquals("benchmarks[0].forks[1].primary", e.field());
    }

    @Test
    void aMissingFieldIsNamedByItsPath() {
        String json = Golden.resource("jmh/golden/thrpt-threads.results.json").replace("\"unit\" : \"ops/s\",", "");
        ResultsFormatException e = assertThrows(ResultsFormatException.class,
                () -> ResultsJson.parse(Paths.get("target/perf/results.json"), json));
        assertEquals("target/perf/results.json: field 'benchmarks[0].unit': is missing", e.getMessage());
    }
}
