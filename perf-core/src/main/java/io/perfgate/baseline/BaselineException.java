package io.perfgate.baseline;

/**
 * A stored-baseline workflow cannot go on as asked: no results to judge or record, a file that does not read, a
 * write that failed. The message says what was found and what to do; the build reports it as an error, not as a
 * regression.
 */
public final class BaselineException extends Exception {
    private static final long serialVersionUID = 1L;

    /** A reader's own exception, kept for a debug log only: {@link #getMessage()} already says what matters. */
    private final transient Throwable detail;

    public BaselineException(String message, Throwable cause) {
        super(message, cause);
        this.detail = null;
    }

    private BaselineException(String message, Throwable detail, boolean unused) {
        super(message);
        this.detail = detail;
    }

    /**
     * A failure whose message is complete without its cause: a build log would append the JSON parser's own
     * message, location noise included, to the one that names the file and what to do.
     */
    static BaselineException withoutCause(String message, Throwable detail) {
        return new BaselineException(message, detail, true);
    }

    /** What the message was made from, for {@code mvn -X}; null when it is the cause. */
    public Throwable detail() {
        return detail;
    }
}
