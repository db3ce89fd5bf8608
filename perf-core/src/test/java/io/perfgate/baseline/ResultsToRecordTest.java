package io.perfgate.baseline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.perfgate.log.PerfLog;
import io.perfgate.run.PerfRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which results perf:baseline records: the last run's, partial ones only when forced, or a run made first. */
class ResultsToRecordTest {
    private final List<String> lines = new ArrayList<>();
    private final PerfLog log = new PerfLog() {
        @Override
        public void info(String message) {
            lines.add(message);
        }

        @Override
        public void warn(String message) {
            lines.add("WARN " + message);
        }
    };

    private Optional<Path> find(Path dir, boolean forced, ResultsToRecord.Measuring<Exception> measure,
            boolean foundNone) throws Exception {
        return ResultsToRecord.find(dir.resolve("results.json"), dir.resolve("baseline.json"), forced,
                p -> dir.relativize(p).toString(), measure, () -> foundNone, log);
    }

    @Test
    void theLastRunsResultsAreRecordedWithoutMeasuring(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("results.json"), "{}");
        assertEquals(Optional.of(dir.resolve("results.json")), find(dir, false, () -> {
            throw new AssertionError("nothing is measured when there are results");
        }, false));
    }

    @Test
    void partialResultsOnlyWhenForced(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve(PerfRun.RESULTS_PARTIAL), "{}");
        BaselineException refused = assertThrows(BaselineException.class, () -> find(dir, false, () -> { }, false));
        assertTrue(refused.getMessage().startsWith("Refusing to write the baseline baseline.json: the last perf:run"
                + " failed and left only results-partial.json (status partial)"), refused.getMessage());
        assertTrue(refused.getMessage().endsWith("pass -Dperf.force=true to record the partial results."));
        assertEquals(Optional.of(dir.toAbsolutePath().resolve(PerfRun.RESULTS_PARTIAL)),
                find(dir, true, () -> { }, false));
    }

    @Test
    void withoutResultsTheBenchmarksRunFirst(@TempDir Path dir) throws Exception {
        assertEquals(Optional.of(dir.resolve("results.json")),
                find(dir, false, () -> Files.writeString(dir.resolve("results.json"), "{}"), false));
        assertEquals(List.of("No results at results.json: running the benchmarks first"), lines);
    }

    @Test
    void aModuleWithoutBenchmarksRecordsNothingAndARunThatSkippedIsAnError(@TempDir Path dir) throws Exception {
        assertEquals(Optional.empty(), find(dir, false, () -> { }, true));
        assertTrue(lines.contains("perf:baseline skipped: perf:run found no benchmarks or scenarios in this module"));
        BaselineException none = assertThrows(BaselineException.class, () -> find(dir, false, () -> { }, false));
        assertEquals("No results at results.json to record; the baseline baseline.json was not touched.",
                none.getMessage());
    }
}
