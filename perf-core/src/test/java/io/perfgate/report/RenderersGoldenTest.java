package io.perfgate.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.perfgate.gate.GateReport;
import io.perfgate.testing.Golden;
import java.nio.file.Paths;
import org.junit.jupiter.api.Test;

/** The console table, report.md, TEST-perf.xml and report.json against golden files, fixed numbers in. */
class RenderersGoldenTest {
    @Test
    void console() throws Exception {
        Golden.assertMatches("report/console-mixed.txt", ConsoleReport.toText(ConsoleReport.render(SampleReports.mixed())));
        Golden.assertMatches("report/console-no-baseline.txt",
                ConsoleReport.toText(ConsoleReport.render(SampleReports.noBaseline())));
    }

    @Test
    void markdown() throws Exception {
        Golden.assertMatches("report/report-mixed.md", MarkdownReport.render(SampleReports.mixed()));
        Golden.assertMatches("report/report-no-baseline.md", MarkdownReport.render(SampleReports.noBaseline()));
    }

    @Test
    void junitXml() throws Exception {
        Golden.assertMatches("report/TEST-perf-mixed.xml", JUnitXmlReport.render(SampleReports.mixed()));
        Golden.assertMatches("report/TEST-perf-no-baseline.xml", JUnitXmlReport.render(SampleReports.noBaseline()));
    }

    @Test
    void reportJson() throws Exception {
        Golden.assertMatches("report/report-mixed.json", ReportJson.toJson(SampleReports.mixed()));
        Golden.assertMatches("report/report-no-baseline.json", ReportJson.toJson(SampleReports.noBaseline()));
    }

    @Test
    void reportJsonReadsBackWhatItWrote() throws Exception {
        for (GateReport r : new GateReport[] {SampleReports.mixed(), SampleReports.noBaseline()}) {
            String json = ReportJson.toJson(r);
            GateReport back = ReportJson.parse(Paths.get("report.json"), json);
            assertEquals(json, ReportJson.toJson(back));
            assertEquals(r.outcome(), back.outcome());
            assertEquals(r.comparisons().size(), back.comparisons().size());
        }
        GateReport back = ReportJson.parse(Paths.get("report.json"), ReportJson.toJson(SampleReports.noBaseline()));
        assertNull(back.baseline());
        assertTrue(back.comparisons().isEmpty());
    }
}
