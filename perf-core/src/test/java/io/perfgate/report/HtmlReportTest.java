package io.perfgate.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.perfgate.gate.GateReport;
import io.perfgate.gate.GateRow;
import io.perfgate.gate.Metric;
import io.perfgate.stats.Verdict;
import io.perfgate.testing.Golden;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HtmlReportTest {
    @TempDir
    Path project;

    @Test
    void pageMatchesGoldenFile() throws Exception {
        CheckFixture f = CheckFixture.write(project);
        Path file = HtmlReport.write(f.outputDirectory, project);
        assertEquals(f.outputDirectory.resolve("report.html"), file);
        Golden.assertMatches("io/perfgate/report/html/expected-report.html", Files.readString(file, StandardCharsets.UTF_8));
    }

    @Test
    void siteExampleIsTheGoldenReport() throws Exception {
        // src/site/resources/examples/report.html is linked from html-report.md; keep it what the renderer makes
        Path golden = Path.of("src/test/resources/io/perfgate/report/html/expected-report.html");
        Path example = Path.of("../src/site/resources/examples/report.html");
        if (Boolean.getBoolean("perf.updateGolden")) {
            Files.copy(golden, example, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        }
        assertEquals(Files.readString(golden), Files.readString(example),
                "copy the golden report to the site example (-Dperf.updateGolden=true does it)");
    }

    @Test
    void onePicturePerBenchmarkWithBothSidesForks() throws Exception {
        CheckFixture f = CheckFixture.write(project);
        String html = HtmlReport.page(CheckArtifacts.load(f.reportFile, project));
        assertEquals(4, count(html, "<svg "), "ParserBench, CodecBench, LookupBench, CacheBench");
        assertTrue(html.contains("data-benchmarks=\"4\""), html);
        // ParserBench: one median panel, 10 + 10 fork dots
        String parser = section(html, "b-com.acme.bench.ParserBench.parse_size_1000__avgt_");
        assertEquals(20, count(parser, "<circle ") - 1, "20 fork dots and one ratio estimate");
        assertTrue(parser.contains("baseline fork 1: 12.10 us/op"), parser);
        assertTrue(parser.contains("candidate fork 4: 15.10 us/op"), parser);
        // LookupBench is in SampleTime mode: a median and a p95 panel, and two ratio rows
        String lookup = section(html, "b-com.acme.bench.LookupBench.get__sample_");
        assertTrue(lookup.contains("median of each fork (ns/op)"), lookup);
        assertTrue(lookup.contains("p95 of each fork (us/op)"), lookup);
        assertTrue(lookup.contains("p95 fork 3") || lookup.contains("baseline fork 3: 2.250 us/op"), lookup);
        // CacheBench: 3 baseline forks, INCONCLUSIVE, no interval to draw
        String cache = section(html, "b-com.acme.bench.CacheBench.evict__avgt_");
        assertTrue(cache.contains("baseline (3)") && cache.contains("candidate (10)"), cache);
        assertTrue(cache.contains("no interval"), cache);
    }

    @Test
    void everySvgIsWellFormedXml() throws Exception {
        CheckFixture f = CheckFixture.write(project);
        String html = HtmlReport.page(CheckArtifacts.load(f.reportFile, project));
        Matcher m = Pattern.compile("<svg .*?</svg>", Pattern.DOTALL).matcher(html);
        int n = 0;
        while (m.find()) {
            DocumentBuilderFactory.newInstance().newDocumentBuilder()
                    .parse(new java.io.ByteArrayInputStream(m.group().getBytes(StandardCharsets.UTF_8)));
            n++;
        }
        assertEquals(4, n);
    }

    @Test
    void pageNeedsNothingFromTheNetworkAndRunsNoScript() throws Exception {
        CheckFixture f = CheckFixture.write(project);
        String html = HtmlReport.page(CheckArtifacts.load(f.reportFile, project));
        assertFalse(html.contains("<script"), "no JavaScript");
        assertFalse(html.contains("<link"), "no external style sheet");
        assertFalse(html.contains("@import") || html.contains("url("), "no external CSS resource or font");
        String withoutNamespace = html.replace("http://www.w3.org/2000/svg", "");
        assertFalse(withoutNamespace.contains("http://") || withoutNamespace.contains("https://"), "no remote URL");
    }

    @Test
    void benchmarkAndReasonTextIsEscaped() throws Exception {
        CheckFixture f = CheckFixture.write(project);
        String json = Files.readString(f.reportFile).replace("ParserBench.parse (size=1000)",
                "ParserBench.parse (size=<b>&1000</b>)");
        Files.writeString(f.reportFile, json);
        String html = HtmlReport.page(CheckArtifacts.load(f.reportFile, project));
        assertFalse(html.contains("<b>&1000"), "markup in names must not reach the page");
        assertTrue(html.contains("size=&lt;b&gt;&amp;1000&lt;/b&gt;"), html);
    }

    @Test
    void goneResultsFileStillGivesTheTableAndSaysWhy() throws Exception {
        CheckFixture f = CheckFixture.write(project);
        Files.delete(project.resolve("src/perf/baseline.json"));
        String html = HtmlReport.page(CheckArtifacts.load(f.reportFile, project));
        assertTrue(html.contains("Per-fork values unavailable for the baseline: src/perf/baseline.json no longer exists"),
                html);
        assertTrue(html.contains("baseline (0)"), html);
        assertEquals(4, count(html, "<svg "));
    }

    @Test
    void missingReportSaysToRunTheCheck() {
        ReportFormatException e = assertThrows(ReportFormatException.class,
                () -> HtmlReport.write(project.resolve("target/perf"), project));
        assertTrue(e.getMessage().contains("report.json") && e.getMessage().contains("perf:check"), e.getMessage());
    }

    @Test
    void checkWritesReportHtmlWithTheForksOfBothFiles() throws Exception {
        // as perf:check does: the report in memory, file names relative to the project, no basedir at hand
        CheckFixture f = CheckFixture.write(project);
        Files.delete(f.outputDirectory.resolve("report.html").toFile().exists() ? f.outputDirectory.resolve("report.html")
                : f.reportFile);
        java.util.List<Path> written = ReportWriter.write(CheckFixture.report(), f.outputDirectory,
                java.util.EnumSet.of(ReportWriter.Format.HTML));
        assertEquals(java.util.List.of(f.outputDirectory.resolve("report.html")), written);
        String html = Files.readString(written.get(0), StandardCharsets.UTF_8);
        assertFalse(html.contains("Per-fork values unavailable"), "src/perf/baseline.json found from target/perf");
        assertTrue(html.contains("baseline fork 10: 12.20 us/op"), "baseline forks drawn");
        assertTrue(html.contains("candidate fork 10: 14.60 us/op"), "candidate forks drawn");
        assertEquals(java.util.EnumSet.allOf(ReportWriter.Format.class),
                ReportWriter.parseFormats("perf.reportFormats", "json,md,junit,html"));
    }

    /**
     * What the run spent is in every report, not only the HTML one: report.md and report.json read the forks' wall
     * times from the results files the report names, as the HTML does; results without them leave it out.
     */
    @Test
    void reportMdAndJsonSayTheMachineTimeWhereTheForksRecordedIt() throws Exception {
        CheckFixture f = CheckFixture.write(project);
        java.util.EnumSet<ReportWriter.Format> formats = java.util.EnumSet.of(ReportWriter.Format.JSON,
                ReportWriter.Format.MARKDOWN);
        ReportWriter.write(CheckFixture.report(), f.outputDirectory, formats);
        assertFalse(Files.readString(f.outputDirectory.resolve("report.md")).contains("Machine time"));
        assertFalse(Files.readString(f.reportFile).contains("machineTime"));

        io.perfgate.results.PerfResults current = CheckFixture.currentResults();
        io.perfgate.results.PerfResults.Builder timed = current.toBuilder().benchmarks(new java.util.ArrayList<>());
        for (io.perfgate.results.BenchmarkResult b : current.benchmarks()) {
            java.util.List<io.perfgate.results.Fork> forks = new java.util.ArrayList<>();
            b.forks().forEach(fork -> forks.add(fork.withSeconds(1.6)));
            timed.addBenchmark(b.toBuilder().forks(forks).build());
        }
        io.perfgate.results.ResultsJson.write(timed.build(), f.outputDirectory.resolve("results.json"));
        ReportWriter.write(CheckFixture.report(), f.outputDirectory, formats);
        String md = Files.readString(f.outputDirectory.resolve("report.md"));
        assertTrue(md.contains("Machine time: 1 min 04 s in 40 JMH forks, 1.00 of the 1 min 04 s the old fixed"
                + " defaults would take"), md);
        io.perfgate.json.JsonValue json = io.perfgate.json.JsonValue.read(f.reportFile);
        assertEquals(64.0, json.get("machineTime").get("spentSeconds").number(), 1e-9);
        assertEquals(40, json.get("machineTime").get("forks").integer(0));
        assertEquals(1.0, json.get("machineTime").get("ratio").number(), 1e-9);
        // still a report the plugin reads back (perf:merge, the HTML page)
        assertEquals(CheckFixture.report().comparisons().size(), ReportJson.read(f.reportFile).comparisons().size());
    }

    @Test
    void unreadableResultsFileDoesNotStopTheCheckFromWritingTheReport() throws Exception {
        CheckFixture f = CheckFixture.write(project);
        Files.writeString(project.resolve("src/perf/baseline.json"), "{ truncated");
        CheckArtifacts in = CheckArtifacts.lenient(CheckFixture.report(), f.reportFile, null);
        assertEquals(1, in.unavailable().size());
        assertTrue(in.unavailable().get(0).startsWith("baseline: ") && in.unavailable().get(0).contains("baseline.json"),
                in.unavailable().get(0));
        assertTrue(HtmlReport.page(in).contains("Per-fork values unavailable for the baseline"));
    }

    /**
     * A benchmark's heading carries the worst verdict of its rows, INCONCLUSIVE above PASS: before, a PASS median
     * beside an INCONCLUSIVE p95 gave the heading a PASS badge, as Verdict's declaration put PASS before INCONCLUSIVE.
     */
    @Test
    void aBenchmarksBadgeIsTheWorstOfItsRows() throws Exception {
        CheckFixture f = CheckFixture.write(project);
        GateReport fixture = CheckFixture.report();
        List<GateRow> rows = new ArrayList<>();
        for (GateRow c : fixture.comparisons()) {
            if (c.benchmark().equals(CheckFixture.LOOKUP)) {
                boolean median = c.metric() == Metric.MEDIAN;
                c = c.toBuilder().verdict(median ? Verdict.PASS : Verdict.INCONCLUSIVE,
                        median ? "" : "p95 time is not judged: too few samples").build();
            }
            rows.add(c);
        }
        GateReport report = GateReport.builder().createdAt(fixture.createdAt()).toolVersion(fixture.toolVersion())
                .baseline(fixture.baseline()).current(fixture.current()).settings(fixture.settings())
                .comparisons(rows).build();
        String lookup = section(HtmlReport.page(CheckArtifacts.lenient(report, f.reportFile, project)),
                "b-com.acme.bench.LookupBench.get__sample_");
        String heading = lookup.substring(lookup.indexOf("<h3>"), lookup.indexOf("</h3>"));
        assertTrue(heading.contains("v-INCONCLUSIVE") && !heading.contains("v-PASS"), heading);
        // the one order: FAIL, WARN, INCONCLUSIVE, IMPROVED, PASS
        assertEquals(Verdict.INCONCLUSIVE, Verdict.worst(List.of(Verdict.PASS, Verdict.INCONCLUSIVE,
                Verdict.IMPROVED)));
        assertEquals(Verdict.WARN, Verdict.worst(List.of(Verdict.INCONCLUSIVE, Verdict.WARN, Verdict.PASS)));
        assertEquals(Verdict.IMPROVED, Verdict.worst(List.of(Verdict.PASS, Verdict.IMPROVED)));
    }

    private static int count(String text, String needle) {
        int n = 0;
        for (int i = text.indexOf(needle); i >= 0; i = text.indexOf(needle, i + 1)) {
            n++;
        }
        return n;
    }

    private static String section(String html, String id) {
        int start = html.indexOf("<section id=\"" + id + "\"");
        assertTrue(start >= 0, "no section " + id);
        return html.substring(start, html.indexOf("</section>", start));
    }

    @Test
    void theProfilesThePageLinksCanBeCopiedBesideACopyOfThePage() throws Exception {
        CheckFixture f = CheckFixture.write(project);
        Path dir = f.outputDirectory.resolve("profiles/ParserBench.parse");
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("diff.html"), "<html>diff</html>");
        Files.writeString(dir.resolve("candidate.jfr"), "jfr");
        io.perfgate.profile.StackProfile candidate = new io.perfgate.profile.StackProfile(java.util.Map.of(
                java.util.List.of("a.B.run", "a.B.work"), 10L), java.util.Map.of(), java.util.Map.of(),
                java.util.Map.of());
        new io.perfgate.profile.ProfileEvidence("ParserBench.parse", "FAIL", "JDK Flight Recorder", "cpu",
                io.perfgate.profile.Attribution.compute(null, null, Double.NaN, candidate,
                        io.perfgate.profile.CostPerOp.of(2, "us/op"), Double.NaN),
                java.util.List.of("diff.html", "candidate.jfr"), dir).write();
        Path site = project.resolve("site");
        CheckArtifacts in = CheckArtifacts.load(f.reportFile, project);
        java.util.List<Path> copied = HtmlReport.copyProfiles(in, site);
        assertEquals(2, copied.size(), copied.toString());
        assertEquals("<html>diff</html>", Files.readString(site.resolve("profiles/ParserBench.parse/diff.html")));
        assertTrue(HtmlReport.fragment(in).contains("href=\"profiles/ParserBench.parse/diff.html\""),
                "the page's link resolves beside the copy");
    }
}
