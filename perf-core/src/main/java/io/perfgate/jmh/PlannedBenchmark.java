package io.perfgate.jmh;

import io.perfgate.config.PerfProperties;
import io.perfgate.results.MachineTime;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.TimeUnit;

/**
 * One benchmark method as perf:run will run it: the effective value of every run-shape option, where each
 * value came from, and the JMH arguments that produce it.
 *
 * <p>Precedence, for each option on its own: the user's setting (a {@code perf.*} property or POM
 * configuration) &gt; the benchmark's JMH annotation ({@code @Fork}, {@code @Warmup}, {@code @Measurement},
 * {@code @BenchmarkMode}, {@code @OutputTimeUnit}, {@code @Threads}, {@code @Param}) &gt; the plugin's default for
 * CI (forks, warmup and measurement only; JMH's own defaults cost about 500 s a benchmark) &gt; JMH's default.
 * Only the first and the third become JMH arguments: JMH reads the annotations itself.
 */
public final class PlannedBenchmark {
    /** Where an effective value came from. */
    public enum Origin {
        USER("set by you"),
        ANNOTATION("from the benchmark's annotation"),
        PLUGIN_DEFAULT("plugin default"),
        /** The annotation asked for fewer forks than the gate can judge and the user set none. */
        OVER_ANNOTATION("plugin default, as the annotation asks for fewer forks than the gate judges"),
        /** {@code perf.forkPlan=calibrated}: the plan perf:calibrate chose from the benchmark's noise. */
        CALIBRATED("planned by perf:calibrate from its noise"),
        JMH_DEFAULT("JMH default");

        private final String description;

        Origin(String description) {
            this.description = description;
        }

        public String description() {
            return description;
        }
    }

    /** An effective value and its origin. */
    public static final class Setting<T> {
        private final T value;
        private final Origin origin;

        Setting(T value, Origin origin) {
            this.value = Objects.requireNonNull(value, "value");
            this.origin = origin;
        }

        static <T> Setting<T> resolve(T user, T annotation, T pluginDefault, T jmhDefault) {
            if (user != null) {
                return new Setting<>(user, Origin.USER);
            }
            if (annotation != null) {
                return new Setting<>(annotation, Origin.ANNOTATION);
            }
            if (pluginDefault != null) {
                return new Setting<>(pluginDefault, Origin.PLUGIN_DEFAULT);
            }
            return new Setting<>(jmhDefault, Origin.JMH_DEFAULT);
        }

        public T value() {
            return value;
        }

        public Origin origin() {
            return origin;
        }

        /** True when perf:run must pass the value to JMH: JMH knows its own defaults and reads annotations. */
        boolean passedToJmh() {
            return origin == Origin.USER || origin == Origin.PLUGIN_DEFAULT || origin == Origin.OVER_ANNOTATION
                    || origin == Origin.CALIBRATED;
        }

        @Override
        public String toString() {
            return value + " (" + origin.description() + ")";
        }
    }

    /**
     * The fewest forks per side the gate judges at its default ({@code perf.minForks}): an annotation that asks for
     * fewer, with no fork count from the user, would leave every comparison INCONCLUSIVE.
     */
    public static final int GATE_MIN_FORKS = Integer.parseInt(PerfProperties.DEFAULT_MIN_FORKS);

    /** A guess at the cost of starting a fork (JVM start, JMH's handshake), refined by measured forks. */
    static final Duration FORK_START_ESTIMATE = Duration.ofMillis(800);
    /** JMH's guess for an iteration of single-shot mode, whose length nobody knows in advance. */
    private static final Duration SINGLE_SHOT_ITERATION_ESTIMATE = Duration.ofMillis(1);
    /** Added to twice the expected time for the automatic timeout: JIT, GC and a busy machine vary a lot. */
    static final Duration TIMEOUT_MARGIN = Duration.ofMinutes(5);

    private final String name;
    private final List<JmhMode> modes;
    private Setting<Integer> forks;
    /** With {@code perf.forkPlan=calibrated}: why the benchmark's plan was not used; else null. */
    private final String forkPlanNote;
    /** The annotation's fork count when the plugin's default replaced it, else null. */
    private Integer overriddenAnnotatedForks;
    private final int warmupForks;
    private final MachineTime.ForkLength fixedLength;
    private final Setting<Integer> warmupIterations;
    private final Setting<JmhTime> warmupTime;
    private Setting<Integer> measurementIterations;
    private final Setting<JmhTime> measurementTime;
    private final Setting<String> modeSetting;
    private final Setting<String> timeUnit;
    private final Setting<String> threads;
    private final JmhOptions options;
    private final List<BenchmarkEntry> entries;
    private final BenchmarkParameters parameters;
    private final List<String> jmhArguments;
    private final Duration timeout;

    PlannedBenchmark(JmhOptions options, List<BenchmarkEntry> entries) {
        this(options, entries, BenchmarkParameters.of(entries.get(0).params(), options.params()));
    }

    private PlannedBenchmark(JmhOptions options, List<BenchmarkEntry> entries, BenchmarkParameters parameters) {
        this.options = options;
        this.entries = entries;
        this.parameters = parameters;
        BenchmarkEntry first = entries.get(0);
        this.name = first.name();
        List<JmhMode> annotated = new ArrayList<>();
        for (BenchmarkEntry e : entries) {
            for (JmhMode m : e.mode().expand()) {
                if (!annotated.contains(m)) {
                    annotated.add(m);
                }
            }
        }
        List<JmhMode> userModes = new ArrayList<>();
        for (JmhMode m : options.modes()) {
            for (JmhMode expanded : m.expand()) {
                if (!userModes.contains(expanded)) {
                    userModes.add(expanded);
                }
            }
        }
        this.modes = Collections.unmodifiableList(userModes.isEmpty() ? annotated : userModes);
        this.modeSetting = userModes.isEmpty() ? new Setting<>(labels(annotated), Origin.ANNOTATION)
                : new Setting<>(labels(userModes), Origin.USER);

        Setting<Integer> resolvedForks = Setting.resolve(options.forks(), first.forks(), JmhOptions.DEFAULT_FORKS, 5);
        if (resolvedForks.origin() == Origin.ANNOTATION && resolvedForks.value() < GATE_MIN_FORKS) {
            // @Fork(1) is common in real suites; honoured, every comparison would be INCONCLUSIVE and the build green
            this.overriddenAnnotatedForks = resolvedForks.value();
            this.forks = new Setting<>(JmhOptions.DEFAULT_FORKS, Origin.OVER_ANNOTATION);
        } else {
            this.overriddenAnnotatedForks = null;
            this.forks = resolvedForks;
        }
        this.warmupForks = first.warmupForks() == null ? 0 : first.warmupForks();
        this.warmupIterations = Setting.resolve(options.warmupIterations(), first.warmupIterations(),
                JmhOptions.DEFAULT_WARMUP_ITERATIONS, 5);
        this.warmupTime = Setting.resolve(options.warmupTime(), first.warmupTime(), JmhOptions.DEFAULT_WARMUP_TIME,
                JmhTime.of(10, TimeUnit.SECONDS));
        this.measurementIterations = Setting.resolve(options.measurementIterations(),
                first.measurementIterations(), JmhOptions.DEFAULT_MEASUREMENT_ITERATIONS, 5);
        this.measurementTime = Setting.resolve(options.measurementTime(), first.measurementTime(),
                JmhOptions.DEFAULT_MEASUREMENT_TIME, JmhTime.of(10, TimeUnit.SECONDS));
        this.timeUnit = Setting.resolve(options.timeUnit(), first.timeUnit(), null, "s");
        this.threads = Setting.resolve(options.threads(), first.threads() == null ? null
                : first.threads().toString(), null, "1");
        // what perf.forkPlan=fixed runs, before a calibrated plan replaces it: the machine time's counterfactual
        this.fixedLength = modes.size() == 1 && modes.get(0) == JmhMode.SINGLE_SHOT_TIME ? null
                : new MachineTime.ForkLength(warmupTime.value().toNanos() / 1e9 * warmupIterations.value(),
                        measurementIterations.value(), measurementTime.value().toNanos() / 1e9);
        this.forkPlanNote = applyForkPlan(options.calibratedForks().find(name));

        this.jmhArguments = Collections.unmodifiableList(arguments(options));
        this.timeout = options.timeout() != null ? options.timeout()
                : expectedFork().multipliedBy(2).plus(TIMEOUT_MARGIN);
    }

    /**
     * The one place where a calibrated fork plan replaces the fixed forks and measurement iterations: only where
     * the user set neither, and only at the measurement time the plan was worked out for (a plan for 500 ms
     * iterations says nothing about 1 s ones). Returns why it was not used; null when it was, or there is none.
     */
    private String applyForkPlan(CalibratedForks.Choice plan) {
        if (plan == null) {
            return null;
        }
        if (forks.origin() == Origin.USER || measurementIterations.origin() == Origin.USER) {
            return "calibrated plan not used: " + PerfProperties.FORKS + " or " + PerfProperties.MEASUREMENT_ITERATIONS
                    + " is set, and what you set wins";
        }
        double seconds = measurementTime.value().toNanos() / 1e9;
        if (Math.abs(seconds - plan.iterationSeconds()) > 1e-9 * Math.max(1, seconds)) {
            return String.format(java.util.Locale.ROOT, "calibrated plan not used: it was made for %d ms iterations,"
                    + " these run %s; calibrate again", Math.round(plan.iterationSeconds() * 1000),
                    measurementTime.value());
        }
        this.forks = new Setting<>(plan.forks(), Origin.CALIBRATED);
        this.overriddenAnnotatedForks = null;
        this.measurementIterations = new Setting<>(plan.iterations(), Origin.CALIBRATED);
        // the origin says where forks and iterations came from; the plan's line is logged once with its costs
        return null;
    }

    private static String labels(List<JmhMode> modes) {
        StringBuilder sb = new StringBuilder();
        for (JmhMode m : modes) {
            sb.append(sb.length() == 0 ? "" : ",").append(m.label());
        }
        return sb.toString();
    }

    /** JMH's arguments for this benchmark, except the include pattern and the result file. */
    private List<String> arguments(JmhOptions options) {
        List<String> args = new ArrayList<>();
        if (forks.passedToJmh()) {
            add(args, "-f", forks.value().toString());
        }
        if (warmupIterations.passedToJmh()) {
            add(args, "-wi", warmupIterations.value().toString());
        }
        if (warmupTime.passedToJmh()) {
            add(args, "-w", warmupTime.value().toJmhArgument());
        }
        if (measurementIterations.passedToJmh()) {
            add(args, "-i", measurementIterations.value().toString());
        }
        if (measurementTime.passedToJmh()) {
            add(args, "-r", measurementTime.value().toJmhArgument());
        }
        if (modeSetting.origin() == Origin.USER) {
            add(args, "-bm", modeSetting.value());
        }
        if (timeUnit.origin() == Origin.USER) {
            add(args, "-tu", timeUnit.value());
        }
        if (threads.origin() == Origin.USER) {
            add(args, "-t", threads.value());
        }
        args.addAll(parameters.arguments());
        List<String> jvmArgs = options.jvmArgs();
        for (String arg : jvmArgs) {
            // JMH splits a lone -jvmArgsAppend value at spaces, but takes repeated ones as they are.
            add(args, "-jvmArgsAppend", jvmArgs.size() == 1 ? CommandLines.join(jvmArgs) : arg);
        }
        for (String profiler : options.profilers()) {
            add(args, "-prof", profiler);
        }
        args.addAll(options.jmhArgs());
        return args;
    }

    private static void add(List<String> args, String flag, String value) {
        args.add(flag);
        args.add(value);
    }

    /**
     * Each combination of parameter values this benchmark runs with, as {@link #pinnedTo} takes it: the user's
     * values where given, else the annotation's. One empty combination when a parameter lists no values (an enum or
     * boolean {@code @Param} left to JMH), which pins nothing.
     */
    public List<Map<String, String>> parameterCombinations() {
        return parameters.combinations();
    }

    /**
     * This benchmark run with one combination of parameter values (as a result names it), as a profiling fork runs
     * it: its JMH arguments ask for that combination once, and {@link #runs()} counts one run per mode.
     */
    public PlannedBenchmark pinnedTo(Map<String, String> combination) {
        return new PlannedBenchmark(options, entries, parameters.pinnedTo(combination));
    }

    /** The full name, e.g. {@code com.acme.StringBench.concat}. */
    public String name() {
        return name;
    }

    /** The modes it runs in; each is a separate JMH run. */
    public List<JmhMode> modes() {
        return modes;
    }

    public Setting<Integer> forks() {
        return forks;
    }

    /**
     * The fork count of the benchmark's {@code @Fork} annotation when it was below {@link #GATE_MIN_FORKS} and
     * the plugin's default ran instead (the user set no fork count), else null.
     */
    public Integer overriddenAnnotatedForks() {
        return overriddenAnnotatedForks;
    }

    /** Forks JMH runs and throws away first ({@code @Fork(warmups = ...)}). */
    public int warmupForks() {
        return warmupForks;
    }

    public Setting<Integer> warmupIterations() {
        return warmupIterations;
    }

    public Setting<JmhTime> warmupTime() {
        return warmupTime;
    }

    public Setting<Integer> measurementIterations() {
        return measurementIterations;
    }

    public Setting<JmhTime> measurementTime() {
        return measurementTime;
    }

    /** Comma-separated mode labels. */
    public Setting<String> mode() {
        return modeSetting;
    }

    public Setting<String> timeUnit() {
        return timeUnit;
    }

    public Setting<String> threads() {
        return threads;
    }

    /** How many combinations of parameter values JMH will run (1 without {@code @Param}). */
    public int parameterSets() {
        return parameters.sets();
    }

    /** JMH runs: one per mode and combination of parameter values, each with all its forks. */
    public int runs() {
        return modes.size() * parameterSets();
    }

    /** JMH's command-line arguments for this benchmark, without the include pattern and the result options. */
    public List<String> jmhArguments() {
        return jmhArguments;
    }

    /**
     * The longest one fork may take before it is killed with all its JVMs ({@code perf.timeout}, the same meaning in
     * every goal): the user's, else twice the expected fork plus a margin.
     */
    public Duration timeout() {
        return timeout;
    }

    /**
     * The warm-up and measurement a fork runs under {@code perf.forkPlan=fixed} (annotations, settings, defaults),
     * for the machine time's "what the fixed length would have cost"; null for single-shot.
     */
    public MachineTime.ForkLength fixedLength() {
        return fixedLength;
    }

    /** Expected length of one fork: start, warmup and measurement. */
    public Duration expectedFork() {
        Duration iterations;
        if (modes.size() == 1 && modes.get(0) == JmhMode.SINGLE_SHOT_TIME) {
            iterations = SINGLE_SHOT_ITERATION_ESTIMATE.multipliedBy(
                    warmupIterations.value() + measurementIterations.value());
        } else {
            iterations = warmupTime.value().toDuration().multipliedBy(warmupIterations.value())
                    .plus(measurementTime.value().toDuration().multipliedBy(measurementIterations.value()));
        }
        return FORK_START_ESTIMATE.plus(iterations);
    }

    /** Forks of one run, warmup forks included. */
    public int forksPerRun() {
        return forks.value() + warmupForks;
    }

    /** Expected length of one run. */
    public Duration expectedPerRun() {
        return expectedFork().multipliedBy(forksPerRun());
    }

    /** Expected length of all runs of this benchmark. */
    public Duration expected() {
        return expectedPerRun().multipliedBy(runs());
    }

    /** One line for the log: how it will run and why. */
    public String describe() {
        return name + ": " + modeSetting.value() + ", " + forks.value() + " forks ("
                + (overriddenAnnotatedForks != null ? "plugin default over @Fork(" + overriddenAnnotatedForks + ")"
                        : forks.origin().description())
                + "), warmup " + warmupIterations.value() + " x " + warmupTime.value() + " ("
                + (warmupIterations.origin() == warmupTime.origin() ? warmupIterations.origin().description()
                        : warmupIterations.origin().description() + " / " + warmupTime.origin().description())
                + "), measurement " + measurementIterations.value() + " x " + measurementTime.value() + " ("
                + (measurementIterations.origin() == measurementTime.origin()
                        ? measurementIterations.origin().description()
                        : measurementIterations.origin().description() + " / "
                                + measurementTime.origin().description())
                + ")" + (parameterSets() > 1 ? ", " + parameterSets() + " parameter sets" : "")
                + (forkPlanNote == null ? "" : "; " + forkPlanNote);
    }

    /** With {@code perf.forkPlan=calibrated}: why this benchmark's plan was not used; null otherwise. */
    public String forkPlanNote() {
        return forkPlanNote;
    }
}
