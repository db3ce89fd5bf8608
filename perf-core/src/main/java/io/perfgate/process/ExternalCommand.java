package io.perfgate.process;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Runs a program with an argument list, never through a shell, so a ref name or a path can never be read
 * as a command or an option it was not meant to be. Output is either captured (for git's short answers) or
 * sent to a log file (for a Maven build, whose tail is shown when it fails). The pre-merge comparison's git and
 * Maven commands and the history store's git plumbing all run through it.
 */
public final class ExternalCommand {
    private final List<String> command;
    private final Path directory;
    private final Map<String, String> environment = new LinkedHashMap<>();
    private Duration timeout = Duration.ofMinutes(5);
    private Path logFile;
    private byte[] input;
    private Path outputFile;

    public ExternalCommand(List<String> command, Path directory) {
        if (command.isEmpty()) {
            throw new IllegalArgumentException("no program to run");
        }
        this.command = Collections.unmodifiableList(new ArrayList<>(command));
        this.directory = directory;
    }

    public ExternalCommand environment(String name, String value) {
        environment.put(name, value);
        return this;
    }

    public ExternalCommand timeout(Duration timeout) {
        this.timeout = timeout;
        return this;
    }

    /** Sends stdout and stderr, interleaved, to this file instead of capturing them. */
    public ExternalCommand logTo(Path logFile) {
        this.logFile = logFile;
        return this;
    }

    /** Feeds {@code text} (UTF-8) to the program's standard input instead of the null device. */
    public ExternalCommand input(String text) {
        this.input = text.getBytes(StandardCharsets.UTF_8);
        return this;
    }

    /** Feeds {@code bytes} to the program's standard input instead of the null device. */
    public ExternalCommand input(byte[] bytes) {
        this.input = bytes.clone();
        return this;
    }

    /**
     * Sends stdout, byte for byte, to this file instead of capturing it as text (for binary output, which the text
     * would corrupt); stderr is still captured.
     */
    public ExternalCommand outputTo(Path file) {
        this.outputFile = file;
        return this;
    }

    public List<String> command() {
        return command;
    }

    public Result run() throws IOException {
        ProcessBuilder pb = new ProcessBuilder(command).directory(directory.toFile());
        pb.environment().putAll(environment);
        if (logFile != null) {
            Files.createDirectories(logFile.toAbsolutePath().getParent());
            pb.redirectErrorStream(true).redirectOutput(logFile.toFile());
        } else if (outputFile != null) {
            pb.redirectOutput(outputFile.toFile());
        }
        if (input == null) {
            pb.redirectInput(ProcessBuilder.Redirect.from(Platform.nullDevice()));
        }
        Process process;
        try {
            process = pb.start();
        } catch (IOException e) {
            throw new IOException("cannot start " + command.get(0) + ": " + e.getMessage(), e);
        }
        StreamCollector out = logFile == null && outputFile == null ? new StreamCollector(process.getInputStream())
                : null;
        StreamCollector err = logFile == null ? new StreamCollector(process.getErrorStream()) : null;
        if (input != null) {
            feed(process);
        }
        try {
            boolean finished = process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
            if (!finished) {
                ProcessTree.kill(process, Duration.ofSeconds(10));
            }
            String stdout = out == null ? "" : out.text();
            String stderr = err == null ? "" : err.text();
            return new Result(finished ? process.exitValue() : -1, stdout, stderr, !finished);
        } catch (InterruptedException e) {
            ProcessTree.kill(process, Duration.ZERO);
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while running " + command.get(0), e);
        }
    }

    /** Writes the input and closes the pipe; a program that exits without reading it all is not an error here. */
    private void feed(Process process) {
        try (OutputStream stdin = process.getOutputStream()) {
            stdin.write(input);
        } catch (IOException e) {
            // The program closed its input early; its exit code and output say what happened.
        }
    }

    /** Drains a stream on its own thread so a chatty child never blocks on a full pipe. */
    private static final class StreamCollector {
        private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        private final Thread thread;

        StreamCollector(InputStream in) {
            thread = new Thread(() -> {
                try (InputStream s = in) {
                    s.transferTo(bytes);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }, "perf-command-output");
            thread.setDaemon(true);
            thread.start();
        }

        String text() throws InterruptedException {
            thread.join(10_000);
            synchronized (bytes) {
                return bytes.toString(StandardCharsets.UTF_8);
            }
        }
    }

    /** What the program said and how it ended. */
    public static final class Result {
        public final int exitCode;
        public final String stdout;
        public final String stderr;
        public final boolean timedOut;

        public Result(int exitCode, String stdout, String stderr, boolean timedOut) {
            this.exitCode = exitCode;
            this.stdout = stdout;
            this.stderr = stderr;
            this.timedOut = timedOut;
        }

        public boolean succeeded() {
            return exitCode == 0 && !timedOut;
        }
    }
}
