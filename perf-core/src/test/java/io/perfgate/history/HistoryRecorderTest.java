package io.perfgate.history;

import static io.perfgate.history.GitFixture.git;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.perfgate.env.EnvironmentFingerprint;
import io.perfgate.results.PerfResults;
import io.perfgate.results.ResultsJson;
import io.perfgate.testing.LogLines;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Consumer;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HistoryRecorderTest {
    private static final Instant NOW = Instant.parse("2026-11-27T03:04:05.678Z");
    private static final Map<String, String> GITHUB = Map.of("GITHUB_SERVER_URL", "https://github.com",
            "GITHUB_REPOSITORY", "acme/parser", "GITHUB_RUN_ID", "99", "GITHUB_REF_NAME", "main");
    private final LogLines log = new LogLines();

    private HistoryRecorder recorder(Map<String, String> ci) {
        return new HistoryRecorder(BuildEnvironment.of(ci), Clock.fixed(NOW, ZoneOffset.UTC), new Random(1), log);
    }

    /** A clone with two commits on main and the results of a run of its HEAD in target/perf/results.json. */
    private static Path measuredClone(Path dir) throws Exception {
        Assumptions.assumeTrue(GitFixture.gitAvailable(), "git is not on the PATH");
        Path clone = GitFixture.cloneOf(GitFixture.origin(dir), dir.resolve("clone"));
        Files.writeString(clone.resolve("Parser.java"), "class Parser {}\n");
        git(clone, "add", "Parser.java");
        GitFixture.commit(clone, "the parser");
        PerfResults results = new SyntheticRuns(2, 2).run(NOW.minusSeconds(60), git(clone, "rev-parse", "HEAD"), 2,
                3);
        ResultsJson.write(results, clone.resolve("target/perf/results.json"));
        return clone;
    }

    @Test
    void recordsTheRunWithItsCommitParentBranchTimeAndBuildLink(@TempDir Path dir) throws Exception {
        Path clone = measuredClone(dir);
        DirectoryStore store = new DirectoryStore(dir.resolve("history"));

        HistoryRecord record = recorder(GITHUB).record(clone.resolve("target/perf/results.json"), clone, store);

        assertNotNull(record, log.toString());
        HistoryRecord read = store.list(w -> { }).get(0);
        assertEquals(record.name(), read.name());
        RunOrigin origin = read.origin();
        assertEquals(git(clone, "rev-parse", "HEAD"), origin.commit());
        assertEquals(git(clone, "rev-parse", "HEAD^"), origin.parent());
        assertEquals("main", origin.branch());
        assertEquals("https://github.com/acme/parser/actions/runs/99", origin.buildUrl());
        assertEquals(NOW, origin.recordedAt());
        assertTrue(record.name().startsWith("2026/11/20261127T030405678Z-" + origin.commit().substring(0, 12)),
                record.name());
        assertEquals(List.of(), log.warnings());
        assertTrue(log.any("Recorded " + record.name() + " (2 results) in the directory "), log.toString());
    }

    @Test
    void aDetachedCheckoutTakesTheBranchFromTheCi(@TempDir Path dir) throws Exception {
        Path clone = measuredClone(dir);
        git(clone, "checkout", "--quiet", "--detach", "HEAD");
        DirectoryStore store = new DirectoryStore(dir.resolve("history"));

        recorder(GITHUB).record(clone.resolve("target/perf/results.json"), clone, store);

        assertEquals("main", store.list(w -> { }).get(0).origin().branch());
    }

    @Test
    void outsideGitTheCommitComesFromTheResultsAndTheRestIsLeftOut(@TempDir Path dir) throws Exception {
        PerfResults results = new SyntheticRuns(2, 1).run(NOW, "abcdef1234567890", 1, 1);
        Path file = dir.resolve("results.json");
        ResultsJson.write(results, file);
        DirectoryStore store = new DirectoryStore(dir.resolve("history"));

        recorder(Map.of()).record(file, dir, store);

        RunOrigin origin = store.list(w -> { }).get(0).origin();
        assertEquals("abcdef1234567890", origin.commit());
        assertNull(origin.branch());
        assertNull(origin.buildUrl());
        assertEquals(results.environment().get(EnvironmentFingerprint.CPU_MODEL),
                store.list(w -> { }).get(0).results().environment().get(EnvironmentFingerprint.CPU_MODEL));
    }

    @Test
    void noResultsIsAWarningAndNothingIsRecorded(@TempDir Path dir) throws Exception {
        assertNull(recorder(Map.of()).record(dir.resolve("target/perf/results.json"), dir,
                new DirectoryStore(dir.resolve("history"))));
        assertTrue(log.warnings().get(0).startsWith("No results at "), log.toString());
        assertTrue(log.warnings().get(0).contains("the verdict is unchanged"), log.toString());
        assertTrue(Files.notExists(dir.resolve("history")));
    }

    /**
     * Results of no benchmark are no run of the suite: recorded, they were counted as a run by the trend and the
     * check against the history. A warning, not a failure: recording never changes the build's verdict.
     */
    @Test
    void resultsOfNoBenchmarkAreAWarningAndNothingIsRecorded(@TempDir Path dir) throws Exception {
        Path results = dir.resolve("target/perf/results.json");
        ResultsJson.write(new SyntheticRuns(2, 2).run(NOW.minusSeconds(60), "0123456789abcdef0123", 2, 3).toBuilder()
                .benchmarks(List.of()).build(), results);
        DirectoryStore store = new DirectoryStore(dir.resolve("history"));

        assertNull(recorder(GITHUB).record(results, dir, store), log.toString());

        assertEquals(List.of("Not recorded in the history: " + results + " holds no benchmark, and a run of nothing"
                + " is no run of the suite. Nothing was recorded; the verdict is unchanged."), log.warnings());
        assertEquals(List.of(), store.list(w -> { }));
    }

    @Test
    void aStoreThatFailsIsOneWarningThatKeepsTheVerdict(@TempDir Path dir) throws Exception {
        Path clone = measuredClone(dir);
        HistoryStore broken = new FailingStore();

        assertNull(recorder(Map.of()).record(clone.resolve("target/perf/results.json"), clone, broken));

        assertEquals(List.of("Could not record the run in the broken store: disk full. The verdict is unchanged;"
                + " this run is missing from the history."), log.warnings());
    }

    @Test
    void aRecordThatCannotBePushedSaysWhereItIsKept(@TempDir Path dir) throws Exception {
        Path clone = measuredClone(dir);
        git(clone, "remote", "add", "unreachable", dir.resolve("gone.git").toString());
        GitBranchStore store = GitBranchStore.open(clone, "perf-history", "unreachable");
        String before = GitFixture.checkoutState(clone);

        HistoryRecord record = recorder(Map.of()).record(clone.resolve("target/perf/results.json"), clone, store);

        assertNotNull(record);
        String warning = log.warnings().get(0);
        assertTrue(warning.startsWith("The run was recorded in the git branch perf-history (pushed to unreachable)"
                + " but not shared: git fetch unreachable perf-history failed: "), warning);
        assertTrue(warning.contains("The verdict is unchanged. The record " + record.name() + " is kept at"
                + " perf-history@"), warning);
        assertEquals(before, GitFixture.checkoutState(clone));
        assertEquals(".perf-history" + "\n" + record.name() + ".json",
                git(clone, "ls-tree", "-r", "--name-only", "perf-history"));
    }

    @Test
    void theSameResultsRecordedAgainAreOneWarningAndNothingIsWritten(@TempDir Path dir) throws Exception {
        Path clone = measuredClone(dir);
        DirectoryStore store = new DirectoryStore(dir.resolve("history"));
        Path results = clone.resolve("target/perf/results.json");
        HistoryRecord first = recorder(GITHUB).record(results, clone, store);

        // the CI job run again, a build later: the same results file
        HistoryRecord again = new HistoryRecorder(BuildEnvironment.of(GITHUB),
                Clock.fixed(NOW.plusSeconds(600), ZoneOffset.UTC), new Random(2), log).record(results, clone, store);

        assertNull(again);
        assertEquals(List.of("Not recorded: the history already holds this run as "
                + dir.resolve("history").resolve(first.name() + ".json.gz") + " (the same results, recorded " + NOW
                + "), so nothing was written. The verdict is unchanged."), log.warnings());
        assertEquals(1, store.list(w -> { }).size());
    }

    @Test
    void aBranchOfCodeStopsTheRecordBeforeAnythingIsWritten(@TempDir Path dir) throws Exception {
        Path clone = measuredClone(dir);
        git(clone, "checkout", "--quiet", "--detach", "HEAD");
        String main = git(clone, "rev-parse", "main");
        GitBranchStore store = GitBranchStore.open(clone, "main", null);

        HistoryException refused = assertThrows(HistoryException.class,
                () -> recorder(Map.of()).record(clone.resolve("target/perf/results.json"), clone, store));

        assertTrue(refused.getMessage().contains("'main' holds Parser.java, README: not a perf history branch"),
                refused.getMessage());
        assertEquals(main, git(clone, "rev-parse", "main"));
    }

    @Test
    void temporaryFilesKilledRecordsLeftAreRemovedByTheNextRecordOnceAnHourOld(@TempDir Path dir)
            throws Exception {
        Path clone = measuredClone(dir);
        Path month = Files.createDirectories(dir.resolve("history/2026/11"));
        Path stale = month.resolve(".20261126T010203004Z-c6c4956eece8-5rj5y7rs.json.gz.8412399128311.tmp");
        Path live = month.resolve(".20261127T030405000Z-c6c4956eece8-abcdefgh.json.gz.1234.tmp");
        Files.write(stale, new byte[2_000_000]);
        Files.write(live, new byte[10]);
        Files.setLastModifiedTime(stale, FileTime.from(Instant.now().minus(Duration.ofMinutes(61))));
        Files.setLastModifiedTime(live, FileTime.from(Instant.now().minus(Duration.ofMinutes(10))));

        recorder(Map.of()).record(clone.resolve("target/perf/results.json"), clone,
                new DirectoryStore(dir.resolve("history")));

        assertTrue(Files.notExists(stale));
        assertTrue(Files.exists(live), "a writer may still be using it");
        assertTrue(log.any("Removed 1 temporary file of the history that killed builds left (older than 1 h): "
                + stale + " (2.0 MB)"), log.toString());
    }

    @Test
    void theTemporaryIndexOfAKilledRecordOnTheBranchIsRemovedByTheNextRecord(@TempDir Path dir) throws Exception {
        Path clone = measuredClone(dir);
        Path temporary = Path.of(System.getProperty("java.io.tmpdir"));
        Path stale = Files.createTempDirectory(temporary, "perf-history-index");
        Files.write(stale.resolve("index"), new byte[1000]);
        Files.setLastModifiedTime(stale, FileTime.from(Instant.now().minus(Duration.ofHours(2))));
        Path live = Files.createTempDirectory(temporary, "perf-history-index");
        try {
            recorder(Map.of()).record(clone.resolve("target/perf/results.json"), clone,
                    GitBranchStore.open(clone, "perf-history", null));

            assertTrue(Files.notExists(stale));
            assertTrue(Files.exists(live));
            assertTrue(log.any(stale.toString()), log.toString());
        } finally {
            Files.deleteIfExists(stale.resolve("index"));
            Files.deleteIfExists(stale);
            Files.deleteIfExists(live);
        }
    }

    private static final class FailingStore implements HistoryStore {
        @Override
        public Appended append(HistoryRecord record) throws HistoryException {
            throw new HistoryException("disk full");
        }

        @Override
        public List<HistoryRecord> list(Consumer<String> skipped) {
            return List.of();
        }

        @Override
        public String reportedChanges() throws HistoryException {
            throw new HistoryException("disk full");
        }

        @Override
        public Appended saveReportedChanges(String json) throws HistoryException {
            throw new HistoryException("disk full");
        }

        @Override
        public String describe() {
            return "broken store";
        }
    }
}
