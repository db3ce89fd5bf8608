package io.perfgate.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.perfgate.env.EnvironmentFingerprint;
import io.perfgate.gate.GateReport;
import io.perfgate.results.ResultsFormatException;
import io.perfgate.testing.Golden;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MethodologyWriterTest {
    @TempDir
    Path project;

    @Test
    void jiraBlockMatchesGoldenFile() throws Exception {
        CheckFixture f = CheckFixture.write(project);
        MethodologyWriter.Written w = MethodologyWriter.write(f.outputDirectory, project, MethodologyFormat.JIRA);
        Golden.assertMatches("io/perfgate/report/methodology/expected.jira", w.text());
        assertEquals(f.outputDirectory.resolve("methodology.jira"), w.file());
        assertEquals(w.text(), Files.readString(w.file(), StandardCharsets.UTF_8));
    }

    @Test
    void markdownBlockMatchesGoldenFile() throws Exception {
        CheckFixture f = CheckFixture.write(project);
        MethodologyWriter.Written w = MethodologyWriter.write(f.outputDirectory, project, MethodologyFormat.MARKDOWN);
        Golden.assertMatches("io/perfgate/report/methodology/expected.md", w.text());
        assertEquals(f.outputDirectory.resolve("methodology.md"), w.file());
    }

    @Test
    void textBlockMatchesGoldenFile() throws Exception {
        CheckFixture f = CheckFixture.write(project);
        MethodologyWriter.Written w = MethodologyWriter.write(f.outputDirectory, project, MethodologyFormat.TEXT);
        Golden.assertMatches("io/perfgate/report/methodology/expected.txt", w.text());
        assertEquals(f.outputDirectory.resolve("methodology.txt"), w.file());
    }

    @Test
    void jiraUsesWikiTableMarkupAndNoformatForTheCommand() throws Exception {
        CheckFixture f = CheckFixture.write(project);
        String jira = MethodologyWriter.write(f.outputDirectory, project, MethodologyFormat.JIRA).text();
        assertTrue(jira.contains("\n||Benchmark||Metric||Before||After||Change||p||Verdict||\n"), jira);
        assertTrue(jira.contains("{noformat}\nmvn -B verify -Pperf -Dperf.forks=10"), jira);
        // brackets would become links and "+x+" underline in JIRA: every one is escaped
        assertFalse(jira.replace("\\[", "").replace("\\]", "").contains("["), jira);
        assertTrue(jira.contains("\\+21.1 % \\[\\+18.0 %, \\+24.1 %\\]"), jira);
    }

    @Test
    void markdownUsesPipeTablesAndAFencedCommand() throws Exception {
        CheckFixture f = CheckFixture.write(project);
        String md = MethodologyWriter.write(f.outputDirectory, project, MethodologyFormat.MARKDOWN).text();
        assertTrue(md.contains("\n| Benchmark | Metric | Before | After | Change | p | Verdict |\n|---|---|---:|"), md);
        assertTrue(md.contains("```sh\nmvn -B verify -Pperf"), md);
    }

    @Test
    void blockHoldsWhatACommitterAsksFor() throws Exception {
        CheckFixture f = CheckFixture.write(project);
        String text = MethodologyWriter.write(f.outputDirectory, project, MethodologyFormat.TEXT).text();
        assertTrue(text.contains("AMD EPYC 7763 64-Core Processor, 2 cores, 7.8 GiB RAM"), text);
        assertTrue(text.contains("Linux 6.1.0-27-amd64"), text);
        assertTrue(text.contains("JVM flags: -Xmx1g -XX:+UseG1GC"), text);
        assertTrue(text.contains("JMH 1.37: 10 forks per side"), text);
        assertTrue(text.contains("exact one-sided Mann-Whitney on per-fork medians (log scale, Hodges-Lehmann "
                + "ratio), alpha 0.05; FAIL when the ratio >= 1.10 and its lower bound > 1.05; p95: 1.20 / 1.10"), text);
        assertTrue(text.contains("commit 1a2b3c4d5e (2026-11-20T09:02:11Z)"), text);
        assertTrue(text.contains("commit 5d6e7f8a9b (2026-11-22T10:15:00Z)"), text);
        assertTrue(text.contains("target/perf/profiles/ParserBench.parse-size_1000/flame-cpu-forward.html"), text);
        assertTrue(text.endsWith("\nVote: -1 perf: 1 regression\n"), text);
    }

    @Test
    void scenariosAreDescribedByTheirColdAndWarmRuns() {
        String text = scenarioMethodology("4");
        assertTrue(text.contains("Runs:          scenarios: 5 cold runs per side, 6 warm JVMs per side (each the median of"
                + " its 4 warm runs) (1 scenario)"), text);
        assertTrue(text.contains("exact one-sided Mann-Whitney on per-JVM values: a cold run, or a warm JVM's median"
                + " run"), text);
        assertTrue(text.endsWith("Vote: +1 perf\n"), text);
    }

    /** One run per warm JVM (the Tez IT's comparison) printed "each the median of its 1 warm runs". */
    @Test
    void aWarmJvmOfOneRunIsThatRun() {
        String text = scenarioMethodology("1");
        assertTrue(text.contains("6 warm JVMs per side (each its one warm run) (1 scenario)"), text);
    }

    private static String scenarioMethodology(String warmRuns) {
        java.util.Map<String, String> env = CheckFixture.environment(CheckFixture.CUR_COMMIT, "t", "17.0.13");
        io.perfgate.results.PerfResults.Builder results = io.perfgate.results.PerfResults.builder().createdAt("t")
                .toolVersion("0.1.0").environment(env);
        GateReport.Builder report = GateReport.builder().createdAt("t").toolVersion("0.1.0")
                .baseline(new GateReport.Source("src/perf/baseline.json", "t", "0.1.0", env, java.util.Map.of()))
                .current(new GateReport.Source("target/perf/results.json", "t", "0.1.0", env, java.util.Map.of()));
        results.settings(java.util.Map.of("perf.scenario.wordcount.warmRuns", warmRuns));
        String[][] runs = {{"cold", "5"}, {"warm", "6"}};
        for (String[] r : runs) {
            java.util.Map<String, String> params = java.util.Map.of("runs", r[0]);
            io.perfgate.results.BenchmarkResult.Builder b = io.perfgate.results.BenchmarkResult.builder("wordcount")
                    .kind(io.perfgate.results.BenchmarkResult.KIND_SCENARIO).params(params).mode("run").unit("s");
            for (int i = 0; i < Integer.parseInt(r[1]); i++) {
                double[] times = r[0].equals("cold") ? new double[] {19.0 + i * 0.1}
                        : new double[] {19.0 + i * 0.1, 19.2, 18.9, 19.1}; // a warm JVM: its 4 runs
                b.addFork(new io.perfgate.results.Fork(times, java.util.Map.of(), java.util.Map.of()));
            }
            results.addBenchmark(b.build());
            int n = Integer.parseInt(r[1]);
            report.addComparison(io.perfgate.gate.GateRow.builder()
                    .benchmark("wordcount", params, "run", "wordcount (runs=" + r[0] + ")")
                    .metric(io.perfgate.gate.Metric.MEDIAN, "s", io.perfgate.stats.Direction.LOWER_IS_BETTER)
                    .forks(n, n).baselineMedian(19.0, 18.8, 19.3).currentMedian(12.4, 12.2, 12.6)
                    .ratio(0.65, 0.64, 0.66, 0.63, 0.67).pValue(1.0).thresholds(0.10, 0.05, 0.05)
                    .verdict(io.perfgate.stats.Verdict.IMPROVED, "").build());
        }
        CheckArtifacts in = new CheckArtifacts(null, report.build(), results.build(), null, List.of());
        return new TextMethodologyRenderer().render(MethodologyContent.from(in, List.of()));
    }

    @Test
    void missingReportSaysToRunTheCheckFirst() {
        ReportFormatException e = assertThrows(ReportFormatException.class,
                () -> MethodologyWriter.write(project.resolve("target/perf"), project, MethodologyFormat.JIRA));
        assertTrue(e.getMessage().contains("report.json"), e.getMessage());
        assertTrue(e.getMessage().contains("run perf:check first"), e.getMessage());
    }

    @Test
    void truncatedReportNamesTheFile() throws Exception {
        CheckFixture f = CheckFixture.write(project);
        String json = Files.readString(f.reportFile);
        Files.writeString(f.reportFile, json.substring(0, json.length() / 2));
        ReportFormatException e = assertThrows(ReportFormatException.class,
                () -> MethodologyWriter.write(f.outputDirectory, project, MethodologyFormat.JIRA));
        assertTrue(e.getMessage().startsWith(f.reportFile.toString()), e.getMessage());
        assertFalse(Files.exists(f.outputDirectory.resolve("methodology.jira")), "nothing written on bad input");
    }

    @Test
    void malformedResultsFileNamedInTheReportIsAnError() throws Exception {
        CheckFixture f = CheckFixture.write(project);
        Files.writeString(project.resolve("src/perf/baseline.json"), "{\"schema\": 1}");
        ResultsFormatException e = assertThrows(ResultsFormatException.class,
                () -> MethodologyWriter.write(f.outputDirectory, project, MethodologyFormat.JIRA));
        assertTrue(e.getMessage().contains("baseline.json"), e.getMessage());
    }

    @Test
    void resultsFilesThatAreGoneOnlyCostTheRunDetails() throws Exception {
        CheckFixture f = CheckFixture.write(project);
        Files.delete(f.outputDirectory.resolve("results.json"));
        Files.delete(project.resolve("src/perf/baseline.json"));
        String text = MethodologyWriter.write(f.outputDirectory, project, MethodologyFormat.TEXT).text();
        // the command and the environment are also in report.json
        assertTrue(text.contains("mvn -B verify -Pperf"), text);
        assertTrue(text.contains("ParserBench.parse (size=1000)"), text);
    }

    @Test
    void eachSideSaysHowMuchCpuTheHypervisorTookWhileItMeasured() {
        java.util.Map<String, String> env = new java.util.LinkedHashMap<>();
        env.put("cpu.model", "Intel(R) Xeon(R) Processor");
        env.put("cpu.cores", "2");
        env.put("cpu.steal", "48.0 %");
        GateReport.Source stolen = new GateReport.Source("src/perf/baseline.json", "2026-11-23T06:13:13Z", "0.1.0", env,
                Collections.singletonMap("git.commit", "ce4775a55fdfac5f10454253e735d25e7ad75e53"));
        assertEquals("commit ce4775a55f (2026-11-23T06:13:13Z), src/perf/baseline.json, on Intel(R) Xeon(R) Processor,"
                + " 2 cores, hypervisor steal 48.0 % while measuring", MethodologyContent.side(stolen, true));
        env.put("cpu.steal", "unknown");
        GateReport.Source unknown = new GateReport.Source("src/perf/baseline.json", "2026-11-23T06:13:13Z", "0.1.0", env,
                Collections.emptyMap());
        assertFalse(MethodologyContent.side(unknown, true).contains("steal"), "an unknown share is left out");
    }

    /**
     * The baseline's machine is named by what the fingerprint records (CPU model and cores): a host field, which
     * no writer records, used to be read too and put first.
     */
    @Test
    void theBaselineMachineIsNamedByTheFingerprintsFields() {
        java.util.Map<String, String> env = new java.util.LinkedHashMap<>(EnvironmentFingerprint.of(
                EnvironmentFingerprint.facts().cpuinfo("processor\t: 0\nmodel name\t: Example CPU @ 2.90GHz\n"
                        + "processor\t: 1\nmodel name\t: Example CPU @ 2.90GHz\n")
                .git("ce4775a55fdfac5f", "false")));
        env.put("host", "build-agent-7");
        GateReport.Source baseline = new GateReport.Source("src/perf/baseline.json", "2026-11-23T06:13:13Z", "0.1.0", env,
                Collections.emptyMap());

        assertEquals("commit ce4775a55f (2026-11-23T06:13:13Z), src/perf/baseline.json, on Example CPU @ 2.90GHz,"
                + " 2 cores",
                MethodologyContent.side(baseline, true));
    }

    @Test
    void voteIsPlusOneWithoutRegressionsAndSaysWhatIsOpen() {
        GateReport failing = CheckFixture.report();
        assertEquals("-1 perf: 1 regression", MethodologyContent.vote(failing));
        GateReport.Builder b = GateReport.builder().createdAt("t").toolVersion("v").baseline(failing.baseline())
                .current(failing.current());
        failing.comparisons().stream().filter(c -> c.verdict() != io.perfgate.stats.Verdict.FAIL)
                .forEach(b::addComparison);
        assertEquals("+1 perf (1 WARN, 1 INCONCLUSIVE)", MethodologyContent.vote(b.build()));
        GateReport.Builder open = GateReport.builder().createdAt("t").toolVersion("v").baseline(failing.baseline())
                .current(failing.current());
        failing.comparisons().stream().filter(c -> c.verdict() == io.perfgate.stats.Verdict.INCONCLUSIVE)
                .forEach(open::addComparison);
        assertEquals("0 perf: nothing was judged (1 INCONCLUSIVE)", MethodologyContent.vote(open.build()),
                "nothing judged is not a pass");
        GateReport noBaseline = GateReport.builder().createdAt("t").toolVersion("v").current(failing.current()).build();
        assertEquals("0 perf: nothing was compared (no baseline)", MethodologyContent.vote(noBaseline));
    }

    @Test
    void profilesListsWhatExists() throws Exception {
        CheckFixture f = CheckFixture.write(project);
        Files.writeString(f.outputDirectory.resolve("ParserBench.parse.jfr"), "x");
        List<String> profiles = MethodologyWriter.profiles(f.outputDirectory, project);
        assertEquals(List.of("target/perf/ParserBench.parse.jfr",
                "target/perf/profiles/ParserBench.parse-size_1000/flame-cpu-forward.html"), profiles);
        assertEquals(Collections.emptyList(), MethodologyWriter.profiles(project.resolve("nowhere"), project));
    }

    @Test
    void formatNamesAreParsedAndBadOnesNamed() {
        assertEquals(MethodologyFormat.JIRA, MethodologyFormat.parse("JIRA"));
        assertEquals(MethodologyFormat.MARKDOWN, MethodologyFormat.parse("md"));
        assertEquals(MethodologyFormat.TEXT, MethodologyFormat.parse(" text "));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> MethodologyFormat.parse("html"));
        assertEquals("'html' is not a methodology format; use jira, markdown or text", e.getMessage());
    }
}
