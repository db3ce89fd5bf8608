package io.perfgate.run;

/** Where perf:run reports progress; the Mojo hands in Maven's log, tests a list. */
public interface RunLog {
    void info(String message);

    void warn(String message);
}
