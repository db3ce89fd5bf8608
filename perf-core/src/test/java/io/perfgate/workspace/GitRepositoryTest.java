package io.perfgate.workspace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.perfgate.process.ExternalCommand;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

public class GitRepositoryTest {
    @TempDir
    Path tmp;
    private Path repo;
    private String first;
    private String second;

    @BeforeEach
    void makeRepository() throws Exception {
        repo = tmp.resolve("repo");
        Files.createDirectories(repo.resolve("module"));
        git(repo, "init", "-q", "-b", "main");
        write(repo.resolve("module/A.txt"), "one");
        git(repo, "add", "-A");
        git(repo, "commit", "-q", "-m", "first");
        first = git(repo, "rev-parse", "HEAD");
        git(repo, "checkout", "-q", "-b", "feature");
        write(repo.resolve("module/A.txt"), "two");
        git(repo, "commit", "-q", "-am", "second");
        second = git(repo, "rev-parse", "HEAD");
    }

    @Test
    void aChangeOutsideTheReactorIsNamedAsTheComparisonsBlindSpot() throws Exception {
        // a library module beside the benchmark module changed, and a README: running in "module" alone, neither
        // side builds the library (Apache Avro's lang/java/avro beside lang/java/perf)
        write(repo.resolve("lib/src/main/java/Codec.java"), "class Codec {}");
        write(repo.resolve("README.md"), "docs");
        git(repo, "add", "-A");
        GitRepository git = GitRepository.open(repo.resolve("module"));
        List<String> changed = git.changedPaths(second, null);
        assertEquals(List.of("README.md", "lib/src/main/java/Codec.java"), changed);
        String warning = git.outsideReactor(changed, repo.resolve("module"), "side");
        assertTrue(warning.startsWith("1 changed file lies outside the reactor this build runs (module):"
                + " lib/src/main/java/Codec.java. Neither side builds them;"), warning);
        assertTrue(warning.endsWith("Run from the top of the project with -pl <this module> -am."), warning);
        assertNull(git.outsideReactor(changed, repo, "side"), "from the top, the reactor holds it all");
        assertEquals(List.of("module/A.txt"), git.changedPaths(first, second));
    }

    @Test
    void refusesADirectoryOutsideAnyRepository() throws IOException {
        Path plain = Files.createDirectories(tmp.resolve("plain"));
        CompareException e = assertThrows(CompareException.class, () -> GitRepository.open(plain));
        assertTrue(e.getMessage().contains("is not inside a git working tree"), e.getMessage());
    }

    @Test
    void resolvesRefsAndTheMergeBase() throws Exception {
        GitRepository git = GitRepository.open(repo.resolve("module"));
        assertEquals(repo.toRealPath(), git.topLevel().toRealPath());
        assertEquals(first, git.resolveCommit("main"));
        assertEquals(second, git.head());
        assertEquals(first, git.resolveCommit("HEAD~1"));
        assertEquals(first, git.resolveCommit(first.substring(0, 8)));
        assertEquals(first, git.mergeBase(second, git.resolveCommit("main")));
        assertEquals(Path.of("module"), git.relativize(repo.resolve("module")));
    }

    @Test
    void theFirstParentRangeIsOldestFirstAndRefusesCommitsThatAreNotAncestors() throws Exception {
        write(repo.resolve("module/A.txt"), "three");
        git(repo, "commit", "-q", "-am", "third");
        String third = git(repo, "rev-parse", "HEAD");
        // a side branch merged in: its commit is not on the first-parent line
        git(repo, "checkout", "-q", "-b", "side", second);
        write(repo.resolve("module/B.txt"), "side");
        git(repo, "add", "-A");
        git(repo, "commit", "-q", "-m", "side");
        git(repo, "checkout", "-q", "feature");
        git(repo, "merge", "-q", "--no-ff", "-m", "merge side", "side");
        String merge = git(repo, "rev-parse", "HEAD");
        GitRepository git = GitRepository.open(repo);

        assertEquals(List.of(second, third, merge), git.firstParentRange(first, merge));
        assertEquals(List.of(), git.firstParentRange(merge, merge));
        CompareException e = assertThrows(CompareException.class, () -> git.firstParentRange(merge, first));
        assertTrue(e.getMessage().contains("is not an ancestor of"), e.getMessage());
    }

    @Test
    void anUnknownRefIsNamedInTheError() throws Exception {
        GitRepository git = GitRepository.open(repo);
        CompareException e = assertThrows(CompareException.class, () -> git.resolveCommit("origin/nope"));
        assertTrue(e.getMessage().contains("'origin/nope' names no commit"), e.getMessage());
    }

    @Test
    void optionLikeRefsAreRejectedBeforeGitSeesThem() throws Exception {
        GitRepository git = GitRepository.open(repo);
        Path marker = tmp.resolve("pwned");
        for (String ref : Arrays.asList("--upload-pack=touch " + marker, "-h", "--output=" + marker,
                "--exec-path")) {
            CompareException e = assertThrows(CompareException.class, () -> git.resolveCommit(ref));
            assertTrue(e.getMessage().contains("would be read as an option"), e.getMessage());
        }
        assertFalse(Files.exists(marker));
    }

    @Test
    void refNameRulesFollowGitCheckRefFormat() {
        for (String ok : Arrays.asList("main", "origin/main", "release/1.2", "v1.0.0", "HEAD", "HEAD~3",
                "main^", "main^2", "feature~2^", "a1b2c3d", "user@host")) {
            GitRepository.validateRef(ok);
        }
        for (String bad : Arrays.asList("", " ", "a..b", "a b", "a:b", "a?", "a*", "a[", "a\\b", "a@{1}", "@",
                "/a", "a/", "a//b", "a.", ".a", "a/.b", "a.lock", "a/b.lock/c", "a\tb", "-main", "main~x")) {
            assertThrows(IllegalArgumentException.class, () -> GitRepository.validateRef(bad), "'" + bad + "'");
        }
        // cross-check the subset git itself judges, so our rules do not drift from git's
        for (String name : Arrays.asList("main", "origin/main", "a..b", "a b", "a.lock", ".a", "a/", "a@{1}")) {
            boolean ours = GitRepository.refNameProblem(name) == null;
            boolean gits = runQuietly(Arrays.asList("git", "check-ref-format", "--allow-onelevel", name));
            assertEquals(gits, ours, "'" + name + "'");
        }
    }

    @Test
    void aWorktreeIsAddedAndRemovedWithoutTouchingTheUsersCheckout() throws Exception {
        write(repo.resolve("module/untracked.txt"), "dirty");
        write(repo.resolve("module/A.txt"), "uncommitted change");
        String statusBefore = git(repo, "status", "--porcelain");
        String branchesBefore = git(repo, "branch", "-a");
        GitRepository git = GitRepository.open(repo);
        assertTrue(git.isDirty());

        Path checkout = repo.resolve("module/target/perf/base-x");
        git.addWorktree(checkout, first);
        assertEquals("one", read(checkout.resolve("module/A.txt")));
        assertEquals(2, git.worktrees().size());
        write(checkout.resolve("module/target/built.txt"), "build output");

        git.removeWorktree(checkout);
        assertFalse(Files.exists(checkout));
        assertEquals(1, git.worktrees().size());
        assertFalse(Files.exists(repo.resolve(".git/worktrees/base-x")));
        assertEquals("uncommitted change", read(repo.resolve("module/A.txt")));
        assertEquals(statusBefore, git(repo, "status", "--porcelain"));
        assertEquals(branchesBefore, git(repo, "branch", "-a"));
        assertEquals(second, git(repo, "rev-parse", "HEAD"));
        assertEquals("", git(repo, "stash", "list"));
    }

    @Test
    void aCheckoutOfAKilledRunWhoseDirectoryWentSinceIsAddedAgain() throws Exception {
        GitRepository git = GitRepository.open(repo);
        Path checkout = repo.resolve("module/target/perf/base-x");
        git.addWorktree(checkout, second);
        // the run was killed while git was adding its worktree (git locks it until done), then `mvn clean` deleted
        // target/: git still has it registered, and locked
        git(repo, "worktree", "lock", checkout.toString());
        deleteTree(repo.resolve("module/target"));
        assertEquals(2, git.worktrees().size());
        git.addWorktree(checkout, first);
        assertEquals("one", read(checkout.resolve("module/A.txt")));
        git.removeWorktree(checkout);
        assertEquals(1, git.worktrees().size());
    }

    @Test
    void aStaleCheckoutFromACrashedRunIsReplaced() throws Exception {
        GitRepository git = GitRepository.open(repo);
        Path checkout = tmp.resolve("checkout");
        git.addWorktree(checkout, second);
        git.addWorktree(checkout, first);
        assertEquals("one", read(checkout.resolve("module/A.txt")));
        git.removeWorktree(checkout);
        assertEquals(1, git.worktrees().size());
        assertNotEquals(first, second);
    }

    public static String git(Path dir, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(Arrays.asList("git", "-c", "user.name=Test", "-c",
                "user.email=test@example.org", "-c", "commit.gpgsign=false"));
        command.addAll(Arrays.asList(args));
        ExternalCommand.Result r = new ExternalCommand(command, dir).timeout(Duration.ofMinutes(1)).run();
        if (!r.succeeded()) {
            throw new IOException("git " + String.join(" ", args) + ": " + r.stderr);
        }
        return r.stdout.trim();
    }

    private static boolean runQuietly(List<String> command) {
        try {
            return new ExternalCommand(command, Path.of(".")).run().succeeded();
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    public static void write(Path file, String text) throws IOException {
        Files.createDirectories(file.getParent());
        Files.write(file, text.getBytes(StandardCharsets.UTF_8));
    }

    private static String read(Path file) throws IOException {
        return new String(Files.readAllBytes(file), StandardCharsets.UTF_8);
    }

    private static void deleteTree(Path dir) throws java.io.IOException {
        try (java.util.stream.Stream<Path> paths = Files.walk(dir)) {
            for (Path p : (Iterable<Path>) paths.sorted(java.util.Comparator.reverseOrder())::iterator) {
                Files.delete(p);
            }
        }
    }
}
