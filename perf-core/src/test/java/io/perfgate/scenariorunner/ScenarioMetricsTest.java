package io.perfgate.scenariorunner;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.perfgate.results.BenchmarkResult;
import io.perfgate.results.Fork;
import io.perfgate.results.MetricInfo;
import io.perfgate.results.PerfResults;
import io.perfgate.results.ResultsJson;
import io.perfgate.stats.Direction;
import io.perfgate.testing.LogLines;
import java.io.IOException;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** From harness result files to results.json, without launching anything. */
class ScenarioMetricsTest {
    private static HarnessResult jvm(String... lines) throws IOException {
        List<String> all = new ArrayList<>();
        all.add("perf-scenario-result\t1");
        all.add("scenario\towc");
        all.add("alloc-method\tall-threads");
        all.addAll(Arrays.asList(lines));
        all.add("end");
        return HarnessResult.parse(Paths.get("cold-1.result.tsv"), all);
    }

    private static ScenarioDefinition owc() {
        ScenarioDefinition d = new ScenarioDefinition();
        d.setId("owc");
        d.setClassName("x.Owc");
        d.setMetrics(Arrays.asList(new MetricDefinition("throughput", "records/s", "higher", null),
                new MetricDefinition("spilled", "records", "lower", false)));
        return d;
    }

    @Test
    void eachRunIsAForkWithWallTimePrimaryAndCountersSecondary() throws IOException {
        HarnessResult a = jvm("setup-ms\t7100.5",
                "run\tmeasured\t1\twall-ms=9012.5\tcpu-ms=2460.0\tchildren-cpu-ms=230\tgc-count=2\tgc-ms=31"
                        + "\talloc-bytes=25890248\theap-peak-bytes=267735848\tlatency-count=0",
                "metric\tmeasured\t1\tthroughput\t2049.5",
                "metric\tmeasured\t1\tspilled\t100.0",
                "metric\tmeasured\t1\tundeclared\t3.0",
                "teardown-ms\t2900.0");
        HarnessResult b = jvm("setup-ms\t6900.0",
                "run\tmeasured\t1\twall-ms=8800.0\tcpu-ms=2300.0\tgc-count=1\tgc-ms=20\theap-peak-bytes=2\tlatency-count=0",
                "metric\tmeasured\t1\tthroughput\t2100.0",
                "teardown-ms\t3100.0");
        LogLines log = new LogLines();
        BenchmarkResult r = ScenarioMetrics.toResult(owc(), "cold", Arrays.asList(
                new ScenarioMetrics.MeasuredRun(a, a.runs.get(0)), new ScenarioMetrics.MeasuredRun(b, b.runs.get(0))),
                log);

        assertEquals("owc:runs=cold", r.key());
        assertEquals("ss", r.mode());
        Fork f = r.forks().get(0);
        assertArrayEquals(new double[] {9012.5}, f.primary());
        assertTrue(f.percentiles().isEmpty());
        assertArrayEquals(new double[] {2460.0}, f.secondary("cpu"));
        assertArrayEquals(new double[] {230.0}, f.secondary("cpu.children"));
        assertArrayEquals(new double[] {7100.5}, f.secondary("setup.time"));
        assertArrayEquals(new double[] {2900.0}, f.secondary("teardown.time"));
        assertEquals(null, f.secondary("latency.count"), "no run recorded latencies: no count either");
        assertEquals(null, r.forks().get(1).secondary("alloc"), "absent when the JVM could not measure it");
        assertEquals(new MetricInfo("records/s", Direction.HIGHER_IS_BETTER, true), r.secondaryMetrics().get("throughput"));
        assertEquals(new MetricInfo("records", Direction.LOWER_IS_BETTER, false), r.secondaryMetrics().get("spilled"));
        assertEquals(new MetricInfo("", Direction.LOWER_IS_BETTER, false), r.secondaryMetrics().get("undeclared"));
        assertEquals(new MetricInfo("ms", Direction.LOWER_IS_BETTER, false), r.secondaryMetrics().get("setup.time"));
        assertEquals(new MetricInfo("B", Direction.LOWER_IS_BETTER, false), r.secondaryMetrics().get("alloc"));
        assertEquals(1, log.warnings().size(), log::toString);
        assertTrue(r.warnings().isEmpty());
    }

    @Test
    void latencyPercentilesNeedEnoughSamplesPerRun() throws IOException {
        String[] runs = {
            "run\tmeasured\t1\twall-ms=10.0\tlatency-count=72\tlatency-p0.50=1.0\tlatency-p0.90=2.0"
                    + "\tlatency-p0.95=3.0\tlatency-p0.99=4.0",
            "run\tmeasured\t1\twall-ms=10.0\tlatency-count=71\tlatency-p0.50=1.0\tlatency-p0.90=2.0"
                    + "\tlatency-p0.95=3.0\tlatency-p0.99=4.0",
            "run\tmeasured\t1\twall-ms=10.0\tlatency-count=368\tlatency-p0.50=1.0\tlatency-p0.90=2.0"
                    + "\tlatency-p0.95=3.0\tlatency-p0.99=4.0",
            "run\tmeasured\t1\twall-ms=10.0\tlatency-count=0",
            // 0.99^367 = 0.02501: one latency short of a p99
            "run\tmeasured\t1\twall-ms=10.0\tlatency-count=367\tlatency-p0.50=1.0\tlatency-p0.90=2.0"
                    + "\tlatency-p0.95=3.0\tlatency-p0.99=4.0"};
        List<ScenarioMetrics.MeasuredRun> cold = new ArrayList<>();
        for (String run : runs) {
            HarnessResult jvm = jvm("setup-ms\t1.0", run, "teardown-ms\t1.0");
            cold.add(new ScenarioMetrics.MeasuredRun(jvm, jvm.runs.get(0)));
        }
        LogLines log = new LogLines();
        BenchmarkResult r = ScenarioMetrics.toResult(owc(), "cold", cold, log);

        assertEquals(3.0, r.forks().get(0).percentiles().get("p0.95"));
        assertFalse(r.forks().get(0).percentiles().containsKey("p0.99"), "72 samples are too few for a p99");
        assertTrue(r.forks().get(1).percentiles().isEmpty(), "71 samples are too few for a p95");
        assertEquals(4.0, r.forks().get(2).percentiles().get("p0.99"));
        assertArrayEquals(new double[] {71}, r.forks().get(1).secondary("latency.count"));
        assertArrayEquals(new double[] {0}, r.forks().get(3).secondary("latency.count"));
        assertFalse(r.forks().get(4).percentiles().containsKey("p0.99"), "367 samples are too few for a p99");
        assertEquals(3.0, r.forks().get(4).percentiles().get("p0.95"));
        assertTrue(log.warnings().stream().anyMatch(w -> w.contains("recorded 0 to 368 latencies each")), log::toString);
    }

    @Test
    void aWarmJvmIsOneForkWhoseIterationsAreItsRuns() throws IOException {
        HarnessResult first = jvm("setup-ms\t7000.0",
                "run\twarmup\t1\twall-ms=9000.0\tcpu-ms=900\tlatency-count=100\tlatency-p0.95=9.0",
                "run\tmeasured\t1\twall-ms=5000.0\tcpu-ms=500\tlatency-count=100\tlatency-p0.95=2.0",
                "run\tmeasured\t2\twall-ms=7000.0\tcpu-ms=700\tlatency-count=100\tlatency-p0.95=5.0",
                "run\tmeasured\t3\twall-ms=6000.0\tcpu-ms=600\tlatency-count=100\tlatency-p0.95=3.0",
                "metric\tmeasured\t2\tthroughput\t2000.0",
                "teardown-ms\t300.0");
        HarnessResult second = jvm("setup-ms\t6000.0",
                "run\tmeasured\t1\twall-ms=4000.0\tcpu-ms=400\tlatency-count=100\tlatency-p0.95=2.0",
                "run\tmeasured\t2\twall-ms=4400.0\tcpu-ms=440\tlatency-count=10\tlatency-p0.95=2.5",
                "teardown-ms\t200.0");
        List<ScenarioMetrics.MeasuredRun> warm = new ArrayList<>();
        for (HarnessResult jvm : Arrays.asList(first, second)) {
            for (HarnessResult.Run run : jvm.measuredRuns()) {
                warm.add(new ScenarioMetrics.MeasuredRun(jvm, run));
            }
        }
        BenchmarkResult r = ScenarioMetrics.toResult(owc(), "warm", warm, new LogLines());

        assertEquals(2, r.forks().size(), "one observation per JVM, not per run");
        Fork a = r.forks().get(0);
        assertArrayEquals(new double[] {5000.0, 7000.0, 6000.0}, a.primary(), "the measured runs, warm-up left out");
        assertEquals(6000.0, a.primaryMedian(), "the gate's value of the JVM: the median of its runs");
        assertEquals(3.0, a.percentiles().get("p0.95"), "the median of the runs' own p95s");
        assertArrayEquals(new double[] {500, 700, 600}, a.secondary("cpu"));
        assertArrayEquals(new double[] {2000.0}, a.secondary("throughput"), "only the run that recorded it");
        assertArrayEquals(new double[] {7000.0}, a.secondary("setup.time"), "set-up is once per JVM");
        assertArrayEquals(new double[] {300.0}, a.secondary("teardown.time"));
        assertFalse(r.forks().get(1).percentiles().containsKey("p0.95"),
                "a JVM with one run short of latencies has no p95: a p95 of some runs would compare other runs");
        assertEquals(4200.0, r.forks().get(1).primaryMedian());
    }

    @Test
    void ungatedMetricsSurviveAResultsJsonRoundTrip() throws Exception {
        HarnessResult jvm = jvm("setup-ms\t1.0", "run\tmeasured\t1\twall-ms=10.0", "teardown-ms\t1.0");
        BenchmarkResult r = ScenarioMetrics.toResult(owc(), "warm",
                Arrays.asList(new ScenarioMetrics.MeasuredRun(jvm, jvm.runs.get(0))), new LogLines());
        PerfResults results = PerfResults.builder().status(PerfResults.STATUS_COMPLETE).createdAt("2026-11-22T00:00:00Z")
                .toolVersion("0.1.0").addBenchmark(r).build();
        String json = ResultsJson.toJson(results);
        assertTrue(json.contains("\"setup.time\" : {\n        \"unit\" : \"ms\",\n        \"direction\" : \"lower\",\n"
                + "        \"gated\" : false\n      }"), json);
        BenchmarkResult back = ResultsJson.parse(Paths.get("results.json"), json).benchmarks().get(0);
        assertEquals(r.secondaryMetrics(), back.secondaryMetrics());
        assertEquals(BenchmarkResult.KIND_SCENARIO, back.kind());
    }

    @Test
    void aMalformedResultFileNamesTheLine() {
        IOException e = org.junit.jupiter.api.Assertions.assertThrows(IOException.class, () -> HarnessResult.parse(
                Paths.get("warm.result.tsv"), Arrays.asList("perf-scenario-result\t1", "run\tmeasured\tone\twall-ms=1")));
        assertTrue(e.getMessage().startsWith("warm.result.tsv, line 2: cannot read 'run\tmeasured\tone\twall-ms=1'"),
                e.getMessage());
        e = org.junit.jupiter.api.Assertions.assertThrows(IOException.class, () -> HarnessResult.parse(
                Paths.get("warm.result.tsv"), Arrays.asList("perf-scenario-result\t9")));
        assertTrue(e.getMessage().contains("has format 9, expected 1"), e.getMessage());
    }
}
