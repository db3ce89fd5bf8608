package io.perfgate.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** Reads the BenchmarkList that JMH's annotation processor wrote for the fixtures in this module's tests. */
class BenchmarkListReaderTest {
    private static final Path LIST = Paths.get("target", "test-classes", "META-INF", "BenchmarkList");

    @Test
    void readsTheAnnotationsOfEveryFixture() throws IOException {
        List<BenchmarkEntry> entries = fixtures();

        BenchmarkEntry avgt = find(entries, "io.perfgate.jmh.fixtures.AverageTimeFixture.sumArray", JmhMode.AVERAGE_TIME);
        assertEquals(Integer.valueOf(2), avgt.forks());
        assertEquals(Integer.valueOf(1), avgt.warmupIterations());
        assertEquals(JmhTime.of(100, TimeUnit.MILLISECONDS), avgt.warmupTime());
        assertEquals(Integer.valueOf(3), avgt.measurementIterations());
        assertEquals(JmhTime.of(100, TimeUnit.MILLISECONDS), avgt.measurementTime());
        assertEquals("ns", avgt.timeUnit());
        assertNull(avgt.threads());
        assertEquals(Arrays.asList("16", "128"), avgt.params().get("size"));
        assertEquals(Collections.singletonList("sum"), avgt.params().get("kind"));

        BenchmarkEntry thrpt = find(entries, "io.perfgate.jmh.fixtures.ThroughputFixture.concat", JmhMode.THROUGHPUT);
        assertNull(thrpt.forks());
        assertNull(thrpt.warmupIterations());
        assertNull(thrpt.measurementTime());
        assertNull(thrpt.timeUnit());
        assertEquals(Integer.valueOf(2), thrpt.threads());
        assertTrue(thrpt.params().isEmpty());

        find(entries, "io.perfgate.jmh.fixtures.SampleTimeFixture.burn", JmhMode.SAMPLE_TIME);
        find(entries, "io.perfgate.jmh.fixtures.SampleTimeFixture.burn", JmhMode.SINGLE_SHOT_TIME);
    }

    @Test
    void paramValuesSurviveTheArmour() throws IOException {
        // A value with a comma, a space, a quote and a non-ASCII letter, as JMH 1.37 armours it.
        String line = "JMH S 5 a.B.C S 19 a.jmh_generated.B_C S 1 m S 11 AverageTime E A 1 1 1 E E E E E E E E E E"
                + " E E E M 1 1 v 3 8 zBQdA0GA 8 xAgNAA== 16 " + armour("x, \"ä\"") + " E E E ";
        BenchmarkEntry e = BenchmarkListReader.parse(line, "list").get(0);
        assertEquals(Arrays.asList("sum", "16", "x, \"ä\""), e.params().get("v"));
    }

    @Test
    void aLineInAnOlderFormatIsReportedWithItsLineNumber() {
        IOException e = assertThrows(IOException.class, () -> BenchmarkListReader.parse(
                "# comment\nio.perfgate.Old.m, AverageTime, 1\n", "test-classes/META-INF/BenchmarkList"));
        assertTrue(e.getMessage().startsWith("test-classes/META-INF/BenchmarkList, line 2: not a JMH benchmark list"
                + " entry"), e.getMessage());
        assertTrue(e.getMessage().contains("1.24 or newer"), e.getMessage());
    }

    private static List<BenchmarkEntry> fixtures() throws IOException {
        return BenchmarkListReader.read(LIST).stream()
                .filter(e -> e.userClass().startsWith("io.perfgate.jmh.fixtures."))
                .collect(Collectors.toList());
    }

    static BenchmarkEntry find(List<BenchmarkEntry> entries, String name, JmhMode mode) {
        return entries.stream().filter(e -> e.name().equals(name) && e.mode() == mode).findFirst()
                .orElseThrow(() -> new AssertionError(name + " " + mode + " not in " + entries));
    }

    /** The armour written independently of the reader: 3 UTF-16 units -> two little-endian 24-bit groups. */
    private static String armour(String s) {
        String alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < s.length(); i += 3) {
            int chars = Math.min(3, s.length() - i);
            long bits = 0;
            for (int c = 0; c < chars; c++) {
                bits |= (long) s.charAt(i + c) << (16 * c);
            }
            int symbols = chars == 3 ? 8 : chars * 3;
            for (int k = 0; k < 8; k++) {
                out.append(k < symbols ? alphabet.charAt((int) ((bits >> (6 * k)) & 63)) : '=');
            }
        }
        return out.toString();
    }
}
