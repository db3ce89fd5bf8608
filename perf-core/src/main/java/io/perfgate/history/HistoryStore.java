package io.perfgate.history;

import java.time.Duration;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Predicate;
import java.util.stream.Collectors;

/** Where the history of runs is kept: a directory ({@link DirectoryStore}) or a git branch ({@link GitBranchStore}). */
public interface HistoryStore {
    /**
     * Adds one record. A record that could be kept but not shared (a git branch that cannot be pushed) is an
     * {@link Appended} with the reason, not an exception.
     *
     * @throws HistoryException when the record could not be kept at all
     */
    Appended append(HistoryRecord record) throws HistoryException;

    /**
     * Every record, oldest first. A record that does not read is left out and named to {@code skipped} with the
     * reason: one bad file never hides the rest of the history.
     *
     * @throws HistoryException when the store itself cannot be read
     */
    List<HistoryRecord> list(Consumer<String> skipped) throws HistoryException;

    /**
     * The records whose names {@code names} accepts, as {@link #list(Consumer)} reads them; the others are not read,
     * which spares parsing a whole history to look at a few runs.
     */
    default List<HistoryRecord> list(Predicate<String> names, Consumer<String> skipped) throws HistoryException {
        return list(skipped).stream().filter(r -> names.test(r.name())).collect(Collectors.toList());
    }

    /** Where the record {@code name} is, for messages: {@code perf-history:2026/11/....json}, a file. */
    default String locate(String name) {
        return describe() + ": " + name;
    }

    /**
     * How old a temporary file of a store must be before the next record removes it: far longer than writing a
     * record takes (well under a second for megabytes), so no live writer's file is ever taken.
     */
    Duration STALE_TEMPORARY_AGE = Duration.ofHours(1);

    /**
     * Removes what writers killed mid-write left behind (temporary files older than {@link #STALE_TEMPORARY_AGE});
     * returns each one removed with its size, for the log.
     */
    default List<String> removeStaleTemporaries() {
        return List.of();
    }

    /**
     * The name of the one document a store keeps beside its records: the change points {@code perf:trend} reported
     * last ({@code changes.json} at the store's root), so that the next build's analysis keeps them in place.
     */
    String REPORTED_CHANGES = "changes.json";

    /**
     * The reported change points as {@code perf:trend} last saved them, or null when none were saved. The git store
     * fetches first when it has a remote, and reads the local branch when it cannot.
     *
     * @throws HistoryException when the store itself cannot be read
     */
    String reportedChanges() throws HistoryException;

    /**
     * Replaces the reported change points, with the same writing rules as a record's: whole or not at all, and on
     * the git branch with a compare-and-swap and the push retried when another build pushed first (the last writer
     * wins; every writer analysed the records it could see).
     *
     * @throws HistoryException when the document could not be kept at all
     */
    Appended saveReportedChanges(String json) throws HistoryException;

    /**
     * Where the maps of executed code ({@code affected.ExecutedCode}) live in a store: one gzip'd JSON file per
     * commit, {@code executed-code/<full commit id>.json.gz}, beside the records.
     */
    String EXECUTED_CODE_DIRECTORY = "executed-code";

    /**
     * Keeps the map of the code each benchmark ran at {@code commit} (gzip'd JSON bytes), replacing one kept for the
     * same commit, with the same writing rules as a record's.
     *
     * @throws HistoryException when it could not be kept at all
     */
    default Appended saveExecutedCode(String commit, byte[] gzippedJson) throws HistoryException {
        throw new HistoryException(describe() + " keeps no maps of executed code");
    }

    /** The full commit ids that have a map of executed code in the store; empty when none. */
    default java.util.Set<String> executedCodeCommits() throws HistoryException {
        return java.util.Set.of();
    }

    /** The map kept for {@code commit} (gzip'd JSON bytes), or null when there is none. */
    default byte[] executedCode(String commit) throws HistoryException {
        return null;
    }

    /** The store, for messages: {@code directory /ci/cache/perf-history}, {@code git branch perf-history}. */
    String describe();

    /**
     * Why a store that was to be shared with a remote is kept local only, as one line for the log (a git repository
     * without the remote named), or null.
     */
    default String localOnly() {
        return null;
    }

    /** Where a record went, and why it is not shared yet when it is not. */
    final class Appended {
        private final String location;
        private final String notShared;

        private Appended(String location, String notShared) {
            this.location = location;
            this.notShared = notShared;
        }

        static Appended shared(String location) {
            return new Appended(location, null);
        }

        static Appended keptLocally(String location, String whyNotShared) {
            return new Appended(location, whyNotShared);
        }

        /** Where the record is, e.g. a file or {@code perf-history@1a2b3c4d5e pushed to origin}. */
        public String location() {
            return location;
        }

        /** True when the record reached every place it was meant for. */
        public boolean isShared() {
            return notShared == null;
        }

        /** Why it was kept only locally, or null. */
        public String notShared() {
            return notShared;
        }
    }
}
