package io.perfgate.history;

import io.perfgate.process.ExternalCommand;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * git run in one repository for the history store: arguments as a list, never a prompt for credentials (a CI job
 * would hang on it), and a fixed identity for the commits of the history branch, so recording works on an agent
 * where no {@code user.name} is configured and never borrows the user's.
 */
final class Git {
    static final String IDENTITY_NAME = "perf-maven-plugin";
    static final String IDENTITY_EMAIL = "perf-maven-plugin@localhost";

    private final String executable;
    private final Path directory;
    private final Duration timeout;

    Git(String executable, Path directory, Duration timeout) {
        this.executable = executable;
        this.directory = directory;
        this.timeout = timeout;
    }

    Path directory() {
        return directory;
    }

    ExternalCommand.Result run(String... args) throws HistoryException {
        return run(null, Map.of(), args);
    }

    /** Runs git with {@code input} on its standard input (null: none) and {@code environment} added. */
    ExternalCommand.Result run(String input, Map<String, String> environment, String... args) throws HistoryException {
        return run(input == null ? null : input.getBytes(java.nio.charset.StandardCharsets.UTF_8), null, environment,
                args);
    }

    /**
     * Runs git with {@code input} bytes on its standard input (null: none), its standard output written to
     * {@code output} byte for byte (null: captured as text) and {@code environment} added.
     */
    ExternalCommand.Result run(byte[] input, Path output, Map<String, String> environment, String... args)
            throws HistoryException {
        List<String> command = new ArrayList<>();
        command.add(executable);
        command.addAll(Arrays.asList(args));
        Map<String, String> env = new LinkedHashMap<>();
        env.put("GIT_TERMINAL_PROMPT", "0");
        env.put("GIT_AUTHOR_NAME", IDENTITY_NAME);
        env.put("GIT_AUTHOR_EMAIL", IDENTITY_EMAIL);
        env.put("GIT_COMMITTER_NAME", IDENTITY_NAME);
        env.put("GIT_COMMITTER_EMAIL", IDENTITY_EMAIL);
        env.putAll(environment);
        ExternalCommand cmd = new ExternalCommand(command, directory).timeout(timeout);
        env.forEach(cmd::environment);
        if (input != null) {
            cmd.input(input);
        }
        if (output != null) {
            cmd.outputTo(output);
        }
        try {
            return cmd.run();
        } catch (IOException e) {
            throw new HistoryException("cannot run git " + args[0] + " in " + directory + ": " + e.getMessage(), e);
        }
    }

    /** Runs git and returns its trimmed output, or fails with what git said. */
    String output(String... args) throws HistoryException {
        ExternalCommand.Result r = run(args);
        if (!r.succeeded()) {
            throw new HistoryException("git " + String.join(" ", args) + " failed in " + directory + ": "
                    + said(r));
        }
        return r.stdout.trim();
    }

    /** The commit a ref names, or null when it names none. */
    String resolve(String ref) throws HistoryException {
        ExternalCommand.Result r = run("rev-parse", "--verify", "--quiet", "--end-of-options", ref + "^{commit}");
        String sha = r.stdout.trim();
        return r.succeeded() && !sha.isEmpty() ? sha : null;
    }

    /** The first line of git's complaint, or how the command ended when it said nothing. */
    static String said(ExternalCommand.Result r) {
        String text = (r.stderr.trim().isEmpty() ? r.stdout : r.stderr).trim();
        if (r.timedOut) {
            return "timed out";
        }
        if (text.isEmpty()) {
            return "exit code " + r.exitCode;
        }
        int nl = text.indexOf('\n');
        return nl < 0 ? text : text.substring(0, nl);
    }
}
