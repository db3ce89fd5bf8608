package io.perfgate.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/** Ending a process with everything it started, on real shells and their children. */
@DisabledOnOs(OS.WINDOWS)
class ProcessTreeTest {
    @TempDir
    Path dir;

    /** Starts {@code sh -c script} and waits until it wrote its child's pid to child.pid. */
    private ProcessHandle[] start(String script) throws Exception {
        Path pidFile = dir.resolve("child.pid");
        Files.deleteIfExists(pidFile);
        Process p = new ProcessBuilder("sh", "-c", script.replace("PIDFILE", "'" + pidFile + "'"))
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (!Files.isRegularFile(pidFile) || Files.size(pidFile) == 0) {
            assertTrue(System.nanoTime() < deadline, "the script did not start its child");
            Thread.sleep(20);
        }
        Thread.sleep(100);
        long child = Long.parseLong(new String(Files.readAllBytes(pidFile), StandardCharsets.UTF_8).trim());
        return new ProcessHandle[] {p.toHandle(), ProcessHandle.of(child).orElseThrow()};
    }

    @Test
    void killEndsTheProcessAndItsChildrenAtOnce() throws Exception {
        Path pidFile = dir.resolve("child.pid");
        Process p = new ProcessBuilder("sh", "-c", "sleep 300 & echo $! > '" + pidFile + "'; wait").start();
        while (!Files.isRegularFile(pidFile) || Files.size(pidFile) == 0) {
            Thread.sleep(20);
        }
        ProcessHandle child = ProcessHandle.of(Long.parseLong(new String(Files.readAllBytes(pidFile),
                StandardCharsets.UTF_8).trim())).orElseThrow();

        ProcessTree.kill(p, Duration.ofSeconds(10));

        assertFalse(p.isAlive());
        assertFalse(child.isAlive());
    }

    /** A tree that ignores SIGTERM is killed once the grace period is over, and its children are counted. */
    @Test
    void aTreeThatIgnoresTheRequestIsKilledAfterTheGrace() throws Exception {
        ProcessHandle[] tree = start("trap '' TERM; sleep 300 & echo $! > PIDFILE; while :; do sleep 0.1; done");
        long started = System.nanoTime();

        int others = ProcessTree.end(tree[0], new LinkedHashSet<>(), Duration.ofSeconds(1), Duration.ofSeconds(10));

        long took = System.nanoTime() - started;
        assertFalse(tree[0].isAlive());
        assertFalse(tree[1].isAlive());
        assertTrue(others >= 1, "the sleeping child and the loop's sleep: " + others);
        assertTrue(took >= TimeUnit.MILLISECONDS.toNanos(900), "the grace was waited: " + took / 1_000_000 + " ms");
    }

    /** A child whose parent died is no longer the parent's descendant: only the caller's snapshot finds it. */
    @Test
    void rememberedOrphansAreEndedToo() throws Exception {
        ProcessHandle[] tree = start("sleep 300 & echo $! > PIDFILE; sleep 0.5");
        Set<ProcessHandle> seen = new LinkedHashSet<>();
        ProcessTree.remember(tree[0], seen);
        assertTrue(seen.contains(tree[1]), seen.toString());
        tree[0].onExit().get(20, TimeUnit.SECONDS);
        assertTrue(tree[1].isAlive(), "the orphan outlives its parent");

        ProcessTree.end(tree[0], seen, Duration.ZERO, Duration.ofSeconds(10));

        assertFalse(tree[1].isAlive());
    }

    @Test
    void killAllEndsEachProcessStillAlive() throws Exception {
        ProcessHandle[] tree = start("sleep 300 & echo $! > PIDFILE; wait");
        ProcessTree.killAll(Collections.singletonList(tree[1]));
        tree[1].onExit().get(10, TimeUnit.SECONDS);
        assertFalse(tree[1].isAlive());
        ProcessTree.end(tree[0], Collections.emptySet(), Duration.ZERO, Duration.ofSeconds(10));
        assertFalse(tree[0].isAlive());
    }

    @Test
    void describeNamesThePidAndTheCommand() throws Exception {
        ProcessHandle[] tree = start("sleep 300 & echo $! > PIDFILE; wait");
        try {
            String d = ProcessTree.describe(tree[1]);
            assertTrue(d.startsWith("pid " + tree[1].pid() + " ("), d);
            assertTrue(d.contains("sleep"), d);
        } finally {
            ProcessTree.end(tree[0], Collections.emptySet(), Duration.ZERO, Duration.ofSeconds(10));
        }
    }

    @Test
    void thePlatformHereIsNotWindows() {
        assertFalse(Platform.isWindows());
        assertEquals(dir.resolve("bin").resolve("java"), Platform.java(dir));
        assertEquals("/dev/null", Platform.nullDevice().getPath());
    }
}
