package io.perfgate.premerge;

import static io.perfgate.workspace.GitRepositoryTest.git;
import static io.perfgate.workspace.GitRepositoryTest.write;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.perfgate.affected.ExecutedCode;
import io.perfgate.history.HistoryException;
import io.perfgate.text.CommitIds;
import io.perfgate.workspace.GitRepository;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The newest map of executed code at or before the merge base, along the main line's first parents. */
class ExecutedCodeMapsTest {
    @TempDir
    Path tmp;
    private Path repo;
    private final Map<String, String> commits = new LinkedHashMap<>();

    /**
     * main: c0, c1, then a merge of a side branch (s1, forked at c0), then c2, the merge base; after it c3. The patch
     * branch forks at c2.
     */
    @BeforeEach
    void makeRepository() throws Exception {
        repo = tmp.resolve("repo");
        git(tmp, "init", "-q", "-b", "main", repo.toString());
        commit("c0");
        git(repo, "checkout", "-q", "-b", "side");
        commit("s1");
        git(repo, "checkout", "-q", "main");
        commit("c1");
        git(repo, "merge", "-q", "--no-ff", "-m", "merge side", "side");
        commits.put("merge", git(repo, "rev-parse", "HEAD"));
        commit("c2");
        git(repo, "checkout", "-q", "-b", "patch");
        commit("p1");
        git(repo, "checkout", "-q", "main");
        commit("c3");
    }

    private void commit(String name) throws Exception {
        write(repo.resolve(name + ".txt"), name);
        git(repo, "add", "-A");
        git(repo, "commit", "-q", "-m", name);
        commits.put(name, git(repo, "rev-parse", "HEAD"));
    }

    /** Maps kept for some commits; one that does not parse where {@code broken}. */
    private static ExecutedCodeMaps.Source source(Set<String> kept, String broken) {
        return new ExecutedCodeMaps.Source() {
            @Override
            public String describe() {
                return "directory /ci/perf-history";
            }

            @Override
            public Set<String> commits() {
                return kept;
            }

            @Override
            public ExecutedCode read(String commit) throws IOException {
                if (commit.equals(broken)) {
                    throw new IOException("not in gzip format");
                }
                return new ExecutedCode(commit, Map.of());
            }
        };
    }

    private String shortId(String name) {
        return CommitIds.abbreviate(commits.get(name));
    }

    @Test
    void theNewestMapAtOrBeforeTheMergeBaseAlongTheFirstParentsIsTaken() throws Exception {
        GitRepository git = GitRepository.open(repo);
        String mergeBase = git.mergeBase(commits.get("p1"), commits.get("c3"));
        assertEquals(commits.get("c2"), mergeBase);
        assertEquals(List.of(commits.get("c2"), commits.get("merge"), commits.get("c1"), commits.get("c0")),
                git.firstParentAncestors(mergeBase, 200));
        assertEquals(List.of(commits.get("c2"), commits.get("merge")), git.firstParentAncestors(mergeBase, 2));

        // c3 is after the merge base, s1 only a second parent's: c0 is the newest on the main line before it
        ExecutedCodeMaps.Found found = ExecutedCodeMaps.newest(git, mergeBase,
                source(Set.of(commits.get("c3"), commits.get("s1"), commits.get("c0")), null));
        assertEquals(commits.get("c0"), found.map.commit());
        assertEquals("perf.affected: selecting by the code each benchmark ran, recorded at " + shortId("c0")
                + " (3 commits before the merge base " + shortId("c2") + ")", found.line);
        assertFalse(found.warning);

        found = ExecutedCodeMaps.newest(git, mergeBase, source(Set.of(commits.get("c1"), commits.get("c2")), null));
        assertEquals(commits.get("c2"), found.map.commit());
        assertTrue(found.line.endsWith("recorded at " + shortId("c2") + " (the merge base)"), found.line);
    }

    @Test
    void withoutAMapTheClassAnalysisSelectsAndTheLineSaysSo() throws Exception {
        GitRepository git = GitRepository.open(repo);
        ExecutedCodeMaps.Found found = ExecutedCodeMaps.newest(git, commits.get("c2"),
                source(Set.of(commits.get("c3"), commits.get("s1")), null));
        assertNull(found.map);
        assertFalse(found.warning);
        assertEquals("perf.affected: no map of executed code at or within 200 commits before the merge base "
                + shortId("c2") + " in directory /ci/perf-history; selecting by the class analysis, which cannot see"
                + " through reflection. To record one, run main's perf:run with -Dperf.executedCode=true (or"
                + " perf.affected=true in the POM), then perf:record", found.line);

        found = ExecutedCodeMaps.newest(git, commits.get("c2"), null);
        assertNull(found.map);
        assertTrue(found.line.startsWith("perf.affected: no history store to find a map of executed code in;"
                + " selecting by the class analysis"), found.line);
    }

    @Test
    void aMapThatDoesNotParseOrAHistoryThatCannotBeReadFallsBackSayingWhy() throws Exception {
        GitRepository git = GitRepository.open(repo);
        ExecutedCodeMaps.Found found = ExecutedCodeMaps.newest(git, commits.get("c2"),
                source(Set.of(commits.get("c1"), commits.get("c0")), commits.get("c1")));
        assertNull(found.map, "an older map is not taken instead: the newest one says the history is not as expected");
        assertTrue(found.warning);
        assertTrue(found.line.startsWith("perf.affected: the map of executed code at " + shortId("c1")
                + " in directory /ci/perf-history cannot be read (not in gzip format); selecting by the class"
                + " analysis"), found.line);

        ExecutedCodeMaps.Source unreadable = ExecutedCodeMaps.inHistory(() -> {
            throw new HistoryException("git branch perf-history is not a history branch");
        });
        found = ExecutedCodeMaps.newest(git, commits.get("c2"), unreadable);
        assertNull(found.map);
        assertFalse(found.warning);
        assertTrue(found.line.startsWith("perf.affected: the history cannot be read (git branch perf-history is not"
                + " a history branch); selecting by the class analysis"), found.line);
        assertSame(null, ExecutedCodeMaps.newest(git, commits.get("c2"), source(Set.of(), null)).map);
    }
}
