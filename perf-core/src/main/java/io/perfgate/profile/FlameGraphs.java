package io.perfgate.profile;

import io.perfgate.process.ProcessTree;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Interactive flame graphs of one recording, drawn by async-profiler's own converter
 * ({@code tools.profiler:jfr-converter}, run in a JVM of its own): one self-contained HTML page per kind of
 * event the recording holds on the benchmark's threads.
 */
public final class FlameGraphs {
    /** How long one conversion may take; a recording of one fork converts in well under a second. */
    static final long TIMEOUT_SECONDS = 120;
    private final Path java;
    private final Path converterJar;

    /** @param java the {@code java} that runs the converter; @param converterJar jfr-converter's jar */
    public FlameGraphs(Path java, Path converterJar) {
        this.java = java;
        this.converterJar = converterJar;
    }

    /**
     * Writes {@code cpu-<side>.html}, and {@code alloc-<side>.html} and {@code lock-<side>.html} where the profile
     * has such events, into the recording's directory.
     *
     * @return the file names written
     * @throws IOException when the converter fails, quoting its output
     */
    public List<String> write(Path recording, String side, StackProfile profile, String title, ProfiledCode code)
            throws IOException {
        List<String> written = new ArrayList<>();
        String include = code.converterInclude();
        convert(recording, "--cpu", "cpu-" + side + ".html", title + " (" + side + ", CPU)", include, written);
        if (!profile.allocations().isEmpty()) {
            convert(recording, "--alloc", "alloc-" + side + ".html", title + " (" + side + ", allocation)", include,
                    written);
        }
        if (!profile.locks().isEmpty()) {
            convert(recording, "--lock", "lock-" + side + ".html", title + " (" + side + ", locks)", include,
                    written);
        }
        return written;
    }

    /** The CPU flame graph of a whole recording, e.g. of a JVM a scenario started, beside it as {@code <name>.html}. */
    public String writeWhole(Path recording, String title) throws IOException {
        String name = recording.getFileName().toString().replaceAll("\\.jfr$", "") + ".html";
        convert(recording, "--cpu", name, title, null, new ArrayList<>());
        return name;
    }

    private void convert(Path recording, String kind, String fileName, String title, String include,
            List<String> written) throws IOException {
        Path output = recording.resolveSibling(fileName);
        List<String> command = new ArrayList<>(Arrays.asList(java.toString(), "-cp", converterJar.toString(), "Main",
                kind, "--title", title));
        if (include != null) {
            command.add("-I");
            command.add(include);
        }
        command.add(recording.toString());
        command.add(output.toString());
        Path log = Files.createTempFile(recording.getParent(), ".jfr-converter", ".log");
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
            boolean done = p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS);
            if (!done) {
                ProcessTree.kill(p, Duration.ZERO);
                throw new IOException("jfr-converter " + kind + " did not finish in " + TIMEOUT_SECONDS + " s");
            }
            if (p.exitValue() != 0 || !Files.isRegularFile(output)) {
                String out = new String(Files.readAllBytes(log), StandardCharsets.UTF_8).trim();
                throw new IOException("jfr-converter " + kind + " exited with " + p.exitValue() + ": "
                        + (out.length() > 600 ? out.substring(0, 600) + "..." : out));
            }
            written.add(fileName);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while drawing " + fileName, e);
        } finally {
            Files.deleteIfExists(log);
        }
    }
}
