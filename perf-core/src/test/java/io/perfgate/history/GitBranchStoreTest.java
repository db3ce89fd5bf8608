package io.perfgate.history;

import static io.perfgate.history.GitFixture.git;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GitBranchStoreTest {
    private static final Instant T = Instant.parse("2026-11-27T02:00:00Z");
    private static final String BRANCH = "perf-history";
    private final SyntheticRuns runs = new SyntheticRuns(7, 3);
    private final Random random = new Random(13);

    @BeforeAll
    static void needsGit() {
        org.junit.jupiter.api.Assumptions.assumeTrue(GitFixture.gitAvailable(), "git is not on the PATH");
    }

    private HistoryRecord record(int day) {
        Instant at = T.plusSeconds(86_400L * day);
        String commit = String.format("%040x", day + 1);
        return HistoryRecord.create(runs.run(at, commit, 2, 3), new RunOrigin(at, commit, null, "main", null),
                random);
    }

    private static List<String> names(List<HistoryRecord> records) {
        return records.stream().map(HistoryRecord::name).collect(Collectors.toList());
    }

    @Test
    void appendsAndPushesWithoutTouchingTheWorkingTreeIndexHeadOrStash(@TempDir Path dir) throws Exception {
        Path origin = GitFixture.origin(dir);
        Path clone = GitFixture.cloneOf(origin, dir.resolve("clone"));
        Files.writeString(clone.resolve("README"), "edited, not committed\n");
        Files.writeString(clone.resolve("staged.txt"), "staged\n");
        git(clone, "add", "staged.txt");
        Files.writeString(clone.resolve("untracked.txt"), "untracked\n");
        String before = GitFixture.checkoutState(clone);

        GitBranchStore store = GitBranchStore.open(clone, BRANCH, "origin");
        HistoryRecord first = record(1);
        HistoryRecord second = record(2);
        HistoryStore.Appended appended = store.append(first);
        store.append(second);

        assertTrue(appended.isShared(), appended.notShared());
        assertEquals(before, GitFixture.checkoutState(clone));
        assertEquals("", git(clone, "diff", "--cached", "--name-only", "--", "README"));
        assertEquals(List.of(".perf-history", first.name() + ".json", second.name() + ".json"),
                List.of(git(origin, "ls-tree", "-r", "--name-only", BRANCH).split("\n")));
        List<String> warnings = new ArrayList<>();
        Path other = GitFixture.cloneOf(origin, dir.resolve("other"));
        List<HistoryRecord> read = GitBranchStore.open(other, BRANCH, "origin").list(warnings::add);
        assertEquals(List.of(first.name(), second.name()), names(read));
        assertEquals(first.json(), read.get(0).json());
        assertEquals(List.of(), warnings);
    }

    @Test
    void theReportedChangePointsArePushedBesideTheRecordsAndReadByAnotherCloneButNotListedAsARecord(@TempDir Path dir)
            throws Exception {
        Path origin = GitFixture.origin(dir);
        Path clone = GitFixture.cloneOf(origin, dir.resolve("clone"));
        String before = GitFixture.checkoutState(clone);
        GitBranchStore store = GitBranchStore.open(clone, BRANCH, "origin");
        assertNull(store.reportedChanges());
        HistoryRecord first = record(1);
        store.append(first);
        assertTrue(store.saveReportedChanges("{\"schema\": 1, \"v\": 1}\n").isShared());
        store.append(record(2));
        store.saveReportedChanges("{\"schema\": 1, \"v\": 2}\n");

        assertEquals(before, GitFixture.checkoutState(clone));
        Path other = GitFixture.cloneOf(origin, dir.resolve("other"));
        GitBranchStore theirs = GitBranchStore.open(other, BRANCH, "origin");
        assertEquals("{\"schema\": 1, \"v\": 2}\n", theirs.reportedChanges());
        List<String> warnings = new ArrayList<>();
        assertEquals(2, theirs.list(warnings::add).size());
        assertEquals(List.of(), warnings, "changes.json is not a record");
        // the other clone saves a newer document; ours, behind, reads the newer one after fetching
        theirs.saveReportedChanges("{\"schema\": 1, \"v\": 3}\n");
        assertEquals("{\"schema\": 1, \"v\": 3}\n", store.reportedChanges());
    }

    @Test
    void aPushRejectedBecauseAnotherBuildPushedFirstIsRetriedOnTopOfIt(@TempDir Path dir) throws Exception {
        Path origin = GitFixture.origin(dir);
        Path ours = GitFixture.cloneOf(origin, dir.resolve("ours"));
        Path theirs = GitFixture.cloneOf(origin, dir.resolve("theirs"));
        HistoryRecord their = record(1);
        GitBranchStore.open(theirs, BRANCH, null).append(their);
        // Between our fetch and our push, the other build pushes: a git that does that before its first push.
        Path marker = dir.resolve("pushed-first");
        Path wrapper = dir.resolve("git-racing");
        Files.writeString(wrapper, "#!/bin/sh\n"
                + "if [ \"$1\" = push ] && [ ! -e '" + marker + "' ]; then\n"
                + "  touch '" + marker + "'\n"
                + "  git -C '" + theirs + "' push --quiet origin " + BRANCH + " || exit 99\n"
                + "fi\n"
                + "exec git \"$@\"\n");
        assertTrue(wrapper.toFile().setExecutable(true));

        HistoryRecord our = record(2);
        HistoryStore.Appended appended = GitBranchStore.open(wrapper.toString(), ours, BRANCH, "origin").append(our);

        assertTrue(Files.exists(marker), "the other build pushed first");
        assertTrue(appended.isShared(), appended.notShared());
        assertEquals(List.of(".perf-history", their.name() + ".json", our.name() + ".json"),
                List.of(git(origin, "ls-tree", "-r", "--name-only", BRANCH).split("\n")));
    }

    @Test
    void aRemoteThatCannotBePushedKeepsTheRecordOnTheLocalBranchForTheNextPush(@TempDir Path dir) throws Exception {
        Path origin = GitFixture.origin(dir);
        Path clone = GitFixture.cloneOf(origin, dir.resolve("clone"));
        git(clone, "remote", "add", "unreachable", dir.resolve("no-such-repository.git").toString());

        HistoryRecord kept = record(1);
        HistoryStore.Appended appended = GitBranchStore.open(clone, BRANCH, "unreachable").append(kept);

        assertFalse(appended.isShared());
        assertTrue(appended.notShared().startsWith("git fetch unreachable perf-history failed: "),
                appended.notShared());
        assertTrue(appended.location().startsWith(BRANCH + "@"), appended.location());
        assertEquals(".perf-history" + "\n" + kept.name() + ".json",
                git(clone, "ls-tree", "-r", "--name-only", BRANCH));

        HistoryRecord next = record(2);
        assertTrue(GitBranchStore.open(clone, BRANCH, "origin").append(next).isShared());
        assertEquals(List.of(".perf-history", kept.name() + ".json", next.name() + ".json"),
                List.of(git(origin, "ls-tree", "-r", "--name-only", BRANCH).split("\n")));
    }

    @Test
    void aRecordThatDoesNotReadIsSkippedWithAWarningNamingIt(@TempDir Path dir) throws Exception {
        Path origin = GitFixture.origin(dir);
        Path clone = GitFixture.cloneOf(origin, dir.resolve("clone"));
        HistoryRecord good = record(1);
        GitBranchStore store = GitBranchStore.open(clone, BRANCH, "origin");
        store.append(good);
        // Someone commits a broken record onto the branch by hand.
        Path scratch = GitFixture.cloneOf(origin, dir.resolve("scratch"));
        git(scratch, "checkout", "--quiet", BRANCH);
        String badName = record(2).name();
        Path badFile = scratch.resolve(badName + ".json");
        Files.writeString(badFile, "{\"schema\": 1, \"status\": \"complete\"");
        git(scratch, "add", ".");
        GitFixture.commit(scratch, "a broken record");
        git(scratch, "push", "--quiet", "origin", BRANCH);

        List<String> warnings = new ArrayList<>();
        List<HistoryRecord> read = store.list(warnings::add);

        assertEquals(List.of(good.name()), names(read));
        assertEquals(1, warnings.size(), warnings.toString());
        assertTrue(warnings.get(0).startsWith(BRANCH + ":" + badName + ".json: "), warnings.get(0));
    }

    @Test
    void withoutARemoteTheBranchStaysLocal(@TempDir Path dir) throws Exception {
        Path origin = GitFixture.origin(dir);
        Path clone = GitFixture.cloneOf(origin, dir.resolve("clone"));
        GitBranchStore store = GitBranchStore.open(clone, BRANCH, null);
        HistoryRecord r = record(1);
        assertTrue(store.append(r).isShared());
        assertEquals(List.of(r.name()), names(store.list(w -> { })));
        assertFalse(GitFixture.run(origin, "rev-parse", "--verify", "--quiet", BRANCH).succeeded());
    }

    @Test
    void refusesBadNamesAndTheCheckedOutBranch(@TempDir Path dir) throws Exception {
        Path origin = GitFixture.origin(dir);
        Path clone = GitFixture.cloneOf(origin, dir.resolve("clone"));
        assertThrows(IllegalArgumentException.class, () -> GitBranchStore.open(clone, "bad..name", "origin"));
        assertThrows(IllegalArgumentException.class, () -> GitBranchStore.open(clone, "--force", "origin"));
        assertThrows(IllegalArgumentException.class, () -> GitBranchStore.open(clone, BRANCH, "--upload-pack=x"));
        HistoryException checkedOut = assertThrows(HistoryException.class,
                () -> GitBranchStore.open(clone, "main", "origin"));
        assertTrue(checkedOut.getMessage().contains("checked out"), checkedOut.getMessage());
        HistoryException notGit = assertThrows(HistoryException.class,
                () -> GitBranchStore.open(dir, BRANCH, "origin"));
        assertTrue(notGit.getMessage().contains("not inside a git repository"), notGit.getMessage());
    }

    /** A history record file's content, as a code branch or a hand-made branch might hold one. */
    private static void commitFiles(Path repo, String message, String... pathsAndTexts) throws Exception {
        for (int i = 0; i < pathsAndTexts.length; i += 2) {
            Path file = repo.resolve(pathsAndTexts[i]);
            Files.createDirectories(file.getParent());
            Files.writeString(file, pathsAndTexts[i + 1]);
            git(repo, "add", pathsAndTexts[i]);
        }
        GitFixture.commit(repo, message);
    }

    @Test
    void refusesToWriteToACodeBranchFromADetachedCheckoutAndPushesNothing(@TempDir Path dir) throws Exception {
        Path origin = GitFixture.origin(dir);
        Path dev = GitFixture.cloneOf(origin, dir.resolve("dev"));
        commitFiles(dev, "the project", "pom.xml", "<project/>\n", "src/Main.java", "class Main {}\n");
        git(dev, "push", "--quiet", "origin", "main");
        Path clone = GitFixture.cloneOf(origin, dir.resolve("clone"));
        git(clone, "checkout", "--quiet", "--detach", "main"); // as Jenkins and GitLab check out
        String originMain = git(origin, "rev-parse", "main");
        String before = git(clone, "status", "--porcelain") + git(clone, "rev-parse", "HEAD");
        GitBranchStore store = GitBranchStore.open(clone, "main", "origin");

        HistoryException refused = assertThrows(HistoryException.class, () -> store.append(record(1)));
        assertThrows(HistoryException.class, () -> store.saveReportedChanges("{\"schema\": 1}\n"));
        assertThrows(HistoryException.class, () -> store.list(w -> { }), "a code tree is not read as records");

        assertTrue(refused.getMessage().startsWith("the branch 'main' holds README, pom.xml, src/: not a perf"
                + " history branch"), refused.getMessage());
        assertTrue(refused.getMessage().endsWith("choose another perf.historyBranch"), refused.getMessage());
        assertEquals(originMain, git(origin, "rev-parse", "main"), "nothing pushed");
        assertEquals(originMain, git(clone, "rev-parse", "main"), "the local branch did not move");
        assertEquals(before, git(clone, "status", "--porcelain") + git(clone, "rev-parse", "HEAD"));
    }

    @Test
    void refusesABranchOfOtherFilesThatExistsOnlyOnTheRemoteOrOnlyAsItsTrackingBranch(@TempDir Path dir)
            throws Exception {
        Path origin = GitFixture.origin(dir);
        Path clone = GitFixture.cloneOf(origin, dir.resolve("clone"));
        // pushed after our clone was made: only the fetch before writing shows it
        Path other = GitFixture.cloneOf(origin, dir.resolve("other"));
        git(other, "checkout", "--quiet", "--orphan", "docs");
        git(other, "rm", "--quiet", "-rf", ".");
        commitFiles(other, "the site", "index.html", "<html/>\n", ".perf-history", "a copy of the marker\n");
        git(other, "push", "--quiet", "origin", "docs");
        String docs = git(origin, "rev-parse", "docs");

        HistoryException refused = assertThrows(HistoryException.class,
                () -> GitBranchStore.open(clone, "docs", "origin").append(record(1)));

        assertTrue(refused.getMessage().startsWith("the branch 'origin/docs' holds index.html: not a perf history"),
                refused.getMessage());
        assertEquals(docs, git(origin, "rev-parse", "docs"), "nothing pushed");
        assertFalse(GitFixture.run(clone, "rev-parse", "--verify", "--quiet", "refs/heads/docs").succeeded(),
                "no local branch made");
        // without pushing, the tracking branch a detached CI checkout has (no local main) still counts
        git(clone, "checkout", "--quiet", "--detach", "main");
        git(clone, "branch", "--quiet", "-D", "main");
        assertThrows(HistoryException.class, () -> GitBranchStore.open(clone, "main", null).append(record(2)));
        assertFalse(GitFixture.run(clone, "rev-parse", "--verify", "--quiet", "refs/heads/main").succeeded(),
                "no local main made");
    }

    @Test
    void aNewBranchIsAnOrphanWhoseFirstCommitHoldsTheMarker(@TempDir Path dir) throws Exception {
        Path origin = GitFixture.origin(dir);
        Path clone = GitFixture.cloneOf(origin, dir.resolve("clone"));
        HistoryRecord first = record(1);

        GitBranchStore.open(clone, BRANCH, "origin").append(first);

        assertEquals(BRANCH, git(origin, "rev-parse", "--abbrev-ref", BRANCH));
        assertEquals(git(origin, "rev-parse", BRANCH), git(origin, "rev-list", "--parents", BRANCH),
                "one commit, without parents");
        assertEquals(List.of(".perf-history", first.name() + ".json"),
                List.of(git(origin, "ls-tree", "-r", "--name-only", BRANCH).split("\n")));
        assertTrue(git(origin, "show", BRANCH + ":.perf-history").startsWith("The history of benchmark runs of"
                + " perf-maven-plugin"));
    }

    @Test
    void aBranchAnEarlierVersionMadeIsAcceptedAndMarkedButNotOneWithAnythingElse(@TempDir Path dir)
            throws Exception {
        Path origin = GitFixture.origin(dir);
        Path old = GitFixture.cloneOf(origin, dir.resolve("old"));
        git(old, "checkout", "--quiet", "--orphan", BRANCH);
        git(old, "rm", "--quiet", "-rf", ".");
        HistoryRecord earlier = record(1);
        commitFiles(old, "perf:record " + earlier.name(), earlier.name() + ".json", earlier.json(), "changes.json",
                "{\"schema\": 1}\n");
        git(old, "push", "--quiet", "origin", BRANCH);
        Path clone = GitFixture.cloneOf(origin, dir.resolve("clone"));

        HistoryRecord next = record(2);
        assertTrue(GitBranchStore.open(clone, BRANCH, "origin").append(next).isShared());

        assertEquals(List.of(".perf-history", earlier.name() + ".json", next.name() + ".json", "changes.json"),
                List.of(git(origin, "ls-tree", "-r", "--name-only", BRANCH).split("\n")));
        // the same layout with one file of something else is not the plugin's
        git(old, "pull", "--quiet", "origin", BRANCH);
        commitFiles(old, "notes", "NOTES.md", "notes\n");
        git(old, "push", "--quiet", "origin", BRANCH);
        String tip = git(origin, "rev-parse", BRANCH);
        HistoryException refused = assertThrows(HistoryException.class,
                () -> GitBranchStore.open(clone, BRANCH, "origin").append(record(3)));
        assertTrue(refused.getMessage().contains("holds NOTES.md: not a perf history branch"), refused.getMessage());
        assertEquals(tip, git(origin, "rev-parse", BRANCH));
    }

    @Test
    void aRecordCopiedByHandIsReadOnceWithAWarningNamingBothFiles(@TempDir Path dir) throws Exception {
        Path origin = GitFixture.origin(dir);
        Path clone = GitFixture.cloneOf(origin, dir.resolve("clone"));
        GitBranchStore store = GitBranchStore.open(clone, BRANCH, "origin");
        HistoryRecord original = record(1);
        store.append(original);
        store.append(record(2));
        Path scratch = GitFixture.cloneOf(origin, dir.resolve("scratch"));
        git(scratch, "checkout", "--quiet", BRANCH);
        String copy = record(3).name();
        commitFiles(scratch, "a copy", copy + ".json", original.json());
        git(scratch, "push", "--quiet", "origin", BRANCH);

        List<String> warnings = new ArrayList<>();
        List<HistoryRecord> read = store.list(warnings::add);

        assertEquals(2, read.size());
        assertEquals(List.of(BRANCH + ":" + copy + ".json: the same run as " + BRANCH + ":" + original.name()
                + ".json (the same results recorded twice); counted once"), warnings);
    }

    /**
     * A map of executed code is pushed beside the records as the bytes given (gzip, which a text reading would
     * corrupt), read back and listed by another clone, not read as a record, and the branch that holds it is still
     * a history branch for the next record.
     */
    @Test
    void mapsOfExecutedCodeArePushedReadAndListedByAnotherCloneAndAreNoRecords(@TempDir Path dir) throws Exception {
        Path origin = GitFixture.origin(dir);
        Path clone = GitFixture.cloneOf(origin, dir.resolve("clone"));
        String before = GitFixture.checkoutState(clone);
        GitBranchStore store = GitBranchStore.open(clone, BRANCH, "origin");
        String commit = String.format("%040x", 43);
        assertEquals(java.util.Set.of(), store.executedCodeCommits());
        assertNull(store.executedCode(commit));
        HistoryRecord first = record(1);
        store.append(first);

        HistoryStore.Appended saved = store.saveExecutedCode(commit, DirectoryStoreTest.binary());
        HistoryRecord second = record(2);
        store.append(second);

        assertTrue(saved.isShared(), saved.notShared());
        assertTrue(saved.location().startsWith(BRANCH + "@"), saved.location());
        assertEquals(before, GitFixture.checkoutState(clone));
        assertEquals(List.of(".perf-history", first.name() + ".json", second.name() + ".json",
                "executed-code/" + commit + ".json.gz"),
                List.of(git(origin, "ls-tree", "-r", "--name-only", BRANCH).split("\n")));
        GitBranchStore other = GitBranchStore.open(GitFixture.cloneOf(origin, dir.resolve("other")), BRANCH,
                "origin");
        assertEquals(java.util.Set.of(commit), other.executedCodeCommits());
        assertTrue(java.util.Arrays.equals(DirectoryStoreTest.binary(), other.executedCode(commit)));
        assertNull(other.executedCode(String.format("%040x", 44)));
        List<String> warnings = new ArrayList<>();
        assertEquals(List.of(first.name(), second.name()), names(other.list(warnings::add)));
        assertEquals(List.of(), warnings);
    }
}
