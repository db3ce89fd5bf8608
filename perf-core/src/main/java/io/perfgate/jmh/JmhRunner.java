package io.perfgate.jmh;

import io.perfgate.config.PerfProperties;
import io.perfgate.process.ProcessTree;
import io.perfgate.results.BenchmarkResult;
import io.perfgate.text.Durations;
import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * Runs JMH as described by a {@link JmhInvocation} and reads its JSON: the one place where perf:run (and any goal
 * that measures, such as perf:compare running a single fork) launches benchmarks.
 *
 * <p>While JMH runs, its output goes to the invocation's log and through {@link JmhOutputParser} to the listener.
 * A run that passes its timeout is killed with every JVM it started; a benchmark failure that JMH reports (an
 * exception, {@code System.exit}, a fork that died, e.g. of {@code OutOfMemoryError}) stops JMH as soon as the
 * report is complete, since the build fails anyway. JMH's {@code -foe true} (stop at the first failure) and its
 * default (carry on and leave the failed benchmark out of the JSON) are both caught: the first by its report and
 * exit code, the second by checking the JSON for every result and fork that was asked for.
 */
public final class JmhRunner {
    /** Lines of output quoted when a run fails. */
    static final int TAIL_LINES = 30;
    /** Lines before the first failure line that are quoted with it. */
    static final int FAILURE_CONTEXT_LINES = 3;
    /** How long JMH may take to finish printing a failure before it is stopped anyway. */
    static final Duration FAILURE_GRACE = Duration.ofSeconds(5);
    private static final Duration LOCK_RETRY = Duration.ofSeconds(3);
    private static final String LOCK_MESSAGE = "Unable to acquire the JMH lock";
    private static final long POLL_MILLIS = 50;
    /** How long a killed JMH and its forks are waited for, so that the next launch does not start beside them. */
    private static final Duration AFTER_KILL = Duration.ofSeconds(5);
    /** How often the forks of a running JMH are listed (listing reads every process of the machine). */
    private static final long FORK_SNAPSHOT_NANOS = TimeUnit.SECONDS.toNanos(1);

    private JmhRunner() {
    }

    /**
     * Runs the invocation to the end.
     *
     * @return the results JMH recorded, all of them present and complete
     * @throws JmhRunException when JMH could not run, a benchmark failed or timed out, or results are missing;
     *     the message names the benchmark and quotes the end of its output
     */
    public static JmhResults run(JmhInvocation invocation, JmhProgressListener listener) throws JmhRunException {
        return run(invocation, listener, ForkQueue.shared());
    }

    /**
     * {@link #run(JmhInvocation, JmhProgressListener)} behind the launches of other builds that came first
     * ({@code queue}), then, like any JMH run, after whichever run holds JMH's lock file.
     */
    static JmhResults run(JmhInvocation invocation, JmhProgressListener listener, ForkQueue queue)
            throws JmhRunException {
        long lockDeadline = System.nanoTime() + invocation.lockWait().toNanos();
        // JMH's lock keeps no order: without the queue, a build polling for it loses to the next fork of the build
        // that holds it, one fork after another
        ForkQueue.Ticket ticket;
        try {
            ticket = queue.enter(lockDeadline, ahead -> listener.waiting("queued behind " + ahead
                    + (ahead == 1 ? " fork" : " forks") + " of other builds on this machine for JMH's lock file ("
                    + System.getProperty("java.io.tmpdir") + "/jmh.lock), first come, first served"));
        } catch (java.util.concurrent.TimeoutException e) {
            throw new JmhRunException(JmhRunException.Kind.LOCKED, describe(invocation), "This build waited more"
                    + " than " + Durations.format(invocation.lockWait()) + " behind " + e.getMessage() + " on this"
                    + " machine (" + queue.directory() + "). Two benchmark runs at once disturb each other's numbers;"
                    + " wait for the others to end.", new ArrayList<>());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new JmhRunException(JmhRunException.Kind.INTERRUPTED, describe(invocation),
                    "Interrupted while queued for JMH's lock", new ArrayList<>());
        }
        try (ForkQueue.Ticket held = ticket) {
            return runHoldingTicket(invocation, listener, lockDeadline);
        }
    }

    /** Launches JMH until it gets JMH's lock file, which a run not of this plugin may hold. */
    private static JmhResults runHoldingTicket(JmhInvocation invocation, JmhProgressListener listener,
            long lockDeadline) throws JmhRunException {
        boolean announced = false;
        while (true) {
            Attempt attempt = new Attempt(invocation, listener);
            attempt.run();
            if (!attempt.lockBusy()) {
                return attempt.results();
            }
            if (System.nanoTime() > lockDeadline) {
                throw new JmhRunException(JmhRunException.Kind.LOCKED, describe(invocation), "Another JMH run on"
                        + " this machine held JMH's lock file for more than " + Durations.format(invocation.lockWait())
                        + ". Two benchmark runs at once disturb each other's numbers; wait for the other to end.",
                        attempt.tail());
            }
            if (!announced) {
                listener.waiting("another JMH run holds JMH's lock file (" + System.getProperty("java.io.tmpdir")
                        + "/jmh.lock); waiting for it to finish");
                announced = true;
            }
            try {
                Thread.sleep(LOCK_RETRY.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new JmhRunException(JmhRunException.Kind.INTERRUPTED, describe(invocation),
                        "Interrupted while waiting for JMH's lock", attempt.tail());
            }
        }
    }

    private static String describe(JmhInvocation invocation) {
        List<String> names = new ArrayList<>();
        for (String include : invocation.includes()) {
            names.add(include.startsWith("^\\Q") && include.endsWith("\\E$")
                    ? include.substring(3, include.length() - 3) : include);
        }
        return String.join(", ", names);
    }

    /** The charset JMH's JVM prints in: the platform's, which the child shares with this JVM. */
    private static Charset childCharset() {
        String nativeEncoding = System.getProperty("native.encoding");
        try {
            return nativeEncoding != null ? Charset.forName(nativeEncoding) : Charset.defaultCharset();
        } catch (RuntimeException e) {
            return Charset.defaultCharset();
        }
    }

    /** One launch of JMH. */
    private static final class Attempt {
        private final JmhInvocation invocation;
        private final JmhProgressListener listener;
        private final JmhOutputParser parser;

        private final Deque<String> recent = new ArrayDeque<>();
        private final List<String> failureReport = new ArrayList<>();
        private volatile long runStartedAt = System.nanoTime();
        /** "fork 3 of 10" as JMH last announced it, for the timeout message. */
        private volatile String currentFork;
        private volatile long failureSeenAt;
        private volatile boolean sawLockMessage;
        private volatile String stoppedBecause;
        /** How long the fork (or JMH before its first benchmark) had run when the timeout stopped it. */
        private volatile Duration ranBeforeStop;
        private volatile int exitCode;

        Attempt(JmhInvocation invocation, JmhProgressListener listener) {
            this.invocation = invocation;
            this.listener = listener;
            this.parser = new JmhOutputParser(new JmhProgressListener() {
                @Override
                public void runStarted(JmhRunHeader run) {
                    listener.runStarted(run);
                }

                @Override
                public void forkStarted(JmhRunHeader run, int fork, int forks, boolean warmup) {
                    listener.forkStarted(run, fork, forks, warmup);
                }

                @Override
                public void forkFinished(JmhRunHeader run, int fork, int forks, boolean warmup, double[] scores,
                        String unit, ForkWarmup warmupIterations) {
                    listener.forkFinished(run, fork, forks, warmup, scores, unit, warmupIterations);
                }

                @Override
                public void failureReported(JmhRunHeader run, String line) {
                    if (failureSeenAt == 0) {
                        failureSeenAt = System.nanoTime();
                    }
                    listener.failureReported(run, line);
                }
            });
        }

        boolean lockBusy() {
            return sawLockMessage && exitCode != 0 && parser.failure() == null;
        }

        void run() throws JmhRunException {
            try {
                Files.deleteIfExists(invocation.resultFile());
                Files.createDirectories(invocation.resultFile().toAbsolutePath().getParent());
            } catch (IOException e) {
                throw new JmhRunException(JmhRunException.Kind.NOT_STARTED, describe(invocation), "Cannot prepare "
                        + invocation.resultFile() + ": " + e, new ArrayList<>(), e);
            }
            ProcessBuilder pb = new ProcessBuilder(invocation.command()).redirectErrorStream(true);
            if (invocation.workingDirectory() != null) {
                pb.directory(invocation.workingDirectory().toFile());
            }
            Process process;
            try {
                process = pb.start();
            } catch (IOException e) {
                throw new JmhRunException(JmhRunException.Kind.NOT_STARTED, describe(invocation), "Cannot start "
                        + invocation.java() + ": " + e.getMessage(), new ArrayList<>(), e);
            }
            Thread killOnExit = new Thread(() -> ProcessTree.kill(process, AFTER_KILL), "perf-kill-jmh");
            Runtime.getRuntime().addShutdownHook(killOnExit);
            try (BufferedWriter log = openLog()) {
                Thread reader = new Thread(() -> read(process, log), "perf-jmh-output");
                reader.setDaemon(true);
                reader.start();
                watch(process, reader);
            } catch (IOException e) {
                ProcessTree.kill(process, AFTER_KILL);
                throw new JmhRunException(JmhRunException.Kind.NOT_STARTED, describe(invocation), "Cannot write "
                        + invocation.outputLog() + ": " + e, tail(), e);
            } finally {
                try {
                    Runtime.getRuntime().removeShutdownHook(killOnExit);
                } catch (IllegalStateException e) {
                    // the JVM is shutting down: the hook runs anyway
                }
            }
        }

        private BufferedWriter openLog() throws IOException {
            if (invocation.outputLog() == null) {
                return null;
            }
            Files.createDirectories(invocation.outputLog().toAbsolutePath().getParent());
            // A log, not a result: written as it comes so that a hung or killed run still leaves its story.
            BufferedWriter log = Files.newBufferedWriter(invocation.outputLog(), StandardCharsets.UTF_8,
                    StandardOpenOption.CREATE, StandardOpenOption.APPEND);
            log.write("# perf:run " + Instant.now() + ": " + String.join(" ", invocation.command()));
            log.newLine();
            log.flush();
            return log;
        }

        /** Reads JMH's output on its own thread, so that a process that stops writing cannot stall the watch. */
        private void read(Process process, BufferedWriter log) {
            try (BufferedReader in = new BufferedReader(new InputStreamReader(process.getInputStream(),
                    childCharset()))) {
                for (String line = in.readLine(); line != null; line = in.readLine()) {
                    if (log != null) {
                        try {
                            log.write(line);
                            log.newLine();
                            log.flush();
                        } catch (IOException e) {
                            log = null; // keep running: the log is for diagnosis only
                        }
                    }
                    synchronized (recent) {
                        if (failureReport.isEmpty() && JmhOutputParser.isFailure(line)) {
                            // The lines just before a failure often name it ("Java heap space").
                            List<String> before = new ArrayList<>(recent);
                            failureReport.addAll(before.subList(Math.max(0, before.size() - FAILURE_CONTEXT_LINES),
                                    before.size()));
                        }
                        recent.addLast(line);
                        if (recent.size() > TAIL_LINES) {
                            recent.removeFirst();
                        }
                        if ((parser.failure() != null || JmhOutputParser.isFailure(line))
                                && failureReport.size() < TAIL_LINES) {
                            failureReport.add(line);
                        }
                    }
                    // perf.timeout is the longest one fork may take: the clock restarts with every fork
                    if (line.startsWith("# Benchmark: ")) {
                        runStartedAt = System.nanoTime();
                    } else if (line.startsWith("# Fork: ") || line.startsWith("# Warmup Fork: ")) {
                        runStartedAt = System.nanoTime();
                        currentFork = line.substring(2).replace(":", "").toLowerCase(Locale.ROOT);
                    }
                    if (line.contains(LOCK_MESSAGE)) {
                        sawLockMessage = true;
                    }
                    parser.line(line);
                }
            } catch (IOException e) {
                // the stream closes when the process is killed
            }
        }

        /** Waits for JMH to end, killing it on timeout or once a reported failure is complete. */
        private void watch(Process process, Thread reader) throws JmhRunException {
            // The forks JMH started, as last seen: once JMH is gone they are nobody's children any more.
            List<ProcessHandle> forks = new ArrayList<>();
            long forksSeenAt = 0;
            try {
                while (process.isAlive()) {
                    long now = System.nanoTime();
                    if (stoppedBecause == null && now - runStartedAt > invocation.timeout().toNanos()) {
                        stoppedBecause = "timeout";
                        ranBeforeStop = Duration.ofNanos(now - runStartedAt);
                        ProcessTree.kill(process, AFTER_KILL);
                    } else if (stoppedBecause == null && failureSeenAt != 0
                            && (parser.failureReportComplete() || now - failureSeenAt > FAILURE_GRACE.toNanos())) {
                        stoppedBecause = "failure";
                        ProcessTree.kill(process, AFTER_KILL);
                    } else if (now - forksSeenAt > FORK_SNAPSHOT_NANOS) {
                        forks = process.descendants().collect(Collectors.toList());
                        forksSeenAt = now;
                    }
                    process.waitFor(POLL_MILLIS, TimeUnit.MILLISECONDS);
                }
                // A JMH that crashed leaves its forks running, and they would disturb the next measurement.
                ProcessTree.killAll(forks);
                exitCode = process.exitValue();
                reader.join(TimeUnit.SECONDS.toMillis(5));
            } catch (InterruptedException e) {
                ProcessTree.kill(process, AFTER_KILL);
                ProcessTree.killAll(forks);
                Thread.currentThread().interrupt();
                throw new JmhRunException(JmhRunException.Kind.INTERRUPTED, parser.currentRun().displayName(),
                        "Interrupted: JMH was stopped with all its JVMs", tail());
            }
            parser.end();
        }

        /** The limit that was hit, as the timeout messages name it. */
        private String limit() {
            return PerfProperties.TIMEOUT + " = " + Durations.format(invocation.timeout())
                    + ", the longest one fork may run";
        }

        List<String> tail() {
            synchronized (recent) {
                return failureReport.isEmpty() ? new ArrayList<>(recent) : new ArrayList<>(failureReport);
            }
        }

        JmhResults results() throws JmhRunException {
            JmhRunHeader run = parser.currentRun();
            String where = invocation.outputLog() == null ? "" : " The whole output is in " + invocation.outputLog()
                    + ".";
            if ("timeout".equals(stoppedBecause) && "?".equals(run.benchmark())) {
                // The clock starts with JMH, so a JMH that never gets to its first benchmark header is stopped too:
                // no benchmark ran, and only the launch knows their names.
                throw new JmhRunException(JmhRunException.Kind.TIMED_OUT, describe(invocation), "JMH did not start "
                        + describe(invocation) + ": it had printed no benchmark header after "
                        + Durations.format(ranBeforeStop) + ", beyond " + limit()
                        + " (the first fork's clock starts with JMH). It was stopped with all its JVMs. Is the machine"
                        + " overloaded, or does the timeout need to be longer?" + where, tail());
            }
            if ("timeout".equals(stoppedBecause)) {
                throw new JmhRunException(JmhRunException.Kind.TIMED_OUT, run.benchmark(), "Benchmark "
                        + run.benchmark() + params(run) + ": " + (currentFork == null ? "a fork" : currentFork)
                        + " was still running after " + Durations.format(ranBeforeStop) + ", beyond " + limit()
                        + ". It was stopped with all its JVMs. Does it hang, or does it need a longer timeout?"
                        + where, tail());
            }
            if (parser.failure() != null) {
                throw new JmhRunException(JmhRunException.Kind.BENCHMARK_FAILED, run.benchmark(), "Benchmark "
                        + run.benchmark() + params(run) + " failed: JMH reported '" + parser.failure() + "'." + where,
                        tail());
            }
            if (exitCode != 0) {
                throw new JmhRunException(JmhRunException.Kind.JMH_FAILED, describe(invocation), "JMH exited with"
                        + " code " + exitCode + " while running " + describe(invocation) + "." + where, tail());
            }
            JmhResults results;
            try {
                results = JmhJsonReader.read(invocation.resultFile());
            } catch (JmhJsonException e) {
                throw new JmhRunException(JmhRunException.Kind.RESULTS_INCOMPLETE, describe(invocation),
                        "JMH ended without usable results: " + e.getMessage() + "." + where, tail(), e);
            }
            checkComplete(results, where);
            return results;
        }

        private void checkComplete(JmhResults results, String where) throws JmhRunException {
            if (invocation.expectedResults() > 0 && results.benchmarks().size() < invocation.expectedResults()) {
                throw new JmhRunException(JmhRunException.Kind.RESULTS_INCOMPLETE, describe(invocation), "JMH"
                        + " recorded " + results.benchmarks().size() + " of the " + invocation.expectedResults()
                        + " results (mode x parameter values) asked of " + describe(invocation) + ": the others"
                        + " failed." + where, tail());
            }
            if (invocation.expectedForks() > 0) {
                for (BenchmarkResult b : results.benchmarks()) {
                    // No forks at all with a warning means raw data was switched off: reported, not a failure.
                    if (!b.forks().isEmpty() && b.forks().size() < invocation.expectedForks()) {
                        throw new JmhRunException(JmhRunException.Kind.RESULTS_INCOMPLETE, b.key(), "JMH recorded "
                                + b.forks().size() + " of the " + invocation.expectedForks() + " forks asked of "
                                + b.id().withMode(b.displayName()) + ": the others failed." + where, tail());
                    }
                }
            }
        }

        private static String params(JmhRunHeader run) {
            return run.params().isEmpty() ? "" : " " + run.displayName().substring(run.displayName().indexOf('('));
        }
    }
}
