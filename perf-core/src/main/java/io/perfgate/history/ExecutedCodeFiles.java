package io.perfgate.history;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Where a store keeps the maps of executed code: {@code executed-code/<full commit id>.json.gz} at its root. Only a
 * full commit id names one, so that no other string (an abbreviation, a path) can become a file name in the store.
 */
final class ExecutedCodeFiles {
    static final String EXTENSION = ".json.gz";
    private static final Pattern FULL_COMMIT = Pattern.compile("[0-9a-f]{40}|[0-9a-f]{64}");
    private static final Pattern FILE = Pattern.compile("([0-9a-f]{40}|[0-9a-f]{64})" + Pattern.quote(EXTENSION));

    private ExecutedCodeFiles() {
    }

    /**
     * {@code executed-code/<commit>.json.gz}.
     *
     * @throws HistoryException when {@code commit} is not a full commit id
     */
    static String path(String commit) throws HistoryException {
        if (commit == null || !FULL_COMMIT.matcher(commit).matches()) {
            throw new HistoryException("'" + commit + "' is not a full commit id (40 or 64 lowercase hex digits),"
                    + " so no map of executed code is kept under it");
        }
        return HistoryStore.EXECUTED_CODE_DIRECTORY + "/" + commit + EXTENSION;
    }

    /** The commit a map's file name ({@code <commit>.json.gz}, without its directory) names, or null. */
    static String commitOf(String fileName) {
        Matcher m = FILE.matcher(fileName);
        return m.matches() ? m.group(1) : null;
    }
}
