package io.perfgate.scenariorunner;

import io.perfgate.scenario.harness.Protocol;
import io.perfgate.text.Durations;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * One {@code <scenario>} of the POM. Maven fills the fields; {@link #validate()} checks them all and reports
 * every problem at once, naming the scenario and the element.
 */
public class ScenarioDefinition {
    /** How a scenario is named among the benchmarks of a suite (shards, comparisons): {@code scenario <id>}. */
    public static final String SUITE_PREFIX = "scenario ";

    /**
     * A suite's names (benchmarks, and scenarios under {@link #SUITE_PREFIX}) counted for people: {@code 2
     * benchmarks}, {@code 1 scenario}, {@code 16 benchmarks and 1 scenario}.
     */
    public static String counted(java.util.Collection<String> suiteNames) {
        long scenarios = suiteNames.stream().filter(n -> n.startsWith(SUITE_PREFIX)).count();
        long benchmarks = suiteNames.size() - scenarios;
        java.util.List<String> parts = new java.util.ArrayList<>();
        if (benchmarks > 0 || scenarios == 0) {
            parts.add(benchmarks + (benchmarks == 1 ? " benchmark" : " benchmarks"));
        }
        if (scenarios > 0) {
            parts.add(scenarios + (scenarios == 1 ? " scenario" : " scenarios"));
        }
        return String.join(" and ", parts);
    }
    public static final int DEFAULT_COLD_RUNS = 5;
    public static final int DEFAULT_WARMUP_RUNS = 1;
    /** Warm runs per warm JVM: enough for a stable median of the JVM, the one value the gate takes from it. */
    public static final int DEFAULT_WARM_RUNS = 5;
    /**
     * Warm JVMs: each is one observation of the gate (its runs share its JIT, heap and cluster), and the exact
     * one-sided test at alpha 0.01 needs 5 per side before it can FAIL anything.
     */
    public static final int DEFAULT_WARM_JVMS = 5;
    public static final String DEFAULT_SETUP_TIMEOUT = "5m";
    public static final String DEFAULT_RUN_TIMEOUT = "10m";
    public static final String DEFAULT_TEARDOWN_TIMEOUT = "2m";

    /** Element names of the run counts, as the POM and {@link #isSet} name them. */
    public static final String WARM_JVMS = "warmJvms";
    public static final String WARM_RUNS = "warmRuns";
    public static final String WARMUP_RUNS = "warmupRuns";
    public static final String COLD_RUNS = "coldRuns";

    /** A class's binary name, {@code #}, and a method name: one test, as Surefire's {@code -Dtest} names it. */
    private static final Pattern TEST = Pattern.compile("[\\p{L}_$][\\p{L}\\p{N}_$.]*#[\\p{L}_$][\\p{L}\\p{N}_$]*");
    private static final Pattern ID = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,79}");

    private String id;
    private String className;
    private String test;
    private int coldRuns = DEFAULT_COLD_RUNS;
    private int warmupRuns = DEFAULT_WARMUP_RUNS;
    private int warmRuns = DEFAULT_WARM_RUNS;
    private int warmJvms = DEFAULT_WARM_JVMS;
    private boolean coldRunIncludesSetUp;
    private Map<String, String> parameters = new LinkedHashMap<>();
    private List<String> jvmArgs = new ArrayList<>();
    /** Set only on a profiled copy ({@link #forProfiling}): the option that profiles the JVMs the scenario starts. */
    private String childProfiler;
    private String setUpTimeout = DEFAULT_SETUP_TIMEOUT;
    private String runTimeout = DEFAULT_RUN_TIMEOUT;
    private String tearDownTimeout = DEFAULT_TEARDOWN_TIMEOUT;
    private List<MetricDefinition> metrics = new ArrayList<>();
    /**
     * The run counts the POM sets ({@code coldRuns}, {@code warmJvms}, ...): Maven calls a setter only for an element
     * the POM names, so these are what the user chose, and a plan ({@link #planned}) never changes them.
     */
    private Set<String> explicit = new LinkedHashSet<>();

    /** Every problem of this definition, each naming the scenario and the POM element; empty when valid. */
    public List<String> validate() {
        List<String> problems = new ArrayList<>();
        String who = "scenario '" + (id == null ? "?" : id) + "'";
        if (id == null || !ID.matcher(id).matches()) {
            problems.add("scenario <id> '" + id + "' must be 1-80 letters, digits, '.', '_' or '-' (it names a "
                    + "directory and the benchmark in results.json)");
        }
        boolean hasClass = className != null && !className.trim().isEmpty();
        boolean hasTest = test != null && !test.trim().isEmpty();
        if (hasClass == hasTest) {
            problems.add(who + (hasClass ? ": names both <className> and <test>; keep one"
                    : ": <className> is missing; name a class that implements io.perfgate.scenario.Scenario, or an"
                            + " existing test as <test>com.acme.FooTest#testMethod</test>"));
        } else if (hasTest && !TEST.matcher(test.trim()).matches()) {
            problems.add(who + ": <test> '" + test.trim() + "' must name a test class and one of its methods, as"
                    + " Surefire's -Dtest does: com.acme.FooTest#testMethod");
        }
        if (coldRuns < 0 || warmupRuns < 0 || warmRuns < 0 || warmJvms < 0) {
            problems.add(who + ": <coldRuns>, <warmJvms>, <warmupRuns> and <warmRuns> must not be negative (are "
                    + coldRuns + ", " + warmJvms + ", " + warmupRuns + ", " + warmRuns + ")");
        } else if (coldRuns == 0 && (warmRuns == 0 || warmJvms == 0)) {
            problems.add(who + ": <coldRuns> is 0 and so is <warmRuns> or <warmJvms>, so nothing would be measured");
        }
        checkTimeout(problems, who, "setUpTimeout", setUpTimeout);
        checkTimeout(problems, who, "runTimeout", runTimeout);
        checkTimeout(problems, who, "tearDownTimeout", tearDownTimeout);
        for (String arg : jvmArgs) {
            if (arg == null || arg.trim().isEmpty()) {
                problems.add(who + ": <jvmArgs> holds an empty argument");
            }
        }
        Set<String> names = new LinkedHashSet<>();
        for (MetricDefinition m : metrics) {
            String name = m.getName();
            if (name == null || !Protocol.isValidMetricName(name)) {
                problems.add(who + ": metric <name> '" + name + "' must be 1-100 letters, digits, '.', '_' or '-'");
                continue;
            }
            if (!names.add(name)) {
                problems.add(who + ": metric '" + name + "' is declared twice");
            }
            ScenarioMetrics.Builtin builtin = ScenarioMetrics.builtin(name);
            if (builtin != null) {
                if (m.getUnit() != null && !m.getUnit().equals(builtin.unit)) {
                    problems.add(who + ": metric '" + name + "' is measured by the plugin in " + builtin.unit
                            + "; remove <unit> (only <gated> can be set for it)");
                }
                if (m.getDirection() != null && !m.getDirection().trim().equalsIgnoreCase("lower")) {
                    problems.add(who + ": metric '" + name + "' is measured by the plugin and lower is better; "
                            + "remove <direction> (only <gated> can be set for it)");
                }
            } else if (m.getDirection() == null) {
                problems.add(who + ": metric '" + name + "' needs <direction>higher</direction> or "
                        + "<direction>lower</direction> (which way is better)");
            } else {
                String d = m.getDirection().trim().toLowerCase(Locale.ROOT);
                if (!d.equals("higher") && !d.equals("lower")) {
                    problems.add(who + ": metric '" + name + "' has <direction> '" + m.getDirection()
                            + "'; use 'higher' or 'lower'");
                }
            }
        }
        for (String key : parameters.keySet()) {
            if (key.contains("=") || key.contains(":") || key.trim().isEmpty()) {
                problems.add(who + ": parameter name '" + key + "' is not a plain name");
            }
        }
        return problems;
    }

    private static void checkTimeout(List<String> problems, String who, String element, String value) {
        try {
            Durations.parse(value);
        } catch (IllegalArgumentException e) {
            problems.add(who + ": <" + element + "> " + e.getMessage());
        }
    }

    public String getId() {
        return id;
    }

    public void setId(String id) {
        this.id = id;
    }

    public String getClassName() {
        return className;
    }

    public void setClassName(String className) {
        this.className = className;
    }

    /**
     * This scenario as one round of an interleaved comparison measures it: one cold JVM (when it has cold runs)
     * and one warm JVM (when it has warm runs), so that each round adds one observation of each per side.
     */
    public ScenarioDefinition forOneRound() {
        ScenarioDefinition d = copy();
        d.coldRuns = Math.min(coldRuns, 1);
        d.warmJvms = warmJvmCount() > 0 ? 1 : 0;
        d.warmRuns = d.warmJvms > 0 ? warmRuns : 0;
        return d;
    }

    /** Whether the POM sets {@code element} ({@link #WARM_JVMS} and the others) for this scenario. */
    public boolean isSet(String element) {
        return explicit.contains(element);
    }

    /**
     * This scenario with the warm JVMs, warm runs per JVM and warm-up runs a plan chose, each only where the POM
     * does not set it: what the user set wins.
     */
    public ScenarioDefinition planned(int plannedWarmJvms, int plannedWarmRuns, int plannedWarmupRuns) {
        ScenarioDefinition d = copy();
        if (!isSet(WARM_JVMS)) {
            d.warmJvms = plannedWarmJvms;
        }
        if (!isSet(WARM_RUNS)) {
            d.warmRuns = plannedWarmRuns;
        }
        if (!isSet(WARMUP_RUNS)) {
            d.warmupRuns = plannedWarmupRuns;
        }
        return d;
    }

    private ScenarioDefinition copy() {
        ScenarioDefinition d = new ScenarioDefinition();
        d.explicit = new LinkedHashSet<>(explicit);
        d.warmJvms = warmJvms;
        d.id = id;
        d.className = className;
        d.test = test;
        d.coldRuns = coldRuns;
        d.warmupRuns = warmupRuns;
        d.warmRuns = warmRuns;
        d.coldRunIncludesSetUp = coldRunIncludesSetUp;
        d.parameters = new LinkedHashMap<>(parameters);
        d.jvmArgs = new ArrayList<>(jvmArgs);
        d.setUpTimeout = setUpTimeout;
        d.runTimeout = runTimeout;
        d.tearDownTimeout = tearDownTimeout;
        d.metrics = new ArrayList<>(metrics);
        return d;
    }

    /**
     * This scenario as a profiling run measures it: one JVM, warm (its warm-up and warm runs) for the warm
     * comparison or cold (one run) for the cold one, started with {@code profilerJvmArgs}; {@code childProfiler}
     * is what {@code ScenarioContext.profilerJvmOptions} hands out for the JVMs the scenario starts.
     */
    public ScenarioDefinition forProfiling(boolean warm, List<String> profilerJvmArgs, String childProfiler) {
        ScenarioDefinition d = forOneRound();
        if (warm && d.warmJvms > 0) {
            d.coldRuns = 0;
        } else {
            d.coldRuns = 1;
            d.warmJvms = 0;
            d.warmRuns = 0;
        }
        d.jvmArgs.addAll(profilerJvmArgs);
        d.childProfiler = childProfiler;
        return d;
    }

    /** The option that profiles the JVMs this run's scenario starts, or null when the run is not profiled. */
    public String childProfiler() {
        return childProfiler;
    }

    /**
     * The stack frame of the measured code, as profiles name frames ({@code pkg.Class.method}): the Scenario
     * class's {@code run}, or the test method.
     */
    public String measuredFrame() {
        String code = measuredCode();
        return isTest() ? code.replace('#', '.') : code + ".run";
    }

    /** An existing JUnit test measured instead of a Scenario class: {@code com.acme.FooTest#testMethod}. */
    public String getTest() {
        return test;
    }

    public void setTest(String test) {
        this.test = test;
    }

    /** What runs: the Scenario class, or the test. */
    public String measuredCode() {
        return isTest() ? test.trim() : className == null ? null : className.trim();
    }

    /** True when the scenario is an existing JUnit test. */
    public boolean isTest() {
        return test != null && !test.trim().isEmpty();
    }

    public int getColdRuns() {
        return coldRuns;
    }

    public void setColdRuns(int coldRuns) {
        this.coldRuns = coldRuns;
        explicit.add(COLD_RUNS);
    }

    public int getWarmupRuns() {
        return warmupRuns;
    }

    public void setWarmupRuns(int warmupRuns) {
        this.warmupRuns = warmupRuns;
        explicit.add(WARMUP_RUNS);
    }

    /** Measured warm runs in each warm JVM. */
    public int getWarmRuns() {
        return warmRuns;
    }

    public void setWarmRuns(int warmRuns) {
        this.warmRuns = warmRuns;
        explicit.add(WARM_RUNS);
    }

    /** Warm JVMs: each makes {@code warmupRuns} then {@code warmRuns}, and the median of its runs is one observation. */
    public int getWarmJvms() {
        return warmJvms;
    }

    public void setWarmJvms(int warmJvms) {
        this.warmJvms = warmJvms;
        explicit.add(WARM_JVMS);
    }

    /** The warm JVMs this scenario launches: none when it has no warm runs. */
    public int warmJvmCount() {
        return warmRuns > 0 ? warmJvms : 0;
    }

    /** When true, a cold run's measured time is set-up plus run (time to the first result). */
    public boolean isColdRunIncludesSetUp() {
        return coldRunIncludesSetUp;
    }

    public void setColdRunIncludesSetUp(boolean coldRunIncludesSetUp) {
        this.coldRunIncludesSetUp = coldRunIncludesSetUp;
    }

    public Map<String, String> getParameters() {
        return parameters;
    }

    public void setParameters(Map<String, String> parameters) {
        this.parameters = parameters == null ? new LinkedHashMap<>() : new LinkedHashMap<>(parameters);
    }

    public List<String> getJvmArgs() {
        return jvmArgs;
    }

    public void setJvmArgs(List<String> jvmArgs) {
        this.jvmArgs = jvmArgs == null ? new ArrayList<>() : new ArrayList<>(jvmArgs);
    }

    public String getSetUpTimeout() {
        return setUpTimeout;
    }

    public void setSetUpTimeout(String setUpTimeout) {
        this.setUpTimeout = setUpTimeout;
    }

    public String getRunTimeout() {
        return runTimeout;
    }

    public void setRunTimeout(String runTimeout) {
        this.runTimeout = runTimeout;
    }

    public String getTearDownTimeout() {
        return tearDownTimeout;
    }

    public void setTearDownTimeout(String tearDownTimeout) {
        this.tearDownTimeout = tearDownTimeout;
    }

    public List<MetricDefinition> getMetrics() {
        return metrics;
    }

    public void setMetrics(List<MetricDefinition> metrics) {
        this.metrics = metrics == null ? new ArrayList<>() : new ArrayList<>(metrics);
    }

    Duration setUpTimeout() {
        return Durations.parse(setUpTimeout);
    }

    Duration runTimeout() {
        return Durations.parse(runTimeout);
    }

    Duration tearDownTimeout() {
        return Durations.parse(tearDownTimeout);
    }

    MetricDefinition declared(String metric) {
        for (MetricDefinition m : metrics) {
            if (metric.equals(m.getName())) {
                return m;
            }
        }
        return null;
    }
}
