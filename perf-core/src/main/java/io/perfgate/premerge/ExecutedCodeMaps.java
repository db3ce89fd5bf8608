package io.perfgate.premerge;

import io.perfgate.affected.ExecutedCode;
import io.perfgate.affected.ExecutedCodeException;
import io.perfgate.affected.ExecutedCodeJson;
import io.perfgate.config.PerfProperties;
import io.perfgate.history.HistoryException;
import io.perfgate.history.HistorySettings;
import io.perfgate.history.HistoryStore;
import io.perfgate.text.CommitIds;
import io.perfgate.workspace.CompareException;
import io.perfgate.workspace.GitRepository;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

/**
 * Where {@code perf.affected} finds the map of the code each benchmark ran ({@link ExecutedCode}): the newest one
 * kept at the merge base or one of its first-parent ancestors, at most {@value #ANCESTORS} commits back. The maps
 * are recorded on main by {@code perf:record} ({@code perf.executedCode}) and kept in the history store beside the
 * runs, one per commit; reading them never writes to the store.
 */
public final class ExecutedCodeMaps {
    /** How many commits of the main line, the merge base first, are searched for a map. */
    public static final int ANCESTORS = 200;

    /** The maps a store keeps: the commits that have one, and one commit's. */
    public interface Source {
        /** The store, for messages: {@code git branch perf-history}. */
        String describe();

        /** The full commit ids that have a map. */
        Set<String> commits() throws HistoryException;

        /**
         * The map kept for {@code commit}.
         *
         * @throws HistoryException when the store cannot be read
         * @throws IOException when the map does not parse
         */
        ExecutedCode read(String commit) throws HistoryException, IOException;
    }

    /** Opens the history store read-only (never pushed, never written). */
    public interface Opener {
        HistoryStore open() throws HistoryException;
    }

    private ExecutedCodeMaps() {
    }

    /**
     * The maps of the history {@code settings} name for the project in {@code projectDirectory}: fetched first, as
     * perf:check fetches it for {@code perf.baseline=history}, and only read (never written nor pushed); opened only
     * when a map is looked for.
     */
    public static Source inHistory(HistorySettings settings, Path projectDirectory) {
        return inHistory(() -> settings.fetched(projectDirectory));
    }

    /** The maps of the history store {@code opener} opens, opened when first asked. */
    public static Source inHistory(Opener opener) {
        return new Source() {
            private HistoryStore store;

            private HistoryStore store() throws HistoryException {
                if (store == null) {
                    try {
                        store = opener.open();
                    } catch (IllegalArgumentException e) {
                        throw new HistoryException(e.getMessage(), e);
                    }
                }
                return store;
            }

            @Override
            public String describe() {
                return store != null ? store.describe() : "the history";
            }

            @Override
            public Set<String> commits() throws HistoryException {
                return store().executedCodeCommits();
            }

            @Override
            public ExecutedCode read(String commit) throws HistoryException, IOException {
                byte[] bytes = store().executedCode(commit);
                if (bytes == null) {
                    throw new IOException("the map is listed but cannot be found");
                }
                return parse(bytes, store().describe() + ", " + CommitIds.abbreviate(commit));
            }
        };
    }

    /** The one place a stored map's bytes (gzip'd JSON) are parsed. */
    private static ExecutedCode parse(byte[] gzippedJson, String source) throws IOException {
        try {
            return ExecutedCodeJson.read(gzippedJson, source);
        } catch (ExecutedCodeException e) {
            throw new IOException(e.getMessage(), e);
        }
    }

    /** The map found, or why there is none; the line to log either way. */
    static final class Found {
        /** The map; null when the class analysis is to select instead. */
        final ExecutedCode map;
        /** What to log: where the map was recorded, or why the selection falls back. */
        final String line;
        /** Whether {@link #line} is a warning: a map that was there could not be read. */
        final boolean warning;

        private Found(ExecutedCode map, String line, boolean warning) {
            this.map = map;
            this.line = line;
            this.warning = warning;
        }
    }

    /** The newest map at or before {@code mergeBase}, or why the class analysis selects instead. */
    static Found newest(GitRepository git, String mergeBase, Source source) {
        if (source == null) {
            return fallback("no history store to find a map of executed code in", false);
        }
        List<String> ancestors;
        try {
            ancestors = git.firstParentAncestors(mergeBase, ANCESTORS);
        } catch (CompareException e) {
            return fallback("the merge base's history cannot be listed (" + e.getMessage() + ")", false);
        }
        return newest(ancestors, source);
    }

    /** The newest map among {@code ancestors} (the merge base first, then its first parents). */
    static Found newest(List<String> ancestors, Source source) {
        if (ancestors.isEmpty()) {
            return fallback("git lists no commits at the merge base", false);
        }
        String mergeBase = CommitIds.abbreviate(ancestors.get(0));
        Set<String> kept;
        try {
            kept = source.commits();
        } catch (HistoryException e) {
            return fallback("the history cannot be read (" + e.getMessage() + ")", false);
        }
        for (int i = 0; i < ancestors.size(); i++) {
            String commit = ancestors.get(i);
            if (!kept.contains(commit)) {
                continue;
            }
            ExecutedCode map;
            try {
                map = source.read(commit);
            } catch (HistoryException | IOException e) {
                return fallback("the map of executed code at " + CommitIds.abbreviate(commit) + " in "
                        + source.describe() + " cannot be read (" + e.getMessage() + ")", true);
            }
            return new Found(map, PerfProperties.AFFECTED + ": selecting by the code each benchmark ran, recorded at "
                    + CommitIds.abbreviate(commit) + " (" + (i == 0 ? "the merge base"
                            : i + (i == 1 ? " commit" : " commits") + " before the merge base " + mergeBase) + ")",
                    false);
        }
        return fallback("no map of executed code at or within " + ANCESTORS + " commits before the merge base "
                + mergeBase + " in " + source.describe(), false);
    }

    private static Found fallback(String why, boolean warning) {
        return new Found(null, PerfProperties.AFFECTED + ": " + why + "; selecting by the class analysis, which"
                + " cannot see through reflection. To record one, run main's perf:run with -D"
                + PerfProperties.EXECUTED_CODE + "=true (or " + PerfProperties.AFFECTED + "=true in the POM), then"
                + " perf:record", warning);
    }
}
