package io.perfgate.config;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.Collections;
import java.util.Set;
import java.util.TreeSet;

/**
 * Every user property of the plugin and its default value, in one place, so goals and the Maven-free core stay
 * consistent. Each name is used in {@code -D<name>=...}, in {@code @Parameter(property = ...)} and in the core's
 * messages; each default is the text a {@code @Parameter(defaultValue = ...)} gives and the core parses, so a
 * default is written once. This class depends on nothing, so every package may use it. Keep this list in step
 * with {@code src/site/markdown/reference/configuration.md} (ConfigurationPageTest holds them equal).
 */
public final class PerfProperties {
    private PerfProperties() {
    }

    public static final String PREFIX = "perf.";

    /**
     * Every user property of the plugin: the value of every public constant here that is a {@code perf.} name.
     * Derived, not listed, so that a property added above cannot be missing here; PropertyNamesTest holds it
     * equal to the {@code @Parameter} properties of the goals (the plugin descriptor), ConfigurationPageTest to
     * configuration.md. UnknownProperties warns of a {@code -Dperf.*} that is none of them.
     */
    public static Set<String> names() {
        return Names.ALL;
    }

    /** Built on first use, after every constant of the outer class has its value. */
    private static final class Names {
        static final Set<String> ALL = collect();

        private static Set<String> collect() {
            Set<String> names = new TreeSet<>();
            for (Field f : PerfProperties.class.getFields()) {
                if (Modifier.isStatic(f.getModifiers()) && f.getType() == String.class) {
                    try {
                        String value = (String) f.get(null);
                        if (value.startsWith(PREFIX) && value.length() > PREFIX.length()) {
                            names.add(value);
                        }
                    } catch (IllegalAccessException e) {
                        throw new IllegalStateException("a public constant cannot be read: " + f, e);
                    }
                }
            }
            return Collections.unmodifiableSet(names);
        }
    }
    /** Where the results' settings record each scenario's own settings: {@code perf.scenario.<id>.<name>}. */
    private static final String SCENARIO_SETTINGS = PREFIX + "scenario.";

    /** True for a results' setting a scenario records for itself ({@code perf.scenario.<id>.<name>}). */
    public static boolean isScenarioSetting(String key) {
        return key.startsWith(SCENARIO_SETTINGS);
    }

    /** The results' setting {@code name} of scenario {@code id}, e.g. {@code perf.scenario.wordcount.warmRuns}. */
    public static String scenarioSetting(String id, String name) {
        return SCENARIO_SETTINGS + id + "." + name;
    }

    /** Default of the switches that are off unless asked for. */
    public static final String DEFAULT_FALSE = "false";
    /** Default of the switches that are on unless turned off. */
    public static final String DEFAULT_TRUE = "true";
    /** Default of the options whose empty value means "not set" (perf.against, perf.seed). */
    public static final String DEFAULT_EMPTY = "";

    // ---- common
    public static final String SKIP = "perf.skip";
    public static final String OUTPUT_DIRECTORY = "perf.outputDirectory";
    public static final String DEFAULT_OUTPUT_DIRECTORY = "${project.build.directory}/perf";
    public static final String RESULTS = "perf.results";
    public static final String DEFAULT_RESULTS = "${project.build.directory}/perf/results.json";
    public static final String BASELINE = "perf.baseline";
    /** The baseline's file in a module when {@code perf.baseline} is left at its default. */
    public static final String DEFAULT_BASELINE_FILE = "src/perf/baseline.json";
    public static final String DEFAULT_BASELINE = "${project.basedir}/" + DEFAULT_BASELINE_FILE;

    // ---- perf:run (JMH)
    public static final String INCLUDES = "perf.includes";
    public static final String EXCLUDES = "perf.excludes";
    public static final String FORKS = "perf.forks";
    public static final String WARMUP_ITERATIONS = "perf.warmupIterations";
    public static final String WARMUP_TIME = "perf.warmupTime";
    public static final String MEASUREMENT_ITERATIONS = "perf.measurementIterations";
    public static final String MEASUREMENT_TIME = "perf.measurementTime";
    public static final String MODE = "perf.mode";
    public static final String TIME_UNIT = "perf.timeUnit";
    public static final String THREADS = "perf.threads";
    public static final String PARAMS = "perf.params";
    public static final String JVM_ARGS = "perf.jvmArgs";
    public static final String PROFILERS = "perf.profilers";
    public static final String TIMEOUT = "perf.timeout";
    public static final String JMH_ARGS = "perf.jmhArgs";
    public static final String INCLUDE_MAIN_CLASSES = "perf.includeMainClasses";
    public static final String USE_TOOLCHAIN = "perf.useToolchain";
    /** Default of the run-shape options: the benchmark's JMH annotation, else the plugin's default for CI. */
    public static final String DEFAULT_AUTO = "auto";
    /** Default of list options that add nothing (excludes, params, JVM and JMH arguments). */
    public static final String DEFAULT_NONE = "none";
    public static final String DEFAULT_INCLUDES = ".*";
    public static final String DEFAULT_PROFILERS = "gc";

    // ---- perf:run (scenarios)
    /** Which configured scenarios run: comma-separated regular expressions found in the id, or {@code none}. */
    public static final String SCENARIO_INCLUDES = "perf.scenarioIncludes";
    public static final String DEFAULT_SCENARIO_INCLUDES = ".*";

    // ---- shards: one part of the suite per CI agent
    /** {@code K/N}: run shard K of N (perf:run, perf:compare); empty: the CI's variables, else the whole suite. */
    public static final String SHARD = "perf.shard";
    /** The directory perf:merge reads the shards' results files from. */
    public static final String SHARDS = "perf.shards";
    public static final String DEFAULT_SHARDS = "${project.build.directory}/perf/shards";
    /** The wall time a run or comparison may take; empty: no limit. */
    public static final String BUDGET = "perf.budget";
    /**
     * The wall time, counted from the start of the Maven build, by which a shard's comparison ends the rounds past
     * each benchmark's fewest (perf:compare with {@link #SHARD} and without {@link #BUDGET}); {@code none}: no limit.
     */
    public static final String SHARD_TIME = "perf.shardTime";
    /**
     * 14 minutes: a shard can answer within the 15 minutes a pull request's check may take, with a minute left for
     * the reports after the rounds.
     */
    public static final String DEFAULT_SHARD_TIME = "14m";

    // ---- perf:check and perf:baseline
    public static final String MEDIAN_FAIL = "perf.median.fail";
    /** T_fail of the median (statistics.md section 3). */
    public static final String DEFAULT_MEDIAN_FAIL = "10%";
    public static final String MEDIAN_MIN = "perf.median.min";
    public static final String DEFAULT_MEDIAN_MIN = "5%";
    public static final String P95_FAIL = "perf.p95.fail";
    /** Tails are 5-10 times noisier than medians, hence twice the median's limits. */
    public static final String DEFAULT_P95_FAIL = "20%";
    public static final String P95_MIN = "perf.p95.min";
    public static final String DEFAULT_P95_MIN = "10%";
    public static final String ALPHA = "perf.alpha";
    public static final String DEFAULT_ALPHA = "0.05";
    public static final String ALLOC_PERCENT = "perf.alloc.percent";
    public static final String DEFAULT_ALLOC_PERCENT = "2%";
    public static final String ALLOC_BYTES = "perf.alloc.bytes";
    public static final String DEFAULT_ALLOC_BYTES = "16";
    public static final String MIN_FORKS = "perf.minForks";
    /** Below 5 forks a side the exact test is too weak to judge (statistics.md section 3). */
    public static final String DEFAULT_MIN_FORKS = "5";
    /**
     * The fixed fork length and count where neither you nor the benchmark's annotations say (JmhOptions parses
     * them; results.MachineTime sets the machine time spent against them): 10 forks of 3 x 1 s warm-up and
     * 10 x 500 ms measurement.
     */
    public static final String DEFAULT_FORKS = "10";
    public static final String DEFAULT_WARMUP_ITERATIONS = "3";
    public static final String DEFAULT_WARMUP_TIME = "1 s";
    public static final String DEFAULT_MEASUREMENT_ITERATIONS = "10";
    public static final String DEFAULT_MEASUREMENT_TIME = "500 ms";
    public static final String MULTIPLICITY = "perf.multiplicity";
    public static final String DEFAULT_MULTIPLICITY = "none";
    public static final String FAIL_ON_REGRESSION = "perf.failOnRegression";
    public static final String FAIL_ON_MISSING_BASELINE = "perf.failOnMissingBaseline";
    public static final String FAIL_ON_NEW = "perf.failOnNewBenchmarks";
    public static final String FAIL_ON_MISSING = "perf.failOnMissingBenchmarks";
    /** Fails the build when a comparison is INCONCLUSIVE: nothing judged is not a pass. */
    public static final String FAIL_ON_INCONCLUSIVE = "perf.failOnInconclusive";
    /**
     * Fails the build when no benchmark of the run is in the baseline (all renamed, the baseline of another module):
     * comparing nothing is a broken set-up, not a pass, as Surefire's {@code failIfNoTests} says of running no test.
     */
    public static final String FAIL_ON_NO_COMPARISONS = "perf.failOnNoComparisons";
    public static final String ENVIRONMENT_POLICY = "perf.environmentPolicy";
    public static final String DEFAULT_ENVIRONMENT_POLICY = "warn";
    public static final String FORCE = "perf.force";
    /** Why a baseline is recorded, kept in its provenance: above all, why an accepted slowdown is expected. */
    public static final String REASON = "perf.reason";
    /** Which report files perf:check writes: a comma-separated subset of json, md, junit, html; or none. */
    public static final String REPORT_FORMATS = "perf.reportFormats";
    public static final String DEFAULT_REPORT_FORMATS = "json,md,junit,html";
    /**
     * On GitHub Actions ({@code GITHUB_ACTIONS=true}), perf:check and perf:compare append the verdict to the job
     * summary the file {@code GITHUB_STEP_SUMMARY} names; {@code false} turns that off.
     */
    public static final String GITHUB_SUMMARY = "perf.githubSummary";
    /** When perf:check and perf:compare write the pull-request comment body: always, problems or never. */
    public static final String COMMENT = "perf.comment";
    public static final String DEFAULT_COMMENT = "always";
    /** Where the CI publishes the output directory, so the comment links the reports; empty: no such place. */
    public static final String REPORT_URL = "perf.reportUrl";

    // ---- perf:compare and perf:calibrate
    public static final String AGAINST = "perf.against";
    public static final String SEED = "perf.seed";
    public static final String ADAPTIVE = "perf.adaptive";
    public static final String MAX_FORKS = "perf.maxForks";
    /** Rounds of perf:compare at most: forks per side. */
    public static final String DEFAULT_MAX_FORKS = "15";
    public static final String BISECT = "perf.bisect";
    /** Compare only the benchmarks whose code reaches a class that differs between base and candidate. */
    public static final String AFFECTED = "perf.affected";
    /**
     * Record the code each benchmark ran (one short extra fork per benchmark and parameter set with JaCoCo's
     * agent, after the measurement) for {@code perf.affected}: {@code auto} records when {@code perf.affected} is
     * true for the project, {@code true} always, {@code false} never. perf:record keeps the map in the history.
     */
    public static final String EXECUTED_CODE = "perf.executedCode";
    public static final String DEFAULT_EXECUTED_CODE = "auto";
    /**
     * perf:compare with several treatments against one baseline: entries {@code name=ref [JVM arguments]}, the
     * baseline being {@code perf.against}.
     */
    public static final String TREATMENTS = "perf.treatments";
    /** The baseline's name in a comparison of treatments; empty: its ref. */
    public static final String BASELINE_NAME = "perf.baselineName";
    public static final String DEFAULT_BASELINE_NAME = "baseline";
    /** JVM arguments of the baseline's forks alone in a comparison of treatments. */
    public static final String BASELINE_JVM_ARGS = "perf.baselineJvmArgs";
    public static final String CALIBRATE_SAVE = "perf.calibrate.save";
    /**
     * Where forks and measurement iterations per benchmark come from: {@code fixed} (the settings),
     * {@code calibrated} (the plan perf:calibrate stored in the baseline's calibration, for the benchmarks it covers)
     * or {@code auto} (the calibration's plan where there is one, else, in perf:compare, a plan from the first rounds).
     */
    public static final String FORK_PLAN = "perf.forkPlan";
    public static final String FORK_PLAN_FIXED = "fixed";
    public static final String FORK_PLAN_CALIBRATED = "calibrated";
    /** The calibration's plan where one exists, else the first rounds'; every value but fixed: steady warm-up. */
    public static final String FORK_PLAN_AUTO = "auto";
    public static final String DEFAULT_FORK_PLAN = FORK_PLAN_AUTO;
    /**
     * Whether perf:check measures its FAIL rows again side by side against the baseline's commit before the build
     * fails: {@code auto} or {@code never}.
     */
    public static final String CONFIRM = "perf.confirm";
    public static final String DEFAULT_CONFIRM = "auto";

    // ---- profiling: extra forks after the measurement, never the ones judged
    /** Which benchmarks get profiled: {@code regressions} (FAIL or WARN), {@code all} or {@code none}. */
    public static final String PROFILE = "perf.profile";
    public static final String DEFAULT_PROFILE = "regressions";
    /** Which profiler: {@code auto} (async-profiler, else JFR), {@code async} or {@code jfr}. */
    public static final String PROFILER = "perf.profiler";
    public static final String DEFAULT_PROFILER = "auto";
    /** The version of {@code tools.profiler:async-profiler} and {@code tools.profiler:jfr-converter} resolved. */
    public static final String ASYNC_PROFILER_VERSION = "perf.asyncProfilerVersion";
    public static final String DEFAULT_ASYNC_PROFILER_VERSION = "4.2";

    // ---- perf:methodology
    public static final String FORMAT = "perf.format";
    public static final String DEFAULT_FORMAT = "jira";

    // ---- perf:record: the history of runs
    /** Where the history is kept: {@code git} (a branch of the project's repository) or a directory. */
    public static final String HISTORY = "perf.history";
    public static final String DEFAULT_HISTORY = "git";
    /** The branch of the project's repository that holds the history when {@code perf.history=git}. */
    public static final String HISTORY_BRANCH = "perf.historyBranch";
    public static final String DEFAULT_HISTORY_BRANCH = "perf-history";
    /** The remote the history branch is pushed to. */
    public static final String HISTORY_REMOTE = "perf.historyRemote";
    public static final String DEFAULT_HISTORY_REMOTE = "origin";
    /** Whether perf:record pushes the history branch; off keeps it local. */
    public static final String HISTORY_PUSH = "perf.historyPush";

    // ---- perf:check against the history
    /** The value of {@code perf.baseline} that judges against the history of runs on main instead of a file. */
    public static final String BASELINE_HISTORY = "history";
    /** How many of the latest comparable runs of the main branch perf:check judges against. */
    public static final String HISTORY_RUNS = "perf.historyRuns";
    public static final String DEFAULT_HISTORY_RUNS = "10";
    /** The branches whose recorded runs make the history a check judges against, comma-separated. */
    public static final String MAIN_BRANCH = "perf.mainBranch";
    public static final String DEFAULT_MAIN_BRANCH = "main,master";

    // ---- perf:trend: change points in the history
    /** The level below which a change point's t-test p-value must lie (Otava's default). */
    public static final String TREND_MAX_P_VALUE = "perf.trendMaxPValue";
    public static final String DEFAULT_TREND_MAX_P_VALUE = "0.001";
    /** The runs in one window of the change-point search (Otava's default). */
    public static final String TREND_WINDOW = "perf.trendWindow";
    public static final String DEFAULT_TREND_WINDOW = "50";
    /** Whether perf:trend saves the change points it reports into the history store; off analyses only. */
    public static final String TREND_SAVE = "perf.trendSave";
    /** A file to export the history to as Apache Otava's CSV; empty: no export. */
    public static final String OTAVA_CSV = "perf.otavaCsv";
}
