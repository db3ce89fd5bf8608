package io.perfgate.interleaved.evaluation;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * Workloads for {@link CompareEvaluation}, the A/A and slowdown study of perf:compare. Each does an amount of work
 * proportional to the system property {@value #WORK_FACTOR} (default 1.0), which the study sets to 1.2 on the
 * candidate side to make a 20 % slowdown. Three kinds of noise: pure CPU, hashing over a table larger than L1,
 * and allocation (GC).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 1, time = 100, timeUnit = TimeUnit.MILLISECONDS)
@Measurement(iterations = 3, time = 100, timeUnit = TimeUnit.MILLISECONDS)
public class EvaluationBenchmarks {
    public static final String WORK_FACTOR = "perfgate.eval.factor";

    private int tokens;
    private int lookups;
    private int strings;
    private Map<Integer, Integer> table;

    @Setup
    public void setUp() {
        double factor = Double.parseDouble(System.getProperty(WORK_FACTOR, "1.0"));
        tokens = (int) Math.round(2000 * factor);
        lookups = (int) Math.round(500 * factor);
        strings = (int) Math.round(50 * factor);
        table = new HashMap<>();
        for (int i = 0; i < 65_536; i++) {
            table.put(i * 7919, i);
        }
    }

    @Benchmark
    public void cpu() {
        Blackhole.consumeCPU(tokens);
    }

    @Benchmark
    public long hashing() {
        long sum = 0;
        int key = 17;
        for (int i = 0; i < lookups; i++) {
            key = (key * 1103515245 + 12345) & 0xFFFF;
            Integer v = table.get(key * 7919);
            sum += v == null ? 0 : v;
        }
        return sum;
    }

    @Benchmark
    public void allocation(Blackhole bh) {
        for (int i = 0; i < strings; i++) {
            bh.consume(new StringBuilder(32).append("item-").append(i).append('/').append(tokens).toString());
        }
    }
}
