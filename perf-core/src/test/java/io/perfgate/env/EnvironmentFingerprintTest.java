package io.perfgate.env;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.perfgate.testing.Golden;
import java.util.Arrays;
import java.util.Collections;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Parsers of real files (src/test/resources/env, from a Debian 12 container with JDK 17) and hand-made ones. */
class EnvironmentFingerprintTest {
    private static final String ARM_CPUINFO = "processor\t: 0\nBogoMIPS\t: 50.00\nFeatures\t: fp asimd evtstrm\n"
            + "CPU implementer\t: 0x41\nCPU architecture: 8\nCPU variant\t: 0x3\nCPU part\t: 0xd0c\n"
            + "CPU revision\t: 1\n\nprocessor\t: 1\nBogoMIPS\t: 50.00\nCPU implementer\t: 0x41\nCPU part\t: 0xd0c\n";

    @Test
    void everyKeyFromRealFiles() {
        Map<String, String> fingerprint = EnvironmentFingerprint.of(EnvironmentFingerprint.facts()
                .cpuinfo(Golden.resource("env/cpuinfo-xeon-2cpu.txt"))
                .meminfo(Golden.resource("env/meminfo.txt"))
                .cgroupV1("-1\n", "100000\n")
                .osRelease(Golden.resource("env/os-release-debian12.txt"))
                .os("Linux", "6.1.0-18-amd64", "amd64")
                .jvmReport(Golden.resource("env/probe-jdk17-debian.txt"))
                .jvmArgs(Collections.singletonList("-Xmx64m"))
                .jmh("1.37", "17.0.15", "OpenJDK 64-Bit Server VM", "17.0.15+6-Debian-1deb12u1")
                .maven("3.9.16")
                .plugin("0.1.0")
                .git("4f0c2d1e9a7b3c5d6e8f0a1b2c3d4e5f6a7b8c9d", "false")
                .steal(java.util.OptionalDouble.of(0.0172))
                .timestamp("2025-01-01T00:00:00Z")
                .command("mvn test-compile io.perfgate:perf-maven-plugin:0.1.0:run"));
        assertEquals(EnvironmentFingerprint.KEYS, Arrays.asList(fingerprint.keySet().toArray()));
        assertEquals("1.7 %", fingerprint.get("cpu.steal"));
        assertEquals("Intel(R) Xeon(R) Processor", fingerprint.get("cpu.model"));
        assertEquals("2", fingerprint.get("cpu.cores"));
        assertEquals("23.5 GiB", fingerprint.get("memory.total"));
        assertEquals("Debian GNU/Linux 12 (bookworm)", fingerprint.get("os.name"));
        assertEquals("6.1.0-18-amd64", fingerprint.get("os.kernel"));
        assertEquals("none", fingerprint.get("container.cpuQuota"));
        assertEquals("unknown", fingerprint.get("cpu.governor"));
        assertEquals("Debian", fingerprint.get("java.vendor"));
        assertEquals("17.0.15", fingerprint.get("java.version"));
        assertEquals("OpenJDK 64-Bit Server VM 17.0.15+6-Debian-1deb12u1", fingerprint.get("java.vm"));
        assertEquals("-Xmx64m", fingerprint.get("jvm.args"));
        assertEquals("G1", fingerprint.get("jvm.gc"));
        assertEquals("1.37", fingerprint.get("jmh.version"));
        assertEquals("false", fingerprint.get("git.dirty"));
    }

    @Test
    void nothingKnownIsUnknownNotMissing() {
        Map<String, String> fingerprint = EnvironmentFingerprint.of(EnvironmentFingerprint.facts());
        assertEquals(EnvironmentFingerprint.KEYS, Arrays.asList(fingerprint.keySet().toArray()));
        fingerprint.values().forEach(v -> assertEquals("unknown", v));
    }

    @Test
    void armHasNoModelNameButImplementerAndPart() {
        assertEquals("ARM implementer 0x41 part 0xd0c", EnvironmentFingerprint.cpuModel(ARM_CPUINFO));
        assertEquals(2, EnvironmentFingerprint.logicalCores(ARM_CPUINFO));
    }

    @Test
    void containerQuotasOfBothCgroupVersions() {
        assertEquals("none", EnvironmentFingerprint.cgroupV2Quota("max 100000\n"));
        assertEquals("2 CPUs", EnvironmentFingerprint.cgroupV2Quota("200000 100000\n"));
        assertEquals("1.5 CPUs", EnvironmentFingerprint.cgroupV2Quota("150000 100000"));
        assertEquals("1 CPU", EnvironmentFingerprint.cgroupV2Quota("100000 100000"));
        assertEquals("none", EnvironmentFingerprint.cgroupV1Quota("-1", "100000"));
        assertEquals("0.25 CPUs", EnvironmentFingerprint.cgroupV1Quota("25000", "100000"));
        assertEquals("unknown", EnvironmentFingerprint.cgroupV2Quota("garbage"));
        Map<String, String> f = EnvironmentFingerprint.of(EnvironmentFingerprint.facts().cgroupV2CpuMax("400000 100000")
                .governor("performance\n"));
        assertEquals("4 CPUs", f.get("container.cpuQuota"));
        assertEquals("performance", f.get("cpu.governor"));
    }

    @Test
    void collectorFromFlagsWinsOverTheJvmsChoice() {
        String report = Golden.resource("env/probe-jdk17-debian.txt");
        assertEquals("G1", EnvironmentFingerprint.ergonomicGc(report));
        assertEquals("Parallel", EnvironmentFingerprint.garbageCollector(
                Collections.singletonList("-Xmx1g -XX:+UseParallelGC"), report));
        assertEquals("ZGC, G1", EnvironmentFingerprint.garbageCollector(
                Arrays.asList("-XX:+UseZGC", "-Xmx64m"), report));
        assertEquals("Serial", EnvironmentFingerprint.garbageCollector(Collections.singletonList(
                "-XX:+UseSerialGC -XX:+UseAdaptiveSizePolicyWithSystemGC"), null));
        assertEquals("unknown", EnvironmentFingerprint.garbageCollector(Collections.singletonList(""), null));
    }

    @Test
    void severalArgumentListsAreAllShown() {
        Map<String, String> f = EnvironmentFingerprint.of(EnvironmentFingerprint.facts()
                .jvmArgs(Arrays.asList("", "-Xmx64m")));
        assertEquals("none | -Xmx64m", f.get("jvm.args"));
    }

    @Test
    void jvmPropertiesSkipContinuationLines() {
        Map<String, String> p = EnvironmentFingerprint.jvmProperties(Golden.resource("env/probe-jdk17-debian.txt"));
        assertEquals("/usr/java/packages/lib", p.get("java.library.path"));
        assertEquals("Debian", p.get("java.vendor"));
        assertTrue(p.containsKey("os.arch"));
    }

    @Test
    void distributionNameWithOrWithoutQuotes() {
        assertEquals("Alpine Linux v3.19", EnvironmentFingerprint.prettyName("NAME=x\nPRETTY_NAME='Alpine Linux v3.19'\n"));
        assertEquals("Fedora", EnvironmentFingerprint.prettyName("PRETTY_NAME=Fedora\n"));
        assertEquals(null, EnvironmentFingerprint.prettyName("NAME=x\n"));
    }
}
