package io.perfgate.history;

/** A history store that cannot be read or written, or is configured wrongly; the message says which and why. */
public class HistoryException extends Exception {
    private static final long serialVersionUID = 1L;

    public HistoryException(String message) {
        super(message);
    }

    public HistoryException(String message, Throwable cause) {
        super(message, cause);
    }
}
