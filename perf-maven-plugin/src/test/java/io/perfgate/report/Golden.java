package io.perfgate.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;

/**
 * Golden-file comparison. Run the tests with {@code -Dgolden.update=true} to rewrite the expected files from
 * the actual output, then read the diff before committing it.
 */
final class Golden {
    private Golden() {
    }

    static void assertMatches(String resource, String actual) throws IOException {
        if (Boolean.getBoolean("golden.update")) {
            Path file = Paths.get("src/test/resources/io/perfgate/report").resolve(resource);
            Files.createDirectories(file.getParent());
            Files.write(file, actual.getBytes(StandardCharsets.UTF_8));
            return;
        }
        String expected;
        try (InputStream in = Golden.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new AssertionError("no golden file " + resource + "; run with -Dgolden.update=true to create it");
            }
            expected = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        assertEquals(expected, actual, "output differs from golden file " + resource);
    }
}
