package io.perfgate.gate;

import static io.perfgate.testing.Results.withAlloc;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.perfgate.results.BenchmarkResult;
import io.perfgate.stats.Verdict;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * The allocation row: bytes per operation judged by a tolerance of max(percent, bytes), with the sentence a
 * reader of the report acts on.
 */
class AllocationCheckTest {
    private static final double[] TIMES = {100, 100, 100, 100, 100};

    private static GateRow judge(double[] baseBytes, double[] curBytes, String refusal) throws Exception {
        BenchmarkSettings bs = GateSettings.builder().allocation(0.02, 64).build().forBenchmark("a.Codec.encode");
        BenchmarkResult base = withAlloc("a.Codec.encode", Arrays.copyOf(TIMES, baseBytes.length), baseBytes);
        BenchmarkResult cur = withAlloc("a.Codec.encode", Arrays.copyOf(TIMES, curBytes.length), curBytes);
        return AllocationCheck.judge(base, cur, bs, baseBytes, curBytes, refusal);
    }

    private static double[] all(double bytes) {
        return new double[] {bytes, bytes, bytes, bytes, bytes};
    }

    @Test
    void aGrowthBeyondThePercentageFailsAndSaysByHowMuchAndTheLimit() throws Exception {
        GateRow row = judge(all(10_000), all(10_400), null);
        assertEquals(Verdict.FAIL, row.verdict());
        assertEquals(Metric.ALLOCATION, row.metric());
        assertEquals("allocation +4.0 % (+400 B/op) is above the limit max(2 %, 64 B/op) = 200 B/op"
                + " (medians 10000 B/op -> 10400 B/op, 5 vs 5 forks)", row.reason());
    }

    @Test
    void aSmallBenchmarkIsHeldToTheByteFloorNotThePercentage() throws Exception {
        // one more 32-byte object in a benchmark of 16 B/op: +200 %, but within 64 B/op
        GateRow row = judge(all(16), all(48), null);
        assertEquals(Verdict.PASS, row.verdict(), row.reason());
        assertEquals("allocation +200.0 % (+32 B/op) is within the limit max(2 %, 64 B/op) = 64 B/op"
                + " (medians 16 B/op -> 48 B/op, 5 vs 5 forks)", row.reason());

        GateRow over = judge(all(16), all(96), null);
        assertEquals(Verdict.FAIL, over.verdict(), over.reason());
    }

    @Test
    void aGrowthFromNothingIsCountedInBytesNotAsAPercentage() throws Exception {
        // JMH reports a loop that allocates nothing at a fraction of a byte per operation
        GateRow row = judge(all(0.0001), all(120), null);
        assertEquals(Verdict.FAIL, row.verdict());
        assertEquals("allocation +120 B/op from nothing is above the limit max(2 %, 64 B/op) = 64 B/op"
                + " (medians 0 B/op -> 120 B/op, 5 vs 5 forks)", row.reason());
        assertTrue(Double.isNaN(row.ratio()), "no percentage of nothing in the table");

        assertEquals(Verdict.PASS, judge(all(0.0001), all(24), null).verdict());
    }

    @Test
    void aDropBeyondTheLimitIsAnImprovement() throws Exception {
        GateRow row = judge(all(10_000), all(9_000), null);
        assertEquals(Verdict.IMPROVED, row.verdict());
        assertTrue(row.reason().startsWith("allocation -10.0 % (-1000 B/op) is an improvement beyond the limit"),
                row.reason());
    }

    /**
     * A benchmark that draws its input at random allocates differently in each fork: a difference of medians within
     * that spread is no verdict, while sides apart by more than the limit still fail.
     */
    @Test
    void forksThatSpreadWidelyMustSeparateTheSidesToFail() throws Exception {
        double[] base = {11_100_000, 11_350_000, 11_600_000, 11_850_000, 12_100_000};
        double[] overlapping = {10_600_000, 10_900_000, 11_000_000, 11_400_000, 11_700_000};
        GateRow row = judge(base, overlapping, null);
        assertEquals(Verdict.INCONCLUSIVE, row.verdict(), row.reason());
        assertTrue(row.reason().contains("is within the allocation's own spread from fork to fork (up to 1100000"
                + " B/op on one side"), row.reason());
        assertTrue(row.reason().endsWith("give the input a fixed seed to gate it"), row.reason());

        double[] apart = {13_000_000, 13_100_000, 13_300_000, 13_600_000, 14_000_000};
        GateRow fail = judge(base, apart, null);
        assertEquals(Verdict.FAIL, fail.verdict(), fail.reason());
        assertTrue(fail.reason().endsWith("; every fork of one side is 900000 B/op beyond every fork of the other)"),
                fail.reason());
    }

    @Test
    void aRefusalIsInconclusiveWithItsReason() throws Exception {
        GateRow row = judge(all(100), all(10_000), "the baseline's forks did not all measure it");
        assertEquals(Verdict.INCONCLUSIVE, row.verdict());
        assertEquals("allocation is not judged: the baseline's forks did not all measure it", row.reason());
    }
}
