package io.perfgate.affected;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Real class files, compiled here: what each benchmark class reaches decides whether a patch affects it. */
class AffectedBenchmarksTest {
    @TempDir
    Path dir;

    private static final String[] BENCHMARKS = {"p.CodecBench.encode", "p.ParserBench.parse", "p.PluginBench.load"};

    private static Map<String, String> sources(String codecConstant) {
        Map<String, String> s = new LinkedHashMap<>();
        s.put("p/CodecBench", "package p; public class CodecBench { public int encode() { return new Codec().run(); } }");
        // the parser is reached only through a field's type: a descriptor, not a call
        s.put("p/ParserBench", "package p; public class ParserBench { Parser parser; public int parse() { return 1; } }");
        s.put("p/PluginBench", "package p; public class PluginBench { public Object load() throws Exception {"
                + " return new Loader().load(); } }");
        s.put("p/Codec", "package p; class Codec { int run() { return " + codecConstant + "; } }");
        s.put("p/Parser", "package p; class Parser { int depth = 3; }");
        s.put("p/Loader", "package p; class Loader { Object load() throws Exception {"
                + " return Class.forName(\"p.Parser\"); } }");
        return s;
    }

    private Path compile(String side, Map<String, String> sources) throws Exception {
        Path src = Files.createDirectories(dir.resolve(side + "-src"));
        Path out = Files.createDirectories(dir.resolve(side + "-classes"));
        List<String> args = new ArrayList<>(Arrays.asList("-d", out.toString(), "--release", "11"));
        for (Map.Entry<String, String> e : sources.entrySet()) {
            Path file = src.resolve(e.getKey() + ".java");
            Files.createDirectories(file.getParent());
            Files.write(file, e.getValue().getBytes(StandardCharsets.UTF_8));
            args.add(file.toString());
        }
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        assertEquals(0, javac.run(null, null, null, args.toArray(new String[0])), "javac");
        return out;
    }

    @Test
    void onlyTheBenchmarksThatReachAChangedClassAreSelectedEachWithWhy() throws Exception {
        Path base = compile("base", sources("1"));
        Path candidate = compile("candidate", sources("2"));

        AffectedBenchmarks.Selection s = AffectedBenchmarks.select(Arrays.asList(BENCHMARKS),
                Collections.singletonList(candidate), Collections.singletonList(base));

        assertEquals(Arrays.asList("p.Codec"), s.changed);
        assertEquals("reaches p.Codec, changed", s.selected.get("p.CodecBench.encode"));
        assertEquals(Map.of("p.ParserBench.parse", "reaches no changed class"), s.skipped);
        // CodecBench names Codec: one reference away, which the suite's order runs first; the reflective one has
        // no path, so no distance
        assertEquals(Map.of("p.CodecBench.encode", 1), s.distance);
        // Class.forName can reach anything: included, and said why
        assertEquals("reaches p.Loader, which uses reflection or service loading, so what it reaches in turn cannot"
                + " be read from its code", s.selected.get("p.PluginBench.load"));
    }

    @Test
    void aClassReachedThroughATypeOnlyCountsToo() throws Exception {
        Map<String, String> changed = sources("1");
        changed.put("p/Parser", "package p; class Parser { int depth = 4; }");
        AffectedBenchmarks.Selection s = AffectedBenchmarks.select(Arrays.asList(BENCHMARKS),
                Collections.singletonList(compile("candidate", changed)),
                Collections.singletonList(compile("base", sources("1"))));
        assertEquals("reaches p.Parser, changed", s.selected.get("p.ParserBench.parse"));
        assertEquals(Arrays.asList("p.CodecBench.encode"), new ArrayList<>(s.skipped.keySet()));
    }

    @Test
    void aChangedResourceOrDependencyIncludesEveryBenchmark() throws Exception {
        Path base = compile("base", sources("1"));
        Path candidate = compile("candidate", sources("1"));
        Files.write(candidate.resolve("codec.properties"), "level=9".getBytes(StandardCharsets.UTF_8));
        Files.write(base.resolve("codec.properties"), "level=1".getBytes(StandardCharsets.UTF_8));

        AffectedBenchmarks.Selection s = AffectedBenchmarks.select(Arrays.asList(BENCHMARKS),
                Collections.singletonList(candidate), Collections.singletonList(base));
        assertEquals(3, s.selected.size());
        assertEquals("a resource changed (codec.properties), which code may load by name",
                s.selected.get("p.ParserBench.parse"));

        Path oldJar = Files.write(dir.resolve("lib-1.0.jar"), new byte[] {1});
        Path newJar = Files.write(dir.resolve("lib-1.1.jar"), new byte[] {1});
        Files.delete(candidate.resolve("codec.properties"));
        Files.delete(base.resolve("codec.properties"));
        s = AffectedBenchmarks.select(Arrays.asList(BENCHMARKS), Arrays.asList(candidate, newJar),
                Arrays.asList(base, oldJar));
        assertTrue(s.selected.get("p.ParserBench.parse").startsWith("the dependencies differ (+lib-1.1.jar,"
                + " -lib-1.0.jar)"), s.selected.toString());
    }

    @Test
    void buildMetadataThatDiffersBetweenAnyTwoBuildsIsNoChangedResource() throws Exception {
        Path base = compile("base", sources("1"));
        Path candidate = compile("candidate", sources("1"));
        // what a bundle plugin and Maven's jar metadata write into a reactor module's classes: a build time, a commit
        for (Path side : Arrays.asList(base, candidate)) {
            Files.createDirectories(side.resolve("META-INF/maven/org.example/lib"));
        }
        Files.write(base.resolve("META-INF/MANIFEST.MF"), "Bnd-LastModified: 1".getBytes(StandardCharsets.UTF_8));
        Files.write(candidate.resolve("META-INF/MANIFEST.MF"), "Bnd-LastModified: 2".getBytes(StandardCharsets.UTF_8));
        Files.write(base.resolve("META-INF/maven/org.example/lib/pom.properties"), "#1".getBytes(StandardCharsets.UTF_8));
        Files.write(candidate.resolve("META-INF/maven/org.example/lib/pom.properties"),
                "#2".getBytes(StandardCharsets.UTF_8));

        AffectedBenchmarks.Selection s = AffectedBenchmarks.select(Arrays.asList(BENCHMARKS),
                Collections.singletonList(candidate), Collections.singletonList(base));
        assertTrue(s.selected.values().stream().noneMatch(why -> why.contains("resource")), s.selected.toString());
        assertTrue(s.skipped.containsKey("p.CodecBench.encode"), s.skipped.toString());
    }

    private static final String REFLECTION_REASON = ", which uses reflection or service loading, so what it"
            + " reaches in turn cannot be read from its code";

    /** Benchmarks over classes that use java.lang.reflect, each in its own way; the parser is the one to change. */
    private static Map<String, String> reflectionSources(String parserDepth) {
        Map<String, String> s = new LinkedHashMap<>();
        s.put("p/Parser", "package p; class Parser { int depth = " + parserDepth + "; }");
        s.put("p/Codec", "package p; class Codec { int run() { return 1; } }");
        // java.lang.reflect.Array, a Field[] and Method[] constant, Field.get: reflection that calls no method
        s.put("p/ArrayKit", "package p; import java.lang.reflect.*; class ArrayKit {"
                + " static final Field[] NO_FIELDS = new Field[0]; static final Method[] NO_METHODS = {};"
                + " static Object grow(Object a) { Object b = Array.newInstance(a.getClass().getComponentType(),"
                + " Array.getLength(a) + 1); Array.set(b, 0, Array.get(a, 0)); return b; }"
                + " static Object read(Object o) throws Exception { return o.getClass().getFields()[0].get(o); }"
                + " int depth(Parser p) { return p.depth; } }");
        s.put("p/ArrayBench", "package p; public class ArrayBench { public Object grow() {"
                + " return ArrayKit.grow(new int[] {1}); } }");
        // Method.invoke runs a method of whatever class the Method came from
        s.put("p/Invoker", "package p; class Invoker { Object call(Object o, String name) throws Exception {"
                + " return o.getClass().getMethod(name).invoke(o); } }");
        s.put("p/InvokeBench", "package p; public class InvokeBench { public Object call() throws Exception {"
                + " return new Invoker().call(new Codec(), \"run\"); } }");
        // service loading runs the providers a configuration file names
        s.put("p/Services", "package p; class Services { Object first() {"
                + " return java.util.ServiceLoader.load(Runnable.class).findFirst().orElse(null); } }");
        s.put("p/ServiceBench", "package p; public class ServiceBench { public Object load() {"
                + " return new Services().first(); } }");
        // a method reference to Constructor.newInstance, with no call of it written out: a method-handle constant
        s.put("p/Maker", "package p; class Maker { interface Make { Object make(java.lang.reflect.Constructor<?> c,"
                + " Object[] args) throws Exception; }"
                + " Make make() { return java.lang.reflect.Constructor::newInstance; } }");
        s.put("p/MakerBench", "package p; public class MakerBench { public Object make() {"
                + " return new Maker().make(); } }");
        return s;
    }

    @Test
    void reflectionCountsOnlyWhereItRunsCodeOfClassesTheClassDoesNotName() throws Exception {
        List<String> benchmarks = Arrays.asList("p.ArrayBench.grow", "p.InvokeBench.call", "p.ServiceBench.load",
                "p.MakerBench.make");
        Path base = compile("base", reflectionSources("3"));
        AffectedBenchmarks.Selection s = AffectedBenchmarks.select(benchmarks,
                Collections.singletonList(compile("candidate", reflectionSources("4"))),
                Collections.singletonList(base));

        assertEquals(Arrays.asList("p.Parser"), s.changed);
        // arrays, a Field[] constant and Field.get run no unnamed code: followed like any class, so the benchmark
        // is selected for the parser it reaches by name, not for the reflection
        assertEquals("reaches p.Parser, changed", s.selected.get("p.ArrayBench.grow"));
        assertEquals(2, s.distance.get("p.ArrayBench.grow"));
        assertEquals("reaches p.Invoker" + REFLECTION_REASON, s.selected.get("p.InvokeBench.call"));
        assertEquals("reaches p.Services" + REFLECTION_REASON, s.selected.get("p.ServiceBench.load"));
        assertEquals("reaches p.Maker" + REFLECTION_REASON, s.selected.get("p.MakerBench.make"));

        // a change elsewhere: the array user is left out; the three that run unnamed code stay in
        Map<String, String> codecChanged = reflectionSources("3");
        codecChanged.put("p/Codec", "package p; class Codec { int run() { return 2; } }");
        s = AffectedBenchmarks.select(benchmarks, Collections.singletonList(compile("candidate2", codecChanged)),
                Collections.singletonList(base));
        assertEquals(Arrays.asList("p.Codec"), s.changed);
        assertEquals(Arrays.asList("p.ArrayBench.grow"), new ArrayList<>(s.skipped.keySet()));
        assertEquals(Arrays.asList("p.InvokeBench.call", "p.ServiceBench.load", "p.MakerBench.make"),
                new ArrayList<>(s.selected.keySet()));
    }

    @Test
    void nothingChangedSelectsNothingButTheReflective() throws Exception {
        AffectedBenchmarks.Selection s = AffectedBenchmarks.select(Arrays.asList(BENCHMARKS),
                Collections.singletonList(compile("candidate", sources("1"))),
                Collections.singletonList(compile("base", sources("1"))));
        assertEquals(Collections.emptyList(), s.changed, "javac writes the same bytes for the same source");
        assertEquals(Arrays.asList("p.PluginBench.load"), new ArrayList<>(s.selected.keySet()));
    }
}
