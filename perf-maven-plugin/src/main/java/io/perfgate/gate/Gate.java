package io.perfgate.gate;

import static io.perfgate.gate.ForkValues.ALLOCATION_METRIC;
import static io.perfgate.gate.ForkValues.P95_KEY;
import static io.perfgate.gate.ForkValues.SAMPLE_MODE;

import io.perfgate.env.EnvironmentFingerprint;
import io.perfgate.env.StealTime;
import io.perfgate.results.BenchmarkResult;
import io.perfgate.results.Calibration;
import io.perfgate.results.Direction;
import io.perfgate.results.Fork;
import io.perfgate.results.MetricInfo;
import io.perfgate.results.PerfResults;
import io.perfgate.stats.Decision;
import io.perfgate.stats.DecisionRule;
import io.perfgate.stats.Multiplicity;
import io.perfgate.stats.OrderStatisticInterval;
import io.perfgate.stats.Quantiles;
import io.perfgate.stats.ShiftComparison;
import io.perfgate.stats.ShiftTest;
import io.perfgate.stats.StatsText;
import io.perfgate.stats.SteadyState;
import io.perfgate.stats.Thresholds;
import io.perfgate.stats.Verdict;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * The check: current results against a baseline, by the decision rule of statistics.md. Maven-free; the
 * {@code check} goal and the {@code compare} goal both call it.
 *
 * <p>Per benchmark x params x mode it gates the median, the p95 (when the mode records a latency distribution)
 * and the allocation per operation ({@code gc.alloc.rate.norm}, by tolerance), each on the per-fork values
 * {@link ForkValues} defines. One fork is one observation. Comparisons that cannot be judged
 * (too few forks, raw data missing, unstable forks, a refused environment) are INCONCLUSIVE with the reason, and so
 * is a median FAIL within the noise floor that {@code perf:calibrate} saved in the baseline ({@link NoiseFloor}).
 *
 * <pre>{@code
 * GateReport report = new Gate(GateSettings.defaults()).check(baseline, current);
 * if (report.failsBuild()) ...
 * }</pre>
 */
public final class Gate {
    /** A scenario run records its p95 only from this many latencies on (0.95^72 &lt; 0.025). */
    static final int SCENARIO_MIN_LATENCIES_FOR_P95 = 72;

    private final GateSettings settings;
    private String toolVersion = "unknown";
    private Clock clock = Clock.systemUTC();
    private String baselineCommand = "mvn verify perf:baseline";

    public Gate(GateSettings settings) {
        this.settings = Objects.requireNonNull(settings, "settings");
    }

    /** The plugin version written into the report. */
    public Gate toolVersion(String version) {
        this.toolVersion = Objects.requireNonNull(version);
        return this;
    }

    /** The clock for the report's timestamp (tests fix it). */
    public Gate clock(Clock clock) {
        this.clock = Objects.requireNonNull(clock);
        return this;
    }

    /** The command that records a baseline in this project, quoted in messages about a missing baseline. */
    public Gate baselineCommand(String command) {
        this.baselineCommand = Objects.requireNonNull(command);
        return this;
    }

    public GateSettings settings() {
        return settings;
    }

    /** Compares results handed over in memory (the {@code compare} goal: both sides measured in this build). */
    public GateReport check(PerfResults baseline, PerfResults current) {
        return check(baseline, null, current, null);
    }

    /**
     * Compares {@code current} with {@code baseline}.
     *
     * @param baselineFile where the baseline came from, for the report (may be null)
     * @param currentFile where the current results came from (may be null)
     */
    public GateReport check(PerfResults baseline, String baselineFile, PerfResults current, String currentFile) {
        Objects.requireNonNull(baseline, "baseline");
        Objects.requireNonNull(current, "current");
        GateReport.Builder report = start(current, currentFile)
                .baseline(new GateReport.Side(baselineFile, baseline.createdAt(), baseline.toolVersion(),
                        baseline.environment(), baseline.provenance()));

        List<EnvironmentDifference> diffs = EnvironmentDifference.between(baseline.environment(),
                current.environment());
        report.environment(settings.environmentPolicy(), diffs);
        StealTime.checkNote(StealTime.fromField(baseline.environment().get(EnvironmentFingerprint.CPU_STEAL)),
                StealTime.fromField(current.environment().get(EnvironmentFingerprint.CPU_STEAL)))
                .ifPresent(report::addNote);
        String refusal = null;
        if (!diffs.isEmpty() && settings.environmentPolicy() == EnvironmentPolicy.STRICT) {
            List<String> fields = new ArrayList<>();
            diffs.forEach(d -> fields.add(d.field()));
            refusal = "the environment differs from the baseline's (" + String.join(", ", fields)
                    + ") and perf.environmentPolicy=strict";
            report.addOtherFailure("The environment differs from the baseline's in " + diffs.size()
                    + (diffs.size() == 1 ? " field" : " fields") + " (" + String.join(", ", fields)
                    + ") and perf.environmentPolicy=strict, so no comparison was judged. Record a baseline on this"
                    + " machine with: " + baselineCommand + ", or set perf.environmentPolicy=warn.");
        }

        Map<String, BenchmarkResult> baselineByKey = new LinkedHashMap<>();
        for (BenchmarkResult b : baseline.benchmarks()) {
            baselineByKey.putIfAbsent(id(b), b);
        }
        Set<String> seen = new LinkedHashSet<>();
        List<Pending> pending = new ArrayList<>();
        List<String> untested = new ArrayList<>();
        List<BenchmarkRef> added = new ArrayList<>();
        List<BenchmarkRef> missing = new ArrayList<>();
        List<String> warmScenarios = new ArrayList<>();
        for (BenchmarkResult cur : current.benchmarks()) {
            String id = id(cur);
            if (!seen.add(id)) {
                report.addNote("The current results hold " + cur.key() + " [" + cur.mode()
                        + "] more than once; only the first is compared.");
                continue;
            }
            BenchmarkSettings bs = settings.forBenchmark(cur.key());
            if (bs.ignored()) {
                report.addIgnoredBenchmark(BenchmarkRef.of(cur));
                continue;
            }
            BenchmarkResult base = baselineByKey.get(id);
            if (base == null) {
                added.add(BenchmarkRef.of(cur));
                continue;
            }
            compareBenchmark(base, cur, bs, refusal, pending, untested, report);
            if (BenchmarkResult.KIND_SCENARIO.equals(cur.kind()) && "warm".equals(cur.params().get("runs"))) {
                warmScenarios.add(cur.displayName());
            }
        }
        for (BenchmarkResult base : baseline.benchmarks()) {
            if (!seen.contains(id(base)) && !settings.forBenchmark(base.key()).ignored()) {
                missing.add(BenchmarkRef.of(base));
                seen.add(id(base));
            }
        }
        if (!untested.isEmpty()) {
            // One note for all: with JMH's default 5 iterations this holds for every benchmark.
            report.addNote(untested.size() + (untested.size() == 1 ? " benchmark side has" : " benchmark sides have")
                    + " no fork long enough for the trend test (" + untested.get(0) + ")");
        }
        if (!warmScenarios.isEmpty()) {
            // Warm runs share one JVM and cluster per side: the test sees run-to-run noise only, so users must
            // know that their limit has to cover the JVM-to-JVM difference (scenarios.md measured +44 % A/A).
            report.addNote(String.join(", ", warmScenarios) + ": the warm runs of each side come from one JVM,"
                    + " so the test does not see how one warm JVM differs from the next; keep the warm-run limits"
                    + " above what an unchanged A/A invocation shows, or gate on cold runs (see the scenarios"
                    + " page, \"What warm runs cannot tell you\")");
        }
        checkRules(baseline, current, report);
        decide(pending, report, baseline.calibration());
        added.forEach(report::addNewBenchmark);
        missing.forEach(report::addMissingBenchmark);
        listMembershipFailures(added, missing, report);
        return report.build();
    }

    /**
     * The report when there is no baseline: a note with the command that records one, or a failure with
     * {@code perf.failOnMissingBaseline=true}.
     */
    public GateReport noBaseline(PerfResults current, String currentFile, String baselineFile) {
        GateReport.Builder report = start(current, currentFile);
        String where = baselineFile == null ? "" : " at " + baselineFile;
        if (settings.failOnMissingBaseline()) {
            report.addOtherFailure("No baseline" + where + " and perf.failOnMissingBaseline=true. Record one with: "
                    + baselineCommand + (baselineFile == null ? "" : ", then commit " + baselineFile));
        } else {
            report.addNote("No baseline" + where + ": nothing to compare. Record one with: " + baselineCommand
                    + (baselineFile == null ? "" : ", then commit " + baselineFile));
        }
        return report.build();
    }

    private GateReport.Builder start(PerfResults current, String currentFile) {
        return GateReport.builder()
                .createdAt(Instant.now(clock).truncatedTo(ChronoUnit.SECONDS).toString())
                .toolVersion(toolVersion)
                .current(new GateReport.Side(currentFile, current.createdAt(), current.toolVersion(),
                        current.environment(), current.provenance()))
                .environment(settings.environmentPolicy(), new ArrayList<>())
                .settings(settings.describe())
                .failOnRegression(settings.failOnRegression())
                .multiplicity(settings.multiplicity(), 0, true);
    }

    /** Benchmarks are matched by key and mode: one benchmark run in two modes is two results. */
    private static String id(BenchmarkResult b) {
        return b.key() + "\u0000" + b.mode();
    }

    // ------------------------------------------------------------------ one benchmark

    /** A comparison waiting for the multiplicity step, or already decided. */
    private static final class Pending {
        final Comparison.Builder row;
        final Metric metric;
        final Direction direction;
        final ShiftComparison test;
        final String refusal;
        final int minForks;
        /** How the reason names the metric, when not {@link Metric#label} (a secondary metric's own name). */
        String label;
        Comparison decided;

        Pending(Comparison.Builder row, Metric metric, Direction direction, ShiftComparison test, String refusal,
                int minForks) {
            this.row = row;
            this.metric = metric;
            this.direction = direction;
            this.test = test;
            this.refusal = refusal;
            this.minForks = minForks;
        }

        boolean tested() {
            return decided == null && refusal == null && test != null && test.baselineCount() >= minForks
                    && test.candidateCount() >= minForks;
        }
    }

    private void compareBenchmark(BenchmarkResult base, BenchmarkResult cur, BenchmarkSettings bs,
            String envRefusal, List<Pending> pending, List<String> untested, GateReport.Builder report) {
        Direction direction = ForkValues.direction(bs, cur);
        boolean scenario = BenchmarkResult.KIND_SCENARIO.equals(cur.kind());
        String dataProblem = dataProblem(base, "baseline", scenario);
        if (dataProblem == null) {
            dataProblem = dataProblem(cur, "current results", scenario);
        }
        String refusal = envRefusal != null ? envRefusal : dataProblem;
        // A scenario "fork" is one run with one value: there are no iterations to test for a trend.
        String unstable = refusal == null && !scenario ? unstableForks(base, cur, untested) : null;

        // median: ForkValues says which value each fork contributes (in SampleTime its own p50)
        ForkValues medians = ForkValues.of(base, cur, Metric.MEDIAN);
        double[] baseMedians = medians.baseline();
        double[] curMedians = medians.candidate();
        pending.add(prepare(base, cur, bs, Metric.MEDIAN, cur.unit(), direction, bs.median(), baseMedians,
                curMedians, refusal != null ? refusal : unstable));

        // p95
        ForkValues p95 = ForkValues.of(base, cur, Metric.P95);
        double[] baseP95 = p95.baseline();
        double[] curP95 = p95.candidate();
        String p95Missing = scenario ? scenarioP95Missing(base, cur) : p95Missing(base, cur, baseP95, curP95);
        if (p95Missing != null) {
            report.addNotGated(new NotGated(cur.key(), cur.displayName(), cur.mode(), Metric.P95, p95Missing));
        } else {
            pending.add(prepare(base, cur, bs, Metric.P95, cur.unit(), direction, bs.p95(), baseP95, curP95,
                    refusal != null ? refusal : unstable));
        }

        if (scenario) {
            // gc.alloc.rate.norm is JMH's; a scenario's "alloc" is a secondary metric like the others, judged by
            // the test when declared, never by the B/op tolerance
            compareSecondaryMetrics(base, cur, bs, refusal != null ? refusal : unstable, pending, report);
            return;
        }

        // allocation
        ForkValues alloc = ForkValues.of(base, cur, Metric.ALLOCATION);
        double[] baseAlloc = alloc.baseline();
        double[] curAlloc = alloc.candidate();
        if ((baseAlloc.length > 0 || curAlloc.length > 0) && SAMPLE_MODE.equals(cur.mode())) {
            // Seen here: 20 to 64 B/op from run to run for a loop that allocates nothing, against under 1 B/op in
            // avgt mode. The harness's own sampling allocations are counted, so the figure is not the benchmark's.
            report.addNotGated(new NotGated(cur.key(), cur.displayName(), cur.mode(), Metric.ALLOCATION,
                    "in sample mode " + ALLOCATION_METRIC + " includes JMH's own sampling allocations, which vary from"
                            + " run to run; gate allocation in avgt or thrpt mode"));
        } else if (baseAlloc.length > 0 && curAlloc.length > 0) {
            Pending p = new Pending(null, Metric.ALLOCATION, Direction.LOWER_IS_BETTER, null, refusal, 0);
            p.decided = allocation(base, cur, bs, baseAlloc, curAlloc, refusal);
            pending.add(p);
        } else if (baseAlloc.length > 0 || curAlloc.length > 0) {
            report.addNotGated(new NotGated(cur.key(), cur.displayName(), cur.mode(), Metric.ALLOCATION,
                    "only the " + (baseAlloc.length > 0 ? "baseline" : "current results") + " measured "
                            + ALLOCATION_METRIC + "; run both with the gc profiler (-prof gc)"));
        }
    }

    /**
     * Gates each secondary metric the current results declare as gated ({@link MetricInfo#gated()}) by the same
     * test and median thresholds as the primary score, on one value per run. Ungated metrics get no row: they must
     * never fail the build.
     */
    private void compareSecondaryMetrics(BenchmarkResult base, BenchmarkResult cur, BenchmarkSettings bs,
            String refusal, List<Pending> pending, GateReport.Builder report) {
        for (Map.Entry<String, MetricInfo> e : cur.secondaryMetrics().entrySet()) {
            String name = e.getKey();
            MetricInfo info = e.getValue();
            if (!info.gated() || base.forks().isEmpty() || cur.forks().isEmpty()) {
                // ungated: reported only; no runs: the median row already says why nothing is judged
                continue;
            }
            String problem = secondaryProblem(base, cur, name);
            if (problem != null) {
                report.addNotGated(new NotGated(cur.key(), cur.displayName(), cur.mode(), Metric.SECONDARY, name,
                        problem));
                continue;
            }
            ForkValues values = ForkValues.ofSecondary(base, cur, name);
            double[] baseValues = values.baseline();
            double[] curValues = values.candidate();
            Pending p = prepare(base, cur, bs, Metric.SECONDARY, info.unit(), info.direction(), bs.median(),
                    baseValues, curValues, refusal);
            p.row.secondaryMetric(name, info.unit(), info.direction());
            p.label = name;
            pending.add(p);
        }
    }

    /** Why a declared secondary metric cannot be tested, or null. */
    private static String secondaryProblem(BenchmarkResult base, BenchmarkResult cur, String name) {
        if (!base.secondaryMetrics().containsKey(name)) {
            return "only the current results recorded " + name + "; record a new baseline to gate it";
        }
        for (BenchmarkResult b : new BenchmarkResult[] {base, cur}) {
            String side = b == base ? "baseline" : "current results";
            int missing = 0;
            for (Fork f : b.forks()) {
                double v = f.secondaryMedian(name);
                if (Double.isNaN(v)) {
                    missing++;
                } else if (!(v > 0) || Double.isInfinite(v)) {
                    // the test works on log ratios
                    return "a run of the " + side + " recorded " + name + " = " + formatNumber(v)
                            + "; the test needs values above 0";
                }
            }
            if (missing > 0) {
                return missing + " of " + b.forks().size() + " runs of the " + side + " did not record " + name;
            }
        }
        return null;
    }

    /**
     * For a scenario, null when every run on both sides recorded its p95; otherwise why the p95 is not gated. A p95
     * from some runs only would compare different sets of runs, so the gate takes all or none.
     */
    private static String scenarioP95Missing(BenchmarkResult base, BenchmarkResult cur) {
        int missing = 0;
        int runs = 0;
        for (BenchmarkResult b : new BenchmarkResult[] {base, cur}) {
            for (Fork f : b.forks()) {
                runs++;
                if (!f.percentiles().containsKey(P95_KEY)) {
                    missing++;
                }
            }
        }
        if (missing == 0) {
            return null;
        }
        return missing + " of " + runs + " runs recorded fewer than " + SCENARIO_MIN_LATENCIES_FOR_P95
                + " latencies; record more latencies per run to gate the p95";
    }

    /** Why a side's data cannot be judged, or null. */
    private static String dataProblem(BenchmarkResult b, String side, boolean scenario) {
        if (!b.warnings().isEmpty()) {
            return "incomplete data in the " + side + ": " + String.join("; ", b.warnings());
        }
        if (b.forks().isEmpty()) {
            return scenario ? "the " + side + " hold no runs for it; raise <coldRuns>/<warmRuns>"
                    : "the " + side + " hold no forks for it (raw data missing; JMH's -Djmh.json.rawData=false?)";
        }
        for (int i = 0; i < b.forks().size(); i++) {
            double m = b.forks().get(i).primaryMedian();
            if (!(m > 0) || !Double.isFinite(m)) {
                return (scenario ? "run " : "fork ") + (i + 1) + " of the " + side + " has no usable measurement ("
                        + (b.forks().get(i).primary().length == 0 ? "no iterations" : "median " + m) + ")";
            }
        }
        return null;
    }

    private static String p95Missing(BenchmarkResult base, BenchmarkResult cur, double[] baseP95, double[] curP95) {
        if (baseP95.length > 0 && curP95.length > 0) {
            return null;
        }
        if (baseP95.length > 0 || curP95.length > 0) {
            return "only the " + (baseP95.length > 0 ? "baseline (" + base.mode() + ")" : "current results ("
                    + cur.mode() + ")") + " recorded per-fork p95 values; measure both in the same mode";
        }
        if (BenchmarkResult.KIND_SCENARIO.equals(cur.kind())) {
            return "the runs record no latency distribution of their own";
        }
        return cur.mode() + " mode records no latency distribution; use Mode.SampleTime to gate the p95";
    }

    /**
     * The INCONCLUSIVE reason when more than 20 % of a side's forks trend across their measurement iterations
     * (the stats package's Kendall test), else null. Adds to {@code untested} the reason when no fork of a side
     * was long enough to test.
     */
    private static String unstableForks(BenchmarkResult base, BenchmarkResult cur, List<String> untested) {
        String reason = null;
        for (BenchmarkResult b : new BenchmarkResult[] {cur, base}) {
            List<double[]> iterations = new ArrayList<>();
            b.forks().forEach(f -> iterations.add(f.primary()));
            SteadyState.Assessment a = SteadyState.assess(iterations);
            if (a.isInconclusive() && reason == null) {
                reason = "in the " + (b == cur ? "current results" : "baseline") + ", " + a.reason();
            }
            if (a.untestableForks() == iterations.size()) {
                untested.add(a.reason());
            }
        }
        return reason;
    }

    private Pending prepare(BenchmarkResult base, BenchmarkResult cur, BenchmarkSettings bs, Metric metric,
            String unit, Direction direction, Thresholds thresholds, double[] baseValues, double[] curValues,
            String refusal) {
        Comparison.Builder row = Comparison.builder().benchmark(cur).metric(metric, unit, direction)
                .forks(baseValues.length, curValues.length)
                .thresholds(thresholds.fail(), thresholds.minEffect(), thresholds.alpha()).rule(bs.rule());
        medians(row, baseValues, curValues);
        if (baseValues.length == 0 || curValues.length == 0) {
            Pending p = new Pending(row, metric, direction, null, refusal, settings.minForks());
            String why = refusal != null ? refusal : "the " + (baseValues.length == 0 ? "baseline" : "current results")
                    + " hold no values for it";
            p.decided = row.verdict(Verdict.INCONCLUSIVE, metric.label(direction) + " is not judged: " + why).build();
            return p;
        }
        ShiftComparison test = ShiftTest.compare(baseValues, curValues, direction, thresholds);
        return new Pending(row, metric, direction, test, refusal, settings.minForks());
    }

    private static void medians(Comparison.Builder row, double[] base, double[] cur) {
        if (base.length > 0) {
            OrderStatisticInterval i = Quantiles.medianInterval(base, ShiftTest.DISPLAY_CONFIDENCE);
            row.baselineMedian(i.estimate(), i.isBounded() ? i.lower() : Double.NaN,
                    i.isBounded() ? i.upper() : Double.NaN);
        }
        if (cur.length > 0) {
            OrderStatisticInterval i = Quantiles.medianInterval(cur, ShiftTest.DISPLAY_CONFIDENCE);
            row.currentMedian(i.estimate(), i.isBounded() ? i.lower() : Double.NaN,
                    i.isBounded() ? i.upper() : Double.NaN);
        }
    }

    private Comparison allocation(BenchmarkResult base, BenchmarkResult cur, BenchmarkSettings bs, double[] baseAlloc,
            double[] curAlloc, String refusal) {
        AllocationTolerance tol = bs.allocation();
        String unit = unitOf(cur, ALLOCATION_METRIC, "B/op");
        double b = Quantiles.median(baseAlloc);
        double c = Quantiles.median(curAlloc);
        double ratio = b > 0 ? c / b : Double.NaN;
        Comparison.Builder row = Comparison.builder().benchmark(cur)
                .metric(Metric.ALLOCATION, unit, Direction.LOWER_IS_BETTER).forks(baseAlloc.length, curAlloc.length)
                .baselineMedian(b, Double.NaN, Double.NaN).currentMedian(c, Double.NaN, Double.NaN)
                .ratio(ratio, Double.NaN, Double.NaN, Double.NaN, Double.NaN).ratioOfMedians(ratio)
                .allocationTolerance(tol.percent(), tol.bytes()).rule(bs.rule());
        if (refusal != null) {
            return row.verdict(Verdict.INCONCLUSIVE, "allocation is not judged: " + refusal).build();
        }
        double growth = c - b;
        double allowed = tol.allowedGrowth(b);
        String measured = "allocation " + signedPercent(ratio) + " (" + signedBytes(growth) + ")";
        String limit = "the limit max(" + StatsText.percent(tol.percent()) + ", " + bytes(tol.bytes()) + ") = "
                + bytes(allowed);
        String counts = "medians " + bytes(b) + " -> " + bytes(c) + ", " + baseAlloc.length + " vs "
                + curAlloc.length + " forks";
        if (growth > allowed) {
            return row.verdict(Verdict.FAIL, measured + " is above " + limit + " (" + counts + ")").build();
        }
        if (-growth > allowed) {
            return row.verdict(Verdict.IMPROVED, measured + " is an improvement beyond " + limit + " (" + counts + ")")
                    .build();
        }
        return row.verdict(Verdict.PASS, measured + " is within " + limit + " (" + counts + ")").build();
    }

    private static String unitOf(BenchmarkResult b, String metric, String fallback) {
        MetricInfo info = b.secondaryMetrics().get(metric);
        return info == null ? fallback : info.unit();
    }

    private static String signedPercent(double ratio) {
        return Double.isNaN(ratio) ? "n/a" : StatsText.percentChange(ratio);
    }

    private static String bytes(double b) {
        return formatNumber(b) + " B/op";
    }

    private static String signedBytes(double b) {
        return (b >= 0 ? "+" : "-") + formatNumber(Math.abs(b)) + " B/op";
    }

    private static String formatNumber(double v) {
        return Math.abs(v - Math.rint(v)) < 0.05 ? String.format(Locale.ROOT, "%.0f", v)
                : String.format(Locale.ROOT, "%.1f", v);
    }

    // ------------------------------------------------------------------ all benchmarks

    /** The multiplicity step over the K tested comparisons, then the decision rule on each. */
    private void decide(List<Pending> pending, GateReport.Builder report, Calibration calibration) {
        List<Pending> tested = new ArrayList<>();
        for (Pending p : pending) {
            if (p.tested()) {
                tested.add(p);
            }
        }
        Multiplicity.Mode mode = settings.multiplicity();
        double[] pValues = new double[tested.size()];
        for (int i = 0; i < pValues.length; i++) {
            // The guarded p-values: Holm's and BH's steps must see the evidence the rule will demand.
            pValues[i] = DecisionRule.failPValue(tested.get(i).test);
        }
        double[] levels = Multiplicity.effectiveAlphas(pValues, settings.alpha(), mode);
        double[] adjusted = mode == Multiplicity.Mode.NONE ? null : Multiplicity.adjust(pValues, mode);
        boolean anyCanFail = feasibility(tested, report);
        report.multiplicity(mode, tested.size(), anyCanFail);
        for (int i = 0; i < tested.size(); i++) {
            Pending p = tested.get(i);
            Decision d = DecisionRule.decide(p.test, levels[i], p.minForks);
            p.decided = row(p, d, levels[i]).adjustedP(adjusted == null ? Double.NaN : adjusted[i]).build();
        }
        for (Pending p : pending) {
            if (p.decided == null) {
                Decision d = p.refusal != null
                        ? DecisionRule.decide(p.test, settings.alpha(), 1).overruledAsInconclusive(
                                estimate(p.test) + " is not judged: " + p.refusal)
                        : DecisionRule.decide(p.test, settings.alpha(), p.minForks);
                p.decided = row(p, d, settings.alpha()).build();
            }
            p.decided = NoiseFloor.apply(p.decided, calibration);
            report.addComparison(p.decided);
            if (p.decided.verdict() == Verdict.FAIL) {
                report.addRegression(p.decided.displayName() + ": " + p.decided.reason());
            }
        }
    }

    private Comparison.Builder row(Pending p, Decision d, double level) {
        ShiftComparison t = p.test;
        return p.row.ratio(t.ratio(), t.lowerBound(level), t.upperBound(level), t.ciLower(), t.ciUpper())
                .ratioOfMedians(t.orientedMedianRatio()).pValue(t.pSlower())
                .thresholds(t.thresholds().fail(), t.thresholds().minEffect(), level)
                .verdict(d.verdict(), d.describe(label(p))).confident(d.confidentPass());
    }

    private static String label(Pending p) {
        return p.label != null ? p.label : p.metric.label(p.direction);
    }

    /** "+2.0 % [-1.0 %, +5.1 %]" in the metric's own direction. */
    private static String estimate(ShiftComparison c) {
        return StatsText.percentChange(c.nativeRatio()) + " [" + StatsText.percentChange(c.nativeCiLower()) + ", "
                + StatsText.percentChange(c.nativeCiUpper()) + "]";
    }

    /**
     * Warns when the fork counts at hand make a FAIL impossible under the multiplicity mode (Holm at 5 forks a
     * side allows at most 12 comparisons). Returns whether any comparison can fail.
     */
    private boolean feasibility(List<Pending> tested, GateReport.Builder report) {
        if (tested.isEmpty()) {
            return true;
        }
        int impossible = 0;
        Multiplicity.Feasibility example = null;
        for (Pending p : tested) {
            Multiplicity.Feasibility f = Multiplicity.feasibility(p.test.baselineCount(), p.test.candidateCount(),
                    tested.size(), settings.alpha(), settings.multiplicity());
            if (!f.isPossible()) {
                impossible++;
                example = f;
            }
        }
        if (impossible > 0) {
            String mode = GateSettings.multiplicityId(settings.multiplicity());
            report.addNote((impossible == tested.size() ? "No" : impossible + " of " + tested.size())
                    + " comparisons can fail with perf.multiplicity=" + mode + " and K = " + tested.size() + ": "
                    + example.warning() + (settings.multiplicity() == Multiplicity.Mode.NONE ? ""
                            : ", or use perf.multiplicity=none"));
        }
        return impossible < tested.size();
    }

    private void checkRules(PerfResults baseline, PerfResults current, GateReport.Builder report) {
        for (RuleSet.ParsedRule r : settings.rules().rules()) {
            boolean matches = false;
            for (PerfResults side : new PerfResults[] {current, baseline}) {
                for (BenchmarkResult b : side.benchmarks()) {
                    matches |= r.matches(b.key());
                }
            }
            if (!matches) {
                report.addNote(r.label() + " matches no benchmark; check its <pattern> (a regular expression"
                        + " searched in names like " + example(current, baseline) + ")");
            }
        }
    }

    private static String example(PerfResults current, PerfResults baseline) {
        PerfResults side = current.benchmarks().isEmpty() ? baseline : current;
        return side.benchmarks().isEmpty() ? "com.acme.MyBench.method:size=10" : side.benchmarks().get(0).key();
    }

    private void listMembershipFailures(List<BenchmarkRef> added, List<BenchmarkRef> missing,
            GateReport.Builder report) {
        if (settings.failOnNewBenchmarks() && !added.isEmpty()) {
            report.addOtherFailure(count(added.size()) + " new since the baseline and"
                    + " perf.failOnNewBenchmarks=true: " + names(added)
                    + ". Record a new baseline with: " + baselineCommand);
        }
        if (settings.failOnMissingBenchmarks() && !missing.isEmpty()) {
            int n = missing.size();
            report.addOtherFailure((n == 1 ? "1 benchmark" : n + " benchmarks") + " of the baseline did not run and"
                    + " perf.failOnMissingBenchmarks=true: " + names(missing)
                    + ". Run them, or record a new baseline with: " + baselineCommand);
        }
    }

    private static String count(int n) {
        return n == 1 ? "1 benchmark is" : n + " benchmarks are";
    }

    private static String names(List<BenchmarkRef> refs) {
        List<String> names = new ArrayList<>();
        refs.forEach(r -> names.add(r.key()));
        return String.join(", ", names);
    }
}
