package io.perfgate.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class AttributionTest {
    private static final String STUB = "Bench_jmhTest.run_avgt_jmhStub";

    static StackProfile profile(Map<List<String>, Long> time, Map<StackProfile.AllocationSite, Long> allocations,
            Map<String, StackProfile.Contention> locks) {
        return new StackProfile(Collections.emptyMap(), time, allocations, locks);
    }

    static Map<List<String>, Long> samples(long parse, long encode) {
        Map<List<String>, Long> m = new LinkedHashMap<>();
        m.put(Arrays.asList(STUB, "Codec.parse"), parse);
        m.put(Arrays.asList(STUB, "Codec.parse", "Codec.encode"), encode);
        return m;
    }

    @Test
    void selfCostsSplitTheMeasuredChangeAndSumToIt() {
        // base: 10 ns/op, parse 90 % of the samples; candidate: 20 ns/op, encode half of them
        StackProfile base = profile(samples(900, 100), Collections.emptyMap(), Collections.emptyMap());
        StackProfile candidate = profile(samples(500, 500), Collections.emptyMap(), Collections.emptyMap());
        Attribution a = Attribution.compute(base, CostPerOp.of(10, "ns/op"), Double.NaN, candidate,
                CostPerOp.of(20, "ns/op"), Double.NaN);

        Attribution.MethodCost top = a.methods().get(0);
        assertEquals("Codec.encode", top.method());
        assertEquals(1.0, top.selfBefore(), 1e-9);
        assertEquals(10.0, top.selfAfter(), 1e-9);
        assertEquals(0.9, top.shareOfChange(), 1e-9);
        Attribution.MethodCost parse = a.methods().get(1);
        assertEquals("Codec.parse", parse.method());
        assertEquals(9.0, parse.selfBefore(), 1e-9);
        assertEquals(10.0, parse.selfAfter(), 1e-9);
        assertEquals(20.0, parse.inclusiveAfter(), 1e-9, "parse is on every stack");
        assertEquals(0.1, parse.shareOfChange(), 1e-9);
        assertEquals(1.0, a.explained(3), 1e-9, "self changes sum to the measured change");
        assertEquals("wall-clock", a.sampling());
        assertEquals(1000, a.samplesBefore());
    }

    @Test
    void aThroughputIsTurnedIntoTimePerOperation() {
        CostPerOp c = CostPerOp.of(4, "ops/us");
        assertEquals(0.25, c.value(), 1e-12);
        assertEquals("us/op", c.unit());
        assertEquals("s", CostPerOp.of(12.5, "s").unit());
        assertEquals(12.5, CostPerOp.of(12.5, "s").value(), 0);
    }

    @Test
    void allocationSitesShareTheMeasuredBytesPerOperation() {
        StackProfile.AllocationSite buffer = new StackProfile.AllocationSite("Writer.append", "byte[]");
        StackProfile.AllocationSite text = new StackProfile.AllocationSite("Writer.header", "java.lang.String");
        Map<StackProfile.AllocationSite, Long> before = new LinkedHashMap<>();
        before.put(text, 1000L);
        Map<StackProfile.AllocationSite, Long> after = new LinkedHashMap<>();
        after.put(text, 1000L);
        after.put(buffer, 3000L);
        Attribution a = Attribution.compute(profile(samples(1, 0), before, Collections.emptyMap()),
                CostPerOp.of(1, "ns/op"), 24, profile(samples(1, 0), after, Collections.emptyMap()),
                CostPerOp.of(2, "ns/op"), 96);
        Attribution.SiteCost top = a.allocations().get(0);
        assertEquals("new byte[] in Writer.append", top.site());
        assertEquals(0, top.before(), 0);
        assertEquals(72, top.after(), 1e-9);
        assertEquals(24, a.allocations().get(1).after(), 1e-9);
    }

    @Test
    void theMonitorThatGrewMostComesFirst() {
        Map<String, StackProfile.Contention> before = new LinkedHashMap<>();
        before.put("com.acme.Cache", new StackProfile.Contention(10, 2_000_000, "Cache.get"));
        Map<String, StackProfile.Contention> after = new LinkedHashMap<>();
        after.put("com.acme.Cache", new StackProfile.Contention(10, 2_000_000, "Cache.get"));
        after.put("com.acme.Counter", new StackProfile.Contention(500, 900_000_000, "Counter.add"));
        Attribution a = Attribution.compute(profile(samples(1, 0), Collections.emptyMap(), before),
                CostPerOp.of(1, "ns/op"), Double.NaN, profile(samples(1, 0), Collections.emptyMap(), after),
                CostPerOp.of(2, "ns/op"), Double.NaN);
        Attribution.MonitorCost top = a.monitors().get(0);
        assertEquals("com.acme.Counter", top.monitor());
        assertEquals("Counter.add", top.where());
        assertEquals(0, top.beforeMillis(), 0);
        assertEquals(900, top.afterMillis(), 1e-9);
        assertEquals(0, top.eventsBefore());
        assertEquals(500, top.eventsAfter());
    }

    @Test
    void withoutABaseTheCostliestFramesComeFirstAndNothingIsShared() {
        Attribution a = Attribution.compute(null, null, Double.NaN, profile(samples(300, 700),
                Collections.emptyMap(), Collections.emptyMap()), CostPerOp.of(10, "us/op"), Double.NaN);
        assertEquals("Codec.encode", a.methods().get(0).method());
        assertEquals(7, a.methods().get(0).selfAfter(), 1e-9);
        assertTrue(Double.isNaN(a.methods().get(0).shareOfChange()));
        assertTrue(Double.isNaN(a.explained(3)));
        assertTrue(!a.hasBase());
    }

    @Test
    void noSamplesGiveAnEmptyTableNotAnError() {
        Attribution a = Attribution.compute(profile(Collections.emptyMap(), Collections.emptyMap(),
                Collections.emptyMap()), CostPerOp.of(1, "ns/op"), Double.NaN, profile(Collections.emptyMap(),
                Collections.emptyMap(), Collections.emptyMap()), CostPerOp.of(2, "ns/op"), Double.NaN);
        assertTrue(a.methods().isEmpty());
        assertTrue(Double.isNaN(a.explained(3)));
    }

    @Test
    void aChangeOfTimeTheGateDidNotEstablishIsSharedOutToNoFrame() {
        // a benchmark that FAILs on allocation while its time moved within the noise
        Attribution a = Attribution.compute(profile(samples(900, 100), Collections.emptyMap(),
                Collections.emptyMap()), CostPerOp.of(10, "ns/op"), Double.NaN, profile(samples(850, 150),
                Collections.emptyMap(), Collections.emptyMap()), CostPerOp.of(10.4, "ns/op"), Double.NaN, false);
        assertTrue(!a.changeEstablished());
        assertEquals("Codec.encode", a.methods().get(0).method(), "still ordered by what grew");
        assertTrue(Double.isNaN(a.methods().get(0).shareOfChange()));
        assertTrue(Double.isNaN(a.explained(3)));
    }
}
