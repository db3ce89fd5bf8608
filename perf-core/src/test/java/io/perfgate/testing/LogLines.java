package io.perfgate.testing;

import io.perfgate.log.PerfLog;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * A {@link PerfLog} that keeps what it is told, for assertions: every line as the build would show it
 * ({@code [INFO] ...}, {@code [WARNING] ...}) and the messages of each level. Safe to call from the threads
 * that pump a child process's output.
 */
public final class LogLines implements PerfLog {
    private final List<String> lines = Collections.synchronizedList(new ArrayList<>());
    private final List<String> infos = Collections.synchronizedList(new ArrayList<>());
    private final List<String> warnings = Collections.synchronizedList(new ArrayList<>());

    @Override
    public void info(String message) {
        lines.add("[INFO] " + message);
        infos.add(message);
    }

    @Override
    public void warn(String message) {
        lines.add("[WARNING] " + message);
        warnings.add(message);
    }

    /** Every line, prefixed with its level as Maven prints it. */
    public List<String> lines() {
        return snapshot(lines);
    }

    public List<String> infos() {
        return snapshot(infos);
    }

    public List<String> warnings() {
        return snapshot(warnings);
    }

    /** Whether any line holds {@code fragment}. */
    public boolean any(String fragment) {
        return lines().stream().anyMatch(l -> l.contains(fragment));
    }

    @Override
    public String toString() {
        return String.join("\n", lines());
    }

    private static List<String> snapshot(List<String> list) {
        synchronized (list) {
            return new ArrayList<>(list);
        }
    }
}
