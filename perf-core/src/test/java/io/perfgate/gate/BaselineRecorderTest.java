package io.perfgate.gate;

import static io.perfgate.testing.Results.around;
import static io.perfgate.testing.Results.avgt;
import static io.perfgate.testing.Results.results;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.perfgate.files.AtomicFiles;
import io.perfgate.results.BenchmarkResult;
import io.perfgate.results.PerfResults;
import io.perfgate.results.ResultsJson;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BaselineRecorderTest {
    private static final BaselineRecorder RECORDER = new BaselineRecorder("0.1.0",
            Clock.fixed(Instant.parse("2026-11-21T12:00:00.123Z"), ZoneOffset.UTC));
    private static final byte[] OLD = "{\"old\": \"baseline\"}\n".getBytes(StandardCharsets.UTF_8);

    @TempDir
    Path dir;

    private static PerfResults complete() {
        return results(avgt("a.B.m", around(100, 0.02, 5, 1)));
    }

    @Test
    void anAcceptedSlowdownKeepsItsReasonInTheProvenance() throws Exception {
        Path file = dir.resolve("src/perf/baseline.json");
        RECORDER.record(complete(), "target/perf/results.json", file, false, "  64 KiB buffer, slower by design ");
        assertEquals("64 KiB buffer, slower by design", ResultsJson.read(file).provenance().get("reason"));
        RECORDER.record(complete(), "target/perf/results.json", file, false, " ");
        assertFalse(ResultsJson.read(file).provenance().containsKey("reason"), "a blank reason is no reason");
    }

    @Test
    void writesACompleteRunWithProvenanceThatReadsBack() throws Exception {
        Path file = dir.resolve("src/perf/baseline.json");
        PerfResults written = RECORDER.record(complete(), "target/perf/results.json", file, false);
        PerfResults back = ResultsJson.read(file);
        assertEquals(ResultsJson.toJson(written), ResultsJson.toJson(back));
        assertEquals("2026-11-21T12:00:00Z", back.provenance().get("recordedAt"));
        assertEquals("perf-maven-plugin 0.1.0", back.provenance().get("recordedWith"));
        assertEquals("0123456789abcdef", back.provenance().get("git.commit"));
        assertEquals("target/perf/results.json", back.provenance().get("results.file"));
        assertEquals("2026-11-20T10:00:00Z", back.provenance().get("results.createdAt"));
        assertFalse(back.provenance().containsKey("forced"));
        assertEquals(complete().environment(), back.environment());
        assertFalse(Files.exists(dir.resolve("src/perf/baseline.json.lock")), "the lock file is removed");
    }

    @Test
    void refusesAPartialRunAndLeavesTheOldBaselineByteForByte() throws Exception {
        Path file = dir.resolve("baseline.json");
        Files.write(file, OLD);
        PerfResults partial = complete().toBuilder().status(PerfResults.STATUS_PARTIAL).build();
        BaselineRefusedException e = assertThrows(BaselineRefusedException.class,
                () -> RECORDER.record(partial, "target/perf/results.json", file, false));
        assertTrue(e.getMessage().startsWith("the run is partial: a benchmark failed"), e.getMessage());
        assertTrue(e.getMessage().endsWith("or pass -Dperf.force=true to record it anyway."), e.getMessage());
        assertArrayEquals(OLD, Files.readAllBytes(file));
    }

    @Test
    void refusesBenchmarksWithoutForksOrRawData() {
        PerfResults noForks = results(avgt("a.B.m", around(100, 0.02, 5, 1)),
                BenchmarkResult.builder("a.C.m").mode("avgt").unit("ns/op").build(),
                BenchmarkResult.builder("a.D.m").mode("avgt").unit("ns/op")
                        .addFork(io.perfgate.testing.Results.fork(5)).warning("JMH wrote no raw data").build());
        assertEquals(java.util.Arrays.asList("a.C.m [avgt] has no forks", "a.D.m [avgt]: JMH wrote no raw data"),
                BaselineRecorder.problems(noForks));
        assertEquals(java.util.Collections.singletonList("the results hold no benchmark"),
                BaselineRecorder.problems(results()));
    }

    @Test
    void forceWritesAndRecordsWhy() throws Exception {
        Path file = dir.resolve("baseline.json");
        Files.write(file, OLD);
        PerfResults partial = complete().toBuilder().status(PerfResults.STATUS_PARTIAL).build();
        RECORDER.record(partial, null, file, true);
        PerfResults back = ResultsJson.read(file);
        assertEquals("true", back.provenance().get("forced"));
        assertTrue(back.provenance().get("forcedDespite").startsWith("the run is partial"));
        assertEquals(PerfResults.STATUS_PARTIAL, back.status());
    }

    @Test
    void aHeldLockStopsTheWriteAndKeepsTheOldFile() throws Exception {
        Path file = dir.resolve("baseline.json");
        Files.write(file, OLD);
        try (AtomicFiles.Lock held = AtomicFiles.lock(file)) {
            IOException e = assertThrows(IOException.class, () -> RECORDER.record(complete(), null, file, false));
            assertTrue(e.getMessage().contains("is already held by this JVM"), e.getMessage());
        }
        assertArrayEquals(OLD, Files.readAllBytes(file));
    }
}
