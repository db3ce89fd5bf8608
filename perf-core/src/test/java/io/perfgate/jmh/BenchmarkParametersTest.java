package io.perfgate.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * How a benchmark's parameter values become JMH's {@code -p} arguments. JMH adds up the values of every {@code -p}
 * of a name and splits them at commas, so every case checks that each name is given once at most.
 */
class BenchmarkParametersTest {
    private static final Map<String, List<String>> NONE = Collections.emptyMap();

    @Test
    void aBenchmarkWithoutParametersGetsNoArgumentAndOneSet() {
        BenchmarkParameters p = BenchmarkParameters.of(NONE, params("size", "16"));
        assertEquals(List.of(), p.arguments(), "perf.params of another benchmark is not this one's");
        assertEquals(1, p.sets());
        assertEquals(List.of(Map.of()), p.combinations());
        assertEquals(List.of(), p.pinnedTo(Map.of()).arguments());
        assertEquals(List.of(), p.pinnedTo(Map.of("size", "16")).arguments());
    }

    @Test
    void theAnnotationsValuesAreLeftToJmh() {
        BenchmarkParameters p = BenchmarkParameters.of(declared(), NONE);
        assertEquals(List.of(), p.arguments());
        assertEquals(2, p.sets());
        assertEquals(List.of(Map.of("kind", "sum", "size", "16"), Map.of("kind", "sum", "size", "128")),
                p.combinations());
    }

    @Test
    void theUsersValuesReplaceTheAnnotationsInOneArgumentPerName() {
        Map<String, List<String>> user = new LinkedHashMap<>(params("size", "32", "64", "96"));
        user.putAll(params("kind", "sum"));
        BenchmarkParameters p = BenchmarkParameters.of(declared(), user);
        assertEquals(List.of("-p", "size=32,64,96", "-p", "kind=sum"), p.arguments(), "in the order given");
        assertEquals(3, p.sets());
        assertEquals(Arrays.asList("32", "64", "96"), p.values().get("size"));
    }

    /** What the profiling fork of a FAIL on a real project was given: both lists, which JMH ran as four sets. */
    @Test
    void pinningReplacesTheUsersValuesAndNeverAddsToThem() {
        Map<String, List<String>> declared = new TreeMap<>();
        declared.put("charSequenceType", List.of("String", "StringBuilder"));
        declared.put("length", List.of("10", "1000"));
        Map<String, List<String>> user = new LinkedHashMap<>(params("length", "1000"));
        user.putAll(params("charSequenceType", "StringBuilder"));
        BenchmarkParameters pinned = BenchmarkParameters.of(declared, user)
                .pinnedTo(Map.of("charSequenceType", "StringBuilder", "length", "1000"));
        assertEquals(List.of("-p", "length=1000", "-p", "charSequenceType=StringBuilder"), pinned.arguments());
        assertEquals(1, pinned.sets());

        BenchmarkParameters narrowed = BenchmarkParameters.of(declared, params("length", "10", "1000"))
                .pinnedTo(Map.of("charSequenceType", "String", "length", "10"));
        assertEquals(List.of("-p", "length=10", "-p", "charSequenceType=String"), narrowed.arguments());
        assertEquals(List.of(Map.of("charSequenceType", "String", "length", "10")), narrowed.combinations());
    }

    /** What the profiling fork of the README's demo was given (-p words=10), now with one set to expect. */
    @Test
    void pinningTheAnnotationsValuesRunsOneSet() {
        BenchmarkParameters pinned = BenchmarkParameters.of(declared(), NONE)
                .pinnedTo(Map.of("kind", "sum", "size", "16"));
        assertEquals(List.of("-p", "kind=sum", "-p", "size=16"), pinned.arguments());
        assertEquals(1, pinned.sets());
        assertEquals(2, BenchmarkParameters.of(declared(), NONE).pinnedTo(Map.of("size", "16")).arguments().size(),
                "a name left out of the combination keeps its values: kind has one");
    }

    @Test
    void aNameTheBenchmarkLacksIsLeftOut() {
        BenchmarkParameters pinned = BenchmarkParameters.of(declared(), NONE)
                .pinnedTo(Map.of("kind", "sum", "size", "16", "addedInTheCandidate", "x"));
        assertEquals(List.of("-p", "kind=sum", "-p", "size=16"), pinned.arguments());
    }

    /** JMH ends the name at the first '=' and takes the rest as it is: spaces, quotes and '=' survive. */
    @Test
    void valuesWithSpacesQuotesOrEqualsSignsArePassedAsTheyAre() {
        Map<String, List<String>> declared = Map.of("text", List.of("a b", "x=\"y\""));
        assertEquals(List.of("-p", "text=x=\"y\""), BenchmarkParameters.of(declared, NONE)
                .pinnedTo(Map.of("text", "x=\"y\"")).arguments());
        assertEquals(List.of("-p", "text=a b"), BenchmarkParameters.of(declared, NONE)
                .pinnedTo(Map.of("text", "a b")).arguments());
    }

    /** JMH splits a -p value at commas; such a value comes from the annotation, so its values run, that one too. */
    @Test
    void aValueWithACommaIsLeftToTheAnnotation() {
        Map<String, List<String>> declared = new TreeMap<>();
        declared.put("csv", List.of("a,b", "c"));
        declared.put("size", List.of("1", "2"));
        BenchmarkParameters pinned = BenchmarkParameters.of(declared, params("csv", "c"))
                .pinnedTo(Map.of("csv", "a,b", "size", "2"));
        assertEquals(List.of("-p", "size=2"), pinned.arguments(), "the user's c is not run in its place");
        assertEquals(2, pinned.sets());
        assertEquals(List.of(Map.of("csv", "a,b", "size", "2"), Map.of("csv", "c", "size", "2")),
                pinned.combinations());
    }

    /** An enum or boolean @Param without values: JMH knows them, this class does not. */
    @Test
    void valuesLeftToJmhPinNothingUntilOneIsNamed() {
        Map<String, List<String>> declared = Map.of("mode", List.of());
        BenchmarkParameters p = BenchmarkParameters.of(declared, NONE);
        assertEquals(List.of(Map.of()), p.combinations());
        assertEquals(1, p.sets(), "at least one");
        BenchmarkParameters pinned = p.pinnedTo(Map.of("mode", "FAST"));
        assertEquals(List.of("-p", "mode=FAST"), pinned.arguments());
        assertEquals(List.of(Map.of("mode", "FAST")), pinned.combinations());
    }

    private static Map<String, List<String>> declared() {
        Map<String, List<String>> declared = new TreeMap<>();
        declared.put("kind", List.of("sum"));
        declared.put("size", List.of("16", "128"));
        return declared;
    }

    private static Map<String, List<String>> params(String name, String... values) {
        return Map.of(name, Arrays.asList(values));
    }
}
