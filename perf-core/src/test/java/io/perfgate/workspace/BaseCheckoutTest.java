package io.perfgate.workspace;

import static io.perfgate.workspace.GitRepositoryTest.git;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.perfgate.testing.LogLines;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The base checkout a comparison measures: the base's files in a worktree of their own, built there, and removed
 * again whether the build worked or not, the user's working tree untouched.
 */
class BaseCheckoutTest {
    @TempDir
    Path tmp;
    private Path repo;
    private Path module;
    private String first;
    private final LogLines log = new LogLines();

    @BeforeEach
    void makeRepository() throws Exception {
        repo = tmp.resolve("repo");
        module = repo.resolve("module");
        Files.createDirectories(module);
        git(repo, "init", "-q", "-b", "main");
        Files.writeString(module.resolve("A.txt"), "base");
        git(repo, "add", "-A");
        git(repo, "commit", "-q", "-m", "first");
        first = git(repo, "rev-parse", "HEAD");
        Files.writeString(module.resolve("A.txt"), "working tree, not committed");
    }

    private CheckoutPaths paths() {
        return new CheckoutPaths(module, repo, module.resolve("target/perf"), Paths.get("target/test-classes"),
                Paths.get("target/classes"));
    }

    private List<String> worktrees() throws Exception {
        List<String> lines = new ArrayList<>();
        for (String line : git(repo, "worktree", "list", "--porcelain").split("\n")) {
            if (line.startsWith("worktree ")) {
                lines.add(line);
            }
        }
        return lines;
    }

    @Test
    void theBaseIsBuiltInAWorktreeOfItsOwnAndRemovedOnClose() throws Exception {
        GitRepository git = GitRepository.open(module);
        BaseRef ref = BaseRef.exactly(git, first, module, repo,
                module.resolve("target/perf"), "base-");
        List<Path> built = new ArrayList<>();
        List<String> seen = new ArrayList<>();
        BaseBuilder builder = (root, mod, testOutput, mainOutput, logFile, l) -> {
            try {
                seen.add(Files.readString(root.resolve(mod).resolve("A.txt"), StandardCharsets.UTF_8));
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
            built.add(root.resolve(mod).resolve(testOutput));
            return built;
        };

        Path checkoutDir;
        try (BaseCheckout checkout = BaseCheckout.open(git, ref, builder, paths(), log)) {
            checkoutDir = ref.checkout;
            assertEquals(List.of("base"), seen, "the builder sees the base's files, not the working tree's");
            assertSame(built, checkout.classpath());
            assertEquals(2, worktrees().size(), worktrees()::toString);
        }
        assertFalse(Files.exists(checkoutDir), "closing removes the checkout");
        assertEquals(1, worktrees().size(), worktrees()::toString);
        assertEquals("working tree, not committed", Files.readString(module.resolve("A.txt")),
                "the user's working tree is untouched");
    }

    @Test
    void aBaseThatDoesNotBuildLeavesNoWorktreeBehind() throws Exception {
        GitRepository git = GitRepository.open(module);
        BaseRef ref = BaseRef.exactly(git, first, module, repo,
                module.resolve("target/perf"), "base-");
        CompareException broken = new CompareException("the base does not compile");
        BaseBuilder builder = (root, mod, testOutput, mainOutput, logFile, l) -> {
            throw broken;
        };

        CompareException e = assertThrows(CompareException.class,
                () -> BaseCheckout.open(git, ref, builder, paths(), log));
        assertSame(broken, e);
        assertFalse(Files.exists(ref.checkout), "removed although the build failed");
        assertEquals(1, worktrees().size(), worktrees()::toString);
        assertTrue(ref.checkout.startsWith(module.resolve("target/perf")), ref.checkout::toString);
    }
}
