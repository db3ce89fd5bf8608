package it;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/** Each benchmark goes wrong in its own way, early in its first fork. */
@State(Scope.Thread)
@Fork(2)
@Warmup(iterations = 1, time = 100, timeUnit = TimeUnit.MILLISECONDS)
@Measurement(iterations = 2, time = 100, timeUnit = TimeUnit.MILLISECONDS)
public class Crash {
    private int calls;
    private final List<long[]> hoard = new ArrayList<>();

    @Benchmark
    public int throwsLater() {
        if (++calls > 100_000) {
            throw new IllegalStateException("boom after " + calls + " calls");
        }
        return calls;
    }

    @Benchmark
    public int exits() {
        if (++calls > 100_000) {
            System.exit(42);
        }
        return calls;
    }

    @Benchmark
    @Fork(value = 1, jvmArgsAppend = "-Xmx32m")
    public int oom() {
        hoard.add(new long[1 << 16]);
        return hoard.size();
    }

    @Benchmark
    public void hangs() {
        while (true) {
            try {
                Thread.sleep(1_000);
            } catch (InterruptedException e) {
                // a benchmark that ignores JMH's attempts to stop it
            }
        }
    }
}
