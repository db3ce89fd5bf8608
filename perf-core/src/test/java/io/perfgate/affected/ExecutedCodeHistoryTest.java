package io.perfgate.affected;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.perfgate.history.DirectoryStore;
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
}
