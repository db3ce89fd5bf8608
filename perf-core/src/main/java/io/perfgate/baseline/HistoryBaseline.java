package io.perfgate.baseline;

import io.perfgate.config.PerfProperties;
import io.perfgate.gate.EnvironmentDifference;
import io.perfgate.gate.Gate;
import io.perfgate.gate.GateReport;
import io.perfgate.gate.HistoryGate;
import io.perfgate.history.HistoryException;
import io.perfgate.history.HistoryRecord;
import io.perfgate.history.HistorySettings;
import io.perfgate.history.HistoryStore;
import io.perfgate.history.MainBranches;
import io.perfgate.history.RunOrigin;
import io.perfgate.log.PerfLog;
import io.perfgate.results.PerfResults;
import io.perfgate.stats.RunPrediction;
import io.perfgate.text.CommitIds;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * The history of runs as the baseline of {@code perf:check} ({@code perf.baseline=history}, or by default where
 * there is no baseline file): reads the store, keeps the runs recorded on the main branch in the same environment
 * and with the same run settings as the current results ({@link EnvironmentDifference#of}), takes the latest
 * {@code perf.historyRuns} of them and hands them to {@link HistoryGate}. Says in the log which runs it took and
 * why it left the others out; with fewer than {@link RunPrediction#MIN_RUNS} comparable runs it says so and the
 * check goes on as without a baseline file.
 */
public final class HistoryBaseline {
    private static final DateTimeFormatter DAY = DateTimeFormatter.ofPattern("yyyy-MM-dd", Locale.ROOT)
            .withZone(ZoneOffset.UTC);

    private final HistoryStore store;
    private final int runs;
    private final MainBranches mainBranches;
    private final boolean asked;
    private String newestCommit;
    private String tooFewRuns;
    private final PerfLog log;

    /**
     * @param runs {@code perf.historyRuns}, at least {@link RunPrediction#MIN_RUNS}
     * @param mainBranches {@code perf.mainBranch}: comma-separated branch names
     * @param asked true with {@code perf.baseline=history}; false when the history stands in for a missing file,
     *        which is then said more quietly when it cannot
     */
    public HistoryBaseline(HistoryStore store, int runs, String mainBranches, boolean asked, PerfLog log) {
        this.store = Objects.requireNonNull(store);
        if (runs < RunPrediction.MIN_RUNS) {
            throw new IllegalArgumentException(PerfProperties.HISTORY_RUNS + " is " + runs + ", but the prediction"
                    + " interval needs at least " + RunPrediction.MIN_RUNS + " runs");
        }
        this.runs = runs;
        this.mainBranches = MainBranches.parse(mainBranches);
        this.asked = asked;
        this.log = Objects.requireNonNull(log);
    }

    /**
     * The history as the baseline a check judges against: with {@code perf.baseline=history}, fetched first; or,
     * read as it is here, standing in for a baseline file left at its default ({@value PerfProperties#DEFAULT_BASELINE_FILE})
     * that does not exist; else null. A history that cannot be opened here (a git history outside a git repository)
     * is no history: a warning when it was asked for, a debug line otherwise.
     *
     * @param baselineFile {@code perf.baseline} as resolved
     * @throws IllegalArgumentException for a bad history setting, naming the property
     */
    public static HistoryBaseline chosenBy(Path baselineFile, Path projectDirectory, HistorySettings history,
            int runs, String mainBranches, PerfLog log) {
        boolean asked = PerfProperties.BASELINE_HISTORY.equals(baselineFile.getFileName().toString())
                && !Files.isRegularFile(baselineFile);
        Path defaultFile = projectDirectory.resolve(PerfProperties.DEFAULT_BASELINE_FILE);
        boolean standingIn = baselineFile.toAbsolutePath().equals(defaultFile.toAbsolutePath())
                && !Files.exists(baselineFile);
        if (!asked && !standingIn) {
            return null;
        }
        try {
            HistoryStore store = asked ? history.fetched(projectDirectory) : history.local(projectDirectory);
            return new HistoryBaseline(store, runs, mainBranches, asked, log);
        } catch (HistoryException e) {
            String why = "No history to judge against: " + e.getMessage();
            if (asked) {
                log.warn(why);
            } else {
                log.debug(why);
            }
            return null;
        }
    }

    /**
     * The commit of the newest run the last {@link #judge} judged against, which {@code perf.confirm} measures the
     * working tree against side by side; null before a judgement or when that run recorded none.
     */
    String newestCommit() {
        return newestCommit;
    }

    /**
     * After a {@link #judge} that found too few runs: how many it found, how many it needs and how to get them, for
     * the report of the check that goes on without a baseline; null otherwise.
     */
    String tooFewRuns() {
        return tooFewRuns;
    }

    /** True when {@code perf.baseline=history} asked for it, so there is no baseline file to speak of. */
    boolean asked() {
        return asked;
    }

    /** The runs chosen and, for the log, how many records were left out and why. */
    static final class Selection {
        final List<HistoryRecord> chosen = new ArrayList<>();
        final Map<String, Integer> leftOut = new TreeMap<>();
        int comparable;

        void leaveOut(String why) {
            leftOut.merge(why, 1, Integer::sum);
        }

        String leftOutText() {
            List<String> parts = new ArrayList<>();
            leftOut.forEach((why, n) -> parts.add(n + " " + why));
            return String.join(", ", parts);
        }
    }

    /**
     * The latest {@code runs} records of a main branch whose environment and run settings are those of
     * {@code current}, oldest first; the current run itself, when already recorded, is not its own history.
     */
    static Selection select(List<HistoryRecord> records, PerfResults current, int runs, MainBranches mainBranches) {
        Selection s = new Selection();
        List<HistoryRecord> comparable = new ArrayList<>();
        for (HistoryRecord r : records) {
            RunOrigin origin = r.origin();
            if (!mainBranches.includes(origin)) {
                s.leaveOut(origin.branch() == null ? "with no branch recorded" : "of other branches");
            } else if (Objects.equals(r.results().createdAt(), current.createdAt())) {
                s.leaveOut("being this run itself");
            } else {
                List<EnvironmentDifference> diffs = EnvironmentDifference.of(r.results(), current);
                if (diffs.isEmpty()) {
                    comparable.add(r);
                } else {
                    s.leaveOut("with another " + diffs.get(0).field()
                            + (diffs.size() > 1 ? " (and " + (diffs.size() - 1) + " more)" : ""));
                }
            }
        }
        comparable.sort((a, b) -> a.recordedAt().compareTo(b.recordedAt()));
        s.comparable = comparable.size();
        s.chosen.addAll(comparable.subList(Math.max(0, comparable.size() - runs), comparable.size()));
        return s;
    }

    /**
     * The report against the history, or empty when it has too few comparable runs (said in the log): the check
     * then goes on as it does without a baseline file.
     *
     * @param currentShown the current results' file as messages name it
     */
    public Optional<GateReport> judge(PerfResults current, String currentShown, Gate gate) {
        String where = "the " + store.describe();
        List<HistoryRecord> records;
        List<String> unread = new ArrayList<>();
        try {
            records = store.list(unread::add);
        } catch (HistoryException e) {
            fallBack("Cannot read " + where + ": " + e.getMessage());
            return Optional.empty();
        }
        if (!asked && records.isEmpty()) {
            // no history at all where none was asked for: the check without a baseline says what to do
            unread.forEach(u -> log.debug("Not read from " + where + ": " + u));
            log.debug(where + " holds no runs to judge against");
            return Optional.empty();
        }
        unread.forEach(u -> log.warn("A record of the history was not read and is left out: " + u));
        Selection s = select(records, current, runs, mainBranches);
        String leftOut = s.leftOut.isEmpty() ? "" : "; left out: " + s.leftOutText();
        if (s.chosen.size() < RunPrediction.MIN_RUNS) {
            String branches = mainBranches.describe(records);
            tooFewRuns = where + " holds " + s.comparable + (s.comparable == 1 ? " run" : " runs") + " of " + branches
                    + " comparable with this one, of the " + RunPrediction.MIN_RUNS + " a check against the history"
                    + " needs: record " + (RunPrediction.MIN_RUNS - s.comparable) + " more with perf:record on "
                    + branches;
            fallBack(where + " holds " + s.comparable + (s.comparable == 1 ? " run" : " runs") + " of "
                    + mainBranches.describe(records) + " comparable with this one (of " + records.size()
                    + " records" + leftOut + "), and judging against the history needs at least "
                    + RunPrediction.MIN_RUNS + "; perf:record on " + mainBranches.describe(records)
                    + " adds runs");
            return Optional.empty();
        }
        String history = describe(s.chosen);
        log.info("perf:check against the " + history + " in " + where + " (" + s.comparable + " comparable of "
                + records.size() + " records" + leftOut + ")" + (asked ? ""
                        : ": there is no baseline file, so the history is the baseline (-D" + PerfProperties.BASELINE
                                + "=<file> judges against a file)"));
        List<PerfResults> results = new ArrayList<>();
        s.chosen.forEach(r -> results.add(r.results()));
        newestCommit = s.chosen.get(s.chosen.size() - 1).origin().commit();
        return Optional.of(new HistoryGate(gate).storedIn(store.describe()).check(results, history, current,
                currentShown));
    }

    private void fallBack(String why) {
        String then = "so perf:check goes on as without a baseline (" + PerfProperties.FAIL_ON_MISSING_BASELINE
                + " decides whether that fails)";
        if (asked) {
            log.warn(why + "; " + then);
        } else {
            log.info(why + "; " + then);
        }
    }

    /** {@code history: 10 runs of main from 2026-11-01 to 2026-11-20, commits 1a2b3c4d5e..5d6e7f8a9b}. */
    static String describe(List<HistoryRecord> chosen) {
        Set<String> branches = new LinkedHashSet<>();
        chosen.forEach(r -> branches.add(r.origin().branch()));
        RunOrigin first = chosen.get(0).origin();
        RunOrigin last = chosen.get(chosen.size() - 1).origin();
        String commits = first.commit() != null && last.commit() != null
                ? ", commits " + CommitIds.abbreviate(first.commit()) + ".." + CommitIds.abbreviate(last.commit())
                : "";
        return "history: " + chosen.size() + " runs of " + String.join(" and ", branches) + " from "
                + DAY.format(first.recordedAt()) + " to " + DAY.format(last.recordedAt()) + commits;
    }
}
