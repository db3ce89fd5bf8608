package io.perfgate.testing;

import io.perfgate.results.BenchmarkResult;
import io.perfgate.results.Fork;
import io.perfgate.results.MetricInfo;
import io.perfgate.results.PerfResults;
import io.perfgate.stats.Direction;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Random;

/** Hand-made results for tests: benchmarks whose forks have exactly the medians a test asks for. */
public final class Results {
    private Results() {
    }

    /** Fork medians spread evenly (deterministically) by +-spread around {@code center}. */
    public static double[] around(double center, double spread, int forks, long seed) {
        Random r = new Random(seed);
        double[] v = new double[forks];
        for (int i = 0; i < forks; i++) {
            v[i] = center * (1 + spread * (2 * r.nextDouble() - 1));
        }
        return v;
    }

    public static double[] times(double[] values, double factor) {
        double[] v = values.clone();
        for (int i = 0; i < v.length; i++) {
            v[i] *= factor;
        }
        return v;
    }

    /** A fork of three iterations whose median is {@code median}. */
    public static Fork fork(double median) {
        return new Fork(new double[] {median * 1.002, median, median * 0.998}, Collections.emptyMap(),
                Collections.emptyMap());
    }

    public static BenchmarkResult.Builder benchmark(String name, String mode, String unit, double[] forkMedians) {
        BenchmarkResult.Builder b = BenchmarkResult.builder(name).mode(mode).unit(unit);
        for (double m : forkMedians) {
            b.addFork(fork(m));
        }
        return b;
    }

    public static BenchmarkResult avgt(String name, double[] forkMedians) {
        return benchmark(name, "avgt", "ns/op", forkMedians).build();
    }

    /** A SampleTime benchmark whose forks have the given p50 (primary) and p95. */
    public static BenchmarkResult sample(String name, double[] medians, double[] p95s) {
        BenchmarkResult.Builder b = BenchmarkResult.builder(name).mode("sample").unit("us/op");
        for (int i = 0; i < medians.length; i++) {
            Map<String, Double> pct = new LinkedHashMap<>();
            pct.put("p0.50", medians[i]);
            pct.put("p0.95", p95s[i]);
            b.addFork(new Fork(new double[] {medians[i] * 1.001, medians[i], medians[i] * 0.999}, pct,
                    Collections.emptyMap()));
        }
        return b.build();
    }

    /** An avgt benchmark with allocation per fork. */
    public static BenchmarkResult withAlloc(String name, double[] medians, double[] bytes) {
        BenchmarkResult.Builder b = BenchmarkResult.builder(name).mode("avgt").unit("ns/op")
                .secondaryMetric("gc.alloc.rate.norm", new MetricInfo("B/op", Direction.LOWER_IS_BETTER));
        for (int i = 0; i < medians.length; i++) {
            Map<String, double[]> sec = new LinkedHashMap<>();
            sec.put("gc.alloc.rate.norm", new double[] {bytes[i], bytes[i], bytes[i]});
            b.addFork(new Fork(new double[] {medians[i] * 1.001, medians[i], medians[i] * 0.999},
                    Collections.emptyMap(), sec));
        }
        return b.build();
    }

    public static Map<String, String> environment(String cpu, String java) {
        Map<String, String> env = new LinkedHashMap<>();
        env.put("cpu.model", cpu);
        env.put("cpu.cores", "8");
        env.put("java.version", java);
        env.put("git.commit", "0123456789abcdef");
        env.put("timestamp", "2026-11-20T10:00:00Z");
        return env;
    }

    public static PerfResults results(BenchmarkResult... benchmarks) {
        PerfResults.Builder b = PerfResults.builder().status(PerfResults.STATUS_COMPLETE)
                .createdAt("2026-11-20T10:00:00Z").toolVersion("0.1.0")
                .environment(environment("Test CPU @ 3.0GHz", "17.0.12"));
        for (BenchmarkResult r : benchmarks) {
            b.addBenchmark(r);
        }
        return b.build();
    }
}
