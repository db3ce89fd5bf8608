package io.perfgate.planning;

import io.perfgate.config.PerfProperties;
import io.perfgate.env.StealTime;
import io.perfgate.gate.ForkValues;
import io.perfgate.gate.Gate;
import io.perfgate.gate.GateReport;
import io.perfgate.gate.GateRow;
import io.perfgate.gate.GateSettings;
import io.perfgate.gate.Metric;
import io.perfgate.interleaved.BenchmarkLauncher;
import io.perfgate.interleaved.InterleavedResults;
import io.perfgate.interleaved.InterleavedRun;
import io.perfgate.interleaved.InterleavedSchedule;
import io.perfgate.interleaved.Side;
import io.perfgate.interleaved.StopRule;
import io.perfgate.jmh.JmhTime;
import io.perfgate.log.PerfLog;
import io.perfgate.results.BenchmarkId;
import io.perfgate.results.BenchmarkResult;
import io.perfgate.results.Calibration;
import io.perfgate.results.Fork;
import io.perfgate.results.PerfResults;
import io.perfgate.results.ResultsJson;
import io.perfgate.stats.ForkPlan;
import io.perfgate.stats.Power;
import io.perfgate.stats.Quantiles;
import io.perfgate.stats.StatsText;
import io.perfgate.stats.Thresholds;
import io.perfgate.workspace.CompareException;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;

/**
 * {@code perf:calibrate}: an A/A run. The working tree's benchmarks run against themselves in the same
 * interleaved rounds as {@code perf:compare}, so the spread between the two halves is pure noise. Per benchmark
 * it reports the between-fork and within-fork coefficients of variation, the gate's verdict on the A/A pair
 * (anything but PASS means the machine is too noisy for the threshold), the smallest slowdown the gate detects
 * with 80 % power at this fork count, and the forks needed to detect 1.5 x T_fail with that power; and, from the
 * two noise levels and the forks' wall times, the fork plan ({@link ForkPlan}): the forks and iterations per fork
 * that reach that target at the least machine time.
 */
public final class AaCalibration {
    /** The power the sizing is done for. */
    public static final double POWER = Power.DEFAULT_POWER;
    /** The slowdown sizing aims at, as a multiple of T_fail. */
    public static final double TARGET_FACTOR = Power.SIZING_FACTOR;
    /** Fork counts searched for {@code forksNeeded}. */
    static final int MAX_FORKS_SEARCHED = 200;
    public static final String RESULTS_FILE = "calibration.json";

    private final BenchmarkLauncher launcher;
    private final PerfLog log;

    public AaCalibration(BenchmarkLauncher launcher, PerfLog log) {
        this.launcher = launcher;
        this.log = log;
    }

    /** The outcome: the calibration section, the A/A gate report, and what perf:calibrate says about them. */
    public static final class Result {
        private final Calibration calibration;
        private final GateReport report;
        private final PerfResults results;
        private final Path file;
        private final OptionalDouble stealShare;
        private final int forksPerHalf;
        private final GateSettings settings;

        Result(Calibration calibration, GateReport report, PerfResults results, Path file, OptionalDouble stealShare,
                int forksPerHalf, GateSettings settings) {
            this.calibration = calibration;
            this.report = report;
            this.results = results;
            this.file = file;
            this.stealShare = stealShare;
            this.forksPerHalf = forksPerHalf;
            this.settings = settings;
        }

        /**
         * The lines that follow the gate's table in the log: a blank line, a heading, the calibration table, and one
         * line per benchmark with the fork plan its noise gives.
         */
        public List<String> tableLines() {
            List<String> lines = new ArrayList<>();
            lines.add("");
            lines.add("A/A calibration, " + forksPerHalf + " forks per half (noise floor of this machine):");
            for (String row : table(calibration, settings)) {
                lines.add("  " + row);
            }
            List<String> plans = planLines(calibration);
            if (!plans.isEmpty()) {
                lines.add("Fork plans (forks per side x measurement iterations per fork that catch 1.5 x the limit with"
                        + " 80 % power at the least machine time; " + PerfProperties.FORK_PLAN + "="
                        + PerfProperties.FORK_PLAN_CALIBRATED + " runs them once the calibration is saved):");
                plans.forEach(line -> lines.add("  " + line));
            }
            return lines;
        }

        /** One warning per benchmark the gate did not PASS against itself: the machine is too noisy for its limit. */
        public List<String> noiseWarnings() {
            List<String> warnings = new ArrayList<>();
            calibration.benchmarks().forEach((key, c) -> {
                if (!"PASS".equals(c.aaVerdict())) {
                    warnings.add(noiseWarning(name(calibration, key), c));
                }
            });
            return warnings;
        }

        /**
         * The share of CPU time the hypervisor took while the forks ran; empty where the machine does not say. A
         * noise floor measured under much steal overstates the machine's usual noise.
         */
        public OptionalDouble stealShare() {
            return stealShare;
        }

        public Calibration calibration() {
            return calibration;
        }

        /** The gate on the two halves of the A/A run. */
        public GateReport report() {
            return report;
        }

        /** The first half's results with the calibration section (what {@code calibration.json} holds). */
        public PerfResults results() {
            return results;
        }

        public Path file() {
            return file;
        }
    }

    /**
     * @param classpath the working tree's benchmark classpath
     * @param forks forks per half (the fork count whose noise floor is measured)
     */
    public Result run(List<Path> classpath, int forks, long seed, GateSettings settings, Path outputDirectory,
            String toolVersion, String command) throws CompareException, IOException {
        List<String> benchmarks = launcher.discover(classpath, "working tree");
        if (benchmarks.isEmpty()) {
            throw new CompareException("No benchmark selected to calibrate; check " + PerfProperties.INCLUDES);
        }
        StopRule fixed;
        try {
            fixed = new StopRule(false, forks, settings);
        } catch (IllegalArgumentException e) {
            throw new CompareException(PerfProperties.FORKS + " is " + forks + ", but the gate judges no fewer than "
                    + Math.max(StopRule.FIRST_LOOK, settings.minForks()) + " forks per side ("
                    + PerfProperties.MIN_FORKS + ")", e);
        }
        Optional<StealTime> stealBefore = StealTime.read();
        // each fork's wall time, shared among the results it measured (parameter sets and modes): the plans' costs
        Map<BenchmarkId, List<Double>> forkSeconds = new HashMap<>();
        InterleavedResults outcome = new InterleavedRun(new InterleavedSchedule(seed), fixed, log)
                .settings(launcher.settings()).fixedLengths(b -> launcher.fixedLength(classpath, b))
                .sides("the working tree against itself (A/A)").run(benchmarks, (side, benchmark, round) -> {
                    long start = System.nanoTime();
                    List<BenchmarkResult> forkResults = launcher.runFork(classpath, benchmark,
                            side == Side.BASE ? "A" : "A'", round);
                    double share = (System.nanoTime() - start) / 1e9 / Math.max(1, forkResults.size());
                    for (BenchmarkResult r : forkResults) {
                        forkSeconds.computeIfAbsent(r.id(), k -> new ArrayList<>()).add(share);
                    }
                    return forkResults;
                });
        OptionalDouble steal = StealTime.share(stealBefore, StealTime.read());
        if (!outcome.failures().isEmpty()) {
            throw new CompareException("The A/A run could not finish: " + String.join("; ", outcome.failures()));
        }
        String createdAt = Instant.now().truncatedTo(ChronoUnit.SECONDS).toString();
        Map<String, String> runSettings = new LinkedHashMap<>(launcher.settings());
        runSettings.put(PerfProperties.SEED, Long.toString(seed));
        runSettings.put(PerfProperties.FORKS, Integer.toString(forks));
        PerfResults first = PerfResults.builder().createdAt(createdAt).toolVersion(toolVersion).command(command)
                .environment(launcher.environment()).settings(runSettings).benchmarks(outcome.results(Side.BASE))
                .build();
        PerfResults second = first.toBuilder().benchmarks(outcome.results(Side.CANDIDATE)).build();
        GateReport report = new Gate(settings).toolVersion(toolVersion).check(first, "A/A first half", second,
                "A/A second half");

        Map<BenchmarkId, Calibration.Entry> entries = new LinkedHashMap<>();
        for (BenchmarkResult a : first.benchmarks()) {
            BenchmarkResult b = second.find(a.id()).orElse(null);
            if (b == null) {
                continue;
            }
            Thresholds median = settings.forBenchmark(a.key()).median();
            double betweenCv = betweenForkCv(a, b);
            double withinCv = withinForkCv(a, b);
            int n = Math.min(a.forks().size(), b.forks().size());
            double detectable = Double.NaN;
            int needed = 0;
            if (betweenCv > 0 && Double.isFinite(betweenCv)) {
                detectable = Power.detectableSlowdown(n, n, betweenCv, median, POWER) - 1;
                OptionalInt f = Power.forksNeeded(1 + TARGET_FACTOR * median.fail(), betweenCv, median, POWER,
                        MAX_FORKS_SEARCHED);
                needed = f.isPresent() ? f.getAsInt() : 0;
            }
            entries.put(a.id(), new Calibration.Entry(n, betweenCv, withinCv, median.fail(), detectable, needed,
                    aaVerdict(report, a.id()), plan(a, betweenCv, withinCv, median, forkSeconds.get(a.id()),
                            launcher.settings())));
        }
        Calibration calibration = new Calibration(createdAt, POWER, settings.alpha(), entries);
        PerfResults withCalibration = first.toBuilder().calibration(calibration).build();
        Path file = outputDirectory.resolve(RESULTS_FILE);
        ResultsJson.write(withCalibration, file);
        return new Result(calibration, report, withCalibration, file, steal, forks, settings);
    }

    /**
     * The fork length and count that reach the sizing target at the least machine time ({@link ForkPlan}), from
     * the noise just measured and the forks' wall times; null where the costs are unknown: single-shot mode (no
     * fixed iteration length), measurement times that differ between benchmarks, forks not timed, or noise not
     * measured.
     */
    static Calibration.Plan plan(BenchmarkResult a, double betweenCv, double withinCv, Thresholds thresholds,
            List<Double> wallSeconds, Map<String, String> settings) {
        return plan(a, betweenCv, withinCv, thresholds, wallSeconds, settings, 0);
    }

    /**
     * As {@link #plan(BenchmarkResult, double, double, Thresholds, List, Map)}, but the forks may be planned up to
     * {@code maxIterations} long where that is more than they ran: the forks of perf:compare's first rounds start
     * short under {@code perf.forkPlan=auto}, and the plan may lengthen them back to the settings' length (a mild
     * extrapolation of the within-fork model, from 6 iterations to about 10).
     */
    static Calibration.Plan plan(BenchmarkResult a, double betweenCv, double withinCv, Thresholds thresholds,
            List<Double> wallSeconds, Map<String, String> settings, int maxIterations) {
        if (wallSeconds == null || wallSeconds.isEmpty() || BenchmarkResult.MODE_SINGLE_SHOT.equals(a.mode())
                || !(betweenCv >= 0) || !(withinCv >= 0) || a.forks().isEmpty()) {
            return null;
        }
        // the iteration time the forks ran, where they recorded it (a planned fork measures in fine iterations),
        // else the settings'
        double iterationSeconds = recordedIterationSeconds(a);
        if (!(iterationSeconds > 0)) {
            try {
                iterationSeconds = JmhTime.parse(settings.getOrDefault(PerfProperties.MEASUREMENT_TIME, ""))
                        .toNanos() / 1e9;
            } catch (IllegalArgumentException e) {
                return null;
            }
        }
        double[] iterations = new double[a.forks().size()];
        for (int i = 0; i < iterations.length; i++) {
            iterations[i] = a.forks().get(i).primary().length;
        }
        int measured = (int) Math.round(Quantiles.median(iterations));
        double fork = Quantiles.median(wallSeconds.stream().mapToDouble(Double::doubleValue).toArray());
        double fixedCost = fork - measured * iterationSeconds;
        if (measured < 2 || !(fixedCost > 0) || !(iterationSeconds > 0)) {
            return null;
        }
        ForkPlan.Noise noise = ForkPlan.Noise.measured(betweenCv, withinCv, measured);
        ForkPlan plan = maxIterations > measured
                ? ForkPlan.choose(noise, fixedCost, iterationSeconds, thresholds, POWER, ForkPlan.MIN_ITERATIONS,
                        maxIterations, ForkPlan.Terms.FORKS)
                : ForkPlan.choose(noise, fixedCost, iterationSeconds, thresholds, POWER, measured);
        return new Calibration.Plan(plan.forks(), plan.iterations(), fixedCost, iterationSeconds, measured,
                plan.reason());
    }

    /** The median of the forks' recorded measurement iteration time; NaN when none recorded it. */
    private static double recordedIterationSeconds(BenchmarkResult a) {
        double[] times = a.forks().stream().mapToDouble(Fork::iterationSeconds).filter(Double::isFinite).toArray();
        return times.length == 0 ? Double.NaN : Quantiles.median(times);
    }

    /**
     * One line per benchmark with a plan: what it would choose and why, and its time against the fixed run, e.g.
     * {@code ParserBench.parse: 6 forks x 6 iterations (...); about 31 s a side against 88 s at 10 x 10}.
     */
    public static List<String> planLines(Calibration calibration) {
        List<String> lines = new ArrayList<>();
        calibration.benchmarks().forEach((key, e) -> {
            Calibration.Plan p = e.plan();
            if (p != null) {
                lines.add(name(calibration, key) + ": " + describe(p, e.forks()));
            }
        });
        return lines;
    }

    /** A plan against {@code fixedForks} forks of the calibrated length, in the words of {@link ForkPlan#line}. */
    public static String describe(Calibration.Plan p, int fixedForks) {
        return ForkPlan.line(p.forks(), p.iterations(), p.reason(), p.secondsAt(fixedForks, p.measuredIterations()),
                p.secondsAt(p.forks(), p.iterations()), fixedForks, p.measuredIterations());
    }

    /** The worst verdict of the benchmark's median and p95 in the A/A report. */
    private static String aaVerdict(GateReport report, BenchmarkId id) {
        io.perfgate.stats.Verdict worst = null;
        for (GateRow c : report.comparisons()) {
            if (c.id().equals(id) && c.metric() != Metric.ALLOCATION
                    && (worst == null || c.verdict().compareTo(worst) < 0)) {
                worst = c.verdict();
            }
        }
        return worst == null ? "INCONCLUSIVE" : worst.name();
    }

    /**
     * Coefficient of variation of the per-fork values the gate tests for the median ({@link ForkValues}: in
     * SampleTime each fork's own p50), each half centred on its own mean on the log scale (so a shift between the
     * halves does not count as spread), pooled, and turned back into a CV of a lognormal.
     */
    static double betweenForkCv(BenchmarkResult a, BenchmarkResult b) {
        ForkValues medians = ForkValues.of(a, b, Metric.MEDIAN);
        return Power.forkCv(medians.baseline(), medians.candidate());
    }

    /** Mean over forks of the CV of their measurement iterations; NaN when no fork has two iterations. */
    static double withinForkCv(BenchmarkResult a, BenchmarkResult b) {
        double sum = 0;
        int count = 0;
        for (BenchmarkResult side : new BenchmarkResult[] {a, b}) {
            for (Fork f : side.forks()) {
                double[] it = f.primary();
                if (it.length < 2) {
                    continue;
                }
                double mean = 0;
                for (double v : it) {
                    mean += v;
                }
                mean /= it.length;
                double ss = 0;
                for (double v : it) {
                    ss += (v - mean) * (v - mean);
                }
                if (mean > 0) {
                    sum += Math.sqrt(ss / (it.length - 1)) / mean;
                    count++;
                }
            }
        }
        return count == 0 ? Double.NaN : sum / count;
    }

    /**
     * What a verdict other than PASS against itself means, for a benchmark. Only a FAIL or WARN makes perf:check
     * turn a later FAIL INCONCLUSIVE outright (gate.NoiseFloor); an INCONCLUSIVE A/A says the forks are too few to
     * rule out 1.5 x the limit at this noise, and says how many would.
     */
    static String noiseWarning(String key, Calibration.Entry c) {
        String limit = String.format(Locale.ROOT, "%.0f %%", c.threshold() * 100);
        if ("FAIL".equals(c.aaVerdict()) || "WARN".equals(c.aaVerdict())) {
            return key + " was judged " + c.aaVerdict() + " against itself: this machine is too noisy for the " + limit
                    + " limit; perf:check would report INCONCLUSIVE instead of FAIL once this calibration is saved";
        }
        if ("INCONCLUSIVE".equals(c.aaVerdict())) {
            return key + " was judged INCONCLUSIVE against itself: at " + c.forks() + " forks a side its "
                    + pct(c.betweenForkCv()) + " between-fork noise could hide a slowdown of "
                    + (Double.isFinite(c.detectableSlowdown()) ? "+" + pct(c.detectableSlowdown()) : "any size")
                    + ", more than " + TARGET_FACTOR + " x the " + limit + " limit; "
                    + (c.forksNeeded() > 0 ? c.forksNeeded() + " forks a side would catch +"
                            + pct(TARGET_FACTOR * c.threshold()) : "more than " + MAX_FORKS_SEARCHED
                            + " forks a side would be needed")
                    + " (" + PerfProperties.FORKS + " in perf:run, " + PerfProperties.MAX_FORKS + " in perf:compare),"
                    + " or raise the limit";
        }
        return key + " was judged " + c.aaVerdict() + " against itself: noise alone looked like a change beyond the "
                + limit + " limit, so this machine is too noisy for it";
    }

    /**
     * How the log names benchmark {@code id} of {@code calibration}: by its key, with the mode where the calibration
     * holds that key in several modes.
     */
    static String name(Calibration calibration, BenchmarkId id) {
        long modes = calibration.benchmarks().keySet().stream().filter(o -> o.key().equals(id.key())).count();
        return modes > 1 ? id.toString() : id.key();
    }

    /** The calibration table for the log. */
    public static List<String> table(Calibration calibration, GateSettings settings) {
        List<String> rows = new ArrayList<>();
        String[] header = {"benchmark", "forks", "between-fork CV", "within-fork CV", "A/A",
                "detectable (80 % power)", "forks for 1.5 x limit"};
        List<String[]> cells = new ArrayList<>();
        cells.add(header);
        calibration.benchmarks().forEach((key, e) -> cells.add(new String[] {name(calibration, key),
                Integer.toString(e.forks()),
                pct(e.betweenForkCv()), pct(e.withinForkCv()), e.aaVerdict(),
                Double.isFinite(e.detectableSlowdown()) ? "+" + pct(e.detectableSlowdown()) : "not detectable",
                e.forksNeeded() > 0 ? e.forksNeeded() + " (for +" + pct(TARGET_FACTOR * e.threshold()) + ")"
                        : "more than " + MAX_FORKS_SEARCHED}));
        int[] widths = new int[header.length];
        for (String[] row : cells) {
            for (int i = 0; i < row.length; i++) {
                widths[i] = Math.max(widths[i], row[i].length());
            }
        }
        for (String[] row : cells) {
            StringBuilder sb = new StringBuilder();
            for (int i = 0; i < row.length; i++) {
                sb.append(i == 0 ? "" : "  ").append(String.format(Locale.ROOT, "%-" + widths[i] + "s", row[i]));
            }
            rows.add(sb.toString().trim());
        }
        return rows;
    }

    private static String pct(double fraction) {
        return StatsText.noise(fraction);
    }
}
