package io.perfgate.jmh;

import io.perfgate.config.PerfProperties;
import io.perfgate.results.Calibration;
import io.perfgate.stats.ForkPlan;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.Objects;

/**
 * The fork plans {@code perf:calibrate} stored in a calibration, by benchmark, for {@code perf.forkPlan=calibrated}:
 * each covered benchmark runs the forks and measurement iterations its plan chose instead of the fixed settings.
 * A benchmark with parameters has one plan per set of values, but one JMH launch runs them all with the same
 * options, so it takes the most forks and the most iterations any of its sets asked for: every set then reaches its
 * target.
 */
public final class CalibratedForks {
    private static final CalibratedForks NONE = new CalibratedForks(Collections.emptyMap(), null);

    private final Map<String, Choice> byBenchmark;
    private final String source;

    private CalibratedForks(Map<String, Choice> byBenchmark, String source) {
        this.byBenchmark = byBenchmark;
        this.source = source;
    }

    /** What one benchmark runs under its plan, and the words for its log line. */
    public static final class Choice {
        private final int forks;
        private final int iterations;
        private final double iterationSeconds;
        private final String line;

        Choice(int forks, int iterations, double iterationSeconds, String line) {
            this.forks = forks;
            this.iterations = iterations;
            this.iterationSeconds = iterationSeconds;
            this.line = line;
        }

        public int forks() {
            return forks;
        }

        public int iterations() {
            return iterations;
        }

        /** The measurement time the plan was worked out for, in seconds: the plan holds only at that length. */
        public double iterationSeconds() {
            return iterationSeconds;
        }

        /** The plan in {@link ForkPlan#line}'s words, against the fixed run the calibration measured. */
        public String line() {
            return line;
        }
    }

    /** The fixed settings for every benchmark ({@code perf.forkPlan=fixed}). */
    public static CalibratedForks none() {
        return NONE;
    }

    /**
     * The plans in {@code calibration}, read from {@code source} (named in the log); benchmarks without a plan, or
     * whose plan could not reach its target, keep the fixed settings.
     */
    public static CalibratedForks of(Calibration calibration, String source) {
        Map<String, List<Calibration.Entry>> planned = new TreeMap<>();
        calibration.benchmarks().forEach((id, entry) -> {
            if (entry.plan() != null && entry.plan().reachable()) {
                planned.computeIfAbsent(id.name(), k -> new ArrayList<>()).add(entry);
            }
        });
        Map<String, Choice> choices = new HashMap<>();
        planned.forEach((name, entries) -> {
            int forks = 0;
            int iterations = 0;
            for (Calibration.Entry e : entries) {
                forks = Math.max(forks, e.plan().forks());
                iterations = Math.max(iterations, e.plan().iterations());
            }
            double seconds = 0;
            double fixed = 0;
            for (Calibration.Entry e : entries) {
                seconds += e.plan().secondsAt(forks, iterations);
                fixed += e.plan().secondsAt(e.forks(), e.plan().measuredIterations());
            }
            Calibration.Entry first = entries.get(0);
            String reason = entries.size() == 1 ? first.plan().reason()
                    : "the most forks and iterations any of its " + entries.size() + " parameter sets needs";
            choices.put(name, new Choice(forks, iterations, first.plan().iterationSeconds(), ForkPlan.line(forks,
                    iterations, reason, fixed, seconds, first.forks(), first.plan().measuredIterations())));
        });
        return new CalibratedForks(Collections.unmodifiableMap(choices), Objects.requireNonNull(source, "source"));
    }

    /** The values of {@code perf.forkPlan}. */
    public enum Mode {
        /** The forks and iterations the settings give. */
        FIXED(PerfProperties.FORK_PLAN_FIXED),
        /** Each benchmark's plan from the calibration perf:calibrate saved; none stored is an error. */
        CALIBRATED(PerfProperties.FORK_PLAN_CALIBRATED),
        /** The calibration's plan where one is stored, else (in perf:compare) a plan from the first rounds. */
        AUTO(PerfProperties.FORK_PLAN_AUTO);

        private final String value;

        Mode(String value) {
            this.value = value;
        }

        /** The property value that selects it. */
        public String value() {
            return value;
        }

        /** Whether a calibration's plans are used where the baseline holds them. */
        public boolean usesCalibration() {
            return this != FIXED;
        }
    }

    /**
     * {@code perf.forkPlan}: {@code fixed} (the default, also when unset), {@code calibrated} or {@code auto}.
     *
     * @throws InvalidOptionException for any other value, naming the property and the accepted ones
     */
    public static Mode mode(String value) throws InvalidOptionException {
        String v = value == null ? "" : value.trim().toLowerCase(Locale.ROOT);
        if (v.isEmpty() || v.equals(PerfProperties.FORK_PLAN_FIXED)) {
            return Mode.FIXED;
        }
        if (v.equals(PerfProperties.FORK_PLAN_CALIBRATED)) {
            return Mode.CALIBRATED;
        }
        if (v.equals(PerfProperties.FORK_PLAN_AUTO)) {
            return Mode.AUTO;
        }
        throw new InvalidOptionException(PerfProperties.FORK_PLAN + " = '" + value + "': expected "
                + PerfProperties.FORK_PLAN_FIXED + " (the forks and iterations the settings give), "
                + PerfProperties.FORK_PLAN_CALIBRATED + " (each benchmark's plan from the calibration perf:calibrate"
                + " saved in the baseline) or " + PerfProperties.FORK_PLAN_AUTO + " (that plan where one is saved,"
                + " else in perf:compare a plan from the noise of the first rounds)");
    }

    /** The plan for the benchmark named {@code name}, or null when it keeps the fixed settings. */
    public Choice find(String name) {
        return byBenchmark.get(name);
    }

    /** Where the plans come from, e.g. the baseline's path; null for {@link #none()}. */
    public String source() {
        return source;
    }

    /**
     * What the log says once: a heading, then one line per planned benchmark with its forks, iterations, why, and its
     * time per side against the fixed run the calibration measured.
     */
    public List<String> lines() {
        return lines(Mode.CALIBRATED);
    }

    /** {@link #lines()}, headed by the {@code perf.forkPlan} value in force ({@code auto} uses a stored plan too). */
    public List<String> lines(Mode mode) {
        List<String> lines = new ArrayList<>();
        lines.add(PerfProperties.FORK_PLAN + "=" + mode.value() + ": " + byBenchmark.size()
                + (byBenchmark.size() == 1 ? " benchmark runs" : " benchmarks run") + " the fork plan of the"
                + " calibration in " + source + " where you set neither " + PerfProperties.FORKS + " nor "
                + PerfProperties.MEASUREMENT_ITERATIONS + " (in perf:compare the rounds decide the forks, the plan"
                + " the iterations); the others run as fixed:");
        new TreeMap<>(byBenchmark).forEach((name, c) -> lines.add("  " + name + ": " + c.line()));
        return lines;
    }

    public boolean isEmpty() {
        return byBenchmark.isEmpty();
    }
}
