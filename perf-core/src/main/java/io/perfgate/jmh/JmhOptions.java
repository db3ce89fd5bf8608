package io.perfgate.jmh;

import io.perfgate.config.PerfProperties;
import io.perfgate.text.Ellipsis;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * The JMH options of {@code perf:run} as the user set them. "Unset" (the value {@code auto}, or nothing) is kept
 * apart from every value, because the effective value of an unset option comes from the benchmark's own JMH
 * annotation first and only then from the plugin's default for CI: see {@link PlannedBenchmark}.
 *
 * <p>Built from the raw strings of the POM or the command line by {@link Builder}, which checks every value and
 * reports all mistakes at once, each naming the property and the accepted form.
 */
public final class JmhOptions {
    /** The value that leaves an option to the benchmark's annotation, then to the plugin's default. */
    public static final String AUTO = "auto";
    /** The value of a list option (excludes, params, JVM and JMH arguments, profilers) that sets nothing. */
    public static final String NONE = "none";
    /** The default of {@code perf.includes}: every benchmark. */
    public static final String ALL = ".*";

    /** Forks per benchmark when neither the user nor {@code @Fork} says: the gate's default sample size per side. */
    public static final int DEFAULT_FORKS = Integer.parseInt(PerfProperties.DEFAULT_FORKS);
    public static final int DEFAULT_WARMUP_ITERATIONS = Integer.parseInt(PerfProperties.DEFAULT_WARMUP_ITERATIONS);
    public static final JmhTime DEFAULT_WARMUP_TIME = JmhTime.parse(PerfProperties.DEFAULT_WARMUP_TIME);
    /**
     * Ten measurement iterations of 500 ms: the same 5 s a fork as five of 1 s, and a fork summary (the median)
     * of about the same variance, but a series the steady-state check can test at p &lt; 0.01 (it needs at least
     * 6; with 10 it allows a few inversions instead of demanding a perfectly monotone series).
     */
    public static final int DEFAULT_MEASUREMENT_ITERATIONS = Integer.parseInt(
            PerfProperties.DEFAULT_MEASUREMENT_ITERATIONS);
    public static final JmhTime DEFAULT_MEASUREMENT_TIME = JmhTime.parse(PerfProperties.DEFAULT_MEASUREMENT_TIME);
    /** The allocation profiler is on unless turned off: the gate checks {@code gc.alloc.rate.norm}. */
    public static final String DEFAULT_PROFILERS = "gc";

    /** Options of JMH that have a perf.* property; perf.jmhArgs may not set them behind the property's back. */
    private static final Map<String, String> FLAGS_WITH_PROPERTIES = flagsWithProperties();
    /** Options that perf:run itself must control to find JMH's results. */
    private static final List<String> RESERVED_FLAGS = Collections.unmodifiableList(java.util.Arrays.asList(
            "-rf", "-rff", "-o", "-h", "-l", "-lp", "-lrf", "-lprof"));

    private final List<String> includes;
    private final List<String> excludes;
    private final Integer forks;
    private final Integer warmupIterations;
    private final JmhTime warmupTime;
    private final Integer measurementIterations;
    private final JmhTime measurementTime;
    private final List<JmhMode> modes;
    private final String timeUnit;
    private final String threads;
    private final Map<String, List<String>> params;
    private final List<String> jvmArgs;
    private final List<String> profilers;
    private final Duration timeout;
    private final List<String> jmhArgs;
    private final Map<String, String> userSettings;
    private final CalibratedForks calibratedForks;
    private final boolean steadyWarmup;

    private JmhOptions(Builder b) {
        this.includes = b.parsedIncludes;
        this.excludes = b.parsedExcludes;
        this.forks = b.parsedForks;
        this.warmupIterations = b.parsedWarmupIterations;
        this.warmupTime = b.parsedWarmupTime;
        this.measurementIterations = b.parsedMeasurementIterations;
        this.measurementTime = b.parsedMeasurementTime;
        this.modes = b.parsedModes;
        this.timeUnit = b.parsedTimeUnit;
        this.threads = b.parsedThreads;
        this.params = b.parsedParams;
        this.jvmArgs = b.parsedJvmArgs;
        this.profilers = b.parsedProfilers;
        this.timeout = b.parsedTimeout;
        this.jmhArgs = b.parsedJmhArgs;
        this.userSettings = Collections.unmodifiableMap(b.userSettings);
        this.calibratedForks = b.calibratedForks;
        this.steadyWarmup = b.steadyWarmup;
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Every option unset: the annotations and the plugin's defaults decide. */
    public static JmhOptions defaults() {
        try {
            return builder().build();
        } catch (InvalidOptionException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Regular expressions; a benchmark runs when one of them is found in its full name. Empty: all. */
    public List<String> includes() {
        return includes;
    }

    /** Regular expressions; a benchmark in which one of them is found does not run. */
    public List<String> excludes() {
        return excludes;
    }

    /** Null when unset. */
    public Integer forks() {
        return forks;
    }

    public Integer warmupIterations() {
        return warmupIterations;
    }

    public JmhTime warmupTime() {
        return warmupTime;
    }

    public Integer measurementIterations() {
        return measurementIterations;
    }

    public JmhTime measurementTime() {
        return measurementTime;
    }

    /** Empty when unset. */
    public List<JmhMode> modes() {
        return modes;
    }

    /** JMH's {@code -tu} argument ({@code ns}, {@code us}, {@code ms}, {@code s}, {@code m}, {@code h}); null when unset. */
    public String timeUnit() {
        return timeUnit;
    }

    /** A whole number or {@code max}; null when unset. */
    public String threads() {
        return threads;
    }

    /** Parameter values by name, replacing the values of {@code @Param}; empty when unset. */
    public Map<String, List<String>> params() {
        return params;
    }

    /** Appended to the benchmark JVM's arguments, after those of {@code @Fork}. */
    public List<String> jvmArgs() {
        return jvmArgs;
    }

    /** JMH profilers, each {@code name} or {@code name:options}. */
    public List<String> profilers() {
        return profilers;
    }

    /** The longest one benchmark with one set of parameter values may run; null means "auto". */
    public Duration timeout() {
        return timeout;
    }

    /** Further JMH command-line arguments, passed as they are. */
    public List<String> jmhArgs() {
        return jmhArgs;
    }

    /**
     * The options the user set to something other than the default, by property name, in a form that can be
     * passed back as {@code -D<property>=<value>}: the reproducing command is made of these.
     */
    public Map<String, String> userSettings() {
        return userSettings;
    }

    /**
     * The per-benchmark fork plans of {@code perf.forkPlan=calibrated}; {@link CalibratedForks#none()} for the fixed
     * settings.
     */
    public CalibratedForks calibratedForks() {
        return calibratedForks;
    }

    /**
     * Whether warm-up ends at steady state ({@link SteadyWarmup}): every {@code perf.forkPlan} but {@code fixed}
     * turns it on; where the goal launches one fork per JMH run (perf:compare, perf:calibrate).
     */
    public boolean steadyWarmup() {
        return steadyWarmup;
    }

    private static Map<String, String> flagsWithProperties() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("-f", PerfProperties.FORKS);
        m.put("-wi", PerfProperties.WARMUP_ITERATIONS);
        m.put("-w", PerfProperties.WARMUP_TIME);
        m.put("-i", PerfProperties.MEASUREMENT_ITERATIONS);
        m.put("-r", PerfProperties.MEASUREMENT_TIME);
        m.put("-bm", PerfProperties.MODE);
        m.put("-tu", PerfProperties.TIME_UNIT);
        m.put("-t", PerfProperties.THREADS);
        m.put("-p", PerfProperties.PARAMS);
        m.put("-prof", PerfProperties.PROFILERS);
        m.put("-e", PerfProperties.EXCLUDES);
        m.put("-jvmArgsAppend", PerfProperties.JVM_ARGS);
        return Collections.unmodifiableMap(m);
    }

    /**
     * Collects raw option strings (from the POM or {@code -D}) and checks them. Null, blank and {@code auto}
     * mean unset.
     */
    public static final class Builder {
        private final Map<String, String> raw = new LinkedHashMap<>();

        private final List<String> problems = new ArrayList<>();
        private final Map<String, String> userSettings = new LinkedHashMap<>();
        private List<String> parsedIncludes;
        private List<String> parsedExcludes;
        private Integer parsedForks;
        private Integer parsedWarmupIterations;
        private JmhTime parsedWarmupTime;
        private Integer parsedMeasurementIterations;
        private JmhTime parsedMeasurementTime;
        private List<JmhMode> parsedModes;
        private String parsedTimeUnit;
        private String parsedThreads;
        private Map<String, List<String>> parsedParams;
        private List<String> parsedJvmArgs;
        private List<String> parsedProfilers;
        private Duration parsedTimeout;
        private List<String> parsedJmhArgs;
        private CalibratedForks calibratedForks = CalibratedForks.none();
        private boolean steadyWarmup;

        private Builder() {
        }

        /** Warm-up that ends at steady state ({@code perf.forkPlan} other than {@code fixed}). */
        public Builder steadyWarmup(boolean on) {
            this.steadyWarmup = on;
            return this;
        }

        /** The fork plans to run where they cover a benchmark ({@code perf.forkPlan=calibrated}). */
        public Builder calibratedForks(CalibratedForks plans) {
            this.calibratedForks = java.util.Objects.requireNonNull(plans, "plans");
            return this;
        }

        /** Comma-separated regular expressions, found in the full benchmark name (JMH's semantics). */
        public Builder includes(String value) {
            return set(PerfProperties.INCLUDES, value);
        }

        public Builder excludes(String value) {
            return set(PerfProperties.EXCLUDES, value);
        }

        public Builder forks(String value) {
            return set(PerfProperties.FORKS, value);
        }

        public Builder warmupIterations(String value) {
            return set(PerfProperties.WARMUP_ITERATIONS, value);
        }

        public Builder warmupTime(String value) {
            return set(PerfProperties.WARMUP_TIME, value);
        }

        public Builder measurementIterations(String value) {
            return set(PerfProperties.MEASUREMENT_ITERATIONS, value);
        }

        public Builder measurementTime(String value) {
            return set(PerfProperties.MEASUREMENT_TIME, value);
        }

        public Builder mode(String value) {
            return set(PerfProperties.MODE, value);
        }

        public Builder timeUnit(String value) {
            return set(PerfProperties.TIME_UNIT, value);
        }

        public Builder threads(String value) {
            return set(PerfProperties.THREADS, value);
        }

        /** {@code name=value,value;name=value}. */
        public Builder params(String value) {
            return set(PerfProperties.PARAMS, value);
        }

        /** Space-separated; quote an argument that holds spaces. */
        public Builder jvmArgs(String value) {
            return set(PerfProperties.JVM_ARGS, value);
        }

        /** Comma-separated; null means the default ({@value #DEFAULT_PROFILERS}), {@code none} means none. */
        public Builder profilers(String value) {
            return set(PerfProperties.PROFILERS, value);
        }

        public Builder timeout(String value) {
            return set(PerfProperties.TIMEOUT, value);
        }

        public Builder jmhArgs(String value) {
            return set(PerfProperties.JMH_ARGS, value);
        }

        private Builder set(String property, String value) {
            raw.put(property, value);
            return this;
        }

        public JmhOptions build() throws InvalidOptionException {
            problems.clear();
            userSettings.clear();
            parsedIncludes = patterns(PerfProperties.INCLUDES, "StringBench");
            parsedExcludes = patterns(PerfProperties.EXCLUDES, "Slow");
            parsedForks = count(PerfProperties.FORKS, 1, Integer.toString(DEFAULT_FORKS));
            parsedWarmupIterations = count(PerfProperties.WARMUP_ITERATIONS, 0,
                    Integer.toString(DEFAULT_WARMUP_ITERATIONS));
            parsedWarmupTime = time(PerfProperties.WARMUP_TIME, DEFAULT_WARMUP_TIME.toJmhArgument());
            parsedMeasurementIterations = count(PerfProperties.MEASUREMENT_ITERATIONS, 1,
                    Integer.toString(DEFAULT_MEASUREMENT_ITERATIONS));
            parsedMeasurementTime = time(PerfProperties.MEASUREMENT_TIME, DEFAULT_MEASUREMENT_TIME.toJmhArgument());
            parsedModes = modes();
            parsedTimeUnit = timeUnit();
            parsedThreads = threads();
            parsedParams = params();
            parsedJvmArgs = arguments(PerfProperties.JVM_ARGS, "\"-Xmx1g -XX:+UseParallelGC\"");
            parsedProfilers = profilers();
            parsedTimeout = timeout();
            parsedJmhArgs = jmhArgs();
            if (calibratedForks != CalibratedForks.none()) {
                // the reproducing command runs the same plans
                userSettings.put(PerfProperties.FORK_PLAN, PerfProperties.FORK_PLAN_CALIBRATED);
            }
            if (!problems.isEmpty()) {
                throw new InvalidOptionException(problems);
            }
            return new JmhOptions(this);
        }

        /** The trimmed value, or null when unset ({@code null}, blank or {@code auto}). */
        private String value(String property) {
            String v = raw.get(property);
            if (v == null || v.trim().isEmpty() || v.trim().equalsIgnoreCase(AUTO)) {
                return null;
            }
            return v.trim();
        }

        /** As {@link #value}; for lists {@code none} is unset too, and so is {@code .*} for the includes. */
        private String listValue(String property) {
            String v = value(property);
            if (v == null || v.equalsIgnoreCase(NONE) || property.equals(PerfProperties.INCLUDES) && v.equals(ALL)) {
                return null;
            }
            return v;
        }

        private void problem(String property, String accepted, String example) {
            problems.add(property + "=" + Ellipsis.of(raw.get(property)) + " " + accepted + "; example: -D" + property + "="
                    + example);
        }

        private List<String> patterns(String property, String example) {
            String v = listValue(property);
            List<String> list = new ArrayList<>();
            if (v == null) {
                return Collections.unmodifiableList(list);
            }
            for (String p : v.split(",")) {
                String pattern = p.trim();
                if (pattern.isEmpty()) {
                    continue;
                }
                try {
                    Pattern.compile(pattern);
                    list.add(pattern);
                } catch (PatternSyntaxException e) {
                    problem(property, "is not a comma-separated list of regular expressions ('" + pattern + "': "
                            + e.getDescription() + ")", example);
                    return Collections.emptyList();
                }
            }
            userSettings.put(property, String.join(",", list));
            return Collections.unmodifiableList(list);
        }

        private Integer count(String property, int min, String example) {
            String v = value(property);
            if (v == null) {
                return null;
            }
            try {
                int n = Integer.parseInt(v);
                if (n >= min) {
                    userSettings.put(property, Integer.toString(n));
                    return n;
                }
            } catch (NumberFormatException e) {
                // reported below
            }
            problem(property, "is not a whole number >= " + min + " (or auto)", example);
            return null;
        }

        private JmhTime time(String property, String example) {
            String v = value(property);
            if (v == null) {
                return null;
            }
            try {
                JmhTime t = JmhTime.parse(v);
                if (t.amount() > 0) {
                    userSettings.put(property, t.toJmhArgument());
                    return t;
                }
            } catch (IllegalArgumentException e) {
                // reported below
            }
            problem(property, "is not a time above zero such as 1 s, 500ms or 2min (or auto)", example);
            return null;
        }

        private List<JmhMode> modes() {
            String v = value(PerfProperties.MODE);
            List<JmhMode> list = new ArrayList<>();
            if (v == null) {
                return Collections.unmodifiableList(list);
            }
            for (String part : v.split(",")) {
                JmhMode m = JmhMode.find(part);
                if (m == null) {
                    problem(PerfProperties.MODE, "is not a JMH mode: thrpt, avgt, sample, ss or all, comma-separated"
                            + " (or auto)", "avgt");
                    return Collections.emptyList();
                }
                if (!list.contains(m)) {
                    list.add(m);
                }
            }
            StringBuilder canonical = new StringBuilder();
            for (JmhMode m : list) {
                canonical.append(canonical.length() == 0 ? "" : ",").append(m.label());
            }
            userSettings.put(PerfProperties.MODE, canonical.toString());
            return Collections.unmodifiableList(list);
        }

        private String timeUnit() {
            String v = value(PerfProperties.TIME_UNIT);
            if (v == null) {
                return null;
            }
            String unit;
            switch (v.toLowerCase(Locale.ROOT)) {
                case "ns":
                case "nanoseconds":
                    unit = "ns";
                    break;
                case "us":
                case "\u00b5s":
                case "microseconds":
                    unit = "us";
                    break;
                case "ms":
                case "milliseconds":
                    unit = "ms";
                    break;
                case "s":
                case "seconds":
                    unit = "s";
                    break;
                case "m":
                case "min":
                case "minutes":
                    unit = "m";
                    break;
                case "h":
                case "hours":
                    unit = "h";
                    break;
                default:
                    problem(PerfProperties.TIME_UNIT, "is not a time unit: ns, us, ms, s, m or h (or auto)", "us");
                    return null;
            }
            userSettings.put(PerfProperties.TIME_UNIT, unit);
            return unit;
        }

        private String threads() {
            String v = value(PerfProperties.THREADS);
            if (v == null) {
                return null;
            }
            if (v.equalsIgnoreCase("max")) {
                userSettings.put(PerfProperties.THREADS, "max");
                return "max";
            }
            try {
                int n = Integer.parseInt(v);
                if (n >= 1) {
                    userSettings.put(PerfProperties.THREADS, Integer.toString(n));
                    return Integer.toString(n);
                }
            } catch (NumberFormatException e) {
                // reported below
            }
            problem(PerfProperties.THREADS, "is not a whole number >= 1, or max (or auto)", "4");
            return null;
        }

        private Map<String, List<String>> params() {
            String v = listValue(PerfProperties.PARAMS);
            Map<String, List<String>> map = new LinkedHashMap<>();
            if (v == null) {
                return Collections.unmodifiableMap(map);
            }
            for (String assignment : v.split(";")) {
                if (assignment.trim().isEmpty()) {
                    continue;
                }
                int eq = assignment.indexOf('=');
                String name = eq < 0 ? "" : assignment.substring(0, eq).trim();
                List<String> values = new ArrayList<>();
                if (eq >= 0) {
                    for (String value : assignment.substring(eq + 1).split(",", -1)) {
                        values.add(value.trim());
                    }
                }
                if (!name.matches("[\\p{javaJavaIdentifierStart}][\\p{javaJavaIdentifierPart}]*")
                        || values.stream().anyMatch(String::isEmpty) || map.containsKey(name)) {
                    problem(PerfProperties.PARAMS, "is not a list of name=value,value... separated by ';', each"
                            + " name once", "size=10,100;type=a");
                    return Collections.emptyMap();
                }
                map.put(name, Collections.unmodifiableList(values));
            }
            StringBuilder canonical = new StringBuilder();
            map.forEach((name, values) -> canonical.append(canonical.length() == 0 ? "" : ";").append(name)
                    .append('=').append(String.join(",", values)));
            userSettings.put(PerfProperties.PARAMS, canonical.toString());
            return Collections.unmodifiableMap(map);
        }

        private List<String> arguments(String property, String example) {
            String v = listValue(property);
            if (v == null) {
                return Collections.emptyList();
            }
            try {
                List<String> args = CommandLines.option(property, v, example);
                userSettings.put(property, CommandLines.join(args));
                return Collections.unmodifiableList(args);
            } catch (InvalidOptionException e) {
                problems.addAll(e.problems());
                return Collections.emptyList();
            }
        }

        private List<String> profilers() {
            String v = raw.get(PerfProperties.PROFILERS);
            String trimmed = v == null ? DEFAULT_PROFILERS : v.trim();
            if (trimmed.equalsIgnoreCase(AUTO)) {
                trimmed = DEFAULT_PROFILERS;
            }
            List<String> list = new ArrayList<>();
            if (!trimmed.isEmpty() && !trimmed.equalsIgnoreCase(NONE)) {
                for (String p : trimmed.split(",")) {
                    String profiler = p.trim();
                    if (profiler.isEmpty() || profiler.startsWith(":") || profiler.contains(" ")) {
                        problem(PerfProperties.PROFILERS, "is not a comma-separated list of JMH profilers, each"
                                + " name or name:options (or none)", "gc,stack");
                        return Collections.emptyList();
                    }
                    list.add(profiler);
                }
            }
            String canonical = list.isEmpty() ? NONE : String.join(",", list);
            if (!canonical.equals(DEFAULT_PROFILERS)) {
                userSettings.put(PerfProperties.PROFILERS, canonical);
            }
            return Collections.unmodifiableList(list);
        }

        private Duration timeout() {
            String v = value(PerfProperties.TIMEOUT);
            if (v == null) {
                return null;
            }
            try {
                JmhTime t = JmhTime.parse(v);
                if (t.toNanos() >= TimeUnit.SECONDS.toNanos(1)) {
                    userSettings.put(PerfProperties.TIMEOUT, t.toJmhArgument());
                    return t.toDuration();
                }
            } catch (IllegalArgumentException e) {
                // reported below
            }
            problem(PerfProperties.TIMEOUT, "is not a time of at least 1 s such as 90s or 20min (or auto)", "20min");
            return null;
        }

        private List<String> jmhArgs() {
            List<String> args = arguments(PerfProperties.JMH_ARGS, "\"-wf 1 -gc true\"");
            for (String token : args) {
                String arg = token.split("=", 2)[0]; // jopt-simple also reads -f=3
                if (RESERVED_FLAGS.contains(arg)) {
                    problems.add(PerfProperties.JMH_ARGS + " sets " + arg + ", which perf:run controls itself (it"
                            + " writes JMH's JSON to target/perf and reads it back); remove it");
                } else if (FLAGS_WITH_PROPERTIES.containsKey(arg)) {
                    String property = FLAGS_WITH_PROPERTIES.get(arg);
                    problems.add(PerfProperties.JMH_ARGS + " sets " + arg + ", which " + property
                            + " controls; use -D" + property + "=... instead, so that the plugin knows the value");
                }
            }
            return args;
        }
    }
}
