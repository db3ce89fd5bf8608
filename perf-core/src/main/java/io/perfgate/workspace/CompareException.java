package io.perfgate.workspace;

/**
 * The comparison cannot be made as asked: not a git repository, an unknown or malformed ref, a base that
 * does not build. The message says what was found and what to do; the build reports it as an error, not as
 * a regression.
 */
public class CompareException extends Exception {
    private static final long serialVersionUID = 1L;

    public CompareException(String message) {
        super(message);
    }

    public CompareException(String message, Throwable cause) {
        super(message, cause);
    }
}
