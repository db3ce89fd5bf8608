package io.perfgate.report;

import io.perfgate.gate.BenchmarkRef;
import io.perfgate.gate.GateRow;
import io.perfgate.gate.EnvironmentDifference;
import io.perfgate.gate.EnvironmentPolicy;
import io.perfgate.gate.GateReport;
import io.perfgate.gate.Metric;
import io.perfgate.gate.NotGated;
import io.perfgate.results.BenchmarkId;
import io.perfgate.results.BenchmarkResult;
import io.perfgate.results.Fork;
import io.perfgate.results.MetricInfo;
import io.perfgate.results.PerfResults;
import io.perfgate.results.ResultsJson;
import io.perfgate.stats.Direction;
import io.perfgate.stats.Multiplicity;
import io.perfgate.stats.Quantiles;
import io.perfgate.stats.Verdict;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A check's output made by hand: a project directory with {@code src/perf/baseline.json},
 * {@code target/perf/results.json}, {@code target/perf/report.json} and one profile artifact. Four benchmarks
 * cover the verdicts a reader meets: a FAIL (ParserBench, median +21 %), a confident PASS (CodecBench, a
 * throughput), a WARN on the p95 of a SampleTime benchmark (LookupBench), and an INCONCLUSIVE (CacheBench,
 * 3 baseline forks). The report's numbers are written by hand to agree with the fork values, not computed,
 * so a change in the statistics cannot silently change the golden files of the renderers.
 */
final class CheckFixture {
    static final String PARSER = "com.acme.bench.ParserBench.parse";
    static final String CODEC = "com.acme.bench.CodecBench.encode";
    static final String LOOKUP = "com.acme.bench.LookupBench.get";
    static final String CACHE = "com.acme.bench.CacheBench.evict";

    static final double[] PARSER_BASE = {12.1, 11.9, 12.3, 12.0, 12.2, 11.8, 12.4, 12.1, 12.0, 12.2};
    static final double[] PARSER_CUR = {14.6, 14.9, 14.3, 15.1, 14.7, 14.4, 14.8, 15.0, 14.5, 14.6};
    static final double[] CODEC_BASE = {1.52e6, 1.50e6, 1.55e6, 1.51e6, 1.53e6, 1.49e6, 1.54e6, 1.52e6, 1.50e6, 1.53e6};
    static final double[] CODEC_CUR = {1.53e6, 1.51e6, 1.54e6, 1.52e6, 1.55e6, 1.50e6, 1.53e6, 1.52e6, 1.54e6, 1.51e6};
    static final double[] LOOKUP_BASE = {0.85, 0.84, 0.86, 0.85, 0.87, 0.83, 0.85, 0.86, 0.84, 0.85};
    static final double[] LOOKUP_CUR = {0.87, 0.86, 0.88, 0.86, 0.89, 0.85, 0.87, 0.88, 0.86, 0.87};
    static final double[] LOOKUP_BASE_P95 = {2.10, 2.02, 2.25, 2.08, 1.95, 2.30, 2.12, 2.05, 2.18, 2.11};
    static final double[] LOOKUP_CUR_P95 = {2.38, 2.20, 2.61, 2.35, 2.15, 2.70, 2.40, 2.29, 2.52, 2.37};
    static final double[] CACHE_BASE = {3.10, 3.25, 3.05};
    static final double[] CACHE_CUR = {3.20, 3.15, 3.30, 3.12, 3.28, 3.18, 3.22, 3.35, 3.14, 3.26};

    final Path project;
    final Path outputDirectory;
    final Path reportFile;

    private CheckFixture(Path project) {
        this.project = project;
        this.outputDirectory = project.resolve("target/perf");
        this.reportFile = outputDirectory.resolve("report.json");
    }

    /** Writes every file of the fixture under {@code project}. */
    static CheckFixture write(Path project) throws IOException {
        CheckFixture f = new CheckFixture(project);
        Files.createDirectories(f.outputDirectory);
        ResultsJson.write(baselineResults(), project.resolve("src/perf/baseline.json"));
        ResultsJson.write(currentResults(), f.outputDirectory.resolve("results.json"));
        ReportJson.write(report(), f.reportFile);
        Path profile = f.outputDirectory.resolve("profiles/ParserBench.parse-size_1000/flame-cpu-forward.html");
        Files.createDirectories(profile.getParent());
        Files.write(profile, "<html></html>".getBytes(java.nio.charset.StandardCharsets.UTF_8));
        return f;
    }

    static Map<String, String> environment(String commit, String timestamp, String javaVersion) {
        Map<String, String> env = new LinkedHashMap<>();
        env.put("cpu.model", "AMD EPYC 7763 64-Core Processor");
        env.put("cpu.cores", "2");
        env.put("memory.total", "8324612096");
        env.put("os.name", "Linux");
        env.put("os.kernel", "6.1.0-27-amd64");
        env.put("container.cpuQuota", "2.0");
        env.put("cpu.governor", "performance");
        env.put("java.vendor", "Eclipse Adoptium");
        env.put("java.version", javaVersion);
        env.put("java.vm", "OpenJDK 64-Bit Server VM");
        env.put("jvm.args", "-Xmx1g -XX:+UseG1GC");
        env.put("jvm.gc", "G1");
        env.put("jmh.version", "1.37");
        env.put("maven.version", "3.9.16");
        env.put("plugin.version", "0.1.0");
        env.put("git.commit", commit);
        env.put("git.dirty", "false");
        env.put("timestamp", timestamp);
        env.put("command", "mvn -B verify -Pperf -Dperf.forks=10 -Dperf.warmupTime=100ms -Dperf.measurementTime=100ms");
        return env;
    }

    static final String BASE_COMMIT = "1a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d";
    static final String CUR_COMMIT = "5d6e7f8a9b0c1d2e3f40516273849506a7b8c9d0";

    static Map<String, String> settings() {
        Map<String, String> s = new LinkedHashMap<>();
        s.put("perf.forks", "10");
        s.put("perf.warmupIterations", "1");
        s.put("perf.warmupTime", "100ms");
        s.put("perf.measurementIterations", "5");
        s.put("perf.measurementTime", "100ms");
        return s;
    }

    static PerfResults baselineResults() {
        Map<String, String> provenance = new LinkedHashMap<>();
        provenance.put("recordedAt", "2026-11-20T09:02:11Z");
        provenance.put("recordedBy", "ci");
        provenance.put("git.commit", BASE_COMMIT);
        return PerfResults.builder().createdAt("2026-11-20T09:00:00Z").toolVersion("0.1.0")
                .command(environment(BASE_COMMIT, "", "").get("command"))
                .environment(environment(BASE_COMMIT, "2026-11-20T09:00:00Z", "17.0.12"))
                .settings(settings()).provenance(provenance)
                .addBenchmark(parser(PARSER_BASE))
                .addBenchmark(jmh(CODEC, "thrpt", "ops/s", CODEC_BASE, null))
                .addBenchmark(jmh(LOOKUP, "sample", "us/op", LOOKUP_BASE, LOOKUP_BASE_P95))
                .addBenchmark(jmh(CACHE, "avgt", "ms/op", CACHE_BASE, null))
                .build();
    }

    static PerfResults currentResults() {
        return PerfResults.builder().createdAt("2026-11-22T10:15:00Z").toolVersion("0.1.0")
                .command(environment(CUR_COMMIT, "", "").get("command"))
                .environment(environment(CUR_COMMIT, "2026-11-22T10:15:00Z", "17.0.13"))
                .settings(settings())
                .addBenchmark(parser(PARSER_CUR))
                .addBenchmark(jmh(CODEC, "thrpt", "ops/s", CODEC_CUR, null))
                .addBenchmark(jmh(LOOKUP, "sample", "us/op", LOOKUP_CUR, LOOKUP_CUR_P95))
                .addBenchmark(jmh(CACHE, "avgt", "ms/op", CACHE_CUR, null))
                .build();
    }

    private static BenchmarkResult parser(double[] medians) {
        BenchmarkResult.Builder b = BenchmarkResult.builder(PARSER).params(Collections.singletonMap("size", "1000"))
                .mode("avgt").unit("us/op")
                .secondaryMetric("gc.alloc.rate.norm", new MetricInfo("B/op", Direction.LOWER_IS_BETTER));
        for (double m : medians) {
            Map<String, double[]> secondary = new LinkedHashMap<>();
            secondary.put("gc.alloc.rate.norm", new double[] {4016.07, 4016.08, 4016.07, 4016.08, 4016.07});
            b.addFork(new Fork(iterations(m), Collections.emptyMap(), secondary));
        }
        return b.build();
    }

    private static BenchmarkResult jmh(String name, String mode, String unit, double[] medians, double[] p95) {
        BenchmarkResult.Builder b = BenchmarkResult.builder(name).mode(mode).unit(unit);
        for (int i = 0; i < medians.length; i++) {
            Map<String, Double> pct = new LinkedHashMap<>();
            if (p95 != null) {
                pct.put("p0.50", medians[i]);
                pct.put("p0.95", p95[i]);
            }
            b.addFork(new Fork(iterations(medians[i]), pct, Collections.emptyMap()));
        }
        return b.build();
    }

    /** Five iterations whose median is {@code median}. */
    private static double[] iterations(double median) {
        return new double[] {median * 0.99, median * 1.01, median, median * 1.02, median * 0.985};
    }

    static GateReport report() {
        Map<String, String> base = environment(BASE_COMMIT, "2026-11-20T09:00:00Z", "17.0.12");
        Map<String, String> cur = environment(CUR_COMMIT, "2026-11-22T10:15:00Z", "17.0.13");
        Map<String, String> provenance = baselineResults().provenance();
        Map<String, String> settings = new LinkedHashMap<>();
        settings.put("perf.alpha", "0.05");
        settings.put("perf.median.fail", "10%");
        settings.put("perf.median.min", "5%");
        settings.put("perf.p95.fail", "20%");
        settings.put("perf.p95.min", "10%");
        settings.put("perf.alloc.percent", "2%");
        settings.put("perf.alloc.bytes", "16");
        settings.put("perf.minForks", "5");
        GateRow parserMedian = GateRow.builder()
                .benchmark(PARSER, Collections.singletonMap("size", "1000"), "avgt", "ParserBench.parse (size=1000)")
                .metric(Metric.MEDIAN, "us/op", Direction.LOWER_IS_BETTER).forks(10, 10)
                .baselineMedian(12.1, 11.9, 12.3).currentMedian(14.65, 14.4, 14.9)
                .ratio(1.2107, 1.1860, 1.2355, 1.1802, 1.2412).ratioOfMedians(1.2107)
                .pValue(0.0000054).thresholds(0.10, 0.05, 0.05)
                .verdict(Verdict.FAIL, "median time +21.1 % [+18.0 %, +24.1 %] is above the 10 % limit "
                        + "(p < 0.0001, 10 vs 10 forks)")
                .build();
        GateRow parserAlloc = GateRow.builder()
                .benchmark(PARSER, Collections.singletonMap("size", "1000"), "avgt", "ParserBench.parse (size=1000)")
                .metric(Metric.ALLOCATION, "B/op", Direction.LOWER_IS_BETTER).forks(10, 10)
                .baselineMedian(4016.07, 4016.07, 4016.08).currentMedian(4016.07, 4016.07, 4016.08)
                .ratio(1.0, Double.NaN, Double.NaN, Double.NaN, Double.NaN).allocationTolerance(0.02, 16)
                .verdict(Verdict.PASS, "").build();
        GateRow codec = GateRow.builder()
                .benchmark(CODEC, Collections.emptyMap(), "thrpt", "CodecBench.encode")
                .metric(Metric.MEDIAN, "ops/s", Direction.HIGHER_IS_BETTER).forks(10, 10)
                .baselineMedian(1.52e6, 1.50e6, 1.53e6).currentMedian(1.525e6, 1.51e6, 1.54e6)
                .ratio(0.9934, 0.9800, 1.0067, 0.9772, 1.0101).ratioOfMedians(0.9967)
                .pValue(0.9991).thresholds(0.10, 0.05, 0.05).verdict(Verdict.PASS, "").confident(true).build();
        GateRow lookupMedian = GateRow.builder()
                .benchmark(LOOKUP, Collections.emptyMap(), "sample", "LookupBench.get")
                .metric(Metric.MEDIAN, "us/op", Direction.LOWER_IS_BETTER).forks(10, 10)
                .baselineMedian(0.85, 0.84, 0.86).currentMedian(0.87, 0.86, 0.88)
                .ratio(1.0235, 1.0118, 1.0353, 1.0118, 1.0361).ratioOfMedians(1.0235)
                .pValue(0.9934).thresholds(0.10, 0.05, 0.05)
                .verdict(Verdict.WARN, "median time +2.4 % [+1.2 %, +3.6 %] is a real slowdown, below the 10 % limit")
                .build();
        GateRow lookupP95 = GateRow.builder()
                .benchmark(LOOKUP, Collections.emptyMap(), "sample", "LookupBench.get")
                .metric(Metric.P95, "us/op", Direction.LOWER_IS_BETTER).forks(10, 10)
                .baselineMedian(2.11, 2.05, 2.18).currentMedian(2.375, 2.29, 2.52)
                .ratio(1.1333, 1.0648, 1.2051, 1.0512, 1.2195).ratioOfMedians(1.1256)
                .pValue(0.2101).thresholds(0.20, 0.10, 0.05)
                .verdict(Verdict.PASS, "").build();
        GateRow cache = GateRow.builder()
                .benchmark(CACHE, Collections.emptyMap(), "avgt", "CacheBench.evict")
                .metric(Metric.MEDIAN, "ms/op", Direction.LOWER_IS_BETTER).forks(3, 10)
                .baselineMedian(3.10, Double.NaN, Double.NaN).currentMedian(3.21, 3.15, 3.28)
                .thresholds(0.10, 0.05, 0.05)
                .verdict(Verdict.INCONCLUSIVE, "3 baseline forks, fewer than the 5 the test needs (perf.minForks); "
                        + "re-record the baseline with more forks")
                .build();
        List<GateRow> comparisons = Arrays.asList(parserMedian, parserAlloc, codec, lookupMedian, lookupP95, cache);
        return GateReport.builder().createdAt("2026-11-22T10:21:40Z").toolVersion("0.1.0")
                .baseline(new GateReport.Source("src/perf/baseline.json", "2026-11-20T09:00:00Z", "0.1.0", base,
                        provenance))
                .current(new GateReport.Source("target/perf/results.json", "2026-11-22T10:15:00Z", "0.1.0", cur,
                        Collections.emptyMap()))
                .environment(EnvironmentPolicy.WARN, EnvironmentDifference.between(base, cur))
                .settings(settings)
                .multiplicity(Multiplicity.Mode.NONE, 4, true)
                .comparisons(comparisons)
                .addNotGated(p95OfForks(PARSER_BASE, PARSER_CUR, "com.acme.bench.ParserBench.parse:size=1000",
                        "ParserBench.parse (size=1000)", "avgt", "us/op"))
                .addNotGated(p95OfForks(CODEC_BASE, CODEC_CUR, CODEC, "CodecBench.encode", "thrpt", "ops/s"))
                .addNewBenchmark(new BenchmarkRef(BenchmarkId.ofKey("com.acme.bench.ParserBench.parseStrict", "avgt"),
                        "ParserBench.parseStrict"))
                .addRegression("ParserBench.parse (size=1000): median time +21.1 % [+18.0 %, +24.1 %] is above the "
                        + "10 % limit (p < 0.0001, 10 vs 10 forks)")
                .build();
    }

    /** The not-gated p95 the gate reports for an avgt or thrpt benchmark: the p95 of each side's fork scores. */
    private static NotGated p95OfForks(double[] base, double[] cur, String key, String displayName, String mode,
            String unit) {
        return new NotGated(BenchmarkId.ofKey(key, mode), displayName, Metric.P95, mode
                + " mode records no latency distribution; use Mode.SampleTime to gate the p95")
                .withSpread(new NotGated.Spread(Quantiles.percentile(base, 0.95),
                base.length, Quantiles.percentile(cur, 0.95), cur.length, unit, NotGated.Spread.FORK_SCORES));
    }
}
