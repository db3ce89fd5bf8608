package io.perfgate.affected;

import io.perfgate.history.HistoryException;
import io.perfgate.history.HistoryStore;
import io.perfgate.log.PerfLog;
import io.perfgate.results.BenchmarkId;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * perf:record's part of {@code perf.executedCode}: the map a measuring goal wrote beside the results, kept in the
 * history under the commit just recorded. Only a map of that commit is kept: one of another commit (a map left by a
 * run of an earlier checkout) would make the selection read another commit's code as this one's, so it is refused
 * with a warning. A map already kept for the commit is merged with, not replaced: the shards of a suite
 * ({@code perf.shard}) each record their part of one commit's map. Like the record itself, keeping it never changes
 * a build's verdict.
 */
public final class ExecutedCodeHistory {
    private ExecutedCodeHistory() {
    }

    /**
     * Keeps {@code mapFile}, when there is one, in {@code store} under {@code commit} (the full commit id of the run
     * just recorded).
     *
     * @return true when the map was kept (maybe only locally)
     */
    public static boolean keep(Path mapFile, String commit, HistoryStore store, PerfLog log) {
        if (!Files.isRegularFile(mapFile)) {
            log.debug("No map of executed code at " + mapFile + " to keep in the history");
            return false;
        }
        ExecutedCode code;
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(mapFile);
            code = ExecutedCodeJson.read(bytes, mapFile.toString());
        } catch (IOException | ExecutedCodeException e) {
            log.warn("The map of executed code was not kept in the history: " + e.getMessage()
                    + ". The run's record stands.");
            return false;
        }
        if (!code.commit().equals(commit)) {
            log.warn("The map of executed code " + mapFile + " is of commit " + code.commit() + ", not of the commit"
                    + " just recorded (" + commit + "): it is not kept, since the selection would read it as this"
                    + " commit's code. perf:run with perf.executedCode on this commit records this commit's map.");
            return false;
        }
        try {
            String merged = "";
            ExecutedCode earlier = earlier(store, commit, log);
            if (earlier != null) {
                Map<BenchmarkId, Set<ExecutedCode.Method>> both = new TreeMap<>(earlier.executed());
                both.putAll(code.executed());
                if (both.size() > code.executed().size()) {
                    merged = "; with the " + (both.size() - code.executed().size()) + " other parameter sets kept"
                            + " earlier for this commit (another shard's)";
                    code = new ExecutedCode(commit, both);
                    bytes = ExecutedCodeJson.gzipped(code);
                }
            }
            HistoryStore.Appended kept = store.saveExecutedCode(commit, bytes);
            String what = "the map of the code " + code.executed().size() + " parameter sets ran ("
                    + ExecutedCodeRecorder.kilobytes(bytes.length) + ", commit " + commit.substring(0, 12) + merged
                    + ")";
            if (kept.isShared()) {
                log.info("Kept " + what + " in the " + store.describe() + ": " + kept.location());
            } else {
                log.warn("Kept " + what + " in the " + store.describe() + " but did not share it: "
                        + kept.notShared() + ". It is at " + kept.location() + "; the next perf:record that can push"
                        + " sends it along.");
            }
            return true;
        } catch (HistoryException e) {
            log.warn("Could not keep the map of executed code in the " + store.describe() + ": " + e.getMessage()
                    + ". The run's record stands; perf.affected falls back to an older map or the class analysis.");
            return false;
        }
    }

    /** The map kept for {@code commit} already, or null (also when it does not read: then it is replaced). */
    private static ExecutedCode earlier(HistoryStore store, String commit, PerfLog log) throws HistoryException {
        byte[] kept = store.executedCode(commit);
        if (kept == null) {
            return null;
        }
        try {
            ExecutedCode code = ExecutedCodeJson.read(kept, store.describe() + ": " + HistoryStore
                    .EXECUTED_CODE_DIRECTORY + "/" + commit + ".json.gz");
            return code.commit().equals(commit) ? code : null;
        } catch (ExecutedCodeException e) {
            log.warn("The map of executed code kept earlier is replaced, since it does not read: " + e.getMessage());
            return null;
        }
    }
}
