package io.perfgate.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import org.apache.maven.plugin.MojoExecutionException;
import org.junit.jupiter.api.Test;

class ExecutedCodeRecordingTest {
    /** A typo in perf.executedCode stops the build before anything is measured, naming the property. */
    @Test
    void aBadSettingIsRefusedNamingTheProperty() {
        MojoExecutionException e = assertThrows(MojoExecutionException.class,
                () -> new ExecutedCodeRecording(new RunMojo(null, null), null, null, "yes", true));
        assertEquals("perf.executedCode = 'yes' is not one of auto|true|false", e.getMessage());
    }

    @Test
    void theMapIsWrittenBesideTheResults() {
        assertEquals(Path.of("target/perf/executed-code.json.gz").toAbsolutePath(),
                ExecutedCodeRecording.mapFile(Path.of("target/perf/results.json")));
    }
}
