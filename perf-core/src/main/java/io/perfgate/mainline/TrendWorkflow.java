package io.perfgate.mainline;

import io.perfgate.config.PerfProperties;
import io.perfgate.files.AtomicFiles;
import io.perfgate.gate.AllocationTolerance;
import io.perfgate.gate.GateSettings;
import io.perfgate.gate.Metric;
import io.perfgate.history.HistoryException;
import io.perfgate.history.DirectoryStore;
import io.perfgate.history.HistoryRecord;
import io.perfgate.history.HistoryStore;
import io.perfgate.history.HistoryStores;
import io.perfgate.json.JsonFormatException;
import io.perfgate.log.PerfLog;
import io.perfgate.report.TrendReport;
import io.perfgate.results.BenchmarkId;
import io.perfgate.trend.ChangePoint;
import io.perfgate.trend.ChangePointDetector;
import io.perfgate.trend.OtavaCsv;
import io.perfgate.trend.Series;
import io.perfgate.trend.Trend;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code perf:trend}'s work, Maven-free: the history read from its store, the comparable runs of one branch
 * turned into one series per benchmark and judged metric, the change points found in each (holding the points the
 * previous analysis reported, read from the store), and the outputs written: {@code changes.json},
 * {@code trend.md}, {@code trend.html} and, when asked, Otava's CSV. The reported points are saved back into the
 * store for the next build. Reading the history never fails the build for a record or the network: a record that
 * does not read is named in a warning, a fetch that fails is a warning and the local branch is read.
 */
public final class TrendWorkflow {
    /** The files, in the output directory ({@code changes.json} is named as the store names it). */
    public static final String MARKDOWN_FILE = "trend.md";
    public static final String HTML_FILE = "trend.html";
    /** Fewer runs than this cannot hold a change point: a new level needs two runs, and so does the old one. */
    static final int MIN_RUNS = 4;

    private final PerfLog log;

    public TrendWorkflow(PerfLog log) {
        this.log = log;
    }

    /**
     * Analyses the history and writes the outputs.
     *
     * @throws HistoryException when the store cannot be read at all
     * @throws IOException when an output cannot be written
     */
    public TrendResult run(TrendRequest request) throws HistoryException, IOException {
        HistoryStore store = request.store();
        if (store.localOnly() != null) {
            log.warn(store.localOnly());
        }
        Map<Series, Set<String>> before = reportedBefore(store);
        List<HistoryRecord> records = store.list(s -> log.warn("Left out of the trend: " + s));
        String branch = request.mainBranches().describe(records);
        HistorySeries.Selection selection = HistorySeries.comparable(records, request.mainBranches(), branch,
                request.module());
        if (!selection.leftOut.isEmpty()) {
            log.info("Not comparable with the newest run of " + branch + ", so left out of the trend: "
                    + String.join("; ", selection.leftOut.subList(0, Math.min(5, selection.leftOut.size())))
                    + (selection.leftOut.size() > 5 ? "; and " + (selection.leftOut.size() - 5) + " more" : ""));
        }
        int runs = selection.comparable.size();
        List<Trend> trends = new ArrayList<>();
        ChangePointDetector detector = new ChangePointDetector(request.options());
        for (Trend t : HistorySeries.build(selection.comparable, request.settings())) {
            trends.add(t.runs().size() < MIN_RUNS ? t
                    : t.withChanges(beyondAllocationTolerance(t, request.settings(),
                            detector.detect(t.series(), before.getOrDefault(t.id(), Set.of())))));
        }
        trends.sort(NEWEST_SLOWDOWN_FIRST);
        warnAboutUnknown(before, trends, store);

        String empty = records.isEmpty() ? "No runs in the history (" + store.describe() + ") yet: record runs on "
                + branch + " with perf:record, then run perf:trend."
                : runs < MIN_RUNS ? runs + " comparable run(s) of " + branch + " in the history (" + store.describe()
                + "): a change point needs at least " + MIN_RUNS + " (two on each side)." : null;
        Path out = request.outputDirectory();
        Map<PointId, Confirmation> stored = confirmedBefore(store);
        List<TrendResult.Located> slowdowns = new TrendResult(branch, runs, trends, List.of()).slowdowns();
        Map<PointId, Confirmation> confirmations = request.confirmation() == null ? stored
                : request.confirmation().confirm(slowdowns, stored);
        List<Path> files = new ArrayList<>();
        String changes = ChangesJson.write(trends, branch, runs, confirmations);
        files.add(write(out.resolve(HistoryStore.REPORTED_CHANGES), changes));
        files.add(write(out.resolve(MARKDOWN_FILE), withSummary(TrendReport.markdown(trends, branch, runs, empty),
                slowdowns, confirmations)));
        files.add(write(out.resolve(HTML_FILE), TrendReport.html(trends, branch, runs, empty)));
        if (request.otavaCsv() != null) {
            files.addAll(exportForOtava(request.otavaCsv(), trends, branch));
        }
        // a point that could not be measured is tried again by the next build: no reason to save
        boolean measured = confirmations.entrySet().stream().anyMatch(e -> e.getValue().confirmed() != null
                && stored.get(e.getKey()) != e.getValue());
        if (request.save()) {
            save(store, trends, before, changes, measured);
        } else {
            log.info(PerfProperties.TREND_SAVE + "=false: nothing saved in the " + store.describe()
                    + "; the change points are in " + out.resolve(HistoryStore.REPORTED_CHANGES));
        }

        TrendResult result = new TrendResult(branch, runs, trends, files, confirmations);
        String missing = records.isEmpty() ? missingDirectory(store) : null;
        if (missing != null) {
            log.warn(missing);
        }
        report(result, missing != null ? null : empty, out);
        return result;
    }

    /** Writes Otava's CSV and, beside it, an Otava configuration that reads it ({@code <name>.yaml}). */
    private List<Path> exportForOtava(Path csv, List<Trend> trends, String branch) throws IOException {
        List<Trend> leftOut = OtavaCsv.leftOut(trends);
        if (!leftOut.isEmpty()) {
            List<String> names = new ArrayList<>();
            leftOut.forEach(t -> names.add(t.label() + " (" + t.runs().size() + " runs)"));
            log.warn("Not in Otava's CSV, which needs a value in every row: " + String.join(", ", names));
        }
        String name = csv.getFileName().toString();
        Path config = csv.resolveSibling((name.endsWith(".csv") ? name.substring(0, name.length() - 4) : name)
                + ".yaml");
        write(csv, OtavaCsv.write(trends, branch));
        write(config, OtavaCsv.config(trends, "perf", csv.toAbsolutePath().toString()));
        log.info("Exported " + (trends.size() - leftOut.size()) + " series as Otava's CSV: " + csv + " (Otava's"
                + " configuration: " + config + "; otava analyze perf --config-file " + config + ")");
        return List.of(csv, config);
    }

    /**
     * An allocation series barely varies, so the t-test finds "changes" of a few bytes per operation: a change point
     * in allocation is reported only when its step is one the gate would judge, beyond the allocation tolerance
     * (max(2 %, 16 B/op) by default) of the level before it. Seen on Apache Commons Text: +0.0 % (475.6 kB/op
     * before and after) was reported as a change with p = 0.0001.
     */
    static List<ChangePoint> beyondAllocationTolerance(Trend trend, GateSettings settings, List<ChangePoint> found) {
        if (!Metric.ALLOCATION.id().equals(trend.metric())) {
            return found;
        }
        AllocationTolerance tolerance = settings.forBenchmark(trend.benchmark().key()).allocation();
        List<ChangePoint> kept = new ArrayList<>();
        for (ChangePoint c : found) {
            if (Math.abs(c.meanAfter() - c.meanBefore()) > tolerance.allowedGrowth(c.meanBefore())) {
                kept.add(c);
            }
        }
        return kept;
    }

    /**
     * A history directory that is not there or is a file, said as such: an empty history there is a wrong path, not
     * a history without runs yet. Null for any other store.
     */
    private static String missingDirectory(HistoryStore store) {
        if (!(store instanceof DirectoryStore)) {
            return null;
        }
        Path root = ((DirectoryStore) store).root();
        if (Files.isDirectory(root)) {
            return null;
        }
        return "No history to analyse: " + PerfProperties.HISTORY + " names " + root.toAbsolutePath() + ", which "
                + (Files.exists(root) ? "is a file, not a directory" : "does not exist") + ". Give the directory"
                + " perf:record writes (a relative path is resolved from the project's directory, or from the working"
                + " directory outside a project), or '" + HistoryStores.GIT + "' for the history branch.";
    }

    /**
     * The points the previous analysis reported that name a series or run this history does not hold are not held;
     * says which, so that a points document from another history or a pruned one is not silently ignored.
     */
    private void warnAboutUnknown(Map<Series, Set<String>> before, List<Trend> trends, HistoryStore store) {
        Map<Series, Trend> byId = new LinkedHashMap<>();
        trends.forEach(t -> byId.put(t.id(), t));
        List<String> unknown = new ArrayList<>();
        before.forEach((series, runIds) -> {
            Trend t = byId.get(series);
            String name = t != null ? t.label() : series.toString();
            for (String run : runIds) {
                if (t == null) {
                    unknown.add(name + " at run " + run + " (no such series among the comparable runs)");
                } else if (t.runs().stream().noneMatch(r -> r.id().equals(run))) {
                    unknown.add(name + " at run " + run + " (no such run in the series)");
                }
            }
        });
        if (!unknown.isEmpty()) {
            log.warn(unknown.size() + " change point(s) of " + store.describe() + ":" + HistoryStore.REPORTED_CHANGES
                    + " name what this history does not hold, so they are not held: "
                    + String.join("; ", unknown.subList(0, Math.min(5, unknown.size())))
                    + (unknown.size() > 5 ? "; and " + (unknown.size() - 5) + " more" : ""));
        }
    }

    /**
     * The points the previous analysis reported, by series; none when the store has none or they do not read.
     *
     * @throws HistoryException when the document was written by a newer plugin: saving over it would lose what
     *     this version does not know, so the analysis stops, as for a record of a newer schema
     */
    private Map<Series, Set<String>> reportedBefore(HistoryStore store) throws HistoryException {
        String source = store.describe() + ":" + HistoryStore.REPORTED_CHANGES;
        String json;
        try {
            json = store.reportedChanges();
        } catch (HistoryException e) {
            log.warn("The change points reported before could not be read, so this analysis starts afresh and may"
                    + " move a point by a run: " + e.getMessage());
            return Map.of();
        }
        try {
            if (json == null) {
                return Map.of();
            }
            int schema = ChangesJson.schema(source, json);
            if (schema > ChangesJson.SCHEMA) {
                throw new HistoryException(source + " has schema " + schema + ", written by a newer"
                        + " perf-maven-plugin; this version reads and writes schema " + ChangesJson.SCHEMA
                        + " and will not replace it. Upgrade the plugin");
            }
            return ChangesJson.reported(source, json);
        } catch (JsonFormatException | IllegalArgumentException e) {
            log.warn("The change points reported before could not be read, so this analysis starts afresh and may"
                    + " move a point by a run: " + e.getMessage());
            return Map.of();
        }
    }

    /**
     * The confirmations an earlier build saved with its points, so that a confirmed point is not measured again;
     * none when the store has none or they do not read.
     */
    private Map<PointId, Confirmation> confirmedBefore(HistoryStore store) {
        try {
            String json = store.reportedChanges();
            return json == null ? Map.of()
                    : ChangesJson.confirmations(store.describe() + ":" + HistoryStore.REPORTED_CHANGES, json);
        } catch (HistoryException | JsonFormatException | IllegalArgumentException e) {
            return Map.of(); // reportedBefore() has warned about the same document
        }
    }

    /**
     * {@code trend.md} with the confirmed slowdowns' lines (the issue's one-line summary) and the unconfirmed ones
     * under its title, where a CI summary shows them first.
     */
    private static String withSummary(String markdown, List<TrendResult.Located> slowdowns,
            Map<PointId, Confirmation> confirmations) {
        StringBuilder lines = new StringBuilder();
        for (TrendResult.Located l : slowdowns) {
            Confirmation c = confirmations.get(PointId.of(l.trend(), l.change()));
            if (c == null) {
                continue;
            }
            if (Boolean.TRUE.equals(c.confirmed()) && c.culprit() != null) {
                lines.append("- **").append(ChangeConfirmation.summary(l, c,
                        c.culprit().substring(0, Math.min(10, c.culprit().length())))).append("**");
                if (c.culpritSubject() != null) {
                    lines.append(": ").append(c.culpritSubject());
                }
                lines.append('\n');
            } else {
                lines.append("- ").append(l.trend().label()).append(" at run ").append(l.change().index() + 1)
                        .append(": ").append(c.note() != null ? c.note() : "confirmed, culprit not found")
                        .append('\n');
            }
        }
        if (lines.length() == 0) {
            return markdown;
        }
        int title = markdown.startsWith("#") ? markdown.indexOf('\n') + 1 : 0;
        return markdown.substring(0, title) + "\n" + lines + "\n" + markdown.substring(title);
    }

    /** Saves the reported points into the store when they differ from those read, so that the next build holds them. */
    private void save(HistoryStore store, List<Trend> trends, Map<Series, Set<String>> before, String changes,
            boolean measured) {
        if (!measured && ChangesJson.reported(trends).equals(before)) {
            return;
        }
        try {
            HistoryStore.Appended saved = store.saveReportedChanges(changes);
            if (!saved.isShared()) {
                log.warn("The change points were saved in the " + store.describe() + " but not shared: "
                        + saved.notShared() + ". The next perf:trend that can push sends them along.");
            }
        } catch (HistoryException e) {
            log.warn("The change points could not be saved in the " + store.describe() + ": " + e.getMessage()
                    + ". The next analysis starts afresh and may move a point by a run.");
        }
    }

    private void report(TrendResult result, String empty, Path out) {
        if (empty != null) {
            log.info(empty);
        }
        for (TrendResult.Located l : result.located()) {
            ChangePoint c = l.change();
            String line = l.trend().label() + ": " + TrendReport.describe(l.trend(), c) + " between "
                    + l.before().shortCommit() + " and " + l.after().shortCommit();
            if (c.slowdown()) {
                log.warn("Slower: " + line);
            } else {
                log.info("Faster: " + line);
            }
        }
        log.info(result.located().size() + " change point(s), " + result.slowdowns().size() + " of them slowdowns, in "
                + result.trends().size() + " series over " + result.runs() + " comparable run(s) of "
                + result.branch() + "; see " + out.resolve(HTML_FILE));
    }

    private static Path write(Path file, String text) throws IOException {
        AtomicFiles.writeString(file, text);
        return file;
    }

    /**
     * Series with a slowdown first, the newest slowdown (by the time of its first run) first; then series with other
     * change points, the newest first; then the rest in the order seen.
     */
    static final Comparator<Trend> NEWEST_SLOWDOWN_FIRST = Comparator
            .comparingInt((Trend t) -> t.newestSlowdown() != null ? 0 : t.changes().isEmpty() ? 2 : 1)
            .thenComparing(t -> newestTime(t), Comparator.reverseOrder());

    private static String newestTime(Trend t) {
        ChangePoint c = t.newestSlowdown() != null ? t.newestSlowdown()
                : t.changes().isEmpty() ? null : t.changes().get(t.changes().size() - 1);
        return c == null ? "" : t.runs().get(c.index()).recordedAt().toString();
    }
}
