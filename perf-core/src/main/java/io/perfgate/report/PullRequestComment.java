package io.perfgate.report;

import io.perfgate.config.PerfProperties;
import io.perfgate.gate.GateReport;
import io.perfgate.stats.Verdict;
import io.perfgate.text.Markup;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The body of the one pull-request comment a CI recipe creates and then updates in place ({@code pr-comment.md}):
 * a hidden marker on the first line, by which the recipe finds its comment again; the verdict; a table of only the
 * rows that need a look (FAIL, WARN, INCONCLUSIVE, IMPROVED); the build failures that are not rows; links to the
 * flame graphs and the full report; the other rows and the methodology block folded away in {@code <details>}.
 *
 * <p>GitHub refuses a comment longer than {@value #GITHUB_LIMIT} characters. The body stays under
 * {@value #BUDGET}, leaving room for what a recipe may add: when everything does not fit, whole rows are left out
 * from the end of the least urgent part first (the methodology, the other rows, the flame graphs, then the rows
 * that need a look, the least severe first), never part of a row or an open table, and a line says how many rows
 * were left out and where the full report is.
 */
public final class PullRequestComment {
    /** The file name, in the output directory beside the reports. */
    public static final String FILE_NAME = "pr-comment.md";
    /** The hidden first line of every comment body, extended by the module's name in a multi-module build. */
    public static final String MARKER = "<!-- perf-maven-plugin -->";
    /** The most characters GitHub accepts in a comment body. */
    public static final int GITHUB_LIMIT = 65_536;
    /** The most characters this body has: GitHub's limit less a margin for text a recipe adds around it. */
    public static final int BUDGET = 60_000;
    /** Room kept for the line that says what was left out. */
    private static final int NOTE_ROOM = 600;

    private PullRequestComment() {
    }

    /**
     * The marker a comment of this module starts with: {@link #MARKER} alone for a single module, else
     * {@code <!-- perf-maven-plugin module=<artifactId> -->}, so a reactor keeps one comment per module.
     *
     * @param module the module's artifactId in a multi-module build, or null
     */
    public static String marker(String module) {
        if (module == null || module.trim().isEmpty()) {
            return MARKER;
        }
        // an HTML comment ends at "--" followed by ">": neither may come from the name
        String name = module.trim().replaceAll("[^A-Za-z0-9_.:-]", "_").replaceAll("-{2,}", "-");
        return "<!-- perf-maven-plugin module=" + name + " -->";
    }

    /**
     * The comment body, at most {@link #BUDGET} characters.
     *
     * @param module the module's artifactId in a multi-module build (named in the marker and under the
     *     headline), or null
     * @param links where the reports and flame graphs are
     * @param methodology the Markdown methodology block, or null when there is none to show
     */
    public static String render(GateReport report, String module, Links links, String methodology) {
        StringBuilder head = new StringBuilder(marker(module)).append('\n');
        MarkdownReport.headline(head, report);
        if (head.charAt(head.length() - 2) != '\n') {
            head.append('\n'); // without a baseline the headline ends in a list
        }
        if (module != null && !module.trim().isEmpty()) {
            head.append("Module ").append(Markup.markdown(module.trim())).append("\n\n");
        }

        List<RowView> look = new ArrayList<>();
        List<String> restRows = new ArrayList<>();
        for (RowView row : RowView.rows(report)) {
            if (row.needsLook()) {
                look.add(row);
            } else {
                restRows.add(MarkdownReport.tableRow(row));
            }
        }
        // the rows that need a look are comparisons (a metric not gated needs none): the most severe first
        look.sort(Comparator.comparing(row -> row.comparison().verdict(), Verdict.SEVERITY));
        List<String> lookRows = new ArrayList<>();
        look.forEach(row -> lookRows.add(MarkdownReport.tableRow(row)));

        List<String> failures = new ArrayList<>();
        if (report.baseline() != null) {
            report.otherFailures().forEach(f -> failures.add("- **" + Markup.markdown(f) + "**\n"));
        }
        List<String> flameGraphs = new ArrayList<>();
        links.flameGraphs().forEach((benchmark, files) -> flameGraphs.add(flameGraphLine(benchmark, files, links)));

        Part lookTable = new Part(MarkdownReport.tableHead(report), lookRows, "\n");
        Part failureList = new Part("", failures, "\n");
        Part reportLine = new Part("", Collections.singletonList(links.fullReportLine() + "\n"), "\n");
        Part flameList = new Part("**Flame graphs**\n\n", flameGraphs, "\n");
        Part restTable = new Part("<details>\n<summary>The other "
                + (restRows.size() == 1 ? "row" : restRows.size() + " rows") + " (PASS, not gated)</summary>\n\n"
                + MarkdownReport.tableHead(report), restRows, "\n</details>\n\n");
        Part methodologyBlock = new Part("<details>\n<summary>Methodology</summary>\n\n",
                methodology == null ? Collections.emptyList() : Collections.singletonList(methodology),
                "\n</details>\n");

        int room = BUDGET - head.length() - NOTE_ROOM;
        for (Part part : Arrays.asList(lookTable, failureList, reportLine, flameList, restTable, methodologyBlock)) {
            room -= part.fill(room);
            if (part.cut()) {
                room = 0;
            }
        }

        StringBuilder md = head;
        md.append(lookTable.text()).append(failureList.text());
        int rowsLeftOut = lookTable.leftOut() + restTable.leftOut();
        List<String> partsLeftOut = new ArrayList<>();
        if (flameList.leftOut() > 0) {
            partsLeftOut.add("flame graphs");
        }
        if (methodologyBlock.leftOut() > 0) {
            partsLeftOut.add("the methodology");
        }
        if (rowsLeftOut > 0 || !partsLeftOut.isEmpty()) {
            int rows = lookRows.size() + restRows.size();
            String what = rowsLeftOut > 0 ? rowsLeftOut + " of " + rows + " rows" : "";
            if (!partsLeftOut.isEmpty()) {
                what += (what.isEmpty() ? "" : " and ") + String.join(" and ", partsLeftOut);
            }
            md.append("**").append(Markup.markdown(what + " left out to stay within GitHub's comment size;"
                    + " the full report has everything.")).append("**\n\n");
        }
        md.append(reportLine.text()).append(flameList.text()).append(restTable.text())
                .append(methodologyBlock.text());
        return md.toString();
    }

    private static String flameGraphLine(String benchmark, List<String> files, Links links) {
        List<String> shown = new ArrayList<>();
        for (String file : files) {
            shown.add(links.link(file.substring(file.lastIndexOf('/') + 1), file));
        }
        return "- " + Markup.markdown(benchmark) + ": " + String.join(", ", shown) + "\n";
    }

    /**
     * Where the reports can be opened from a comment: a base address the CI publishes the output directory at
     * ({@code perf.reportUrl}); else the workflow run, whose artifacts hold them; else only their paths.
     */
    public static final class Links {
        private final String reportUrl;
        private final String runUrl;
        private final String outputDirectory;
        private final String fullReport;
        private final Map<String, List<String>> flameGraphs;

        /**
         * @param reportUrl where the output directory is published (its files are under it), or null
         * @param runUrl the CI run whose artifacts hold the output directory, or null
         * @param outputDirectory the output directory as the project names it, e.g. {@code target/perf}
         * @param fullReport the main report's name in the output directory ({@code report.html}), or null
         * @param flameGraphs by benchmark, its flame graphs' paths relative to the output directory
         */
        public Links(String reportUrl, String runUrl, String outputDirectory, String fullReport,
                Map<String, List<String>> flameGraphs) {
            this.reportUrl = reportUrl == null || reportUrl.trim().isEmpty() ? null
                    : CiEnvironment.trimSlash(reportUrl);
            this.runUrl = runUrl;
            this.outputDirectory = outputDirectory;
            this.fullReport = fullReport;
            this.flameGraphs = Collections.unmodifiableMap(new LinkedHashMap<>(flameGraphs));
        }

        Map<String, List<String>> flameGraphs() {
            return flameGraphs;
        }

        /**
         * A file of the output directory: a link when it is published, else its path in the run's artifacts, else
         * its path in the project. A path on the build machine (an output directory outside the project) would mean
         * nothing to a reader of the comment: the file is then named within the output directory.
         */
        String link(String text, String path) {
            if (reportUrl != null) {
                return "[" + Markup.markdown(text) + "](" + reportUrl + "/" + urlPath(path) + ")";
            }
            return Markup.markdown(runUrl != null || inProject() == null ? path : inProject() + "/" + path);
        }

        /** The output directory relative to the project ({@code target/perf}), or null when it is outside it. */
        private String inProject() {
            boolean absolute = outputDirectory == null || outputDirectory.startsWith("/")
                    || outputDirectory.startsWith("\\") || outputDirectory.matches("^[A-Za-z]:[\\\\/].*");
            return absolute ? null : outputDirectory;
        }

        /** The sentence that says where the full report is. */
        String fullReportLine() {
            if (fullReport == null) {
                return "The full verdict is in the build log (" + Markup.markdown("perf.reportFormats") + " wrote no"
                        + " report file).";
            }
            if (reportUrl == null && runUrl != null) {
                return "Full report: " + Markup.markdown(fullReport) + " in the artifacts of [this run](" + runUrl
                        + ").";
            }
            if (reportUrl == null) {
                // no address to link: say where the file is among what the build kept, not where it was written
                return "Full report: " + link(fullReport, fullReport) + " in the build's " + (inProject() == null
                        ? Markup.markdown(PerfProperties.OUTPUT_DIRECTORY) : "files") + " ("
                        + Markup.markdown(PerfProperties.REPORT_URL) + " would link it here).";
            }
            return "Full report: " + link(fullReport, fullReport) + ".";
        }

        /** A relative path for a URL: each character outside the unreserved set and the slash percent-encoded. */
        static String urlPath(String path) {
            StringBuilder sb = new StringBuilder();
            for (byte b : path.getBytes(StandardCharsets.UTF_8)) {
                char c = (char) (b & 0xff);
                if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
                        || "-._~/".indexOf(c) >= 0) {
                    sb.append(c);
                } else {
                    sb.append('%').append(String.format("%02X", b & 0xff));
                }
            }
            return sb.toString();
        }
    }

    /** A part of the body that is cut by whole lines: its opening, its lines, its closing. */
    private static final class Part {
        private final String open;
        private final List<String> lines;
        private final String close;
        private int kept;

        Part(String open, List<String> lines, String close) {
            this.open = open;
            this.lines = lines;
            this.close = close;
        }

        /** Keeps the lines that fit in {@code room} with the opening and closing; returns the characters used. */
        int fill(int room) {
            int used = open.length() + close.length();
            for (String line : lines) {
                if (used + line.length() > room) {
                    break;
                }
                used += line.length();
                kept++;
            }
            return kept == 0 ? 0 : used;
        }

        boolean cut() {
            return kept < lines.size();
        }

        int leftOut() {
            return lines.size() - kept;
        }

        String text() {
            if (kept == 0) {
                return "";
            }
            StringBuilder sb = new StringBuilder(open);
            lines.subList(0, kept).forEach(sb::append);
            return sb.append(close).toString();
        }
    }
}
