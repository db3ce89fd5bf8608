package io.perfgate.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.perfgate.testing.Recordings;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JfrProfilesTest {
    @TempDir
    Path dir;

    @Test
    void aRecordingOfTheJdksFlightRecorderIsReadIntoTheBenchmarksStacks() throws Exception {
        Path file = Recordings.benchmarkLike(dir.resolve("fork.jfr"), 1000);
        StackProfile p = JfrProfiles.read(file, ProfiledCode.JMH.stacks());

        assertTrue(p.cpuSamples() > 0, "CPU samples of the stub's stacks");
        assertEquals("cpu", p.timeSampling(), "JFR takes no wall-clock samples");
        long hot = p.cpu().entrySet().stream().filter(e -> last(e.getKey()).endsWith("Recordings.hot"))
                .mapToLong(Map.Entry::getValue).sum();
        assertTrue(p.cpuSamples() >= 10, "a second of two busy threads: " + p.cpuSamples() + " samples");
        assertTrue(hot * 2 > p.cpuSamples(), "the busy method has most samples: " + hot + " of " + p.cpuSamples());
        for (List<String> stack : p.cpu().keySet()) {
            assertTrue(stack.stream().anyMatch(f -> f.endsWith("Recordings.fake_jmhStub")), "only stub stacks");
            assertTrue(stack.get(0).startsWith("java.lang.Thread"), "root first: " + stack);
        }
        assertTrue(p.allocations().keySet().stream().anyMatch(s -> s.toString().equals(
                "new long[] in io.perfgate.testing.Recordings.allocate")), "sites: " + p.allocations().keySet());
        StackProfile.Contention c = p.locks().get(Recordings.Monitor.class.getName());
        assertTrue(c != null && c.events() > 0 && c.nanos() > 0, "the contended monitor: " + p.locks().keySet());
        assertEquals("io.perfgate.testing.Recordings.fake_jmhStub", c.topFrame());
    }

    @Test
    void stacksOutsideTheBenchmarkAreLeftOut() throws Exception {
        Path file = Recordings.benchmarkLike(dir.resolve("fork.jfr"), 300);
        StackProfile none = JfrProfiles.read(file, stack -> false);
        assertEquals(0, none.cpuSamples());
        assertTrue(none.allocations().isEmpty() && none.locks().isEmpty());
    }

    @Test
    void aFileThatIsNoRecordingIsRefusedNamingIt() throws IOException {
        Path file = Files.writeString(dir.resolve("broken.jfr"), "not a recording");
        IOException e = assertThrows(IOException.class, () -> JfrProfiles.read(file, ProfiledCode.JMH.stacks()));
        assertTrue(e.getMessage().contains("broken.jfr"), e.getMessage());
    }

    @Test
    void arrayTypesReadAsJavaWritesThem() {
        assertEquals("byte[]", JfrProfiles.javaTypeName("[B"));
        assertEquals("java.lang.String[][]", JfrProfiles.javaTypeName("[[Ljava.lang.String;"));
        assertEquals("java.lang.String", JfrProfiles.javaTypeName("java.lang.String"));
    }

    private static String last(List<String> stack) {
        return stack.get(stack.size() - 1);
    }
}
