package it;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/** A loop of a fixed count of dependent steps: its time is proportional to the work. */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
// Compile in the foreground, so that 100 ms of warmup on a busy machine measures compiled code.
@Fork(jvmArgs = {"-Xbatch", "-XX:-TieredCompilation"})
public class LoopBench {
    /** Steps per operation. */
    private final int work = 2000;
    private long seed = 42;

    @Benchmark
    public long loop() {
        long x = seed;
        for (int i = 0; i < work; i++) {
            // Each step depends on the last, so the JIT can neither vectorise nor fold the loop away.
            x = x * 6364136223846793005L + 1442695040888963407L;
        }
        return x;
    }
}
