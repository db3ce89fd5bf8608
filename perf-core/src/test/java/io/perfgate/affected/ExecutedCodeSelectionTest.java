package io.perfgate.affected;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.perfgate.results.BenchmarkId;
import io.perfgate.testing.Javac;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 43's project of two classes: a registry loads each worker by name ({@code Class.forName}), two benchmarks
 * each get a worker, a patch changes one worker. The class analysis must select both; the map of what each
 * benchmark ran selects only the one that runs the changed worker.
 */
public class ExecutedCodeSelectionTest {
    @TempDir
    Path dir;

    static final String COMMIT = "1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b";
    public static final List<String> BENCHMARKS = List.of("bench.FastBench.run", "bench.SlowBench.run");

    /** The two-class project; {@code slowWork} is the body of the worker the patch changes. */
    public static Map<String, String> plugins(String slowWork) {
        Map<String, String> s = new LinkedHashMap<>();
        s.put("plug/Worker", "package plug; public interface Worker { int work(int x); }");
        s.put("plug/Registry", "package plug; public final class Registry {\n"
                + "    public static Worker get(String name) throws Exception {\n"
                + "        return (Worker) Class.forName(\"plug.\" + name).getDeclaredConstructor().newInstance();\n"
                + "    }\n"
                + "}\n");
        s.put("plug/FastWorker", "package plug; public class FastWorker implements Worker {"
                + " public int work(int x) { return x + 1; } }");
        s.put("plug/SlowWorker", "package plug; public class SlowWorker implements Worker {"
                + " static final int[] TABLE = {1, 2, 3};"
                + " public int work(int x) { " + slowWork + " } }");
        s.put("bench/FastBench", "package bench; public class FastBench { public int run() throws Exception {"
                + " return plug.Registry.get(\"FastWorker\").work(3); } }");
        s.put("bench/SlowBench", "package bench; public class SlowBench { public int run() throws Exception {"
                + " return plug.Registry.get(\"SlowWorker\").work(3); } }");
        return s;
    }

    public static final String SLOW_WORK = "return x * 2;";
    public static final String SLOWER_WORK = "int r = 0; for (int i = 0; i < 1000; i++) { r += x * 2; } return r / 1000;";

    /** What each benchmark ran, as a recording at {@link #COMMIT} would have it: one parameter set each. */
    public static ExecutedCode map() {
        Map<BenchmarkId, List<ExecutedCode.Method>> executed = new LinkedHashMap<>();
        executed.put(BenchmarkId.of("bench.FastBench.run", Map.of(), "thrpt"), List.of(
                m("bench/FastBench", "<init>", "()V"), m("bench/FastBench", "run", "()I"),
                m("plug/Registry", "get", "(Ljava/lang/String;)Lplug/Worker;"), m("plug/FastWorker", "<init>", "()V"),
                m("plug/FastWorker", "work", "(I)I")));
        executed.put(BenchmarkId.of("bench.SlowBench.run", Map.of(), "thrpt"), List.of(
                m("bench/SlowBench", "<init>", "()V"), m("bench/SlowBench", "run", "()I"),
                m("plug/Registry", "get", "(Ljava/lang/String;)Lplug/Worker;"), m("plug/SlowWorker", "<clinit>", "()V"),
                m("plug/SlowWorker", "<init>", "()V"), m("plug/SlowWorker", "work", "(I)I")));
        return new ExecutedCode(COMMIT, executed);
    }

    private static ExecutedCode.Method m(String owner, String name, String descriptor) {
        return new ExecutedCode.Method(owner, name, descriptor);
    }

    private AffectedBenchmarks.Selection select(Map<String, String> base, Map<String, String> candidate,
            List<String> benchmarks, List<String> added, ExecutedCode map) throws Exception {
        Path b = Javac.compile(dir, "base", base);
        Path c = Javac.compile(dir, "candidate", candidate);
        return ExecutedCodeSelection.select(benchmarks, added, map,
                ChangedMethods.between(Collections.singletonList(c), Collections.singletonList(b)));
    }

    @Test
    void onlyTheBenchmarkThatRanTheChangedWorkerIsSelected() throws Exception {
        AffectedBenchmarks.Selection s = select(plugins(SLOW_WORK), plugins(SLOWER_WORK), BENCHMARKS, List.of(),
                map());
        assertEquals(Map.of("bench.SlowBench.run", "runs plug.SlowWorker.work, changed (map of 1a2b3c4d5e)"),
                s.selected);
        assertEquals(Map.of("bench.FastBench.run", "ran 5 methods of the project, none changed (map of 1a2b3c4d5e)"),
                s.skipped);
        assertEquals(List.of("plug.SlowWorker.work"), s.changed);
        assertEquals(Map.of("bench.SlowBench.run", 0), s.distance, "runs changed code: first in the order");

        // the class analysis cannot see which worker the registry loads: both are selected
        AffectedBenchmarks.Selection byClasses = AffectedBenchmarks.select(BENCHMARKS,
                Collections.singletonList(dir.resolve("candidate-classes")),
                Collections.singletonList(dir.resolve("base-classes")));
        assertEquals(BENCHMARKS, new ArrayList<>(byClasses.selected.keySet()));
        assertEquals("reaches plug.Registry, which uses reflection or service loading, so what it reaches in turn"
                + " cannot be read from its code", byClasses.selected.get("bench.FastBench.run"));
    }

    @Test
    void linesThatOnlyMovedSelectNothing() throws Exception {
        Map<String, String> moved = plugins(SLOW_WORK);
        moved.put("plug/SlowWorker", "package plug;\n\n\npublic class SlowWorker implements Worker {\n"
                + "    static final int[] TABLE = {1, 2, 3};\n\n"
                + "    public int work(int x) {\n        return x * 2;\n    }\n}\n");
        AffectedBenchmarks.Selection s = select(plugins(SLOW_WORK), moved, BENCHMARKS, List.of(), map());
        assertEquals(Map.of(), s.selected);
        assertEquals(List.of(), s.changed);
        assertEquals("ran 6 methods of the project, none changed (map of 1a2b3c4d5e)",
                s.skipped.get("bench.SlowBench.run"));
    }

    @Test
    void aChangedStaticInitialiserSelectsTheBenchmarksThatRanIt() throws Exception {
        Map<String, String> table = plugins(SLOW_WORK);
        table.put("plug/SlowWorker", table.get("plug/SlowWorker").replace("{1, 2, 3}", "{1, 2, 3, 4}"));
        AffectedBenchmarks.Selection s = select(plugins(SLOW_WORK), table, BENCHMARKS, List.of(), map());
        assertEquals(Map.of("bench.SlowBench.run", "runs plug.SlowWorker.<clinit>, changed (map of 1a2b3c4d5e)"),
                s.selected);
        assertEquals(List.of("bench.FastBench.run"), new ArrayList<>(s.skipped.keySet()));
    }

    @Test
    void anAddedMethodSelectsOnlyWhenItOverrides() throws Exception {
        Map<String, String> helper = plugins(SLOW_WORK);
        helper.put("plug/FastWorker", "package plug; public class FastWorker implements Worker {"
                + " public int work(int x) { return x + 1; } public int spare(int x) { return x - 1; } }");
        AffectedBenchmarks.Selection s = select(plugins(SLOW_WORK), helper, BENCHMARKS, List.of(), map());
        assertEquals(Map.of(), s.selected, "a method nothing calls changes nothing");

        Map<String, String> toString = plugins(SLOW_WORK);
        toString.put("plug/FastWorker", "package plug; public class FastWorker implements Worker {"
                + " public int work(int x) { return x + 1; } public String toString() { return \"fast\"; } }");
        s = select(plugins(SLOW_WORK), toString, BENCHMARKS, List.of(), map());
        assertEquals(Map.of("bench.FastBench.run", "runs plug.FastWorker.<init>, whose class changed: it adds"
                + " plug.FastWorker.toString, which overrides java.lang.Object.toString, and 1 more changed method"
                + " (map of 1a2b3c4d5e)"), s.selected);
    }

    @Test
    void aNewBenchmarkAndOneTheMapDoesNotCoverAreSelected() throws Exception {
        Map<String, String> candidate = plugins(SLOW_WORK);
        candidate.put("bench/NewBench", "package bench; public class NewBench { public int run() { return 1; } }");
        Map<String, String> base = new LinkedHashMap<>(candidate);
        base.remove("bench/NewBench");
        base.put("bench/OldBench", "package bench; public class OldBench { public int run() { return 2; } }");
        candidate.put("bench/OldBench", base.get("bench/OldBench"));
        List<String> benchmarks = List.of("bench.FastBench.run", "bench.OldBench.run", "bench.NewBench.run");
        AffectedBenchmarks.Selection s = select(base, candidate, benchmarks, List.of("bench.NewBench.run"), map());
        assertEquals(Map.of("bench.OldBench.run", "no record of what it ran (map of 1a2b3c4d5e): added since, or its"
                + " recording failed", "bench.NewBench.run", ExecutedCodeSelection.NEW_IN_PATCH), s.selected);
        assertEquals(List.of("bench.FastBench.run"), new ArrayList<>(s.skipped.keySet()));
    }

    @Test
    void aChangedResourceSelectsEveryBenchmarkAsTheClassAnalysisDoes() throws Exception {
        Path b = Javac.compile(dir, "base", plugins(SLOW_WORK));
        Path c = Javac.compile(dir, "candidate", plugins(SLOW_WORK));
        Files.write(b.resolve("plug.properties"), "worker=FastWorker".getBytes(StandardCharsets.UTF_8));
        Files.write(c.resolve("plug.properties"), "worker=SlowWorker".getBytes(StandardCharsets.UTF_8));
        AffectedBenchmarks.Selection s = ExecutedCodeSelection.select(BENCHMARKS, List.of(), map(),
                ChangedMethods.between(Collections.singletonList(c), Collections.singletonList(b)));
        assertEquals(BENCHMARKS, new ArrayList<>(s.selected.keySet()));
        assertEquals("a resource changed (plug.properties), which code may load by name",
                s.selected.get("bench.FastBench.run"));
    }
}
