package io.perfgate.scenariorunner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/**
 * One scenario JVM's life, played by small shell scripts that print the harness's markers: phases followed, output
 * logged, a hung phase stopped with the whole process tree, children left behind killed and reported.
 */
@DisabledOnOs(OS.WINDOWS)
class ScenarioJvmTest {
    private static final String MARK = "echo '##perf-scenario## ";

    @TempDir
    Path dir;

    private final List<String> events = Collections.synchronizedList(new ArrayList<>());

    private ScenarioJvm jvm(String script, Duration runTimeout) {
        ScenarioJvm.Listener listener = new ScenarioJvm.Listener() {
            @Override
            public void phaseStarted(String phase, String where) {
                events.add(phase + (where.isEmpty() ? "" : " " + where));
            }

            @Override
            public void runDone(String kind, int index, int of, double wallMillis) {
                events.add("done " + kind + " " + index + "/" + of + " " + wallMillis);
            }
        };
        return new ScenarioJvm(Arrays.asList("sh", "-c", script), Collections.emptyMap(), dir.resolve("work"),
                dir.resolve("logs/jvm.log"), dir.resolve("result.tsv"), Duration.ofSeconds(30), runTimeout,
                Duration.ofSeconds(30), Duration.ofSeconds(1), listener);
    }

    @Test
    void followsThePhasesAndLogsEveryLine() throws Exception {
        ScenarioJvm.JvmExit o = jvm("echo starting; " + MARK + "phase name=setup'; " + MARK
                + "phase name=run kind=measured index=1 of=2'; echo working; " + MARK
                + "run-done kind=measured index=1 of=2 wall-ms=12.5'; " + MARK + "phase name=teardown'; exit 3",
                Duration.ofSeconds(30)).run();

        assertEquals(Integer.valueOf(3), o.exitCode);
        assertNull(o.hungPhase);
        assertEquals(Arrays.asList("setup", "run measured run 1 of 2", "done measured 1/2 12.5", "teardown"), events);
        assertEquals("teardown", o.lastPhase);
        assertEquals(Arrays.asList("starting", "working"), o.tail, "markers are not output");
        List<String> log = Files.readAllLines(dir.resolve("logs/jvm.log"), StandardCharsets.UTF_8);
        assertEquals(6, log.size(), "the log keeps every line, markers too: " + log);
        assertTrue(Files.isDirectory(dir.resolve("work")));
        assertNull(o.result, "the script wrote no result file");
    }

    @Test
    void aPhaseThatOutlivesItsTimeoutIsStoppedWithItsChildren() throws Exception {
        Path childPid = dir.resolve("child.pid");
        long started = System.nanoTime();
        ScenarioJvm.JvmExit o = jvm(MARK + "phase name=run kind=measured index=2 of=3'; sleep 300 & echo $! > '"
                + childPid + "'; wait", Duration.ofSeconds(2)).run();

        assertEquals("run", o.hungPhase);
        assertEquals("measured run 2 of 3", o.hungWhere);
        assertEquals("runTimeout", o.hungLimitName);
        assertEquals(Duration.ofSeconds(2), o.hungLimit);
        assertNull(o.exitCode, "killed");
        assertEquals(1, o.killedProcesses, "the sleeping child");
        long pid = Long.parseLong(new String(Files.readAllBytes(childPid), StandardCharsets.UTF_8).trim());
        Optional<ProcessHandle> child = ProcessHandle.of(pid);
        assertFalse(child.isPresent() && child.get().isAlive(), "child " + pid + " must be gone");
        assertTrue(System.nanoTime() - started < Duration.ofSeconds(60).toNanos());
    }

    @Test
    void childrenLeftAfterExitAreKilledAndReported() throws Exception {
        Path childPid = dir.resolve("child.pid");
        ScenarioJvm.JvmExit o = jvm("sleep 300 & echo $! > '" + childPid + "'; sleep 1.5; exit 0",
                Duration.ofSeconds(30)).run();

        assertEquals(Integer.valueOf(0), o.exitCode);
        long pid = Long.parseLong(new String(Files.readAllBytes(childPid), StandardCharsets.UTF_8).trim());
        assertEquals(1, o.leftoverProcesses.size(), o.leftoverProcesses.toString());
        assertTrue(o.leftoverProcesses.get(0).startsWith("pid " + pid + " ("), o.leftoverProcesses.toString());
        Optional<ProcessHandle> child = ProcessHandle.of(pid);
        assertFalse(child.isPresent() && child.get().isAlive(), "child " + pid + " must be gone");
    }

    @Test
    void theMainThreadIsCutFromAThreadDump() {
        List<String> dump = Arrays.asList("Full thread dump OpenJDK 64-Bit Server VM:", "",
                "\"Reference Handler\" #2 daemon prio=10", "   java.lang.Thread.State: RUNNABLE", "",
                "\"main\" #1 prio=5 os_prio=0", "   java.lang.Thread.State: TIMED_WAITING (sleeping)",
                "\tat java.lang.Thread.sleep(Native Method)", "", "\"GC Thread#0\" os_prio=0");
        assertEquals(Arrays.asList("\"main\" #1 prio=5 os_prio=0",
                "   java.lang.Thread.State: TIMED_WAITING (sleeping)", "\tat java.lang.Thread.sleep(Native Method)"),
                ScenarioJvm.mainThreadOf(dump));
        assertEquals(List.of(), ScenarioJvm.mainThreadOf(Arrays.asList("no dump")));
    }
}
