package io.perfgate.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;

/**
 * Golden-file assertions: the expected text lives in {@code src/test/resources/golden/<name>}. Run with
 * {@code -Dgolden.update=true} to rewrite the files after an intended change, then review the diff.
 */
public final class Golden {
    private Golden() {
    }

    public static void assertMatches(String name, String actual) throws IOException {
        Path file = Paths.get(System.getProperty("basedir", "."), "src", "test", "resources", "golden", name);
        if (Boolean.getBoolean("golden.update")) {
            Files.createDirectories(file.getParent());
            Files.write(file, actual.getBytes(StandardCharsets.UTF_8));
            return;
        }
        if (!Files.exists(file)) {
            throw new AssertionError("no golden file " + file + "; run with -Dgolden.update=true to create it");
        }
        String expected = new String(Files.readAllBytes(file), StandardCharsets.UTF_8);
        assertEquals(expected, actual, "differs from golden file " + file);
    }
}
