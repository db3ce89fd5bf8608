package io.perfgate.run;

/**
 * perf:run could not produce complete results: bad input (options, no benchmarks), a benchmark that failed or
 * hung, or I/O. The message is for the person reading the build log: what happened, where, and what to do.
 */
public final class RunFailedException extends Exception {
    private static final long serialVersionUID = 1L;

    public RunFailedException(String message) {
        super(message);
    }

    public RunFailedException(String message, Throwable cause) {
        super(message, cause);
    }
}
