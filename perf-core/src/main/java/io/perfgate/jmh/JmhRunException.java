package io.perfgate.jmh;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * JMH did not produce a full result: a benchmark threw, its JVM exited or ran out of memory, it passed its
 * timeout, or JMH itself failed. The message names the benchmark and quotes the end of its output.
 */
public final class JmhRunException extends Exception {
    private static final long serialVersionUID = 1L;

    /** What went wrong. */
    public enum Kind {
        /** JMH reported a benchmark failure (exception, System.exit, a fork that died). */
        BENCHMARK_FAILED,
        /** The run passed its timeout and was killed with all its JVMs. */
        TIMED_OUT,
        /** JMH exited with a non-zero code without reporting a benchmark failure. */
        JMH_FAILED,
        /** JMH ended normally but its results lack benchmarks or forks that were asked for. */
        RESULTS_INCOMPLETE,
        /** The JVM could not be started. */
        NOT_STARTED,
        /** Another JMH run held JMH's lock for longer than perf:run would wait. */
        LOCKED,
        /** The thread running JMH was interrupted (the build was cancelled). */
        INTERRUPTED
    }

    private final Kind kind;
    private final String benchmark;
    private final transient List<String> outputTail;

    public JmhRunException(Kind kind, String benchmark, String message, List<String> outputTail) {
        this(kind, benchmark, message, outputTail, null);
    }

    public JmhRunException(Kind kind, String benchmark, String message, List<String> outputTail, Throwable cause) {
        super(message + tail(outputTail), cause);
        this.kind = kind;
        this.benchmark = benchmark;
        this.outputTail = Collections.unmodifiableList(new ArrayList<>(outputTail));
    }

    private static String tail(List<String> lines) {
        if (lines.isEmpty()) {
            return "";
        }
        StringBuilder sb = new StringBuilder(System.lineSeparator()).append("Last lines of its output:");
        for (String line : lines) {
            sb.append(System.lineSeparator()).append("  | ").append(line);
        }
        return sb.toString();
    }

    public Kind kind() {
        return kind;
    }

    /** The benchmark (with parameters) that was running, or the benchmarks asked for. */
    public String benchmark() {
        return benchmark;
    }

    public List<String> outputTail() {
        return outputTail;
    }
}
