package io.perfgate.history;

/**
 * The history branch named is a branch of something else (code, documents): the store refuses it before writing or
 * reading anything, and the goals treat it as the bad setting it is.
 */
public final class NotAHistoryBranchException extends HistoryException {
    private static final long serialVersionUID = 1L;

    NotAHistoryBranchException(String message) {
        super(message);
    }
}
