package io.perfgate.scenariorunner;

import io.perfgate.config.PerfProperties;
import io.perfgate.files.AtomicFiles;
import io.perfgate.log.PerfLog;
import io.perfgate.process.Platform;
import io.perfgate.results.BenchmarkResult;
import io.perfgate.results.Fork;
import io.perfgate.scenario.harness.Protocol;
import io.perfgate.text.Durations;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Runs the scenarios of {@code perf:run}: for each, its cold runs (a fresh JVM per run: set-up, one run,
 * tear-down), then its warm runs (one JVM: set-up once, warm-up runs discarded, then the measured runs).
 * Each JVM gets the project's test classpath plus the harness, {@code JAVA_HOME}, its own work and temp
 * directory, and the user's JVM arguments; its output goes to {@code target/perf/scenarios/<id>/<jvm>.log}.
 *
 * <p>Any failure (a missing class, an exception, a hang, threads or processes left behind) stops the
 * measurement with a {@link ScenarioException}; no result of a failed scenario is returned.
 */
public final class ScenarioRunner {
    private final ScenarioLaunchSettings launch;
    private final PerfLog log;
    private boolean announcePlan = true;

    public ScenarioRunner(ScenarioLaunchSettings launch, PerfLog log) {
        this.launch = launch;
        this.log = log;
    }

    /**
     * Whether each scenario's plan ("5 cold runs (a fresh JVM each), then ...") is logged; a comparison logs it in
     * its first round only, since every round repeats it.
     */
    public ScenarioRunner announcePlan(boolean announce) {
        this.announcePlan = announce;
        return this;
    }

    /** Checks every definition and reports all problems at once; call before any JMH work starts. */
    public static void validate(List<ScenarioDefinition> definitions) throws ScenarioException {
        List<String> problems = new ArrayList<>();
        Set<String> ids = new LinkedHashSet<>();
        for (ScenarioDefinition d : definitions) {
            problems.addAll(d.validate());
            if (d.getId() != null && !ids.add(d.getId())) {
                problems.add("scenario id '" + d.getId() + "' is used twice; ids must be unique");
            }
        }
        if (!problems.isEmpty()) {
            throw new ScenarioException("The <scenarios> configuration has " + problems.size() + " problem"
                    + (problems.size() == 1 ? "" : "s") + ":\n  - " + String.join("\n  - ", problems));
        }
    }

    public ScenarioResults run(List<ScenarioDefinition> definitions) throws ScenarioException {
        validate(definitions);
        List<BenchmarkResult> results = new ArrayList<>();
        for (ScenarioDefinition def : definitions) {
            results.addAll(runOne(def));
        }
        return new ScenarioResults(results, settingsOf(definitions));
    }

    /** {@code perf.scenarios} and each scenario's settings, as a run of these definitions records them. */
    public static Map<String, String> settingsOf(List<ScenarioDefinition> definitions) {
        Map<String, String> all = new LinkedHashMap<>();
        List<String> ids = new ArrayList<>();
        definitions.forEach(d -> ids.add(d.getId()));
        all.put(PerfProperties.PREFIX + "scenarios", String.join(",", ids));
        definitions.forEach(d -> all.putAll(settingsOf(d)));
        return all;
    }

    /** The settings the methodology prints: {@code perf.scenario.<id>.coldRuns} and friends. */
    static Map<String, String> settingsOf(ScenarioDefinition def) {
        String p = PerfProperties.scenarioSetting(def.getId(), "");
        Map<String, String> s = new LinkedHashMap<>();
        s.put(p + (def.isTest() ? "test" : "className"), def.measuredCode());
        s.put(p + "coldRuns", Integer.toString(def.getColdRuns()));
        s.put(p + "warmupRuns", Integer.toString(def.getWarmRuns() > 0 ? def.getWarmupRuns() : 0));
        s.put(p + "warmRuns", Integer.toString(def.getWarmRuns()));
        s.put(p + "warmJvms", Integer.toString(def.warmJvmCount()));
        s.put(p + "timed", def.isColdRunIncludesSetUp() ? "cold: set-up + run; warm: run" : "run");
        s.put(p + "jvmArgs", String.join(" ", def.getJvmArgs()));
        def.getParameters().forEach((k, v) -> s.put(p + "param." + k, v));
        return s;
    }

    private List<BenchmarkResult> runOne(ScenarioDefinition def) throws ScenarioException {
        String id = def.getId();
        Path dir = launch.outputDirectory().resolve("scenarios").resolve(id);
        Path argFile = dir.resolve("classpath.args");
        try {
            deleteRecursively(dir);
            Files.createDirectories(dir);
            AtomicFiles.writeString(argFile, classpathArgFile());
        } catch (IOException e) {
            throw new ScenarioException("Scenario '" + id + "': cannot prepare " + dir + ": " + e.getMessage(), e);
        }
        int warmupRuns = def.getWarmRuns() > 0 ? def.getWarmupRuns() : 0;
        StringBuilder plan = new StringBuilder("scenario ").append(id).append(": ");
        if (def.getColdRuns() > 0) {
            plan.append(def.getColdRuns()).append(" cold run").append(def.getColdRuns() == 1 ? "" : "s")
                    .append(" (a fresh JVM each)");
        }
        int warmJvms = def.warmJvmCount();
        if (warmJvms > 0) {
            plan.append(def.getColdRuns() > 0 ? ", then " : "").append(warmJvms).append(" warm JVM")
                    .append(warmJvms == 1 ? "" : "s").append(" of ").append(warmupRuns).append(" warm-up + ")
                    .append(def.getWarmRuns()).append(" warm run").append(def.getWarmRuns() == 1 ? "" : "s")
                    .append(warmJvms == 1 ? "" : " each");
        }
        if (def.isTest()) {
            // the class set-up and tear-down run in every execution of the test but outside the timed window, so
            // the ETA, made of timed parts, understates the wall time
            plan.append("; each run executes the test ").append(def.measuredCode()).append(", timing the test"
                    + " method only (not its class set-up or tear-down, which the ETA leaves out)");
        }
        if (announcePlan) {
            log.info(plan.append("; logs in ").append(dir).toString());
        }

        Eta eta = new Eta(def.getColdRuns(), warmJvms, warmupRuns, def.getWarmRuns());
        List<ScenarioMetrics.MeasuredRun> cold = new ArrayList<>();
        for (int i = 1; i <= def.getColdRuns(); i++) {
            String what = "cold JVM " + i + " of " + def.getColdRuns();
            HarnessResult r = launchJvm(def, dir, argFile, "cold-" + i, what, 0, 1, eta, true);
            for (HarnessResult.Run run : r.measuredRuns()) {
                cold.add(new ScenarioMetrics.MeasuredRun(r, run));
            }
        }
        List<ScenarioMetrics.MeasuredRun> warm = new ArrayList<>();
        for (int i = 1; i <= warmJvms; i++) {
            String what = "warm JVM " + i + " of " + warmJvms;
            HarnessResult r = launchJvm(def, dir, argFile, "warm-" + i, what, warmupRuns, def.getWarmRuns(), eta,
                    false);
            for (HarnessResult.Run run : r.measuredRuns()) {
                warm.add(new ScenarioMetrics.MeasuredRun(r, run));
            }
        }
        List<BenchmarkResult> results = new ArrayList<>();
        PerfLog onceEach = new DistinctWarnings(log);
        if (!cold.isEmpty()) {
            results.add(ScenarioMetrics.toResult(def, ScenarioMetrics.COLD, cold, onceEach));
        }
        if (!warm.isEmpty()) {
            results.add(ScenarioMetrics.toResult(def, ScenarioMetrics.WARM, warm, onceEach));
        }
        for (String missing : ScenarioMetrics.declaredButMissing(def, results.toArray(new BenchmarkResult[0]))) {
            log.warn("scenario '" + id + "' declares the metric '" + missing + "' under <metrics>, but no measured "
                    + "run recorded it (call ctx.recordMetric(\"" + missing + "\", value) in run())");
        }
        log.info("scenario " + id + ": done in " + Durations.format(eta.elapsed()) + summary(results));
        return results;
    }

    /** Passes each distinct warning once: the cold and the warm runs of a scenario often warn alike. */
    private static final class DistinctWarnings implements PerfLog {
        private final PerfLog log;
        private final Set<String> warned = new LinkedHashSet<>();

        DistinctWarnings(PerfLog log) {
            this.log = log;
        }

        @Override
        public void info(String message) {
            log.info(message);
        }

        @Override
        public void warn(String message) {
            if (warned.add(message)) {
                log.warn(message);
            }
        }
    }

    /** "; cold median 9.1 s of 5 runs; warm median 6.4 s of 5 JVMs (25 runs)": the medians the gate compares. */
    private static String summary(List<BenchmarkResult> results) {
        StringBuilder sb = new StringBuilder();
        for (BenchmarkResult r : results) {
            double[] values = r.forks().stream().mapToDouble(Fork::primaryMedian).toArray();
            double median = Fork.median(values);
            int runs = r.forks().stream().mapToInt(f -> f.primary().length).sum();
            String of = runs == values.length ? runs + (runs == 1 ? " run" : " runs")
                    : values.length + (values.length == 1 ? " JVM" : " JVMs") + " (" + runs + " runs)";
            sb.append(String.format(Locale.ROOT, "; %s median %s of %s", r.params().get(ScenarioMetrics.RUNS_PARAM),
                    Durations.format(Duration.ofNanos((long) (median * 1e6))), of));
        }
        return sb.toString();
    }

    private HarnessResult launchJvm(ScenarioDefinition def, Path dir, Path argFile, String label, String what,
            int warmupRuns, int measuredRuns, Eta eta, boolean isCold) throws ScenarioException {
        String id = def.getId();
        Path workDir = dir.resolve(label);
        Path tmpDir = workDir.resolve("tmp");
        Path specFile = dir.resolve(label + ".spec.properties");
        Path resultFile = dir.resolve(label + ".result.tsv");
        Path logFile = dir.resolve(label + ".log");
        Duration threadGrace = min(launch.threadGrace(), def.tearDownTimeout().dividedBy(2));
        try {
            Files.createDirectories(tmpDir);
            Properties spec = new Properties();
            spec.setProperty(Protocol.SPEC_ID, id);
            spec.setProperty(def.isTest() ? Protocol.SPEC_TEST : Protocol.SPEC_CLASS, def.measuredCode());
            spec.setProperty(Protocol.SPEC_WORK_DIR, workDir.toAbsolutePath().toString());
            spec.setProperty(Protocol.SPEC_RESULT_FILE, resultFile.toAbsolutePath().toString());
            spec.setProperty(Protocol.SPEC_WARMUP_RUNS, Integer.toString(warmupRuns));
            spec.setProperty(Protocol.SPEC_MEASURED_RUNS, Integer.toString(measuredRuns));
            spec.setProperty(Protocol.SPEC_THREAD_GRACE_MS, Long.toString(threadGrace.toMillis()));
            if (def.childProfiler() != null) {
                spec.setProperty(Protocol.SPEC_CHILD_PROFILER, def.childProfiler());
            }
            def.getParameters().forEach((k, v) -> spec.setProperty(Protocol.SPEC_PARAM_PREFIX + k, v == null ? "" : v));
            StringWriter text = new StringWriter();
            spec.store(text, "scenario " + id + ", " + what);
            AtomicFiles.writeString(specFile, text.toString());
        } catch (IOException e) {
            throw new ScenarioException("Scenario '" + id + "': cannot write " + specFile + ": " + e.getMessage(), e);
        }

        List<String> command = new ArrayList<>();
        command.add(Platform.java(launch.javaHome()).toString());
        command.add("-Djava.io.tmpdir=" + tmpDir.toAbsolutePath());
        command.add("-Dbasedir=" + launch.basedir().toAbsolutePath());
        command.addAll(def.getJvmArgs());
        command.add("@" + argFile.toAbsolutePath());
        command.add(Protocol.MAIN_CLASS);
        command.add(specFile.toAbsolutePath().toString());
        Map<String, String> env = new LinkedHashMap<>();
        env.put("JAVA_HOME", launch.javaHome().toAbsolutePath().toString());

        eta.jvmStarted(isCold);
        ScenarioJvm jvm = new ScenarioJvm(command, env, workDir, logFile, resultFile, def.setUpTimeout(),
                def.runTimeout(), def.tearDownTimeout(), launch.killGrace(), new Progress(id, eta, isCold));
        ScenarioJvm.JvmExit outcome;
        try {
            outcome = jvm.run();
        } catch (IOException e) {
            throw new ScenarioException("Scenario '" + id + "': cannot run the " + what + " (" + command.get(0) + "): "
                    + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ScenarioException("Scenario '" + id + "': interrupted during the " + what, e);
        }
        eta.jvmEnded();
        return check(def, what, measuredRuns, outcome);
    }

    /** The harness result of a JVM that ended well; otherwise a {@link ScenarioException} that says why. */
    static HarnessResult check(ScenarioDefinition def, String what, int measuredRuns, ScenarioJvm.JvmExit o)
            throws ScenarioException {
        String head = "Scenario '" + def.getId() + "'";
        HarnessResult r = o.result;
        if (o.hungPhase != null) {
            StringBuilder sb = new StringBuilder(head);
            if (r != null && r.failed()) {
                sb.append(" failed in ").append(phase(r.errorPhase, r.errorWhere)).append(" (").append(what)
                        .append("): ").append(r.errorMessage).append("; then ");
            } else {
                sb.append(" (").append(what).append(") ");
            }
            sb.append("hung in ").append(phase(o.hungPhase, o.hungWhere)).append(": no progress within <")
                    .append(o.hungLimitName).append("> ").append(Durations.format(o.hungLimit))
                    .append(". The JVM");
            if (o.killedProcesses > 0) {
                sb.append(" and its ").append(o.killedProcesses).append(" child process")
                        .append(o.killedProcesses == 1 ? "" : "es").append(" were killed");
            } else {
                sb.append(" was killed");
            }
            sb.append(o.threadDump ? "; a thread dump is in the log" : "")
                    .append(". Raise <").append(o.hungLimitName).append("> if the phase is just slow.");
            if (!o.mainThreadDump.isEmpty()) {
                sb.append("\nThe main thread was at:");
                for (String line : o.mainThreadDump) {
                    sb.append("\n  | ").append(line);
                }
            }
            throw new ScenarioException(withTail(sb.toString(), o));
        }
        if (r != null && r.failed()) {
            throw new ScenarioException(withTail(head + " failed in " + phase(r.errorPhase, r.errorWhere) + " ("
                    + what + "): " + r.errorMessage + ".", o));
        }
        if (r != null && !r.leftoverThreads.isEmpty()) {
            throw new ScenarioException(withTail(head + " left " + r.leftoverThreads.size() + " non-daemon thread"
                    + (r.leftoverThreads.size() == 1 ? "" : "s") + " running after tear-down (" + what + "): "
                    + String.join(", ", r.leftoverThreads) + ". Stop them in tearDown() (or make them daemon "
                    + "threads); they keep the JVM alive and load the machine during later runs.", o));
        }
        if (!o.leftoverProcesses.isEmpty()) {
            throw new ScenarioException(withTail(head + " left " + o.leftoverProcesses.size() + " child process"
                    + (o.leftoverProcesses.size() == 1 ? "" : "es") + " running after its JVM exited (" + what + "): "
                    + String.join(", ", o.leftoverProcesses) + "; they were killed. Stop them in tearDown().", o));
        }
        if (o.exitCode == null || o.exitCode != 0) {
            throw new ScenarioException(withTail(head + ": the " + what + " exited with status " + o.exitCode
                    + " during " + phase(o.lastPhase, o.lastWhere) + " without reporting an error (System.exit "
                    + "in the scenario, a crash, or the JVM was killed).", o));
        }
        if (r == null || !r.ended) {
            throw new ScenarioException(withTail(head + ": the " + what + " ended without a complete result file ("
                    + o.log.resolveSibling(o.log.getFileName().toString().replace(".log", ".result.tsv")) + ").", o));
        }
        if (r.measuredRuns().size() != measuredRuns) {
            throw new ScenarioException(withTail(head + ": the " + what + " reported " + r.measuredRuns().size()
                    + " measured runs, expected " + measuredRuns + ".", o));
        }
        return r;
    }

    private static String withTail(String message, ScenarioJvm.JvmExit o) {
        StringBuilder sb = new StringBuilder(message).append("\nLog: ").append(o.log);
        if (o.tail.isEmpty()) {
            return sb.append(" (empty)").toString();
        }
        sb.append("; its last ").append(o.tail.size()).append(" lines:");
        for (String line : o.tail) {
            sb.append("\n  | ").append(line);
        }
        return sb.toString();
    }

    /** A phase as people read it: "set-up", "measured run 2 of 5", "loading the class". */
    static String phase(String phase, String where) {
        switch (phase) {
            case Protocol.PHASE_LOAD:
                return "loading the scenario class";
            case Protocol.PHASE_SETUP:
                return "set-up";
            case Protocol.PHASE_RUN:
                return where == null || where.isEmpty() ? "a run" : where;
            case Protocol.PHASE_TEARDOWN:
                return "tear-down";
            case Protocol.PHASE_EXIT:
                return "JVM exit after tear-down (a shutdown hook?)";
            case "start":
                return "JVM start";
            default:
                return phase;
        }
    }

    private String classpathArgFile() {
        List<Path> entries = new ArrayList<>(launch.harnessClasspath());
        for (Path p : launch.projectClasspath()) {
            String name = p.getFileName() == null ? "" : p.getFileName().toString();
            // The plugin's own API and harness come first; an older copy in the project would only shadow nothing.
            if (!(name.startsWith("perf-scenario-api-") && name.endsWith(".jar")) && !entries.contains(p)) {
                entries.add(p);
            }
        }
        StringBuilder cp = new StringBuilder();
        for (Path p : entries) {
            if (cp.length() > 0) {
                cp.append(java.io.File.pathSeparatorChar);
            }
            cp.append(p.toAbsolutePath());
        }
        // A java @argfile: quoted, with backslashes and quotes escaped; it keeps long Hadoop classpaths off the
        // command line while java.class.path still lists every entry for the cluster's child processes.
        return "-cp\n\"" + cp.toString().replace("\\", "\\\\").replace("\"", "\\\"") + "\"\n";
    }

    private static Duration min(Duration a, Duration b) {
        return a.compareTo(b) <= 0 ? a : b;
    }

    static void deleteRecursively(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(dir)) {
            List<Path> paths = new ArrayList<>();
            walk.sorted(Comparator.reverseOrder()).forEach(paths::add);
            for (Path p : paths) {
                Files.deleteIfExists(p);
            }
        }
    }

    /** Prints "scenario x: cold run 2 of 3 took 11.2 s; ETA 1 min 40 s" as runs end. */
    private final class Progress implements ScenarioJvm.Listener {
        private final String id;
        private final Eta eta;
        private final boolean cold;
        private boolean reported;

        Progress(String id, Eta eta, boolean cold) {
            this.id = id;
            this.eta = eta;
            this.cold = cold;
        }

        @Override
        public void phaseStarted(String phase, String where) {
            eta.phaseStarted(phase);
        }

        @Override
        public void runDone(String kind, int index, int of, double wallMillis) {
            boolean warmup = Protocol.KIND_WARMUP.equals(kind);
            eta.runDone(warmup, wallMillis);
            String name = cold ? "cold run " + eta.coldJvmsStarted() + " of " + eta.coldJvms()
                    : (eta.warmJvms() > 1 ? "warm JVM " + eta.warmJvmsStarted() + " of " + eta.warmJvms() + ", " : "")
                            + (warmup ? "warm-up run " : "warm run ") + index + " of " + of;
            StringBuilder sb = new StringBuilder("scenario ").append(id).append(": ").append(name).append(" took ")
                    .append(Durations.format(Duration.ofNanos((long) (wallMillis * 1e6))));
            Duration setUp = eta.setUpOfThisJvm();
            if (setUp != null && !reported) {
                sb.append(" (set-up ").append(Durations.format(setUp)).append(')');
            }
            reported = true;
            Duration left = eta.remaining(warmup, index, of);
            if (left != null) {
                sb.append("; ETA ").append(Durations.format(left));
            }
            log.info(sb.toString());
        }
    }
}
