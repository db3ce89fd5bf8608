package io.perfgate.affected;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.perfgate.history.DirectoryStore;
import io.perfgate.results.BenchmarkId;
import io.perfgate.testing.LogLines;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** perf:record keeps the map beside the record, under the commit recorded, and only that commit's map. */
class ExecutedCodeHistoryTest {
    private static final String COMMIT = "0123456789abcdef0123456789abcdef01234567";
    private static final String OTHER = "89abcdef0123456789abcdef0123456789abcdef";

    @TempDir
    Path tmp;

    @Test
    void theMapOfTheCommitRecordedIsKeptAsWritten() throws Exception {
        Path map = tmp.resolve("perf").resolve(ExecutedCodeJson.FILE_NAME);
        ExecutedCodeJson.write(ExecutedCodeJsonTest.small(), map);
        DirectoryStore store = new DirectoryStore(tmp.resolve("history"));
        LogLines log = new LogLines();

        assertTrue(ExecutedCodeHistory.keep(map, COMMIT, store, log));

        assertEquals(Set.of(COMMIT), store.executedCodeCommits());
        assertArrayEquals(Files.readAllBytes(map), store.executedCode(COMMIT));
        assertEquals(List.of("Kept the map of the code 3 parameter sets ran (" + Files.size(map)
                + " bytes, commit 0123456789ab) in the directory " + tmp.resolve("history") + ": "
                + tmp.resolve("history").resolve("executed-code").resolve(COMMIT + ".json.gz")), log.infos());
    }

    @Test
    void aMapOfAnotherCommitIsRefusedAndNotKeptUnderTheWrongKey() throws Exception {
        Path map = tmp.resolve(ExecutedCodeJson.FILE_NAME);
        ExecutedCodeJson.write(ExecutedCodeJsonTest.small(), map);
        DirectoryStore store = new DirectoryStore(tmp.resolve("history"));
        LogLines log = new LogLines();

        assertFalse(ExecutedCodeHistory.keep(map, OTHER, store, log));

        assertEquals(Set.of(), store.executedCodeCommits());
        assertEquals(List.of("The map of executed code " + map + " is of commit " + COMMIT + ", not of the commit"
                + " just recorded (" + OTHER + "): it is not kept, since the selection would read it as this"
                + " commit's code. perf:run with perf.executedCode on this commit records this commit's map."),
                log.warnings());
    }

    @Test
    void noMapIsNothingAndADamagedOneIsAWarningNamingTheFile() throws Exception {
        DirectoryStore store = new DirectoryStore(tmp.resolve("history"));
        LogLines log = new LogLines();
        Path map = tmp.resolve(ExecutedCodeJson.FILE_NAME);

        assertFalse(ExecutedCodeHistory.keep(map, COMMIT, store, log));
        assertEquals(List.of(), log.warnings());

        Files.write(map, new byte[] {0x1f, (byte) 0x8b, 8});
        assertFalse(ExecutedCodeHistory.keep(map, COMMIT, store, log));
        assertEquals(1, log.warnings().size());
        assertTrue(log.warnings().get(0).startsWith("The map of executed code was not kept in the history: " + map
                + ": is not a whole gzip file"), log.warnings().get(0));
        assertEquals(Set.of(), store.executedCodeCommits());
    }

    /** Each shard of a suite records its part of one commit's map: the parts add up, the newest winning per set. */
    @Test
    void aShardsMapIsMergedWithTheOtherShardsKeptForTheSameCommit() throws Exception {
        DirectoryStore store = new DirectoryStore(tmp.resolve("history"));
        ExecutedCode.Method a = new ExecutedCode.Method("x/A", "a", "()V");
        ExecutedCode.Method b = new ExecutedCode.Method("x/B", "b", "()V");
        BenchmarkId first = BenchmarkId.of("x.FirstBench.run", java.util.Map.of(), "thrpt");
        BenchmarkId second = BenchmarkId.of("x.SecondBench.run", java.util.Map.of(), "thrpt");
        Path shard1 = tmp.resolve("shard1.json.gz");
        Path shard2 = tmp.resolve("shard2.json.gz");
        ExecutedCodeJson.write(new ExecutedCode(COMMIT, java.util.Map.of(first, List.of(a))), shard1);
        ExecutedCodeJson.write(new ExecutedCode(COMMIT, java.util.Map.of(second, List.of(b))), shard2);
        LogLines log = new LogLines();

        assertTrue(ExecutedCodeHistory.keep(shard1, COMMIT, store, log));
        assertTrue(ExecutedCodeHistory.keep(shard2, COMMIT, store, log));

        ExecutedCode kept = ExecutedCodeJson.read(store.executedCode(COMMIT), "kept");
        assertEquals(java.util.Map.of(first, Set.of(a), second, Set.of(b)), kept.executed());
        assertTrue(log.infos().get(1).contains("the map of the code 2 parameter sets ran (")
                && log.infos().get(1).contains("; with the 1 other parameter sets kept earlier for this commit"
                        + " (another shard's))"), log.infos().get(1));
    }
}
