package io.perfgate.text;

/** Commit ids as people read them in logs and reports. */
public final class CommitIds {
    /** The length of an abbreviated commit id: enough to be unique in any repository this plugin meets. */
    public static final int SHORT_LENGTH = 10;

    private CommitIds() {
    }

    /**
     * The first {@value #SHORT_LENGTH} characters of {@code commit}, all of it when shorter, or {@code ?} when the
     * commit is not known (a run recorded outside git).
     */
    public static String abbreviate(String commit) {
        if (commit == null) {
            return "?";
        }
        return commit.length() > SHORT_LENGTH ? commit.substring(0, SHORT_LENGTH) : commit;
    }
}
