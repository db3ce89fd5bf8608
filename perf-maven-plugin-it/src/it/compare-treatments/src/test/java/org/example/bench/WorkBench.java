package org.example.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 1, time = 100, timeUnit = TimeUnit.MILLISECONDS)
@Measurement(iterations = 3, time = 100, timeUnit = TimeUnit.MILLISECONDS)
public class WorkBench {
    /** consumeCPU's time grows linearly with its tokens. */
    static final int TOKENS = 2000;

    private int tokens;

    /** The side's own property multiplies the work; each fork notes what it was given, for verify.groovy. */
    @Setup(Level.Trial)
    public void setUp() throws IOException {
        String factor = System.getProperty("work.factor");
        tokens = TOKENS * (factor == null ? 1 : Integer.parseInt(factor));
        String log = System.getProperty("forks.log");
        if (log != null) {
            Files.write(Paths.get(log), ((factor == null ? "none" : factor) + "\n").getBytes(StandardCharsets.UTF_8),
                    StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        }
    }

    @Benchmark
    public void work() {
        Blackhole.consumeCPU(tokens);
    }
}
