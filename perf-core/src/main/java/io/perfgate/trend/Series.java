package io.perfgate.trend;

import io.perfgate.results.BenchmarkId;
import java.util.Objects;

/** The identity of one series of the history: a benchmark (with its mode) and one metric it is judged on. */
public final class Series implements Comparable<Series> {
    private final BenchmarkId benchmark;
    private final String metric;

    public Series(BenchmarkId benchmark, String metric) {
        this.benchmark = Objects.requireNonNull(benchmark, "benchmark");
        this.metric = Objects.requireNonNull(metric, "metric");
    }

    public BenchmarkId benchmark() {
        return benchmark;
    }

    /** {@code median}, {@code p95}, {@code alloc} or a scenario metric's name. */
    public String metric() {
        return metric;
    }

    @Override
    public int compareTo(Series other) {
        int byBenchmark = benchmark.compareTo(other.benchmark);
        return byBenchmark != 0 ? byBenchmark : metric.compareTo(other.metric);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Series && ((Series) o).benchmark.equals(benchmark) && ((Series) o).metric.equals(metric);
    }

    @Override
    public int hashCode() {
        return 31 * benchmark.hashCode() + metric.hashCode();
    }

    /** {@code a.B.m:size=10 [avgt] median}: the benchmark's stored key and the metric, for messages and logs. */
    @Override
    public String toString() {
        return benchmark + " " + metric;
    }
}
