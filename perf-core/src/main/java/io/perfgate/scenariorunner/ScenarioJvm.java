package io.perfgate.scenariorunner;

import io.perfgate.process.ProcessTree;
import io.perfgate.scenario.harness.Protocol;
import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Writer;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * Launches one scenario JVM, copies its output to a log file, follows its phase markers, and ends it with
 * its whole process tree when a phase outlives its timeout.
 */
final class ScenarioJvm {
    /** How many lines of output an error message quotes. */
    static final int TAIL_LINES = 40;
    /** How long a killed tree is waited for, so that the next run does not start beside its remains. */
    private static final Duration AFTER_KILL = Duration.ofSeconds(10);

    /** Called from the output reader thread as markers arrive. */
    interface Listener {
        void phaseStarted(String phase, String where);

        void runDone(String kind, int index, int of, double wallMillis);
    }

    /** What happened to one JVM. */
    static final class JvmExit {
        Path log;
        HarnessResult result;
        /** Null when the JVM was killed. */
        Integer exitCode;
        /** The phase that outlived its timeout, or null. */
        String hungPhase;
        String hungWhere;
        Duration hungLimit;
        String hungLimitName;
        int killedProcesses;
        boolean threadDump;
        final List<String> leftoverProcesses = new ArrayList<>();
        final List<String> tail = new ArrayList<>();
        /** The main thread's part of the thread dump taken before a hung JVM was killed; empty otherwise. */
        final List<String> mainThreadDump = new ArrayList<>();
        /** The phase running when the JVM ended, and where inside it. */
        String lastPhase = "start";
        String lastWhere = "";
        Duration elapsed;
    }

    private final List<String> command;
    private final Map<String, String> environment;
    private final Path workingDirectory;
    private final Path logFile;
    private final Path resultFile;
    private final Duration setUpTimeout;
    private final Duration runTimeout;
    private final Duration tearDownTimeout;
    private final Duration killGrace;
    private final Listener listener;

    private final Object lock = new Object();
    private String phase = "start";
    private String where = "";
    private long phaseStart;
    private final Deque<String> tail = new ArrayDeque<>();
    /** Set before a thread dump is requested: the dump goes to the log and to {@link #dump}, not the tail. */
    private boolean tailFrozen;
    private final List<String> dump = new ArrayList<>();

    ScenarioJvm(List<String> command, Map<String, String> environment, Path workingDirectory, Path logFile,
            Path resultFile, Duration setUpTimeout, Duration runTimeout, Duration tearDownTimeout,
            Duration killGrace, Listener listener) {
        this.command = new ArrayList<>(command);
        this.environment = new LinkedHashMap<>(environment);
        this.workingDirectory = workingDirectory;
        this.logFile = logFile;
        this.resultFile = resultFile;
        this.setUpTimeout = setUpTimeout;
        this.runTimeout = runTimeout;
        this.tearDownTimeout = tearDownTimeout;
        this.killGrace = killGrace;
        this.listener = listener;
    }

    JvmExit run() throws IOException, InterruptedException {
        JvmExit outcome = new JvmExit();
        outcome.log = logFile;
        Files.createDirectories(workingDirectory);
        Files.createDirectories(logFile.toAbsolutePath().getParent());
        ProcessBuilder pb = new ProcessBuilder(command).directory(workingDirectory.toFile()).redirectErrorStream(true);
        pb.environment().putAll(environment);
        long started = System.nanoTime();
        synchronized (lock) {
            phaseStart = started;
        }
        Process process = pb.start();
        ProcessHandle handle = process.toHandle();
        Thread reader = new Thread(() -> copyOutput(process), "perf-scenario-output-" + handle.pid());
        reader.setDaemon(true);
        reader.start();

        Set<ProcessHandle> seen = new LinkedHashSet<>();
        long lastSnapshot = 0;
        try {
            while (!process.waitFor(100, TimeUnit.MILLISECONDS)) {
                long now = System.nanoTime();
                if (now - lastSnapshot > 500_000_000L) {
                    ProcessTree.remember(handle, seen);
                    lastSnapshot = now;
                }
                String currentPhase;
                String currentWhere;
                long since;
                synchronized (lock) {
                    currentPhase = phase;
                    currentWhere = where;
                    since = phaseStart;
                }
                Duration limit = limitFor(currentPhase);
                if (now - since > limit.toNanos()) {
                    outcome.hungPhase = currentPhase;
                    outcome.hungWhere = currentWhere;
                    outcome.hungLimit = limit;
                    outcome.hungLimitName = limitNameFor(currentPhase);
                    ProcessTree.remember(handle, seen);
                    synchronized (lock) {
                        tailFrozen = true;
                    }
                    outcome.threadDump = ProcessTree.requestThreadDump(handle);
                    if (outcome.threadDump) {
                        Thread.sleep(1000);
                    }
                    outcome.killedProcesses = ProcessTree.end(handle, seen, killGrace, AFTER_KILL);
                    break;
                }
            }
        } catch (InterruptedException e) {
            ProcessTree.end(handle, seen, Duration.ZERO, AFTER_KILL);
            throw e;
        }
        process.waitFor(killGrace.toMillis() + 10_000, TimeUnit.MILLISECONDS);
        HarnessResult result = HarnessResult.readIfPresent(resultFile);
        if (outcome.hungPhase == null) {
            outcome.exitCode = process.exitValue();
            if (result != null) {
                // Children started and left between two snapshots are known only from the harness's own list.
                for (long pid : result.childProcesses) {
                    ProcessHandle.of(pid).ifPresent(seen::add);
                }
            }
            collectLeftoverProcesses(seen, outcome);
        }
        reader.join(5000);
        outcome.elapsed = Duration.ofNanos(System.nanoTime() - started);
        synchronized (lock) {
            outcome.tail.addAll(tail);
            outcome.mainThreadDump.addAll(mainThreadOf(dump));
            outcome.lastPhase = phase;
            outcome.lastWhere = where;
        }
        outcome.result = result;
        return outcome;
    }

    /**
     * Child processes that outlived the JVM: waits for them up to the kill grace (they may be exiting), then
     * kills the rest and reports them, since they would keep loading the machine during the next runs.
     */
    private void collectLeftoverProcesses(Set<ProcessHandle> seen, JvmExit outcome) throws InterruptedException {
        long deadline = System.nanoTime() + killGrace.toNanos();
        List<ProcessHandle> alive = new ArrayList<>();
        while (true) {
            alive.clear();
            for (ProcessHandle h : seen) {
                if (h.isAlive()) {
                    alive.add(h);
                }
            }
            if (alive.isEmpty() || System.nanoTime() > deadline) {
                break;
            }
            Thread.sleep(100);
        }
        for (ProcessHandle h : alive) {
            outcome.leftoverProcesses.add(ProcessTree.describe(h));
            ProcessTree.end(h, new LinkedHashSet<>(), Duration.ofSeconds(1), AFTER_KILL);
        }
    }

    private Duration limitFor(String currentPhase) {
        switch (currentPhase) {
            case Protocol.PHASE_RUN:
                return runTimeout;
            case Protocol.PHASE_TEARDOWN:
            case Protocol.PHASE_EXIT:
                return tearDownTimeout;
            default:
                return setUpTimeout;
        }
    }

    private static String limitNameFor(String currentPhase) {
        switch (currentPhase) {
            case Protocol.PHASE_RUN:
                return "runTimeout";
            case Protocol.PHASE_TEARDOWN:
            case Protocol.PHASE_EXIT:
                return "tearDownTimeout";
            default:
                return "setUpTimeout";
        }
    }

    private void copyOutput(Process process) {
        Charset charset = nativeCharset();
        try (BufferedReader in = new BufferedReader(new InputStreamReader(process.getInputStream(), charset));
                Writer log = Files.newBufferedWriter(logFile, StandardCharsets.UTF_8)) {
            String line;
            while ((line = in.readLine()) != null) {
                log.write(line);
                log.write('\n');
                log.flush();
                if (line.startsWith(Protocol.MARKER + " ")) {
                    onMarker(line.substring(Protocol.MARKER.length() + 1));
                } else {
                    synchronized (lock) {
                        if (tailFrozen) {
                            if (dump.size() < 100_000) {
                                dump.add(line);
                            }
                            continue;
                        }
                        tail.addLast(line);
                        if (tail.size() > TAIL_LINES) {
                            tail.removeFirst();
                        }
                    }
                }
            }
        } catch (IOException e) {
            synchronized (lock) {
                tail.addLast("(reading the JVM's output failed: " + e + ")");
            }
        }
    }

    /** The stack of the thread named "main" in a HotSpot thread dump (its block ends at an empty line). */
    static List<String> mainThreadOf(List<String> dumpLines) {
        List<String> block = new ArrayList<>();
        boolean in = false;
        for (String line : dumpLines) {
            if (!in && line.startsWith("\"main\" ")) {
                in = true;
            } else if (in && line.trim().isEmpty()) {
                break;
            }
            if (in && block.size() < 25) {
                block.add(line);
            }
        }
        return block;
    }

    private void onMarker(String marker) {
        String[] tokens = marker.trim().split(" ");
        Map<String, String> fields = new LinkedHashMap<>();
        for (int i = 1; i < tokens.length; i++) {
            int eq = tokens[i].indexOf('=');
            if (eq > 0) {
                fields.put(tokens[i].substring(0, eq), tokens[i].substring(eq + 1));
            }
        }
        try {
            if (Protocol.EVENT_PHASE.equals(tokens[0])) {
                String name = fields.getOrDefault("name", "?");
                String detail = Protocol.PHASE_RUN.equals(name)
                        ? fields.get("kind") + " run " + fields.get("index") + " of " + fields.get("of") : "";
                synchronized (lock) {
                    phase = name;
                    where = detail;
                    phaseStart = System.nanoTime();
                }
                listener.phaseStarted(name, detail);
            } else if (Protocol.EVENT_RUN_DONE.equals(tokens[0])) {
                listener.runDone(fields.get("kind"), Integer.parseInt(fields.get("index")),
                        Integer.parseInt(fields.get("of")), Double.parseDouble(fields.get(Protocol.WALL_MS)));
            }
        } catch (RuntimeException e) {
            // A marker garbled by output of another thread is only a lost progress line.
        }
    }

    private static Charset nativeCharset() {
        String name = System.getProperty("native.encoding");
        try {
            return name == null ? Charset.defaultCharset() : Charset.forName(name);
        } catch (RuntimeException e) {
            return Charset.defaultCharset();
        }
    }
}
