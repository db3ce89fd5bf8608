package io.perfgate.premerge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.perfgate.workspace.CompareException;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

class TreatmentTest {
    private static List<Treatment> parse(String text) throws CompareException {
        return Treatment.parseAll(text, "baseline");
    }

    private static String message(String text) {
        return assertThrows(CompareException.class, () -> parse(text)).getMessage();
    }

    @Test
    void avroGuidesExamplesReadAsNamedRefsWithTheirOwnArguments() throws Exception {
        List<Treatment> t = parse("run1=main,run2=main,coders=main -Dorg.apache.avro.specific.use_custom_coders=true");
        assertEquals(3, t.size());
        assertEquals("run1", t.get(0).name());
        assertEquals("main", t.get(0).ref());
        assertEquals(Collections.emptyList(), t.get(0).jvmArgs());
        assertEquals("coders", t.get(2).name());
        assertEquals(Collections.singletonList("-Dorg.apache.avro.specific.use_custom_coders=true"),
                t.get(2).jvmArgs());
    }

    @Test
    void entriesMaySitOnLinesOrAfterSemicolonsAsInAPom() throws Exception {
        List<Treatment> t = parse("\n  fast=feature/fast-codec\n  flag=main -Dmy.flag=true -Xmx1g;\n  tree=WORKTREE\n");
        assertEquals(Arrays.asList("fast", "flag", "tree"), Arrays.asList(t.get(0).name(), t.get(1).name(),
                t.get(2).name()));
        assertEquals("feature/fast-codec", t.get(0).ref());
        assertEquals(Arrays.asList("-Dmy.flag=true", "-Xmx1g"), t.get(1).jvmArgs());
        assertTrue(t.get(2).workingTree());
    }

    @Test
    void aCommaInsideAJvmArgumentStaysUnlessTheNextEntryFollows() throws Exception {
        List<Treatment> t = parse("a=main -XX:CompileCommand=exclude,x/Y.z, b=main -Dx=1,c=main");
        assertEquals(3, t.size());
        assertEquals(Arrays.asList("-XX:CompileCommand=exclude,x/Y.z"), t.get(0).jvmArgs());
        assertEquals(Arrays.asList("-Dx=1"), t.get(1).jvmArgs());
        assertEquals("c", t.get(2).name());
        // quoted, a comma followed by word= stays in the argument too
        List<Treatment> q = parse("a=main '-Dlist=x,y=z'");
        assertEquals(1, q.size());
        assertEquals(Arrays.asList("-Dlist=x,y=z"), q.get(0).jvmArgs());
    }

    @Test
    void aRefAloneIsNamedAfterItAndADotIsTheWorkingTree() throws Exception {
        List<Treatment> t = parse("feature/x, here=.");
        assertEquals("feature/x", t.get(0).ref());
        assertEquals("feature-x", t.get(0).name());
        assertTrue(t.get(1).workingTree());
        assertEquals("here=WORKTREE", t.get(1).entry());
    }

    /**
     * A name becomes file names ({@code <name>-results.json}, a directory of reports) and table headings: a long one
     * is refused before anything is built, naming the property, the length and the limit, and quoting no more of it
     * than a log line can hold.
     */
    @Test
    void aNameLongerThanTheLimitIsRefusedBeforeAnythingRuns() throws Exception {
        assertEquals("t".repeat(100), parse("t".repeat(100) + "=feat").get(0).name(), "100 characters are allowed");

        String long225 = message("t".repeat(225) + "=feat");
        assertTrue(long225.startsWith("perf.treatments entry 'tttt"), long225);
        assertTrue(long225.contains("the name is 225 characters long, more than the 100 a name may have"),
                long225);
        String huge = message("t".repeat(10_000) + "=feat");
        assertTrue(huge.contains("10,000 characters"), huge);
        assertTrue(huge.length() < 500, "the message quotes the name whole: " + huge.length() + " characters");

        String fromRef = message("feature/" + "x".repeat(120));
        assertTrue(fromRef.contains("the name, made from the ref, is 128 characters long, more than the 100") && fromRef.contains(
                "give it a shorter name=ref"), fromRef);

        String base = assertThrows(CompareException.class, () -> Treatment.baseline("b".repeat(101), "main", ""))
                .getMessage();
        assertTrue(base.startsWith("perf.baselineName = 'bbbb"), base);
        assertTrue(base.contains("is 101 characters long, more than the 100 a name may have"), base);
        String baseFromRef = assertThrows(CompareException.class,
                () -> Treatment.baseline("", "r".repeat(5_000), "")).getMessage();
        assertTrue(baseFromRef.length() < 500, baseFromRef);
        assertTrue(baseFromRef.contains("5,000 characters"), baseFromRef);
    }

    /** An unclosed quote names the property, as perf.jvmArgs does, instead of failing the build with a bare error. */
    @Test
    void anUnclosedQuoteNamesTheProperty() {
        String treatments = message("a=main -Dx='b c");
        assertTrue(treatments.startsWith("perf.treatments=a=main -Dx='b c is not a list of arguments separated by"
                + " spaces (the ' quote at character 12 is not closed); example: -Dperf.treatments="), treatments);
        String baseline = assertThrows(CompareException.class, () -> Treatment.baseline("", "main", "-Dx=\"a"))
                .getMessage();
        assertTrue(baseline.startsWith("perf.baselineJvmArgs=-Dx=\"a is not a list of arguments separated by spaces"
                + " (the \" quote at character 5 is not closed); example: -Dperf.baselineJvmArgs="), baseline);
    }

    @Test
    void badEntriesAreRefusedNamingTheEntry() {
        assertTrue(message("").contains("perf.treatments holds no treatment"));
        assertTrue(message(" , ;").contains("holds no treatment"));
        String dup = message("run1=main, run1=other");
        assertTrue(dup.contains("entry 'run1=other'") && dup.contains("given twice"), dup);
        String base = message("baseline=main");
        assertTrue(base.contains("is the baseline's (perf.baselineName)"), base);
        String empty = message("run1=");
        assertTrue(empty.contains("entry 'run1=' has no ref"), empty);
        String noName = message("=main");
        assertTrue(noName.contains("entry '=main'") && noName.contains("is not a name"), noName);
        String argFirst = message("-Dx=1");
        assertTrue(argFirst.contains("starts with a JVM argument"), argFirst);
        String notArg = message("a=main b=other");
        assertTrue(notArg.contains("'b=other' is not a JVM argument"), notArg);
    }

    @Test
    void theBaselineIsNamedAndMayCarryItsOwnArguments() throws Exception {
        Treatment b = Treatment.baseline("baseline", "main", "-Dflag=false");
        assertEquals("baseline", b.name());
        assertEquals(Arrays.asList("-Dflag=false"), b.jvmArgs());
        assertEquals("main", Treatment.baseline("", "main", "").name());
        assertTrue(assertThrows(CompareException.class, () -> Treatment.baseline("two words", "main", ""))
                .getMessage().startsWith("perf.baselineName = 'two words' is not a name"));
        assertTrue(assertThrows(CompareException.class, () -> Treatment.baseline("b", "main", "flag"))
                .getMessage().contains("'flag' is not a JVM argument"));
    }

    @Test
    void anEntryReadsBackAsItself() throws Exception {
        Treatment t = parse("coders=main -Dx=1 '-Dy=a b'").get(0);
        assertEquals(t.entry(), parse(t.entry()).get(0).entry());
        assertEquals(Arrays.asList("-Dx=1", "-Dy=a b"), parse(t.entry()).get(0).jvmArgs());
    }
}
