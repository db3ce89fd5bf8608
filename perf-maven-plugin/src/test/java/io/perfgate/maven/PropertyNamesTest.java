package io.perfgate.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.perfgate.config.PerfProperties;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * PerfProperties.names(), the names the unknown-property warning knows, are exactly the properties of the goals'
 * {@code @Parameter}s as the generated plugin descriptor has them: a parameter added without its constant, or a
 * constant no goal reads, would make the warning wrong.
 */
class PropertyNamesTest {
    /** Written by maven-plugin-plugin's descriptor goal (process-classes), before the tests run. */
    private static final Path DESCRIPTOR = Path.of("target/classes/META-INF/maven/plugin.xml");

    @Test
    void theKnownNamesAreTheGoalsParameters() throws Exception {
        assertTrue(Files.isRegularFile(DESCRIPTOR), DESCRIPTOR + " is missing: run the build through process-classes");
        Set<String> declared = new TreeSet<>();
        Matcher m = Pattern.compile("\\$\\{(perf\\.[^}]+)}").matcher(Files.readString(DESCRIPTOR,
                StandardCharsets.UTF_8));
        while (m.find()) {
            declared.add(m.group(1));
        }

        assertEquals(declared, PerfProperties.names());
    }
}
