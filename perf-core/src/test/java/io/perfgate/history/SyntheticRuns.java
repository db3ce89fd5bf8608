package io.perfgate.history;

import io.perfgate.env.EnvironmentFingerprint;
import io.perfgate.results.BenchmarkResult;
import io.perfgate.results.Fork;
import io.perfgate.results.MetricInfo;
import io.perfgate.results.PerfResults;
import io.perfgate.stats.Direction;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Random;

/**
 * Runs as perf:run writes them, made up: JMH average-time benchmarks with the default gc profiler's four metrics,
 * every value a full-precision double with run-to-run and iteration noise, as JMH reports them.
 */
final class SyntheticRuns {
    private final Random random;
    private final double[] scale;
    private final boolean gcProfiler;

    SyntheticRuns(long seed, int benchmarks) {
        this(seed, benchmarks, true);
    }

    /** @param gcProfiler whether the runs carry the gc profiler's four metrics beside the score */
    SyntheticRuns(long seed, int benchmarks, boolean gcProfiler) {
        this.gcProfiler = gcProfiler;
        random = new Random(seed);
        scale = new double[benchmarks];
        for (int i = 0; i < benchmarks; i++) {
            scale[i] = Math.exp(Math.log(5) + random.nextDouble() * Math.log(20_000)); // 5 ns .. 100 us
        }
    }

    /** One run of the suite: {@code forks} forks of {@code iterations} iterations per benchmark. */
    PerfResults run(Instant createdAt, String commit, int forks, int iterations) {
        PerfResults.Builder results = PerfResults.builder().createdAt(createdAt.toString()).toolVersion("0.1.0")
                .command("mvn -Pperf verify").environment(environment(commit)).settings(settings(forks, iterations));
        double runDrift = 1 + 0.03 * random.nextGaussian();
        for (int b = 0; b < scale.length; b++) {
            BenchmarkResult.Builder bench = BenchmarkResult.builder("org.example.bench.Suite" + (b / 10) + "Bench.op"
                    + (b % 10)).params(Map.of("size", Integer.toString(10 << (b % 4)))).mode("avgt").unit("ns/op")
                    .direction(Direction.LOWER_IS_BETTER).threads(1);
            if (gcProfiler) {
                bench.secondaryMetric("gc.alloc.rate", new MetricInfo("MB/sec", Direction.LOWER_IS_BETTER))
                        .secondaryMetric(MetricInfo.ALLOCATION, new MetricInfo("B/op", Direction.LOWER_IS_BETTER))
                        .secondaryMetric("gc.count", new MetricInfo("counts", Direction.LOWER_IS_BETTER))
                        .secondaryMetric("gc.time", new MetricInfo("ms", Direction.LOWER_IS_BETTER));
            }
            double allocated = 16 * (1 + b % 12);
            for (int f = 0; f < forks; f++) {
                double forkLevel = scale[b] * runDrift * (1 + 0.02 * random.nextGaussian());
                double[] primary = new double[iterations];
                double[] rate = new double[iterations];
                double[] norm = new double[iterations];
                double[] count = new double[iterations];
                double[] time = new double[iterations];
                for (int i = 0; i < iterations; i++) {
                    primary[i] = forkLevel * (1 + 0.01 * random.nextGaussian());
                    norm[i] = allocated + Math.abs(random.nextGaussian()) * 1e-4;
                    rate[i] = norm[i] / primary[i] * 1e9 / (1024 * 1024);
                    count[i] = Math.round(rate[i] / 300);
                    time[i] = count[i] == 0 ? 0 : Math.round(count[i] * (1 + random.nextDouble()));
                }
                Map<String, double[]> secondary = new LinkedHashMap<>();
                if (gcProfiler) {
                    secondary.put("gc.alloc.rate", rate);
                    secondary.put(MetricInfo.ALLOCATION, norm);
                    secondary.put("gc.count", count);
                    secondary.put("gc.time", time);
                }
                bench.addFork(new Fork(primary, Map.of(), secondary, 10 + random.nextDouble()));
            }
            results.addBenchmark(bench.build());
        }
        return results.build();
    }

    private static Map<String, String> environment(String commit) {
        Map<String, String> env = new LinkedHashMap<>();
        env.put(EnvironmentFingerprint.CPU_MODEL, "AMD EPYC 7763 64-Core Processor");
        env.put(EnvironmentFingerprint.CPU_CORES, "4");
        env.put(EnvironmentFingerprint.MEMORY_TOTAL, "16772456448");
        env.put(EnvironmentFingerprint.OS_NAME, "Linux");
        env.put(EnvironmentFingerprint.OS_KERNEL, "6.8.0-1017-azure");
        env.put(EnvironmentFingerprint.OS_ARCH, "amd64");
        env.put(EnvironmentFingerprint.JAVA_VENDOR, "Eclipse Adoptium");
        env.put(EnvironmentFingerprint.JAVA_VERSION, "21.0.5");
        env.put(EnvironmentFingerprint.JMH_VERSION, "1.37");
        env.put(EnvironmentFingerprint.GIT_COMMIT, commit);
        env.put(EnvironmentFingerprint.GIT_DIRTY, "false");
        return env;
    }

    private static Map<String, String> settings(int forks, int iterations) {
        Map<String, String> settings = new LinkedHashMap<>();
        settings.put("perf.forks", Integer.toString(forks));
        settings.put("perf.measurementIterations", Integer.toString(iterations));
        settings.put("perf.warmupIterations", "5");
        settings.put("perf.mode", "avgt");
        return settings;
    }
}
