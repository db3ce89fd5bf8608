package it;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/**
 * Four benchmarks of dependent steps, so their time is proportional to their work; -Dit.slow=true in the
 * benchmark JVMs makes {@code slowed} do three times the work, the others are unchanged.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
// foreground compilation: 100 ms of warmup on a busy machine would otherwise measure interpreted code
@Fork(jvmArgs = {"-Xbatch", "-XX:-TieredCompilation"})
public class SuiteBench {
    private final int slowFactor = Boolean.getBoolean("it.slow") ? 3 : 1;
    private long seed = 42;

    private long steps(int count) {
        long x = seed;
        for (int i = 0; i < count; i++) {
            x = x * 6364136223846793005L + 1442695040888963407L;
        }
        return x;
    }

    @Benchmark
    public long alpha() {
        return steps(2000);
    }

    @Benchmark
    public long beta() {
        return steps(2000);
    }

    @Benchmark
    public long gamma() {
        return steps(2000);
    }

    @Benchmark
    public long slowed() {
        return steps(2000 * slowFactor);
    }
}
