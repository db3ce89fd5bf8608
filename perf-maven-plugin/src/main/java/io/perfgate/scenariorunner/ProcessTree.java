package io.perfgate.scenariorunner;

import java.io.File;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * Ends a scenario JVM together with everything it started (mini cluster containers, Tez AMs, shells). A
 * child whose parent died is re-parented and can no longer be found from the JVM, so the caller keeps
 * snapshots of the descendants it saw while the JVM ran and passes them in.
 */
final class ProcessTree {
    private ProcessTree() {
    }

    /** Descendants of {@code root} alive now, added to {@code seen}. */
    static void remember(ProcessHandle root, Set<ProcessHandle> seen) {
        try {
            root.descendants().forEach(seen::add);
        } catch (RuntimeException e) {
            // The tree changes while it is walked; the next snapshot catches up.
        }
    }

    /**
     * Asks every process of the tree to stop (SIGTERM, so shutdown hooks may clean up), waits up to
     * {@code grace}, then kills the survivors (SIGKILL), since a hung shutdown hook would otherwise keep them
     * alive forever.
     *
     * @return how many processes other than {@code root} were alive and ended
     */
    static int kill(ProcessHandle root, Set<ProcessHandle> seen, Duration grace) {
        Set<ProcessHandle> all = new LinkedHashSet<>(seen);
        remember(root, all);
        all.remove(root);
        List<ProcessHandle> alive = new ArrayList<>();
        for (ProcessHandle h : all) {
            if (h.isAlive()) {
                alive.add(h);
            }
        }
        int others = alive.size();
        alive.add(0, root);
        for (ProcessHandle h : alive) {
            h.destroy();
        }
        waitForAll(alive, grace);
        // Children forked by shutdown hooks during the grace period.
        Set<ProcessHandle> late = new LinkedHashSet<>();
        if (root.isAlive()) {
            remember(root, late);
        }
        for (ProcessHandle h : late) {
            if (!alive.contains(h)) {
                alive.add(h);
                others++;
            }
        }
        for (ProcessHandle h : alive) {
            if (h.isAlive()) {
                h.destroyForcibly();
            }
        }
        waitForAll(alive, Duration.ofSeconds(10));
        return others;
    }

    /** Asks a JVM for a thread dump on its standard output (SIGQUIT); false where that is not possible. */
    static boolean requestThreadDump(ProcessHandle jvm) {
        if (File.separatorChar != '/') {
            return false;
        }
        try {
            Process kill = new ProcessBuilder("kill", "-QUIT", Long.toString(jvm.pid()))
                    .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            return kill.waitFor(5, TimeUnit.SECONDS) && kill.exitValue() == 0;
        } catch (java.io.IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** "pid 4242 (java -Xmx512m ...)" for messages. */
    static String describe(ProcessHandle h) {
        String command = h.info().commandLine().orElse(h.info().command().orElse("?"));
        if (command.length() > 120) {
            command = command.substring(0, 117) + "...";
        }
        return "pid " + h.pid() + " (" + command + ")";
    }

    private static void waitForAll(List<ProcessHandle> processes, Duration limit) {
        long deadline = System.nanoTime() + limit.toNanos();
        for (ProcessHandle h : processes) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                return;
            }
            try {
                h.onExit().get(left, TimeUnit.NANOSECONDS);
            } catch (java.util.concurrent.TimeoutException | java.util.concurrent.ExecutionException e) {
                return;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }
}
