package io.perfgate.gate;

import static io.perfgate.testing.Results.around;
import static io.perfgate.testing.Results.times;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.perfgate.results.BenchmarkResult;
import io.perfgate.results.Fork;
import io.perfgate.results.MetricInfo;
import io.perfgate.results.PerfResults;
import io.perfgate.stats.Direction;
import io.perfgate.stats.Verdict;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** The gate on scenario results (kind "scenario": one fork per measured run, wall time in ms). */
class ScenarioGateTest {
    private static final String SCENARIO = "ingest";
    private static final double[] WALL = around(800, 0.02, 10, 11);

    /** A scenario side: run i has wall WALL[i], p95 p95s[i] (null: fewer than 72 latencies) and the metrics. */
    private static final class Side {
        final BenchmarkResult.Builder b = BenchmarkResult.builder(SCENARIO).kind(BenchmarkResult.KIND_SCENARIO)
                .params(Collections.singletonMap("runs", "warm")).mode("ss").unit("ms");
        final Map<String, double[]> metrics = new LinkedHashMap<>();
        double[] wall = WALL;
        Double[] p95;
        boolean warmJvms;

        /** Results of this version: each warm fork is a JVM, and the settings say how many. */
        Side warmJvms() {
            this.warmJvms = true;
            return this;
        }

        Side metric(String name, MetricInfo info, double[] perRun) {
            b.secondaryMetric(name, info);
            metrics.put(name, perRun);
            return this;
        }

        Side wall(double[] wall) {
            this.wall = wall;
            return this;
        }

        Side p95(Double... p95) {
            this.p95 = p95;
            return this;
        }

        PerfResults results() {
            for (int i = 0; i < wall.length; i++) {
                Map<String, Double> pct = new LinkedHashMap<>();
                if (p95 != null && p95[i] != null) {
                    pct.put("p0.50", p95[i] / 2);
                    pct.put("p0.90", p95[i] * 0.9);
                    pct.put("p0.95", p95[i]);
                }
                Map<String, double[]> sec = new LinkedHashMap<>();
                for (Map.Entry<String, double[]> e : metrics.entrySet()) {
                    sec.put(e.getKey(), new double[] {e.getValue()[i]});
                }
                b.addFork(new Fork(new double[] {wall[i]}, pct, sec));
            }
            PerfResults results = io.perfgate.testing.Results.results(b.build());
            return !warmJvms ? results : results.toBuilder().settings(Collections.singletonMap(
                    "perf.scenario." + SCENARIO + ".warmJvms", Integer.toString(wall.length))).build();
        }
    }

    private static GateReport check(PerfResults baseline, PerfResults current) {
        return new Gate(GateSettings.defaults()).toolVersion("test")
                .clock(Clock.fixed(Instant.parse("2026-11-21T12:00:00Z"), ZoneOffset.UTC))
                .check(baseline, current);
    }

    private static List<GateRow> rows(GateReport r, Metric metric) {
        return r.comparisons().stream().filter(c -> c.metric() == metric).collect(Collectors.toList());
    }

    private static List<NotGated> notGated(GateReport r, Metric metric) {
        return r.notGated().stream().filter(n -> n.metric() == metric).collect(Collectors.toList());
    }

    private static Double[] boxed(double[] v) {
        Double[] out = new Double[v.length];
        for (int i = 0; i < v.length; i++) {
            out[i] = v[i];
        }
        return out;
    }

    @Test
    void warmRunsFromOneJvmCarryANoteThatTheTestCannotSeeJvmToJvmNoise() {
        GateReport r = check(new Side().results(), new Side().warmJvms().results());
        List<String> notes = r.notes().stream().filter(n -> n.contains("come from one JVM"))
                .collect(Collectors.toList());
        assertEquals(1, notes.size(), r.notes().toString());
        assertTrue(notes.get(0).startsWith("ingest (runs=warm): a side's warm runs come from one JVM (results recorded"
                + " before each warm JVM became one observation)"), notes.get(0));
        assertTrue(notes.get(0).contains("record the baseline again to compare warm JVMs"), notes.get(0));
        assertTrue(r.notes().stream().noneMatch(n -> n.contains("trend test")),
                "one run per fork has no iterations to test: " + r.notes());

        GateReport jvms = check(new Side().warmJvms().results(), new Side().warmJvms().results());
        assertTrue(jvms.notes().stream().noneMatch(n -> n.contains("come from one JVM")), jvms.notes().toString());
    }

    @Test
    void p95IsGatedWhenEveryRunOnBothSidesRecordedOne() {
        double[] p95 = around(40, 0.02, 10, 12);
        GateReport r = check(new Side().p95(boxed(p95)).results(), new Side().p95(boxed(times(p95, 1.5))).results());
        List<GateRow> p95Rows = rows(r, Metric.P95);
        assertEquals(1, p95Rows.size(), r.comparisons().toString());
        assertEquals(Verdict.FAIL, p95Rows.get(0).verdict(), p95Rows.get(0).reason());
        assertTrue(r.notGated().isEmpty(), r.notGated().toString());
    }

    @Test
    void p95IsNotGatedWhenSomeRunsRecordedTooFewLatencies() {
        // Two current runs without a p95: today's behaviour dropped them and compared 10 against 8 runs.
        Double[] base = boxed(around(40, 0.02, 10, 12));
        Double[] cur = boxed(times(around(40, 0.02, 10, 13), 1.5));
        cur[3] = null;
        cur[7] = null;
        GateReport r = check(new Side().p95(base).results(), new Side().p95(cur).results());
        assertTrue(rows(r, Metric.P95).isEmpty(), r.comparisons().toString());
        assertEquals(1, r.notGated().size());
        NotGated n = r.notGated().get(0);
        assertEquals(Metric.P95, n.metric());
        assertTrue(n.reason().startsWith("2 of 20 runs recorded fewer than 72 latencies"), n.reason());
        assertFalse(r.failsBuild());
    }

    @Test
    void declaredMetricIncreaseFailsAndUndeclaredNeverDoes() {
        MetricInfo declared = new MetricInfo("records", Direction.LOWER_IS_BETTER, true);
        MetricInfo builtIn = new MetricInfo("ms", Direction.LOWER_IS_BETTER, false);
        double[] retries = around(120, 0.02, 10, 14);
        double[] cpu = around(500, 0.02, 10, 15);
        GateReport r = check(new Side().metric("retries", declared, retries).metric("cpu", builtIn, cpu).results(),
                new Side().metric("retries", declared, times(retries, 1.5)).metric("cpu", builtIn, times(cpu, 3))
                        .results());
        List<GateRow> secondary = rows(r, Metric.SECONDARY);
        assertEquals(1, secondary.size(), r.comparisons().toString());
        GateRow c = secondary.get(0);
        assertEquals("retries", c.metricName());
        assertEquals("records", c.unit());
        assertEquals(Verdict.FAIL, c.verdict(), c.reason());
        assertTrue(c.reason().startsWith("retries +50.0 % ["), c.reason());
        assertTrue(c.reason().endsWith("10 vs 10 forks)"), c.reason());
        assertTrue(r.failsBuild());
        assertTrue(r.regressions().stream().noneMatch(s -> s.contains("cpu")), r.regressions().toString());
        assertTrue(notGated(r, Metric.SECONDARY).isEmpty(), "an ungated metric gets no row");
    }

    @Test
    void dropInAHigherIsBetterMetricIsARegression() {
        MetricInfo throughput = new MetricInfo("records/s", Direction.HIGHER_IS_BETTER, true);
        double[] rate = around(10_000, 0.02, 10, 16);
        GateReport r = check(new Side().metric("records.rate", throughput, rate).results(),
                new Side().metric("records.rate", throughput, times(rate, 0.7)).results());
        GateRow c = rows(r, Metric.SECONDARY).get(0);
        assertEquals(Direction.HIGHER_IS_BETTER, c.direction());
        assertEquals(Verdict.FAIL, c.verdict(), c.reason());

        GateReport better = check(new Side().metric("records.rate", throughput, rate).results(),
                new Side().metric("records.rate", throughput, times(rate, 1.5)).results());
        assertEquals(Verdict.IMPROVED, rows(better, Metric.SECONDARY).get(0).verdict());
    }

    @Test
    void declaredMetricWithAZeroIsNotGated() {
        MetricInfo declared = new MetricInfo("count", Direction.LOWER_IS_BETTER, true);
        double[] base = around(5, 0.02, 10, 17);
        double[] cur = times(base, 3);
        cur[4] = 0;
        GateReport r = check(new Side().metric("errors", declared, base).results(),
                new Side().metric("errors", declared, cur).results());
        assertTrue(rows(r, Metric.SECONDARY).isEmpty(), r.comparisons().toString());
        List<NotGated> refused = notGated(r, Metric.SECONDARY);
        assertEquals(1, refused.size());
        NotGated n = refused.get(0);
        assertEquals("errors", n.metricName());
        assertEquals("a run of the current results recorded errors = 0; the test needs values above 0", n.reason());
        assertFalse(r.failsBuild());
    }

    @Test
    void scenarioAllocIsTestedNotJudgedByTheBytesTolerance() {
        // a scenario's "alloc" is the whole run's allocation, not JMH's B/op: it gets the shift test and its p-value
        MetricInfo alloc = new MetricInfo("B", Direction.LOWER_IS_BETTER, true);
        double[] bytes = around(4_000_000, 0.005, 10, 18);
        GateReport r = check(new Side().metric("alloc", alloc, bytes).results(),
                new Side().metric("alloc", alloc, times(bytes, 1.3)).results());
        assertTrue(rows(r, Metric.ALLOCATION).isEmpty(), r.comparisons().toString());
        GateRow c = rows(r, Metric.SECONDARY).get(0);
        assertEquals("alloc", c.metricName());
        assertTrue(Double.isNaN(c.allowedBytes()), "no B/op tolerance on a scenario");
        assertTrue(c.pValue() < 0.001, "tested: p " + c.pValue());
        assertEquals(Verdict.FAIL, c.verdict(), c.reason());
    }

    @Test
    void reportJsonKeepsTheSecondaryMetricsName() throws Exception {
        MetricInfo declared = new MetricInfo("count", Direction.LOWER_IS_BETTER, true);
        double[] retries = around(120, 0.02, 10, 14);
        double[] errors = times(retries, 1.0);
        errors[0] = 0;
        GateReport r = check(new Side().metric("retries", declared, retries).metric("errors", declared, errors)
                .results(), new Side().metric("retries", declared, times(retries, 1.5))
                .metric("errors", declared, errors).results());
        String json = io.perfgate.report.ReportJson.toJson(r);
        assertTrue(json.contains("\"name\" : \"retries\""), json);
        GateReport back = io.perfgate.report.ReportJson.parse(java.nio.file.Paths.get("report.json"), json);
        assertEquals("retries", rows(back, Metric.SECONDARY).get(0).metricName());
        assertEquals("errors", notGated(back, Metric.SECONDARY).get(0).metricName());
        assertEquals(json, io.perfgate.report.ReportJson.toJson(back));
    }

    @Test
    void unusableRunIsCalledARun() {
        double[] wall = WALL.clone();
        wall[2] = 0;
        GateReport r = check(new Side().results(), new Side().wall(wall).results());
        GateRow c = rows(r, Metric.MEDIAN).get(0);
        assertEquals(Verdict.INCONCLUSIVE, c.verdict());
        assertTrue(c.reason().contains("run 3 of the current results has no usable measurement"), c.reason());
    }

    @Test
    void unknownJvmArgsOrJmhVersionIsNoDifference() {
        Map<String, String> jmh = new LinkedHashMap<>();
        jmh.put("cpu.model", "Xeon");
        jmh.put("jvm.args", "-Xmx2g");
        jmh.put("jmh.version", "1.37");
        Map<String, String> scenarioOnly = new LinkedHashMap<>(jmh);
        scenarioOnly.put("jvm.args", "unknown");
        scenarioOnly.put("jmh.version", "unknown");
        assertTrue(EnvironmentDifference.between(jmh, scenarioOnly).isEmpty());
        assertTrue(EnvironmentDifference.between(scenarioOnly, jmh).isEmpty());

        Map<String, String> otherArgs = new LinkedHashMap<>(jmh);
        otherArgs.put("jvm.args", "-Xmx4g");
        assertEquals(Collections.singletonList(new EnvironmentDifference("jvm.args", "-Xmx2g", "-Xmx4g")),
                EnvironmentDifference.between(jmh, otherArgs));
    }
}
