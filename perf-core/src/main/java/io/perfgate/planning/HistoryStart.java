package io.perfgate.planning;

import io.perfgate.config.PerfProperties;
import io.perfgate.history.HistoryRecord;
import io.perfgate.interleaved.StopRule;
import io.perfgate.jmh.JmhTime;
import io.perfgate.results.BenchmarkResult;
import io.perfgate.results.Fork;
import io.perfgate.stats.ForkPlan;
import io.perfgate.stats.Quantiles;
import io.perfgate.stats.Thresholds;
import io.perfgate.text.Durations;
import java.time.Duration;
import java.util.List;
import java.util.Locale;

/**
 * {@code perf.forkPlan=auto} with a history and no calibration: the first rounds' fork length from the newest run
 * the history holds of a benchmark (statistics.md, "Fork length and count from the noise"). That run's forks give
 * the between- and within-fork noise and the fork's fixed cost, as a calibration's would; the plan's iterations,
 * counted in the fine iterations a planned fork measures in, are where the first rounds start instead of the fewest
 * the steady-state test judges. After the first look {@link FirstRoundsPlan} plans again from the rounds' own forks,
 * so a history measured on another day or machine sets only where the comparison starts.
 */
public final class HistoryStart {
    /** Fewest forks a recorded run needs before its noise says anything (the exact test's floor). */
    static final int MIN_FORKS = StopRule.FIRST_LOOK;

    private final int iterations;
    private final String line;

    private HistoryStart(int iterations, String line) {
        this.iterations = iterations;
        this.line = line;
    }

    /** The fine iterations the first rounds run. */
    public int iterations() {
        return iterations;
    }

    /** The log line: what it chose, from which run, and why. */
    public String line() {
        return line;
    }

    /**
     * @param history the history's records, oldest first
     * @param rule the comparison's stop rule: its thresholds and level
     * @param fullIterations the fine iterations the settings' measurement time fills (the most a plan gives)
     * @param fineSeconds one fine iteration of this benchmark, in seconds
     * @return the start, or null when no recorded run of the benchmark has {@value #MIN_FORKS} timed forks with
     *     iterations, or its noise gives no plan (the short start then holds)
     */
    public static HistoryStart of(String benchmark, List<HistoryRecord> history, StopRule rule, int fullIterations,
            double fineSeconds) {
        if (fullIterations <= 0 || !(fineSeconds > 0)) {
            return null;
        }
        for (int r = history.size() - 1; r >= 0; r--) {
            HistoryRecord record = history.get(r);
            double recordedSeconds = iterationSeconds(record);
            ForkPlan longest = null;
            int forks = 0;
            for (BenchmarkResult a : record.results().benchmarks()) {
                if (!a.benchmark().equals(benchmark) || !usable(a) || !(recordedSeconds > 0)) {
                    continue;
                }
                ForkPlan p = plan(a, recordedSeconds, rule, fullIterations, fineSeconds);
                if (p != null && (longest == null || p.iterations() > longest.iterations())) {
                    longest = p;
                    forks = a.forks().size();
                }
            }
            if (longest == null) {
                continue;
            }
            int start = Math.min(longest.iterations(), fullIterations);
            String line = String.format(Locale.ROOT, "%s: %s=%s starts at %d iterations of %s a fork, from its"
                    + " newest run in the history (%s, %d forks): %s; the first %d rounds' own noise plans the rest",
                    benchmark, PerfProperties.FORK_PLAN, PerfProperties.FORK_PLAN_AUTO, start,
                    Durations.format(Duration.ofNanos(Math.round(fineSeconds * 1e9))), record.name(), forks,
                    longest.reason(), rule.firstLook());
            return new HistoryStart(start, line);
        }
        return null;
    }

    /**
     * The plan for one parameter set and mode of the recorded run, in fine iterations: the recorded within-fork
     * noise per iteration is scaled to the fine iteration's length (noise of a mean grows as 1 / sqrt(time)), so the
     * fork's within-fork variance stays what was measured; the fixed cost is the forks' median wall time less their
     * measurement.
     */
    private static ForkPlan plan(BenchmarkResult a, double recordedSeconds, StopRule rule, int fullIterations,
            double fineSeconds) {
        double[] iterations = new double[a.forks().size()];
        double[] wall = new double[a.forks().size()];
        for (int i = 0; i < iterations.length; i++) {
            iterations[i] = a.forks().get(i).primary().length;
            wall[i] = a.forks().get(i).seconds();
        }
        double measured = Quantiles.median(iterations);
        double fixedCost = Quantiles.median(wall) - measured * recordedSeconds;
        double between = AaCalibration.betweenForkCv(a, a);
        double within = AaCalibration.withinForkCv(a, a) * Math.sqrt(recordedSeconds / fineSeconds);
        int measuredFine = (int) Math.round(measured * recordedSeconds / fineSeconds);
        if (!(fixedCost > 0) || !(between >= 0) || !(within >= 0) || measuredFine < 2) {
            return null;
        }
        Thresholds atLevel = rule.medianAtDecisionLevel(a.key());
        // one side: each "half" of the pooled estimates is the same run, so they are that run's own
        ForkPlan p = ForkPlan.choose(ForkPlan.Noise.measured(between, within, measuredFine), fixedCost, fineSeconds,
                atLevel, AaCalibration.POWER, ForkPlan.MIN_ITERATIONS, fullIterations, ForkPlan.Terms.FORKS);
        return p.reachable() ? p : null;
    }

    /** The recorded run's measurement iteration time in seconds, from its settings; NaN when they do not say one. */
    private static double iterationSeconds(HistoryRecord record) {
        try {
            return JmhTime.parse(record.results().settings().getOrDefault(PerfProperties.MEASUREMENT_TIME, ""))
                    .toNanos() / 1e9;
        } catch (IllegalArgumentException e) {
            return Double.NaN;
        }
    }

    private static boolean usable(BenchmarkResult a) {
        if (a.forks().size() < MIN_FORKS || BenchmarkResult.MODE_SINGLE_SHOT.equals(a.mode())) {
            return false;
        }
        for (Fork f : a.forks()) {
            if (!Double.isFinite(f.seconds()) || f.primary().length < 2) {
                return false;
            }
        }
        return true;
    }
}
