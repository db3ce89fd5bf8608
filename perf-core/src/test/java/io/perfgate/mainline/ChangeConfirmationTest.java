package io.perfgate.mainline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.perfgate.confirm.FailConfirmation;
import io.perfgate.gate.GateSettings;
import io.perfgate.history.DirectoryStore;
import io.perfgate.history.HistoryRecord;
import io.perfgate.history.MainBranches;
import io.perfgate.history.RunOrigin;
import io.perfgate.log.PerfLog;
import io.perfgate.results.BenchmarkResult;
import io.perfgate.results.Fork;
import io.perfgate.results.PerfResults;
import io.perfgate.stats.Direction;
import io.perfgate.stats.Verdict;
import io.perfgate.trend.ChangePointOptions;
import io.perfgate.workspace.CompareException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * perf:trend's confirm and bisect on a history with a +15 % step at run 20, the side-by-side measurements faked: the
 * range between the two runs' commits holds five commits, the third of which made the benchmark slower.
 */
class ChangeConfirmationTest {
    private static final Instant T0 = Instant.parse("2026-10-01T03:00:00Z");
    private static final String PARSE = "org.example.ParserBench.parse";
    /** The commits after run 19's, up to run 20's: the third is slow. */
    private static final List<String> RANGE = List.of(sha(101), sha(102), sha(103), sha(104), sha(105));

    private final Random noise = new Random(42);
    private final List<String> warnings = new ArrayList<>();
    private final List<String> infos = new ArrayList<>();
    private final List<String> measured = new ArrayList<>();
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

    private static String sha(int n) {
        return String.format("%010x", n * 0x9e3779b1L & 0xffffffffffL) + "0".repeat(30);
    }

    private DirectoryStore history(Path dir) throws Exception {
        DirectoryStore store = new DirectoryStore(dir.resolve("history"));
        Random names = new Random(7);
        for (int i = 0; i < 30; i++) {
            double level = (i >= 20 ? 115 : 100) * (1 + 0.005 * noise.nextGaussian());
            BenchmarkResult.Builder b = BenchmarkResult.builder(PARSE).mode("avgt").unit("ns/op")
                    .direction(Direction.LOWER_IS_BETTER);
            for (int f = 0; f < 3; f++) {
                double v = level * (1 + 0.002 * noise.nextGaussian());
                b.addFork(new Fork(new double[] {v, v}, Map.of(), Map.of()));
            }
            PerfResults results = PerfResults.builder().createdAt(T0.toString()).toolVersion("0.1.0")
                    .environment(Map.of("cpu.model", "Xeon")).settings(Map.of("perf.forks", "3"))
                    .addBenchmark(b.build()).build();
            // runs 1-20 at commits before the range, run 21 on at its last commit and after
            String commit = i < 20 ? sha(i + 1) : i == 20 ? RANGE.get(4) : sha(200 + i);
            store.append(HistoryRecord.create(results, new RunOrigin(T0.plusSeconds(86_400L * i), commit, null,
                    "main", null), names));
        }
        return store;
    }

    /** Slower side by side from commit {@code slowFrom} of the range on (-1: never), each measurement counted. */
    private ChangeConfirmation.Tools tools(int slowFrom, String unbuildable) {
        return tools(slowFrom, unbuildable, null);
    }

    /** As above, {@code undecided} (slow, truly) measuring as a WARN above the limit the rounds cannot call. */
    private ChangeConfirmation.Tools tools(int slowFrom, String unbuildable, String undecided) {
        ChangeConfirmation.SideBySide side = (trend, base, candidate, step, profile) -> {
            measured.add(step + (profile ? " profiled" : ""));
            if (profile) {
                assertEquals(candidate + "^", base, "the culprit is profiled against its parent");
            }
            if (candidate.equals(unbuildable)) {
                throw new CompareException("the build of " + candidate.substring(0, 10) + " failed");
            }
            if (candidate.equals(undecided)) {
                return new ChangeConfirmation.Measured(Verdict.WARN, 2.24, -0.43, 6.26, 5, Duration.ofSeconds(14),
                        Duration.ofSeconds(40), "above the limit, not significant").undecided(true);
            }
            boolean slow = slowFrom >= 0 && RANGE.indexOf(candidate) >= slowFrom;
            return slow ? new ChangeConfirmation.Measured(Verdict.FAIL, 0.148, 0.12, 0.17, 6, Duration.ofSeconds(14),
                    Duration.ofSeconds(40), "slower")
                    : new ChangeConfirmation.Measured(Verdict.PASS, 0.004, -0.02, 0.03, 8, Duration.ofSeconds(14),
                    Duration.ofSeconds(40), "within");
        };
        ChangeConfirmation.Commits commits = new ChangeConfirmation.Commits() {
            @Override
            public String resolve(String commit) {
                return commit;
            }

            @Override
            public List<String> range(String from, String to) {
                assertEquals(sha(20), from, "the last run before's commit");
                assertEquals(RANGE.get(4), to, "the first run after's commit");
                return RANGE;
            }

            @Override
            public String shortId(String commit) {
                return commit.substring(0, 10);
            }

            @Override
            public String subject(String commit) {
                return "commit " + commit.substring(0, 10);
            }
        };
        return new ChangeConfirmation.Tools(side, commits);
    }

    private TrendResult analyse(DirectoryStore store, Path out, FailConfirmation.Mode mode,
            ChangeConfirmation.Tools tools) throws Exception {
        return new TrendWorkflow(log).run(new TrendRequest(store, MainBranches.defaults(), null,
                ChangePointOptions.defaults(), GateSettings.defaults(), out, null)
                .confirming(new ChangeConfirmation(mode, () -> tools, out, log)));
    }

    @Test
    void aConfirmedStepIsBisectedToTheCulpritWhichChangesJsonTrendMdAndTheMethodologyName(@TempDir Path dir)
            throws Exception {
        DirectoryStore store = history(dir);
        TrendResult result = analyse(store, dir.resolve("out"), FailConfirmation.Mode.AUTO, tools(2, null));

        TrendResult.Located step = result.slowdowns().get(0);
        assertEquals(20, step.change().index());
        Confirmation c = result.confirmation(step);
        assertEquals(Boolean.TRUE, c.confirmed());
        assertEquals(RANGE.get(2), c.culprit());
        assertEquals(2, c.bisectSteps());
        assertEquals(List.of("confirm-1", "bisect-1-" + RANGE.get(1).substring(0, 10),
                "bisect-1-" + RANGE.get(2).substring(0, 10), "profile-1 profiled"), measured);
        String culprit = RANGE.get(2).substring(0, 10);
        String line = "ParserBench.parse [avgt] median got 15 % slower at commit " + culprit
                + " (confirmed interleaved: +14.8 % [+12.0 %, +17.0 %], 6 rounds; 2 bisect steps)";
        assertTrue(warnings.contains(line), warnings.toString());
        assertTrue(infos.stream().anyMatch(i -> i.startsWith("confirming ParserBench.parse [avgt] median at run 21 ("
                + sha(20).substring(0, 10) + ".." + RANGE.get(4).substring(0, 10) + ", 5 commits): built 2 commits in 14 s,"
                + " 6 rounds in 40 s; bisect 2 steps (14 rounds) in ")), infos.toString());
        String changes = Files.readString(dir.resolve("out/changes.json"));
        assertTrue(changes.contains("\"confirmed\" : true") && changes.contains("\"culprit\" : \"" + RANGE.get(2)
                + "\"") && changes.contains("\"bisectSteps\" : 2"), changes);
        assertTrue(Files.readString(dir.resolve("out/trend.md")).contains(line), "the summary in trend.md");
        String methodology = Files.readString(dir.resolve("out/trend-" + PARSE + "-methodology.md"));
        assertTrue(methodology.contains(line) && methodology.contains(RANGE.get(2)), methodology);
        // the profile step measured the culprit against its parent; the fake profiler took no profile
        assertTrue(methodology.contains("| Profile | none taken (perf.profile selected nothing"), methodology);
        assertTrue(infos.stream().anyMatch(i -> i.startsWith("the culprit " + culprit + " against its parent")),
                infos.toString());

        measured.clear();
        TrendResult again = analyse(store, dir.resolve("out2"), FailConfirmation.Mode.AUTO, tools(2, null));
        assertEquals(List.of(), measured, "a point confirmed before is not measured again");
        assertEquals(RANGE.get(2), again.confirmation(again.slowdowns().get(0)).culprit());
        assertTrue(Files.readString(dir.resolve("out2/changes.json")).contains(RANGE.get(2)));
    }

    @Test
    void anUnconfirmedStepIsNotBisectedAndStaysMarkedUnconfirmed(@TempDir Path dir) throws Exception {
        TrendResult result = analyse(history(dir), dir.resolve("out"), FailConfirmation.Mode.AUTO, tools(-1, null));

        assertEquals(List.of("confirm-1"), measured, "no bisect step");
        TrendResult.Located step = result.slowdowns().get(0);
        Confirmation c = result.confirmation(step);
        assertEquals(Boolean.FALSE, c.confirmed());
        assertNull(c.culprit());
        assertTrue(warnings.stream().anyMatch(w -> w.contains("not confirmed side by side: +0.4 % [-2.0 %, +3.0 %],"
                + " 8 rounds") && w.contains("marked unconfirmed")), warnings.toString());
        assertTrue(Files.readString(dir.resolve("out/changes.json")).contains("\"confirmed\" : false"));
        assertFalse(Files.exists(dir.resolve("out/trend-" + PARSE + "-methodology.md")));
    }

    @Test
    void aCommitThatDoesNotBuildIsSkipped(@TempDir Path dir) throws Exception {
        TrendResult result = analyse(history(dir), dir.resolve("out"), FailConfirmation.Mode.AUTO,
                tools(3, RANGE.get(1)));
        Confirmation c = result.confirmation(result.slowdowns().get(0));
        assertEquals(RANGE.get(3), c.culprit());
        assertTrue(warnings.stream().anyMatch(w -> w.startsWith("bisect " + RANGE.get(1).substring(0, 10)
                + ": skipped")), warnings.toString());
    }

    @Test
    void aStepTheRoundsCannotCallIsSkippedNotTakenForGood(@TempDir Path dir) throws Exception {
        // the culprit is RANGE 1, but its step measures +224 % [-43 %, +626 %]: taken for good, the search would
        // name RANGE 2
        TrendResult result = analyse(history(dir), dir.resolve("out"), FailConfirmation.Mode.AUTO,
                tools(1, null, RANGE.get(1)));
        Confirmation c = result.confirmation(result.slowdowns().get(0));
        assertNotEquals(RANGE.get(2), c.culprit(), "a wrong culprit");
        assertTrue(infos.stream().anyMatch(i -> i.startsWith("bisect " + RANGE.get(1).substring(0, 10)
                + ": skipped (+224.0 % [-43.0 %, +626.0 %], 5 rounds, WARN: the rounds could not call it)")),
                infos.toString());
    }

    @Test
    void aNoisyStepWhoseIntervalEndsBelowTheConfirmedSlowdownIsGoodNotSkipped() {
        // issue 40's IT run beside a busy machine: confirmed +194.9 % [+75.5 %, +326 %]; the unchanged commit read
        // -17.5 % [-36.6 %, +53.2 %], INCONCLUSIVE at the 10 % limit, and skipping it left the culprit open
        ChangeConfirmation.Measured confirmed = measured(Verdict.FAIL, 1.949, 0.755, 3.259);
        assertEquals(Bisection.Finding.GOOD, measured(Verdict.INCONCLUSIVE, -0.175, -0.366, 0.532)
                .finding(confirmed));
        // an interval that reaches into the confirmed one could hold the slowdown: still skipped
        assertEquals(Bisection.Finding.SKIPPED, measured(Verdict.INCONCLUSIVE, 0.2, -0.3, 0.9).finding(confirmed));
        assertEquals(Bisection.Finding.SKIPPED, measured(Verdict.WARN, 0.6, 0.1, 1.2).undecided(true)
                .finding(confirmed));
        assertEquals(Bisection.Finding.SLOW, measured(Verdict.FAIL, 1.9, 0.8, 3.0).finding(confirmed));
        assertEquals(Bisection.Finding.GOOD, measured(Verdict.PASS, 0.01, -0.02, 0.04).finding(confirmed));
        // with nothing confirmed to compare against, an uncalled step is skipped as before
        assertEquals(Bisection.Finding.SKIPPED, measured(Verdict.INCONCLUSIVE, -0.175, -0.366, 0.532)
                .finding(measured(Verdict.WARN, 1.949, 0.755, 3.259)));
    }

    private static ChangeConfirmation.Measured measured(Verdict verdict, double change, double low, double high) {
        return new ChangeConfirmation.Measured(verdict, change, low, high, 5, Duration.ofSeconds(10),
                Duration.ofSeconds(20), verdict.name());
    }

    @Test
    void neverMeasuresNothing(@TempDir Path dir) throws Exception {
        TrendResult result = analyse(history(dir), dir.resolve("out"), FailConfirmation.Mode.NEVER, tools(2, null));
        assertEquals(List.of(), measured);
        assertNull(result.confirmation(result.slowdowns().get(0)));
        assertEquals(1, result.slowdowns().size());
    }
}
