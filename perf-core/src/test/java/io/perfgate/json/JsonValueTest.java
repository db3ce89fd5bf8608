package io.perfgate.json;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every error of the kit names the file and, for a field, its JSON path: the user must find the spot to fix. */
class JsonValueTest {
    private static final String RESULTS = "{\"benchmarks\": [{\"forks\": [{\"primary\": [1.5, \"+INF\"]},"
            + " {\"primary\": [2.0, \"abc\"]}]}]}";

    @Test
    void aTruncatedFileIsNamedWithTheLineAndColumnWhereItBroke(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("target/perf/results.json");
        Files.createDirectories(file.getParent());
        Files.write(file, RESULTS.substring(0, 40).getBytes(StandardCharsets.UTF_8));

        JsonFormatException e = assertThrows(JsonFormatException.class, () -> JsonValue.read(file));

        assertTrue(e.getMessage().startsWith(file + ": is not valid JSON at line 1, column 41"
                + " (truncated or hand-edited?): Unexpected end-of-input"), e.getMessage());
        assertFalse(e.getMessage().contains("Source:"), "Jackson's own source description is noise: " + e.getMessage());
        assertEquals("", e.path());
    }

    /**
     * Text after the document's one value is refused, not ignored: Jackson alone stops at the value's end, and a
     * results file with a second one run into it read as the first (found by fuzzing). Whatever follows, a value, a
     * stray bracket or no JSON at all, is named with its line and column.
     */
    @Test
    void textAfterTheValueIsRefusedWhereItBegins() {
        for (String more : new String[] {"{\"schema\": 2}", "}", "]", "x", "\"", "//"}) {
            JsonFormatException e = assertThrows(JsonFormatException.class,
                    () -> JsonValue.parse("results.json", "{\"schema\": 1}\n  " + more + "\n"), more);
            assertEquals("results.json: is not valid JSON at line 2, column 3: more text follows the end of the JSON"
                    + " value (two files run together, or hand-edited?)", e.getMessage(), more);
        }
        assertDoesNotThrow(() -> JsonValue.parse("results.json", "{\"schema\": 1}\n \t\r\n"));
    }

    @Test
    void aWrongTypeAtANestedPathNamesThePathAndWhatWasFound() throws Exception {
        JsonValue root = JsonValue.parse("target/perf/results.json", RESULTS);
        JsonValue forks = root.get("benchmarks").at(0).get("forks");
        assertArrayEquals(new double[] {1.5, Double.POSITIVE_INFINITY}, forks.at(0).get("primary").numbers());

        JsonFormatException e = assertThrows(JsonFormatException.class, () -> forks.at(1).get("primary").numbers());

        assertEquals("target/perf/results.json: field 'benchmarks[0].forks[1].primary[1]': expected a number,"
                + " found string \"abc\"", e.getMessage());
        assertEquals("benchmarks[0].forks[1].primary[1]", e.path());
        assertEquals("expected a number, found string \"abc\"", e.problem());
    }

    @Test
    void anObjectWhereAnArrayOfNumbersBelongsIsNamed() throws Exception {
        JsonValue root = JsonValue.parse("r.json", "{\"forks\": [{\"primary\": {\"a\": 1}}]}");
        JsonFormatException e = assertThrows(JsonFormatException.class,
                () -> root.get("forks").at(0).get("primary").numbers());
        assertEquals("r.json: field 'forks[0].primary': expected an array of numbers, found object {\"a\":1}",
                e.getMessage());
    }

    @Test
    void aMissingRequiredFieldIsNamedByItsFullPath() throws Exception {
        JsonValue root = JsonValue.parse("src/perf/baseline.json", "{\"benchmarks\": [{\"mode\": \"avgt\"}]}");
        JsonValue benchmark = root.get("benchmarks").elements().get(0);
        assertEquals("avgt", benchmark.get("mode").text());

        JsonFormatException e = assertThrows(JsonFormatException.class, () -> benchmark.get("unit").text());
        assertEquals("src/perf/baseline.json: field 'benchmarks[0].unit': is missing", e.getMessage());

        // Below a missing object the path still reaches the field the reader asked for.
        e = assertThrows(JsonFormatException.class, () -> root.get("calibration").get("power").number());
        assertEquals("src/perf/baseline.json: field 'calibration.power': expected a number, found nothing",
                e.getMessage());
    }

    @Test
    void aMissingOrEmptyFileIsNamedAndTold(@TempDir Path dir) throws Exception {
        Path none = dir.resolve("none.json");
        JsonFormatException missing = assertThrows(JsonFormatException.class, () -> JsonValue.read(none));
        assertEquals(none + ": file does not exist", missing.getMessage());
        assertTrue(missing.fileMissing());

        Path blank = dir.resolve("blank.json");
        Files.write(blank, " \n".getBytes(StandardCharsets.UTF_8));
        JsonFormatException empty = assertThrows(JsonFormatException.class, () -> JsonValue.read(blank));
        assertEquals(blank + ": file is empty", empty.getMessage());
        assertTrue(empty.fileEmpty());
    }

    @Test
    void javaSpellingOfInfinityOnlyWhereTheDocumentAcceptsIt() throws Exception {
        String json = "[\"NaN\", \"-INF\", \"Infinity\"]";
        JsonValue strict = JsonValue.parse("x.json", json);
        assertTrue(Double.isNaN(strict.at(0).number()));
        assertEquals(Double.NEGATIVE_INFINITY, strict.at(1).number());
        JsonFormatException e = assertThrows(JsonFormatException.class, () -> strict.at(2).number());
        assertEquals("x.json: field '[2]': expected a number, found string \"Infinity\"", e.getMessage());

        assertEquals(Double.POSITIVE_INFINITY, JsonValue.parse("x.json", json).acceptingJavaInfinity().at(2).number());
    }

    @Test
    void stringMapsKeepNullAndTakeScalarsAsText() throws Exception {
        JsonValue root = JsonValue.parse("x.json", "{\"env\": {\"a\": \"1\", \"b\": 2, \"c\": null, \"d\": [1]}}");
        JsonFormatException e = assertThrows(JsonFormatException.class, () -> root.get("env").stringMap());
        assertEquals("x.json: field 'env.d': expected a string, found array [1]", e.getMessage());
        assertTrue(root.get("other").optionalStringMap().isEmpty());
        assertEquals("x.json: field 'other': is missing",
                assertThrows(JsonFormatException.class, () -> root.get("other").stringMap()).getMessage());
    }

    @Test
    void theMessageLayoutOmitsAnEmptyPath() {
        assertEquals("a.json: field 'x[0]': bad", JsonFormatException.message(Paths.get("a.json"), "x[0]", "bad"));
        assertEquals("a.json: bad", JsonFormatException.message("a.json", "", "bad"));
    }
}
