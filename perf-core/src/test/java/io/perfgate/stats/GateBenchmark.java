package io.perfgate.stats;

import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.infra.Blackhole;

/**
 * Speed of the gate's statistics: one operation analyses {@value #COMPARISONS} comparisons (compare + decide,
 * with the reason text), the size of a large build's check. Target: under 1 s per operation at 10 vs 10 forks.
 *
 * <pre>
 * ./mvnw -B -ntp -q test-compile -pl perf-core -am
 * ./mvnw -B -ntp -q dependency:build-classpath -pl perf-core -am -Dmdep.includeScope=test -Dmdep.outputFile=/tmp/cp.txt
 * java -cp perf-core/target/test-classes:perf-core/target/classes:$(cat /tmp/cp.txt) \
 *      org.openjdk.jmh.Main GateBenchmark -f 3 -wi 3 -i 5
 * </pre>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class GateBenchmark {
    static final int COMPARISONS = 10_000;

    @Param({"10"})
    public int forks;

    private double[][] baselines;
    private double[][] candidates;
    private final Thresholds thresholds = new Thresholds(0.10, 0.05, 0.05);

    @Setup(Level.Trial)
    public void makeData() {
        SplittableRandom random = new SplittableRandom(1);
        baselines = new double[COMPARISONS][forks];
        candidates = new double[COMPARISONS][forks];
        for (int c = 0; c < COMPARISONS; c++) {
            double ratio = 1 + 0.3 * random.nextDouble();
            for (int f = 0; f < forks; f++) {
                baselines[c][f] = 100 * Math.exp(0.04 * ShiftTestTest.gaussian(random));
                candidates[c][f] = 100 * ratio * Math.exp(0.04 * ShiftTestTest.gaussian(random));
            }
        }
    }

    @Benchmark
    public void compareAndDecide(Blackhole sink) {
        for (int c = 0; c < COMPARISONS; c++) {
            ShiftComparison comparison = ShiftTest.compare(baselines[c], candidates[c], Direction.LOWER_IS_BETTER,
                    thresholds);
            sink.consume(DecisionRule.decide(comparison));
        }
    }

    @Benchmark
    public void compareOnly(Blackhole sink) {
        for (int c = 0; c < COMPARISONS; c++) {
            sink.consume(ShiftTest.compare(baselines[c], candidates[c], Direction.LOWER_IS_BETTER, thresholds));
        }
    }
}
