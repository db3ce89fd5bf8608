package io.perfgate.process;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Ends a process together with everything it started: JMH and its forks, a scenario JVM and its mini cluster
 * containers, a Maven build of the base, a short probe. A child whose parent died is re-parented and can no longer
 * be found from the parent, so a caller that watches a long-lived process keeps snapshots of the descendants it saw
 * ({@link #remember}) and passes them in.
 */
public final class ProcessTree {
    private ProcessTree() {
    }

    /** Descendants of {@code root} alive now, added to {@code seen}. */
    public static void remember(ProcessHandle root, Set<ProcessHandle> seen) {
        try {
            root.descendants().forEach(seen::add);
        } catch (RuntimeException e) {
            // The tree changes while it is walked; the next snapshot catches up.
        }
    }

    /** Kills {@code process} and its descendants at once (SIGKILL), then waits up to {@code wait} for them to go. */
    public static void kill(Process process, Duration wait) {
        end(process.toHandle(), new LinkedHashSet<>(), Duration.ZERO, wait);
    }

    /**
     * Ends {@code root}, its descendants now and those in {@code seen}. With a {@code grace} above zero it first asks
     * them to stop (SIGTERM, so shutdown hooks may clean up) and waits up to {@code grace}; then it kills the
     * survivors (SIGKILL), since a hung shutdown hook would otherwise keep them alive forever, together with children
     * the shutdown hooks started meanwhile. Last it waits up to {@code wait} for all of them to be gone.
     *
     * @return how many processes other than {@code root} were alive and ended
     */
    public static int end(ProcessHandle root, Set<ProcessHandle> seen, Duration grace, Duration wait) {
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
        if (!grace.isZero() && !grace.isNegative()) {
            for (ProcessHandle h : alive) {
                h.destroy();
            }
            waitForAll(alive, grace);
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
        }
        for (ProcessHandle h : alive) {
            if (h.isAlive()) {
                h.destroyForcibly();
            }
        }
        waitForAll(alive, wait);
        return others;
    }

    /** Kills each of {@code processes} still alive (SIGKILL): the orphans of a parent that is gone. */
    public static void killAll(Collection<ProcessHandle> processes) {
        for (ProcessHandle h : processes) {
            if (h.isAlive()) {
                h.destroyForcibly();
            }
        }
    }

    /** Asks a JVM for a thread dump on its standard output (SIGQUIT); false where that is not possible. */
    public static boolean requestThreadDump(ProcessHandle jvm) {
        if (Platform.isWindows()) {
            return false;
        }
        try {
            Process kill = new ProcessBuilder("kill", "-QUIT", Long.toString(jvm.pid()))
                    .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            return kill.waitFor(5, TimeUnit.SECONDS) && kill.exitValue() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** "pid 4242 (java -Xmx512m ...)" for messages. */
    public static String describe(ProcessHandle h) {
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
            } catch (TimeoutException | ExecutionException e) {
                return;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }
}
