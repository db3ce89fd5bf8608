package io.perfgate.baseline;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.perfgate.config.PerfProperties;
import io.perfgate.history.HistorySettings;
import io.perfgate.log.PerfLog;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** When perf:check judges against the history instead of a baseline file. */
class HistoryBaselineChoiceTest {
    private final List<String> warnings = new ArrayList<>();
    private final PerfLog log = new PerfLog() {
        @Override
        public void info(String message) {
        }

        @Override
        public void warn(String message) {
            warnings.add(message);
        }
    };

    private HistoryBaseline chosen(Path module, Path baseline, String history) {
        return HistoryBaseline.chosenBy(baseline, module, new HistorySettings(history, "perf-history", "origin",
                false), 20, "main", log);
    }

    @Test
    void askedForOrStandingInForTheDefaultFileThatIsMissing(@TempDir Path module) throws Exception {
        Files.createDirectories(module.resolve("hist"));
        assertNotNull(chosen(module, module.resolve(PerfProperties.BASELINE_HISTORY), "hist"), "perf.baseline=history");
        assertNotNull(chosen(module, module.resolve(PerfProperties.DEFAULT_BASELINE_FILE), "hist"),
                "the default file, missing");
        Path file = module.resolve(PerfProperties.DEFAULT_BASELINE_FILE);
        Files.createDirectories(file.getParent());
        Files.writeString(file, "{}");
        assertNull(chosen(module, file, "hist"), "the default file exists: it is the baseline");
        assertNull(chosen(module, module.resolve("other.json"), "hist"), "another file, missing: no history");
    }

    @Test
    void aGitHistoryOutsideARepositoryIsNoHistoryAndAWarningWhenAskedFor(@TempDir Path module) {
        assertNull(chosen(module, module.resolve(PerfProperties.DEFAULT_BASELINE_FILE), "git"));
        assertTrue(warnings.isEmpty(), "standing in, it is said at debug level: " + warnings);
        assertNull(chosen(module, module.resolve(PerfProperties.BASELINE_HISTORY), "git"));
        assertTrue(warnings.size() == 1 && warnings.get(0).startsWith("No history to judge against: "), "" + warnings);
    }
}
