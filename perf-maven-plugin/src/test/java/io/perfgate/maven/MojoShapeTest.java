package io.perfgate.maven;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.maven.plugin.AbstractMojo;
import org.junit.jupiter.api.Test;

/**
 * The goals stay thin (design.md, "A goal"): a Mojo class, abstract ones included, has at most 200 lines of code,
 * and no goal sits under more than three base classes of ours, so a goal's parameters can be read in a few files.
 */
class MojoShapeTest {
    private static final Path MOJOS = Paths.get("src/main/java/io/perfgate/maven");
    private static final int MAX_CODE_LINES = 200;
    private static final int MAX_OWN_BASES = 3;

    @Test
    void everyMojoClassHasAtMost200LinesOfCode() throws IOException {
        List<String> tooLong = new ArrayList<>();
        for (Path file : mojoSources()) {
            long lines = codeLines(file);
            if (lines > MAX_CODE_LINES) {
                tooLong.add(file.getFileName() + " (" + lines + " lines of code)");
            }
        }
        assertTrue(tooLong.isEmpty(), "Mojo classes over " + MAX_CODE_LINES + " lines of code; move the work to a"
                + " workflow of perf-core: " + tooLong);
    }

    @Test
    void noGoalHasMoreThanThreeBaseClassesOfOurs() throws Exception {
        List<String> deep = new ArrayList<>();
        for (Path file : mojoSources()) {
            String name = file.getFileName().toString().replace(".java", "");
            Class<?> type = Class.forName("io.perfgate.maven." + name);
            List<String> bases = new ArrayList<>();
            for (Class<?> c = type.getSuperclass(); c != null && c.getName().startsWith("io.perfgate."); c =
                    c.getSuperclass()) {
                bases.add(c.getSimpleName());
            }
            if (bases.size() > MAX_OWN_BASES) {
                deep.add(name + " -> " + String.join(" -> ", bases));
            }
        }
        assertTrue(deep.isEmpty(), "goals under more than " + MAX_OWN_BASES + " base classes of ours: " + deep);
    }

    @Test
    void theRuleSeesTheGoals() throws Exception {
        // a rule that reads no file passes whatever the code is
        List<Path> sources = mojoSources();
        assertTrue(sources.size() >= 12, "found only " + sources);
        assertTrue(sources.stream().anyMatch(p -> p.endsWith("CheckMojo.java")));
        assertTrue(AbstractMojo.class.isAssignableFrom(Class.forName("io.perfgate.maven.CheckMojo")));
    }

    /** The Mojo classes: those that extend Maven's AbstractMojo, abstract ones included. */
    private static List<Path> mojoSources() throws IOException {
        try (Stream<Path> files = Files.list(MOJOS)) {
            List<Path> mojos = new ArrayList<>();
            for (Path file : files.filter(p -> p.toString().endsWith(".java")).sorted().collect(Collectors.toList())) {
                String name = file.getFileName().toString().replace(".java", "");
                try {
                    if (AbstractMojo.class.isAssignableFrom(Class.forName("io.perfgate.maven." + name))) {
                        mojos.add(file);
                    }
                } catch (ClassNotFoundException e) {
                    // package-info and the like
                }
            }
            return mojos;
        }
    }

    /** Lines that are neither blank nor comment (line comments, and the lines of block and Javadoc comments). */
    static long codeLines(Path file) throws IOException {
        long count = 0;
        boolean inComment = false;
        for (String raw : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            String line = raw.trim();
            if (inComment) {
                if (line.contains("*/")) {
                    inComment = false;
                }
                continue;
            }
            if (line.isEmpty() || line.startsWith("//")) {
                continue;
            }
            if (line.startsWith("/*")) {
                inComment = !line.contains("*/");
                continue;
            }
            count++;
        }
        return count;
    }
}
