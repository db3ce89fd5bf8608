package it;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/** A loop of a fixed count of dependent steps: its time is proportional to the work, so 1.5 x work is 1.5 x time. */
@State(Scope.Benchmark)
// SampleTime: the gate takes each fork's own p50 and p95 of single-operation latencies, which a busy machine
// moves far less than an average over time slices the JVM did not get.
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
// Compile in the foreground: with 100 ms of warmup on a busy machine, background compilation may not finish,
// and forks would measure a mix of interpreted and compiled code (seen: 8 to 86 us/op for the same work).
@Fork(jvmArgs = {"-Xbatch", "-XX:-TieredCompilation"})
public class LoopBench {
    /** Steps per operation; the build sets -Dit.work for the benchmark JVMs to make the code slower. */
    private final int work = Integer.getInteger("it.work", 2000);
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
