package io.perfgate.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code perf.history} and its branch and remote turned into a store, and what a wrong setting is told. */
class HistoryStoresTest {
    @TempDir
    Path project;

    @Test
    void aDirectoryIsRelativeToTheProjectUnlessAbsolute() throws Exception {
        HistoryStore relative = HistoryStores.open(" perf-history-dir ", "perf-history", "origin", false, project);
        assertEquals(project.resolve("perf-history-dir"), assertInstanceOf(DirectoryStore.class, relative).root());

        Path elsewhere = project.resolveSibling("shared-history").toAbsolutePath();
        HistoryStore absolute = HistoryStores.open(elsewhere.toString(), "perf-history", "origin", false, project);
        assertEquals(elsewhere, assertInstanceOf(DirectoryStore.class, absolute).root());
    }

    @Test
    void anEmptySettingSaysWhatToGive() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> HistoryStores.open("  ", "perf-history", "origin", false, project));
        assertEquals("perf.history is empty; give 'git' (the default: a branch of this repository) or a directory",
                e.getMessage());
    }

    @Test
    void aBadBranchNameNamesTheProperties() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> HistoryStores.open("git", "no..branch", "origin", true, project));
        assertEquals("'no..branch' is not a valid branch name for the history (perf.historyBranch,"
                + " perf.historyRemote)", e.getMessage());
    }

    @Test
    void theGitStoreOutsideARepositoryIsAHistoryError() {
        HistoryException e = assertThrows(HistoryException.class,
                () -> HistoryStores.open("git", "perf-history", "origin", false, project));
        assertTrue(e.getMessage().startsWith(project + " is not inside a git repository"), e.getMessage());
    }
}
