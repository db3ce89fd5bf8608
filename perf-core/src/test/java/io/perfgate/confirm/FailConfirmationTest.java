package io.perfgate.confirm;

import static io.perfgate.workspace.GitRepositoryTest.git;
import static io.perfgate.workspace.GitRepositoryTest.write;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.perfgate.config.PerfProperties;
import io.perfgate.env.EnvironmentFingerprint;
import io.perfgate.gate.Gate;
import io.perfgate.gate.GateReport;
import io.perfgate.gate.GateRow;
import io.perfgate.gate.GateSettings;
import io.perfgate.gate.HistoryGate;
import io.perfgate.gate.InvalidSettingException;
import io.perfgate.gate.Metric;
import io.perfgate.gate.Outcome;
import io.perfgate.gate.SettingParser;
import io.perfgate.interleaved.BenchmarkLauncher;
import io.perfgate.interleaved.FakeForks;
import io.perfgate.interleaved.InterleavedResults;
import io.perfgate.log.PerfLog;
import io.perfgate.results.BenchmarkResult;
import io.perfgate.results.Fork;
import io.perfgate.results.PerfResults;
import io.perfgate.results.ResultsJson;
import io.perfgate.stats.Verdict;
import io.perfgate.testing.LogLines;
import io.perfgate.workspace.BaseBuilder;
import io.perfgate.workspace.CheckoutPaths;
import io.perfgate.workspace.CompareException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * perf.confirm against a real git repository: the baseline's commit is checked out and "built" (the build reads
 * the commit's speed.txt), and the forks of each side are drawn around the speed its classpath names. The stored
 * baseline was measured at 70 (a faster machine); this machine measures the same code at 100.
 */
class FailConfirmationTest {
    private static final String BENCHMARK = "x.Bench.run";

    @TempDir
    Path tmp;
    private Path repo;
    private String commit;
    private final LogLines log = new LogLines();
    private final AtomicInteger forks = new AtomicInteger();

    @BeforeEach
    void makeRepository() throws Exception {
        repo = tmp.resolve("repo");
        write(repo.resolve("pom.xml"), "<project/>");
        write(repo.resolve("speed.txt"), "100");
        write(repo.resolve(".gitignore"), "target/\n");
        git(repo, "init", "-q", "-b", "main");
        git(repo, "add", "-A");
        git(repo, "commit", "-q", "-m", "the baseline's commit");
        commit = git(repo, "rev-parse", "HEAD");
    }

    /** "Builds" a checkout by reading its speed.txt: the classpath's single entry carries the speed. */
    private static final class SpeedFileBuilder implements BaseBuilder {
        @Override
        public List<Path> buildClasspath(Path reactorRoot, Path module, Path testOutput, Path mainOutput,
                Path logFile, PerfLog log) throws CompareException {
            try {
                String speed = new String(Files.readAllBytes(reactorRoot.resolve(module).resolve("speed.txt")),
                        StandardCharsets.UTF_8).trim();
                return Collections.singletonList(Path.of("speed-" + speed));
            } catch (IOException e) {
                throw new CompareException("no speed.txt", e);
            }
        }
    }

    private final class SpeedLauncher implements BenchmarkLauncher {
        final Random random = new Random(5);

        @Override
        public List<String> discover(List<Path> classpath, String sideLabel) {
            return List.of(BENCHMARK);
        }

        @Override
        public List<BenchmarkResult> runFork(List<Path> classpath, String benchmark, String sideLabel, int round) {
            forks.incrementAndGet();
            double speed = Double.parseDouble(classpath.get(0).toString().substring("speed-".length()));
            return List.of(FakeForks.result(benchmark, FakeForks.fork(random, speed, 0.01, 3)));
        }

        @Override
        public Map<String, String> environment() {
            return Map.of("cpu.cores", "2");
        }

        @Override
        public Map<String, String> settings() {
            return Map.of("perf.warmupIterations", "1");
        }
    }

    private FailConfirmation confirmation(FailConfirmation.Mode mode, double workingTreeSpeed) {
        return confirmation(mode, workingTreeSpeed, repo);
    }

    private FailConfirmation confirmation(FailConfirmation.Mode mode, double workingTreeSpeed, Path module) {
        CommitComparison.Request template = new CommitComparison.Request(
                new CheckoutPaths(module, module, module.resolve("target/perf"), Path.of("target/test-classes"),
                        Path.of("target/classes")),
                List.of(Path.of("speed-" + (int) workingTreeSpeed)), GateSettings.defaults())
                .rounds(11, true, 10, null).describedAs("test", "perf:check")
                .resultsDirectory(module.resolve("target/perf/confirm"));
        return new FailConfirmation(mode,
                () -> new FailConfirmation.Parts(new SpeedFileBuilder(), new SpeedLauncher(), template), log);
    }

    private static PerfResults results(double speed, long seed, String gitCommit) {
        return PerfResults.builder().createdAt("2026-11-27T10:00:00Z").toolVersion("test")
                .environment(gitCommit == null ? Map.of() : Map.of(EnvironmentFingerprint.GIT_COMMIT, gitCommit))
                .addBenchmark(FakeForks.series(BENCHMARK, seed, speed, 0.01, 5)).build();
    }

    /** perf:check against a baseline recorded at 70 on a faster machine, this machine measuring {@code current}. */
    private GateReport storedCheck(double current, String baselineCommit) {
        GateReport report = new Gate(GateSettings.defaults()).check(results(70, 1, baselineCommit), "baseline.json",
                results(current, 2, null), "results.json");
        assertEquals(Verdict.FAIL, median(report).verdict(), report.toString());
        return report;
    }

    private static GateRow median(GateReport report) {
        return report.comparisons().stream().filter(c -> c.metric() == Metric.MEDIAN).findFirst().orElseThrow();
    }

    @Test
    void aFailThatDoesNotReproduceSideBySideBecomesAWarnThatSaysSo() throws Exception {
        GateReport confirmed = confirmation(FailConfirmation.Mode.AUTO, 100).confirm(storedCheck(100, commit),
                commit);

        GateRow row = median(confirmed);
        assertEquals(Verdict.WARN, row.verdict(), row.toString());
        String shortId = git(repo, "rev-parse", "--short=10", commit);
        assertTrue(row.reason().matches("median time not confirmed:"
                + " [+-]\\d+\\.\\d % \\[[+-]\\d+\\.\\d %, [+-]\\d+\\.\\d %\\]"
                + " measured side by side against " + shortId + " \\(\\d+ rounds\\), where the stored baseline gave"
                + " \\+4\\d\\.\\d % \\[.*\\]; the baseline's machine was faster"), row.reason());
        assertFalse(confirmed.failsBuild());
        assertEquals(Outcome.WARN, confirmed.outcome());
        // the figures are kept for the reports: report.json, and the change cell of every table
        assertEquals(shortId, row.sideBySide().against());
        assertFalse(row.sideBySide().confirms());
        assertTrue(Math.abs(row.sideBySide().change()) < 0.05, row.sideBySide().change() + "");
        assertTrue(row.sideBySide().rounds() >= 5);
        assertTrue(confirmed.regressions().isEmpty(), confirmed.regressions().toString());
        assertTrue(confirmed.notes().stream().anyMatch(n -> n.startsWith("1 FAIL row measured again side by side"
                + " against " + shortId + " (the baseline's commit) on this machine: 0 confirmed, 1 not (now WARN)")),
                confirmed.notes().toString());
        // the cost is logged, and both sides' results are kept
        assertTrue(log.infos().stream().anyMatch(l -> l.matches("confirming 1 FAIL row against " + shortId
                + " \\(baseline's commit\\): built in .+, \\d+ rounds in .+")), log.toString());
        PerfResults base = ResultsJson.read(repo.resolve("target/perf/confirm/base-results.json"));
        assertEquals(commit, base.provenance().get("git.commit"));
        assertTrue(Files.exists(repo.resolve("target/perf/confirm/results.json")));
        // the checkout is gone again
        assertEquals(1, git(repo, "worktree", "list").lines().count());
    }

    @Test
    void aFailThatReproducesSideBySideKeepsItsFailWithBothFigures() throws Exception {
        write(repo.resolve("speed.txt"), "200"); // a real slowdown in the working tree, not committed
        GateReport confirmed = confirmation(FailConfirmation.Mode.AUTO, 200).confirm(storedCheck(200, commit),
                commit);

        GateRow row = median(confirmed);
        assertEquals(Verdict.FAIL, row.verdict());
        assertTrue(row.reason().matches("median time \\+18\\d\\.\\d % .*is above the 10 % limit.*; confirmed side by"
                + " side against [0-9a-f]{10} \\(\\d+ rounds\\):"
                + " \\+\\d{2,3}\\.\\d % \\[\\+\\d+\\.\\d %, \\+\\d+\\.\\d %\\]"),
                row.reason());
        assertTrue(confirmed.failsBuild());
        assertTrue(row.sideBySide().confirms());
        assertTrue(row.sideBySide().change() > 0.8, row.sideBySide().change() + "");
        assertTrue(confirmed.regressions().stream().anyMatch(r -> r.contains("confirmed side by side")),
                confirmed.regressions().toString());
        assertTrue(confirmed.notes().stream().anyMatch(n -> n.contains(": 1 confirmed, 0 not")));
    }

    /**
     * A busy machine: fork i of the base side is {@code base[i]}, of the working tree {@code 195 x spread[i]}: +95 %,
     * 20 % between forks, and the base's second fork slowed by a neighbour beyond every fork of the working tree.
     */
    private final class BusyLauncher implements BenchmarkLauncher {
        final double[] base = {100, 260, 104, 96, 108, 99, 103, 95, 101, 106, 98, 102, 97, 105, 100};
        final double[] spread = {1.0, 1.25, 0.8, 1.3, 0.85, 1.1, 0.9, 1.2, 0.95, 1.05, 0.82, 1.15, 1.0, 0.88, 1.22};
        final AtomicInteger baseForks = new AtomicInteger();
        final AtomicInteger workingTreeForks = new AtomicInteger();

        @Override
        public List<String> discover(List<Path> classpath, String sideLabel) {
            return List.of(BENCHMARK);
        }

        @Override
        public List<BenchmarkResult> runFork(List<Path> classpath, String benchmark, String sideLabel, int round) {
            forks.incrementAndGet();
            boolean onBase = classpath.get(0).toString().equals("speed-100");
            double value = onBase ? base[baseForks.getAndIncrement()]
                    : 195 * spread[workingTreeForks.getAndIncrement()];
            return List.of(FakeForks.result(benchmark, new Fork(new double[] {value, value, value},
                    Collections.emptyMap(), Collections.emptyMap())));
        }

        @Override
        public Map<String, String> environment() {
            return Map.of("cpu.cores", "2");
        }

        @Override
        public Map<String, String> settings() {
            return Map.of("perf.warmupIterations", "1");
        }
    }

    /**
     * Issue 43: a +95 % slowdown confirmed on a busy machine took all 15 rounds, because FAIL was looked for at the
     * first look (where one slow base fork spoiled the separation) and the last only, and the noise needed more than
     * 15 rounds for power against +15 %. A confirmation looks for FAIL after every round and stops once it is
     * significant there.
     */
    @Test
    void aClearFailOnABusyMachineIsConfirmedWithoutRunningEveryRound() throws Exception {
        // the commit's speed.txt says 100; the working tree's classpath measures the uncommitted slowdown
        CommitComparison.Request template = new CommitComparison.Request(
                new CheckoutPaths(repo, repo, repo.resolve("target/perf"), Path.of("target/test-classes"),
                        Path.of("target/classes")),
                List.of(Path.of("speed-195")), GateSettings.defaults())
                .rounds(11, true, 15, null).describedAs("test", "perf:check")
                .resultsDirectory(repo.resolve("target/perf/confirm"));
        FailConfirmation confirmation = new FailConfirmation(FailConfirmation.Mode.AUTO,
                () -> new FailConfirmation.Parts(new SpeedFileBuilder(), new BusyLauncher(), template), log);

        GateRow row = median(confirmation.confirm(storedCheck(195, commit), commit));

        assertEquals(Verdict.FAIL, row.verdict(), row.toString());
        assertTrue(row.sideBySide().confirms(), row.toString());
        assertTrue(row.sideBySide().rounds() > 5 && row.sideBySide().rounds() <= 10,
                "confirmed after " + row.sideBySide().rounds() + " rounds");
        assertEquals(2 * row.sideBySide().rounds(), forks.get());
        assertTrue(log.infos().stream().anyMatch(l -> l.contains("settled after " + row.sideBySide().rounds()
                + " rounds, a slowdown beyond the limit")), log.toString());
    }

    /**
     * perf:check against a history whose runs spread widely (speeds 60 to 160, as on a busy shared runner), this
     * run measuring {@code current}: +100 % is above the limit but inside the spread, a WARN the history cannot call.
     */
    private GateReport historyCheck(double current) {
        double[] speeds = {60, 100, 160, 80, 140, 70, 150, 90};
        List<PerfResults> runs = new ArrayList<>();
        for (int i = 0; i < speeds.length; i++) {
            runs.add(results(speeds[i], 10 + i, commit));
        }
        GateReport report = new HistoryGate(new Gate(GateSettings.defaults())).check(runs, "history: 8 runs of main",
                results(current, 2, null), "results.json");
        GateRow row = median(report);
        assertEquals(Verdict.WARN, row.verdict(), report.toString());
        assertTrue(row.undecidedAtLimit(), row.toString());
        return report;
    }

    @Test
    void aWarnAboveTheLimitThatTheHistoryCannotCallIsAFailWhenSideBySideFindsIt() throws Exception {
        write(repo.resolve("speed.txt"), "200"); // the working tree really is twice as slow
        GateReport confirmed = confirmation(FailConfirmation.Mode.AUTO, 200).confirm(historyCheck(200), commit);

        GateRow row = median(confirmed);
        assertEquals(Verdict.FAIL, row.verdict(), row.toString());
        assertTrue(row.reason().matches("median time \\+\\d+\\.\\d % .*within the spread of the past runs.*;"
                + " so it was measured again; confirmed side by side against [0-9a-f]{10} \\(\\d+ rounds\\):"
                + " \\+\\d{2,3}\\.\\d % .*"), row.reason());
        assertTrue(confirmed.failsBuild());
        assertTrue(confirmed.notes().stream().anyMatch(n -> n.startsWith("1 WARN row above the limit but undecided"
                + " measured again side by side") && n.contains(": 1 confirmed, 0 not")), confirmed.notes().toString());
        assertTrue(log.infos().stream().anyMatch(l -> l.startsWith("perf.confirm: 1 WARN row above the limit but"
                + " undecided is against a baseline measured earlier; measuring its benchmark again")), log.toString());
    }

    @Test
    void aWarnAboveTheLimitThatSideBySideDoesNotFindStaysAWarnThatSaysSo() throws Exception {
        // the code is unchanged; this run was simply slow
        GateReport confirmed = confirmation(FailConfirmation.Mode.AUTO, 100).confirm(historyCheck(200), commit);

        GateRow row = median(confirmed);
        assertEquals(Verdict.WARN, row.verdict());
        assertTrue(row.reason().contains("where the stored baseline gave +"), row.reason());
        assertTrue(row.reason().contains(" (undecided); the baseline's machine was faster"), row.reason());
        assertFalse(confirmed.failsBuild());
        assertTrue(forks.get() >= 10, "measured side by side");
    }

    @Test
    void aWarnBelowTheLimitCostsNothing() {
        GateRow below = GateRow.builder().benchmark(FakeForks.series(BENCHMARK, 1, 100, 0.01, 5))
                .metric(Metric.MEDIAN, "ns/op", io.perfgate.stats.Direction.LOWER_IS_BETTER)
                .thresholds(0.10, 0.01, 0.05).ratio(1.05, 1.02, 1.08, 1.01, 1.09)
                .verdict(Verdict.WARN, "a real slowdown below the limit").build();
        assertFalse(below.undecidedAtLimit());
        GateRow at = below.toBuilder().ratio(1.25, 0.95, 1.6, 0.9, 1.7).verdict(Verdict.WARN, "undecided").build();
        assertTrue(at.undecidedAtLimit());
        assertFalse(at.toBuilder().verdict(Verdict.PASS, "").build().undecidedAtLimit());
    }

    @Test
    void aBaselineMeasuredWithOtherJvmArgumentsKeepsItsFailWithoutMeasuring() {
        PerfResults baseline = PerfResults.builder().createdAt("2026-11-27T10:00:00Z").toolVersion("test")
                .environment(Map.of(EnvironmentFingerprint.GIT_COMMIT, commit))
                .settings(Map.of(PerfProperties.JVM_ARGS, "-Xmx1g"))
                .addBenchmark(FakeForks.series(BENCHMARK, 1, 70, 0.01, 5)).build();
        PerfResults current = PerfResults.builder().createdAt("2026-11-27T11:00:00Z").toolVersion("test")
                .settings(Map.of(PerfProperties.JVM_ARGS, "-Xmx1g -XX:+UseSerialGC"))
                .addBenchmark(FakeForks.series(BENCHMARK, 2, 100, 0.01, 5)).build();
        GateReport stored = new Gate(GateSettings.defaults()).check(baseline, "baseline.json", current,
                "results.json");
        assertEquals(Verdict.FAIL, median(stored).verdict(), stored.toString());

        GateReport confirmed = confirmation(FailConfirmation.Mode.AUTO, 100).confirm(stored, commit);
        // side by side both commits would run with this build's JVM arguments: it could not see what they changed
        assertEquals(Verdict.FAIL, median(confirmed).verdict());
        assertEquals(0, forks.get(), "nothing is measured");
        assertTrue(confirmed.notes().stream().anyMatch(n -> n.startsWith("FAIL not confirmed side by side, so it"
                + " stands (perf.confirm): the baseline was measured with other run settings (perf.jvmArgs: \"-Xmx1g\""
                + " (baseline) vs \"-Xmx1g -XX:+UseSerialGC\" (current))")), confirmed.notes().toString());
    }

    @Test
    void rowsThatMeasuredAChangeButCouldNotPromisePowerDoNotConfirm() {
        GateReport stored = storedCheck(100, commit);
        GateRow failing = median(stored);
        // the rounds measured +0.4 % [-20.7 %, +11.4 %], too wide to promise a 15 % slowdown: INCONCLUSIVE
        GateRow powerLimited = failing.toBuilder().ratio(1.004, 0.8, 1.1, 0.793, 1.114).pValue(0.6)
                .verdict(Verdict.INCONCLUSIVE, "median time +0.4 % is within the 10 % limit; not judged: too few"
                        + " rounds").build();
        GateRow refused = failing.toBuilder().ratio(Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN)
                .pValue(Double.NaN).verdict(Verdict.INCONCLUSIVE, "unstable forks").build();
        GateReport decided = FailConfirmation.apply(stored, sideBySide(stored, powerLimited), "confirm");
        assertEquals(Verdict.WARN, median(decided).verdict(), "measured, and not a FAIL: not confirmed");
        assertTrue(median(decided).reason().contains("though these rounds were too few to rule out a slowdown at"
                + " the limit (INCONCLUSIVE side by side: "), median(decided).reason());
        GateReport standing = FailConfirmation.apply(stored, sideBySide(stored, refused), "confirm");
        assertEquals(Verdict.FAIL, median(standing).verdict(), "nothing measured: neither confirmed nor refuted");
        assertTrue(median(standing).reason().contains("neither confirmed nor refuted"));
    }

    /** A side-by-side result whose report holds {@code row} alone. */
    private static CommitComparison.Result sideBySide(GateReport stored, GateRow row) {
        GateReport report = GateReport.builder().createdAt(stored.createdAt()).toolVersion("test")
                .baseline(stored.baseline()).current(stored.current()).settings(stored.settings())
                .comparisons(List.of(row)).failOnRegression(true).build();
        return new CommitComparison.Result(report, new InterleavedResults(List.of(), 8, 1), "0".repeat(40),
                "0000000000", "the working tree", java.time.Duration.ofSeconds(3), java.time.Duration.ofSeconds(30),
                List.of());
    }

    @Test
    void anUnreachableCommitLeavesTheFailStandingAndSaysWhy() {
        String elsewhere = "0123456789abcdef0123456789abcdef01234567";
        GateReport confirmed = confirmation(FailConfirmation.Mode.AUTO, 100).confirm(storedCheck(100, elsewhere),
                elsewhere);

        assertEquals(Verdict.FAIL, median(confirmed).verdict());
        assertTrue(confirmed.failsBuild());
        assertEquals(0, forks.get(), "nothing is measured");
        assertTrue(confirmed.notes().stream().anyMatch(w -> w.startsWith("FAIL not confirmed side by side, so it stands"
                + " (perf.confirm): the baseline's commit 0123456789 is not reachable here: ")),
                confirmed.notes().toString());
        assertTrue(confirmed.notes().stream().anyMatch(n -> n.contains("is not reachable here")));
    }

    @Test
    void aModuleThatIsNotInTheCommitLeavesTheFailStandingWithoutACheckout() throws Exception {
        // a project inside another project's repository, never committed there (as an IT's copy in target/ is)
        Path module = repo.resolve("uncommitted");
        write(module.resolve("pom.xml"), "<project/>");
        write(module.resolve("speed.txt"), "100");
        GateReport confirmed = confirmation(FailConfirmation.Mode.AUTO, 100, module).confirm(storedCheck(100, commit),
                commit);

        assertEquals(Verdict.FAIL, median(confirmed).verdict());
        assertEquals(0, forks.get());
        assertTrue(confirmed.notes().stream().anyMatch(w -> w.matches("FAIL not confirmed side by side, so it stands"
                + " \\(perf.confirm\\): measuring side by side against [0-9a-f]{10} failed: commit [0-9a-f]{10} has"
                + " no uncommitted/pom.xml: the module is not in it")), confirmed.notes().toString());
        assertEquals(1, git(repo, "worktree", "list").lines().count());
    }

    @Test
    void aBaselineWithoutACommitLeavesTheFailStanding() {
        GateReport stored = storedCheck(100, null);
        assertEquals(null, FailConfirmation.baselineCommit(stored));
        GateReport confirmed = confirmation(FailConfirmation.Mode.AUTO, 100).confirm(stored,
                FailConfirmation.baselineCommit(stored));

        assertTrue(confirmed.failsBuild());
        assertEquals(0, forks.get());
        assertTrue(confirmed.notes().stream().anyMatch(w -> w.contains("the baseline records no commit")));
    }

    @Test
    void neverMeasuresNothingAgainAndKeepsTheReport() {
        GateReport stored = storedCheck(100, commit);
        GateReport confirmed = confirmation(FailConfirmation.Mode.NEVER, 100).confirm(stored, commit);

        assertSame(stored, confirmed);
        assertEquals(0, forks.get());
        assertTrue(log.infos().contains("perf.confirm=never: 1 FAIL row is not measured again side by side against"
                + " the baseline's commit"), log.toString());
    }

    @Test
    void nothingFailingCostsNothing() {
        GateReport passing = new Gate(GateSettings.defaults()).check(results(100, 1, commit), "baseline.json",
                results(100, 2, null), "results.json");
        assertSame(passing, confirmation(FailConfirmation.Mode.AUTO, 100).confirm(passing, commit));
        assertEquals(0, forks.get());
        assertTrue(log.lines().isEmpty(), log.toString());
    }

    @Test
    void theBaselineCommitIsReadFromTheBaselinesFingerprint() {
        assertEquals(commit, FailConfirmation.baselineCommit(storedCheck(100, commit)));
        assertEquals(null, FailConfirmation.baselineCommit(storedCheck(100, "none")));
    }

    @Test
    void aBadValueNamesTheProperty() {
        InvalidSettingException e = assertThrows(InvalidSettingException.class,
                () -> SettingParser.choice(PerfProperties.CONFIRM, "sometimes", FailConfirmation.Mode.class));
        assertEquals("perf.confirm = 'sometimes' is not one of auto|never", e.getMessage());
    }

    @Test
    void aSetupThatCannotMeasureLeavesTheFailStanding() {
        FailConfirmation failing = new FailConfirmation(FailConfirmation.Mode.AUTO, () -> {
            throw new CompareException("Cannot find the Maven installation running this build");
        }, log);
        GateReport confirmed = failing.confirm(storedCheck(100, commit), commit);
        assertTrue(confirmed.failsBuild());
        assertTrue(confirmed.notes().stream().anyMatch(w -> w.endsWith(": Cannot find the Maven installation running"
                + " this build")), confirmed.notes().toString());
        List<String> notes = new ArrayList<>(confirmed.notes());
        assertTrue(notes.stream().anyMatch(n -> n.contains("Cannot find the Maven installation")), notes.toString());
    }
}
