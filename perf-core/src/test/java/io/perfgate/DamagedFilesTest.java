package io.perfgate;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.perfgate.jmh.JmhJsonException;
import io.perfgate.jmh.JmhJsonReader;
import io.perfgate.json.JsonValue;
import io.perfgate.report.ReportFormatException;
import io.perfgate.report.ReportJson;
import io.perfgate.results.PerfResults;
import io.perfgate.results.ResultsFormatException;
import io.perfgate.results.ResultsJson;
import io.perfgate.testing.Golden;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The corpus of damaged files under {@code src/test/resources/corpus/<reader>/}: each {@code <case>.json} must be
 * refused by its reader with the exact message in {@code <case>.message} ({@code {file}} standing for the path), and
 * left byte for byte as it was. {@code valid.json} in each folder is the file the cases were damaged from, with
 * unknown extra fields a newer writer might add; it must read.
 */
class DamagedFilesTest {
    private static final Path CORPUS = Golden.sourcePath("corpus");

    /** How each corpus folder's files reach the plugin. */
    enum Reader {
        /** perf:check's baseline (a results file that must also be complete). */
        BASELINE("baseline", ResultsFormatException.class, file -> ResultsJson.readBaseline(file)),
        /** JMH's own JSON output, read after every run. */
        JMH("jmh", JmhJsonException.class, file -> JmhJsonReader.read(file)),
        /** report.json, read by perf:methodology. */
        REPORT("report", ReportFormatException.class, file -> ReportJson.read(file));

        final String folder;
        final Class<? extends Exception> error;
        final FileReader reader;

        Reader(String folder, Class<? extends Exception> error, FileReader reader) {
            this.folder = folder;
            this.error = error;
            this.reader = reader;
        }
    }

    @FunctionalInterface
    interface FileReader {
        void read(Path file) throws Exception;
    }

    static Stream<Arguments> damagedFiles() throws IOException {
        List<Arguments> cases = new ArrayList<>();
        for (Reader reader : Reader.values()) {
            try (Stream<Path> files = Files.list(CORPUS.resolve(reader.folder))) {
                for (Path file : files.filter(f -> f.toString().endsWith(".json"))
                        .filter(f -> !f.getFileName().toString().equals("valid.json")).sorted()
                        .collect(Collectors.toList())) {
                    cases.add(Arguments.of(reader, file.getFileName().toString().replaceAll("\\.json$", "")));
                }
            }
        }
        return cases.stream();
    }

    @Test
    void theCorpusHasAtLeastFortyDamagedFiles() throws IOException {
        assertTrue(damagedFiles().count() >= 40, "the corpus shrank to " + damagedFiles().count() + " files");
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("damagedFiles")
    void eachDamagedFileIsRefusedWithItsMessageAndLeftAsItWas(Reader reader, String name) throws Exception {
        Path file = CORPUS.resolve(reader.folder).resolve(name + ".json");
        byte[] before = Files.readAllBytes(file);

        Exception e = assertThrows(reader.error, () -> reader.reader.read(file));

        String message = e.getMessage();
        assertTrue(message.startsWith(file + ": "), "the message names the file first: " + message);
        Golden.assertMatches("corpus/" + reader.folder + "/" + name + ".message",
                message.replace(file.toString(), "{file}") + "\n");
        assertArrayEquals(before, Files.readAllBytes(file), "the reader changed " + file);
    }

    @ParameterizedTest
    @ValueSource(strings = {"baseline", "jmh", "report"})
    void theUndamagedFileReadsWithItsUnknownFields(String folder) throws Exception {
        Reader reader = Reader.valueOf(folder.toUpperCase(java.util.Locale.ROOT));
        reader.reader.read(CORPUS.resolve(folder).resolve("valid.json"));
    }

    @Test
    void aBaselineWithUnknownFieldsKeepsEveryBenchmark() throws Exception {
        PerfResults baseline = ResultsJson.readBaseline(CORPUS.resolve("baseline").resolve("valid.json"));
        assertEquals(2, baseline.benchmarks().size());
        assertEquals(2, baseline.benchmarks().get(0).forks().size());
    }

    /** A file larger than any results file is refused from its size alone, before a byte of it is read. */
    @Test
    void aVeryLargeFileIsRefusedBeforeItIsRead(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("baseline.json");
        try (RandomAccessFile sparse = new RandomAccessFile(file.toFile(), "rw")) {
            sparse.setLength(JsonValue.MAX_FILE_BYTES + 1); // sparse: no disk used
        }

        ResultsFormatException e = assertThrows(ResultsFormatException.class, () -> ResultsJson.readBaseline(file));

        assertEquals(file + ": is " + (JsonValue.MAX_FILE_BYTES + 1) + " bytes, more than any results or report"
                + " file holds (at most " + JsonValue.MAX_FILE_BYTES + "): is it the right file?", e.getMessage());
        assertEquals(JsonValue.MAX_FILE_BYTES + 1, Files.size(file));
    }

    /**
     * A name of megabytes is refused like any other damage, and the message quotes only its start: it used to be
     * accepted and printed whole into the build log, one line of 5 MB.
     */
    @Test
    void aBaselineWithABenchmarkNameOfMegabytesIsRefusedInOneShortLine(@TempDir Path dir) throws Exception {
        String valid = new String(Files.readAllBytes(CORPUS.resolve("baseline").resolve("valid.json")),
                java.nio.charset.StandardCharsets.UTF_8);
        String huge = "org.example." + "x".repeat(5_000_000);
        Path file = dir.resolve("baseline.json");
        Files.write(file, valid.replaceFirst("\"benchmark\": \"[^\"]*\"", "\"benchmark\": \"" + huge + "\"")
                .getBytes(java.nio.charset.StandardCharsets.UTF_8));

        ResultsFormatException e = assertThrows(ResultsFormatException.class, () -> ResultsJson.readBaseline(file));

        assertEquals(file + ": field 'benchmarks[0].benchmark': is " + huge.length() + " characters long, more than a"
                + " name read from a file may be (at most " + JsonValue.MAX_NAME_CHARS + "): \"" + huge.substring(0, 39)
                + "...", e.getMessage());
    }

    /** Under the limit, a large file that breaks off at its end is read to the break and refused there. */
    @Test
    void aLargeTruncatedFileNamesWhereItBroke(@TempDir Path dir) throws Exception {
        StringBuilder json = new StringBuilder("{\"schema\": 1, \"padding\": [");
        for (int i = 0; i < 2_000_000; i++) {
            json.append(i).append(", ");
        }
        Path file = dir.resolve("results.json");
        Files.write(file, json.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8));

        ResultsFormatException e = assertThrows(ResultsFormatException.class, () -> ResultsJson.read(file));

        assertTrue(e.getMessage().startsWith(file + ": is not valid JSON at line 1, column "), e.getMessage());
        assertTrue(e.getMessage().contains("(truncated or hand-edited?)"), e.getMessage());
    }
}
