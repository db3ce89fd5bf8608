package io.perfgate.jmh;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * One or more perf:run options with values the plugin cannot use. Each problem names the property, the value
 * and the accepted form, e.g. {@code perf.forks=abc is not a whole number >= 1 (or auto); example:
 * -Dperf.forks=10}; all problems are reported at once so that one build shows every mistake.
 */
public final class InvalidOptionException extends Exception {
    private static final long serialVersionUID = 1L;

    private final List<String> problems;

    public InvalidOptionException(List<String> problems) {
        super(message(problems));
        this.problems = Collections.unmodifiableList(new ArrayList<>(problems));
    }

    public InvalidOptionException(String problem) {
        this(Collections.singletonList(problem));
    }

    public List<String> problems() {
        return problems;
    }

    private static String message(List<String> problems) {
        if (problems.size() == 1) {
            return problems.get(0);
        }
        StringBuilder sb = new StringBuilder(problems.size() + " perf:run options are invalid:");
        for (String p : problems) {
            sb.append(System.lineSeparator()).append("  ").append(p);
        }
        return sb.toString();
    }
}
