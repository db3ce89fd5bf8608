package io.perfgate.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.perfgate.config.PerfProperties;
import io.perfgate.files.AtomicFiles;
import io.perfgate.gate.GateReport;
import io.perfgate.gate.GateRow;
import io.perfgate.gate.GateSettings;
import io.perfgate.json.JsonWriting;
import io.perfgate.stats.StatsText;
import io.perfgate.stats.Verdict;
import io.perfgate.text.Markup;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.nio.file.Path;

/**
 * Several treatments against one baseline, one column per treatment: the gate's reports (one per treatment, all
 * judged in one multiplicity step) pivoted into one table, rendered for the console, Markdown, HTML, JSON and CSV
 * ({@code summary.csv}, in the shape a spreadsheet user expects). The rows and their verdicts are the gate's; this
 * class only lays them side by side and names every side with its ref, commit and JVM arguments.
 */
public final class TreatmentSummary {
    public static final String CSV_FILE = "summary.csv";
    public static final String MARKDOWN_FILE = "treatments.md";
    public static final String HTML_FILE = "treatments.html";
    public static final String JSON_FILE = "treatments.json";
    /** The {@code schema} of treatments.json. */
    public static final String JSON_SCHEMA = "perf-treatments/1";
    /** The columns before the treatments' own. */
    public static final List<String> CSV_FIXED_COLUMNS = Collections.unmodifiableList(java.util.Arrays.asList(
            "benchmark", "mode", "params", "metric", "unit", "baseline median"));
    /** Each treatment's columns, after its name and a space. */
    public static final List<String> CSV_TREATMENT_COLUMNS = Collections.unmodifiableList(java.util.Arrays.asList(
            "median", "change %", "ci low %", "ci high %", "verdict"));

    /** One side: its name, the ref as given, the commit it measured and its own JVM arguments. */
    public static final class SideInfo {
        private final String name;
        private final String ref;
        private final String commit;
        private final List<String> jvmArgs;

        public SideInfo(String name, String ref, String commit, List<String> jvmArgs) {
            this.name = Objects.requireNonNull(name);
            this.ref = Objects.requireNonNull(ref);
            this.commit = Objects.requireNonNull(commit);
            this.jvmArgs = Collections.unmodifiableList(new ArrayList<>(jvmArgs));
        }

        public String name() {
            return name;
        }

        public String ref() {
            return ref;
        }

        public String commit() {
            return commit;
        }

        public List<String> jvmArgs() {
            return jvmArgs;
        }

        /** {@code run1: main at 1a2b3c4 with -Dx=y}. */
        String describe() {
            return name + ": " + ref + " at " + commit + (jvmArgs.isEmpty() ? ", no JVM arguments of its own"
                    : ", with " + String.join(" ", jvmArgs));
        }
    }

    /**
     * What an A/A comparison shows of one benchmark metric: the between-fork noise of all sides pooled, the smallest
     * slowdown a treatment of these forks detects with 80 % power, and the largest change any treatment showed.
     */
    public static final class Noise {
        private final String name;
        private final double forkCv;
        private final double detectable;
        private final double largestChange;

        public Noise(String name, double forkCv, double detectable, double largestChange) {
            this.name = name;
            this.forkCv = forkCv;
            this.detectable = detectable;
            this.largestChange = largestChange;
        }

        String line() {
            return String.format(Locale.ROOT, "%s: between-fork noise %s; the largest change between identical"
                    + " sides %s; this machine detects a slowdown from %s (80 %% power, these forks)", name,
                    StatsText.noise(forkCv), Units.percent(largestChange),
                    Double.isInfinite(detectable) || Double.isNaN(detectable) ? "no size"
                            : StatsText.percentChange(detectable));
        }
    }

    /** One row of the table: a benchmark x params x mode x metric, and each treatment's row of the gate. */
    public static final class Row {
        private final GateRow first;
        private final GateRow[] treatments;

        Row(GateRow first, int treatments) {
            this.first = first;
            this.treatments = new GateRow[treatments];
        }

        public String benchmark() {
            return first.benchmark();
        }

        public String mode() {
            return first.mode();
        }

        public Map<String, String> params() {
            return first.params();
        }

        public String metric() {
            return first.metricName();
        }

        public String unit() {
            return first.unit();
        }

        public double baselineMedian() {
            return first.baselineMedian();
        }

        /** The gate's row of treatment {@code i} (0-based), or null when that treatment has none for it. */
        public GateRow treatment(int i) {
            return treatments[i];
        }
    }

    private final SideInfo baseline;
    private final List<SideInfo> treatments;
    private final List<GateReport> reports;
    private final String command;
    private final List<Noise> noise;
    private final List<Row> rows = new ArrayList<>();

    /**
     * @param reports the gate's report of each treatment against the baseline, in the order of {@code treatments}
     * @param command the command that runs the comparison again in the same order
     * @param noise what an A/A comparison shows per benchmark metric; empty when the sides differ
     */
    public TreatmentSummary(SideInfo baseline, List<SideInfo> treatments, List<GateReport> reports, String command,
            List<Noise> noise) {
        if (treatments.size() != reports.size() || treatments.isEmpty()) {
            throw new IllegalArgumentException(treatments.size() + " treatments for " + reports.size() + " reports");
        }
        this.baseline = baseline;
        this.treatments = Collections.unmodifiableList(new ArrayList<>(treatments));
        this.reports = Collections.unmodifiableList(new ArrayList<>(reports));
        this.command = command;
        this.noise = Collections.unmodifiableList(new ArrayList<>(noise));
        // a row per benchmark and metric
        Map<List<Object>, Row> byId = new LinkedHashMap<>();
        for (int t = 0; t < reports.size(); t++) {
            for (GateRow c : reports.get(t).comparisons()) {
                Row row = byId.computeIfAbsent(List.of(c.id(), c.metricName()), k -> new Row(c, treatments.size()));
                row.treatments[t] = c;
            }
        }
        rows.addAll(byId.values());
    }

    public List<Row> rows() {
        return Collections.unmodifiableList(rows);
    }

    public List<GateReport> reports() {
        return reports;
    }

    /** True when any treatment's report fails the build (a FAIL with {@code perf.failOnRegression}, or another). */
    public boolean failsBuild() {
        return reports.stream().anyMatch(GateReport::failsBuild);
    }

    /** Each treatment whose report has a FAIL: {@code coders (Codec.encode median)}. */
    public List<String> regressions() {
        List<String> out = new ArrayList<>();
        for (int t = 0; t < reports.size(); t++) {
            List<String> names = new ArrayList<>();
            for (GateRow c : reports.get(t).comparisons()) {
                if (c.verdict() == Verdict.FAIL) {
                    names.add(c.displayName() + " " + c.metricName());
                }
            }
            if (!names.isEmpty()) {
                out.add(treatments.get(t).name() + " (" + String.join(", ", names) + ")");
            }
        }
        return out;
    }

    /** One line per treatment: its outcome and the gate's summary. */
    public List<String> outcomes() {
        List<String> out = new ArrayList<>();
        for (int t = 0; t < reports.size(); t++) {
            out.add(treatments.get(t).name() + " against " + baseline.name() + ": " + reports.get(t).outcome() + " - "
                    + reports.get(t).summary());
        }
        return out;
    }

    /** How the verdicts share alpha: K over all treatments, and the mode. */
    public String multiplicityLine() {
        GateReport r = reports.get(0);
        return "K = " + r.tested() + " tested comparisons over " + treatments.size() + (treatments.size() == 1 ? " treatment" : " treatments") + " x benchmarks x"
                + " metrics against one baseline; " + PerfProperties.MULTIPLICITY + "="
                + GateSettings.multiplicityId(r.multiplicity()) + " applied over all of them";
    }

    /** The sides, the seed's command and the multiplicity: the methodology of the comparison in a few lines. */
    public List<String> methodology() {
        List<String> lines = new ArrayList<>();
        lines.add("Baseline " + baseline.describe());
        for (SideInfo s : treatments) {
            lines.add("Treatment " + s.describe());
        }
        lines.add("All sides interleaved: every side once per round, in an order drawn from the seed; each treatment"
                + " judged against the baseline by the gate's rule");
        lines.add(multiplicityLine());
        if (command != null) {
            lines.add("Repeat in the same order: " + command);
        }
        return lines;
    }

    /**
     * Writes summary.csv, treatments.md, treatments.html and treatments.json into {@code directory}, each
     * atomically; returns them.
     */
    public List<Path> write(Path directory) throws IOException {
        List<Path> files = new ArrayList<>();
        for (String name : new String[] {CSV_FILE, MARKDOWN_FILE, HTML_FILE, JSON_FILE}) {
            Path file = directory.resolve(name);
            String content = name.equals(CSV_FILE) ? csv() : name.equals(MARKDOWN_FILE) ? markdown()
                    : name.equals(HTML_FILE) ? html() : json();
            AtomicFiles.writeString(file, content);
            files.add(file);
        }
        return files;
    }

    // ------------------------------------------------------------------ console

    /** The console table: benchmark, metric, baseline median, then per treatment its change, interval, verdict. */
    public List<String> consoleLines() {
        List<String> out = new ArrayList<>(methodology());
        out.add("");
        List<String[]> table = new ArrayList<>();
        List<String> header = new ArrayList<>(java.util.Arrays.asList("benchmark", "metric", baseline.name()));
        treatments.forEach(t -> header.add(t.name()));
        table.add(header.toArray(new String[0]));
        for (Row r : rows) {
            List<String> cells = new ArrayList<>();
            cells.add(r.first.displayName());
            cells.add(r.metric());
            cells.add(Units.value(r.baselineMedian(), r.unit()));
            for (int t = 0; t < treatments.size(); t++) {
                GateRow c = r.treatment(t);
                cells.add(c == null ? "-" : Units.change(c) + " " + c.verdict());
            }
            table.add(cells.toArray(new String[0]));
        }
        int[] widths = new int[header.size()];
        for (String[] cells : table) {
            for (int i = 0; i < cells.length; i++) {
                widths[i] = Math.max(widths[i], cells[i].length());
            }
        }
        for (String[] cells : table) {
            StringBuilder sb = new StringBuilder();
            for (int i = 0; i < cells.length; i++) {
                sb.append(i == 0 ? "" : "  ").append(ConsoleReport.pad(cells[i], widths[i], false));
            }
            out.add(sb.toString().replaceAll("\\s+$", ""));
        }
        out.add("");
        if (!noise.isEmpty()) {
            out.add("A/A: every side is the same commit with the same arguments, so each change is noise:");
            noise.forEach(n -> out.add("  " + n.line()));
        }
        out.addAll(outcomes());
        return out;
    }

    // ------------------------------------------------------------------ Markdown

    public String markdown() {
        StringBuilder md = new StringBuilder("# Treatments against ").append(Markup.markdown(baseline.name()))
                .append("\n\n");
        for (String line : methodology()) {
            // the command as a code span, so a reader can copy it as it is (no escaped underscores)
            md.append("- ").append(command != null && line.endsWith(command)
                    ? Markup.markdown(line.substring(0, line.length() - command.length())) + "`" + command + "`"
                    : Markup.markdown(line)).append('\n');
        }
        md.append("\n| benchmark | metric | ").append(Markup.markdown(baseline.name())).append(" |");
        treatments.forEach(t -> md.append(' ').append(Markup.markdown(t.name())).append(" |"));
        md.append("\n|---|---|---:|");
        treatments.forEach(t -> md.append("---|"));
        md.append('\n');
        for (Row r : rows) {
            md.append("| ").append(Markup.markdown(r.first.displayName())).append(" | ").append(r.metric())
                    .append(" | ").append(Units.value(r.baselineMedian(), r.unit())).append(" |");
            for (int t = 0; t < treatments.size(); t++) {
                GateRow c = r.treatment(t);
                md.append(' ').append(c == null ? "-" : Units.change(c) + " **" + c.verdict() + "**").append(" |");
            }
            md.append('\n');
        }
        md.append('\n');
        if (!noise.isEmpty()) {
            md.append("## A/A: noise of this machine\n\nEvery side is the same commit with the same arguments, so"
                    + " each change is noise.\n\n");
            noise.forEach(n -> md.append("- ").append(Markup.markdown(n.line())).append('\n'));
            md.append('\n');
        }
        md.append("## Outcome per treatment\n\n");
        outcomes().forEach(o -> md.append("- ").append(Markup.markdown(o)).append('\n'));
        return md.toString();
    }

    // ------------------------------------------------------------------ HTML

    public String html() {
        StringBuilder h = new StringBuilder("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
                + "<title>Treatments against ").append(Markup.html(baseline.name())).append("</title>\n<style>"
                + "body{font-family:sans-serif;margin:2em}table{border-collapse:collapse}"
                + "td,th{border:1px solid #ccc;padding:.3em .6em}td.num{text-align:right}"
                + ".FAIL{background:#fdd}.IMPROVED{background:#dfd}.WARN{background:#ffd}"
                + ".INCONCLUSIVE{background:#eee}</style></head><body>\n<h1>Treatments against ")
                .append(Markup.html(baseline.name())).append("</h1>\n<ul>\n");
        for (String line : methodology()) {
            h.append("<li>").append(Markup.html(line)).append("</li>\n");
        }
        h.append("</ul>\n<table>\n<tr><th>benchmark</th><th>metric</th><th>").append(Markup.html(baseline.name()))
                .append("</th>");
        treatments.forEach(t -> h.append("<th>").append(Markup.html(t.name())).append("</th>"));
        h.append("</tr>\n");
        for (Row r : rows) {
            h.append("<tr><td>").append(Markup.html(r.first.displayName())).append("</td><td>")
                    .append(Markup.html(r.metric())).append("</td><td class=\"num\">")
                    .append(Markup.html(Units.value(r.baselineMedian(), r.unit()))).append("</td>");
            for (int t = 0; t < treatments.size(); t++) {
                GateRow c = r.treatment(t);
                if (c == null) {
                    h.append("<td>-</td>");
                } else {
                    h.append("<td class=\"").append(c.verdict()).append("\" title=\"").append(Markup.html(c.reason()))
                            .append("\">").append(Markup.html(Units.change(c))).append(" <b>").append(c.verdict())
                            .append("</b></td>");
                }
            }
            h.append("</tr>\n");
        }
        h.append("</table>\n");
        if (!noise.isEmpty()) {
            h.append("<h2>A/A: noise of this machine</h2>\n<ul>\n");
            noise.forEach(n -> h.append("<li>").append(Markup.html(n.line())).append("</li>\n"));
            h.append("</ul>\n");
        }
        h.append("<h2>Outcome per treatment</h2>\n<ul>\n");
        for (int t = 0; t < treatments.size(); t++) {
            String name = treatments.get(t).name();
            h.append("<li>").append(Markup.html(outcomes().get(t))).append(" (<a href=\"treatments/")
                    .append(Markup.html(name)).append("/report.html\">its report</a>)</li>\n");
        }
        return h.append("</ul>\n</body></html>\n").toString();
    }

    // ------------------------------------------------------------------ JSON

    /** treatments.json: the sides, the multiplicity, and every row with each treatment's figures and verdict. */
    public String json() {
        ObjectNode root = JsonWriting.object();
        root.put("schema", JSON_SCHEMA);
        root.set("baseline", side(baseline, null));
        ArrayNode ts = root.putArray("treatments");
        for (int t = 0; t < treatments.size(); t++) {
            ts.add(side(treatments.get(t), reports.get(t)));
        }
        ObjectNode m = root.putObject("multiplicity");
        m.put("mode", GateSettings.multiplicityId(reports.get(0).multiplicity()));
        m.put("tested", reports.get(0).tested());
        JsonWriting.putText(root, "command", command);
        ArrayNode rowsNode = root.putArray("rows");
        for (Row r : rows) {
            ObjectNode row = rowsNode.addObject();
            row.put("benchmark", r.benchmark());
            row.put("mode", r.mode());
            row.set("params", JsonWriting.strings(r.params()));
            row.put("metric", r.metric());
            row.put("unit", r.unit());
            JsonWriting.putNumberOrNull(row, "baselineMedian", r.baselineMedian());
            ObjectNode per = row.putObject("treatments");
            for (int t = 0; t < treatments.size(); t++) {
                GateRow c = r.treatment(t);
                if (c == null) {
                    continue;
                }
                ObjectNode o = per.putObject(treatments.get(t).name());
                JsonWriting.putNumberOrNull(o, "median", c.currentMedian());
                JsonWriting.putNumberOrNull(o, "change", c.change());
                JsonWriting.putNumberOrNull(o, "changeCiLow", c.changeCiLow());
                JsonWriting.putNumberOrNull(o, "changeCiHigh", c.changeCiHigh());
                o.put("verdict", c.verdict().name());
                o.put("reason", c.reason());
            }
        }
        ArrayNode aa = root.putArray("aa");
        for (Noise n : noise) {
            ObjectNode o = aa.addObject();
            o.put("name", n.name);
            JsonWriting.putNumberOrNull(o, "forkCv", n.forkCv);
            JsonWriting.putNumberOrString(o, "detectable", n.detectable);
            JsonWriting.putNumberOrNull(o, "largestChange", n.largestChange);
        }
        return JsonWriting.pretty(root, true);
    }

    private static ObjectNode side(SideInfo s, GateReport report) {
        ObjectNode o = JsonWriting.object();
        o.put("name", s.name());
        o.put("ref", s.ref());
        o.put("commit", s.commit());
        ArrayNode args = o.putArray("jvmArgs");
        s.jvmArgs().forEach(args::add);
        if (report != null) {
            o.put("outcome", report.outcome().name());
            o.put("report", "treatments/" + s.name() + "/" + ReportJson.FILE_NAME);
        }
        return o;
    }

    // ------------------------------------------------------------------ CSV

    /** The header of summary.csv: {@link #CSV_FIXED_COLUMNS}, then {@link #CSV_TREATMENT_COLUMNS} per treatment. */
    public List<String> csvHeader() {
        List<String> header = new ArrayList<>(CSV_FIXED_COLUMNS);
        for (SideInfo t : treatments) {
            for (String c : CSV_TREATMENT_COLUMNS) {
                header.add(t.name() + " " + c);
            }
        }
        return header;
    }

    /**
     * summary.csv (RFC 4180: CRLF line ends, fields with a comma, quote or line break quoted, quotes doubled):
     * medians in the metric's unit, changes and their 95 % interval in percent of the baseline (positive: larger,
     * i.e. slower for times), empty where unknown.
     */
    public String csv() {
        StringBuilder sb = new StringBuilder();
        csvLine(sb, csvHeader());
        for (Row r : rows) {
            List<String> cells = new ArrayList<>();
            cells.add(r.benchmark());
            cells.add(r.mode());
            List<String> params = new ArrayList<>();
            r.params().forEach((k, v) -> params.add(k + "=" + v));
            cells.add(String.join(",", params));
            cells.add(r.metric());
            cells.add(r.unit());
            cells.add(number(r.baselineMedian()));
            for (int t = 0; t < treatments.size(); t++) {
                GateRow c = r.treatment(t);
                if (c == null) {
                    cells.addAll(Collections.nCopies(CSV_TREATMENT_COLUMNS.size(), ""));
                    continue;
                }
                cells.add(number(c.currentMedian()));
                cells.add(number(100 * c.change()));
                cells.add(number(100 * c.changeCiLow()));
                cells.add(number(100 * c.changeCiHigh()));
                cells.add(c.verdict().name());
            }
            csvLine(sb, cells);
        }
        return sb.toString();
    }

    private static void csvLine(StringBuilder sb, List<String> cells) {
        for (int i = 0; i < cells.size(); i++) {
            sb.append(i == 0 ? "" : ",").append(csvField(cells.get(i)));
        }
        sb.append("\r\n");
    }

    /** RFC 4180: a field with a comma, a quote or a line break is quoted, its quotes doubled. */
    static String csvField(String s) {
        if (s.indexOf(',') < 0 && s.indexOf('"') < 0 && s.indexOf('\n') < 0 && s.indexOf('\r') < 0) {
            return s;
        }
        return '"' + s.replace("\"", "\"\"") + '"';
    }

    /** Six significant digits, plain; empty for unknown. */
    private static String number(double v) {
        if (!Double.isFinite(v)) {
            return "";
        }
        return v == 0 ? "0" : new BigDecimal(v).round(new MathContext(6, RoundingMode.HALF_EVEN))
                .stripTrailingZeros().toPlainString();
    }
}
