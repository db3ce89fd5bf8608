package io.perfgate.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.perfgate.json.JsonFormatException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BaselineProfilesTest {
    @TempDir
    Path dir;

    private static StackProfile profile() {
        Map<List<String>, Long> cpu = new LinkedHashMap<>();
        cpu.put(Arrays.asList("a.Bench.run", "a.Writer.append"), 70L);
        cpu.put(Arrays.asList("a.Bench.run", "a.Writer.append", "a.Buffer.grow"), 30L);
        Map<List<String>, Long> wall = new LinkedHashMap<>();
        wall.put(Arrays.asList("a.Bench.run", "a.Counter.add"), 120L);
        Map<StackProfile.AllocationSite, Long> allocations = new LinkedHashMap<>();
        allocations.put(new StackProfile.AllocationSite("a.Writer.append", "byte[]"), 1L << 20);
        Map<String, StackProfile.Contention> locks = new LinkedHashMap<>();
        locks.put("a.Counter", new StackProfile.Contention(12, 3_400_000, "a.Counter.add"));
        return new StackProfile(cpu, wall, allocations, locks);
    }

    @Test
    void theProfilesLiveBesideTheBaselineAndReadBackAsWritten() throws Exception {
        assertEquals(Paths.get("src/perf/baseline-profiles.json"), BaselineProfiles.besides(Paths.get(
                "src/perf/baseline.json")));
        assertEquals(Paths.get("perf-base-profiles.json"), BaselineProfiles.besides(Paths.get("perf-base")));

        Path file = dir.resolve("baseline-profiles.json");
        new BaselineProfiles("0a1b", "async-profiler 4.2", "wall, alloc", Map.of("a.Bench.run:size=10", profile()))
                .write(file);
        BaselineProfiles read = BaselineProfiles.read(file);
        assertEquals("0a1b", read.baselineSha256());
        assertEquals("async-profiler 4.2", read.profiler());
        StackProfile p = read.get("a.Bench.run:size=10");
        assertEquals(profile().cpu(), p.cpu());
        assertEquals(profile().wall(), p.wall());
        assertEquals(profile().allocations(), p.allocations());
        assertEquals(3_400_000, p.locks().get("a.Counter").nanos());
        assertEquals("a.Counter.add", p.locks().get("a.Counter").topFrame());
        // frames are listed once, each stack is a line of indexes into them
        String text = Files.readString(file);
        assertTrue(text.contains("\"30 0 1 2\""), text);
    }

    @Test
    void theHashNamesTheBaselineByItsBytes() throws Exception {
        Path a = Files.writeString(dir.resolve("a.json"), "{\"x\":1}");
        Path b = Files.writeString(dir.resolve("b.json"), "{\"x\":2}");
        assertEquals(64, BaselineProfiles.sha256(a).length());
        assertNotEquals(BaselineProfiles.sha256(a), BaselineProfiles.sha256(b));
        assertEquals(BaselineProfiles.sha256(a), BaselineProfiles.sha256(Files.writeString(dir.resolve("c.json"),
                "{\"x\":1}")));
    }

    @Test
    void aDamagedFileIsRefusedNamingTheFileAndTheField() throws Exception {
        Path file = dir.resolve("baseline-profiles.json");
        new BaselineProfiles("0a1b", "JDK Flight Recorder", "cpu", Map.of("a.B.m", profile())).write(file);
        String text = Files.readString(file);

        Files.writeString(file, text.substring(0, text.length() / 2));
        JsonFormatException truncated = assertThrows(JsonFormatException.class, () -> BaselineProfiles.read(file));
        assertTrue(truncated.getMessage().contains("baseline-profiles.json"), truncated.getMessage());

        Files.writeString(file, text.replace("\"70 0 1\"", "\"70 0 99\""));
        JsonFormatException badFrame = assertThrows(JsonFormatException.class, () -> BaselineProfiles.read(file));
        assertTrue(badFrame.getMessage().contains("baseline-profiles.json"), badFrame.getMessage());
        assertTrue(badFrame.getMessage().contains("names frame 99, but only"), badFrame.getMessage());

        Files.writeString(file, text.replace("\"schema\" : 1", "\"schema\" : 2"));
        JsonFormatException schema = assertThrows(JsonFormatException.class, () -> BaselineProfiles.read(file));
        assertTrue(schema.getMessage().contains("schema"), schema.getMessage());
    }
}
