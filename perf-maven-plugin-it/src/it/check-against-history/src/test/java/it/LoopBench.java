package it;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/** A loop of dependent steps: its time is proportional to the work, which the build sets (-Dit.work). */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
// Compile in the foreground: with 100 ms of warmup on a busy machine, background compilation may not finish.
@Fork(jvmArgs = {"-Xbatch", "-XX:-TieredCompilation"})
public class LoopBench {
    /**
     * Steps per operation, from a resource the build filters: a system property of the benchmark JVMs would be a
     * JVM argument, and runs with other JVM arguments are not comparable, so never each other's history.
     */
    private final int work = work();
    private long seed = 42;

    private static int work() {
        Properties p = new Properties();
        try (InputStream in = LoopBench.class.getResourceAsStream("/it-work.properties")) {
            p.load(in);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        return Integer.parseInt(p.getProperty("work").trim());
    }

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
