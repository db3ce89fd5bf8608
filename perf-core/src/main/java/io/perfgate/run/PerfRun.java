package io.perfgate.run;

import com.fasterxml.jackson.databind.node.ArrayNode;
import io.perfgate.config.PerfProperties;
import io.perfgate.env.EnvironmentFingerprint;
import io.perfgate.env.EnvironmentProbe;
import io.perfgate.env.StealTime;
import io.perfgate.files.AtomicFiles;
import io.perfgate.files.FileNames;
import io.perfgate.jmh.BenchmarkDiscovery;
import io.perfgate.jmh.BenchmarkEntry;
import io.perfgate.jmh.ForkTimes;
import io.perfgate.jmh.InvalidOptionException;
import io.perfgate.jmh.JmhInvocation;
import io.perfgate.jmh.JmhOptions;
import io.perfgate.jmh.JmhResults;
import io.perfgate.jmh.JmhRunException;
import io.perfgate.jmh.JmhRunner;
import io.perfgate.jmh.PlannedBenchmark;
import io.perfgate.jmh.RunPlan;
import io.perfgate.json.JsonFormatException;
import io.perfgate.json.JsonValue;
import io.perfgate.json.JsonWriting;
import io.perfgate.log.PerfLog;
import io.perfgate.results.BenchmarkResult;
import io.perfgate.results.MachineTime;
import io.perfgate.results.PerfResults;
import io.perfgate.results.ResultsJson;
import io.perfgate.scenariorunner.ScenarioDefinition;
import io.perfgate.scenariorunner.ScenarioException;
import io.perfgate.scenariorunner.ScenarioLaunchSettings;
import io.perfgate.scenariorunner.ScenarioResults;
import io.perfgate.scenariorunner.ScenarioRunner;
import io.perfgate.scenariorunner.ScenarioTimes;
import io.perfgate.shard.Budget;
import io.perfgate.shard.ShardException;
import io.perfgate.text.Durations;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * The work of {@code perf:run}: find the JMH benchmarks, plan them with their effective options, run each in a
 * JVM of its own, and write {@code results.json} (schema 1) with the environment fingerprint, JMH's raw JSON and
 * its full output beside it.
 *
 * <p>A results file is either complete or absent: a stale one is deleted before the first fork (and the log says
 * so), and after a failure only {@value #RESULTS_PARTIAL} (status {@code partial}) is written, with the benchmarks
 * that finished, for diagnosis. Everything that can refuse the run (the selection, the params, the shard, the
 * budget) is checked before that deletion, so a refused run leaves the previous results as they were.
 */
public final class PerfRun {
    /** Next to results.json after a failed run: what finished before the failure. */
    public static final String RESULTS_PARTIAL = "results-partial.json";
    /** JMH's own JSON for every benchmark of the run, as one array. */
    public static final String JMH_RAW = "jmh-results.json";
    /** JMH's full human-readable output. */
    public static final String JMH_OUTPUT = "jmh-output.log";

    private final RunRequest request;
    private final PerfLog log;
    private final Path outputDirectory;
    /** The scenarios this run measures: the selected ones, or this shard's part of them. */
    private List<ScenarioDefinition> scenarios;

    private PerfRun(RunRequest request, PerfLog log) {
        this.request = request;
        this.log = log;
        this.outputDirectory = request.outputDirectory();
        this.scenarios = request.scenarios();
    }

    /**
     * Runs the benchmarks and writes the results.
     *
     * @return what was written to {@link RunRequest#resultsFile()}
     * @throws RunFailedException for anything that keeps a complete result from being written
     */
    public static PerfResults execute(RunRequest request, PerfLog log) throws RunFailedException {
        return new PerfRun(request, log).execute();
    }

    private PerfResults execute() throws RunFailedException {
        long start = System.nanoTime();
        validateScenarios();
        // A project may hold only scenarios: then no BenchmarkList is needed, and JMH does not run.
        boolean jmh = request.scenarios().isEmpty() || BenchmarkDiscovery.hasBenchmarkList(request.classDirectories());
        RunPlan plan = jmh ? plan() : null;
        ScenarioTimes times = request.scenarioTimes();
        ForkTimes forkTimes = request.forkTimes();
        List<ShardedSuite.Unit> suite = ShardedSuite.units(plan, forkTimes, scenarios, times);
        if (request.shard() != null || request.budget() != null) {
            String source = forkTimes.describe(plan);
            if (source != null) {
                log.info(source);
            }
            if (!scenarios.isEmpty()) {
                log.info(times.describe(scenarios));
            }
        }
        if (request.shard() != null) {
            ShardedSuite part = ShardedSuite.of(request.shard(), plan, forkTimes, scenarios, times);
            log.info(part.describe());
            plan = part.plan;
            scenarios = part.scenarios;
        }
        try {
            Budget.check(request.budget(), ShardedSuite.units(plan, forkTimes, scenarios, times), suite,
                    ShardedSuite.Unit::name, ShardedSuite.Unit::seconds, ScenarioDefinition::counted,
                    request.shard() == null ? "The run" : "Shard " + request.shard(),
                    "fewer forks or shorter iterations: -D" + PerfProperties.FORKS + ", -D"
                            + PerfProperties.MEASUREMENT_ITERATIONS + ", -D" + PerfProperties.MEASUREMENT_TIME);
        } catch (ShardException e) {
            throw new RunFailedException(e.getMessage(), e);
        }
        String command = reproducingCommand(request);
        // only now that nothing is left to refuse: a typo must not cost the previous run's results
        prepareOutput();

        JmhResults results = JmhResults.empty();
        ArrayNode raw = JsonWriting.array();
        Optional<StealTime> stealBefore = StealTime.read();
        if (plan != null && !plan.benchmarks().isEmpty()) {
            logPlan(plan);
            ProgressLog progress = new ProgressLog(plan, log, request.clock(), System::nanoTime);
            log.info("Expected time: " + progress.estimate(plan.expected()) + " for " + plan.totalForks() + " forks.");
            List<List<PlannedBenchmark>> launches = plan.launches();
            for (int i = 0; i < launches.size(); i++) {
                progress.benchmarkStarting(launches.get(i).get(0));
                JmhInvocation invocation = invocation(launches.get(i), i + 1);
                try {
                    results = results.plus(JmhRunner.run(invocation, progress));
                    raw.addAll(readArray(invocation.resultFile()));
                    Files.deleteIfExists(invocation.resultFile());
                } catch (JmhRunException e) {
                    throw failed(e.getMessage(), e, plan, results, raw, command);
                } catch (IOException | JsonFormatException e) {
                    throw failed("Cannot read JMH's results " + invocation.resultFile() + ": " + e, e, plan, results,
                            raw, command);
                }
            }
            results = results.mapBenchmarks(progress::withForkSeconds);
        } else if (plan == null) {
            log.info("No JMH benchmarks (no META-INF/BenchmarkList in " + request.classDirectories().get(0)
                    + "): running the " + scenarios.size() + " scenario"
                    + (scenarios.size() == 1 ? "" : "s") + " only.");
        }
        ScenarioResults scenarioOutcome = runScenarios(plan, results, raw, command);
        String measured = plan == null ? "the scenarios"
                : scenarios.isEmpty() ? "the forks" : "the forks and scenarios";
        OptionalDouble steal = StealTime.share(stealBefore, StealTime.read());
        StealTime.log(steal, measured, log);

        if (plan != null) {
            writeRaw(raw);
        }
        PerfResults written = results(PerfResults.STATUS_COMPLETE, plan, results, scenarioOutcome, command, steal);
        try {
            ResultsJson.write(written, request.resultsFile());
        } catch (IOException e) {
            throw new RunFailedException("Cannot write " + request.resultsFile() + ": " + e, e);
        }
        for (BenchmarkResult b : written.benchmarks()) {
            for (String warning : b.warnings()) {
                log.warn(b.id().withMode(b.displayName()) + ": " + warning);
            }
        }
        if (written.benchmarks().isEmpty() && request.shard() != null) {
            // the merge needs every shard's file, so an empty shard writes one; what it is for is said here
            log.info("Wrote " + shown(request.resultsFile()) + " with no results: shard " + request.shard()
                    + " had nothing to run. perf:merge takes the file as this shard's part; perf:check of this"
                    + " shard alone judges nothing, and perf:record does not record it.");
            return written;
        }
        int forks = written.benchmarks().stream().mapToInt(b -> b.forks().size()).sum();
        log.info("Wrote " + shown(request.resultsFile()) + ": " + written.benchmarks().size() + " results, " + forks
                + (plan != null ? " forks" : " runs") + " in "
                + Durations.format(Duration.ofNanos(System.nanoTime() - start))
                + (plan != null ? " (JMH's JSON: " + JMH_RAW + ", its output: " + JMH_OUTPUT + ")." : "."));
        Map<String, MachineTime.ForkLength> fixedLengths = new HashMap<>();
        if (plan != null) {
            plan.benchmarks().forEach(b -> fixedLengths.putIfAbsent(b.name(), b.fixedLength()));
        }
        MachineTime machine = MachineTime.of(written.benchmarks(), written.settings(),
                MachineTime.Counterfactual.FIXED_FORKS, fixedLengths::get);
        if (machine.known()) {
            log.info(machine.line());
        }
        return written;
    }

    /**
     * Bad scenario configuration, or a results file no file system can hold, stops the build before any benchmark
     * spends minutes.
     */
    private void validateScenarios() throws RunFailedException {
        Optional<String> unwritable = FileNames.unwritable(PerfProperties.RESULTS, request.resultsFile());
        if (unwritable.isPresent()) {
            throw new RunFailedException(unwritable.get());
        }
        try {
            ScenarioRunner.validate(request.scenarios());
        } catch (ScenarioException e) {
            throw new RunFailedException(e.getMessage(), e);
        }
    }

    /** Runs the scenarios after the JMH benchmarks; a failure loses their results as a JMH failure would. */
    private ScenarioResults runScenarios(RunPlan plan, JmhResults results, ArrayNode raw, String command)
            throws RunFailedException {
        if (scenarios.isEmpty()) {
            return null;
        }
        Path javaHome = ScenarioLaunchSettings.javaHomeOf(request.java());
        ScenarioLaunchSettings launch = ScenarioLaunchSettings.builder()
                .javaHome(javaHome)
                .projectClasspath(request.classpath())
                .outputDirectory(outputDirectory)
                .basedir(request.projectDirectory())
                .build();
        try {
            return new ScenarioRunner(launch, log).run(scenarios);
        } catch (ScenarioException e) {
            throw failed(e.getMessage(), e, plan, results, raw, command);
        }
    }

    /**
     * Removes what a previous run left, so that no stale file can pass for this run's results, and says in the log
     * which files went.
     */
    private void prepareOutput() throws RunFailedException {
        try {
            Files.createDirectories(outputDirectory);
            List<String> removed = new ArrayList<>();
            for (Path stale : Arrays.asList(request.resultsFile(), outputDirectory.resolve(RESULTS_PARTIAL),
                    outputDirectory.resolve(JMH_RAW), outputDirectory.resolve(JMH_OUTPUT))) {
                if (Files.deleteIfExists(stale)) {
                    removed.add(stale.getParent().equals(outputDirectory) ? stale.getFileName().toString()
                            : shown(stale));
                }
            }
            if (!removed.isEmpty()) {
                log.info("Removed the previous run's " + String.join(", ", removed) + " from " + shown(outputDirectory)
                        + " before measuring.");
            }
            Path perBenchmark = outputDirectory.resolve("jmh");
            if (Files.isDirectory(perBenchmark)) {
                try (java.util.stream.Stream<Path> files = Files.list(perBenchmark)) {
                    for (Path f : (Iterable<Path>) files::iterator) {
                        Files.deleteIfExists(f);
                    }
                }
            }
        } catch (IOException e) {
            throw new RunFailedException("Cannot prepare " + outputDirectory + ": " + e, e);
        }
    }

    private RunPlan plan() throws RunFailedException {
        List<BenchmarkEntry> entries;
        try {
            entries = BenchmarkDiscovery.discover(request.classDirectories(), request.mainClassDirectory());
            BenchmarkDiscovery.requireJmhCore(request.classpath());
        } catch (IOException e) {
            throw new RunFailedException(e.getMessage(), e);
        }
        try {
            return RunPlan.create(request.options(), entries);
        } catch (InvalidOptionException e) {
            throw new RunFailedException(e.getMessage(), e);
        }
    }

    private void logPlan(RunPlan plan) {
        int launches = plan.launches().size();
        log.info("Running " + plan.benchmarks().size() + (plan.benchmarks().size() == 1 ? " JMH benchmark" :
                " JMH benchmarks") + " in " + launches + (launches == 1 ? " JMH launch" : " JMH launches") + " with "
                + request.java() + ":");
        List<String> few = new ArrayList<>();
        List<String> overridden = new ArrayList<>();
        for (PlannedBenchmark b : plan.benchmarks()) {
            log.info("  " + b.describe());
            if (b.overriddenAnnotatedForks() != null) {
                overridden.add(b.name() + " (@Fork(" + b.overriddenAnnotatedForks() + "))");
            } else if (b.forks().value() < PlannedBenchmark.GATE_MIN_FORKS) {
                few.add(b.name() + " (" + b.forks().value() + ", " + b.forks().origin().description() + ")");
            }
        }
        int min = PlannedBenchmark.GATE_MIN_FORKS;
        if (!overridden.isEmpty()) {
            log.info("Annotated fork counts below " + min + " overridden on " + overridden.size()
                    + (overridden.size() == 1 ? " benchmark: " : " benchmarks: ") + String.join(", ", overridden)
                    + ". They run " + JmhOptions.DEFAULT_FORKS + " forks, because the gate needs at least " + min
                    + " per side to judge; -D" + PerfProperties.FORKS + "=<n> sets the count yourself.");
        }
        if (!few.isEmpty()) {
            log.warn("Fewer than " + min + " forks: " + String.join(", ", few) + ". The gate needs at least " + min
                    + " per side to reach a verdict and is designed for " + JmhOptions.DEFAULT_FORKS
                    + "; every comparison of their forks (against a baseline file or in perf:compare) will be INCONCLUSIVE."
                    + " A check against the history judges each run's median and is not limited by them.");
        }
    }

    /** One JMH launch for benchmarks that share their arguments, forks and timeout (see RunPlan.launches). */
    private JmhInvocation invocation(List<PlannedBenchmark> launch, int number) {
        PlannedBenchmark first = launch.get(0);
        List<String> includes = new ArrayList<>();
        int runs = 0;
        for (PlannedBenchmark b : launch) {
            includes.add(JmhInvocation.exactly(b.name()));
            runs += b.runs();
        }
        return JmhInvocation.builder()
                .java(request.java())
                .classpath(request.classpath())
                .workingDirectory(request.projectDirectory())
                .includes(includes)
                .arguments(first.jmhArguments())
                .resultFile(outputDirectory.resolve("jmh").resolve("launch-" + number + ".json"))
                .outputLog(outputDirectory.resolve(JMH_OUTPUT))
                .timeout(first.timeout())
                .expectedForks(first.forks().value())
                .expectedResults(runs)
                .build();
    }

    private static ArrayNode readArray(Path file) throws JsonFormatException {
        return (ArrayNode) JsonValue.read(file).array().tree();
    }

    private void writeRaw(ArrayNode raw) throws RunFailedException {
        try {
            AtomicFiles.writeString(outputDirectory.resolve(JMH_RAW),
                    JsonWriting.pretty(raw, true));
            try {
                Files.deleteIfExists(outputDirectory.resolve("jmh"));
            } catch (java.nio.file.DirectoryNotEmptyException e) {
                // the JSON of a failed benchmark stays for diagnosis
            }
        } catch (IOException e) {
            throw new RunFailedException("Cannot write " + outputDirectory.resolve(JMH_RAW) + ": " + e, e);
        }
    }

    /** Writes what finished to results-partial.json, and says so in the exception. */
    private RunFailedException failed(String message, Exception cause, RunPlan plan, JmhResults results,
            ArrayNode raw, String command) {
        String partial = "";
        if (!results.benchmarks().isEmpty()) {
            try {
                writeRaw(raw);
                Path file = outputDirectory.resolve(RESULTS_PARTIAL);
                ResultsJson.write(results(PerfResults.STATUS_PARTIAL, plan, results, null, command,
                        OptionalDouble.empty()), file);
                partial = " The " + results.benchmarks().size() + " results that finished before are in "
                        + shown(file) + " (status partial; the gate does not accept it as a baseline).";
            } catch (IOException | RunFailedException e) {
                partial = " Writing " + RESULTS_PARTIAL + " failed too: " + e.getMessage();
            }
        }
        return new RunFailedException(message + System.lineSeparator() + "No results.json was written." + partial,
                cause);
    }

    private PerfResults results(String status, RunPlan plan, JmhResults results, ScenarioResults scenarios,
            String command, OptionalDouble steal) {
        String timestamp = Instant.now(request.clock()).truncatedTo(ChronoUnit.SECONDS).toString();
        Map<String, String> settings = new LinkedHashMap<>();
        if (plan != null) {
            settings.putAll(plan.settings());
        }
        settings.putAll(request.extraSettings());
        List<BenchmarkResult> benchmarks = new ArrayList<>(results.benchmarks());
        if (scenarios != null) {
            settings.putAll(scenarios.settings());
            benchmarks.addAll(scenarios.results());
        }
        return PerfResults.builder()
                .status(status)
                .createdAt(timestamp)
                .toolVersion(request.pluginVersion())
                .command(command)
                .jmhRawFile(plan != null ? JMH_RAW : null)
                .environment(fingerprint(results, timestamp, command, steal))
                .settings(settings)
                .benchmarks(benchmarks)
                .build();
    }

    private Map<String, String> fingerprint(JmhResults results, String timestamp, String command,
            OptionalDouble steal) {
        List<String> argLists = new ArrayList<>(results.jvmArgs());
        List<String> firstArgs = argLists.isEmpty() ? new ArrayList<>()
                : Arrays.asList(argLists.get(0).trim().split("\\s+"));
        String[] git = EnvironmentProbe.git(request.projectDirectory());
        return EnvironmentFingerprint.of(EnvironmentProbe.machine()
                .jvmReport(EnvironmentProbe.jvmReport(request.java(), firstArgs))
                .jvmArgs(argLists)
                .jmh(results.jmhVersion(), results.jdkVersion(), results.vmName(), results.vmVersion())
                .maven(request.mavenVersion())
                .plugin(request.pluginVersion())
                .git(git[0], git[1])
                .steal(steal)
                .timestamp(timestamp)
                .command(command)
                .module(request.module()));
    }

    /** {@code mvn test-compile <plugin>:run -Dperf.x=y ...}: the goal and every perf.* property the user set. */
    static String reproducingCommand(RunRequest request) {
        Map<String, String> properties = new LinkedHashMap<>(request.options().userSettings());
        properties.putAll(request.extraUserSettings());
        return RepeatCommand.of(request.profiles(), request.pomArgument(), request.pluginGoal(), properties);
    }

    private String shown(Path file) {
        Path project = request.projectDirectory().toAbsolutePath();
        Path absolute = file.toAbsolutePath();
        return absolute.startsWith(project) ? project.relativize(absolute).toString() : absolute.toString();
    }
}
