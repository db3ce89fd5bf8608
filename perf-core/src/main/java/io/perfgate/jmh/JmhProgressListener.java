package io.perfgate.jmh;

/**
 * What JMH's human-readable output tells while it runs, as events. Called on the thread that runs JMH, in order.
 * Every method does nothing by default, so listeners implement only what they need.
 */
public interface JmhProgressListener {
    /** A listener that ignores everything. */
    JmhProgressListener NONE = new JmhProgressListener() {
    };

    /** JMH starts one run: a benchmark in one mode with one set of parameter values. */
    default void runStarted(JmhRunHeader run) {
    }

    /** A fork starts; {@code warmup} for the forks JMH throws away. */
    default void forkStarted(JmhRunHeader run, int fork, int forks, boolean warmup) {
    }

    /**
     * A fork ended normally.
     *
     * @param scores the fork's measurement iteration scores as JMH printed them (NaN where JMH printed none,
     *     e.g. "≈ 0"); empty for a warmup fork
     * @param unit the unit of the scores, e.g. {@code ns/op}
     */
    default void forkFinished(JmhRunHeader run, int fork, int forks, boolean warmup, double[] scores, String unit) {
    }

    /**
     * A fork ended normally, with its warm-up iterations ({@link ForkWarmup#NONE} for a warmup fork); by default
     * the event without them.
     */
    default void forkFinished(JmhRunHeader run, int fork, int forks, boolean warmup, double[] scores, String unit,
            ForkWarmup warmupIterations) {
        forkFinished(run, fork, forks, warmup, scores, unit);
    }

    /** perf:run waits before starting JMH, e.g. for another JMH run to release JMH's lock file. */
    default void waiting(String reason) {
    }

    /** The log line that says a run waits for {@code reason}, in perf:run and in the forks of a comparison. */
    static String waitingLine(String reason) {
        return "Waiting: " + reason;
    }

    /** JMH reported a failure; {@code line} is the line that says so. */
    default void failureReported(JmhRunHeader run, String line) {
    }
}
