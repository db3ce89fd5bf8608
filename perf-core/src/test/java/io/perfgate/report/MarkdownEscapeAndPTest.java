package io.perfgate.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.perfgate.gate.GateRow;
import io.perfgate.gate.GateReport;
import io.perfgate.gate.GateSettings;
import io.perfgate.gate.Metric;
import io.perfgate.stats.Direction;
import io.perfgate.stats.Multiplicity;
import io.perfgate.stats.Verdict;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The two Markdown bugs of the second pass: the allocation row's p-value and a leading {@code #}. */
class MarkdownEscapeAndPTest {
    /** Allocation is judged by its tolerance: its row shows no corrected p-value, in report.md as in the log. */
    @Test
    void allocationRowShowsNoCorrectedPValueInReportMd() {
        GateReport r = GateReport.builder().createdAt("t").toolVersion("v")
                .baseline(new GateReport.Source("baseline.json", "t0", "v", SampleReports.env("17"),
                        Collections.emptyMap()))
                .current(new GateReport.Source("results.json", "t1", "v", SampleReports.env("17"),
                        Collections.emptyMap()))
                .settings(GateSettings.defaults().describe())
                .multiplicity(Multiplicity.Mode.HOLM, 1, true)
                .addComparison(GateRow.builder()
                        .benchmark("com.acme.A.run", Collections.emptyMap(), "avgt", "A.run")
                        .metric(Metric.ALLOCATION, "B/op", Direction.LOWER_IS_BETTER).forks(5, 5)
                        .baselineMedian(100, Double.NaN, Double.NaN).currentMedian(100, Double.NaN, Double.NaN)
                        .ratio(1.0, Double.NaN, Double.NaN, Double.NaN, Double.NaN).ratioOfMedians(1.0)
                        // a report.json may carry a corrected p for any row; allocation's has no test behind it
                        .adjustedP(0.012)
                        .allocationTolerance(0.02, 16)
                        .verdict(Verdict.PASS, "allocation +0.0 % is within the limit")
                        .build())
                .build();
        String row = line(MarkdownReport.render(r), "| A.run | alloc |");
        assertEquals("| A.run | alloc | 100.0 B/op | 100.0 B/op | +0.0 % | - | PASS |", row);
        List<String> table = ConsoleReport.table(r);
        assertTrue(table.get(1).matches(".*\\+0\\.0 %\\s+-\\s+PASS"), table.get(1));
    }

    /** A message that starts with # would be a heading in report.md; it must show as written. */
    @Test
    void leadingHashIsNoHeadingInReportMd() {
        GateReport r = GateReport.builder().createdAt("t").toolVersion("v")
                .current(new GateReport.Source("results.json", "t1", "v", SampleReports.env("17"),
                        Collections.emptyMap()))
                .settings(GateSettings.defaults().describe())
                .addNote("# of forks too small for the p95")
                .build();
        assertTrue(MarkdownReport.render(r).contains("\n- \\# of forks too small for the p95\n"),
                MarkdownReport.render(r));
    }

    /** The same in the Markdown methodology block, which escapes through the same rule. */
    @Test
    void leadingHashIsNoHeadingInTheMethodologyBlock() {
        Methodology m = Methodology.builder().vote("+1 perf").note("  # of forks too small").build();
        String md = MethodologyFormat.MARKDOWN.renderer().render(m);
        assertTrue(md.contains("\n-   \\# of forks too small\n"), md);
    }

    private static String line(String text, String start) {
        for (String l : text.split("\n")) {
            if (l.startsWith(start)) {
                return l;
            }
        }
        throw new AssertionError("no line starting with " + start + " in\n" + text);
    }
}
