package io.perfgate.affected;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.perfgate.testing.Javac;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Method bodies compared by their instructions: what moves with the source but not the behaviour does not count. */
class ChangedMethodsTest {
    @TempDir
    Path dir;

    private static final String CODEC = "package p;\n"
            + "public class Codec {\n"
            + "    static int LIMIT = Integer.parseInt(\"3\");\n"
            + "    public int encode(int x) {\n"
            + "        int sum = 0;\n"
            + "        for (int i = 0; i < x; i++) { sum += i * LIMIT; }\n"
            + "        return sum;\n"
            + "    }\n"
            + "    public String name() { return \"codec\"; }\n"
            + "    public long decode(long v) { try { return v / 3; } catch (ArithmeticException e) { return -1; } }\n"
            + "}\n";

    private static Map<String, String> sources(String codec) {
        Map<String, String> s = new LinkedHashMap<>();
        s.put("p/Codec", codec);
        s.put("p/Other", "package p; public class Other { public int run() { return 7; } }");
        return s;
    }

    private ChangedMethods between(String codecBase, String codecCandidate) throws Exception {
        Path base = Javac.compile(dir, "base", sources(codecBase));
        Path candidate = Javac.compile(dir, "candidate", sources(codecCandidate));
        return ChangedMethods.between(Collections.singletonList(candidate), Collections.singletonList(base));
    }

    private static ExecutedCode.Method m(String owner, String name, String descriptor) {
        return new ExecutedCode.Method(owner, name, descriptor);
    }

    @Test
    void linesThatMovedAndMethodsInAnotherOrderChangeNothing() throws Exception {
        // blank lines and a comment move every line; the methods swap places, which reorders the constant pool
        String moved = "package p;\n\n// moved down\n\n"
                + "public class Codec {\n"
                + "    public long decode(long v) { try { return v / 3; } catch (ArithmeticException e) { return -1; } }\n"
                + "\n"
                + "    public String name() { return \"codec\"; }\n"
                + "    static int LIMIT = Integer.parseInt(\"3\");\n"
                + "\n\n"
                + "    public int encode(int x) {\n"
                + "        int total = 0;\n" // another local variable name: debug information only
                + "        for (int i = 0; i < x; i++) {\n"
                + "            total += i * LIMIT;\n"
                + "        }\n"
                + "        return total;\n"
                + "    }\n"
                + "}\n";
        ChangedMethods changed = between(CODEC, moved);
        assertFalse(Arrays.equals(Files.readAllBytes(dir.resolve("base-classes/p/Codec.class")),
                Files.readAllBytes(dir.resolve("candidate-classes/p/Codec.class"))), "the class files differ");
        assertEquals(Collections.emptySet(), changed.methods());
        assertEquals(Collections.emptyMap(), changed.classes());
        assertEquals(Collections.emptyList(), changed.describe());
    }

    @Test
    void aChangedBodyARemovedMethodAndAChangedStaticInitialiserAreChanged() throws Exception {
        String patched = CODEC.replace("i * LIMIT", "i * LIMIT + 1").replace("Integer.parseInt(\"3\")",
                "Integer.parseInt(\"4\")").replace("    public String name() { return \"codec\"; }\n", "")
                .replace("catch (ArithmeticException e)", "catch (RuntimeException e)");
        ChangedMethods changed = between(CODEC, patched);
        assertEquals(Set.of(m("p/Codec", "encode", "(I)I"), m("p/Codec", "<clinit>", "()V"),
                m("p/Codec", "name", "()Ljava/lang/String;"), m("p/Codec", "decode", "(J)J")), changed.methods());
        assertTrue(changed.changes(m("p/Codec", "<clinit>", "()V")));
        assertFalse(changed.changes(m("p/Codec", "<init>", "()V")));
        assertFalse(changed.changes(m("p/Other", "run", "()I")));
        assertEquals(List.of("p.Codec.<clinit>", "p.Codec.decode", "p.Codec.encode", "p.Codec.name"),
                changed.describe());
        assertEquals("changed", changed.why(m("p/Codec", "encode", "(I)I")));
    }

    @Test
    void anAddedMethodChangesNothingUnlessItOverrides() throws Exception {
        String helper = CODEC.replace("    public String name()", "    public int unused(int y) { return y * 9; }\n"
                + "    public String name()");
        ChangedMethods changed = between(CODEC, helper);
        assertEquals(Collections.emptySet(), changed.methods());
        assertEquals(Collections.emptyMap(), changed.classes(), "nothing calls it: its callers would have changed");

        String toString = CODEC.replace("    public String name()", "    @Override public String toString() {"
                + " return \"Codec\"; }\n    public String name()");
        changed = between(CODEC, toString);
        assertEquals(Map.of("p/Codec", "it adds p.Codec.toString, which overrides java.lang.Object.toString"),
                changed.classes(), "read from the running JDK's Object");
        assertTrue(changed.changes(m("p/Codec", "<init>", "()V")), "every method of the class counts");
        assertEquals("whose class changed: it adds p.Codec.toString, which overrides java.lang.Object.toString",
                changed.why(m("p/Codec", "name", "()Ljava/lang/String;")));
    }

    @Test
    void anAddedOverrideOfAProjectSupertypeCountsAndAClassLevelChangeToo() throws Exception {
        Map<String, String> base = new LinkedHashMap<>();
        base.put("p/Shape", "package p; public abstract class Shape { public int sides() { return 0; } }");
        base.put("p/Square", "package p; public class Square extends Shape { public int area() { return 4; } }");
        base.put("p/Limits", "package p; public class Limits { public static final int MAX = 3;"
                + " public int max() { return 1; } }");
        Map<String, String> candidate = new LinkedHashMap<>(base);
        candidate.put("p/Square", "package p; public class Square extends Shape { public int area() { return 4; }"
                + " public int sides() { return 4; } }");
        candidate.put("p/Limits", "package p; public class Limits { public static final int MAX = 4;"
                + " public int max() { return 1; } }");
        ChangedMethods changed = ChangedMethods.between(
                Collections.singletonList(Javac.compile(dir, "candidate", candidate)),
                Collections.singletonList(Javac.compile(dir, "base", base)));
        assertEquals(Map.of("p/Square", "it adds p.Square.sides, which overrides p.Shape.sides",
                "p/Limits", "its field MAX differs (type, access, constant value or annotations)"), changed.classes());
        assertEquals(List.of("p.Limits (its field MAX differs (type, access, constant value or annotations))",
                "p.Square (it adds p.Square.sides, which overrides p.Shape.sides)"), changed.describe());
    }

    @Test
    void aFieldAddedWithoutAnInitialiserChangesNothingThatRuns() throws Exception {
        Map<String, String> base = new LinkedHashMap<>();
        base.put("p/Decoder", "package p; public class Decoder { static int made; static { made = 0; }"
                + " public Decoder() { } public Decoder(int n) { } public int read() { return 1; }"
                + " public int skip() { return 2; } }");
        Map<String, String> candidate = new LinkedHashMap<>();
        candidate.put("p/Decoder", "package p; public class Decoder { static int made; static { made = 0; }"
                + " long sink; public Decoder() { } public Decoder(int n) { } public int read() { return 1; }"
                + " public int skip() { return 2; } }");
        ChangedMethods changed = ChangedMethods.between(
                Collections.singletonList(Javac.compile(dir, "candidate", candidate)),
                Collections.singletonList(Javac.compile(dir, "base", base)));
        assertEquals(Map.of(), changed.classes(), "a field added is not a change of every method");
        // with an initialiser, the constructors' code changed
        candidate.put("p/Decoder", "package p; public class Decoder { static int made; static { made = 0; }"
                + " long sink = 7; public Decoder() { } public Decoder(int n) { } public int read() { return 1; }"
                + " public int skip() { return 2; } }");
        ChangedMethods initialised = ChangedMethods.between(
                Collections.singletonList(Javac.compile(dir, "candidate1", candidate)),
                Collections.singletonList(Javac.compile(dir, "base1", base)));
        assertEquals(Set.of(m("p/Decoder", "<init>", "()V"), m("p/Decoder", "<init>", "(I)V")), initialised.methods());
        assertEquals(Set.of(), changed.methods(), "no code that runs changed");
        assertFalse(changed.changes(m("p/Decoder", "read", "()I")));

        candidate.put("p/Decoder", "package p; public class Decoder { static int made; static long total;"
                + " static { made = 0; } public Decoder() { } public Decoder(int n) { } public int read() { return 1; }"
                + " public int skip() { return 2; } }");
        changed = ChangedMethods.between(Collections.singletonList(Javac.compile(dir, "candidate2", candidate)),
                Collections.singletonList(Javac.compile(dir, "base2", base)));
        assertEquals(Set.of(), changed.methods(), "a static field without an initialiser changes nothing that runs");
        assertEquals(Map.of(), changed.classes());
    }

    @Test
    void aNewSuperclassChangesTheClass() throws Exception {
        Map<String, String> base = new LinkedHashMap<>();
        base.put("p/Plain", "package p; public class Plain { public int run() { return 1; } }");
        Map<String, String> candidate = new LinkedHashMap<>();
        candidate.put("p/Plain", "package p; public class Plain extends java.util.ArrayList<String> {"
                + " public int run() { return 1; } }");
        ChangedMethods changed = ChangedMethods.between(
                Collections.singletonList(Javac.compile(dir, "candidate", candidate)),
                Collections.singletonList(Javac.compile(dir, "base", base)));
        assertEquals(Map.of("p/Plain", "its superclass differs"), changed.classes());
    }
}
