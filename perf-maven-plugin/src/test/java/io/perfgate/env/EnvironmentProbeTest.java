package io.perfgate.env;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Collections;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The probes on this machine: they must not fail, and must say "none" outside git. */
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
        String[] git = EnvironmentProbe.git(dir);
        assertTrue(git[0].equals("none") || git[0].equals("unknown"), git[0]);
    }

    @Test
    void machineFactsAreReadable() {
        java.util.Map<String, String> f = EnvironmentFingerprint.of(EnvironmentProbe.machine());
        assertTrue(Integer.parseInt(f.get("cpu.cores")) >= 1, f.toString());
        assertEquals(System.getProperty("os.arch"), f.get("os.arch"));
    }
}
