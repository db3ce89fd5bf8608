package io.perfgate.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The design page names every package of the main code with its floor, the floor the architecture test holds the
 * core to: a package added, split or moved without a row there fails here, so the page a newcomer reads first
 * stays the code's map.
 */
class DesignPageTest {
    private static final Path DESIGN = DocPages.SITE.resolve("explanation/design.md");
    /** The packages under {@code io.perfgate} of each main source tree the page describes. */
    private static final List<Path> SOURCES = List.of(Paths.get("src/main/java/io/perfgate"),
            DocPages.ROOT.resolve("perf-core/src/main/java/io/perfgate"));
    private static final Path ARCHITECTURE_TEST = DocPages.ROOT.resolve(
            "perf-core/src/test/java/io/perfgate/ArchitectureTest.java");

    /** A row of the package table: {@code | floor | `package` | job |}. */
    private static final Pattern ROW = Pattern.compile("(?m)^\\|\\s*(\\d+)\\s*\\|\\s*`([a-z.]+)`\\s*\\|");
    private static final Pattern LAYER = Pattern.compile("LAYERS\\.put\\(\"([a-z]+)\",\\s*(\\d+)\\)");

    @Test
    void everyPackageHasARowWithItsFloor() throws IOException {
        Map<String, Integer> rows = floors(DocPages.read(DESIGN), ROW, 2, 1);
        Map<String, Integer> layers = floors(DocPages.read(ARCHITECTURE_TEST), LAYER, 1, 2);
        assertTrue(layers.size() > 10, "floors read from ArchitectureTest: " + layers);
        List<String> wrong = new ArrayList<>();
        for (String pkg : packages()) {
            Integer row = rows.get(pkg);
            if (row == null) {
                wrong.add(pkg + ": no row in the package table");
            } else if (layers.containsKey(pkg) && !row.equals(layers.get(pkg))) {
                wrong.add(pkg + ": floor " + row + " on the page, " + layers.get(pkg) + " in ArchitectureTest");
            }
        }
        assertEquals(List.of(), wrong, "design.md against the main code's packages");
    }

    /** A row for a package that is gone misleads as much as a missing one. */
    @Test
    void everyRowIsAPackage() throws IOException {
        List<String> packages = packages();
        List<String> gone = floors(DocPages.read(DESIGN), ROW, 2, 1).keySet().stream()
                .filter(p -> !packages.contains(p)).collect(Collectors.toList());
        assertEquals(List.of(), gone, "rows of design.md for packages the main code does not have");
    }

    /** Each package {@code pattern} finds in {@code text} (group {@code name}) with its floor (group {@code floor}). */
    private static Map<String, Integer> floors(String text, Pattern pattern, int name, int floor) {
        Map<String, Integer> floors = new TreeMap<>();
        Matcher m = pattern.matcher(text);
        while (m.find()) {
            floors.put(m.group(name), Integer.valueOf(m.group(floor)));
        }
        return floors;
    }

    private static List<String> packages() throws IOException {
        List<String> packages = new ArrayList<>();
        for (Path root : SOURCES) {
            try (Stream<Path> dirs = Files.list(root)) {
                dirs.filter(Files::isDirectory).map(d -> d.getFileName().toString()).forEach(packages::add);
            }
        }
        assertTrue(packages.contains("maven") && packages.contains("gate"), "packages read: " + packages);
        return packages;
    }
}
