package io.perfgate.history;

import io.perfgate.config.PerfProperties;
import io.perfgate.log.PerfLog;
import io.perfgate.process.ExternalCommand;
import io.perfgate.results.PerfResults;
import io.perfgate.results.Provenance;
import io.perfgate.results.ResultsFormatException;
import io.perfgate.results.ResultsJson;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Random;

/**
 * {@code perf:record}'s work: the run just measured, with where and when it was measured, appended to the history.
 * Recording is a by-product of a build, never its verdict: a store that cannot be written or pushed is logged as one
 * warning that says what failed, that the verdict is unchanged and where the record was kept. So is a run the
 * history already holds (the same results recorded again, e.g. by a CI job run a second time): it is not written
 * twice. Only a branch that is not a history branch stops it, as the bad setting it is.
 */
public final class HistoryRecorder {
    private final BuildEnvironment buildEnvironment;
    private final Clock clock;
    private final Random random;
    private final PerfLog log;

    public HistoryRecorder(BuildEnvironment buildEnvironment, Clock clock, Random random, PerfLog log) {
        this.buildEnvironment = buildEnvironment;
        this.clock = clock;
        this.random = random;
        this.log = log;
    }

    /**
     * Appends the results in {@code resultsFile}, measured in {@code projectDirectory}, to {@code store}.
     *
     * @return the record written (maybe kept only locally), or null when nothing was recorded
     * @throws NotAHistoryBranchException when the git store's branch holds something else; nothing was written
     */
    public HistoryRecord record(Path resultsFile, Path projectDirectory, HistoryStore store)
            throws NotAHistoryBranchException {
        List<String> removed = store.removeStaleTemporaries();
        if (!removed.isEmpty()) {
            log.info("Removed " + removed.size() + " temporary " + (removed.size() == 1 ? "file" : "files")
                    + " of the history that killed builds left (older than "
                    + HistoryStore.STALE_TEMPORARY_AGE.toHours() + " h): " + String.join(", ", removed));
        }
        if (!Files.isRegularFile(resultsFile)) {
            log.warn("No results at " + resultsFile + " to record in the history: run perf:run or perf:check"
                    + " first. Nothing was recorded; the verdict is unchanged.");
            return null;
        }
        PerfResults results;
        try {
            results = ResultsJson.read(resultsFile);
        } catch (ResultsFormatException e) {
            log.warn("Not recorded in the history: " + e.getMessage() + ". The verdict is unchanged.");
            return null;
        }
        if (results.benchmarks().isEmpty()) {
            // a run of nothing would count as a run in the trend and the history check, and say nothing of any series
            String shard = results.settings().get(PerfProperties.SHARD);
            log.warn("Not recorded in the history: " + resultsFile + " holds no benchmark"
                    + (shard == null ? "" : " (shard " + shard + " had nothing to run: there are fewer benchmarks"
                            + " than shards)") + ", and a run of nothing is no run of the suite. Nothing was"
                    + " recorded; the verdict is unchanged.");
            return null;
        }
        HistoryRecord record = HistoryRecord.create(results, origin(results, projectDirectory), random);
        try {
            HistoryRecord earlier = alreadyRecorded(record, store);
            if (earlier != null) {
                log.warn("Not recorded: the history already holds this run as " + store.locate(earlier.name())
                        + " (the same results, recorded " + earlier.recordedAt() + "), so nothing was written."
                        + " The verdict is unchanged.");
                return null;
            }
            HistoryStore.Appended appended = store.append(record);
            if (appended.isShared()) {
                log.info("Recorded " + record.name() + " (" + results.benchmarks().size() + " results) in the "
                        + store.describe() + ": " + appended.location());
            } else {
                log.warn("The run was recorded in the " + store.describe() + " but not shared: "
                        + appended.notShared() + ". The verdict is unchanged. The record " + record.name()
                        + " is kept at " + appended.location() + "; the next perf:record that can push sends it"
                        + " along.");
            }
            return record;
        } catch (NotAHistoryBranchException e) {
            throw e;
        } catch (HistoryException e) {
            log.warn("Could not record the run in the " + store.describe() + ": " + e.getMessage()
                    + ". The verdict is unchanged; this run is missing from the history.");
            return null;
        }
    }

    /**
     * The record of the same run in {@code store}, or null. Only the records of the same commit are read: a run
     * recorded again names the same commit, and a whole history need not be parsed for every record.
     */
    private HistoryRecord alreadyRecorded(HistoryRecord record, HistoryStore store) throws HistoryException {
        String commit = HistoryRecord.commitPart(record.name());
        String digest = record.runDigest();
        for (HistoryRecord r : store.list(name -> HistoryRecord.commitPart(name).equals(commit),
                skipped -> log.debug("Not read while looking for this run in the history: " + skipped))) {
            if (r.runDigest().equals(digest)) {
                return r;
            }
        }
        return null;
    }

    /** The commit measured (from the results), its parent and branch (from git, else the CI), now, the CI's link. */
    RunOrigin origin(PerfResults results, Path projectDirectory) {
        Git git = new Git("git", projectDirectory, Duration.ofMinutes(1));
        String commit = Provenance.of(results).commit();
        if (commit == null || !commit.matches("[0-9a-fA-F]{7,64}")) {
            commit = quietly(git, "rev-parse", "--verify", "--quiet", "HEAD^{commit}");
        }
        String parent = commit == null ? null : quietly(git, "rev-parse", "--verify", "--quiet", commit + "^");
        String branch = quietly(git, "symbolic-ref", "--quiet", "--short", "HEAD");
        if (branch == null) {
            branch = buildEnvironment.branch();
        }
        return new RunOrigin(clock.instant(), commit, parent, branch, buildEnvironment.buildUrl());
    }

    /** git's answer, or null when git fails or is missing: the origin's fields are best effort. */
    private static String quietly(Git git, String... args) {
        try {
            ExternalCommand.Result r = git.run(args);
            String out = r.stdout.trim();
            return r.succeeded() && !out.isEmpty() ? out : null;
        } catch (HistoryException e) {
            return null;
        }
    }
}
