package io.perfgate.scenario.harness;

import io.perfgate.scenario.Scenario;
import java.io.IOException;
import java.io.PrintStream;
import java.io.Reader;
import java.lang.reflect.InvocationTargetException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;

/**
 * The main class of a scenario JVM, launched by perf-maven-plugin with the project's test classpath: loads the
 * scenario class, runs set-up, the warm-up and measured runs, and tear-down, measures each run with
 * {@link JvmProbe}, and writes the result file described in {@link Protocol}. Markers on standard output tell
 * the parent which phase is running, so that a hang can be named.
 *
 * <p>Usage: {@code java -cp <test classpath>:<perf-scenario-api.jar> io.perfgate.scenario.harness.ScenarioMain
 * <spec.properties>}
 */
public final class ScenarioMain {
    private final PrintStream out;
    private final Properties spec;

    private String scenarioId;
    private ResultFile result;
    private boolean failed;

    ScenarioMain(PrintStream out, Properties spec) {
        this.out = out;
        this.spec = spec;
    }

    public static void main(String[] args) {
        PrintStream out = System.out;
        if (args.length != 1) {
            out.println("usage: ScenarioMain <spec.properties>");
            System.exit(Protocol.EXIT_BAD_SPEC);
        }
        Properties spec = new Properties();
        try (Reader r = Files.newBufferedReader(Paths.get(args[0]), StandardCharsets.UTF_8)) {
            spec.load(r);
        } catch (IOException e) {
            out.println("cannot read the scenario spec " + args[0] + ": " + e);
            System.exit(Protocol.EXIT_BAD_SPEC);
        }
        int status;
        try {
            status = new ScenarioMain(out, spec).execute();
        } catch (IllegalArgumentException | IOException e) {
            out.println("bad scenario spec " + args[0] + ": " + e.getMessage());
            status = Protocol.EXIT_BAD_SPEC;
        }
        out.flush();
        System.exit(status);
    }

    /** Runs every phase; returns the JVM's exit status. */
    int execute() throws IOException {
        scenarioId = required(Protocol.SPEC_ID);
        String test = spec.getProperty(Protocol.SPEC_TEST, "").trim();
        String className = test.isEmpty() ? required(Protocol.SPEC_CLASS) : null;
        Path workDir = Paths.get(required(Protocol.SPEC_WORK_DIR));
        Path resultPath = Paths.get(required(Protocol.SPEC_RESULT_FILE));
        int warmupRuns = count(Protocol.SPEC_WARMUP_RUNS, 0);
        int measuredRuns = count(Protocol.SPEC_MEASURED_RUNS, 1);
        long graceMillis = count(Protocol.SPEC_THREAD_GRACE_MS, 5000);
        Map<String, String> parameters = new LinkedHashMap<>();
        for (String key : spec.stringPropertyNames()) {
            if (key.startsWith(Protocol.SPEC_PARAM_PREFIX)) {
                parameters.put(key.substring(Protocol.SPEC_PARAM_PREFIX.length()), spec.getProperty(key));
            }
        }
        Files.createDirectories(workDir);

        JvmProbe probe = new JvmProbe();
        result = new ResultFile(resultPath, scenarioId, probe.allocationMethod());
        result.write();
        HarnessContext ctx = new HarnessContext(scenarioId, parameters, workDir,
                spec.getProperty(Protocol.SPEC_CHILD_PROFILER, ""));

        marker(Protocol.EVENT_PHASE, "name=" + Protocol.PHASE_LOAD, "class=" + (test.isEmpty() ? className : test));
        MeasuredCode scenario = test.isEmpty() ? load(className) : loadTest(test);
        if (scenario == null) {
            return finish(Protocol.EXIT_SCENARIO_FAILED);
        }

        marker(Protocol.EVENT_PHASE, "name=" + Protocol.PHASE_SETUP);
        long t0 = System.nanoTime();
        boolean setUpDone = call(Protocol.PHASE_SETUP, "", () -> scenario.setUp(ctx));
        if (setUpDone) {
            result.add(Protocol.REC_SETUP_MS, JvmProbe.ms(System.nanoTime() - t0));
            result.write();
            runAll(scenario, ctx, probe, warmupRuns, measuredRuns);
        }

        marker(Protocol.EVENT_PHASE, "name=" + Protocol.PHASE_TEARDOWN);
        long t1 = System.nanoTime();
        if (call(Protocol.PHASE_TEARDOWN, "", () -> scenario.tearDown(ctx)) && setUpDone) {
            result.add(Protocol.REC_TEARDOWN_MS, JvmProbe.ms(System.nanoTime() - t1));
        }
        result.write();

        marker(Protocol.EVENT_PHASE, "name=" + Protocol.PHASE_EXIT);
        List<String> leftovers = leftoverThreads(graceMillis);
        for (String t : leftovers) {
            result.add(Protocol.REC_LEFTOVER_THREAD, t.split("\t", -1));
        }
        if (!leftovers.isEmpty()) {
            out.println("perf-scenario: tear-down left " + leftovers.size() + " non-daemon thread(s) running:");
            for (String t : leftovers) {
                out.println("  " + t.replace('\t', ' '));
            }
            if (!failed) {
                return finish(Protocol.EXIT_LEFTOVER_THREADS);
            }
        }
        return finish(failed ? Protocol.EXIT_SCENARIO_FAILED : 0);
    }

    private void runAll(MeasuredCode scenario, HarnessContext ctx, JvmProbe probe, int warmupRuns, int measuredRuns)
            throws IOException {
        for (int i = 1; i <= warmupRuns + measuredRuns; i++) {
            boolean warmup = i <= warmupRuns;
            String kind = warmup ? Protocol.KIND_WARMUP : Protocol.KIND_MEASURED;
            int index = warmup ? i : i - warmupRuns;
            int of = warmup ? warmupRuns : measuredRuns;
            String position = "index=" + index;
            marker(Protocol.EVENT_PHASE, "name=" + Protocol.PHASE_RUN, "kind=" + kind, position, "of=" + of);
            ctx.beginRun(warmup);
            RunWindow window = new RunWindow(probe);
            boolean ok = call(Protocol.PHASE_RUN, kind + " run " + index + " of " + of,
                    () -> scenario.run(ctx, window));
            ctx.endRun();
            if (!ok) {
                return;
            }
            Map<String, String> values = new LinkedHashMap<>();
            probe.describe(window.start(), window.end(), values);
            long[] latencies = ctx.latencies().sorted();
            values.put(Protocol.LATENCY_COUNT, Integer.toString(latencies.length));
            if (latencies.length > 0) {
                for (double q : Protocol.LATENCY_QUANTILES) {
                    values.put(Protocol.LATENCY_QUANTILE_PREFIX + String.format(Locale.ROOT, "%.2f", q),
                            Double.toString(LatencyBuffer.quantile(latencies, q) / 1e6));
                }
            }
            result.addRun(kind, index, values);
            for (Map.Entry<String, Double> m : new java.util.TreeMap<>(ctx.metrics()).entrySet()) {
                result.add(Protocol.REC_METRIC, kind, Integer.toString(index), m.getKey(),
                        Double.toString(m.getValue()));
            }
            result.write();
            marker(Protocol.EVENT_RUN_DONE, "kind=" + kind, position, "of=" + of,
                    Protocol.WALL_MS + "=" + values.get(Protocol.WALL_MS));
        }
    }

    private interface Phase {
        void call() throws Exception;
    }

    /** Runs one phase; on failure records the first error, prints the stack trace, and returns false. */
    private boolean call(String phase, String where, Phase body) throws IOException {
        try {
            body.call();
            return true;
        } catch (Throwable t) {
            fail(phase, where, t);
            return false;
        }
    }

    /** An existing JUnit test, or null after recording why it cannot be run. */
    private MeasuredCode loadTest(String test) throws IOException {
        try {
            return ExistingTest.load(test, Thread.currentThread().getContextClassLoader());
        } catch (TestNotPassed e) {
            fail(Protocol.PHASE_LOAD, "", e.getMessage());
            return null;
        } catch (Throwable t) {
            fail(Protocol.PHASE_LOAD, "", t);
            return null;
        }
    }

    private MeasuredCode load(String className) throws IOException {
        Class<?> type;
        try {
            type = Class.forName(className, true, Thread.currentThread().getContextClassLoader());
        } catch (ClassNotFoundException e) {
            fail(Protocol.PHASE_LOAD, "", "class " + className + " is not on the scenario classpath (the project's "
                    + "test classpath); check <className> and that the class is under src/test/java or src/main/java");
            return null;
        } catch (Throwable t) {
            fail(Protocol.PHASE_LOAD, "", t);
            return null;
        }
        if (!Scenario.class.isAssignableFrom(type)) {
            fail(Protocol.PHASE_LOAD, "", "class " + className + " does not implement " + Scenario.class.getName());
            return null;
        }
        try {
            return timedWhole((Scenario) type.getConstructor().newInstance());
        } catch (NoSuchMethodException e) {
            fail(Protocol.PHASE_LOAD, "", "class " + className + " needs a public no-argument constructor");
        } catch (InvocationTargetException e) {
            fail(Protocol.PHASE_LOAD, "", e.getCause());
        } catch (Throwable t) {
            fail(Protocol.PHASE_LOAD, "", t);
        }
        return null;
    }

    /** A Scenario class: its whole {@code run} is timed. */
    private static MeasuredCode timedWhole(Scenario scenario) {
        return new MeasuredCode() {
            @Override
            public void setUp(io.perfgate.scenario.ScenarioContext ctx) throws Exception {
                scenario.setUp(ctx);
            }

            @Override
            public void run(io.perfgate.scenario.ScenarioContext ctx, RunWindow window) throws Exception {
                window.open();
                try {
                    scenario.run(ctx);
                } finally {
                    window.close();
                }
            }

            @Override
            public void tearDown(io.perfgate.scenario.ScenarioContext ctx) throws Exception {
                scenario.tearDown(ctx);
            }
        };
    }

    private void fail(String phase, String where, Throwable t) throws IOException {
        out.println("perf-scenario: " + phaseName(phase) + " of scenario '" + scenarioId + "' failed:");
        t.printStackTrace(out);
        fail(phase, where, String.valueOf(t));
    }

    private void fail(String phase, String where, String message) throws IOException {
        if (!failed) {
            out.println("perf-scenario: " + phaseName(phase) + " failed: " + message);
            result.add(Protocol.REC_ERROR, phase, where, message);
            result.write();
            marker(Protocol.EVENT_ERROR, "phase=" + phase);
        }
        failed = true;
    }

    private static String phaseName(String phase) {
        switch (phase) {
            case Protocol.PHASE_SETUP:
                return "set-up";
            case Protocol.PHASE_TEARDOWN:
                return "tear-down";
            default:
                return phase;
        }
    }

    private int finish(int status) throws IOException {
        for (long pid : liveChildProcesses()) {
            result.add(Protocol.REC_CHILD_PROCESS, Long.toString(pid));
        }
        result.add(Protocol.REC_END);
        result.write();
        out.flush();
        return status;
    }

    /**
     * Non-daemon threads still alive after tear-down, waiting up to {@code graceMillis} for threads that are
     * shutting down; each as "name TAB state TAB top frame".
     */
    static List<String> leftoverThreads(long graceMillis) {
        long deadline = System.nanoTime() + graceMillis * 1_000_000L;
        while (true) {
            List<String> left = new ArrayList<>();
            for (Map.Entry<Thread, StackTraceElement[]> e : Thread.getAllStackTraces().entrySet()) {
                Thread t = e.getKey();
                if (t == Thread.currentThread() || t.isDaemon() || !t.isAlive()
                        || "DestroyJavaVM".equals(t.getName())) {
                    continue;
                }
                StackTraceElement[] stack = e.getValue();
                left.add(t.getName() + "\t" + t.getState() + "\t" + (stack.length > 0 ? stack[0] : "(no frames)"));
            }
            if (left.isEmpty() || System.nanoTime() > deadline) {
                java.util.Collections.sort(left);
                return left;
            }
            try {
                Thread.sleep(50);
            } catch (InterruptedException ie) {
                Thread.currentThread().interrupt();
                return left;
            }
        }
    }

    /**
     * Pids of this JVM's descendants that are alive now. ProcessHandle exists from Java 9 on and this module
     * is compiled for Java 8, hence reflection; on Java 8 the list is empty and the parent relies on its own
     * snapshots of the process tree.
     */
    static List<Long> liveChildProcesses() {
        List<Long> pids = new ArrayList<>();
        try {
            Class<?> handleClass = Class.forName("java.lang.ProcessHandle");
            Object self = handleClass.getMethod("current").invoke(null);
            java.util.stream.Stream<?> descendants =
                    (java.util.stream.Stream<?>) handleClass.getMethod("descendants").invoke(self);
            java.lang.reflect.Method pid = handleClass.getMethod("pid");
            java.lang.reflect.Method isAlive = handleClass.getMethod("isAlive");
            java.util.Iterator<?> it = descendants.iterator();
            while (it.hasNext()) {
                Object h = it.next();
                if ((Boolean) isAlive.invoke(h)) {
                    pids.add((Long) pid.invoke(h));
                }
            }
        } catch (ReflectiveOperationException | RuntimeException e) {
            // Java 8, or a security manager: the parent's snapshots still apply.
        }
        return pids;
    }

    private void marker(String event, String... fields) {
        StringBuilder sb = new StringBuilder(Protocol.MARKER).append(' ').append(event);
        for (String f : fields) {
            sb.append(' ').append(f);
        }
        out.println(sb);
        out.flush();
    }

    private String required(String key) {
        String value = spec.getProperty(key);
        if (value == null || value.trim().isEmpty()) {
            throw new IllegalArgumentException("missing " + key);
        }
        return value.trim();
    }

    private int count(String key, int defaultValue) {
        String value = spec.getProperty(key);
        if (value == null) {
            return defaultValue;
        }
        try {
            int n = Integer.parseInt(value.trim());
            if (n < 0) {
                throw new IllegalArgumentException(key + " must not be negative: " + value);
            }
            return n;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(key + " is not a number: " + value);
        }
    }
}
