package io.perfgate.report;

import io.perfgate.config.PerfProperties;
import io.perfgate.env.EnvironmentFingerprint;
import io.perfgate.gate.BenchmarkRef;
import io.perfgate.gate.GateRow;
import io.perfgate.gate.EnvironmentDifference;
import io.perfgate.gate.EnvironmentPolicy;
import io.perfgate.gate.GateReport;
import io.perfgate.gate.GateSettings;
import io.perfgate.gate.NotGated;
import io.perfgate.results.Provenance;
import io.perfgate.stats.Multiplicity;
import io.perfgate.stats.Verdict;
import io.perfgate.text.CommitIds;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * The build log of {@code perf:check}, in the manner of benchstat: a header with K and the multiplicity mode,
 * one aligned table, then a line for each thing that needs a look, then one line per regression, measured value
 * before the limit. Returns lines with a level so the Mojo can log them and tests can compare them as text.
 */
public final class ConsoleReport {
    /** How loudly a line is logged. */
    public enum Level {
        INFO, WARNING, ERROR
    }

    /** One line of the log. */
    public static final class Line {
        private final Level level;
        private final String text;

        Line(Level level, String text) {
            this.level = level;
            this.text = text;
        }

        public Level level() {
            return level;
        }

        public String text() {
            return text;
        }

        @Override
        public String toString() {
            return "[" + level + "] " + text;
        }
    }

    /**
     * The bracketed range after each side's value is its 95 % interval (for a median, the distribution-free one),
     * as the change's is: the header says so, since a bare range left readers guessing (min and max?).
     */
    static final String[] HEADER = {"benchmark", "metric", "baseline [95 % CI]", "current [95 % CI]",
            "change [95 % CI]", "p", "verdict"};

    private ConsoleReport() {
    }

    public static List<Line> render(GateReport report) {
        List<Line> out = new ArrayList<>();
        out.add(info(report.goal() + " " + sources(report)));
        if (report.baseline() == null) {
            report.notes().forEach(n -> out.add(warn(n)));
            report.otherFailures().forEach(f -> out.add(error(f)));
            return out;
        }
        out.add(info(settingsLine(report)));
        out.add(info(""));
        for (String row : table(report)) {
            out.add(info(row));
        }
        out.add(info(""));
        for (GateRow c : report.comparisons()) {
            if (c.verdict() == Verdict.WARN || c.verdict() == Verdict.INCONCLUSIVE) {
                out.add(warn(c.verdict() + " " + RowView.of(c, report).benchmark() + ": " + c.reason()));
            }
        }
        notJudgedLine(report).ifPresent(out::add);
        for (String line : notGatedLines(report)) {
            out.add(info(line));
        }
        if (!report.environmentDifferences().isEmpty() && report.environmentPolicy() == EnvironmentPolicy.IGNORE) {
            out.add(info("The environment differs from the baseline's in " + report.environmentDifferences().size()
                    + " fields (" + PerfProperties.ENVIRONMENT_POLICY + "=ignore; listed in report.md)"));
        } else if (!report.environmentDifferences().isEmpty()) {
            out.add(warn("The environment differs from the baseline's (" + PerfProperties.ENVIRONMENT_POLICY + "="
                    + report.environmentPolicy().id() + "):"));
            for (EnvironmentDifference d : report.environmentDifferences()) {
                out.add(warn("  " + d.describe()));
            }
        }
        listBenchmarks(out, report.newBenchmarks(), "New since the baseline (not compared)");
        listBenchmarks(out, report.missingBenchmarks(), "In the baseline but not run this time");
        listBenchmarks(out, report.ignoredBenchmarks(), "Ignored by a <rule>");
        report.notes().forEach(n -> out.add(warn(n)));
        Level regressionLevel = report.failOnRegression() ? Level.ERROR : Level.WARNING;
        for (String r : report.regressions()) {
            out.add(new Line(regressionLevel, "FAIL " + r));
        }
        if (!report.failOnRegression() && !report.regressions().isEmpty()) {
            out.add(warn("These regressions do not fail the build because " + PerfProperties.FAIL_ON_REGRESSION
                    + "=false."));
        }
        report.otherFailures().forEach(f -> out.add(error(f)));
        return out;
    }

    /** Which benchmarks were not judged, in one line after their reasons, or nothing when all were. */
    static Optional<Line> notJudgedLine(GateReport report) {
        Set<String> all = new LinkedHashSet<>();
        Set<String> open = new LinkedHashSet<>();
        for (GateRow c : report.comparisons()) {
            all.add(c.displayName());
            if (c.verdict() == Verdict.INCONCLUSIVE) {
                open.add(c.displayName());
            }
        }
        if (open.isEmpty()) {
            return Optional.empty();
        }
        String what = open.size() == all.size()
                ? (all.size() == 1 ? "the only benchmark" : "none of the " + all.size() + " benchmarks")
                : open.size() + " of " + all.size() + " benchmarks " + (open.size() == 1 ? "has" : "have")
                        + " an INCONCLUSIVE comparison";
        return Optional.of(warn("Not judged: " + what + ": " + String.join(", ", open)
                + ". Their INCONCLUSIVE lines above say what to change."
                + (report.settings().containsKey(PerfProperties.FAIL_ON_INCONCLUSIVE)
                        && Boolean.parseBoolean(report.settings().get(PerfProperties.FAIL_ON_INCONCLUSIVE)) ? ""
                        : " This does not fail the build; -D" + PerfProperties.FAIL_ON_INCONCLUSIVE
                                + "=true makes it.")));
    }

    /**
     * The message of the one build failure: {@code 2 regressions in 14 comparisons; see target/perf/report.md},
     * with any other failure (missing baseline, strict environment ...) after it.
     *
     * @param reportFile the report to point at, or null
     */
    public static String failureSummary(GateReport report, String reportFile) {
        List<String> parts = new ArrayList<>();
        if (report.failOnRegression() && !report.regressions().isEmpty()) {
            parts.add(report.summary());
        }
        parts.addAll(report.otherFailures());
        return String.join("; ", parts) + (reportFile == null ? "" : "; see " + reportFile);
    }

    /** The log as text, one {@code [LEVEL] text} per line, for golden files. */
    public static String toText(List<Line> lines) {
        StringBuilder sb = new StringBuilder();
        for (Line l : lines) {
            sb.append(l).append('\n');
        }
        return sb.toString();
    }

    static String sources(GateReport report) {
        String module = report.current().environment().get(EnvironmentFingerprint.MAVEN_MODULE);
        String current = (module == null ? "" : "module " + module + ": ")
                + (report.current().file() == null ? "current results" : report.current().file());
        if (report.baseline() == null) {
            return current + " (no baseline)";
        }
        GateReport.Source b = report.baseline();
        return current + " vs baseline " + (b.file() == null ? "" : b.file() + " ") + "(" + recorded(b) + ")";
    }

    static String recorded(GateReport.Source b) {
        Provenance p = Provenance.of(b.provenance(), b.environment());
        String when = p.recordedAt() != null ? p.recordedAt() : b.createdAt();
        String commit = p.commit();
        String reason = p.reason();
        return "recorded " + when + (commit == null ? "" : " at " + CommitIds.abbreviate(commit))
                + (reason == null ? "" : ", reason: " + reason);
    }

    static String settingsLine(GateReport report) {
        Map<String, String> s = report.settings();
        return "K = " + report.tested() + " tested comparisons, multiplicity "
                + GateSettings.multiplicityId(report.multiplicity())
                + ", alpha " + s.getOrDefault(PerfProperties.ALPHA, "?") + " one-sided; limits: median "
                + s.getOrDefault(PerfProperties.MEDIAN_FAIL, "?")
                + " (T_min " + s.getOrDefault(PerfProperties.MEDIAN_MIN, "?")
                + "), p95 " + s.getOrDefault(PerfProperties.P95_FAIL, "?")
                + " (T_min " + s.getOrDefault(PerfProperties.P95_MIN, "?")
                + "), allocation max(" + s.getOrDefault(PerfProperties.ALLOC_PERCENT, "?") + ", "
                + s.getOrDefault(PerfProperties.ALLOC_BYTES, "?") + " B/op)";
    }

    /** The aligned table, header first; not-gated metrics sit below their benchmark's rows. */
    public static List<String> table(GateReport report) {
        List<String[]> rows = new ArrayList<>();
        rows.add(header(report));
        for (RowView row : RowView.rows(report)) {
            rows.add(new String[] {row.benchmark(), row.metric(), row.baseline(), row.current(), row.change(),
                row.p(), row.verdict()});
        }
        int[] widths = new int[HEADER.length];
        for (String[] r : rows) {
            for (int i = 0; i < r.length; i++) {
                widths[i] = Math.max(widths[i], r[i].length());
            }
        }
        List<String> lines = new ArrayList<>();
        for (String[] r : rows) {
            StringBuilder sb = new StringBuilder();
            for (int i = 0; i < r.length; i++) {
                boolean last = i == r.length - 1;
                // The p column is numeric: right-align it so the decimals line up.
                String cell = i == 5 ? pad(r[i], widths[i], true) : last ? r[i] : pad(r[i], widths[i], false);
                sb.append(cell).append(last ? "" : "  ");
            }
            lines.add(sb.toString().replaceAll("\\s+$", ""));
        }
        return lines;
    }

    static String[] header(GateReport report) {
        String[] h = HEADER.clone();
        h[5] = RowView.pHeader(report);
        return h;
    }

    /** One line per metric and reason: {@code p95 not gated for A.a, B.b: avgt mode records no ...}. */
    static List<String> notGatedLines(GateReport report) {
        Map<String, List<String>> byReason = new LinkedHashMap<>();
        Map<String, NotGated> first = new LinkedHashMap<>();
        Map<String, Set<String>> shown = new LinkedHashMap<>();
        RowView.Names names = new RowView.Names(report);
        for (NotGated n : report.notGated()) {
            String key = n.metricName() + "\u0000" + n.reason();
            byReason.computeIfAbsent(key, k -> new ArrayList<>()).add(names.of(n.displayName(), n.id()));
            first.putIfAbsent(key, n);
            if (n.spread() != null) {
                shown.computeIfAbsent(key, k -> new TreeSet<>()).add(n.spread().describe(n.metricName()));
            }
        }
        List<String> lines = new ArrayList<>();
        for (Map.Entry<String, List<String>> e : byReason.entrySet()) {
            NotGated n = first.get(e.getKey());
            Set<String> values = shown.getOrDefault(e.getKey(), Collections.emptySet());
            // the table shows what was measured all the same: say what those figures are of
            String what = values.isEmpty() ? "" : "; the table shows the " + (values.size() == 1
                    ? values.iterator().next() : n.metricName() + " of each side's per-fork values");
            lines.add(n.metricName() + " not gated for " + String.join(", ", e.getValue()) + ": " + n.reason()
                    + what);
        }
        return lines;
    }

    private static void listBenchmarks(List<Line> out, List<BenchmarkRef> refs, String title) {
        if (refs.isEmpty()) {
            return;
        }
        List<String> names = new ArrayList<>();
        Map<String, Integer> seen = new HashMap<>();
        for (BenchmarkRef r : refs) {
            if (seen.merge(r.key(), 1, Integer::sum) == 1) {
                names.add(r.displayName());
            }
        }
        Collections.sort(names);
        out.add(warn(title + " (" + refs.size() + "): " + String.join(", ", names)));
    }

    static String pad(String s, int width, boolean right) {
        StringBuilder sb = new StringBuilder();
        if (right) {
            for (int i = s.length(); i < width; i++) {
                sb.append(' ');
            }
            return sb.append(s).toString();
        }
        sb.append(s);
        while (sb.length() < width) {
            sb.append(' ');
        }
        return sb.toString();
    }

    private static Line info(String text) {
        return new Line(Level.INFO, text);
    }

    private static Line warn(String text) {
        return new Line(Level.WARNING, text);
    }

    private static Line error(String text) {
        return new Line(Level.ERROR, text);
    }
}
