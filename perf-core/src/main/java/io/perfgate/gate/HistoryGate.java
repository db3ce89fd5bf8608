package io.perfgate.gate;

import io.perfgate.config.PerfProperties;
import io.perfgate.env.EnvironmentFingerprint;
import io.perfgate.results.BenchmarkId;
import io.perfgate.results.BenchmarkResult;
import io.perfgate.results.PerfResults;
import io.perfgate.stats.Multiplicity;
import io.perfgate.stats.OrderStatisticInterval;
import io.perfgate.stats.Power;
import io.perfgate.stats.Quantiles;
import io.perfgate.stats.RunPrediction;
import io.perfgate.stats.ShiftTest;
import io.perfgate.stats.StatsText;
import io.perfgate.stats.Thresholds;
import io.perfgate.stats.Verdict;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * The check against the history of runs (statistics.md, "Checking against the history"): the current results
 * against the last K comparable runs of the main branch, each past run one observation, judged by
 * {@link RunPrediction}, so that the spread between runs (runners, days) is the noise a change must stand out of.
 * The rows are the gate's ({@link GateRow} in a {@link GateReport}), so every report shows them as it shows a
 * check against a baseline file; the report's baseline is the history, named with its runs, dates and commits.
 *
 * <p>What is judged is what the gate judges ({@link JudgedMetrics}): the median, the p95 where the runs record one,
 * a scenario's gated metrics, each by the prediction rule with the metric's limits, and the allocation per operation
 * by its tolerance on the runs' medians (each run one value). The multiplicity step of {@code perf.multiplicity}
 * runs over the tested rows as in the gate. Which runs are comparable is the caller's choice
 * ({@link EnvironmentDifference#of}: the same fingerprint and run settings).
 */
public final class HistoryGate {
    private final Gate gate;
    private String store;

    /** @param gate the settings, tool version and commands of the check */
    public HistoryGate(Gate gate) {
        this.gate = Objects.requireNonNull(gate);
    }

    /**
     * Where the history is kept ({@code git branch perf-history}), named when the check compared nothing; unset,
     * the history is named by its runs only.
     */
    public HistoryGate storedIn(String description) {
        store = Objects.requireNonNull(description);
        return this;
    }

    /** One tested row waiting for the multiplicity step. */
    private static final class Tested {
        final PendingComparison pending;
        final RunPrediction prediction;
        final String label;

        Tested(PendingComparison pending, RunPrediction prediction, String label) {
            this.pending = pending;
            this.prediction = prediction;
            this.label = label;
        }
    }

    /**
     * Judges {@code current} against {@code runs}.
     *
     * @param runs the comparable past runs, oldest first, at least {@link RunPrediction#MIN_RUNS}
     * @param history the history as reports name it, e.g. {@code history: 10 runs of main from ... to ...}
     * @param currentFile where the current results came from (may be null)
     */
    public GateReport check(List<PerfResults> runs, String history, PerfResults current, String currentFile) {
        if (runs.size() < RunPrediction.MIN_RUNS) {
            throw new IllegalArgumentException("at least " + RunPrediction.MIN_RUNS + " runs are needed, got "
                    + runs.size());
        }
        GateSettings settings = gate.settings();
        PerfResults latest = runs.get(runs.size() - 1);
        GateReport.Builder report = gate.start(current, currentFile);
        Map<String, String> described = new LinkedHashMap<>(settings.describe());
        described.put(PerfProperties.BASELINE, PerfProperties.BASELINE_HISTORY);
        described.put(PerfProperties.HISTORY_RUNS, Integer.toString(runs.size()));
        report.settings(described);
        // the machine of the latest run stands for all (they share the fingerprint); its commit is one of many
        Map<String, String> environment = new LinkedHashMap<>(latest.environment());
        environment.remove(EnvironmentFingerprint.GIT_COMMIT);
        environment.remove(EnvironmentFingerprint.GIT_DIRTY);
        report.baseline(new GateReport.Source(history, latest.createdAt(), latest.toolVersion(), environment,
                new HashMap<>()));
        report.addNote("Judged against the " + history + ": each past run is one observation (its median over"
                + " forks), and a row FAILs only when the change is above its limit and beyond the one-sided"
                + " prediction bound of those runs (prediction interval over " + runs.size() + " runs; see the"
                + " statistics page, \"Checking against the history\")");

        // the latest run that holds a benchmark stands for it in the pairing; which runs hold it is counted below
        Map<BenchmarkId, BenchmarkResult> latestOf = new LinkedHashMap<>();
        for (int i = runs.size() - 1; i >= 0; i--) {
            runs.get(i).benchmarks().forEach(b -> latestOf.putIfAbsent(b.id(), b));
        }
        BenchmarkPairing pairing = BenchmarkPairing.of(new ArrayList<>(latestOf.values()), current.benchmarks(),
                settings);
        if (current.settings().get(PerfProperties.SHARD) == null) {
            // as against a file: one shard may hold only new benchmarks, and perf:merge then perf:check judge all
            gate.nothingCompared(pairing, current, currentFile, "the baseline (" + history
                    + (store == null ? "" : ", in the " + store) + ")", "record a run of them in the history"
                    + " (perf:record on the main branch), and the next check judges them against it",
                    PerfProperties.HISTORY + ", " + PerfProperties.HISTORY_BRANCH, report);
        }
        pairing.duplicates.forEach(report::addNote);
        pairing.ignored.forEach(report::addIgnoredBenchmark);

        List<PendingComparison> rows = new ArrayList<>();
        List<Tested> tested = new ArrayList<>();
        for (BenchmarkPairing.Pair pair : pairing.pairs) {
            judgeBenchmark(pair, runs, rows, tested, report);
        }
        decide(tested, report);
        for (PendingComparison p : rows) {
            report.addComparison(p.decided);
            if (p.decided.verdict() == Verdict.FAIL) {
                report.addRegression(p.decided.displayName() + ": " + p.decided.reason());
            }
        }
        pairing.added.forEach(report::addNewBenchmark);
        // only the latest run says what the suite is now: a benchmark removed long ago is not missing
        List<BenchmarkRef> missing = BenchmarkPairing.of(latest, current, settings).missing;
        missing.forEach(report::addMissingBenchmark);
        gate.listMembershipFailures(pairing.added, missing, report);
        gate.listInconclusiveFailure(rows, report);
        return report.build();
    }

    private static void judgeBenchmark(BenchmarkPairing.Pair pair, List<PerfResults> runs,
            List<PendingComparison> rows, List<Tested> tested, GateReport.Builder report) {
        BenchmarkResult cur = pair.current;
        boolean scenario = BenchmarkResult.KIND_SCENARIO.equals(cur.kind());
        List<BenchmarkResult> past = new ArrayList<>();
        for (PerfResults run : runs) {
            run.find(cur.id())
                    .filter(b -> Judgeability.dataProblem(b, "baseline", scenario) == null).ifPresent(past::add);
        }
        String refusal = Judgeability.dataProblem(cur, "current results", scenario);
        if (refusal == null && !scenario) {
            refusal = Judgeability.unstableForks(cur, cur, new ArrayList<>());
        }
        BenchmarkResult standIn = past.isEmpty() ? pair.baseline : past.get(past.size() - 1);
        JudgedMetrics metrics = JudgedMetrics.of(standIn, cur, pair.settings);
        metrics.notGated().forEach(report::addNotGated);
        for (JudgedMetrics.Judged m : metrics.judged()) {
            double[] runValues = runValues(past, cur, m);
            double[] curValues = m.values().candidate();
            if (m.metric() == Metric.ALLOCATION) {
                PendingComparison p = new PendingComparison(null, Metric.ALLOCATION, m.direction(), null, refusal, 0);
                p.decided = AllocationCheck.judge(standIn, cur, pair.settings, runValues, curValues,
                        runValues.length < RunPrediction.MIN_RUNS ? tooFew(runValues.length, runs.size()) : refusal);
                rows.add(p);
                continue;
            }
            GateRow.Builder row = GateRow.builder().benchmark(cur).metric(m.metric(), m.unit(), m.direction())
                    .forks(runValues.length, curValues.length).rule(pair.settings.rule())
                    .thresholds(m.thresholds().fail(), m.thresholds().minEffect(), m.thresholds().alpha());
            if (m.metric() == Metric.SECONDARY) {
                row.secondaryMetric(m.name(), m.unit(), m.direction());
            }
            String label = m.metric() == Metric.SECONDARY ? m.name() : m.metric().label(m.direction());
            PendingComparison p = new PendingComparison(row, m.metric(), m.direction(), null, refusal, 0);
            rows.add(p);
            if (curValues.length > 0) {
                OrderStatisticInterval i = Quantiles.medianInterval(curValues, ShiftTest.DISPLAY_CONFIDENCE);
                row.currentMedian(i.estimate(), i.isBounded() ? i.lower() : Double.NaN,
                        i.isBounded() ? i.upper() : Double.NaN);
            }
            String why = refusal != null ? refusal
                    : curValues.length == 0 ? "the current results hold no values for it"
                    : runValues.length < RunPrediction.MIN_RUNS ? tooFew(runValues.length, runs.size()) : null;
            if (why != null) {
                p.decided = row.verdict(Verdict.INCONCLUSIVE, label + " is not judged: " + why).build();
                continue;
            }
            tested.add(new Tested(p, RunPrediction.of(runValues, Quantiles.median(curValues), m.direction(),
                    m.thresholds()), label));
        }
    }

    /** Each past run's value of the metric: the median over its forks; runs without a usable value are left out. */
    private static double[] runValues(List<BenchmarkResult> past, BenchmarkResult cur, JudgedMetrics.Judged m) {
        List<Double> values = new ArrayList<>();
        for (BenchmarkResult b : past) {
            double[] forks = m.metric() == Metric.SECONDARY ? ForkValues.ofSecondary(b, cur, m.name()).baseline()
                    : ForkValues.of(b, cur, m.metric()).baseline();
            if (forks.length > 0) {
                values.add(Quantiles.median(forks));
            }
        }
        return values.stream().mapToDouble(Double::doubleValue).toArray();
    }

    private static String tooFew(int found, int runs) {
        return "only " + found + " of the " + runs + " past runs measured it, and the prediction interval needs at"
                + " least " + RunPrediction.MIN_RUNS;
    }

    /** The multiplicity step over the tested rows, then the prediction rule and what a PASS promises on each. */
    private void decide(List<Tested> tested, GateReport.Builder report) {
        GateSettings settings = gate.settings();
        Multiplicity.Mode mode = settings.multiplicity();
        double[] pValues = new double[tested.size()];
        for (int i = 0; i < pValues.length; i++) {
            pValues[i] = tested.get(i).prediction.pSlower();
        }
        double[] levels = Multiplicity.effectiveAlphas(pValues, settings.alpha(), mode);
        double[] adjusted = mode == Multiplicity.Mode.NONE ? null : Multiplicity.adjust(pValues, mode);
        report.multiplicity(mode, tested.size(), true);
        for (int i = 0; i < tested.size(); i++) {
            Tested t = tested.get(i);
            RunPrediction r = t.prediction;
            // a level of 0 (Holm's step that rejects nothing more) is judged at the smallest positive level
            double level = Math.max(levels[i], Double.MIN_NORMAL);
            RunPrediction.Decided d = r.decide(level);
            double[] interval = r.predictionInterval((1 - ShiftTest.DISPLAY_CONFIDENCE) / 2);
            double detectable = r.detectable(level, PassPromise.POWER);
            GateRow row = t.pending.row.baselineMedian(r.historyMean(), interval[0], interval[1])
                    .ratio(r.ratio(), r.lowerBound(level), r.upperBound(level), r.ciLower(), r.ciUpper())
                    .ratioOfMedians(r.ratio()).pValue(r.pSlower())
                    .adjustedP(adjusted == null ? Double.NaN : adjusted[i])
                    .thresholds(r.thresholds().fail(), r.thresholds().minEffect(), level)
                    .verdict(d.verdict(), t.label + " " + d.reason()).confident(d.confident())
                    .detectable(detectable).build();
            t.pending.decided = promise(row, r);
        }
    }

    /**
     * As for a comparison of forks ({@link PassPromise}): a PASS that could miss a slowdown of 1.5 x T_fail because
     * the past runs spread too widely is INCONCLUSIVE, with the slowdown it does detect.
     */
    private static GateRow promise(GateRow row, RunPrediction r) {
        Thresholds t = r.thresholds();
        double promised = 1 + Power.SIZING_FACTOR * t.fail();
        if (row.verdict() != Verdict.PASS || row.confident() || row.detectable() <= promised) {
            return row;
        }
        return row.toBuilder().verdict(Verdict.INCONCLUSIVE, String.format(Locale.ROOT,
                "%s; not judged: the %d past runs spread by %s from run to run, so against them this check detects"
                        + " a slowdown only from %s (%.0f %% power), above the %s it should catch; judge against"
                        + " more runs (%s), a quieter runner's history, or measure both sides in one job (%s)",
                row.reason(), r.runs(), StatsText.noise(Math.expm1(r.betweenRunSd())),
                StatsText.percentChange(row.detectable()), 100 * PassPromise.POWER,
                StatsText.percentChange(promised), PerfProperties.HISTORY_RUNS, PerfProperties.AGAINST)).build();
    }
}
