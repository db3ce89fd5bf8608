package io.perfgate.history;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.perfgate.process.ExternalCommand;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** Git repositories for the history store's tests: a bare "origin" and clones of it with one commit on main. */
final class GitFixture {
    private GitFixture() {
    }

    static boolean gitAvailable() {
        try {
            return new ExternalCommand(List.of("git", "--version"), Path.of(".")).run().succeeded();
        } catch (IOException e) {
            return false;
        }
    }

    /** A bare repository with a main branch of one commit. */
    static Path origin(Path parent) throws IOException {
        Path origin = parent.resolve("origin.git");
        git(parent, "init", "--quiet", "--bare", "--initial-branch=main", origin.toString());
        Path seed = parent.resolve("seed");
        git(parent, "clone", "--quiet", origin.toString(), seed.toString());
        Files.writeString(seed.resolve("README"), "project\n");
        git(seed, "add", "README");
        commit(seed, "first");
        git(seed, "push", "--quiet", "origin", "HEAD:refs/heads/main");
        return origin;
    }

    static Path cloneOf(Path origin, Path directory) throws IOException {
        git(origin.getParent(), "clone", "--quiet", origin.toString(), directory.toString());
        return directory;
    }

    static void commit(Path repo, String message) throws IOException {
        git(repo, "-c", "user.name=Dev", "-c", "user.email=dev@example.org", "commit", "--quiet", "-m", message);
    }

    /** Runs git, asserting it works, and returns its output trimmed. */
    static String git(Path directory, String... args) throws IOException {
        ExternalCommand.Result r = run(directory, args);
        assertTrue(r.succeeded(), "git " + String.join(" ", args) + ": " + r.stderr);
        return r.stdout.trim();
    }

    static ExternalCommand.Result run(Path directory, String... args) throws IOException {
        return run(Duration.ofMinutes(1), directory, args);
    }

    static ExternalCommand.Result run(Duration timeout, Path directory, String... args) throws IOException {
        List<String> command = new ArrayList<>();
        command.add("git");
        command.addAll(Arrays.asList(args));
        return new ExternalCommand(command, directory).timeout(timeout)
                .environment("GIT_CONFIG_NOSYSTEM", "1").run();
    }

    /** What must not change when the history is written: status, HEAD, index and stash of the working tree. */
    static String checkoutState(Path repo) throws IOException {
        return "status:" + git(repo, "status", "--porcelain", "--untracked-files=all") + "\nHEAD:"
                + git(repo, "rev-parse", "HEAD") + " " + git(repo, "symbolic-ref", "HEAD") + "\nindex:"
                + git(repo, "ls-files", "--stage") + "\nstash:" + git(repo, "stash", "list");
    }
}
