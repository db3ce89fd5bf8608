package io.perfgate.report;

import io.perfgate.gate.BenchmarkRef;
import io.perfgate.gate.GateRow;
import io.perfgate.gate.EnvironmentDifference;
import io.perfgate.gate.EnvironmentPolicy;
import io.perfgate.gate.GateReport;
import io.perfgate.gate.GateSettings;
import io.perfgate.gate.Metric;
import io.perfgate.gate.NotGated;
import io.perfgate.results.BenchmarkId;
import io.perfgate.stats.Direction;
import io.perfgate.stats.Multiplicity;
import io.perfgate.stats.Verdict;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/** Reports built by hand with fixed numbers, the inputs of the renderers' golden-file tests. */
final class SampleReports {
    private SampleReports() {
    }

    static Map<String, String> env(String java) {
        Map<String, String> env = new LinkedHashMap<>();
        env.put("cpu.model", "Intel(R) Xeon(R) CPU E5-2680 v4 @ 2.40GHz");
        env.put("cpu.cores", "2");
        env.put("java.version", java);
        env.put("jvm.args", "-Xmx1g");
        env.put("git.commit", "9f8e7d6c5b4a39281706");
        return env;
    }

    /** A report with one of everything: FAIL, WARN, INCONCLUSIVE, PASS, IMPROVED, not gated, new and missing. */
    static GateReport mixed() {
        return mixedBuilder().build();
    }

    /** {@link #mixed()} before it is built, to vary it. */
    static GateReport.Builder mixedBuilder() {
        Map<String, String> provenance = new LinkedHashMap<>();
        provenance.put("recordedAt", "2026-11-20T09:30:00Z");
        provenance.put("git.commit", "0123456789abcdef0123");
        provenance.put("recordedWith", "perf-maven-plugin 0.1.0");
        return GateReport.builder()
                .createdAt("2026-11-21T12:00:00Z").toolVersion("0.1.0")
                .baseline(new GateReport.Source("src/perf/baseline.json", "2026-11-20T09:00:00Z", "0.1.0",
                        env("17.0.11"), provenance))
                .current(new GateReport.Source("target/perf/results.json", "2026-11-21T11:58:00Z", "0.1.0",
                        env("17.0.12"), Collections.emptyMap()))
                .environment(EnvironmentPolicy.WARN,
                        Collections.singletonList(new EnvironmentDifference("java.version", "17.0.11", "17.0.12")))
                .settings(GateSettings.defaults().describe())
                .multiplicity(Multiplicity.Mode.NONE, 4, true)
                .addComparison(GateRow.builder()
                        .benchmark("com.acme.ParserBench.parse", Collections.singletonMap("size", "10"), "avgt",
                                "ParserBench.parse (size=10)")
                        .metric(Metric.MEDIAN, "ns/op", Direction.LOWER_IS_BETTER).forks(10, 10)
                        .baselineMedian(1234.5, 1201.25, 1260.3).currentMedian(1523.4, 1490.1, 1561.0)
                        .ratio(1.234, 1.19, 1.28, 1.181, 1.29).ratioOfMedians(1.2340)
                        .pValue(0.00041).thresholds(0.10, 0.05, 0.05)
                        .verdict(Verdict.FAIL, "median time +23.4 % [+18.1 %, +29.0 %] is above the 10 % limit"
                                + " (p = 0.00041, 10 vs 10 forks)")
                        .detectable(1.118)
                        .build())
                .addComparison(GateRow.builder()
                        .benchmark("com.acme.ParserBench.parse", Collections.singletonMap("size", "10"), "avgt",
                                "ParserBench.parse (size=10)")
                        .metric(Metric.ALLOCATION, "B/op", Direction.LOWER_IS_BETTER).forks(10, 10)
                        .baselineMedian(4016.075, Double.NaN, Double.NaN)
                        .currentMedian(4016.081, Double.NaN, Double.NaN)
                        .ratio(1.0000015, Double.NaN, Double.NaN, Double.NaN, Double.NaN).ratioOfMedians(1.0000015)
                        .allocationTolerance(0.02, 16)
                        .verdict(Verdict.PASS, "allocation +0.0 % (+0 B/op) is within the limit max(2 %, 16 B/op) ="
                                + " 80.3 B/op (medians 4016.1 B/op -> 4016.1 B/op, 10 vs 10 forks)")
                        .build())
                .addComparison(GateRow.builder()
                        .benchmark("com.acme.Encoder.encode", Collections.emptyMap(), "thrpt", "Encoder.encode")
                        .metric(Metric.MEDIAN, "ops/s", Direction.HIGHER_IS_BETTER).forks(10, 10)
                        .baselineMedian(2_512_345.6, 2_490_001, 2_530_002).currentMedian(2_431_000, 2_410_500, 2_450_250)
                        .ratio(1.0336, 1.02, 1.047, 1.018, 1.05).ratioOfMedians(1.0335)
                        .pValue(0.93).thresholds(0.10, 0.05, 0.05)
                        .verdict(Verdict.WARN, "median throughput -3.3 % [-4.8 %, -1.8 %], a 3.4 % slowdown, is a"
                                + " real slowdown, below the 10 % limit (p = 0.0001 against no change, 10 vs 10 forks)")
                        .detectable(1.062)
                        .build())
                .addComparison(GateRow.builder()
                        .benchmark("com.acme.Cache.get", Collections.emptyMap(), "sample", "Cache.get")
                        .metric(Metric.MEDIAN, "us/op", Direction.LOWER_IS_BETTER).forks(10, 10)
                        .baselineMedian(0.0412, 0.0405, 0.0419).currentMedian(0.0409, 0.0401, 0.0418)
                        .ratio(0.993, 0.978, 1.008, 0.975, 1.011).ratioOfMedians(0.9927)
                        .pValue(1.0).thresholds(0.10, 0.05, 0.05)
                        .verdict(Verdict.PASS, "median time -0.7 % [-2.5 %, +1.1 %] is within the 10 % limit;"
                                + " a 10 % slowdown is ruled out (95 % upper bound +0.8 %, 10 vs 10 forks)")
                        .detectable(1.089)
                        .confident(true)
                        .build())
                .addComparison(GateRow.builder()
                        .benchmark("com.acme.Cache.get", Collections.emptyMap(), "sample", "Cache.get")
                        .metric(Metric.P95, "us/op", Direction.LOWER_IS_BETTER).forks(10, 3)
                        .baselineMedian(0.125, 0.120, 0.131).currentMedian(0.131, Double.NaN, Double.NaN)
                        .ratio(1.05, 0.97, 1.14, 0.95, 1.16).ratioOfMedians(1.048)
                        .pValue(0.61).thresholds(0.20, 0.10, 0.05)
                        .verdict(Verdict.INCONCLUSIVE, "p95 time +5.0 % [-5.0 %, +16.0 %] is not judged: 10 baseline"
                                + " and 3 candidate forks, but at least 5 per side are needed")
                        .build())
                .addComparison(GateRow.builder()
                        .benchmark("com.acme.Sorter.sort", Collections.emptyMap(), "ss", "Sorter.sort")
                        .metric(Metric.MEDIAN, "ms/op", Direction.LOWER_IS_BETTER).forks(6, 6)
                        .baselineMedian(1523.7, Double.NaN, Double.NaN).currentMedian(1010.2, Double.NaN, Double.NaN)
                        .ratio(0.663, 0.61, 0.71, 0.6, 0.72).ratioOfMedians(0.663)
                        .pValue(1.0).thresholds(0.10, 0.05, 0.05)
                        .verdict(Verdict.IMPROVED, "median time -33.7 % [-40.0 %, -28.0 %] is an improvement beyond"
                                + " the 10 % limit (p = 0.0011, 6 vs 6 forks)")
                        .detectable(1.42)
                        .build())
                .addNotGated(new NotGated(BenchmarkId.ofKey("com.acme.ParserBench.parse:size=10", "avgt"),
                        "ParserBench.parse (size=10)",
                        Metric.P95, "avgt mode records no latency distribution; use Mode.SampleTime to gate the p95")
                        .withSpread(new NotGated.Spread(1262.0, 10, 1558.5, 10, "ns/op",
                                NotGated.Spread.FORK_SCORES)))
                .addNotGated(new NotGated(BenchmarkId.ofKey("com.acme.Sorter.sort", "ss"), "Sorter.sort",
                        Metric.P95, "ss mode records no latency distribution; use Mode.SampleTime to gate the p95"))
                .addNewBenchmark(new BenchmarkRef(BenchmarkId.ofKey("com.acme.Fresh.run", "avgt"), "Fresh.run"))
                .addMissingBenchmark(new BenchmarkRef(BenchmarkId.ofKey("com.acme.Legacy.run", "avgt"), "Legacy.run"))
                .addNote("rule 2 'Nope' matches no benchmark; check its <pattern>")
                .addRegression("ParserBench.parse (size=10): median time +23.4 % [+18.1 %, +29.0 %] is above the 10 %"
                        + " limit (p = 0.00041, 10 vs 10 forks)");
    }

    /** No baseline, and not configured to fail. */
    static GateReport noBaseline() {
        return GateReport.builder().createdAt("2026-11-21T12:00:00Z").toolVersion("0.1.0")
                .current(new GateReport.Source("target/perf/results.json", "2026-11-21T11:58:00Z", "0.1.0",
                        env("17.0.12"), Collections.emptyMap()))
                .settings(GateSettings.defaults().describe())
                .addNote("No baseline at src/perf/baseline.json: nothing to compare. Record one with:"
                        + " mvn verify -Pperf perf:baseline, then commit src/perf/baseline.json")
                .build();
    }

    /**
     * A suite of {@code benchmarks} median comparisons, every {@code benchmarks / regressions}-th a FAIL and the rest
     * PASS, with long parameterised names as real suites have.
     */
    static GateReport suite(int benchmarks, int regressions) {
        GateReport.Builder b = GateReport.builder().createdAt("2026-11-21T12:00:00Z").toolVersion("0.1.0")
                .baseline(new GateReport.Source("src/perf/baseline.json", "2026-11-20T09:00:00Z", "0.1.0",
                        env("17.0.12"), Collections.emptyMap()))
                .current(new GateReport.Source("target/perf/results.json", "2026-11-21T11:58:00Z", "0.1.0",
                        env("17.0.12"), Collections.emptyMap()))
                .settings(GateSettings.defaults().describe())
                .multiplicity(Multiplicity.Mode.NONE, benchmarks, true);
        int every = regressions == 0 ? Integer.MAX_VALUE : benchmarks / regressions;
        for (int i = 0; i < benchmarks; i++) {
            boolean fails = i % every == every - 1;
            String size = String.valueOf(1000 + i);
            String name = "com.acme.codec.StreamingCodecBenchmark.decodeChunked";
            GateRow.Builder row = GateRow.builder()
                    .benchmark(name, Collections.singletonMap("size", size), "avgt",
                            "StreamingCodecBenchmark.decodeChunked (size=" + size + ")")
                    .metric(Metric.MEDIAN, "ns/op", Direction.LOWER_IS_BETTER).forks(10, 10)
                    .thresholds(0.10, 0.05, 0.05);
            if (fails) {
                row.baselineMedian(1234.5, 1201.25, 1260.3).currentMedian(1523.4, 1490.1, 1561.0)
                        .ratio(1.234, 1.19, 1.28, 1.181, 1.29).ratioOfMedians(1.2340).pValue(0.00041)
                        .verdict(Verdict.FAIL, "median time +23.4 % is above the 10 % limit");
                b.addRegression(name + " (size=" + size + "): median time +23.4 % is above the 10 % limit");
            } else {
                row.baselineMedian(41.2, 40.5, 41.9).currentMedian(40.9, 40.1, 41.8)
                        .ratio(0.993, 0.978, 1.008, 0.975, 1.011).ratioOfMedians(0.9927).pValue(1.0)
                        .verdict(Verdict.PASS, "median time -0.7 % is within the 10 % limit");
            }
            b.addComparison(row.build());
        }
        return b.build();
    }

    static String[] names() {
        return Arrays.asList("mixed", "no-baseline").toArray(new String[0]);
    }
}
