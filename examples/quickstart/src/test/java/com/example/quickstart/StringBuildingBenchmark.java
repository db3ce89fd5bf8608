package com.example.quickstart;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/** {@link Sentences}: joining words with a StringBuilder and with String.join, for two sentence lengths. */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class StringBuildingBenchmark {
    @Param({"10", "100"})
    public int words;

    private String[] parts;

    @org.openjdk.jmh.annotations.Setup
    public void setUp() {
        parts = new String[words];
        for (int i = 0; i < words; i++) {
            parts[i] = "word" + i;
        }
    }

    @Benchmark
    public String stringBuilder() {
        return Sentences.withBuilder(parts);
    }

    @Benchmark
    public String stringJoin() {
        return Sentences.withJoin(parts);
    }
}
