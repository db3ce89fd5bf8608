package io.perfgate.results;

import io.perfgate.config.PerfProperties;
import io.perfgate.text.Durations;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What it saved: the machine time the JMH forks of a run spent, against what the old fixed defaults would have
 * cost (issue 32). The one home of that computation, for every log and report that states it.
 *
 * <p>A fork's fixed cost (JVM start, set-up, the harness) is its wall time less its warm-up and measurement time
 * (iterations x their time, from the settings); it is kept as measured in the counterfactual, so only what the
 * settings decide changes. The counterfactual is the fixed defaults' fork: 3 x 1 s
 * warm-up and 10 x 500 ms measurement (PerfProperties' defaults), at
 * <ul>
 * <li>{@link Counterfactual#FIXED_FORKS} (perf:run): 10 forks of each benchmark (parameter set
 *     and mode), at its mean fixed cost;</li>
 * <li>{@link Counterfactual#SAME_FORKS} (perf:compare, perf:calibrate): the same forks as run (the rounds the stop
 *     rule chose, both sides), each at the fixed length.</li>
 * </ul>
 * Scenarios and single-shot benchmarks have no fixed iteration length and are left out of both sums, as are forks
 * whose wall time was not recorded.
 */
public final class MachineTime {
    /** The old fixed defaults: forks per benchmark, warm-up and measurement iterations and their seconds. */
    public static final int FIXED_FORKS = Integer.parseInt(PerfProperties.DEFAULT_FORKS);
    public static final int FIXED_WARMUP_ITERATIONS = Integer.parseInt(PerfProperties.DEFAULT_WARMUP_ITERATIONS);
    public static final double FIXED_WARMUP_SECONDS = seconds(PerfProperties.DEFAULT_WARMUP_TIME);
    public static final int FIXED_MEASUREMENT_ITERATIONS = Integer.parseInt(
            PerfProperties.DEFAULT_MEASUREMENT_ITERATIONS);
    public static final double FIXED_MEASUREMENT_SECONDS = seconds(PerfProperties.DEFAULT_MEASUREMENT_TIME);

    /**
     * The fork length {@code perf.forkPlan=fixed} gives a benchmark: its warm-up seconds, its measurement iterations
     * and their time, from its annotations or settings (else the defaults). A benchmark's own @Warmup and
     * @Measurement are its "today's defaults", not the plugin's.
     */
    public static final class ForkLength {
        final double warmupSeconds;
        final int measurementIterations;
        final double iterationSeconds;

        public ForkLength(double warmupSeconds, int measurementIterations, double iterationSeconds) {
            this.warmupSeconds = warmupSeconds;
            this.measurementIterations = measurementIterations;
            this.iterationSeconds = iterationSeconds;
        }

        /** Warm-up and measurement seconds of one fork. */
        double seconds() {
            return warmupSeconds + measurementIterations * iterationSeconds;
        }

        boolean known() {
            return Double.isFinite(seconds()) && iterationSeconds > 0;
        }
    }

    /** Each benchmark's fixed fork length by its name; null where it is not known (then the defaults count). */
    public interface ForkLengths {
        ForkLength of(String benchmark);
    }

    /** Which run the time spent is set against. */
    public enum Counterfactual {
        /** 10 forks of each benchmark at the fixed length (perf:run). */
        FIXED_FORKS,
        /** The same forks as run, each at the fixed length (the rounds of perf:compare and perf:calibrate). */
        SAME_FORKS
    }

    private final double spentSeconds;
    private final double fixedSeconds;
    private final int forks;
    private final int fixedForks;
    private final Counterfactual counterfactual;
    /** Whether benchmarks were set against their own fixed fork length (annotations, settings), not the defaults. */
    private final boolean ownLengths;

    private MachineTime(double spentSeconds, double fixedSeconds, int forks, int fixedForks,
            Counterfactual counterfactual, boolean ownLengths) {
        this.spentSeconds = spentSeconds;
        this.fixedSeconds = fixedSeconds;
        this.forks = forks;
        this.fixedForks = fixedForks;
        this.counterfactual = counterfactual;
        this.ownLengths = ownLengths;
    }

    /**
     * @param results the benchmarks' results, of one side or of several (each fork counted once)
     * @param settings the run's settings: {@code perf.warmupIterations}, {@code perf.warmupTime} and
     *     {@code perf.measurementTime} (a setting that differs between benchmarks leaves the figure unknown)
     */
    public static MachineTime of(List<BenchmarkResult> results, Map<String, String> settings,
            Counterfactual counterfactual) {
        return of(results, settings, counterfactual, null);
    }

    /**
     * As {@link #of(List, Map, Counterfactual)}, with each benchmark set against the fork length {@code fixed} gives
     * it ({@code lengths}), and its measurement iterations timed at that length's iteration time.
     */
    public static MachineTime of(List<BenchmarkResult> results, Map<String, String> settings,
            Counterfactual counterfactual, ForkLengths lengths) {
        double warmup = count(settings.get(PerfProperties.WARMUP_ITERATIONS))
                * seconds(settings.get(PerfProperties.WARMUP_TIME));
        double iteration = seconds(settings.get(PerfProperties.MEASUREMENT_TIME));
        // without a benchmark's own length, the run's recorded settings are what perf.forkPlan=fixed runs (the
        // properties, or the defaults they fall back to); the defaults' constants only where those are not recorded
        double recordedLength = warmup + count(settings.get(PerfProperties.MEASUREMENT_ITERATIONS)) * iteration;
        boolean recorded = Double.isFinite(recordedLength);
        double fixedLength = recorded ? recordedLength : FIXED_WARMUP_ITERATIONS * FIXED_WARMUP_SECONDS
                + FIXED_MEASUREMENT_ITERATIONS * FIXED_MEASUREMENT_SECONDS;
        double spent = 0;
        double fixed = 0;
        int forks = 0;
        int fixedForks = 0;
        boolean known = Double.isFinite(warmup) && Double.isFinite(iteration);
        boolean ownLengths = false;
        for (BenchmarkResult b : results) {
            if (!BenchmarkResult.KIND_JMH.equals(b.kind()) || BenchmarkResult.MODE_SINGLE_SHOT.equals(b.mode())) {
                continue;
            }
            ForkLength own = lengths == null ? null : lengths.of(b.benchmark());
            boolean hasOwn = own != null && own.known();
            ownLengths |= hasOwn || recorded;
            double benchmarkFixedLength = hasOwn ? own.seconds() : fixedLength;
            double benchmarkIteration = hasOwn ? own.iterationSeconds : iteration;
            List<Double> costs = new ArrayList<>();
            for (Fork f : b.forks()) {
                if (!Double.isFinite(f.seconds())) {
                    continue;
                }
                spent += f.seconds();
                forks++;
                // a fork's own cost: what is left of its wall time once warm-up and measurement are taken out; the
                // warm-up as the fork recorded it where it did (a steady-state warm-up ends before the settings')
                double warmedUp = f.warmup() != null && Double.isFinite(f.warmup().seconds()) ? f.warmup().seconds()
                        : warmup;
                // and the measurement at the iteration time the fork ran (a planned fork measures in shorter ones)
                double iterationTime = Double.isFinite(f.iterationSeconds()) ? f.iterationSeconds()
                        : benchmarkIteration;
                costs.add(Math.max(0, f.seconds() - warmedUp - f.primary().length * iterationTime));
            }
            if (costs.isEmpty()) {
                continue;
            }
            if (counterfactual == Counterfactual.SAME_FORKS) {
                for (double c : costs) {
                    fixed += c + benchmarkFixedLength;
                }
                fixedForks += costs.size();
            } else {
                double mean = costs.stream().mapToDouble(Double::doubleValue).average().orElse(0);
                fixed += FIXED_FORKS * (mean + benchmarkFixedLength);
                fixedForks += FIXED_FORKS;
            }
        }
        return new MachineTime(spent, known || ownLengths ? fixed : Double.NaN, forks, fixedForks, counterfactual,
                ownLengths);
    }

    /** Wall seconds the timed forks spent. */
    public double spentSeconds() {
        return spentSeconds;
    }

    /** Seconds the fixed defaults would have cost; NaN when the settings do not say the warm-up and measurement. */
    public double fixedSeconds() {
        return fixedSeconds;
    }

    /** Timed forks counted. */
    public int forks() {
        return forks;
    }

    /** Forks of the counterfactual. */
    public int fixedForks() {
        return fixedForks;
    }

    /** Spent over the fixed defaults' cost; NaN when either is unknown or nothing was timed. */
    public double ratio() {
        return forks > 0 && fixedSeconds > 0 ? spentSeconds / fixedSeconds : Double.NaN;
    }

    /** Whether there is anything to say: at least one timed JMH fork. */
    public boolean known() {
        return forks > 0;
    }

    /**
     * The figure in one phrase, e.g. {@code 1 min 13 s in 40 JMH forks, 0.21 of the 5 min 50 s the old fixed
     * defaults would take (the same 40 forks, each with 3 x 1 s warm-up and 10 x 500 ms measurement and its measured
     * start-up)}.
     */
    public String describe() {
        String spent = format(spentSeconds) + " in " + forks + (forks == 1 ? " JMH fork" : " JMH forks");
        String defaults = String.format(Locale.ROOT, "%d x %s warm-up and %d x %s measurement",
                FIXED_WARMUP_ITERATIONS, iteration(FIXED_WARMUP_SECONDS), FIXED_MEASUREMENT_ITERATIONS,
                iteration(FIXED_MEASUREMENT_SECONDS));
        String length = ownLengths ? "the warm-up and measurement perf.forkPlan=fixed gives it (its annotations or"
                + " settings, else " + defaults + ")" : defaults;
        String what = counterfactual == Counterfactual.SAME_FORKS
                ? "the same " + fixedForks + " forks, each with " + length + " and its measured start-up"
                : FIXED_FORKS + " forks of each benchmark, each with " + length + " and the benchmark's measured"
                        + " start-up";
        if (!(fixedSeconds > 0)) {
            return spent + "; what the old fixed defaults (" + what + ") would take is unknown: the warm-up or"
                    + " measurement time differs between benchmarks";
        }
        return String.format(Locale.ROOT, "%s, %.2f of the %s the old fixed defaults would take (%s)", spent, ratio(),
                format(fixedSeconds), what);
    }

    /** The log's line: {@code Machine time: ...}. */
    public String line() {
        return "Machine time: " + describe();
    }

    private static String format(double seconds) {
        return Durations.format(Duration.ofMillis(Math.round(seconds * 1000)));
    }

    /** An iteration's time as the settings write it: {@code 1 s}, {@code 500 ms}. */
    private static String iteration(double seconds) {
        return seconds >= 1 && seconds == Math.rint(seconds) ? (long) seconds + " s" : Math.round(seconds * 1000) + " ms";
    }

    private static double count(String value) {
        try {
            return value == null ? Double.NaN : Integer.parseInt(value.trim());
        } catch (NumberFormatException e) {
            return Double.NaN;
        }
    }

    private static double seconds(String value) {
        try {
            return value == null ? Double.NaN : Durations.read(value).toDuration().toNanos() / 1e9;
        } catch (IllegalArgumentException e) {
            return Double.NaN;
        }
    }
}
