package io.perfgate.interleaved;

/** Which build a fork measures. */
public enum Side {
    /** The merge base of HEAD and the ref given in {@code perf.against}. */
    BASE("base"),
    /** The working tree as it is, uncommitted changes included. */
    CANDIDATE("candidate");

    private final String label;

    Side(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }
}
