package io.perfgate.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** report.json read by perf:report and perf:methodology: a broken file names itself and the field to fix. */
class ReportJsonTest {
    private static final Path FILE = Paths.get("target/perf/report.json");

    @Test
    void aTruncatedReportNamesTheFile(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("report.json");
        String json = ReportJson.toJson(SampleReports.mixed());
        // cut after a comma near the middle: the file ends where a value should follow, as a write cut short does
        int cut = json.lastIndexOf(',', json.length() / 2) + 1;
        Files.write(file, json.substring(0, cut).getBytes(StandardCharsets.UTF_8));

        ReportFormatException e = assertThrows(ReportFormatException.class, () -> ReportJson.read(file));

        assertTrue(e.getMessage().startsWith(file + ": is not valid JSON at line "), e.getMessage());
        assertTrue(e.getMessage().contains("(truncated or hand-edited?): Unexpected end-of-input"), e.getMessage());
    }

    @Test
    void aWrongTypeInAComparisonIsNamedByItsPath() {
        String json = ReportJson.toJson(SampleReports.mixed()).replaceFirst("\"pValue\" : [0-9.E-]+",
                "\"pValue\" : \"small\"");
        ReportFormatException e = assertThrows(ReportFormatException.class, () -> ReportJson.parse(FILE, json));
        assertEquals("target/perf/report.json: field 'comparisons[0].pValue': expected a number or null,"
                + " found string \"small\"", e.getMessage());
        assertEquals("comparisons[0].pValue", e.field());
    }

    @Test
    void aMissingFieldIsNamedByItsPath() {
        String json = ReportJson.toJson(SampleReports.mixed()).replace("\"holmCanFail\"", "\"holm\"");
        ReportFormatException e = assertThrows(ReportFormatException.class, () -> ReportJson.parse(FILE, json));
        assertEquals("target/perf/report.json: field 'multiplicity.holmCanFail': is missing", e.getMessage());
    }

    @Test
    void anUnknownVerdictListsTheKnownOnes() {
        String json = ReportJson.toJson(SampleReports.mixed()).replaceFirst("\"verdict\" : \"FAIL\"",
                "\"verdict\" : \"MAYBE\"");
        ReportFormatException e = assertThrows(ReportFormatException.class, () -> ReportJson.parse(FILE, json));
        assertEquals("target/perf/report.json: field 'comparisons[0].verdict': \"MAYBE\" is not one of fail, warn,"
                + " improved, pass, inconclusive", e.getMessage());
    }
}
