package io.perfgate.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import javax.tools.ToolProvider;

/** Real class files for tests of what a patch changes: sources by path ({@code p/Codec}), compiled with javac. */
public final class Javac {
    private Javac() {
    }

    /** Compiles {@code sources} under {@code dir/<side>-src} into {@code dir/<side>-classes}, which it returns. */
    public static Path compile(Path dir, String side, Map<String, String> sources) throws IOException {
        Path src = Files.createDirectories(dir.resolve(side + "-src"));
        Path out = Files.createDirectories(dir.resolve(side + "-classes"));
        List<String> args = new ArrayList<>(Arrays.asList("-d", out.toString(), "--release", "11", "-g"));
        for (Map.Entry<String, String> e : sources.entrySet()) {
            Path file = src.resolve(e.getKey() + ".java");
            Files.createDirectories(file.getParent());
            Files.write(file, e.getValue().getBytes(StandardCharsets.UTF_8));
            args.add(file.toString());
        }
        assertEquals(0, ToolProvider.getSystemJavaCompiler().run(null, null, null, args.toArray(new String[0])),
                "javac");
        return out;
    }
}
