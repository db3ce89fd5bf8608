package io.perfgate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The package structure of the plugin, read from its sources: the layers of the design page
 * ({@code src/site/markdown/explanation/design.md}), checked on every build so a shortcut between packages shows up as a
 * failing test rather than as a cycle someone finds later. A new package must be given its layer here.
 */
class ArchitectureTest {
    private static final Path SOURCES = Paths.get("src", "main", "java", "io", "perfgate");

    /**
     * Each package of the plugin and its layer: a package may use only packages of lower layers, so the
     * dependencies form no cycle. Layer 0 holds the kits that depend on nothing of ours.
     */
    private static final Map<String, Integer> LAYERS = new LinkedHashMap<>();

    static {
        LAYERS.put("baseline", 9);
        LAYERS.put("mainline", 8);
        LAYERS.put("premerge", 8);
        LAYERS.put("confirm", 7);
        LAYERS.put("planning", 6);
        LAYERS.put("forkprofile", 6);
        LAYERS.put("report", 5);
        LAYERS.put("interleaved", 5);
        LAYERS.put("run", 4);
        LAYERS.put("gate", 4);
        LAYERS.put("workspace", 4);
        LAYERS.put("affected", 4);
        LAYERS.put("jmh", 3);
        LAYERS.put("scenariorunner", 3);
        LAYERS.put("shard", 3);
        LAYERS.put("profile", 3);
        LAYERS.put("history", 3);
        LAYERS.put("results", 2);
        LAYERS.put("trend", 3);
        LAYERS.put("stats", 1);
        LAYERS.put("env", 1);
        LAYERS.put("json", 1);
        LAYERS.put("files", 0);
        LAYERS.put("config", 0);
        LAYERS.put("log", 0);
        LAYERS.put("process", 0);
        LAYERS.put("text", 0);
    }

    /** The scenario API's package: another artifact (perf-scenario-api), which only the scenario runner loads. */
    private static final String SCENARIO_API = "scenario";

    private static final Pattern OUR_REFERENCE = Pattern.compile("\\bio\\.perfgate\\.([a-z]+)\\.");

    @Test
    void everyPackageHasALayer() {
        Set<String> missing = new TreeSet<>(packages());
        missing.removeAll(LAYERS.keySet());
        assertTrue(missing.isEmpty(), "packages without a layer in ArchitectureTest.LAYERS (and the design page): "
                + missing);
    }

    @Test
    void packagesUseOnlyLowerLayers() {
        List<String> violations = new ArrayList<>();
        dependencies().forEach((from, targets) -> targets.forEach((to, where) -> {
            if (to.equals(SCENARIO_API)) {
                if (!from.equals("scenariorunner")) {
                    violations.add(from + " -> the scenario API (" + where + "); only scenariorunner loads it");
                }
                return;
            }
            Integer fromLayer = LAYERS.get(from);
            Integer toLayer = LAYERS.get(to);
            if (fromLayer != null && toLayer != null && toLayer >= fromLayer) {
                violations.add(from + " (layer " + fromLayer + ") -> " + to + " (layer " + toLayer + ") in " + where);
            }
        }));
        assertTrue(violations.isEmpty(), "dependencies against the layering:\n" + String.join("\n", violations));
    }

    @Test
    void packagesFormNoCycle() {
        Map<String, Map<String, String>> graph = dependencies();
        List<String> cycle = findCycle(graph);
        assertTrue(cycle.isEmpty(), "package cycle: " + String.join(" -> ", cycle));
    }

    @Test
    void onlyTheMojoPackageImportsMaven() {
        List<String> offenders = new ArrayList<>();
        for (Path file : javaFiles()) {
            String pkg = packageOf(file);
            String code = code(read(file));
            if (!pkg.equals("maven") && (code.contains("org.apache.maven") || code.contains("org.eclipse.aether"))) {
                offenders.add(SOURCES.relativize(file).toString());
            }
        }
        assertTrue(offenders.isEmpty(), "Maven (or Maven Resolver) types outside io.perfgate.maven: " + offenders);
    }

    /** One home per kit: a second {@code ObjectMapper} reads or writes JSON by rules of its own. */
    @Test
    void onlyTheJsonKitMakesAnObjectMapper() {
        assertEquals(List.of(), filesOutside("json", Pattern.compile("\\bnew\\s+ObjectMapper\\b")),
                "files that make their own ObjectMapper instead of using io.perfgate.json");
    }

    /** Ending a process with all it started has one home; a copy forgets the forks, the grace period or the wait. */
    @Test
    void onlyTheProcessPackageKillsProcesses() {
        assertEquals(List.of(), filesOutside("process", Pattern.compile("(\\.|::)destroy(Forcibly)?\\b")),
                "files that kill processes themselves instead of through io.perfgate.process.ProcessTree");
    }

    @Test
    void stringsAndCommentsAreNotDependencies() {
        String source = "import io.perfgate.stats.Verdict;\n/** {@link io.perfgate.maven.X} */\n"
                + "String s = \"org.apache.maven.plugins:x \\\" io.perfgate.report.Y\"; // io.perfgate.run.Z\n";
        assertEquals("import io.perfgate.stats.Verdict;\n\nString s = \"\"; \n", code(source));
    }

    @Test
    void theCycleFinderFindsACycle() {
        // The finder itself must be able to fail: a -> b -> c -> a.
        Map<String, Map<String, String>> graph = new TreeMap<>();
        graph.computeIfAbsent("a", k -> new TreeMap<>()).put("b", "");
        graph.computeIfAbsent("b", k -> new TreeMap<>()).put("c", "");
        graph.computeIfAbsent("c", k -> new TreeMap<>()).put("a", "");
        assertEquals(List.of("a", "b", "c", "a"), findCycle(graph));
    }

    // ------------------------------------------------------------------ reading the sources

    /** The files outside package {@code home} whose code (not comments or strings) matches {@code forbidden}. */
    private static List<String> filesOutside(String home, Pattern forbidden) {
        List<String> offenders = new ArrayList<>();
        for (Path file : javaFiles()) {
            if (!packageOf(file).equals(home) && forbidden.matcher(code(read(file))).find()) {
                offenders.add(SOURCES.relativize(file).toString());
            }
        }
        return offenders;
    }

    private static Set<String> packages() {
        return javaFiles().stream().map(ArchitectureTest::packageOf).collect(Collectors.toCollection(TreeSet::new));
    }

    /** For each package, the packages of ours it refers to, each with one file that does, for the message. */
    private static Map<String, Map<String, String>> dependencies() {
        Map<String, Map<String, String>> graph = new TreeMap<>();
        for (Path file : javaFiles()) {
            String from = packageOf(file);
            Matcher m = OUR_REFERENCE.matcher(code(read(file)));
            while (m.find()) {
                String to = m.group(1);
                if (!to.equals(from)) {
                    graph.computeIfAbsent(from, k -> new TreeMap<>()).putIfAbsent(to,
                            SOURCES.relativize(file).toString());
                }
            }
        }
        return graph;
    }

    /**
     * The source without comments and string literals: comments name other packages in {@code @link}s, and messages
     * name Maven plugins ({@code org.apache.maven.plugins:maven-dependency-plugin}); only code is a dependency.
     */
    static String code(String source) {
        return source.replaceAll("\"(?:[^\"\\\\\n]|\\\\.)*\"", "\"\"")
                .replaceAll("(?s)/\\*.*?\\*/", "").replaceAll("//[^\n]*", "");
    }

    private static String packageOf(Path file) {
        return SOURCES.relativize(file).getName(0).toString();
    }

    private static List<Path> javaFiles() {
        try (Stream<Path> files = Files.walk(SOURCES)) {
            return files.filter(f -> f.toString().endsWith(".java") && SOURCES.relativize(f).getNameCount() > 1)
                    .sorted().collect(Collectors.toList());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String read(Path file) {
        try {
            return new String(Files.readAllBytes(file), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A cycle as its packages in order with the first repeated at the end, or an empty list. */
    private static List<String> findCycle(Map<String, Map<String, String>> graph) {
        Map<String, Integer> state = new TreeMap<>(); // 1: on the current path, 2: done
        for (String start : graph.keySet()) {
            List<String> path = new ArrayList<>();
            List<String> cycle = visit(start, graph, state, path);
            if (!cycle.isEmpty()) {
                return cycle;
            }
        }
        return List.of();
    }

    private static List<String> visit(String node, Map<String, Map<String, String>> graph, Map<String, Integer> state,
            List<String> path) {
        Integer s = state.get(node);
        if (s != null && s == 2) {
            return List.of();
        }
        if (s != null && s == 1) {
            List<String> cycle = new ArrayList<>(path.subList(path.indexOf(node), path.size()));
            cycle.add(node);
            return cycle;
        }
        state.put(node, 1);
        path.add(node);
        for (String next : graph.getOrDefault(node, Map.of()).keySet()) {
            List<String> cycle = visit(next, graph, state, path);
            if (!cycle.isEmpty()) {
                return cycle;
            }
        }
        path.remove(path.size() - 1);
        state.put(node, 2);
        return List.of();
    }
}
