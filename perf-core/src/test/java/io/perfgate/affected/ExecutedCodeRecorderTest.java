package io.perfgate.affected;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.perfgate.results.BenchmarkResult;
import io.perfgate.testing.LogLines;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the recorder says and writes around its forks (the forks themselves: forkprofile.RecordingForksTest): one
 * fork per benchmark and parameter set whatever the modes, a failed fork a warning that leaves its benchmark out,
 * and no map at all rather than an empty one.
 */
class ExecutedCodeRecorderTest {
    private static final String COMMIT = "0123456789abcdef0123456789abcdef01234567";

    @TempDir
    Path tmp;

    private static BenchmarkResult result(String name, String mode, String size) {
        return BenchmarkResult.builder(name).mode(mode).params(size == null ? Map.of() : Map.of("size", size))
                .unit("ns/op").build();
    }

    @Test
    void theCostLineSaysWhatWasRecordedInHowManyForksHowLongAndHowLarge() {
        ExecutedCodeRecorder.Recording recording = new ExecutedCodeRecorder.Recording(null, 65, 131, 131, List.of(),
                Duration.ofSeconds(130));

        assertEquals("perf.executedCode: recorded the code 65 benchmarks (131 parameter sets) ran in 131 short"
                + " forks, 2 min 10 s, 48 KB (the map perf.affected selects by)", recording.line(48 * 1024 + 100));
    }

    @Test
    void aFailedForkIsAWarningAndNoForkRecordingAnythingWritesNoMap() throws Exception {
        List<String> launched = new ArrayList<>();
        ExecutedCodeRecorder.Forks forks = (benchmark, params, jvmArgs, directory) -> {
            launched.add(benchmark + params + " " + jvmArgs.get(0).startsWith("-javaagent:"));
            if (params.isEmpty()) {
                throw new ExecutedCodeRecorder.ForkFailedException("JMH exited with 1\nmore lines", null);
            }
            // the other ends without writing its execution data
        };
        LogLines log = new LogLines();
        Path map = tmp.resolve(ExecutedCodeJson.FILE_NAME);
        Files.write(map, new byte[] {1});
        List<BenchmarkResult> measured = List.of(result("a.B.x", "thrpt", "10"), result("a.B.x", "avgt", "10"),
                result("a.C.y", "avgt", null), BenchmarkResult.builder("index-job").kind(BenchmarkResult.KIND_SCENARIO)
                        .mode("ss").unit("ms").build());

        ExecutedCodeRecorder.Recording recording = new ExecutedCodeRecorder(forks,
                tmp.resolve("jacocoagent.jar"), List.of(tmp), tmp.resolve("exec"), log)
                .recordInto(measured, COMMIT, map);

        assertEquals(List.of("a.B.x{size=10} true", "a.C.y{} true"), launched, "one fork a parameter set, no scenario");
        assertNull(recording.code());
        assertEquals(List.of("B.x (size=10)", "C.y"), recording.failed());
        assertFalse(Files.exists(map), "an earlier map is not left for perf:record");
        assertEquals(3, log.warnings().size(), log.toString());
        assertTrue(log.warnings().get(0).startsWith("perf.executedCode: could not record the code B.x (size=10) ran"
                + " (the fork ended without writing "), log.warnings().get(0));
        assertEquals("perf.executedCode: could not record the code C.y ran (JMH exited with 1); it is left out of the"
                + " map, and perf.affected treats it as unrecorded", log.warnings().get(1));
        assertEquals("perf.executedCode: no map of the code the benchmarks ran was written: none of the 2 recording"
                + " forks recorded anything", log.warnings().get(2));
    }
}
