package io.perfgate.premerge;

import static io.perfgate.workspace.GitRepositoryTest.git;
import static io.perfgate.workspace.GitRepositoryTest.write;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.perfgate.gate.GateReport;
import io.perfgate.gate.GateRow;
import io.perfgate.interleaved.BenchmarkLauncher;
import io.perfgate.interleaved.FakeForks;
import io.perfgate.log.PerfLog;
import io.perfgate.report.TreatmentSummary;
import io.perfgate.results.BenchmarkResult;
import io.perfgate.results.PerfResults;
import io.perfgate.results.ResultsJson;
import io.perfgate.stats.Verdict;
import io.perfgate.testing.LogLines;
import io.perfgate.workspace.BaseBuilder;
import io.perfgate.workspace.CompareException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TreatmentComparisonTest {
    @TempDir
    Path tmp;
    private Path repo;
    private Path module;
    private final LogLines log = new LogLines();

    /** main: speed 100; branch slow: 400 (4x the work); branch fast: 50; the checkout stays on main. */
    @BeforeEach
    void makeRepository() throws Exception {
        repo = tmp.resolve("repo");
        module = repo.resolve("bench");
        write(repo.resolve("pom.xml"), "<project/>");
        write(module.resolve("pom.xml"), "<project/>");
        write(module.resolve("speed.txt"), "100");
        write(repo.resolve(".gitignore"), "target/\n");
        git(repo, "init", "-q", "-b", "main");
        git(repo, "add", "-A");
        git(repo, "commit", "-q", "-m", "baseline version");
        for (String[] branch : new String[][] {{"slow", "400"}, {"fast", "50"}}) {
            git(repo, "checkout", "-q", "-b", branch[0], "main");
            write(module.resolve("speed.txt"), branch[1]);
            git(repo, "commit", "-q", "-am", branch[0]);
        }
        git(repo, "checkout", "-q", "main");
    }

    /** "Builds" by reading speed.txt of the checkout, counting the builds. */
    private static final class CountingBuilder implements BaseBuilder {
        final List<String> built = new ArrayList<>();

        @Override
        public List<Path> buildClasspath(Path reactorRoot, Path module, Path testOutput, Path mainOutput,
                Path logFile, PerfLog log) throws CompareException {
            try {
                String speed = new String(Files.readAllBytes(reactorRoot.resolve(module).resolve("speed.txt")),
                        StandardCharsets.UTF_8).trim();
                built.add(speed);
                return Collections.singletonList(Path.of("speed-" + speed));
            } catch (IOException e) {
                throw new CompareException("no speed.txt", e);
            }
        }
    }

    /**
     * Forks at the classpath's speed, times {@code -Dfactor=} when the side's JVM arguments give one; records the
     * arguments each side's forks were given, as a benchmark reading System.getProperty would see them.
     */
    private static final class SpeedLauncher implements BenchmarkLauncher {
        final Random random = new Random(5);
        final Map<String, List<String>> argsBySide = new LinkedHashMap<>();
        final List<String> order = new ArrayList<>();

        @Override
        public List<String> discover(List<Path> classpath, String sideLabel) {
            return Arrays.asList("x.Bench.run");
        }

        @Override
        public List<BenchmarkResult> runFork(List<Path> classpath, String benchmark, String sideLabel, int round) {
            return runFork(classpath, benchmark, sideLabel, round, Collections.emptyList());
        }

        @Override
        public List<BenchmarkResult> runFork(List<Path> classpath, String benchmark, String sideLabel, int round,
                List<String> jvmArgs) {
            argsBySide.put(sideLabel, jvmArgs);
            order.add(round + ":" + sideLabel);
            double speed = Double.parseDouble(classpath.get(0).toString().substring("speed-".length()));
            for (String a : jvmArgs) {
                if (a.startsWith("-Dfactor=")) {
                    speed *= Double.parseDouble(a.substring("-Dfactor=".length()));
                }
            }
            return Collections.singletonList(FakeForks.result(benchmark, FakeForks.fork(random, speed, 0.01, 3)));
        }

        @Override
        public Map<String, String> environment() {
            return Collections.singletonMap("cpu.cores", "2");
        }

        @Override
        public Map<String, String> settings() {
            return Collections.singletonMap("perf.warmupIterations", "1");
        }
    }

    private CompareRequest request(String baseline, String treatments) throws CompareException {
        Treatment base = Treatment.baseline("baseline", baseline, "");
        return CompareRequest.builder().against(baseline).moduleDirectory(module).reactorRoot(repo)
                .outputDirectory(module.resolve("target/perf")).candidateClasspath(
                        Collections.singletonList(Path.of("speed-100")))
                .seed(11).maxForks(10).toolVersion("test").command("mvn perf:compare -Dperf.seed=11")
                .treatments(base, Treatment.parseAll(treatments, base.name())).build();
    }

    private String read(String file) throws IOException {
        return new String(Files.readAllBytes(module.resolve(file)), StandardCharsets.UTF_8);
    }

    private static GateRow median(GateReport report) {
        return report.comparisons().stream().filter(c -> c.metricName().equals("median")).findFirst()
                .orElseThrow(AssertionError::new);
    }

    @Test
    void aSlowedAndASpedUpTreatmentFailAndImproveEachByName() throws Exception {
        CountingBuilder builder = new CountingBuilder();
        SpeedLauncher launcher = new SpeedLauncher();
        TreatmentComparison.Result result = new TreatmentComparison(builder, launcher, log)
                .run(request("main", "slow=slow, fast=fast, again=main"));

        // main is named twice (baseline and again) and built once; slow and fast once each
        assertEquals(3, builder.built.size(), builder.built.toString());
        assertEquals(Arrays.asList("100", "400", "50"), builder.built);
        assertTrue(log.any("Building"), log.toString());
        assertTrue(log.infos().contains("3 commits built for 4 sides"), log.toString());

        List<GateReport> reports = result.summary().reports();
        assertEquals(Verdict.FAIL, median(reports.get(0)).verdict());
        assertEquals(Verdict.IMPROVED, median(reports.get(1)).verdict());
        assertTrue(median(reports.get(1)).change() < -0.4, median(reports.get(1)).toString());
        assertTrue(median(reports.get(1)).changeCiHigh() < 0, "IMPROVED with its interval");
        assertTrue(result.failsBuild());
        assertEquals(Collections.singletonList("slow (Bench.run median)"), result.summary().regressions());
        assertTrue(result.regressionMessage("target/perf/summary.csv").startsWith(
                "slower than the baseline: slow (Bench.run median); see target/perf/summary.csv"),
                result.regressionMessage("x"));
        // every side ran once per round until its treatments settled, and every side's results are written
        assertTrue(launcher.order.contains("1:baseline") && launcher.order.contains("1:slow")
                && launcher.order.contains("1:fast") && launcher.order.contains("1:again"), launcher.order.toString());
        for (String side : new String[] {"baseline", "slow", "fast", "again"}) {
            PerfResults r = ResultsJson.read(module.resolve("target/perf/treatments/" + side + "-results.json"));
            assertTrue(r.benchmarks().get(0).forks().size() >= 5, side);
            assertTrue(Files.exists(module.resolve("target/perf/treatments/" + side + (side.equals("baseline")
                    ? "-results.json" : "/report.md"))), side);
        }
        // K counts the tested comparisons of all three treatments
        assertEquals(reports.get(0).tested(), reports.get(2).tested());
        assertEquals(3, reports.get(0).tested());
        String md = read("target/perf/treatments.md");
        assertTrue(md.contains("| benchmark | metric | baseline | slow | fast | again |"), md);
        assertTrue(md.contains("Treatment coders") || md.contains("Treatment slow: slow at "), md);
        assertTrue(md.contains("Repeat in the same order: `mvn perf:compare -Dperf.seed=11`"), md);
        assertTrue(read("target/perf/treatments.json").contains("\"schema\" : \"perf-treatments/1\""));
        assertTrue(read("target/perf/treatments.html").contains("<th>fast</th>"));
        // the checkouts are gone
        assertEquals(1, git(repo, "worktree", "list").split("\n").length, git(repo, "worktree", "list"));
    }

    /** A shard with nothing to compare says so and succeeds, as a comparison of two sides does: before, it failed. */
    @Test
    void anEmptyShardSaysSoAndSucceeds() throws Exception {
        TreatmentComparison.Result result = new TreatmentComparison(new CountingBuilder(), new SpeedLauncher(), log)
                .run(request("main", "slow=slow").toBuilder().shard(io.perfgate.shard.Shard.parse("perf.shard",
                        "2/2")).build());
        assertFalse(result.failsBuild());
        assertTrue(log.infos().contains("Shard 2/2 (perf.shard): nothing to compare here: 1 benchmark on every side"
                + " for 2 shards"), log.toString());
        assertEquals(0, ResultsJson.read(module.resolve("target/perf/treatments/slow-results.json")).benchmarks()
                .size());
    }

    @Test
    void perSideArgumentsReachOnlyTheirSidesForks() throws Exception {
        SpeedLauncher launcher = new SpeedLauncher();
        TreatmentComparison.Result result = new TreatmentComparison(new CountingBuilder(), launcher, log)
                .run(request("main", "plain=main, flag=main -Dfactor=4"));
        assertEquals(Collections.emptyList(), launcher.argsBySide.get("baseline"));
        assertEquals(Collections.emptyList(), launcher.argsBySide.get("plain"));
        assertEquals(Collections.singletonList("-Dfactor=4"), launcher.argsBySide.get("flag"));
        assertEquals(Verdict.FAIL, median(result.summary().reports().get(1)).verdict());
        assertTrue(median(result.summary().reports().get(0)).verdict() != Verdict.FAIL);
        String main = git(repo, "rev-parse", "main").trim();
        assertTrue(result.summary().methodology().stream().anyMatch(l -> l.startsWith("Treatment flag: main at ")
                && main.startsWith(l.substring("Treatment flag: main at ".length(), l.indexOf(", with")))
                && l.endsWith(", with -Dfactor=4")), result.summary().methodology().toString());
    }

    @Test
    void oneBranchUnderThreeNamesIsAnAaThatSaysWhatThisMachineDetects() throws Exception {
        CountingBuilder builder = new CountingBuilder();
        TreatmentComparison.Result result = new TreatmentComparison(builder, new SpeedLauncher(), log)
                .run(request("main", "run1=main, run2=main, run3=main"));
        assertEquals(1, builder.built.size());
        assertFalse(result.failsBuild());
        String console = String.join("\n", result.summary().consoleLines());
        assertTrue(console.contains("A/A: every side is the same commit with the same arguments"), console);
        assertTrue(console.matches("(?s).*Bench.run median: between-fork noise [0-9.]+ %; the largest change between"
                + " identical sides [-+][0-9.]+ %; this machine detects a slowdown from \\+[0-9.]+ %.*"), console);
    }

    @Test
    void theWorkingTreeIsASideAndIsNotCheckedOut() throws Exception {
        CountingBuilder builder = new CountingBuilder();
        TreatmentComparison.Result result = new TreatmentComparison(builder, new SpeedLauncher(), log)
                .run(request("slow", "mine=WORKTREE"));
        assertEquals(Collections.singletonList("400"), builder.built);
        assertEquals(Verdict.IMPROVED, median(result.summary().reports().get(0)).verdict());
    }

    @Test
    void anUnknownRefIsRefusedNamingItsEntryBeforeAnythingIsBuilt() throws Exception {
        CountingBuilder builder = new CountingBuilder();
        CompareException e = assertThrows(CompareException.class, () -> new TreatmentComparison(builder,
                new SpeedLauncher(), log).run(request("main", "ok=fast, typo=mian")));
        assertTrue(e.getMessage().startsWith("perf.treatments entry 'typo=mian': 'mian' is not a ref of this"
                + " repository"), e.getMessage());
        assertEquals(Collections.emptyList(), builder.built);
        CompareException b = assertThrows(CompareException.class, () -> new TreatmentComparison(builder,
                new SpeedLauncher(), log).run(request("nope", "ok=fast")));
        assertTrue(b.getMessage().startsWith("The baseline (perf.against) 'nope' is not a ref"), b.getMessage());
    }

    @Test
    void summaryCsvReadsBackWithTheDocumentedColumns() throws Exception {
        new TreatmentComparison(new CountingBuilder(), new SpeedLauncher(), log)
                .run(request("main", "slow=slow, fast=fast"));
        String csv = read("target/perf/" + TreatmentSummary.CSV_FILE);
        assertTrue(csv.endsWith("\r\n"), "RFC 4180 line ends");
        List<List<String>> rows = CsvReading.parse(csv);
        assertEquals(Arrays.asList("benchmark", "mode", "params", "metric", "unit", "baseline median",
                "slow median", "slow change %", "slow ci low %", "slow ci high %", "slow verdict",
                "fast median", "fast change %", "fast ci low %", "fast ci high %", "fast verdict"), rows.get(0));
        List<String> median = rows.stream().filter(r -> r.get(3).equals("median")).findFirst()
                .orElseThrow(AssertionError::new);
        assertEquals("x.Bench.run", median.get(0));
        assertEquals("avgt", median.get(1));
        assertEquals("ns/op", median.get(4));
        double base = Double.parseDouble(median.get(5));
        assertTrue(base > 90 && base < 110, median.toString());
        assertTrue(Double.parseDouble(median.get(6)) > 350);
        double slowChange = Double.parseDouble(median.get(7));
        assertTrue(slowChange > 250 && Double.parseDouble(median.get(8)) <= slowChange
                && Double.parseDouble(median.get(9)) >= slowChange, median.toString());
        assertEquals("FAIL", median.get(10));
        assertTrue(Double.parseDouble(median.get(12)) < -40, median.toString());
        assertEquals("IMPROVED", median.get(15));
        for (List<String> r : rows) {
            assertEquals(rows.get(0).size(), r.size(), r.toString());
        }
    }
}
