package io.perfgate.env;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/**
 * The probes on this machine. "unknown" is what a broken probe returns, so a fact every Linux machine has must be
 * known here, and git (which the plugin needs) must answer: "none" outside a repository, the commit inside one.
 */
class EnvironmentProbeTest {
    @Test
    void theRunningJvmReportsItsVendorAndCollector() {
        String report = EnvironmentProbe.jvmReport(Paths.get(System.getProperty("java.home"), "bin", "java"),
                Collections.singletonList("-XX:+UseSerialGC"));
        assertNotNull(report, "java -XshowSettings:properties -XX:+PrintFlagsFinal -version must run");
        assertEquals(System.getProperty("java.vendor"), EnvironmentFingerprint.jvmProperties(report).get("java.vendor"));
        assertEquals("Serial", EnvironmentFingerprint.ergonomicGc(report));
    }

    @Test
    void outsideGitIsNone(@TempDir Path dir) {
        assertEquals(Arrays.asList(EnvironmentFingerprint.NONE, EnvironmentFingerprint.NONE),
                Arrays.asList(EnvironmentProbe.git(dir)));
    }

    @Test
    void insideGitIsTheCommitAndWhetherTheTreeChanged(@TempDir Path dir) throws Exception {
        git(dir, "init", "-q");
        Files.write(dir.resolve("a.txt"), "a\n".getBytes(StandardCharsets.UTF_8));
        git(dir, "add", "a.txt");
        git(dir, "-c", "user.name=t", "-c", "user.email=t@example.org", "-c", "commit.gpgsign=false", "commit", "-q",
                "-m", "a");
        String head = git(dir, "rev-parse", "HEAD").trim();
        assertTrue(head.matches("[0-9a-f]{40,64}"), head);

        assertEquals(Arrays.asList(head, "false"), Arrays.asList(EnvironmentProbe.git(dir)));
        Files.write(dir.resolve("a.txt"), "b\n".getBytes(StandardCharsets.UTF_8));
        assertEquals(Arrays.asList(head, "true"), Arrays.asList(EnvironmentProbe.git(dir)));
    }

    @Test
    void machineFactsAreReadable() {
        Map<String, String> f = EnvironmentFingerprint.of(EnvironmentProbe.machine());
        assertTrue(Integer.parseInt(f.get(EnvironmentFingerprint.CPU_CORES)) >= 1, f.toString());
        assertEquals(System.getProperty("os.arch"), f.get(EnvironmentFingerprint.OS_ARCH));
    }

    /** Every Linux has /proc/cpuinfo, /proc/meminfo and a kernel release: none of them may come back unknown. */
    @Test
    @EnabledOnOs(OS.LINUX)
    void onLinuxWhatEveryLinuxHasIsKnown() throws IOException {
        Map<String, String> f = EnvironmentFingerprint.of(EnvironmentProbe.machine());
        for (String key : Arrays.asList(EnvironmentFingerprint.CPU_CORES, EnvironmentFingerprint.MEMORY_TOTAL,
                EnvironmentFingerprint.OS_NAME, EnvironmentFingerprint.OS_KERNEL, EnvironmentFingerprint.OS_ARCH)) {
            assertNotEquals(EnvironmentFingerprint.UNKNOWN, f.get(key), key + " in " + f);
        }
        long processors = Files.readAllLines(Paths.get("/proc/cpuinfo"), StandardCharsets.UTF_8).stream()
                .filter(l -> l.startsWith("processor")).count();
        assertEquals(Long.toString(processors), f.get(EnvironmentFingerprint.CPU_CORES), f.toString());
        assertTrue(f.get(EnvironmentFingerprint.MEMORY_TOTAL).matches("\\d+(\\.\\d+)? GiB"), f.toString());
        assertEquals(System.getProperty("os.version"), f.get(EnvironmentFingerprint.OS_KERNEL));
    }

    private static String git(Path dir, String... args) throws Exception {
        List<String> command = new ArrayList<>();
        command.add("git");
        command.addAll(Arrays.asList(args));
        Process p = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0, command + ": " + out);
        return out;
    }
}
