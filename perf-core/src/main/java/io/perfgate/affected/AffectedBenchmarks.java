package io.perfgate.affected;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * {@code perf.affected}: the benchmarks whose code can reach a class that differs between the base and the
 * candidate. The project's own classes are the directories on each side's classpath; a class differs when its
 * bytes do or it exists on one side only. From each benchmark's class, the references of both sides' class files
 * ({@link ClassReferences}) are followed through the project's own classes. Where the analysis cannot be sure it
 * includes rather than skips, and says why: a reached class uses reflection or service loading, a resource of the
 * project changed, or the dependencies (the jars on the classpath) differ.
 */
public final class AffectedBenchmarks {
    /** Files the JMH annotation processor writes, which change with the benchmarks and affect nothing else. */
    private static final Set<String> JMH_INDEXES = new TreeSet<>(Arrays.asList("META-INF/BenchmarkList",
            "META-INF/CompilerHints"));

    /**
     * Whether a resource is build metadata that differs between any two builds (a bundle plugin's manifest with its
     * build time and commit, Maven's pom.properties) and that no code loads to decide what it does: a class
     * directory's manifest is not read by the class loader. Counting it would select every benchmark of a reactor
     * module built with such plugins, as Avro's are, whatever the patch.
     */
    static boolean buildMetadata(String resource) {
        return JMH_INDEXES.contains(resource) || resource.equals("META-INF/MANIFEST.MF")
                || resource.startsWith("META-INF/maven/");
    }

    /**
     * What was selected, each with why; what was left out, each with why; and what changed. Made by the class
     * analysis here or, from a map of the code each benchmark ran, by {@link ExecutedCodeSelection}.
     */
    public static final class Selection {
        public final Map<String, String> selected = new LinkedHashMap<>();
        public final Map<String, String> skipped = new LinkedHashMap<>();
        /** What differs: binary class names here, methods ({@code p.Codec.run}) by the map of executed code. */
        public final List<String> changed = new ArrayList<>();
        /**
         * For a selected benchmark that reaches a changed class through the references: how many references away
         * it is (0: the benchmark's own class changed, 1: it names a changed class); by the map of executed code,
         * 0 for one that ran a changed method. Absent where it was selected for another reason.
         * {@link io.perfgate.planning.SuiteOrder} runs the nearest first.
         */
        public final Map<String, Integer> distance = new LinkedHashMap<>();
        /** True when the map of executed code selected, so that distance 0 means "runs changed code". */
        public boolean byExecutedCode;
    }

    private AffectedBenchmarks() {
    }

    public static Selection select(List<String> benchmarks, List<Path> candidateClasspath, List<Path> baseClasspath)
            throws IOException {
        Side candidate = Side.of(candidateClasspath);
        Side base = Side.of(baseClasspath);
        Selection selection = new Selection();
        Set<String> changed = new TreeSet<>();
        for (String name : union(candidate.classes.keySet(), base.classes.keySet())) {
            if (!Arrays.equals(candidate.bytes(name), base.bytes(name))) {
                changed.add(name);
            }
        }
        selection.changed.addAll(changed.stream().map(AffectedBenchmarks::binaryName).collect(Collectors.toList()));
        String everything = everything(candidate, base);
        for (String benchmark : benchmarks) {
            if (everything != null) {
                selection.selected.put(benchmark, everything);
                continue;
            }
            String start = candidate.classOf(benchmark);
            String reason = start == null ? "its class is not among the project's classes, so what it reaches is"
                    + " unknown" : reach(start, candidate, base, changed, selection.distance, benchmark);
            if (reason != null) {
                selection.selected.put(benchmark, reason);
            } else {
                selection.skipped.put(benchmark, "reaches no changed class");
            }
        }
        return selection;
    }

    /**
     * Why every benchmark is affected, whatever it runs: the dependencies (the jars on the classpath) differ, or a
     * resource of the project changed (which code may load by name); null when neither.
     */
    static String everything(Side candidate, Side base) throws IOException {
        Set<String> jarsAdded = new TreeSet<>(candidate.jars);
        jarsAdded.removeAll(base.jars);
        Set<String> jarsRemoved = new TreeSet<>(base.jars);
        jarsRemoved.removeAll(candidate.jars);
        if (!jarsAdded.isEmpty() || !jarsRemoved.isEmpty()) {
            return "the dependencies differ (" + describe(jarsAdded, jarsRemoved) + "), which any benchmark may reach";
        }
        Set<String> resources = new TreeSet<>();
        for (String r : union(candidate.resources.keySet(), base.resources.keySet())) {
            if (!buildMetadata(r) && !Arrays.equals(candidate.resource(r), base.resource(r))) {
                resources.add(r);
            }
        }
        return resources.isEmpty() ? null
                : "a resource changed (" + String.join(", ", resources) + "), which code may load by name";
    }

    /** Why the benchmark class {@code start} is affected, or null when nothing it reaches changed. */
    private static String reach(String start, Side candidate, Side base, Set<String> changed,
            Map<String, Integer> distances, String benchmark) throws IOException {
        // breadth first, so the changed class found is one of the nearest and its depth is the distance
        Map<String, Integer> depth = new LinkedHashMap<>();
        Deque<String> todo = new ArrayDeque<>();
        todo.add(start);
        depth.put(start, 0);
        while (!todo.isEmpty()) {
            String cls = todo.poll();
            if (changed.contains(cls)) {
                distances.put(benchmark, depth.get(cls));
                return "reaches " + binaryName(cls) + ", changed";
            }
            for (Side side : Arrays.asList(candidate, base)) {
                ClassReferences refs = side.references(cls);
                if (refs == null) {
                    continue;
                }
                if (refs.reflective()) {
                    return "reaches " + binaryName(cls) + ", which uses reflection or service loading, so what it"
                            + " reaches in turn cannot be read from its code";
                }
                for (String next : refs.referenced()) {
                    if ((candidate.classes.containsKey(next) || base.classes.containsKey(next))
                            && !depth.containsKey(next)) {
                        depth.put(next, depth.get(cls) + 1);
                        todo.add(next);
                    }
                }
            }
        }
        return null;
    }

    static Set<String> union(Set<String> a, Set<String> b) {
        Set<String> all = new TreeSet<>(a);
        all.addAll(b);
        return all;
    }

    private static String describe(Set<String> added, Set<String> removed) {
        List<String> parts = new ArrayList<>();
        added.forEach(j -> parts.add("+" + j));
        removed.forEach(j -> parts.add("-" + j));
        return String.join(", ", parts);
    }

    static String binaryName(String internal) {
        return internal.replace('/', '.');
    }

    /** One side's own classes and resources (from the classpath's directories) and its jars. */
    static final class Side {
        final Map<String, Path> classes = new LinkedHashMap<>();
        final Map<String, Path> resources = new LinkedHashMap<>();
        /** The jars' file names, which tell whether the dependencies differ. */
        final Set<String> jars = new TreeSet<>();
        /** The jars themselves, in classpath order, where a supertype of the project's classes may live. */
        final List<Path> jarFiles = new ArrayList<>();
        private final Map<String, ClassReferences> read = new LinkedHashMap<>();

        static Side of(List<Path> classpath) throws IOException {
            Side side = new Side();
            for (Path entry : classpath) {
                if (Files.isDirectory(entry)) {
                    List<Path> files;
                    try (Stream<Path> walk = Files.walk(entry)) {
                        files = walk.filter(Files::isRegularFile).sorted().collect(Collectors.toList());
                    }
                    for (Path f : files) {
                        String rel = entry.relativize(f).toString().replace(f.getFileSystem().getSeparator(), "/");
                        if (rel.endsWith(".class")) {
                            side.classes.putIfAbsent(rel.substring(0, rel.length() - ".class".length()), f);
                        } else {
                            side.resources.putIfAbsent(rel, f);
                        }
                    }
                } else if (Files.isRegularFile(entry)) {
                    side.jars.add(entry.getFileName().toString());
                    side.jarFiles.add(entry);
                }
            }
            return side;
        }

        byte[] bytes(String name) throws IOException {
            Path f = classes.get(name);
            return f == null ? null : Files.readAllBytes(f);
        }

        byte[] resource(String name) throws IOException {
            Path f = resources.get(name);
            return f == null ? null : Files.readAllBytes(f);
        }

        ClassReferences references(String name) throws IOException {
            if (!classes.containsKey(name)) {
                return null;
            }
            ClassReferences refs = read.get(name);
            if (refs == null) {
                refs = ClassReferences.read(Files.readAllBytes(classes.get(name)));
                read.put(name, refs);
            }
            return refs;
        }

        /** The class of benchmark {@code pkg.Outer.Inner.method}: its name less the method, nested or not. */
        String classOf(String benchmark) {
            int dot = benchmark.lastIndexOf('.');
            if (dot < 0) {
                return null;
            }
            String name = benchmark.substring(0, dot).replace('.', '/');
            while (true) {
                if (classes.containsKey(name)) {
                    return name;
                }
                int slash = name.lastIndexOf('/');
                if (slash < 0) {
                    return null;
                }
                name = name.substring(0, slash) + "$" + name.substring(slash + 1);
            }
        }
    }
}
