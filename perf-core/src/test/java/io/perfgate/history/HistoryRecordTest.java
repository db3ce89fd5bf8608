package io.perfgate.history;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.perfgate.results.PerfResults;
import io.perfgate.results.Provenance;
import io.perfgate.results.ResultsFormatException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class HistoryRecordTest {
    private static final String COMMIT = "6904bea1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f7";
    private static final Instant T = Instant.parse("2026-11-27T14:59:40.123Z");

    private static PerfResults run() {
        return new SyntheticRuns(1, 3).run(T, COMMIT, 2, 3);
    }

    @Test
    void recordsTheOriginInTheProvenanceAndReadsBackEveryForkValue() throws ResultsFormatException {
        RunOrigin origin = new RunOrigin(T, COMMIT, "a".repeat(40), "main", "https://ci.example.org/build/7");
        HistoryRecord record = HistoryRecord.create(run(), origin, new Random(3));

        HistoryRecord read = HistoryRecord.parse(record.name(), record.json());

        assertEquals(COMMIT, read.results().provenance().get(Provenance.COMMIT));
        assertEquals("a".repeat(40), read.origin().parent());
        assertEquals("main", read.origin().branch());
        assertEquals("https://ci.example.org/build/7", read.origin().buildUrl());
        assertEquals(T.toString(), read.results().provenance().get(Provenance.RECORDED_AT));
        assertEquals(T, read.recordedAt());
        assertEquals(run().environment(), read.results().environment());
        assertEquals(run().settings(), read.results().settings());
        for (int b = 0; b < 3; b++) {
            for (int f = 0; f < 2; f++) {
                assertArrayEquals(HistoryRecord.round(run().benchmarks().get(b).forks().get(f).primary()),
                        read.results().benchmarks().get(b).forks().get(f).primary());
                assertArrayEquals(HistoryRecord.round(run().benchmarks().get(b).forks().get(f)
                        .secondary("gc.alloc.rate.norm")), read.results().benchmarks().get(b).forks().get(f)
                        .secondary("gc.alloc.rate.norm"));
            }
        }
    }

    @Test
    void keepsSixSignificantDigitsOfEveryValue() {
        assertEquals(123.457, HistoryRecord.round(123.456789012345));
        assertEquals(0.000123457, HistoryRecord.round(0.000123456789));
        assertEquals(48.0, HistoryRecord.round(48.00000217238413));
        assertEquals(12.0, HistoryRecord.round(12.0));
        assertEquals(0.0, HistoryRecord.round(0.0));
        assertTrue(Double.isNaN(HistoryRecord.round(Double.NaN)));
        assertEquals(Double.POSITIVE_INFINITY, HistoryRecord.round(Double.POSITIVE_INFINITY));
        Random random = new Random(9);
        for (int i = 0; i < 10_000; i++) {
            double value = Math.exp(random.nextGaussian() * 10);
            assertTrue(Math.abs(HistoryRecord.round(value) / value - 1) <= 5e-6, value + "");
        }
    }

    @Test
    void writesTheRoundedValuesShort() {
        HistoryRecord record = HistoryRecord.create(run(), new RunOrigin(T, COMMIT, null, null, null),
                new Random(3));
        String primary = record.json().lines().filter(l -> l.contains("\"primary\"")).findFirst().orElseThrow();
        for (String number : primary.replaceAll(".*\\[|\\].*", "").split(", ")) {
            assertTrue(number.replaceAll("[^0-9]", "").replaceAll("^0+", "").length() <= 6, primary);
        }
    }

    @Test
    void leavesOutWhatIsUnknown() throws ResultsFormatException {
        HistoryRecord record = HistoryRecord.create(run(), new RunOrigin(T, null, null, null, null), new Random(3));
        HistoryRecord read = HistoryRecord.parse(record.name(), record.json());
        assertNull(read.origin().parent());
        assertNull(read.origin().branch());
        assertNull(read.origin().buildUrl());
        assertEquals(COMMIT, read.origin().commit(), "the fingerprint's commit");
    }

    @Test
    void namesSortByTimeAndNeverRepeatForOneCommitAtOneMoment() {
        RunOrigin origin = new RunOrigin(T, COMMIT, null, null, null);
        Random random = new Random(5);
        String a = HistoryRecord.newName(origin, random);
        String b = HistoryRecord.newName(origin, random);
        assertNotEquals(a, b);
        assertTrue(a.startsWith("2026/11/20261127T145940123Z-6904bea1c2d3-"), a);
        assertTrue(HistoryRecord.isName(a), a);

        List<String> names = new ArrayList<>();
        for (int day = 40; day >= 0; day--) {
            names.add(HistoryRecord.newName(new RunOrigin(T.minusSeconds(86_400L * day + day), "f" + day, null,
                    null, null), random));
        }
        List<String> sorted = new ArrayList<>(names);
        Collections.shuffle(sorted, random);
        Collections.sort(sorted);
        assertEquals(names, sorted);
    }

    @Test
    void aCommitThatIsNotAnIdIsNotPutInTheName() {
        String name = HistoryRecord.newName(new RunOrigin(T, "../../etc", null, null, null), new Random(1));
        assertTrue(name.contains("-nocommit-"), name);
        assertTrue(HistoryRecord.isName(name));
    }

    @Test
    void aDocumentThatDoesNotReadNamesTheRecord() {
        String name = HistoryRecord.newName(new RunOrigin(T, COMMIT, null, null, null), new Random(1));
        ResultsFormatException e = assertThrows(ResultsFormatException.class,
                () -> HistoryRecord.parse(name, "{\"schema\": 1"));
        assertTrue(e.getMessage().contains(name), e.getMessage());
    }
    @Test
    void leavesOutTheAllocationRateThatTheOtherTwoValuesGive() throws ResultsFormatException {
        PerfResults measured = new SyntheticRuns(7, 2, true).run(T, COMMIT, 2, 3);
        HistoryRecord record = HistoryRecord.create(measured, new RunOrigin(T, COMMIT, null, null, null),
                new Random(5));
        HistoryRecord read = HistoryRecord.parse(record.name(), record.json());
        read.results().benchmarks().forEach(b -> {
            assertTrue(!b.secondaryMetrics().containsKey("gc.alloc.rate"), b.key());
            assertTrue(b.secondaryMetrics().containsKey("gc.alloc.rate.norm"), b.key());
            b.forks().forEach(f -> {
                assertTrue(!f.secondary().containsKey("gc.alloc.rate"), b.key());
                assertEquals(3, f.secondary().get("gc.alloc.rate.norm").length, b.key());
            });
        });
    }
}
