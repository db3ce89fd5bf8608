package io.perfgate.mainline;

import io.perfgate.env.EnvironmentFingerprint;
import io.perfgate.gate.BenchmarkPairing;
import io.perfgate.gate.EnvironmentDifference;
import io.perfgate.gate.GateSettings;
import io.perfgate.gate.JudgedMetrics;
import io.perfgate.history.HistoryRecord;
import io.perfgate.history.MainBranches;
import io.perfgate.history.RunOrigin;
import io.perfgate.results.BenchmarkId;
import io.perfgate.results.BenchmarkResult;
import io.perfgate.stats.Quantiles;
import io.perfgate.trend.Series;
import io.perfgate.trend.Trend;
import io.perfgate.trend.TrendRun;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The history turned into series: which runs compare, and one series per benchmark and judged metric. Nothing here
 * decides what a benchmark or a metric is: a result's identity is the gate's pairing id (key and mode), the metrics
 * of a run are those the gate would judge ({@link JudgedMetrics} of the result paired with itself: the median, the
 * p95 where every fork recorded one, the allocation, a scenario's gated metrics), each with its direction and the
 * value each fork contributes ({@code ForkValues}). A run's value is the median over its forks.
 */
final class HistorySeries {
    /** Records of another branch, module or environment, and why the first of them was left out. */
    static final class Selection {
        final List<HistoryRecord> comparable;
        final List<String> leftOut;

        Selection(List<HistoryRecord> comparable, List<String> leftOut) {
            this.comparable = comparable;
            this.leftOut = leftOut;
        }
    }

    private HistorySeries() {
    }

    /**
     * The records that compare with the newest one of {@code branch} (and of {@code module}, when given): the same
     * machine and JVM (the fingerprint's {@link EnvironmentFingerprint#MACHINE_KEYS}) and the same run settings
     * ({@link EnvironmentDifference#RUN_SETTINGS}). Only the main branches' runs count ({@link MainBranches}, the
     * rule the check against the history follows too); one of another module is not counted, nor said to be left
     * out. {@code branch} names the main line in messages.
     */
    static Selection comparable(List<HistoryRecord> records, MainBranches main, String branch, String module) {
        List<HistoryRecord> ofBranch = new ArrayList<>();
        List<String> leftOut = new ArrayList<>();
        int otherBranch = 0;
        for (HistoryRecord r : records) {
            String recordModule = r.results().environment().get(EnvironmentFingerprint.MAVEN_MODULE);
            if (module != null && recordModule != null && !module.equals(recordModule)) {
                continue;
            }
            if (!main.includes(r.origin())) {
                otherBranch++;
                continue;
            }
            ofBranch.add(r);
        }
        if (otherBranch > 0) {
            leftOut.add(otherBranch + " run(s) of other branches (or of none) than " + branch);
        }
        if (ofBranch.isEmpty()) {
            return new Selection(ofBranch, leftOut);
        }
        HistoryRecord newest = ofBranch.get(ofBranch.size() - 1);
        List<HistoryRecord> comparable = new ArrayList<>();
        for (HistoryRecord r : ofBranch) {
            List<EnvironmentDifference> differences = differences(r, newest);
            if (differences.isEmpty()) {
                comparable.add(r);
            } else {
                EnvironmentDifference first = differences.get(0);
                leftOut.add(r.name() + " (" + first.field() + " " + first.baseline() + ", the newest run's "
                        + first.current() + (differences.size() > 1 ? "; " + (differences.size() - 1)
                        + " more difference(s)" : "") + ")");
            }
        }
        return new Selection(comparable, leftOut);
    }

    private static List<EnvironmentDifference> differences(HistoryRecord r, HistoryRecord newest) {
        List<EnvironmentDifference> differences = new ArrayList<>();
        for (EnvironmentDifference d : EnvironmentDifference.between(r.results().environment(),
                newest.results().environment())) {
            if (EnvironmentFingerprint.MACHINE_KEYS.contains(d.field())) {
                differences.add(d);
            }
        }
        differences.addAll(EnvironmentDifference.runSettings(r.results().settings(), newest.results().settings()));
        return differences;
    }

    /**
     * One series per benchmark and metric, in the order first seen, each run's value the median of its forks'. A
     * result with no usable fork value adds no run to that series; a result that appears twice in one record
     * counts once (the first, as the gate pairs it).
     */
    static List<Trend> build(List<HistoryRecord> records, GateSettings settings) {
        Map<Series, Builder> series = new LinkedHashMap<>();
        for (HistoryRecord record : records) {
            RunOrigin origin = record.origin();
            List<BenchmarkResult> results = record.results().benchmarks();
            for (BenchmarkPairing.Pair pair : BenchmarkPairing.of(results, results, settings).pairs()) {
                BenchmarkResult b = pair.current();
                for (JudgedMetrics.Judged judged : JudgedMetrics.of(pair).judged()) {
                    double[] forks = judged.values().candidate();
                    if (forks.length == 0) {
                        continue;
                    }
                    Arrays.sort(forks);
                    TrendRun run = new TrendRun(record.name(), origin.commit(), origin.parent(), origin.recordedAt(),
                            origin.buildUrl(), Quantiles.median(forks), forks[0], forks[forks.length - 1],
                            forks.length);
                    series.computeIfAbsent(new Series(b.id(), judged.name()), id -> new Builder(b, judged)).runs
                            .add(run);
                }
            }
        }
        List<Trend> trends = new ArrayList<>();
        for (Builder b : series.values()) {
            trends.add(b.build());
        }
        return trends;
    }

    private static final class Builder {
        private final BenchmarkResult result;
        private final JudgedMetrics.Judged metric;
        private final List<TrendRun> runs = new ArrayList<>();

        Builder(BenchmarkResult result, JudgedMetrics.Judged metric) {
            this.result = result;
            this.metric = metric;
        }

        Trend build() {
            return new Trend(result.id(), result.displayName(), metric.name(), metric.unit(), metric.direction(), runs,
                    List.of());
        }
    }
}
