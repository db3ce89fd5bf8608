package io.perfgate.report;

import io.perfgate.files.AtomicFiles;
import io.perfgate.gate.BenchmarkRef;
import io.perfgate.gate.GateRow;
import io.perfgate.gate.EnvironmentDifference;
import io.perfgate.gate.ForkValues;
import io.perfgate.gate.GateReport;
import io.perfgate.gate.Metric;
import io.perfgate.gate.NotGated;
import io.perfgate.json.JsonFormatException;
import io.perfgate.profile.Attribution;
import io.perfgate.profile.ChildJvmCpuShares;
import io.perfgate.profile.ProfileEvidence;
import io.perfgate.results.BenchmarkResult;
import io.perfgate.results.ResultsFormatException;
import io.perfgate.stats.Verdict;
import io.perfgate.text.Markup;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The HTML report of a check: the verdict table and, per benchmark, a picture of the per-fork values of both
 * sides and of the slowdown ratio's interval against the limits. One self-contained page: inline CSS and SVG,
 * no script, no external font or style sheet, so it opens from a CI artifact or offline. The same content,
 * without the page around it, is the {@code perf:report} page of a Maven site.
 */
public final class HtmlReport {
    /** The file name {@code perf:check} and {@code perf:report} write in the output directory. */
    public static final String FILE_NAME = "report.html";

    /** The pages' style, shared by the trend page ({@link TrendReport}). */
    static final String CSS = ""
            + ".perfgate-report{font-family:-apple-system,'Segoe UI',Helvetica,Arial,sans-serif;color:#222;"
            + "line-height:1.45;max-width:1100px}\n"
            + ".perfgate-report h1{font-size:1.6em;margin:0.2em 0 0.4em}\n"
            + ".perfgate-report h2{font-size:1.25em;margin:1.4em 0 0.5em;border-bottom:1px solid #ddd;padding-bottom:0.2em}\n"
            + ".perfgate-report h3{font-size:1.08em;margin:1.2em 0 0.4em}\n"
            + ".perfgate-report table.verdicts{border-collapse:collapse;font-size:0.92em;margin:0.5em 0}\n"
            + ".perfgate-report table.verdicts th,.perfgate-report table.verdicts td{border:1px solid #d0d0d0;"
            + "padding:4px 8px;text-align:left;vertical-align:top}\n"
            + ".perfgate-report table.verdicts th{background:#f2f2f2}\n"
            + ".perfgate-report table.verdicts td.metric{white-space:nowrap}\n"
            + ".perfgate-report table.verdicts td.num{text-align:right;white-space:nowrap;"
            + "font-variant-numeric:tabular-nums}\n"
            + ".perfgate-report .verdict{display:inline-block;padding:1px 7px;border-radius:3px;color:#fff;"
            + "font-weight:bold;font-size:0.85em;letter-spacing:0.02em}\n"
            + ".perfgate-report .v-FAIL{background:#c0392b}.perfgate-report .v-WARN{background:#b9770e}\n"
            + ".perfgate-report .v-IMPROVED{background:#1e8449}.perfgate-report .v-PASS{background:#2e6da4}\n"
            + ".perfgate-report .v-INCONCLUSIVE{background:#707070}.perfgate-report .v-none{background:#a0a0a0}\n"
            + ".perfgate-report .outcome{font-size:1.15em;font-weight:bold}\n"
            + ".perfgate-report .reason{color:#444;margin:0.2em 0}\n"
            + ".perfgate-report figure{margin:0.4em 0 1.2em}\n"
            + ".perfgate-report svg{max-width:100%;height:auto;border:1px solid #e6e6e6}\n"
            + ".perfgate-report .muted{color:#666;font-size:0.9em}\n";

    private HtmlReport() {
    }

    /**
     * Reads report.json from {@code outputDirectory} (and the results it names) and writes
     * {@code report.html} beside it.
     */
    public static Path write(Path outputDirectory, Path basedir) throws ReportFormatException,
            ResultsFormatException, IOException {
        Path reportFile = outputDirectory.resolve(ReportJson.FILE_NAME);
        if (!Files.isRegularFile(reportFile)) {
            throw new ReportFormatException(reportFile, "", "file does not exist; run perf:check first "
                    + "(e.g. mvn verify -Pperf), which writes the report this goal reads");
        }
        return write(outputDirectory.resolve(FILE_NAME), CheckArtifacts.load(reportFile, basedir));
    }

    /** Writes the page for a check whose report and results are at hand (the check itself calls this). */
    public static Path write(Path file, CheckArtifacts in) throws IOException {
        AtomicFiles.writeString(file, page(in));
        return file;
    }

    /** A whole HTML page. */
    public static String page(CheckArtifacts in) {
        GateReport r = in.report();
        StringBuilder html = new StringBuilder();
        html.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
                .append("<meta name=\"generator\" content=\"perf-maven-plugin ").append(Markup.html(r.toolVersion()))
                .append("\">\n<title>Performance report: ").append(Markup.html(r.outcome().name())).append(", ")
                .append(Markup.html(r.summary())).append("</title>\n<style>\nbody{margin:1.5em 2em;background:#fff}\n")
                .append(CSS).append("</style>\n</head>\n<body>\n");
        html.append(fragment(in));
        html.append("</body>\n</html>\n");
        return html.toString();
    }

    /**
     * Copies the profile files the page links ({@code profiles/<benchmark>/...}, those each attribution.json lists)
     * below {@code directory}, for a copy of the page elsewhere: the Maven site's report page, whose links are
     * relative to the site's directory, not to report.html.
     *
     * @return the files copied
     */
    public static List<Path> copyProfiles(CheckArtifacts in, Path directory) throws IOException {
        List<Path> copied = new ArrayList<>();
        if (in.reportFile() == null || in.reportFile().toAbsolutePath().getParent() == null) {
            return copied;
        }
        Path profiles = in.reportFile().toAbsolutePath().getParent().resolve(MethodologyWriter.PROFILES_DIRECTORY);
        List<ProfileEvidence> all;
        try {
            all = ProfileEvidence.readAll(profiles);
        } catch (JsonFormatException e) {
            // the page says so in its Profiles section; there is nothing to link
            return copied;
        }
        for (ProfileEvidence e : all) {
            Path target = directory.resolve(MethodologyWriter.PROFILES_DIRECTORY).resolve(e.directory()
                    .getFileName().toString());
            Files.createDirectories(target);
            for (String name : e.files()) {
                Path source = e.directory().resolve(name);
                if (Files.isRegularFile(source)) {
                    copied.add(Files.copy(source, target.resolve(name), StandardCopyOption.REPLACE_EXISTING));
                }
            }
        }
        return copied;
    }

    /**
     * What profiling found, from the attribution.json files beside the report: per benchmark the top frames, the
     * top allocation site and monitor, and links to the flame graphs (relative to report.html).
     */
    private static void profiles(StringBuilder h, CheckArtifacts in) {
        if (in.reportFile() == null || in.reportFile().toAbsolutePath().getParent() == null) {
            return;
        }
        Path directory = in.reportFile().toAbsolutePath().getParent().resolve(MethodologyWriter.PROFILES_DIRECTORY);
        List<ProfileEvidence> all;
        try {
            all = ProfileEvidence.readAll(directory);
        } catch (IOException | JsonFormatException e) {
            h.append("<h2>Profiles</h2>\n<p class=\"muted\">The profiles in ").append(Markup.html(directory
                    .toString())).append(" cannot be read: ").append(Markup.html(e.getMessage())).append("</p>\n");
            return;
        }
        if (all.isEmpty()) {
            return;
        }
        h.append("<h2>Profiles</h2>\n<p>Extra forks after the measurement, one per side: where the measured change"
                + " went, in each benchmark's unit per operation (a method's self share of the samples times the"
                + " measured cost).</p>\n");
        for (ProfileEvidence e : all) {
            Attribution a = e.attribution();
            String base = MethodologyWriter.PROFILES_DIRECTORY + "/" + e.directory().getFileName() + "/";
            h.append("<section class=\"profile\">\n<h3>").append(Markup.html(e.benchmark()))
                    .append(" <span class=\"muted\">")
                    .append(Markup.html(e.verdict() + "; " + e.profiler() + ": " + e.events()))
                    .append("</span></h3>\n<ol>\n");
            for (int i = 0; i < Math.min(Attribution.QUOTED, a.methods().size()); i++) {
                h.append("<li>").append(Markup.html(ProfileSummary.frame(a.methods().get(i), a, "\u2192")))
                        .append("</li>\n");
            }
            h.append("</ol>\n<p>").append(Markup.html(ProfileSummary.explained(e, "\u2192"))).append("</p>\n");
            for (ChildJvmCpuShares.Process p : e.children().processes()) {
                h.append("<p>").append(Markup.html(ProfileSummary.process(p, "\u2192"))).append("</p>\n");
            }
            if (!a.allocations().isEmpty()) {
                h.append("<p>Allocation: ").append(Markup.html(ProfileSummary.site(a.allocations().get(0), "\u2192")))
                        .append("</p>\n");
            }
            if (!a.monitors().isEmpty()) {
                h.append("<p>Locks: ").append(Markup.html(ProfileSummary.monitor(a.monitors().get(0), "\u2192")))
                        .append("</p>\n");
            }
            h.append("<p>");
            List<String> links = new ArrayList<>();
            for (String f : e.files()) {
                links.add("<a href=\"" + Markup.html(base + f) + "\">" + Markup.html(f) + "</a>");
            }
            h.append(String.join(" \u00b7 ", links)).append("</p>\n</section>\n");
        }
    }

    /** The report without the page around it, for a Maven site page; carries its own scoped style. */
    public static String fragment(CheckArtifacts in) {
        GateReport r = in.report();
        Map<String, List<GateRow>> benchmarks = byBenchmark(r);
        StringBuilder h = new StringBuilder();
        h.append("<div class=\"perfgate-report\" data-benchmarks=\"").append(benchmarks.size()).append("\">\n");
        h.append("<style>\n").append(CSS).append("</style>\n");
        h.append("<h1>Performance report</h1>\n");
        h.append("<p class=\"outcome\"><span class=\"verdict v-").append(outcomeClass(r)).append("\">")
                .append(r.outcome().name()).append("</span> ").append(Markup.html(r.summary())).append("</p>\n");
        h.append("<p>").append(Markup.html(ConsoleReport.sources(r))).append("<br>\n<span class=\"muted\">")
                .append("report made ").append(Markup.html(r.createdAt())).append(" by perf-maven-plugin ")
                .append(Markup.html(r.toolVersion())).append("</span></p>\n");
        if (!r.regressions().isEmpty() || !r.otherFailures().isEmpty()) {
            h.append("<h2>What fails the build</h2>\n<ul>\n");
            r.regressions().forEach(line -> h.append("<li>").append(Markup.html(line)).append("</li>\n"));
            r.otherFailures().forEach(line -> h.append("<li>").append(Markup.html(line)).append("</li>\n"));
            h.append("</ul>\n");
        }
        verdictTable(h, r, benchmarks);
        profiles(h, in);
        notes(h, in);
        h.append("<h2>Benchmarks</h2>\n");
        if (benchmarks.isEmpty()) {
            h.append("<p>No benchmark was compared.</p>\n");
        }
        for (Map.Entry<String, List<GateRow>> e : benchmarks.entrySet()) {
            benchmark(h, in, e.getKey(), e.getValue());
        }
        h.append("<h2>Method</h2>\n");
        if (!r.comparisons().isEmpty()) {
            h.append("<p>").append(Markup.html(capitalise(MethodologyContent.decisionRule(in)))).append(".</p>\n");
        }
        String hardware = MethodologyContent.hardware(r.current().environment());
        String jdk = MethodologyContent.jdk(r.current().environment());
        h.append("<p class=\"muted\">");
        if (hardware != null) {
            h.append("Hardware: ").append(Markup.html(hardware)).append("<br>\n");
        }
        if (jdk != null) {
            h.append("JDK: ").append(Markup.html(jdk)).append("<br>\n");
        }
        String machine = MethodologyContent.machineTime(in);
        if (machine != null) {
            h.append("Machine time: ").append(Markup.html(machine)).append("<br>\n");
        }
        h.append("Each dot is one fork (JMH) or one run (scenario): the median of its iterations, or its own p95. ")
                .append("Boxes span the quartiles, the thick tick is the median, the line the range.</p>\n");
        h.append("</div>\n");
        return h.toString();
    }

    // ------------------------------------------------------------------ parts

    private static void verdictTable(StringBuilder h, GateReport r, Map<String, List<GateRow>> benchmarks) {
        if (r.comparisons().isEmpty() && r.notGated().isEmpty()) {
            return;
        }
        h.append("<h2>Verdicts</h2>\n<table class=\"verdicts table table-striped\">\n<thead><tr>")
                .append("<th>Benchmark</th><th>Metric</th><th>Baseline</th><th>Candidate</th>")
                .append("<th>Change [95 % CI]</th><th>").append(Markup.html(RowView.pHeader(r)))
                .append("</th><th>Verdict</th></tr></thead>\n<tbody>\n");
        for (RowView row : RowView.rows(r)) {
            GateRow c = row.comparison();
            if (c != null) {
                h.append("<tr><td><a href=\"#").append(anchor(id(c))).append("\">")
                        .append(Markup.html(row.benchmark())).append("</a></td>")
                        .append("<td class=\"metric\">").append(Markup.html(row.metricLabel())).append("</td>")
                        .append(num(row.baseline())).append(num(row.current())).append(num(row.change()))
                        .append(num(row.p()))
                        .append("<td>").append(badge(c.verdict()))
                        .append(c.confident() ? " <span class=\"muted\">confident</span>" : "").append("</td></tr>\n");
            } else {
                NotGated n = row.notGated();
                NotGated.Spread spread = n.spread();
                h.append("<tr><td>").append(Markup.html(row.benchmark())).append("</td><td>")
                        .append(Markup.html(row.metric())).append("</td>");
                if (spread == null) {
                    h.append("<td colspan=\"4\" class=\"muted\">").append(Markup.html(n.reason()));
                } else {
                    h.append(num(row.baseline())).append(num(row.current()))
                            .append("<td colspan=\"2\" class=\"muted\">")
                            .append(Markup.html(row.metricLabel() + "; " + n.reason()));
                }
                h.append("</td><td><span class=\"verdict v-none\">").append(row.verdict())
                        .append("</span></td></tr>\n");
            }
        }
        h.append("</tbody>\n</table>\n");
    }

    private static void notes(StringBuilder h, CheckArtifacts in) {
        GateReport r = in.report();
        List<String> notes = new ArrayList<>();
        if (!r.environmentDifferences().isEmpty()) {
            List<String> diffs = new ArrayList<>();
            for (EnvironmentDifference d : r.environmentDifferences()) {
                diffs.add(d.describe());
            }
            notes.add("Environment differs from the baseline (policy " + r.environmentPolicy().id() + "): "
                    + String.join("; ", diffs));
        }
        refs(notes, "New benchmarks, not in the baseline", r.newBenchmarks());
        refs(notes, "Missing benchmarks, in the baseline but not run", r.missingBenchmarks());
        refs(notes, "Ignored by a rule", r.ignoredBenchmarks());
        notes.addAll(r.notes());
        for (String u : in.unavailable()) {
            notes.add("Per-fork values unavailable for the " + u);
        }
        if (notes.isEmpty()) {
            return;
        }
        h.append("<h2>Notes</h2>\n<ul>\n");
        notes.forEach(n -> h.append("<li>").append(Markup.html(n)).append("</li>\n"));
        h.append("</ul>\n");
    }

    private static void refs(List<String> notes, String label, List<BenchmarkRef> refs) {
        if (refs.isEmpty()) {
            return;
        }
        List<String> names = new ArrayList<>();
        refs.forEach(ref -> names.add(ref.displayName()));
        notes.add(label + ": " + String.join(", ", names));
    }

    private static void benchmark(StringBuilder h, CheckArtifacts in, String id, List<GateRow> cs) {
        GateReport r = in.report();
        GateRow first = cs.get(0);
        List<Verdict> verdicts = new ArrayList<>();
        cs.forEach(c -> verdicts.add(c.verdict()));
        Verdict worst = Verdict.worst(verdicts);
        String name = RowView.of(first, r).benchmark();
        h.append("<section id=\"").append(anchor(id)).append("\" class=\"benchmark\">\n<h3>")
                .append(Markup.html(name)).append(' ').append(badge(worst)).append("</h3>\n");
        h.append("<p class=\"muted\">").append(Markup.html(first.benchmark())).append(", mode ")
                .append(Markup.html(first.mode())).append(", ").append(first.baselineForks()).append(" baseline vs ")
                .append(first.currentForks()).append(" candidate ")
                .append(isScenario(in, first) ? "runs" : "forks").append("</p>\n");
        for (GateRow c : cs) {
            if (!c.reason().isEmpty()) {
                h.append("<p class=\"reason\">").append(Markup.html(c.metricName())).append(": ")
                        .append(Markup.html(c.reason())).append("</p>\n");
            }
        }
        List<ForkPlotSvg.SamplePanel> panels = new ArrayList<>();
        List<ForkPlotSvg.RatioRow> rows = new ArrayList<>();
        for (GateRow c : cs) {
            if (c.metric() == Metric.ALLOCATION) {
                continue;
            }
            BenchmarkResult base = in.baselineBenchmark(c).orElse(null);
            BenchmarkResult cur = in.currentBenchmark(c).orElse(null);
            // a secondary metric keeps its ratio row; the per-run panels plot the primary score and the p95 only
            if (c.metric() != Metric.SECONDARY && (base != null || cur != null)) {
                ForkValues values = in.forkValues(c);
                panels.add(new ForkPlotSvg.SamplePanel(panelLabel(c.metric(), isScenario(in, c)), unit(base, cur, c),
                        values.baseline(), values.candidate()));
            }
            rows.add(new ForkPlotSvg.RatioRow(c.metricName(), c.ratio(), c.lowerBound(), c.upperBound(), c.ciLow(),
                    c.ciHigh(), c.failThreshold(), c.minEffect(), c.verdict()));
        }
        h.append("<figure data-benchmark=\"").append(Markup.html(id)).append("\">\n");
        h.append(new ForkPlotSvg(name, panels, rows).render());
        h.append("</figure>\n</section>\n");
    }

    private static String panelLabel(Metric metric, boolean scenario) {
        String unit = scenario ? "run" : "fork";
        return metric == Metric.P95 ? "p95 of each " + unit : "median of each " + unit;
    }

    private static String unit(BenchmarkResult base, BenchmarkResult cur, GateRow c) {
        if (cur != null) {
            return cur.unit();
        }
        return base != null ? base.unit() : c.unit();
    }

    private static boolean isScenario(CheckArtifacts in, GateRow c) {
        return in.currentBenchmark(c).map(b -> BenchmarkResult.KIND_SCENARIO.equals(b.kind())).orElse(false);
    }

    /** Comparisons grouped by benchmark (key and mode), in report order. */
    static Map<String, List<GateRow>> byBenchmark(GateReport r) {
        Map<String, List<GateRow>> m = new LinkedHashMap<>();
        for (GateRow c : r.comparisons()) {
            m.computeIfAbsent(id(c), k -> new ArrayList<>()).add(c);
        }
        return m;
    }

    private static String id(GateRow c) {
        return c.id().toString();
    }

    /** An HTML id: letters, digits, dot, dash and underscore only. */
    static String anchor(String id) {
        StringBuilder sb = new StringBuilder("b-");
        for (int i = 0; i < id.length(); i++) {
            char c = id.charAt(i);
            sb.append(Character.isLetterOrDigit(c) || c == '.' || c == '-' || c == '_' ? c : '_');
        }
        return sb.toString();
    }

    private static String badge(Verdict v) {
        return "<span class=\"verdict v-" + v.name() + "\">" + v.name() + "</span>";
    }

    private static String outcomeClass(GateReport r) {
        switch (r.outcome()) {
            case FAIL:
                return "FAIL";
            case WARN:
                return "WARN";
            default:
                return "PASS";
        }
    }

    private static String num(String text) {
        return "<td class=\"num\">" + Markup.html(text) + "</td>";
    }

    private static String capitalise(String s) {
        return s.isEmpty() ? s : Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }
}
