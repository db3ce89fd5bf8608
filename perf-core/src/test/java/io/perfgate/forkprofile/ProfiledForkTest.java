package io.perfgate.forkprofile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.perfgate.results.BenchmarkResult;
import io.perfgate.results.Fork;
import io.perfgate.results.MetricInfo;
import io.perfgate.stats.Direction;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * What a profiling fork measured with the profiler attached, for the target it was run for: the cost per
 * operation that a target profiled on demand is attributed with, and its bytes per operation.
 */
class ProfiledForkTest {
    private static BenchmarkResult result(String unit, String size, double[] iterations, double[] bytes) {
        BenchmarkResult.Builder b = BenchmarkResult.builder("com.acme.ParserBench.parse").mode("avgt").unit(unit)
                .params(Map.of("size", size));
        if (bytes == null) {
            return b.addFork(new Fork(iterations, Map.of(), Map.of())).build();
        }
        return b.secondaryMetric(MetricInfo.ALLOCATION, new MetricInfo("B/op", Direction.LOWER_IS_BETTER))
                .addFork(new Fork(iterations, Map.of(), Map.of(MetricInfo.ALLOCATION, bytes))).build();
    }

    private static ProfileTarget target(String size) {
        return ProfileTarget.unmeasured("com.acme.ParserBench.parse", Map.of("size", size));
    }

    @Test
    void theCostIsTheMedianOfTheForksIterationsForTheTargetsParameters() {
        ProfiledFork fork = new ProfiledFork(null, List.of(
                result("us/op", "10", new double[] {1.0, 1.2, 1.1}, new double[] {48, 48, 48}),
                result("us/op", "1000", new double[] {90, 110, 100}, new double[] {4000, 4016, 4016})));

        assertEquals(1.1, fork.costPerOp(target("10")).value(), 1e-12);
        assertEquals("us/op", fork.costPerOp(target("10")).unit());
        assertEquals(100, fork.costPerOp(target("1000")).value(), 1e-12, "not the other parameter's");
        assertEquals(4016, fork.bytesPerOp(target("1000")), 1e-12);
    }

    @Test
    void aThroughputIsTurnedIntoATimePerOperation() {
        ProfiledFork fork = new ProfiledFork(null, List.of(result("ops/us", "10", new double[] {2, 2, 2}, null)));
        assertEquals(0.5, fork.costPerOp(target("10")).value(), 1e-12);
        assertEquals("us/op", fork.costPerOp(target("10")).unit());
    }

    @Test
    void whatTheForkDidNotReportIsNotANumber() {
        ProfiledFork fork = new ProfiledFork(null, List.of(
                result("us/op", "10", new double[] {1, 1, 1}, null),
                result("us/op", "1000", new double[] {9, 9, 9}, null)));
        assertTrue(Double.isNaN(fork.bytesPerOp(target("10"))), "no gc profiler, no bytes");
        assertTrue(Double.isNaN(fork.costPerOp(target("100")).value()), "no result for size=100");

        ProfiledFork single = new ProfiledFork(null, List.of(result("us/op", "10", new double[] {3, 3, 3}, null)));
        assertEquals(3, single.costPerOp(target("100")).value(), 1e-12,
                "the only result a fork reported is the target's, whatever its parameters are called");
    }
}
