package io.perfgate.interleaved;

import io.perfgate.results.BenchmarkResult;
import io.perfgate.results.Fork;
import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import java.util.Random;

/** Forks drawn from a simple model: a per-fork lognormal factor around a true value, small within-fork noise. */
public final class FakeForks {
    private FakeForks() {
    }

    public static Fork fork(Random random, double trueValue, double forkSd, int iterations) {
        double forkValue = trueValue * Math.exp(forkSd * random.nextGaussian());
        double[] it = new double[iterations];
        for (int i = 0; i < iterations; i++) {
            it[i] = forkValue * Math.exp(0.005 * random.nextGaussian());
        }
        return new Fork(it, Collections.emptyMap(), Collections.emptyMap());
    }

    static Fork sampleFork(Random random, double trueMedian, double trueP95, double forkSd) {
        double f = Math.exp(forkSd * random.nextGaussian());
        Map<String, Double> pct = new HashMap<>();
        pct.put("p0.50", trueMedian * f);
        pct.put("p0.95", trueP95 * f * Math.exp(forkSd * random.nextGaussian()));
        return new Fork(new double[] {trueMedian * f}, pct, Collections.emptyMap());
    }

    public static BenchmarkResult result(String benchmark, Fork... forks) {
        BenchmarkResult.Builder b = BenchmarkResult.builder(benchmark).mode("avgt").unit("ns/op");
        for (Fork f : forks) {
            b.addFork(f);
        }
        return b.build();
    }

    public static BenchmarkResult series(String benchmark, long seed, double trueValue, double forkSd, int forks) {
        Random random = new Random(seed);
        Fork[] all = new Fork[forks];
        for (int i = 0; i < forks; i++) {
            all[i] = fork(random, trueValue, forkSd, 3);
        }
        return result(benchmark, all);
    }
}
