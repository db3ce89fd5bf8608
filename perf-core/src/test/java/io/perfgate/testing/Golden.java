package io.perfgate.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;

/**
 * Golden-file comparison. Expected files live under {@code src/test/resources}; run the tests with
 * {@code -Dperf.updateGolden=true} to rewrite them from the actual output, then review the diff before committing.
 */
public final class Golden {
    private static final Path RESOURCES = Paths.get("src", "test", "resources");

    private Golden() {
    }

    /** The text of a test resource, e.g. {@code jmh/thrpt-threads.json}. */
    public static String resource(String name) {
        try (InputStream in = Golden.class.getClassLoader().getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalArgumentException("no test resource " + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Path of a test resource in the source tree (for tests that need a file). */
    public static Path sourcePath(String name) {
        return RESOURCES.resolve(name);
    }

    public static void assertMatches(String goldenName, String actual) {
        Path file = RESOURCES.resolve(goldenName);
        try {
            if (Boolean.getBoolean("perf.updateGolden")) {
                Files.createDirectories(file.getParent());
                Files.write(file, actual.getBytes(StandardCharsets.UTF_8));
            }
            if (!Files.exists(file)) {
                throw new AssertionError("golden file " + file + " is missing; run with -Dperf.updateGolden=true"
                        + " to create it, and review it");
            }
            String expected = new String(Files.readAllBytes(file), StandardCharsets.UTF_8);
            assertEquals(expected, actual, "output differs from " + file
                    + " (if the change is intended, rerun with -Dperf.updateGolden=true and review the diff)");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
