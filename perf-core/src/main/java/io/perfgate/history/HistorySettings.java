package io.perfgate.history;

import io.perfgate.log.PerfLog;
import java.nio.file.Path;
import java.util.List;

/**
 * The history settings as a goal was given them ({@code perf.history}, {@code perf.historyBranch},
 * {@code perf.historyRemote}, {@code perf.historyPush}), and the one place that opens the store they name. Each way
 * of opening says when the remote is used: a goal that writes the history (perf:record, perf:trend) follows
 * {@code perf.historyPush}; a goal that only orders by it reads it as it is here; a check that judges against it
 * fetches it first.
 */
public final class HistorySettings {
    private final String history;
    private final String branch;
    private final String remote;
    private final boolean push;

    /** @param push {@code perf.historyPush}: fetch before reading and push after writing */
    public HistorySettings(String history, String branch, String remote, boolean push) {
        this.history = history;
        this.branch = branch;
        this.remote = remote;
        this.push = push;
    }

    /**
     * The store, fetched before reading and pushed after writing when {@code perf.historyPush} says so.
     *
     * @throws IllegalArgumentException when a setting is not valid, naming the property
     * @throws HistoryException when the git store cannot be opened here (not a git repository)
     */
    public HistoryStore open(Path projectDirectory) throws HistoryException {
        return HistoryStores.open(history, branch, remote, push, projectDirectory);
    }

    /** The store as it is here, never fetched: reading it is no reason to wait for the network. */
    public HistoryStore local(Path projectDirectory) throws HistoryException {
        return HistoryStores.open(history, branch, remote, false, projectDirectory);
    }

    /**
     * The history's records as they are here, oldest first, to order a suite by (the most often changed first);
     * none, said at debug level, where there is no history or it cannot be read: ordering is no reason to fail.
     */
    public List<HistoryRecord> forOrdering(Path projectDirectory, PerfLog log) {
        try {
            return local(projectDirectory).list(skipped -> log.debug("history record left out of the order: "
                    + skipped));
        } catch (HistoryException | IllegalArgumentException e) {
            log.debug("No history to order the suite by: " + e.getMessage());
            return List.of();
        }
    }

    /** The store fetched from the remote before it is read (nothing is written to it). */
    public HistoryStore fetched(Path projectDirectory) throws HistoryException {
        return HistoryStores.open(history, branch, remote, true, projectDirectory);
    }
}
