package io.perfgate.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/**
 * How the converter is called and what is made of its answer. A shell script stands in for {@code java}: it
 * records its arguments and writes the page the way async-profiler's converter does, or fails.
 */
@DisabledOnOs(OS.WINDOWS)
class FlameGraphsTest {
    @TempDir
    Path dir;

    private Path recording;

    private FlameGraphs graphs(String body) throws IOException {
        Path java = dir.resolve("java");
        Files.write(java, ("#!/bin/sh\n" + body + "\n").getBytes(StandardCharsets.UTF_8));
        Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwx------"));
        Path profiles = Files.createDirectories(dir.resolve("profiles/Bench.m"));
        recording = Files.write(profiles.resolve("base.jfr"), new byte[] {1});
        return new FlameGraphs(java, dir.resolve("jfr-converter.jar"));
    }

    /** Appends its arguments, one a line, to calls.txt and writes the page named by the last one. */
    private static final String CONVERTER = "for a in \"$@\"; do echo \"$a\" >> \"$(dirname \"$0\")/calls.txt\"; done;"
            + " echo '---' >> \"$(dirname \"$0\")/calls.txt\"; for last; do :; done; echo '<html/>' > \"$last\"";

    private List<List<String>> calls() throws IOException {
        String all = new String(Files.readAllBytes(dir.resolve("calls.txt")), StandardCharsets.UTF_8);
        return Arrays.stream(all.split("---\n")).map(c -> Arrays.asList(c.split("\n")))
                .collect(Collectors.toList());
    }

    private static StackProfile profile(boolean allocations, boolean locks) {
        Map<StackProfile.AllocationSite, Long> sites = allocations
                ? Collections.singletonMap(new StackProfile.AllocationSite("Writer.append", "byte[]"), 100L)
                : Collections.emptyMap();
        Map<String, StackProfile.Contention> monitors = locks
                ? Collections.singletonMap("java.lang.Object", new StackProfile.Contention(1, 1000, "Writer.append"))
                : Collections.emptyMap();
        return new StackProfile(Collections.emptyMap(), Collections.emptyMap(), sites, monitors);
    }

    @Test
    void aPageForEachKindOfEventTheRecordingHolds() throws Exception {
        FlameGraphs g = graphs(CONVERTER);

        assertEquals(List.of("cpu-base.html"), g.write(recording, "base", profile(false, false), "Bench.m",
                ProfiledCode.JMH));
        assertEquals(List.of("cpu-patch.html", "alloc-patch.html", "lock-patch.html"), g.write(recording, "patch",
                profile(true, true), "Bench.m", ProfiledCode.JMH));

        List<List<String>> calls = calls();
        assertEquals(4, calls.size());
        assertEquals(Arrays.asList("-cp", dir.resolve("jfr-converter.jar").toString(), "Main", "--cpu", "--title",
                "Bench.m (base, CPU)", "-I", ".*_jmhStub.*", recording.toString(),
                recording.resolveSibling("cpu-base.html").toString()), calls.get(0));
        assertEquals("--alloc", calls.get(2).get(3));
        assertEquals("Bench.m (patch, allocation)", calls.get(2).get(5));
        assertEquals("--lock", calls.get(3).get(3));
        assertTrue(Files.isRegularFile(recording.resolveSibling("lock-patch.html")));
    }

    @Test
    void aWholeRecordingIsDrawnUnfilteredBesideIt() throws Exception {
        FlameGraphs g = graphs(CONVERTER);
        assertEquals("base.html", g.writeWhole(recording, "a JVM of the scenario"));
        List<String> call = calls().get(0);
        assertFalse(call.contains("-I"), call.toString());
        assertEquals(recording.resolveSibling("base.html").toString(), call.get(call.size() - 1));
    }

    @Test
    void aFailingConverterIsQuotedAndLeavesNoLog() throws Exception {
        FlameGraphs g = graphs("echo 'Error: unsupported recording' >&2; exit 2");
        IOException e = assertThrows(IOException.class, () -> g.write(recording, "base", profile(false, false),
                "Bench.m", ProfiledCode.JMH));
        assertEquals("jfr-converter --cpu exited with 2: Error: unsupported recording", e.getMessage());
        try (Stream<Path> left = Files.list(recording.getParent())) {
            assertEquals(List.of("base.jfr"), left.map(p -> p.getFileName().toString()).collect(Collectors.toList()));
        }
    }

    @Test
    void aConverterThatWritesNothingFails() throws Exception {
        FlameGraphs g = graphs("exit 0");
        IOException e = assertThrows(IOException.class, () -> g.writeWhole(recording, "t"));
        assertEquals("jfr-converter --cpu exited with 0: ", e.getMessage());
    }
}
