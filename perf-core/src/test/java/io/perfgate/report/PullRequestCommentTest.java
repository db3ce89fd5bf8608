package io.perfgate.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.perfgate.gate.GateReport;
import io.perfgate.testing.Golden;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The pull-request comment body: golden files for small reports, and the cut of a large suite. */
class PullRequestCommentTest {
    private static final String METHODOLOGY = "### Methodology\n\nTen forks a side, exact Mann-Whitney test.\n";

    private static Map<String, List<String>> flameGraphs() {
        Map<String, List<String>> flames = new LinkedHashMap<>();
        flames.put("ParserBench.parse (size=10) (FAIL)", Arrays.asList(
                "profiles/ParserBench.parse_size=10/cpu-diff.html", "profiles/ParserBench.parse_size=10/cpu-after.html"));
        return flames;
    }

    @Test
    void mixedReportWithPublishedReports() {
        PullRequestComment.Links links = new PullRequestComment.Links("https://ci.example.com/job/7/artifact/target/perf/",
                null, "target/perf", "report.html", flameGraphs());
        Golden.assertMatches("report/pr-comment-mixed.md",
                PullRequestComment.render(SampleReports.mixed(), null, links, METHODOLOGY));
    }

    @Test
    void mixedReportOnGitHubWithoutPublishedReportsPointsToTheRunsArtifacts() {
        PullRequestComment.Links links = new PullRequestComment.Links(null,
                "https://github.com/acme/codec/actions/runs/42", "target/perf", "report.html", flameGraphs());
        // a perf:compare's comment names perf:compare (before, every comment was headed perf:check)
        Golden.assertMatches("report/pr-comment-mixed-github-run.md", PullRequestComment.render(
                SampleReports.mixedBuilder().goal("perf:compare").build(), "codec-core", links, null));
    }

    @Test
    void noBaseline() {
        PullRequestComment.Links links = new PullRequestComment.Links(null, null, "target/perf", "report.md",
                Collections.emptyMap());
        Golden.assertMatches("report/pr-comment-no-baseline.md",
                PullRequestComment.render(SampleReports.noBaseline(), null, links, null));
    }

    /**
     * Without perf.reportUrl or a CI run to link, the comment says where the report is among the build's files, by
     * its path in the project: before, it was only a bare path ("Full report: target/perf/report.html."), and for an
     * output directory outside the project a path on the build machine that no reader of the comment can open.
     */
    @Test
    void withoutAnAddressTheReportIsNamedInTheProjectNeverOnTheBuildMachine() {
        String inProject = PullRequestComment.render(SampleReports.mixed(), null, new PullRequestComment.Links(null,
                null, "target/perf", "report.html", flameGraphs()), null);
        assertTrue(inProject.contains("\nFull report: target/perf/report.html in the build's files (perf.reportUrl"
                + " would link it here).\n"), inProject);
        assertTrue(inProject.contains("- ParserBench.parse (size=10) (FAIL): target/perf/profiles/"), inProject);

        String outside = PullRequestComment.render(SampleReports.mixed(), null, new PullRequestComment.Links(null,
                null, "/home/ci/work/shared-out/perf", "report.html", flameGraphs()), null);
        assertFalse(outside.contains("/home/ci"), outside);
        assertTrue(outside.contains("\nFull report: report.html in the build's perf.outputDirectory (perf.reportUrl"
                + " would link it here).\n"), outside);
        assertTrue(outside.contains("- ParserBench.parse (size=10) (FAIL): profiles/"), outside);
        String windows = PullRequestComment.render(SampleReports.mixed(), null, new PullRequestComment.Links(null,
                null, "C:\\ci\\out", "report.html", flameGraphs()), null);
        assertFalse(windows.contains("ci\\\\out") || windows.contains("ci\\out"), windows);
    }

    @Test
    void markerIsOneConstantAndAModuleGetsItsOwn() {
        assertEquals("<!-- perf-maven-plugin -->", PullRequestComment.marker(null));
        assertEquals("<!-- perf-maven-plugin module=codec-core -->", PullRequestComment.marker("codec-core"));
        // "--" or ">" in a name would end the hidden comment and show the rest
        assertEquals("<!-- perf-maven-plugin module=a-_b -->", PullRequestComment.marker("a-->b"));
    }

    @Test
    void textGoesThroughTheMarkdownEscape() {
        Map<String, List<String>> flames = new LinkedHashMap<>();
        flames.put("Evil.run (s=<img src=x>) *bold* (FAIL)", Collections.singletonList("profiles/Evil/cpu diff.html"));
        String body = PullRequestComment.render(SampleReports.mixed(), "m_1",
                new PullRequestComment.Links("https://ci/x", null, "target/perf", "report.html", flames), null);
        assertTrue(body.contains("- Evil.run (s=&lt;img src=x>) \\*bold\\* (FAIL): [cpu diff.html]"
                + "(https://ci/x/profiles/Evil/cpu%20diff.html)"), body);
        assertTrue(body.contains("Module m\\_1"), body);
    }

    /**
     * 500 benchmarks with 50 regressions: under GitHub's limit, the FAILs first and all shown, PASS rows cut by
     * whole rows inside a closed table, and a line saying how many rows were left out and where everything is.
     */
    @Test
    void largeSuiteStaysUnderGitHubsLimitAndIsCutByWholeRows() {
        GateReport report = SampleReports.suite(500, 50);
        StringBuilder longMethodology = new StringBuilder();
        for (int i = 0; i < 500; i++) {
            longMethodology.append("| row ").append(i).append(" | methodology table cell text of some length |\n");
        }
        String body = PullRequestComment.render(report, null, new PullRequestComment.Links(null,
                "https://github.com/acme/codec/actions/runs/42", "target/perf", "report.html",
                Collections.emptyMap()), longMethodology.toString());

        assertTrue(body.length() <= PullRequestComment.BUDGET, "length " + body.length());
        assertTrue(PullRequestComment.BUDGET < PullRequestComment.GITHUB_LIMIT);
        String[] lines = body.split("\n", -1);
        assertEquals(PullRequestComment.MARKER, lines[0]);
        assertEquals("## perf:check: FAIL - 50 regressions in 500 comparisons", lines[1]);

        int fails = count(body, "| **FAIL** |");
        assertEquals(50, fails, "every regression is shown");
        Matcher left = Pattern.compile("\\*\\*(\\d+) of 500 rows and the methodology left out to stay within"
                + " GitHub's comment size; the full report has everything\\.\\*\\*").matcher(body);
        assertTrue(left.find(), body.substring(0, 3000));
        int shownRows = count(body, "\n| StreamingCodecBenchmark");
        assertEquals(500 - Integer.parseInt(left.group(1)), shownRows);
        assertTrue(body.contains("Full report: report.html in the artifacts of [this run]"
                + "(https://github.com/acme/codec/actions/runs/42)."));
        assertFalse(body.contains("row 0 | methodology"), "the methodology is left out, not cut inside");

        // every table ends with a blank line (never cut mid-table), every <details> is closed
        for (int i = 0; i < lines.length; i++) {
            if (lines[i].startsWith("|")) {
                String next = i + 1 < lines.length ? lines[i + 1] : "";
                assertTrue(next.startsWith("|") || next.isEmpty(), "line " + (i + 2) + " after a table row: " + next);
            }
        }
        assertEquals(count(body, "<details>"), count(body, "</details>"));
        // the methodology left out whole: the body ends with the last PASS row kept, its table closed, and no
        // empty block after it
        assertFalse(body.contains("<summary>Methodology</summary>"), "no empty methodology block");
        int lastRow = body.lastIndexOf("\n| StreamingCodecBenchmark");
        String end = body.substring(body.indexOf('\n', lastRow + 1) + 1);
        assertEquals("\n</details>\n\n", end, "what follows the last row");
    }

    @Test
    void aSmallSuiteIsNotCut() {
        String body = PullRequestComment.render(SampleReports.suite(20, 2), null,
                new PullRequestComment.Links(null, null, "target/perf", "report.html", Collections.emptyMap()),
                METHODOLOGY);
        assertFalse(body.contains("left out"), body);
        assertEquals(20, count(body, "\n| StreamingCodecBenchmark"));
        assertTrue(body.contains("<summary>The other 18 rows (PASS, not gated)</summary>"), body);
        assertTrue(body.contains(METHODOLOGY));
    }

    private static int count(String text, String fragment) {
        List<Integer> at = new ArrayList<>();
        for (int i = text.indexOf(fragment); i >= 0; i = text.indexOf(fragment, i + 1)) {
            at.add(i);
        }
        return at.size();
    }
}
