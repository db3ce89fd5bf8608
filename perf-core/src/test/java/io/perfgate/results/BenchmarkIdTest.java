package io.perfgate.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class BenchmarkIdTest {
    private static BenchmarkId id(String name, String mode, String... params) {
        Map<String, String> p = new LinkedHashMap<>();
        for (int i = 0; i < params.length; i += 2) {
            p.put(params[i], params[i + 1]);
        }
        return BenchmarkId.of(name, p, mode);
    }

    @Test
    void twoModesOfOneBenchmarkAreTwoIdsWithOneKey() {
        BenchmarkId avgt = id("a.B.m", "avgt", "size", "10");
        BenchmarkId sample = id("a.B.m", "sample", "size", "10");
        assertNotEquals(avgt, sample);
        assertEquals(avgt.key(), sample.key());
        assertEquals("a.B.m:size=10", avgt.key());
        assertEquals("a.B.m:size=10 [avgt]", avgt.toString());
    }

    @Test
    void parametersInAnyOrderMakeTheSameId() {
        BenchmarkId one = id("a.B.m", "avgt", "type", "x", "size", "10");
        BenchmarkId other = id("a.B.m", "avgt", "size", "10", "type", "x");
        assertEquals(one, other);
        assertEquals(one.hashCode(), other.hashCode());
        assertEquals(Arrays.asList("size", "type"), new ArrayList<>(one.params().keySet()));
        assertEquals("a.B.m:size=10,type=x", one.key());
    }

    @Test
    void theResultsIdIsItsNameParametersAndMode() {
        BenchmarkResult r = BenchmarkResult.builder("a.B.m").params(Map.of("size", "10")).mode("avgt").unit("ns/op")
                .build();
        assertEquals(id("a.B.m", "avgt", "size", "10"), r.id());
        assertEquals(r.key(), r.id().key());
        assertEquals(r.displayName(), r.id().displayName(r.kind()));
        assertEquals("B.m (size=10)", r.id().displayName(BenchmarkResult.KIND_JMH));
        assertEquals("a.B.m (size=10)", r.id().displayName(BenchmarkResult.KIND_SCENARIO));
    }

    /** The order of the keys as strings (as calibrations were listed by key), then the mode. */
    @Test
    void ordersByKeyThenMode() {
        List<BenchmarkId> ids = new ArrayList<>(Arrays.asList(id("a.B.m2", "avgt"), id("a.B.m", "sample"),
                id("a.B.m", "avgt", "size", "2"), id("a.B.m", "avgt")));
        ids.sort(null);
        assertEquals(Arrays.asList(id("a.B.m", "avgt"), id("a.B.m", "sample"), id("a.B.m2", "avgt"),
                id("a.B.m", "avgt", "size", "2")), ids);
        assertEquals(0, id("a.B.m", "avgt").compareTo(id("a.B.m", "avgt")));
    }

    @Test
    void theStoredKeyIsTheMessageFormWhereNothingNeedsEscaping() {
        BenchmarkId plain = id("org.example.P.parse", "avgt", "size", "10", "text", "a");
        assertEquals("org.example.P.parse:size=10,text=a [avgt]", plain.storedKey());
        assertEquals(plain.toString(), plain.storedKey());
        assertEquals(Optional.of(plain), BenchmarkId.parse(plain.storedKey()));
        assertEquals(Optional.of(id("x.Y.z", "ss")), BenchmarkId.parse("x.Y.z [ss]"));
    }

    @Test
    void parametersWithOddCharactersRoundTrip() {
        List<BenchmarkId> odd = Arrays.asList(
                id("a.B.m", "avgt", "csv", "a,b=c", "json", "{\"k\": [1, 2]}"),
                id("a.B.m", "sample", "path", "C:\\tmp\\x", "blank", "", "space", " ends with space "),
                id("a.B.m", "thrpt", "bracket", "] [avgt]", "colon", "x:y"),
                id("scenario: checkout [cold]", "ss"),
                id("a.B.m", "avgt", "unicode", "größe \u00e9\u4e2d"));
        for (BenchmarkId id : odd) {
            assertEquals(Optional.of(id), BenchmarkId.parse(id.storedKey()), id.storedKey());
        }
        assertEquals("a.B.m:csv=a\\,b\\=c,json={\"k\"\\: \\[1\\, 2\\]} [avgt]", odd.get(0).storedKey());
    }

    @Test
    void aKeyWithoutModeIsNoStoredKey() {
        // what a calibration keyed its entries by before the mode was part of the key
        assertEquals(Optional.empty(), BenchmarkId.parse("a.B.m:size=10"));
        assertEquals(Optional.empty(), BenchmarkId.parse("a.B.m"));
        assertEquals(Optional.empty(), BenchmarkId.parse("a.B.m:v=[x]"));
        assertEquals(Optional.empty(), BenchmarkId.parse("a.B.m:size [avgt]"));
        assertEquals(Optional.empty(), BenchmarkId.parse(" [avgt]"));
        assertEquals(Optional.empty(), BenchmarkId.parse("a.B.m [avgt]x]"));
        assertEquals(Optional.empty(), BenchmarkId.parse("a.B.m:a=1,a=2 [avgt]"));
        assertEquals(Optional.empty(), BenchmarkId.parse("a.B.m\\"));
    }

    @Test
    void aKeyAndModeReadBackAsBestTheyCan() {
        assertEquals(id("a.B.m", "avgt", "size", "10", "type", "x"), BenchmarkId.ofKey("a.B.m:size=10,type=x", "avgt"));
        assertEquals(id("a.B.m", "avgt"), BenchmarkId.ofKey("a.B.m", "avgt"));
        // a comma in a value belongs to the value before it
        assertEquals(id("a.B.m", "avgt", "csv", "a,b", "n", "1"), BenchmarkId.ofKey("a.B.m:csv=a,b,n=1", "avgt"));
        // a colon with no parameter after it is part of the name (a scenario id may hold one)
        assertEquals(id("scenario: checkout", "ss"), BenchmarkId.ofKey("scenario: checkout", "ss"));
    }

    @Test
    void withModeTellsTheModesOfOneNameApart() {
        assertEquals("B.m (size=10) [sample]", id("a.B.m", "sample", "size", "10").withMode("B.m (size=10)"));
        assertTrue(id("a.B.m", "avgt").toString().endsWith(" [avgt]"));
    }
}
