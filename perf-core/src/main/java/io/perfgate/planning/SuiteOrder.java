package io.perfgate.planning;

import io.perfgate.affected.AffectedBenchmarks;
import io.perfgate.history.HistoryRecord;
import io.perfgate.interleaved.InterleavedRun;
import io.perfgate.results.BenchmarkId;
import io.perfgate.results.BenchmarkResult;
import io.perfgate.results.Fork;
import io.perfgate.scenariorunner.ScenarioDefinition;
import io.perfgate.stats.Direction;
import io.perfgate.trend.ChangePointDetector;
import io.perfgate.trend.ChangePointOptions;
import io.perfgate.trend.RunSeries;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.function.ToDoubleFunction;

/**
 * The order a comparison runs its benchmarks in: the most likely to have changed first, so that a budget which
 * cannot cover the suite is spent on them ({@link InterleavedRun#admission}). Three keys, each deciding only the ties
 * of the one before:
 * <ol>
 * <li><b>The patch</b> ({@link AffectedBenchmarks}): a benchmark that ran a changed method by the map of executed
 * code, or, by the class analysis, that reaches a changed class through the references
 * of the class files comes first, the fewest references away first (its own class changed, then one that names a
 * changed class, ...); then one the analysis includes without a path (dependencies or a resource changed, it uses
 * reflection, its class is unknown, a scenario); last one that reaches no changed class. Without the analysis all
 * are alike here.</li>
 * <li><b>The history</b>: more change points ({@link ChangePointDetector}, at perf:trend's defaults) in the series of
 * its past runs' medians first: a benchmark whose results moved often is likelier to move again.</li>
 * <li><b>The cost</b>: the shorter expected fork first ({@code ForkTimes}, the plan), so more verdicts come per
 * minute; then the name, so the order is the same on every machine.</li>
 * </ol>
 */
public final class SuiteOrder {
    /** One benchmark's place and the reasons for it. */
    static final class Entry {
        final String benchmark;
        /** 0: reaches a changed class; 1: included without a path; 2: not analysed; 3: reaches no changed class. */
        final int tier;
        /** References from the benchmark to the nearest changed class; only for tier 0. */
        final int distance;
        final int pastChanges;
        final double forkSeconds;
        /** Whether the map of executed code selected, so that tier 0 means "runs changed code". */
        boolean byExecutedCode;

        Entry(String benchmark, int tier, int distance, int pastChanges, double forkSeconds) {
            this.benchmark = benchmark;
            this.tier = tier;
            this.distance = distance;
            this.pastChanges = pastChanges;
            this.forkSeconds = forkSeconds;
        }

        /** E.g. "names a changed class, 3 past changes, 2 s a fork". */
        String reason() {
            List<String> parts = new ArrayList<>();
            switch (tier) {
                case 0:
                    parts.add(byExecutedCode ? "runs changed code" : distance == 0 ? "its class changed" : distance == 1 ? "names a changed class"
                            : "a changed class " + distance + " references away");
                    break;
                case 1:
                    parts.add(benchmark.startsWith(ScenarioDefinition.SUITE_PREFIX) ? "a scenario"
                            : "may reach a change");
                    break;
                case 3:
                    parts.add("reaches no changed class");
                    break;
                default:
                    break;
            }
            if (pastChanges > 0) {
                parts.add(pastChanges + (pastChanges == 1 ? " past change" : " past changes"));
            }
            parts.add(String.format(Locale.ROOT, "%s a fork", InterleavedRun.duration((long) (forkSeconds * 1e9))));
            return String.join(", ", parts);
        }
    }

    private static final Comparator<Entry> ORDER = Comparator.<Entry>comparingInt(e -> e.tier)
            .thenComparingInt(e -> e.tier == 0 ? e.distance : 0)
            .thenComparing(Comparator.<Entry>comparingInt(e -> e.pastChanges).reversed())
            .thenComparingDouble(e -> e.forkSeconds)
            .thenComparing(e -> e.benchmark);

    private final List<Entry> entries;
    private final boolean affectedKnown;
    private final boolean historyKnown;

    private SuiteOrder(List<Entry> entries, boolean affectedKnown, boolean historyKnown) {
        this.entries = entries;
        this.affectedKnown = affectedKnown;
        this.historyKnown = historyKnown;
    }

    /**
     * @param affected what {@code perf.affected}'s analysis found for these benchmarks, or null when it was not made
     * @param pastChanges change points per benchmark name in the history ({@link #pastChanges}); empty without one
     * @param forkSeconds the expected wall time of one fork of a benchmark
     */
    public static SuiteOrder of(List<String> benchmarks, AffectedBenchmarks.Selection affected,
            Map<String, Integer> pastChanges, ToDoubleFunction<String> forkSeconds) {
        List<Entry> entries = new ArrayList<>();
        for (String b : benchmarks) {
            int tier;
            int distance = 0;
            if (affected == null) {
                tier = 2;
            } else if (affected.distance.containsKey(b)) {
                tier = 0;
                distance = affected.distance.get(b);
            } else if (affected.selected.containsKey(b) || !affected.skipped.containsKey(b)) {
                // selected without a path, or not analysed at all (a scenario)
                tier = 1;
            } else {
                tier = 3;
            }
            Entry entry = new Entry(b, tier, distance, pastChanges.getOrDefault(b, 0), forkSeconds.applyAsDouble(b));
            entry.byExecutedCode = affected != null && affected.byExecutedCode;
            entries.add(entry);
        }
        entries.sort(ORDER);
        return new SuiteOrder(Collections.unmodifiableList(entries), affected != null, !pastChanges.isEmpty());
    }

    /** The benchmarks, the first to run first. */
    public List<String> benchmarks() {
        List<String> names = new ArrayList<>();
        entries.forEach(e -> names.add(e.benchmark));
        return names;
    }

    List<Entry> entries() {
        return entries;
    }

    /**
     * The one log line: what decided and each benchmark with its reason, e.g. "Order (most likely changed first:
     * nearest to a changed class, most past changes, shortest fork): a.B.c (names a changed class, 2 s a fork),
     * ...".
     */
    public String line() {
        List<String> keys = new ArrayList<>();
        if (affectedKnown) {
            keys.add(entries.stream().anyMatch(e -> e.byExecutedCode) ? "runs changed code"
                    : "nearest to a changed class");
        }
        if (historyKnown) {
            keys.add("most past changes");
        }
        keys.add("shortest fork");
        StringBuilder sb = new StringBuilder("Order (most likely changed first: ").append(String.join(", ", keys))
                .append("): ");
        for (int i = 0; i < entries.size(); i++) {
            Entry e = entries.get(i);
            sb.append(i == 0 ? "" : "; ").append(e.benchmark).append(" (").append(e.reason()).append(')');
        }
        return sb.toString();
    }

    /**
     * How often each benchmark's results changed in the history: the change points, at perf:trend's defaults, of the
     * series of its runs' medians (one series per parameter set and mode, summed per benchmark name). Records are
     * taken as given, oldest first; a benchmark in fewer than four of them has no series to test.
     */
    public static Map<String, Integer> pastChanges(List<HistoryRecord> records) {
        Map<BenchmarkId, List<String>> runIds = new LinkedHashMap<>();
        Map<BenchmarkId, List<Double>> values = new LinkedHashMap<>();
        Map<BenchmarkId, Direction> directions = new LinkedHashMap<>();
        for (HistoryRecord r : records) {
            for (BenchmarkResult result : r.results().benchmarks()) {
                if (result.forks().isEmpty()) {
                    continue;
                }
                BenchmarkId id = result.id();
                double[] medians = new double[result.forks().size()];
                for (int i = 0; i < medians.length; i++) {
                    medians[i] = result.forks().get(i).primaryMedian();
                }
                runIds.computeIfAbsent(id, k -> new ArrayList<>()).add(r.name());
                values.computeIfAbsent(id, k -> new ArrayList<>()).add(Fork.median(medians));
                directions.put(id, result.direction());
            }
        }
        ChangePointDetector detector = new ChangePointDetector(ChangePointOptions.defaults());
        Map<String, Integer> changes = new LinkedHashMap<>();
        for (Map.Entry<BenchmarkId, List<Double>> e : values.entrySet()) {
            List<Double> v = e.getValue();
            if (v.size() < 4) {
                continue;
            }
            double[] series = v.stream().mapToDouble(Double::doubleValue).toArray();
            int found = detector.detect(new RunSeries(runIds.get(e.getKey()), series,
                    Objects.requireNonNull(directions.get(e.getKey())))).size();
            changes.merge(e.getKey().name(), found, Integer::sum);
        }
        changes.values().removeIf(n -> n == 0);
        return changes;
    }
}
