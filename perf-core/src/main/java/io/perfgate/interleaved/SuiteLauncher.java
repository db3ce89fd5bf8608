package io.perfgate.interleaved;

import io.perfgate.config.PerfProperties;
import io.perfgate.files.FileNames;
import io.perfgate.log.PerfLog;
import io.perfgate.profile.ProfiledCode;
import io.perfgate.results.BenchmarkResult;
import io.perfgate.results.MachineTime;
import io.perfgate.scenariorunner.ScenarioDefinition;
import io.perfgate.scenariorunner.ScenarioException;
import io.perfgate.scenariorunner.ScenarioLaunchSettings;
import io.perfgate.scenariorunner.ScenarioMetrics;
import io.perfgate.scenariorunner.ScenarioRunner;
import io.perfgate.scenariorunner.ScenarioTimes;
import io.perfgate.workspace.CompareException;
import java.io.IOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The whole suite of a comparison: the JMH benchmarks of a {@link BenchmarkLauncher} and the project's end-to-end
 * scenarios. A scenario takes part in the interleaved rounds under the name {@code scenario <id>}; its "fork" in a
 * round is one cold JVM and one warm JVM on that side's classpath, so each round adds one observation of its cold
 * runs and one of its warm JVMs per side, in the round's random order, as a JMH fork does.
 */
public final class SuiteLauncher implements BenchmarkLauncher {
    private final BenchmarkLauncher jmh;
    private final Map<String, ScenarioDefinition> scenarios = new LinkedHashMap<>();
    private final Path javaHome;
    private final Path basedir;
    private final Path workDirectory;
    private final List<Path> extraClasspath;
    private final PerfLog log;
    private final ScenarioTimes times;

    /**
     * @param jmh the JMH benchmarks' launcher
     * @param scenarios the selected scenarios, validated
     * @param javaHome the JDK of the scenario JVMs (that of the benchmark JVMs)
     * @param basedir the module directory the scenario JVMs are told ({@code -Dbasedir})
     * @param workDirectory where each side's rounds write their scenario logs and work directories
     * @param extraClasspath appended to each side's classpath for the scenario JVMs (the JUnit Platform launcher)
     * @param times what each scenario's JVMs took when last recorded, to weigh a round for shards and the budget
     */
    public SuiteLauncher(BenchmarkLauncher jmh, List<ScenarioDefinition> scenarios, Path javaHome, Path basedir,
            Path workDirectory, List<Path> extraClasspath, PerfLog log, ScenarioTimes times) {
        this.jmh = Objects.requireNonNull(jmh);
        for (ScenarioDefinition d : scenarios) {
            this.scenarios.put(ScenarioDefinition.SUITE_PREFIX + d.getId(), d);
        }
        this.javaHome = javaHome;
        this.basedir = basedir;
        this.workDirectory = workDirectory;
        this.extraClasspath = new ArrayList<>(extraClasspath);
        this.log = log;
        this.times = Objects.requireNonNull(times);
    }

    /** Where each scenario's expected round time comes from, for the log; null without scenarios. */
    @Override
    public String expectedTimesSource() {
        String benchmarks = jmh.expectedTimesSource();
        if (scenarios.isEmpty()) {
            return benchmarks;
        }
        String scenarioTimes = times.describe(new ArrayList<>(scenarios.values()));
        return benchmarks == null ? scenarioTimes : benchmarks + System.lineSeparator() + scenarioTimes;
    }

    /**
     * The JMH benchmarks on {@code classpath}, then the scenarios whose class (or test class) is on it; a project
     * with scenarios needs no benchmark list. A scenario that is not on this side is left out here, so the
     * comparison names it as on one side only.
     */
    @Override
    public List<String> discover(List<Path> classpath, String sideLabel) throws CompareException {
        List<String> names = new ArrayList<>();
        try {
            names.addAll(jmh.discover(classpath, sideLabel));
        } catch (CompareException e) {
            if (scenarios.isEmpty()) {
                throw e;
            }
        }
        for (Map.Entry<String, ScenarioDefinition> e : scenarios.entrySet()) {
            if (onClasspath(classpath, measuredClass(e.getValue()))) {
                names.add(e.getKey());
            }
        }
        if (names.isEmpty()) {
            throw new CompareException("The " + sideLabel + " has neither JMH benchmarks nor the classes of the"
                    + " selected scenarios (" + String.join(", ", scenarios.keySet()) + ")");
        }
        return names;
    }

    /** True for the name of a scenario in this suite. */
    public boolean isScenario(String name) {
        return scenarios.containsKey(name);
    }

    private static String measuredClass(ScenarioDefinition d) {
        String code = d.measuredCode();
        int hash = code.indexOf('#');
        return hash < 0 ? code : code.substring(0, hash);
    }

    private static boolean onClasspath(List<Path> classpath, String className) {
        List<URL> urls = new ArrayList<>();
        for (Path p : classpath) {
            try {
                urls.add(p.toUri().toURL());
            } catch (MalformedURLException e) {
                // an entry no URL can name cannot hold the class either
            }
        }
        try (URLClassLoader loader = new URLClassLoader(urls.toArray(new URL[0]), null)) {
            return loader.findResource(className.replace('.', '/') + ".class") != null;
        } catch (IOException e) {
            return false;
        }
    }

    @Override
    public double expectedSeconds(List<Path> classpath, String benchmark) {
        return isScenario(benchmark) ? times.round(scenarios.get(benchmark)).toMillis() / 1000.0
                : jmh.expectedSeconds(classpath, benchmark);
    }

    @Override
    public double plannedIterationSeconds(List<Path> classpath, String benchmark) {
        return scenarios.containsKey(benchmark) ? Double.NaN : jmh.plannedIterationSeconds(classpath, benchmark);
    }

    @Override
    public double expectedSeconds(List<Path> classpath, String benchmark, int measurementIterations) {
        return isScenario(benchmark) || measurementIterations <= 0 ? expectedSeconds(classpath, benchmark)
                : jmh.expectedSeconds(classpath, benchmark, measurementIterations);
    }

    @Override
    public String scenarioFor(String resultName) {
        return isScenario(ScenarioDefinition.SUITE_PREFIX + resultName) ? ScenarioDefinition.SUITE_PREFIX + resultName
                : null;
    }

    /** A scenario is profiled in one cold run (one JVM, nothing run before it); a benchmark as JMH has it. */
    @Override
    public List<Map<String, String>> parameterCombinations(List<Path> classpath, String benchmark) {
        return isScenario(benchmark) ? java.util.Collections.singletonList(java.util.Collections.singletonMap(
                ScenarioMetrics.RUNS_PARAM, ScenarioMetrics.COLD)) : jmh.parameterCombinations(classpath, benchmark);
    }

    @Override
    public ProfiledCode profiledCode(String benchmark) {
        ScenarioDefinition d = scenarios.get(benchmark);
        return d == null ? jmh.profiledCode(benchmark) : ProfiledCode.through(d.measuredFrame());
    }

    /** A scenario's profiling run: one JVM, warm or cold as {@code runs} says, with the profiler's options. */
    @Override
    public List<BenchmarkResult> runProfiledFork(List<Path> classpath, String benchmark, Map<String, String> params,
            String sideLabel, List<String> jvmArgs, String childJvmOption, Path directory)
            throws InterleavedRun.ForkFailedException {
        ScenarioDefinition d = scenarios.get(benchmark);
        if (d == null) {
            return jmh.runProfiledFork(classpath, benchmark, params, sideLabel, jvmArgs, childJvmOption, directory);
        }
        List<Path> scenarioClasspath = new ArrayList<>(classpath);
        scenarioClasspath.addAll(extraClasspath);
        ScenarioLaunchSettings launch = ScenarioLaunchSettings.builder().javaHome(javaHome)
                .projectClasspath(scenarioClasspath)
                .outputDirectory(workDirectory.resolve("profiling").resolve(FileNames.fit(sideLabel, "")))
                .basedir(basedir).build();
        PerfLog sideLog = new PerfLog() {
            @Override
            public void info(String message) {
                // the plan and progress of a profiling run would only repeat the rounds'
            }

            @Override
            public void warn(String message) {
                log.warn(sideLabel + ", profiling run: " + message);
            }
        };
        try {
            boolean warm = ScenarioMetrics.WARM.equals(params.get(ScenarioMetrics.RUNS_PARAM));
            return new ScenarioRunner(launch, sideLog).announcePlan(false).run(java.util.Collections.singletonList(
                    d.forProfiling(warm, jvmArgs, childJvmOption))).results();
        } catch (ScenarioException e) {
            throw new InterleavedRun.ForkFailedException(e.getMessage(), e);
        }
    }

    @Override
    public MachineTime.ForkLength fixedLength(List<Path> classpath, String benchmark) {
        return scenarios.containsKey(benchmark) ? null : jmh.fixedLength(classpath, benchmark);
    }

    @Override
    public int measurementIterations(List<Path> classpath, String benchmark) {
        return scenarios.containsKey(benchmark) ? 0 : jmh.measurementIterations(classpath, benchmark);
    }

    @Override
    public boolean lengthPlannable(List<Path> classpath, String benchmark) {
        return !scenarios.containsKey(benchmark) && jmh.lengthPlannable(classpath, benchmark);
    }

    @Override
    public List<BenchmarkResult> runFork(List<Path> classpath, String benchmark, String sideLabel, int round,
            int measurementIterations) throws InterleavedRun.ForkFailedException {
        return scenarios.containsKey(benchmark) || measurementIterations <= 0
                ? runFork(classpath, benchmark, sideLabel, round)
                : jmh.runFork(classpath, benchmark, sideLabel, round, measurementIterations);
    }

    /** A JMH fork with the side's own JVM arguments; a scenario's runs take none of their own (refused). */
    @Override
    public List<BenchmarkResult> runFork(List<Path> classpath, String benchmark, String sideLabel, int round,
            List<String> jvmArgs) throws InterleavedRun.ForkFailedException {
        if (!scenarios.containsKey(benchmark)) {
            return jmh.runFork(classpath, benchmark, sideLabel, round, jvmArgs);
        }
        if (!jvmArgs.isEmpty()) {
            throw new InterleavedRun.ForkFailedException("scenario " + benchmark + " cannot take the " + sideLabel
                    + " side's own JVM arguments (" + String.join(" ", jvmArgs) + "); per-side arguments reach JMH"
                    + " forks only: give the scenario's JVM options in its definition, or leave them out");
        }
        return runFork(classpath, benchmark, sideLabel, round);
    }

    @Override
    public List<BenchmarkResult> runFork(List<Path> classpath, String benchmark, String sideLabel, int round)
            throws InterleavedRun.ForkFailedException {
        ScenarioDefinition d = scenarios.get(benchmark);
        if (d == null) {
            return jmh.runFork(classpath, benchmark, sideLabel, round);
        }
        List<Path> scenarioClasspath = new ArrayList<>(classpath);
        scenarioClasspath.addAll(extraClasspath);
        ScenarioLaunchSettings launch = ScenarioLaunchSettings.builder()
                .javaHome(javaHome)
                .projectClasspath(scenarioClasspath)
                .outputDirectory(workDirectory.resolve(FileNames.fit(sideLabel, "")).resolve("round-" + round))
                .basedir(basedir)
                .build();
        PerfLog sideLog = new PerfLog() {
            @Override
            public void info(String message) {
                log.info(sideLabel + ", round " + round + ": " + message);
            }

            @Override
            public void warn(String message) {
                log.warn(sideLabel + ", round " + round + ": " + message);
            }
        };
        try {
            return new ScenarioRunner(launch, sideLog).announcePlan(round == 1)
                    .run(java.util.Collections.singletonList(d.forOneRound())).results();
        } catch (ScenarioException e) {
            throw new InterleavedRun.ForkFailedException(e.getMessage(), e);
        }
    }

    @Override
    public Map<String, String> environment() {
        return jmh.environment();
    }

    /**
     * The JMH options in force, and each scenario's settings as one round measures it: one cold run and one warm
     * JVM, so the rounds a scenario ran are its cold runs and its warm JVMs.
     */
    @Override
    public Map<String, String> settings() {
        Map<String, String> settings = new LinkedHashMap<>(jmh.settings());
        List<ScenarioDefinition> rounds = new ArrayList<>();
        scenarios.values().forEach(d -> rounds.add(d.forOneRound()));
        settings.putAll(ScenarioRunner.settingsOf(rounds));
        for (ScenarioDefinition d : rounds) {
            // counted in rounds here: the results hold one cold run and one warm JVM per round measured
            settings.put(PerfProperties.scenarioSetting(d.getId(), "coldRuns"), d.getColdRuns() + " per round");
            settings.put(PerfProperties.scenarioSetting(d.getId(), "warmJvms"), d.warmJvmCount() + " per round");
        }
        return settings;
    }
}
