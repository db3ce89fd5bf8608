package io.perfgate.maven;

import io.perfgate.config.PerfProperties;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.perfgate.gate.GateSettings;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The gate names properties in its messages without depending on this package; keep the names equal. */
class GatePropertyNamesTest {
    @Test
    void everyGatePropertyOfPerfPropertiesIsUnderstoodByTheGateSettings() throws Exception {
        String[] names = {PerfProperties.MEDIAN_FAIL, PerfProperties.MEDIAN_MIN, PerfProperties.P95_FAIL,
            PerfProperties.P95_MIN, PerfProperties.ALPHA, PerfProperties.ALLOC_PERCENT, PerfProperties.ALLOC_BYTES,
            PerfProperties.MIN_FORKS, PerfProperties.MULTIPLICITY, PerfProperties.ENVIRONMENT_POLICY,
            PerfProperties.FAIL_ON_REGRESSION, PerfProperties.FAIL_ON_MISSING_BASELINE, PerfProperties.FAIL_ON_NEW,
            PerfProperties.FAIL_ON_MISSING};
        GateSettings.Builder b = GateSettings.builder();
        for (String name : names) {
            // A value each accepts; set() throws IllegalArgumentException for a name it does not know.
            String value = name.startsWith("perf.fail") ? "false" : name.equals(PerfProperties.MULTIPLICITY) ? "none"
                    : name.equals(PerfProperties.ENVIRONMENT_POLICY) ? "warn" : name.equals(PerfProperties.ALPHA)
                            ? "0.05" : name.equals(PerfProperties.MIN_FORKS) ? "5"
                                    : name.equals(PerfProperties.ALLOC_BYTES) ? "16" : "5%";
            b.set(name, value);
        }
        assertEquals(names.length, GateSettings.defaults().describe().keySet().stream()
                .filter(k -> !k.startsWith("perf.rules")).count());
        for (String name : names) {
            assertTrue(GateSettings.defaults().describe().containsKey(name), name);
        }
    }

    @Test
    void gateAndReportPackagesImportNothingFromMaven() throws IOException {
        List<String> offenders = new ArrayList<>();
        for (String pkg : new String[] {"gate", "report"}) {
            Path dir = Paths.get("src", "main", "java", "io", "perfgate", pkg);
            try (Stream<Path> files = Files.walk(dir)) {
                files.filter(f -> f.toString().endsWith(".java")).forEach(f -> {
                    try {
                        String text = new String(Files.readAllBytes(f), StandardCharsets.UTF_8);
                        if (text.contains("import org.apache.maven") || text.contains("io.perfgate.maven.")) {
                            offenders.add(f.toString());
                        }
                    } catch (IOException e) {
                        throw new java.io.UncheckedIOException(e);
                    }
                });
            }
        }
        assertTrue(offenders.isEmpty(), "Maven types outside io.perfgate.maven: " + offenders);
    }
}
