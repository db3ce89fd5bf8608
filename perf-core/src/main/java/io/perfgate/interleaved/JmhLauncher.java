package io.perfgate.interleaved;

import io.perfgate.config.PerfProperties;
import io.perfgate.env.EnvironmentFingerprint;
import io.perfgate.env.EnvironmentProbe;
import io.perfgate.files.FileNames;
import io.perfgate.jmh.BenchmarkEntry;
import io.perfgate.jmh.BenchmarkListReader;
import io.perfgate.jmh.FineIterations;
import io.perfgate.jmh.ForkTimes;
import io.perfgate.jmh.ForkWarmup;
import io.perfgate.jmh.InvalidOptionException;
import io.perfgate.jmh.JmhInvocation;
import io.perfgate.jmh.JmhMode;
import io.perfgate.jmh.JmhOptions;
import io.perfgate.jmh.JmhProgressListener;
import io.perfgate.jmh.JmhResults;
import io.perfgate.jmh.JmhRunException;
import io.perfgate.jmh.JmhRunHeader;
import io.perfgate.jmh.JmhRunner;
import io.perfgate.jmh.JmhTime;
import io.perfgate.jmh.PlannedBenchmark;
import io.perfgate.jmh.RunPlan;
import io.perfgate.jmh.SteadyWarmup;
import io.perfgate.log.PerfLog;
import io.perfgate.results.BenchmarkId;
import io.perfgate.results.BenchmarkResult;
import io.perfgate.results.Fork;
import io.perfgate.results.MachineTime;
import io.perfgate.stats.SteadyState;
import io.perfgate.workspace.CompareException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * Runs single JMH forks for {@code perf:compare} and {@code perf:calibrate}: the same options, precedence and
 * runner as {@code perf:run}, with JMH's fork count replaced by 1, because the comparison schedules the forks
 * itself. Each side has its own classpath and its own run plan (the base may carry other annotations).
 */
public final class JmhLauncher implements BenchmarkLauncher {
    /**
     * How long a fork waits for another JMH run on the machine to release JMH's lock. A comparison is many short
     * launches, each of which can land behind someone else's whole run on a shared machine; waiting is right (two
     * benchmarks at once disturb each other), giving up after the usual few minutes loses the comparison.
     */
    static final Duration LOCK_WAIT = Duration.ofMinutes(30);

    private final JmhOptions options;
    private final Path java;
    private final Path workDirectory;
    private final Map<List<Path>, RunPlan> plans = new HashMap<>();
    /** The plan of the first side discovered (the working tree's, in perf:compare), for the log. */
    private RunPlan firstPlan;
    private ForkTimes forkTimes = ForkTimes.none();
    private int invocations;
    private JmhResults firstResults;
    private Path projectDirectory;
    private String mavenVersion;
    private String pluginVersion;
    private String command;
    private Map<String, String> environment;
    private PerfLog log;
    /** Warm-up learned from the forks of earlier rounds ({@code perf.forkPlan} other than fixed), else null. */
    private final SteadyWarmup steadyWarmup;

    /**
     * @param options the run options ({@code perf.includes}, warmup, measurement ...); {@code perf.forks} is ignored
     * @param java the {@code java} executable of the benchmark JVMs
     * @param workDirectory where JMH's JSON and output of each fork go
     */
    public JmhLauncher(JmhOptions options, Path java, Path workDirectory) {
        this.options = options;
        this.java = java;
        this.workDirectory = workDirectory;
        this.steadyWarmup = options.steadyWarmup() ? new SteadyWarmup() : null;
    }

    /**
     * Logs to {@code log} when a fork waits for another JMH run on the machine to release JMH's lock, once per fork
     * (JMH only prints its retries into the fork's output, so a round would seem to take minutes for no reason).
     */
    public JmhLauncher loggingTo(PerfLog log) {
        this.log = log;
        return this;
    }

    /** What the environment fingerprint says of the run besides the machine: its versions, project and command. */
    public JmhLauncher describing(Path projectDirectory, String mavenVersion, String pluginVersion, String command) {
        this.projectDirectory = projectDirectory;
        this.mavenVersion = mavenVersion;
        this.pluginVersion = pluginVersion;
        this.command = command;
        return this;
    }

    @Override
    public List<String> discover(List<Path> classpath, String sideLabel) throws CompareException {
        List<BenchmarkEntry> entries = new ArrayList<>();
        List<String> searched = new ArrayList<>();
        for (Path entry : classpath) {
            try {
                if (Files.isDirectory(entry)) {
                    Path list = entry.resolve(BenchmarkListReader.RESOURCE);
                    searched.add(entry.toString());
                    if (Files.isRegularFile(list)) {
                        entries.addAll(BenchmarkListReader.read(list));
                    }
                } else if (Files.isRegularFile(entry) && entry.toString().endsWith(".jar")) {
                    entries.addAll(fromJar(entry));
                }
            } catch (IOException e) {
                throw new CompareException("The benchmark list of the " + sideLabel + " cannot be read: "
                        + e.getMessage(), e);
            }
        }
        if (entries.isEmpty()) {
            throw new CompareException("The " + sideLabel + " has no JMH benchmarks: no " + BenchmarkListReader.RESOURCE
                    + " in " + String.join(", ", searched) + ". JMH's annotation processor (jmh-generator-annprocess)"
                    + " writes it when the benchmarks are compiled; check that it runs on the test sources.");
        }
        RunPlan plan;
        try {
            plan = RunPlan.create(options, entries);
        } catch (InvalidOptionException e) {
            throw new CompareException("In the " + sideLabel + ": " + e.getMessage(), e);
        }
        plans.put(new ArrayList<>(classpath), plan);
        if (firstPlan == null) {
            firstPlan = plan;
        }
        List<String> names = new ArrayList<>();
        for (PlannedBenchmark b : plan.benchmarks()) {
            names.add(b.name());
        }
        return names;
    }

    /** Weighs the benchmarks for shards and the budget by the fork times {@code times} recorded. */
    public JmhLauncher weighedBy(ForkTimes times) {
        this.forkTimes = Objects.requireNonNull(times, "times");
        return this;
    }

    /**
     * One side's part of a round: one fork of each parameter set and mode ({@code -f 1} runs each of them once), as
     * recorded or as planned ({@link ForkTimes}).
     */
    @Override
    public double expectedSeconds(List<Path> classpath, String benchmark) {
        RunPlan plan = plans.get(classpath);
        if (plan == null) {
            throw new IllegalStateException("discover() was not called for this classpath");
        }
        for (PlannedBenchmark b : plan.benchmarks()) {
            if (b.name().equals(benchmark)) {
                return forkTimes.fork(plan, b).multipliedBy(b.runs()).toMillis() / 1000.0;
            }
        }
        return 0;
    }

    /**
     * A fork of {@code measurementIterations} fine iterations instead of the settings' measurement: the expected fork
     * less its measurement time, plus the fine iterations' (each parameter set and mode of the fork). The warm-up is
     * counted in full, as the first round runs it.
     */
    @Override
    public double expectedSeconds(List<Path> classpath, String benchmark, int measurementIterations) {
        double seconds = expectedSeconds(classpath, benchmark);
        if (measurementIterations <= 0 || !lengthPlannable(classpath, benchmark)) {
            return seconds;
        }
        for (PlannedBenchmark b : plans.get(classpath).benchmarks()) {
            if (b.name().equals(benchmark)) {
                JmhTime time = b.measurementTime().value();
                double settings = b.measurementIterations().value() * time.toNanos() / 1e9;
                double planned = measurementIterations * FineIterations.of(time).toNanos() / 1e9;
                return Math.max(0, seconds - b.runs() * (settings - planned));
            }
        }
        return seconds;
    }

    /** Where the fork times come from, once a side's benchmarks are discovered; null when nothing is recorded. */
    @Override
    public String expectedTimesSource() {
        return firstPlan == null ? null : forkTimes.describe(firstPlan);
    }

    private static List<BenchmarkEntry> fromJar(Path jar) throws IOException {
        try (ZipFile zip = new ZipFile(jar.toFile())) {
            ZipEntry e = zip.getEntry(BenchmarkListReader.RESOURCE);
            if (e == null) {
                return Collections.emptyList();
            }
            try (InputStream in = zip.getInputStream(e)) {
                return BenchmarkListReader.parse(new String(in.readAllBytes(), StandardCharsets.UTF_8),
                        jar + "!/" + BenchmarkListReader.RESOURCE);
            }
        }
    }

    @Override
    public List<BenchmarkResult> runFork(List<Path> classpath, String benchmark, String sideLabel, int round)
            throws InterleavedRun.ForkFailedException {
        return runFork(classpath, benchmark, sideLabel, round, Collections.emptyList());
    }

    @Override
    public List<BenchmarkResult> runFork(List<Path> classpath, String benchmark, String sideLabel, int round,
            List<String> jvmArgs) throws InterleavedRun.ForkFailedException {
        return runFork(classpath, benchmark, sideLabel, round, jvmArgs, 0);
    }

    @Override
    public MachineTime.ForkLength fixedLength(List<Path> classpath, String benchmark) {
        try {
            return planned(classpath, benchmark, "working tree").fixedLength();
        } catch (InterleavedRun.ForkFailedException e) {
            return null;
        }
    }

    @Override
    public int measurementIterations(List<Path> classpath, String benchmark) {
        try {
            PlannedBenchmark planned = planned(classpath, benchmark, "working tree");
            // a planned fork measures in fine iterations: the settings' measurement time, counted in them
            return FineIterations.filling(planned.measurementIterations().value(), planned.measurementTime().value());
        } catch (InterleavedRun.ForkFailedException e) {
            return 0;
        }
    }

    @Override
    public double plannedIterationSeconds(List<Path> classpath, String benchmark) {
        try {
            return FineIterations.of(planned(classpath, benchmark, "working tree").measurementTime().value())
                    .toNanos() / 1e9;
        } catch (InterleavedRun.ForkFailedException e) {
            return Double.NaN;
        }
    }

    @Override
    public boolean lengthPlannable(List<Path> classpath, String benchmark) {
        try {
            PlannedBenchmark planned = planned(classpath, benchmark, "working tree");
            PlannedBenchmark.Origin origin = planned.measurementIterations().origin();
            // single-shot iterations have no fixed time, so no fork-length model
            return origin != PlannedBenchmark.Origin.USER && origin != PlannedBenchmark.Origin.CALIBRATED
                    && !planned.modes().contains(JmhMode.SINGLE_SHOT_TIME) && !planned.modes().contains(JmhMode.ALL);
        } catch (InterleavedRun.ForkFailedException e) {
            return false;
        }
    }

    @Override
    public List<BenchmarkResult> runFork(List<Path> classpath, String benchmark, String sideLabel, int round,
            int measurementIterations) throws InterleavedRun.ForkFailedException {
        return runFork(classpath, benchmark, sideLabel, round, Collections.emptyList(), measurementIterations);
    }

    private List<BenchmarkResult> runFork(List<Path> classpath, String benchmark, String sideLabel, int round,
            List<String> jvmArgs, int measurementIterations) throws InterleavedRun.ForkFailedException {
        PlannedBenchmark planned = planned(classpath, benchmark, sideLabel);
        invocations++;
        String stem = FileNames.fit(String.format(Locale.ROOT, "round-%03d-%s", round,
                sideLabel.replaceAll("[^A-Za-z0-9]", "")), "-" + invocations);
        List<String> arguments = singleFork(planned.jmhArguments());
        if (measurementIterations > 0) {
            arguments = withIterations(arguments, measurementIterations,
                    FineIterations.of(planned.measurementTime().value()));
        }
        SteadyWarmup.Choice warmup = steadyWarmup == null ? null : steadyWarmup.choose(planned, round);
        if (warmup != null) {
            arguments = warmup.apply(arguments);
            String line = steadyWarmup.announce(benchmark, warmup);
            if (line != null && log != null) {
                log.info(line);
            }
        }
        WarmupsSeen seen = new WarmupsSeen();
        List<BenchmarkResult> results = fork(classpath, benchmark, planned, jvmArgs.isEmpty() ? arguments
                : withJvmArgs(arguments, jvmArgs), workDirectory.resolve(stem + ".json"), seen);
        return seen.recordedIn(results, benchmark, round, warmup);
    }

    /**
     * The warm-up of each measured fork of one JMH run, in the order JMH ran them (the order of its JSON), to be
     * kept with the results and, with steady warm-up, learned from.
     */
    private final class WarmupsSeen implements JmhProgressListener {
        private final List<JmhRunHeader> runs = new ArrayList<>();
        private final List<ForkWarmup> warmups = new ArrayList<>();
        private final List<double[]> scores = new ArrayList<>();

        @Override
        public void forkFinished(JmhRunHeader run, int fork, int forks, boolean warmup, double[] values, String unit,
                ForkWarmup warmupIterations) {
            if (!warmup) {
                runs.add(run);
                warmups.add(warmupIterations);
                scores.add(values);
            }
        }

        /** {@code results} with each fork's warm-up record; unchanged where the forks seen are not its forks. */
        List<BenchmarkResult> recordedIn(List<BenchmarkResult> results, String benchmark, int round,
                SteadyWarmup.Choice choice) {
            if (runs.size() != results.size()) {
                return results;
            }
            List<BenchmarkResult> recorded = new ArrayList<>();
            for (int i = 0; i < results.size(); i++) {
                BenchmarkResult r = results.get(i);
                if (r.forks().size() != 1 || !r.benchmark().equals(runs.get(i).benchmark())
                        || !r.params().equals(runs.get(i).params())) {
                    return results;
                }
                SteadyState.Settling settling = warmups.get(i).settling(scores.get(i));
                if (steadyWarmup != null && choice != null) {
                    String warning = steadyWarmup.observe(benchmark, r.id(), round, choice, settling);
                    if (warning != null && log != null) {
                        log.warn(warning);
                    }
                }
                Fork.Warmup record = new Fork.Warmup(warmups.get(i).iterations(), warmups.get(i).seconds(),
                        settling.steadyFrom());
                Fork fork = r.forks().get(0).withWarmup(record)
                        .withIterationSeconds(warmups.get(i).measurementIterationSeconds());
                recorded.add(r.toBuilder().forks(Collections.singletonList(fork)).build());
            }
            return recorded;
        }
    }

    @Override
    public List<BenchmarkResult> runProfiledFork(List<Path> classpath, String benchmark, Map<String, String> params,
            String sideLabel, List<String> jvmArgs, String childJvmOption, Path directory)
            throws InterleavedRun.ForkFailedException {
        // JMH runs that one combination (the user's values for its names replaced, not added to): a result per mode
        PlannedBenchmark planned = planned(classpath, benchmark, sideLabel).pinnedTo(params);
        return fork(classpath, benchmark, planned, withJvmArgs(singleFork(planned.jmhArguments()), jvmArgs),
                directory.resolve(FileNames.fit(sideLabel, "-jmh.json")), JmhProgressListener.NONE);
    }

    @Override
    public List<Map<String, String>> parameterCombinations(List<Path> classpath, String benchmark) {
        try {
            return planned(classpath, benchmark, "working tree").parameterCombinations();
        } catch (InterleavedRun.ForkFailedException e) {
            return Collections.singletonList(Collections.emptyMap());
        }
    }

    private PlannedBenchmark planned(List<Path> classpath, String benchmark, String sideLabel)
            throws InterleavedRun.ForkFailedException {
        RunPlan plan = plans.get(classpath);
        if (plan == null) {
            throw new IllegalStateException("discover() was not called for this classpath");
        }
        for (PlannedBenchmark b : plan.benchmarks()) {
            if (b.name().equals(benchmark)) {
                return b;
            }
        }
        throw new InterleavedRun.ForkFailedException(benchmark + " is not in the " + sideLabel + "'s plan");
    }

    private List<BenchmarkResult> fork(List<Path> classpath, String benchmark, PlannedBenchmark planned,
            List<String> arguments, Path resultFile, JmhProgressListener seen)
            throws InterleavedRun.ForkFailedException {
        JmhInvocation invocation = JmhInvocation.builder().java(java).classpath(classpath)
                .includes(Collections.singletonList(JmhInvocation.exactly(benchmark)))
                .arguments(arguments).resultFile(resultFile)
                .outputLog(workDirectory.resolve("jmh-output.log")).timeout(planned.timeout())
                .lockWait(LOCK_WAIT).expectedForks(1).expectedResults(planned.runs()).build();
        try {
            Files.createDirectories(workDirectory);
            Map<BenchmarkId, Double> forkSeconds = new HashMap<>();
            JmhResults results = JmhRunner.run(invocation, timed(waitsLogged(benchmark, seen), forkSeconds));
            if (firstResults == null) {
                firstResults = results;
            }
            Files.deleteIfExists(invocation.resultFile());
            List<BenchmarkResult> timed = new ArrayList<>();
            for (BenchmarkResult r : results.benchmarks()) {
                Double seconds = forkSeconds.get(r.id());
                timed.add(seconds == null || r.forks().size() != 1 ? r
                        : r.toBuilder().forks(Collections.singletonList(r.forks().get(0).withSeconds(seconds))).build());
            }
            return timed;
        } catch (JmhRunException e) {
            throw new InterleavedRun.ForkFailedException(e.getMessage(), e);
        } catch (IOException e) {
            throw new InterleavedRun.ForkFailedException("cannot write to " + workDirectory + ": " + e.getMessage(), e);
        }
    }

    /**
     * {@code listener}, also timing each fork from JMH's announcing it to its result (as perf:run times its forks),
     * into {@code seconds} by result: a fork's machine time without the wait for JMH's lock and the host
     * JVM's start.
     */
    private static JmhProgressListener timed(JmhProgressListener listener, Map<BenchmarkId, Double> seconds) {
        return new JmhProgressListener() {
            private long started;

            @Override
            public void waiting(String reason) {
                listener.waiting(reason);
            }

            @Override
            public void forkStarted(JmhRunHeader run, int fork, int forks, boolean warmup) {
                started = System.nanoTime();
            }

            @Override
            public void forkFinished(JmhRunHeader run, int fork, int forks, boolean warmup, double[] scores,
                    String unit, ForkWarmup warmupIterations) {
                if (!warmup) {
                    seconds.put(run.resultId(), (System.nanoTime() - started) / 1e9);
                }
                listener.forkFinished(run, fork, forks, warmup, scores, unit, warmupIterations);
            }
        };
    }

    /** {@code seen}, also logging the fork's wait for JMH's lock when there is a log. */
    private JmhProgressListener waitsLogged(String benchmark, JmhProgressListener seen) {
        return new JmhProgressListener() {
            @Override
            public void forkFinished(JmhRunHeader run, int fork, int forks, boolean warmup, double[] scores,
                    String unit, ForkWarmup warmupIterations) {
                seen.forkFinished(run, fork, forks, warmup, scores, unit, warmupIterations);
            }

            @Override
            public void waiting(String reason) {
                if (log != null) {
                    log.info(JmhProgressListener.waitingLine(reason) + " (fork of " + benchmark + ")");
                }
            }
        };
    }

    /**
     * JMH's arguments with {@code extra} appended to the forked JVM's options: into the one
     * {@code -jvmArgsAppend} already there (perf.jvmArgs), since JMH keeps only the last.
     */
    static List<String> withJvmArgs(List<String> arguments, List<String> extra) {
        List<String> args = new ArrayList<>(arguments);
        String joined = String.join(" ", extra);
        int at = args.indexOf("-jvmArgsAppend");
        if (at >= 0 && at + 1 < args.size()) {
            args.set(at + 1, args.get(at + 1) + " " + joined);
        } else {
            args.add("-jvmArgsAppend");
            args.add(joined);
        }
        return args;
    }

    /**
     * JMH's arguments with {@code iterations} measurement iterations of {@code time} (and no other -i or -r left): the
     * fork length a plan from the first rounds chose, the same for both sides.
     */
    static List<String> withIterations(List<String> arguments, int iterations, JmhTime time) {
        List<String> args = new ArrayList<>();
        for (int i = 0; i < arguments.size(); i++) {
            String a = arguments.get(i);
            if (("-i".equals(a) || "-r".equals(a)) && i + 1 < arguments.size()) {
                i++;
                continue;
            }
            args.add(a);
        }
        args.add("-i");
        args.add(Integer.toString(iterations));
        args.add("-r");
        args.add(time.toJmhArgument());
        return args;
    }

    /** JMH's arguments with the fork count set to one (and no other -f left, which JMH would refuse). */
    static List<String> singleFork(List<String> arguments) {
        List<String> args = new ArrayList<>();
        for (int i = 0; i < arguments.size(); i++) {
            String a = arguments.get(i);
            if (("-f".equals(a) || "-forks".equals(a)) && i + 1 < arguments.size()) {
                i++;
                continue;
            }
            args.add(a);
        }
        args.add("-f");
        args.add("1");
        return args;
    }

    /**
     * The fingerprint of perf:run, made once from the machine, the benchmark JVM (as the first fork reported it, or,
     * when no JMH fork ran, as it reports itself: a comparison of scenarios alone runs them on this JDK) and the
     * working tree's git state.
     */
    @Override
    public Map<String, String> environment() {
        if (environment == null) {
            EnvironmentFingerprint.Facts facts = EnvironmentProbe.machine();
            if (firstResults != null) {
                List<String> argLists = new ArrayList<>(firstResults.jvmArgs());
                List<String> firstArgs = argLists.isEmpty() ? new ArrayList<>()
                        : Arrays.asList(argLists.get(0).trim().split("\\s+"));
                facts.jvmReport(EnvironmentProbe.jvmReport(java, firstArgs)).jvmArgs(argLists)
                        .jmh(firstResults.jmhVersion(), firstResults.jdkVersion(), firstResults.vmName(),
                                firstResults.vmVersion());
            } else if (java != null) {
                facts.jvmReport(EnvironmentProbe.jvmReport(java, Collections.emptyList()));
            }
            if (projectDirectory != null) {
                String[] git = EnvironmentProbe.git(projectDirectory);
                facts.git(git[0], git[1]);
            }
            facts.maven(mavenVersion).plugin(pluginVersion).command(command)
                    .timestamp(Instant.now().truncatedTo(ChronoUnit.SECONDS).toString());
            environment = Collections.unmodifiableMap(new LinkedHashMap<>(EnvironmentFingerprint.of(facts)));
        }
        return environment;
    }

    @Override
    public Map<String, String> settings() {
        Map<String, String> settings = new LinkedHashMap<>();
        for (RunPlan plan : plans.values()) {
            settings.putAll(plan.settings());
        }
        settings.put(PerfProperties.FORKS, "1 per round (perf:compare schedules the forks)");
        return settings;
    }
}
