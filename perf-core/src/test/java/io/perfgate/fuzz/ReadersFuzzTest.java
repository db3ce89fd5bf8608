package io.perfgate.fuzz;

import com.code_intelligence.jazzer.junit.DictionaryEntries;
import com.code_intelligence.jazzer.junit.FuzzTest;
import com.code_intelligence.jazzer.mutation.annotation.NotNull;
import com.code_intelligence.jazzer.mutation.annotation.WithLength;
import com.code_intelligence.jazzer.mutation.annotation.WithUtf8Length;
import io.perfgate.gate.GateReport;
import io.perfgate.jmh.JmhJsonException;
import io.perfgate.jmh.JmhJsonReader;
import io.perfgate.jmh.JmhResults;
import io.perfgate.report.ReportFormatException;
import io.perfgate.report.ReportJson;
import io.perfgate.results.PerfResults;
import io.perfgate.results.ResultsFormatException;
import io.perfgate.results.ResultsJson;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Coverage-guided fuzzing of every reader of a file the plugin is handed (issue 18, "bad input never passes
 * silently"). The damaged-file corpus pins the messages of the damage people make; the fuzzer looks for the damage
 * nobody thought of. The rule each test checks, for any input: the reader returns a value, or throws its own
 * exception with a message that starts with the file's name and {@code ": "}. Anything else escaping it (a
 * NullPointerException, an IllegalArgumentException of a model class, a Jackson exception, a StackOverflowError) is
 * a bug, because the user would see a stack trace instead of the file, field and value at fault.
 *
 * <p>A value read must also survive the writer: written back and read again it gives the same text. That finds what
 * a reader accepts but the writer cannot write, or writes into a file the next build refuses.
 *
 * <p>Without {@code JAZZER_FUZZ} (the normal test run) each test replays the seed files of the repository (the
 * damaged-file corpus, JMH fixtures, golden results and reports) and the inputs saved in
 * {@code src/test/resources/io/perfgate/fuzz/ReadersFuzzTestInputs/<method>/}, which holds every crash the fuzzer
 * found, so that each stays fixed. {@code src/site/markdown/how-to/fuzzing.md} gives the command of a long run.
 */
class ReadersFuzzTest {
    /** Inputs up to 64 KiB: room for every seed file (the largest JMH fixture is 50 KB), small enough to run fast. */
    private static final int MAX_BYTES = 64 * 1024;

    private static final Path RESOURCES = Paths.get("src", "test", "resources");

    private static final Path RESULTS = Paths.get("fuzz", "results.json");
    private static final Path REPORT = Paths.get("fuzz", "report.json");
    private static final String JMH = "fuzz/jmh-result.json";

    /** Where {@link #resultsFile} writes the file it reads: its path is what every message must start with. */
    @TempDir
    static Path dir;

    // ------------------------------------------------------------------ results.json, baselines, calibration.json

    /** {@code results.json} text, as {@code ResultsJson.parse} reads it, and its round trip through the writer. */
    @MethodSource("resultsSeeds")
    @DictionaryEntries({"\"schema\"", "\"toolVersion\"", "\"status\"", "\"createdAt\"", "\"command\"",
        "\"jmhRawFile\"", "\"environment\"", "\"settings\"", "\"provenance\"", "\"benchmarks\"", "\"calibration\"",
        "\"kind\"", "\"benchmark\"", "\"params\"", "\"mode\"", "\"unit\"", "\"direction\"", "\"threads\"",
        "\"secondaryMetrics\"", "\"gated\"", "\"warnings\"", "\"forks\"", "\"primary\"", "\"percentiles\"",
        "\"secondary\"", "\"measuredAt\"", "\"power\"", "\"alpha\"", "\"betweenForkCv\"", "\"withinForkCv\"",
        "\"threshold\"", "\"detectableSlowdown\"", "\"forksNeeded\"", "\"aaVerdict\"", "\"forced\"", "\"complete\"",
        "\"partial\"", "\"jmh\"", "\"scenario\"", "\"thrpt\"", "\"avgt\"", "\"sample\"", "\"ss\"", "\"lower\"",
        "\"higher\"", "\"gc.alloc.rate.norm\"", "\"NaN\"", "\"+INF\"", "\"-INF\"", "\"Infinity\"", "\"-Infinity\"",
        "1e999", "-0", "2147483648", "4.9e-324", "\"2025-01-01T00:00:00Z\"", "\"2025-01-01T00:00:00+01:00\""})
    @FuzzTest
    void resultsJson(@NotNull @WithUtf8Length(max = MAX_BYTES) String json) {
        PerfResults read;
        try {
            read = ResultsJson.parse(RESULTS, json);
        } catch (ResultsFormatException e) {
            Rule.ownMessage(e, RESULTS.toString());
            return;
        }
        resultsRoundTrip(read, RESULTS);
    }

    /**
     * The bytes of a file on disk, as {@code ResultsJson.read} and {@code readBaseline} get them: the way to the
     * text (size, byte-order marks, UTF-8) is fuzzed too, and a baseline refuses a file only where reading does or
     * where its status says the run did not finish.
     */
    @MethodSource("resultsFileSeeds")
    @FuzzTest
    void resultsFile(@NotNull @WithLength(max = MAX_BYTES) byte[] bytes) throws IOException {
        Path file = dir.resolve("baseline.json");
        Files.write(file, bytes);
        PerfResults read;
        try {
            read = ResultsJson.read(file);
        } catch (ResultsFormatException e) {
            Rule.ownMessage(e, file.toString());
            Rule.refused(() -> ResultsJson.readBaseline(file), ResultsFormatException.class, file.toString());
            return;
        }
        try {
            ResultsJson.readBaseline(file);
        } catch (ResultsFormatException e) {
            Rule.ownMessage(e, file.toString());
            if (read.isComplete()) {
                throw new AssertionError("a complete results file was refused as a baseline: " + e.getMessage(), e);
            }
        }
        resultsRoundTrip(read, file);
    }

    private static void resultsRoundTrip(PerfResults read, Path source) {
        String written = ResultsJson.toJson(read);
        PerfResults again;
        try {
            again = ResultsJson.parse(source, written);
        } catch (ResultsFormatException e) {
            throw Rule.notReadBack(e, written);
        }
        Rule.sameText(written, ResultsJson.toJson(again));
    }

    // ------------------------------------------------------------------ report.json

    /** {@code report.json} text, as {@code perf:methodology} reads it, and its round trip through the writer. */
    @MethodSource("reportSeeds")
    @DictionaryEntries({"\"schema\"", "\"toolVersion\"", "\"createdAt\"", "\"outcome\"", "\"failsBuild\"",
        "\"baseline\"", "\"current\"", "\"file\"", "\"provenance\"", "\"environment\"", "\"policy\"",
        "\"differences\"", "\"field\"", "\"settings\"", "\"multiplicity\"", "\"tested\"", "\"holmCanFail\"",
        "\"comparisons\"", "\"notGated\"", "\"newBenchmarks\"", "\"missingBenchmarks\"", "\"ignoredBenchmarks\"",
        "\"notes\"", "\"regressions\"", "\"otherFailures\"", "\"failOnRegression\"", "\"benchmark\"", "\"params\"",
        "\"key\"", "\"displayName\"", "\"mode\"", "\"metric\"", "\"name\"", "\"unit\"", "\"direction\"", "\"rule\"",
        "\"forks\"", "\"median\"", "\"ciLow\"", "\"ciHigh\"", "\"ratio\"", "\"estimate\"", "\"lowerBound\"",
        "\"upperBound\"", "\"ofMedians\"", "\"pValue\"", "\"adjustedP\"", "\"thresholds\"", "\"fail\"",
        "\"minEffect\"", "\"alpha\"", "\"percent\"", "\"bytes\"", "\"verdict\"", "\"reason\"", "\"confident\"",
        "\"p95\"", "\"alloc\"", "\"secondary\"", "\"holm\"", "\"bh\"", "\"none\"", "\"strict\"", "\"ignore\"",
        "\"PASS\"", "\"WARN\"", "\"FAIL\"", "\"INCONCLUSIVE\"", "\"IMPROVED\"", "null", "1e999", "-0"})
    @FuzzTest
    void reportJson(@NotNull @WithUtf8Length(max = MAX_BYTES) String json) {
        GateReport read;
        try {
            read = ReportJson.parse(REPORT, json);
        } catch (ReportFormatException e) {
            Rule.ownMessage(e, REPORT.toString());
            return;
        }
        String written = ReportJson.toJson(read);
        GateReport again;
        try {
            again = ReportJson.parse(REPORT, written);
        } catch (ReportFormatException e) {
            throw Rule.notReadBack(e, written);
        }
        Rule.sameText(written, ReportJson.toJson(again));
    }

    // ------------------------------------------------------------------ JMH's JSON

    /**
     * JMH's own JSON, read after every run. What it returns becomes {@code results.json}, so that file must be
     * written and read back as well: a JMH file the reader takes must not make a results file the next build
     * refuses.
     */
    @MethodSource("jmhSeeds")
    @DictionaryEntries({"\"benchmark\"", "\"mode\"", "\"threads\"", "\"forks\"", "\"jvm\"", "\"jvmArgs\"",
        "\"jdkVersion\"", "\"vmName\"", "\"vmVersion\"", "\"jmhVersion\"", "\"params\"", "\"primaryMetric\"",
        "\"secondaryMetrics\"", "\"score\"", "\"scoreUnit\"", "\"rawData\"", "\"rawDataHistogram\"",
        "\"thrpt\"", "\"avgt\"", "\"sample\"", "\"ss\"", "\"ops/s\"", "\"ns/op\"", "\"B/op\"",
        "\"gc.alloc.rate.norm\"", "\"\u00b7gc.alloc.rate.norm\"", "\"p0.50\"", "\"p0.95\"", "\"p1.00\"",
        "\"NaN\"", "\"+INF\"", "\"-INF\"", "1e999", "-0", "2147483648", "4.9e-324"})
    @FuzzTest
    void jmhJson(@NotNull @WithUtf8Length(max = MAX_BYTES) String json) {
        JmhResults read;
        try {
            read = JmhJsonReader.parse(json, JMH);
        } catch (JmhJsonException e) {
            Rule.ownMessage(e, JMH);
            return;
        }
        PerfResults results = PerfResults.builder().toolVersion("fuzz").createdAt("2025-01-01T00:00:00Z")
                .benchmarks(read.benchmarks()).build();
        resultsRoundTrip(results, RESULTS);
    }

    // ------------------------------------------------------------------ seeds

    static Stream<Arguments> resultsSeeds() {
        return texts(seeds("corpus/baseline", ".json"), seeds("jmh/golden", ".results.json"));
    }

    static Stream<Arguments> resultsFileSeeds() {
        return Stream.concat(seeds("corpus/baseline", ".json").stream(), seeds("jmh/golden", ".results.json").stream())
                .map(f -> seed(f, bytes(f)));
    }

    static Stream<Arguments> reportSeeds() {
        List<Path> reports = seeds("report", ".json").stream()
                .filter(f -> f.getFileName().toString().startsWith("report-")).collect(Collectors.toList());
        return texts(seeds("corpus/report", ".json"), reports);
    }

    static Stream<Arguments> jmhSeeds() {
        return texts(seeds("corpus/jmh", ".json"), seeds("jmh", ".json"));
    }

    /** The files ending in {@code suffix} directly in {@code folder} of the test resources, in name order. */
    private static List<Path> seeds(String folder, String suffix) {
        try (Stream<Path> files = Files.list(RESOURCES.resolve(folder))) {
            return files.filter(f -> f.getFileName().toString().endsWith(suffix)).sorted()
                    .collect(Collectors.toList());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The files as text; a seed that is not UTF-8 gets replacement characters, which is one more case. */
    private static Stream<Arguments> texts(List<Path> some, List<Path> more) {
        return Stream.concat(some.stream(), more.stream())
                .map(f -> seed(f, new String(bytes(f), StandardCharsets.UTF_8)));
    }

    /** One seed, shown under its file's name rather than its content (which may be blank, or 50 KB). */
    private static Arguments seed(Path file, Object content) {
        return Arguments.of(Named.of(RESOURCES.relativize(file).toString(), content));
    }

    private static byte[] bytes(Path file) {
        try {
            return Files.readAllBytes(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
