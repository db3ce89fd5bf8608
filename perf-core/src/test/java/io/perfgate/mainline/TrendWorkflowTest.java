package io.perfgate.mainline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.perfgate.results.BenchmarkId;
import io.perfgate.env.EnvironmentFingerprint;
import io.perfgate.gate.GateSettings;
import io.perfgate.history.DirectoryStore;
import io.perfgate.history.HistoryException;
import io.perfgate.history.HistoryRecord;
import io.perfgate.history.HistoryStore;
import io.perfgate.history.MainBranches;
import io.perfgate.history.RunOrigin;
import io.perfgate.log.PerfLog;
import io.perfgate.results.BenchmarkResult;
import io.perfgate.results.Fork;
import io.perfgate.results.MetricInfo;
import io.perfgate.results.PerfResults;
import io.perfgate.stats.Direction;
import io.perfgate.trend.ChangePoint;
import io.perfgate.trend.ChangePointDetector;
import io.perfgate.trend.ChangePointOptions;
import io.perfgate.trend.RunSeries;
import io.perfgate.trend.Trend;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Collectors;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TrendWorkflowTest {
    private static final Instant T0 = Instant.parse("2026-10-01T03:00:00Z");
    private static final String PARSE = "org.example.ParserBench.parse";

    private final Random noise = new Random(42);
    private final Random names = new Random(7);
    private final List<String> warnings = new ArrayList<>();
    private final List<String> infos = new ArrayList<>();
    private final PerfLog log = new PerfLog() {
        @Override
        public void info(String message) {
            infos.add(message);
        }

        @Override
        public void warn(String message) {
            warnings.add(message);
        }
    };

    /** One run: ParserBench.parse at size 10 in avgt (level {@code small}) and thrpt, and at size 100 in avgt. */
    private PerfResults run(double small, Map<String, String> environment, String forks) {
        PerfResults.Builder results = PerfResults.builder().createdAt(T0.toString()).toolVersion("0.1.0")
                .environment(environment).settings(Map.of("perf.forks", forks));
        results.addBenchmark(bench(PARSE, "10", "avgt", "ns/op", Direction.LOWER_IS_BETTER, small, true));
        results.addBenchmark(bench(PARSE, "10", "thrpt", "ops/us", Direction.HIGHER_IS_BETTER, 1000 / small, false));
        results.addBenchmark(bench(PARSE, "100", "avgt", "ns/op", Direction.LOWER_IS_BETTER, 10 * 1000, true));
        return results.build();
    }

    private BenchmarkResult bench(String name, String size, String mode, String unit, Direction direction,
            double level, boolean allocation) {
        BenchmarkResult.Builder b = BenchmarkResult.builder(name).params(Map.of("size", size)).mode(mode).unit(unit)
                .direction(direction);
        if (allocation) {
            b.secondaryMetric(MetricInfo.ALLOCATION, new MetricInfo("B/op", Direction.LOWER_IS_BETTER));
        }
        double runLevel = level * (1 + 0.005 * noise.nextGaussian());
        for (int f = 0; f < 3; f++) {
            double v = runLevel * (1 + 0.002 * noise.nextGaussian());
            Map<String, double[]> secondary = allocation ? Map.of(MetricInfo.ALLOCATION, new double[] {48, 48})
                    : Map.of();
            b.addFork(new Fork(new double[] {v, v}, Map.of(), secondary));
        }
        return b.build();
    }

    private static Map<String, String> environment(String cpu) {
        Map<String, String> env = new LinkedHashMap<>();
        env.put(EnvironmentFingerprint.CPU_MODEL, cpu);
        env.put(EnvironmentFingerprint.JAVA_VERSION, "21.0.5");
        env.put(EnvironmentFingerprint.PLUGIN_VERSION, "0.1.0");
        return env;
    }

    private HistoryRecord record(int day, PerfResults results, String branch) {
        Instant at = T0.plusSeconds(86_400L * day);
        return HistoryRecord.create(results, new RunOrigin(at, commit(day), commit(day - 1), branch, null), names);
    }

    private static String commit(int day) {
        return String.format("%010x", (day + 2) * 0x9e3779b1L & 0xffffffffffL) + "0".repeat(30);
    }

    /** {@code runs} runs of main, ParserBench.parse (size 10, avgt) 15 % slower from run {@code step} (0-based). */
    private List<HistoryRecord> history(int runs, int step) {
        List<HistoryRecord> records = new ArrayList<>();
        for (int i = 0; i < runs; i++) {
            records.add(record(i, run(i >= step ? 115 : 100, environment("Xeon"), "3"), "main"));
        }
        return records;
    }

    private TrendResult analyse(HistoryStore store, Path out) throws Exception {
        return new TrendWorkflow(log).run(new TrendRequest(store, MainBranches.defaults(), null, ChangePointOptions.defaults(),
                GateSettings.defaults(), out, null));
    }

    private static Trend trend(TrendResult result, String label) {
        return result.trends().stream().filter(t -> t.label().equals(label)).findFirst()
                .orElseThrow(() -> new AssertionError(label + " not among " + result.trends().stream()
                        .map(Trend::label).collect(Collectors.toList())));
    }

    @Test
    void oneSeriesPerBenchmarkModeParametersAndJudgedMetricEachRunTheMedianOfItsForks(@TempDir Path dir)
            throws Exception {
        DirectoryStore store = new DirectoryStore(dir.resolve("history"));
        for (HistoryRecord r : history(3, 99)) {
            store.append(r);
        }
        TrendResult result = analyse(store, dir.resolve("out"));

        assertEquals(List.of("ParserBench.parse (size=10) [avgt] median", "ParserBench.parse (size=10) [avgt] alloc",
                "ParserBench.parse (size=10) [thrpt] median", "ParserBench.parse (size=100) [avgt] median",
                "ParserBench.parse (size=100) [avgt] alloc"), result.trends().stream().map(Trend::label)
                .collect(Collectors.toList()));
        Trend thrpt = trend(result, "ParserBench.parse (size=10) [thrpt] median");
        assertEquals(Direction.HIGHER_IS_BETTER, thrpt.direction());
        assertEquals("ops/us", thrpt.unit());
        assertEquals(3, thrpt.runs().size());
        assertEquals(48, trend(result, "ParserBench.parse (size=10) [avgt] alloc").runs().get(0).value());
        // the run's value is the middle fork's, its bar the lowest and highest fork
        var first = trend(result, "ParserBench.parse (size=10) [avgt] median").runs().get(0);
        assertTrue(first.low() <= first.value() && first.value() <= first.high());
        assertEquals(3, first.forks());
        assertEquals(commit(0), first.commit());
        assertEquals(commit(-1), first.parent());
        assertTrue(Files.readString(dir.resolve("out/trend.md")).contains("3 comparable run(s) of main in the"
                + " history"), "too few runs says so");
    }

    @Test
    void findsTheStepAsASlowdownWithItsCommitsAndNothingInTheFlatSeries(@TempDir Path dir) throws Exception {
        DirectoryStore store = new DirectoryStore(dir.resolve("history"));
        List<HistoryRecord> records = history(30, 20);
        for (HistoryRecord r : records) {
            store.append(r);
        }
        TrendResult result = analyse(store, dir.resolve("out"));

        assertEquals(30, result.runs());
        List<TrendResult.Located> located = result.located();
        assertEquals(2, located.size(), located.stream().map(l -> l.trend().label() + " " + l.change())
                .collect(Collectors.joining("\n")));
        TrendResult.Located avgt = located.get(0);
        assertEquals("ParserBench.parse (size=10) [avgt] median", avgt.trend().label(), "the slowdown first");
        assertTrue(avgt.change().slowdown());
        assertEquals(20, avgt.change().index());
        assertEquals(records.get(19).origin().commit(), avgt.before().commit());
        assertEquals(records.get(20).origin().commit(), avgt.after().commit());
        assertEquals(0.15, avgt.change().change(), 0.01);
        TrendResult.Located thrpt = located.get(1);
        assertEquals("ParserBench.parse (size=10) [thrpt] median", thrpt.trend().label());
        assertTrue(thrpt.change().slowdown(), "fewer operations per microsecond is slower");
        assertEquals(List.of(), trend(result, "ParserBench.parse (size=100) [avgt] median").changes());

        String changes = Files.readString(dir.resolve("out/changes.json"));
        assertTrue(changes.contains("\"commits\" : \"" + records.get(19).origin().commit() + ".."
                + records.get(20).origin().commit() + "\""), changes);
        assertTrue(changes.contains("\"slowdown\" : true"), changes);
        assertEquals(changes, store.reportedChanges(), "the reported points are kept in the store");
        String md = Files.readString(dir.resolve("out/trend.md"));
        assertTrue(md.contains("| slower | ParserBench.parse (size=10) | avgt | median | +14.7 %"), md);
        assertTrue(md.contains("`" + avgt.before().shortCommit() + ".." + avgt.after().shortCommit() + "`"), md);
        String html = Files.readString(dir.resolve("out/trend.html"));
        assertTrue(html.contains("data-benchmarks=\"5\""), "one figure per series");
        assertEquals(5, html.split("<figure data-benchmark=").length - 1);
        assertTrue(html.contains("<title>run 21, commit " + records.get(20).origin().commit().substring(0, 10)),
                "hover names the run's commit");
    }

    @Test
    void aPointReportedBeforeIsHeldWhereItWasReported(@TempDir Path dir) throws Exception {
        DirectoryStore store = new DirectoryStore(dir.resolve("history"));
        List<HistoryRecord> records = history(30, 20);
        for (HistoryRecord r : records) {
            store.append(r);
        }
        analyse(store, dir.resolve("out"));
        // as if an earlier build, with fewer runs, had reported the step one run early: the point stays there
        String stored = store.reportedChanges().replace("\"run\" : \"" + records.get(20).name() + "\"",
                "\"run\" : \"" + records.get(19).name() + "\"");
        store.saveReportedChanges(stored);
        store.append(record(30, run(115, environment("Xeon"), "3"), "main"));

        TrendResult held = analyse(store, dir.resolve("out2"));
        assertEquals(19, trend(held, "ParserBench.parse (size=10) [avgt] median").changes().get(0).index());

        Files.delete(dir.resolve("history").resolve(HistoryStore.REPORTED_CHANGES));
        TrendResult afresh = analyse(store, dir.resolve("out3"));
        assertEquals(20, trend(afresh, "ParserBench.parse (size=10) [avgt] median").changes().get(0).index());
    }

    @Test
    void onlyComparableRunsOfTheBranchCountAndAnUnreadableRecordIsNamed(@TempDir Path dir) throws Exception {
        Path root = dir.resolve("history");
        DirectoryStore store = new DirectoryStore(root);
        store.append(record(0, run(100, environment("EPYC"), "3"), "main"));
        store.append(record(1, run(100, environment("Xeon"), "5"), "main"));
        store.append(record(2, run(300, environment("Xeon"), "3"), "feature/x"));
        for (int i = 3; i < 8; i++) {
            store.append(record(i, run(100, environment("Xeon"), "3"), "main"));
        }
        HistoryRecord bad = record(9, run(100, environment("Xeon"), "3"), "main");
        Path badFile = root.resolve(bad.name() + ".json.gz");
        Files.createDirectories(badFile.getParent());
        ByteArrayOutputStream gz = new ByteArrayOutputStream();
        try (GZIPOutputStream out = new GZIPOutputStream(gz)) {
            out.write("{\"schema\": 1, \"benchmarks\": [".getBytes(StandardCharsets.UTF_8));
        }
        Files.write(badFile, gz.toByteArray());

        TrendResult result = analyse(store, dir.resolve("out"));

        assertEquals(5, result.runs());
        assertEquals("main", result.branch());
        assertTrue(warnings.stream().anyMatch(w -> w.startsWith("Left out of the trend: ") && w.contains(bad.name())),
                warnings.toString());
        String leftOut = String.join("\n", infos);
        assertTrue(leftOut.contains("1 run(s) of other branches (or of none) than main"), leftOut);
        assertTrue(leftOut.contains("cpu.model EPYC, the newest run's Xeon"), leftOut);
        assertTrue(leftOut.contains("perf.forks 5, the newest run's 3"), leftOut);
    }

    @Test
    void anEmptyHistorySaysSoInOneLine(@TempDir Path dir) throws Exception {
        TrendResult result = analyse(new DirectoryStore(dir.resolve("none")), dir.resolve("out"));
        assertEquals(0, result.trends().size());
        assertEquals("## Performance trend of main or master\n\nNo runs in the history (directory "
                + dir.resolve("none") + ") yet: record runs on main or master with perf:record, then run perf:trend.\n",
                Files.readString(dir.resolve("out/trend.md")));
        assertTrue(Files.readString(dir.resolve("out/changes.json")).contains("\"changes\" : [ ]"));
    }

    /** perf.trendSave=false: the outputs as always, nothing in the store; analysing again gives the same answer. */
    @Test
    void analysingWithoutSavingWritesNothingToTheStore(@TempDir Path dir) throws Exception {
        Path root = dir.resolve("history");
        DirectoryStore store = new DirectoryStore(root);
        for (HistoryRecord r : history(30, 20)) {
            store.append(r);
        }
        List<String> before = listing(root);
        TrendResult first = new TrendWorkflow(log).run(request(store, dir.resolve("out")).saving(false));
        TrendResult again = new TrendWorkflow(log).run(request(store, dir.resolve("out2")).saving(false));

        assertEquals(before, listing(root), "the store is as it was");
        assertEquals(null, store.reportedChanges());
        assertEquals(2, first.located().size());
        assertEquals(Files.readString(dir.resolve("out/changes.json")), Files.readString(dir.resolve("out2/changes.json")));
        assertEquals(first.located().size(), again.located().size());
        assertTrue(infos.stream().anyMatch(i -> i.startsWith("perf.trendSave=false: nothing saved in the directory "
                + root)), infos.toString());
    }

    private static List<String> listing(Path root) throws Exception {
        try (var files = Files.walk(root)) {
            return files.map(p -> root.relativize(p).toString()).sorted().collect(Collectors.toList());
        }
    }

    private static TrendRequest request(HistoryStore store, Path out) {
        return new TrendRequest(store, MainBranches.defaults(), null, ChangePointOptions.defaults(),
                GateSettings.defaults(), out, null);
    }

    /** A perf.history that is not a directory is a wrong path, said as a warning naming it, not "no runs yet". */
    @Test
    void aHistoryPathThatIsMissingOrAFileIsAWarningNamingIt(@TempDir Path dir) throws Exception {
        analyse(new DirectoryStore(dir.resolve("none")), dir.resolve("out"));
        Path file = Files.writeString(dir.resolve("history.json.gz"), "x");
        analyse(new DirectoryStore(file), dir.resolve("out2"));

        assertEquals(List.of("No history to analyse: perf.history names " + dir.resolve("none") + ", which does not"
                + " exist. Give the directory perf:record writes (a relative path is resolved from the project's"
                + " directory, or from the working directory outside a project), or 'git' for the history branch.",
                "No history to analyse: perf.history names " + file + ", which is a file, not a directory. Give the"
                + " directory perf:record writes (a relative path is resolved from the project's directory, or from"
                + " the working directory outside a project), or 'git' for the history branch."), warnings);
        assertTrue(infos.stream().noneMatch(i -> i.startsWith("No runs")), infos.toString());
    }

    /** A changes.json of a newer schema is refused, as a record of a newer schema is, and left as it was. */
    @Test
    void aChangesDocumentOfANewerSchemaIsRefusedAndKept(@TempDir Path dir) throws Exception {
        Path root = dir.resolve("history");
        DirectoryStore store = new DirectoryStore(root);
        for (HistoryRecord r : history(30, 20)) {
            store.append(r);
        }
        String newer = "{\"schema\": 2, \"changes\": [], \"mergedFrom\": [\"a field this version does not know\"]}";
        store.saveReportedChanges(newer);

        HistoryException e = org.junit.jupiter.api.Assertions.assertThrows(HistoryException.class,
                () -> analyse(store, dir.resolve("out")));
        assertEquals("directory " + root + ":changes.json has schema 2, written by a newer perf-maven-plugin; this"
                + " version reads and writes schema 1 and will not replace it. Upgrade the plugin", e.getMessage());
        assertEquals(newer, store.reportedChanges());
    }

    /** Points of changes.json that name no series or no run of this history are named, not dropped silently. */
    @Test
    void reportedPointsNamingNoSeriesOrRunAreNamedInAWarning(@TempDir Path dir) throws Exception {
        DirectoryStore store = new DirectoryStore(dir.resolve("history"));
        List<HistoryRecord> records = history(30, 20);
        for (HistoryRecord r : records) {
            store.append(r);
        }
        analyse(store, dir.resolve("out"));
        String stored = store.reportedChanges();
        String edited = stored.replaceFirst("\"run\" : \"" + records.get(20).name() + "\"",
                "\"run\" : \"2020/01/01T000000Z-gone\"").replace("\"mode\" : \"thrpt\"", "\"mode\" : \"ss\"");
        assertTrue(!edited.equals(stored) && edited.contains("2020/01/01T000000Z-gone"), edited);
        store.saveReportedChanges(edited);
        warnings.clear();

        analyse(store, dir.resolve("out2"));
        List<String> notSlower = warnings.stream().filter(w -> !w.startsWith("Slower: ")).collect(Collectors.toList());
        assertEquals(1, notSlower.size(), warnings.toString());
        String w = notSlower.get(0);
        assertTrue(w.startsWith("2 change point(s) of directory " + dir.resolve("history") + ":changes.json name what"
                + " this history does not hold, so they are not held: "), w);
        assertTrue(w.contains("ParserBench.parse (size=10) [avgt] median at run 2020/01/01T000000Z-gone (no such run"
                + " in the series)"), w);
        assertTrue(w.contains("org.example.ParserBench.parse:size=10 [ss] median at run " + records.get(20).name()
                + " (no such series among the comparable runs)"), w);
    }

    /** A repository with no remote 'origin': one line says so; no failed fetch, no "saved but not shared". */
    @Test
    void withoutTheRemoteOneLineSaysTheHistoryStaysLocal(@TempDir Path dir) throws Exception {
        Path repo = Files.createDirectories(dir.resolve("repo"));
        git(repo, "init", "--quiet", "--initial-branch=main");
        Files.writeString(repo.resolve("README"), "project\n");
        git(repo, "add", "README");
        git(repo, "-c", "user.name=Dev", "-c", "user.email=dev@example.org", "commit", "--quiet", "-m", "first");
        HistoryStore store = io.perfgate.history.GitBranchStore.open(repo, "perf-history", "origin");
        for (HistoryRecord r : history(30, 20)) {
            store.append(r);
        }
        warnings.clear();

        analyse(store, dir.resolve("out"));
        List<String> trendWarnings = warnings.stream().filter(w -> !w.startsWith("Slower: "))
                .collect(Collectors.toList());
        assertEquals(List.of("No remote 'origin' in " + repo.toRealPath() + ": the history branch perf-history stays"
                + " local (not fetched, not pushed). perf.historyRemote names the remote that shares it."),
                trendWarnings);
        assertTrue(store.reportedChanges() != null, "saved locally");
    }

    private static void git(Path directory, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of("git"));
        command.addAll(List.of(args));
        assertTrue(new io.perfgate.process.ExternalCommand(command, directory).run().succeeded(), command.toString());
    }

    /** What a later build reads back from changes.json names the same series and first runs as were reported. */
    @Test
    void theReportedPointsReadBackAsTheSeriesAndFirstRunsReported(@TempDir Path dir) throws Exception {
        DirectoryStore store = new DirectoryStore(dir.resolve("history"));
        for (HistoryRecord r : history(30, 20)) {
            store.append(r);
        }
        TrendResult result = analyse(store, dir.resolve("out"));

        Map<io.perfgate.trend.Series, java.util.Set<String>> read = ChangesJson.reported("changes.json",
                Files.readString(dir.resolve("out/changes.json")));
        assertEquals(ChangesJson.reported(result.trends()), read);
        assertEquals(2, read.size());
        assertEquals(Map.of(), ChangesJson.reported("x", ChangesJson.write(List.of(), "main", 0)));
    }
    /** Found on Apache Commons Text: a +0.0 % step in allocation came out as a change point with p = 0.0001. */
    @Test
    void anAllocationStepWithinTheGatesToleranceIsNoChangePoint() {
        List<String> ids = new ArrayList<>();
        double[] tiny = new double[30];
        double[] real = new double[30];
        for (int i = 0; i < 30; i++) {
            ids.add("run" + i);
            double wobble = (i % 3) * 0.01;
            tiny[i] = 475_575 + wobble + (i >= 15 ? 10 : 0); // +10 B/op, 0.002 %: within max(2 %, 16 B/op)
            real[i] = 475_575 + wobble + (i >= 15 ? 47_557 : 0); // +10 %
        }
        ChangePointDetector detector = new ChangePointDetector(ChangePointOptions.defaults());
        Trend alloc = trend("alloc");
        List<ChangePoint> tinyFound = detector.detect(new RunSeries(ids, tiny, Direction.LOWER_IS_BETTER));
        List<ChangePoint> realFound = detector.detect(new RunSeries(ids, real, Direction.LOWER_IS_BETTER));
        assertEquals(1, tinyFound.size(), "the t-test alone finds the tiny step");
        assertTrue(TrendWorkflow.beyondAllocationTolerance(alloc, GateSettings.defaults(), tinyFound).isEmpty());
        assertEquals(1, TrendWorkflow.beyondAllocationTolerance(alloc, GateSettings.defaults(), realFound).size());
        // a time series keeps every point the test finds
        assertEquals(1, TrendWorkflow.beyondAllocationTolerance(trend("median"), GateSettings.defaults(), tinyFound)
                .size());
    }

    private static Trend trend(String metric) {
        return new Trend(BenchmarkId.of("a.B.m", Map.of(), "avgt"), "B.m", metric, "B/op", Direction.LOWER_IS_BETTER,
                List.of(), List.of());
    }
}
