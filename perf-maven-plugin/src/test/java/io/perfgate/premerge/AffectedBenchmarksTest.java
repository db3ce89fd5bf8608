package io.perfgate.premerge;

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
        assertEquals(Arrays.asList("p.ParserBench.parse"), s.skipped);
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
        assertEquals(Arrays.asList("p.CodecBench.encode"), s.skipped);
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
    void nothingChangedSelectsNothingButTheReflective() throws Exception {
        AffectedBenchmarks.Selection s = AffectedBenchmarks.select(Arrays.asList(BENCHMARKS),
                Collections.singletonList(compile("candidate", sources("1"))),
                Collections.singletonList(compile("base", sources("1"))));
        assertEquals(Collections.emptyList(), s.changed, "javac writes the same bytes for the same source");
        assertEquals(Arrays.asList("p.PluginBench.load"), new ArrayList<>(s.selected.keySet()));
    }
}
