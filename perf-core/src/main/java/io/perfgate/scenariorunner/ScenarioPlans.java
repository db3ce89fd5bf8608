package io.perfgate.scenariorunner;

import io.perfgate.config.PerfProperties;
import io.perfgate.results.BenchmarkResult;
import io.perfgate.results.Fork;
import io.perfgate.results.PerfResults;
import io.perfgate.stats.ForkPlan;
import io.perfgate.stats.Power;
import io.perfgate.stats.Quantiles;
import io.perfgate.stats.StatsText;
import io.perfgate.stats.Thresholds;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

/**
 * Warm JVMs, warm runs per JVM and warm-up runs of each scenario from its own variance components, for
 * {@code perf.forkPlan} other than {@code fixed} (statistics.md, "Scenarios: warm JVMs and runs per JVM").
 *
 * <p>A scenario's warm JVM is a JMH fork in all that matters here: it pays its start, its set-up (a mini cluster:
 * seconds) and its warm-up runs once, then each warm run costs the same, and the gate takes the median of its runs
 * as one value. So the JVMs and the runs per JVM are {@link ForkPlan}'s allocation with the JVM as the fork and a warm
 * run as the iteration; only the bounds differ: at least {@link #MIN_WARM_RUNS} runs, so a JVM's median outvotes one
 * odd run (the steady-state test that sets JMH's floor does not judge scenario runs), and at most
 * {@link #MAX_WARM_RUNS}, beyond the runs recorded where an expensive set-up asks for longer JVMs.
 *
 * <p>The variance components come from the warm JVMs the baseline recorded (perf:baseline runs 5 JVMs of 5 runs by
 * default): the spread of the JVMs' medians (between) and of the runs around their JVM's level (within), and the
 * costs from its set-up, tear-down and run times. The warm-up runs come from what the runs show: a fresh JVM's first
 * run (the cold runs) against the warm runs, and each warm JVM's first measured run against its later ones.
 */
public final class ScenarioPlans {
    /** The fewest warm runs a planned JVM makes: the median of 3 is not moved by one odd run. */
    public static final int MIN_WARM_RUNS = 3;
    /**
     * The most warm runs a plan gives a JVM: the within-JVM noise is measured over the recorded runs (5 by default),
     * and a JVM's runs may drift over a much longer stretch; the next baseline measures the planned length again.
     */
    public static final int MAX_WARM_RUNS = 20;
    /** A run is counted slower than the steady runs only beyond this, however quiet its JVM's runs are. */
    static final double LEAST_WARMUP_EXCESS = 0.01;

    private static final ScenarioPlans NONE = new ScenarioPlans(new HashMap<>(), null);

    private final Map<String, Recorded> recorded;
    private final String source;

    private ScenarioPlans(Map<String, Recorded> recorded, String source) {
        this.recorded = recorded;
        this.source = source;
    }

    /** What a results file recorded of one scenario: its warm JVMs' runs, its cold runs and its JVMs' costs. */
    private static final class Recorded {
        String warmKey;
        final List<double[]> warmRuns = new ArrayList<>();
        final List<Double> coldRunOnly = new ArrayList<>();
        final List<Double> setUp = new ArrayList<>();
        final List<Double> tearDown = new ArrayList<>();
        int warmupRuns = -1;
    }

    /** No recorded runs: every scenario keeps its settings. */
    public static ScenarioPlans none() {
        return NONE;
    }

    /** The scenario runs {@code results} recorded; {@code source} names it in the log lines. */
    public static ScenarioPlans recordedIn(PerfResults results, String source) {
        Map<String, Recorded> recorded = new HashMap<>();
        for (BenchmarkResult b : results.benchmarks()) {
            if (!BenchmarkResult.KIND_SCENARIO.equals(b.kind()) || !ScenarioMetrics.UNIT.equals(b.unit())) {
                continue;
            }
            String runs = b.params().get(ScenarioMetrics.RUNS_PARAM);
            String id = b.benchmark();
            Recorded r = recorded.computeIfAbsent(id, k -> new Recorded());
            String warmup = results.settings().get(PerfProperties.scenarioSetting(id, ScenarioDefinition.WARMUP_RUNS));
            if (warmup != null && warmup.trim().matches("\\d{1,4}")) {
                r.warmupRuns = Integer.parseInt(warmup.trim());
            }
            String timed = results.settings().getOrDefault(PerfProperties.scenarioSetting(id, "timed"), "");
            boolean coldIncludesSetUp = timed.startsWith("cold: set-up");
            for (Fork f : b.forks()) {
                double setUp = f.secondaryMedian(ScenarioMetrics.SETUP_TIME);
                if (!Double.isNaN(setUp)) {
                    r.setUp.add(setUp);
                }
                double tearDown = f.secondaryMedian(ScenarioMetrics.TEARDOWN_TIME);
                if (!Double.isNaN(tearDown)) {
                    r.tearDown.add(tearDown);
                }
                if (f.primary().length == 0) {
                    continue;
                }
                if (ScenarioMetrics.WARM.equals(runs)) {
                    r.warmKey = b.key();
                    r.warmRuns.add(f.primary());
                } else if (ScenarioMetrics.COLD.equals(runs)) {
                    double run = f.primaryMedian() - (coldIncludesSetUp && !Double.isNaN(setUp) ? setUp : 0);
                    if (run > 0) {
                        r.coldRunOnly.add(run);
                    }
                }
            }
        }
        recorded.values().removeIf(r -> r.warmRuns.isEmpty());
        return new ScenarioPlans(recorded, source);
    }

    /** What one scenario runs under its plan, and the one log line that says what and why. */
    public static final class Choice {
        private final ScenarioDefinition planned;
        private final ForkPlan plan;
        private final int warmupRuns;
        private final String line;

        Choice(ScenarioDefinition planned, ForkPlan plan, int warmupRuns, String line) {
            this.planned = planned;
            this.plan = plan;
            this.warmupRuns = warmupRuns;
            this.line = line;
        }

        /** The scenario as it runs: the plan's counts where the POM does not set them. */
        public ScenarioDefinition planned() {
            return planned;
        }

        /** The JVMs x runs allocation; null where the recorded runs could not split the noise. */
        public ForkPlan plan() {
            return plan;
        }

        /** The warm-up runs the recorded runs ask for. */
        public int warmupRuns() {
            return warmupRuns;
        }

        /** {@code scenario <id>: 6 JVMs x 9 runs (...); about 190 s a side against 118 s at 5 x 5; 1 warm-up run}. */
        public String line() {
            return line;
        }
    }

    /**
     * The plan of {@code d} at the gate's limits for its warm runs; null when nothing was recorded of it, so it runs
     * as configured.
     *
     * @param thresholds the limits by benchmark key (the warm runs' key, {@code <id>:runs=warm})
     */
    public Choice choose(ScenarioDefinition d, Function<String, Thresholds> thresholds) {
        Recorded r = recorded.get(d.getId());
        if (r == null || d.warmJvmCount() == 0) {
            return null;
        }
        double runSeconds = median(r.warmRuns.stream().flatMapToDouble(Arrays::stream).toArray()) / 1000;
        int recordedWarmup = r.warmupRuns >= 0 ? r.warmupRuns : d.getWarmupRuns();
        Warmup warmup = warmup(r, recordedWarmup);
        int warmupRuns = d.isSet(ScenarioDefinition.WARMUP_RUNS) ? d.getWarmupRuns() : warmup.runs;
        String warmupClause = warmupRuns + (warmupRuns == 1 ? " warm-up run" : " warm-up runs") + " ("
                + (d.isSet(ScenarioDefinition.WARMUP_RUNS) ? "<warmupRuns> set in the POM; the runs suggest "
                        + warmup.runs + ": " : "") + warmup.reason + ")";
        double fixedJvm = jvmSeconds(r, d.getWarmupRuns(), runSeconds);
        double fixedSeconds = d.warmJvmCount() * (fixedJvm + d.getWarmRuns() * runSeconds);

        // a first measured run that was still warming up is a warm-up run of the plan, not noise of the steady runs
        List<double[]> steadyRuns = warmup.firstStillSlow ? laterRuns(r) : r.warmRuns;
        double[] jvmValues = steadyRuns.stream().mapToDouble(Fork::median).toArray();
        double between = Power.forkCv(jvmValues);
        double within = Power.forkCv(steadyRuns.toArray(new double[0][]));
        int measured = (int) Math.round(median(steadyRuns.stream().mapToDouble(a -> a.length).toArray()));
        String who = "scenario " + d.getId() + ": ";
        if (Double.isNaN(between) || Double.isNaN(within) || measured < 2 || !(runSeconds > 0)) {
            String held = source + " holds " + r.warmRuns.size() + (r.warmRuns.size() == 1 ? " warm JVM" : " warm JVMs")
                    + " of " + measured + " runs, too few to split the noise into between and within JVMs";
            String line = who + ForkPlan.line(ForkPlan.Terms.JVMS, 0, 0, held, fixedSeconds, Double.NaN,
                    d.warmJvmCount(), d.getWarmRuns()) + "; " + warmupClause;
            return new Choice(d.planned(d.getWarmJvms(), d.getWarmRuns(), warmupRuns), null, warmupRuns, line);
        }
        ForkPlan plan = ForkPlan.choose(ForkPlan.Noise.measured(between, within, measured),
                jvmSeconds(r, warmupRuns, runSeconds), runSeconds, thresholds.apply(r.warmKey),
                Power.DEFAULT_POWER, MIN_WARM_RUNS, MAX_WARM_RUNS, ForkPlan.Terms.JVMS);
        boolean userSet = d.isSet(ScenarioDefinition.WARM_JVMS) || d.isSet(ScenarioDefinition.WARM_RUNS);
        String planLine = ForkPlan.line(ForkPlan.Terms.JVMS, plan.forks(), plan.iterations(), plan.reason()
                + ", from the " + r.warmRuns.size() + " warm JVMs in " + source, fixedSeconds, plan.seconds(),
                d.warmJvmCount(), d.getWarmRuns());
        ScenarioDefinition planned;
        if (userSet) {
            // JVMs and runs are one choice: with either fixed by the POM the other is not the plan's optimum
            planLine = "plan not used: <warmJvms> or <warmRuns> is set in the POM, and what you set wins; it would"
                    + " be " + planLine;
            planned = d.planned(d.getWarmJvms(), d.getWarmRuns(), warmupRuns);
        } else if (!plan.reachable()) {
            planned = d.planned(d.getWarmJvms(), d.getWarmRuns(), warmupRuns);
        } else {
            planned = d.planned(plan.forks(), plan.iterations(), warmupRuns);
        }
        return new Choice(planned, plan, warmupRuns, who + planLine + "; " + warmupClause);
    }

    /**
     * {@code definitions} as they run under their plans, each plan's line logged through {@code lines}; those with
     * nothing recorded run as configured.
     */
    public List<ScenarioDefinition> apply(List<ScenarioDefinition> definitions,
            Function<String, Thresholds> thresholds, java.util.function.Consumer<String> lines) {
        List<ScenarioDefinition> planned = new ArrayList<>();
        for (ScenarioDefinition d : definitions) {
            Choice c = choose(d, thresholds);
            if (c == null) {
                if (d.warmJvmCount() > 0) {
                    lines.accept("scenario " + d.getId() + ": no plan (" + (source == null ? "no baseline"
                            : source + " recorded no warm runs of it") + "); " + d.warmJvmCount() + " JVMs x "
                            + d.getWarmRuns() + " runs as configured");
                }
                planned.add(d);
            } else {
                lines.accept(c.line());
                planned.add(c.planned());
            }
        }
        return planned;
    }

    /** The warm-up runs and why. */
    private static final class Warmup {
        final int runs;
        final String reason;
        final boolean firstStillSlow;

        Warmup(int runs, String reason) {
            this(runs, reason, false);
        }

        Warmup(int runs, String reason, boolean firstStillSlow) {
            this.runs = runs;
            this.reason = reason;
            this.firstStillSlow = firstStillSlow;
        }
    }

    /** Each warm JVM's runs after its first measured one, where it has 3 or more (else all of them). */
    private static List<double[]> laterRuns(Recorded r) {
        List<double[]> later = new ArrayList<>();
        for (double[] runs : r.warmRuns) {
            later.add(runs.length >= 3 ? Arrays.copyOfRange(runs, 1, runs.length) : runs);
        }
        return later;
    }

    /**
     * Warm-up from what the runs show: one more run where a JVM's first measured run was still slower than its later
     * runs; none where a fresh JVM's first run (the cold runs) is as fast as the warm runs; else the recorded count.
     * "Slower" is beyond one run's own noise within its JVM (among the later runs), and at least
     * {@link #LEAST_WARMUP_EXCESS}.
     */
    static Warmup warmup(Recorded r, int recordedWarmup) {
        // the noise of a run among the later runs, which a slow first one would inflate
        double within = Power.forkCv(laterRuns(r).toArray(new double[0][]));
        double limit = Math.max(Double.isNaN(within) ? 0 : within, LEAST_WARMUP_EXCESS);
        List<Double> firstExcess = new ArrayList<>();
        for (double[] runs : r.warmRuns) {
            if (runs.length >= 3) {
                firstExcess.add(runs[0] / Fork.median(Arrays.copyOfRange(runs, 1, runs.length)) - 1);
            }
        }
        double first = firstExcess.isEmpty() ? Double.NaN
                : median(firstExcess.stream().mapToDouble(Double::doubleValue).toArray());
        double steady = median(r.warmRuns.stream().mapToDouble(Fork::median).toArray());
        double cold = r.coldRunOnly.isEmpty() ? Double.NaN
                : median(r.coldRunOnly.stream().mapToDouble(Double::doubleValue).toArray()) / steady - 1;
        String after = "after " + recordedWarmup + (recordedWarmup == 1 ? " warm-up run" : " warm-up runs");
        if (first > limit) {
            return new Warmup(recordedWarmup + 1, String.format(Locale.ROOT, "%s a JVM's first measured run was still"
                    + " %s slower than its later runs, beyond the %s noise of a run: one more", after,
                    StatsText.noise(first), StatsText.noise(limit)), true);
        }
        if (cold <= limit) {
            return new Warmup(0, cold <= 0 ? "a fresh JVM's first run is no slower than the warm runs: no warm-up"
                    + " needed" : String.format(Locale.ROOT, "a fresh JVM's first run is only %s slower than the warm"
                            + " runs, within the %s noise of a run: no warm-up needed", StatsText.noise(cold),
                            StatsText.noise(limit)));
        }
        if (Double.isNaN(cold)) {
            return new Warmup(recordedWarmup, Double.isNaN(first) ? "no cold runs nor 3 warm runs a JVM recorded to"
                    + " tell; the configured count kept" : after + " the runs are steady; no cold runs recorded to"
                    + " tell whether fewer do; the count kept");
        }
        return new Warmup(Math.max(recordedWarmup, 1), String.format(Locale.ROOT, "a fresh JVM's first run is %s"
                + " slower than the warm runs; %s", StatsText.noise(cold), Double.isNaN(first)
                        ? "warm-up kept" : (recordedWarmup == 0 ? "yet a warm JVM's first measured run is steady:"
                                + " 1 to be safe" : after + " the runs are steady: kept")));
    }

    /** A JVM's fixed cost in seconds: start and exit, set-up, tear-down, and its warm-up runs (the first one cold). */
    private static double jvmSeconds(Recorded r, int warmupRuns, double runSeconds) {
        double setUp = r.setUp.isEmpty() ? 0 : median(toArray(r.setUp)) / 1000;
        double tearDown = r.tearDown.isEmpty() ? 0 : median(toArray(r.tearDown)) / 1000;
        double firstRun = r.coldRunOnly.isEmpty() ? runSeconds : median(toArray(r.coldRunOnly)) / 1000;
        double warmup = warmupRuns == 0 ? 0 : firstRun + (warmupRuns - 1) * runSeconds;
        return ScenarioTimes.JVM_START_AND_EXIT.toMillis() / 1000.0 + setUp + tearDown + warmup;
    }

    private static double[] toArray(List<Double> values) {
        return values.stream().mapToDouble(Double::doubleValue).toArray();
    }

    private static double median(double[] values) {
        return Quantiles.median(values);
    }
}
