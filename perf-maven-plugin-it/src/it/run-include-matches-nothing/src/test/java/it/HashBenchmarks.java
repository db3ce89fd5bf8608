package it;

import org.openjdk.jmh.annotations.Benchmark;

public class HashBenchmarks {
    @Benchmark
    public int stringHash() {
        return "perf".hashCode();
    }

    @Benchmark
    public int arrayHash() {
        return java.util.Arrays.hashCode(new int[] {1, 2, 3});
    }
}
