package io.perfgate.gate;

import static io.perfgate.testing.Results.benchmark;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.perfgate.results.BenchmarkResult;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Which current result is judged against which baseline result: the same name, parameters and mode, nothing
 * else; and what is left over (new, missing, ignored, listed twice) is named, never dropped without a word.
 */
class BenchmarkPairingTest {
    private static BenchmarkResult result(String name, String mode, double median) {
        return benchmark(name, mode, "ns/op", new double[] {median, median, median}).build();
    }

    private static BenchmarkResult withParam(BenchmarkResult r, String param, String value) {
        return r.toBuilder().params(Collections.singletonMap(param, value)).build();
    }

    private static List<String> names(List<BenchmarkRef> refs) {
        List<String> names = new ArrayList<>();
        refs.forEach(r -> names.add(r.displayName() + " [" + r.mode() + "]"));
        return names;
    }

    @Test
    void aBenchmarkInTwoModesIsJudgedModeByModeAgainstItsOwnBaseline() {
        BenchmarkResult baseAvgt = result("a.Codec.encode", "avgt", 100);
        BenchmarkResult baseSample = result("a.Codec.encode", "sample", 200);
        BenchmarkResult curSample = result("a.Codec.encode", "sample", 210);
        BenchmarkResult curAvgt = result("a.Codec.encode", "avgt", 110);

        BenchmarkPairing pairing = BenchmarkPairing.of(Arrays.asList(baseAvgt, baseSample),
                Arrays.asList(curSample, curAvgt), GateSettings.defaults());

        assertEquals(2, pairing.pairs().size());
        // in the order of the current results, each with the baseline of its own mode
        assertSame(curSample, pairing.pairs().get(0).current());
        assertSame(baseSample, pairing.pairs().get(0).baseline());
        assertSame(curAvgt, pairing.pairs().get(1).current());
        assertSame(baseAvgt, pairing.pairs().get(1).baseline());
        assertTrue(pairing.added.isEmpty() && pairing.missing.isEmpty(), "both modes pair");
    }

    @Test
    void aModeMeasuredOnOneSideOnlyIsNewOrMissingNotPairedWithTheOtherMode() {
        BenchmarkPairing pairing = BenchmarkPairing.of(
                Collections.singletonList(result("a.Codec.encode", "avgt", 100)),
                Collections.singletonList(result("a.Codec.encode", "thrpt", 0.01)), GateSettings.defaults());

        assertTrue(pairing.pairs().isEmpty(), "an avgt score is never judged against a thrpt score");
        assertEquals(Collections.singletonList("Codec.encode [thrpt]"), names(pairing.added));
        assertEquals(Collections.singletonList("Codec.encode [avgt]"), names(pairing.missing));
    }

    @Test
    void parametersArePartOfTheBenchmark() {
        BenchmarkResult base10 = withParam(result("a.Sort.sort", "avgt", 100), "size", "10");
        BenchmarkResult base1000 = withParam(result("a.Sort.sort", "avgt", 9000), "size", "1000");
        BenchmarkResult cur1000 = withParam(result("a.Sort.sort", "avgt", 9100), "size", "1000");
        BenchmarkResult cur100 = withParam(result("a.Sort.sort", "avgt", 900), "size", "100");

        BenchmarkPairing pairing = BenchmarkPairing.of(Arrays.asList(base10, base1000),
                Arrays.asList(cur1000, cur100), GateSettings.defaults());

        assertEquals(1, pairing.pairs().size());
        assertSame(base1000, pairing.pairs().get(0).baseline());
        assertEquals(Collections.singletonList("Sort.sort (size=100) [avgt]"), names(pairing.added));
        assertEquals(Collections.singletonList("Sort.sort (size=10) [avgt]"), names(pairing.missing));
    }

    @Test
    void anIgnoredBenchmarkIsListedAsIgnoredAndNeverAsMissing() throws Exception {
        GateSettings settings = GateSettings.builder()
                .rules(Collections.singletonList(new BenchmarkRule().pattern("Flaky").ignore("true"))).build();
        BenchmarkPairing pairing = BenchmarkPairing.of(
                Arrays.asList(result("a.Flaky.run", "avgt", 10), result("a.Gone.run", "avgt", 10),
                        result("a.Steady.run", "avgt", 10)),
                Arrays.asList(result("a.Steady.run", "avgt", 10), result("a.Flaky.run", "avgt", 50)), settings);

        assertEquals(1, pairing.pairs().size());
        assertEquals("a.Steady.run", pairing.pairs().get(0).current().benchmark());
        assertEquals(Collections.singletonList("Flaky.run [avgt]"), names(pairing.ignored));
        assertEquals(Collections.singletonList("Gone.run [avgt]"), names(pairing.missing),
                "ignored on the baseline's side too");

        // ignored although it did not run this time: neither missing nor ignored twice
        BenchmarkPairing notRun = BenchmarkPairing.of(Collections.singletonList(result("a.Flaky.run", "avgt", 10)),
                Collections.emptyList(), settings);
        assertTrue(notRun.missing.isEmpty(), names(notRun.missing)::toString);
    }

    @Test
    void aRulesSettingsTravelWithThePair() throws Exception {
        GateSettings settings = GateSettings.builder().median(0.10, 0.02)
                .rules(Collections.singletonList(new BenchmarkRule().pattern("Parser").medianFail("30%"))).build();
        BenchmarkPairing pairing = BenchmarkPairing.of(
                Arrays.asList(result("a.Parser.parse", "avgt", 10), result("a.Writer.write", "avgt", 10)),
                Arrays.asList(result("a.Parser.parse", "avgt", 10), result("a.Writer.write", "avgt", 10)), settings);

        assertEquals(0.30, pairing.pairs().get(0).settings().median().fail(), 1e-12);
        assertEquals("rule 1 'Parser'", pairing.pairs().get(0).settings().rule());
        assertEquals(0.10, pairing.pairs().get(1).settings().median().fail(), 1e-12);
    }

    @Test
    void aResultListedTwiceIsComparedOnceAndNamedInANote() {
        BenchmarkResult first = result("a.Codec.encode", "avgt", 100);
        BenchmarkResult again = result("a.Codec.encode", "avgt", 500);
        BenchmarkResult otherMode = result("a.Codec.encode", "sample", 100);
        BenchmarkPairing pairing = BenchmarkPairing.of(
                Arrays.asList(result("a.Codec.encode", "avgt", 100), result("a.Codec.encode", "sample", 100)),
                Arrays.asList(first, again, otherMode), GateSettings.defaults());

        assertEquals(2, pairing.pairs().size(), "the other mode is not a duplicate");
        assertSame(first, pairing.pairs().get(0).current(), "the first is compared");
        assertEquals(Collections.singletonList(
                "The current results hold a.Codec.encode [avgt] more than once; only the first is compared."),
                pairing.duplicates);
    }
}
