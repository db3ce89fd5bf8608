package io.perfgate.interleaved;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.Random;

/**
 * The order of forks in randomized multiple interleaved trials (Abedi and Brecht, ICPE 2017): each round
 * runs one base fork and one candidate fork of every benchmark still running, one at a time. Within a round
 * the benchmarks come in a shuffled order and each benchmark's two forks in an order drawn by a coin, so a
 * drift of the machine (another job starting, thermal throttling) falls on both sides alike.
 *
 * <p>The draws depend only on the seed, the round number and the benchmark's name, not on which other
 * benchmarks are still running, so a seed printed in the log reproduces the order of any fork.
 */
public final class InterleavedSchedule {
    private final long seed;

    public InterleavedSchedule(long seed) {
        this.seed = seed;
    }

    public long seed() {
        return seed;
    }

    /** A fresh seed, for runs that were not given one (it is logged, so such a run can be repeated). */
    public static long randomSeed() {
        return new java.security.SecureRandom().nextLong() & 0xFFFF_FFFF_FFFFL;
    }

    /**
     * The forks of round {@code round} (1-based) for the given benchmarks, in the order to run them.
     * Each benchmark appears exactly twice, once per side.
     */
    public List<ForkSlot> round(int round, List<String> benchmarks) {
        return round(round, benchmarks, 2);
    }

    /**
     * The forks of round {@code round} (1-based) for the given benchmarks and {@code arms} sides (arm 0 the
     * baseline, 1.. the treatments), in the order to run them: each benchmark's forks are adjacent, every arm once,
     * in an order shuffled from the seed, the round and the benchmark's name. With two arms the shuffle is the coin
     * of the two-sided comparison (Fisher-Yates on two draws the same bit), so a seed recorded by perf:compare
     * repeats its order.
     */
    public List<ForkSlot> round(int round, List<String> benchmarks, int arms) {
        return round(round, benchmarks, arms, true);
    }

    /**
     * As {@link #round(int, List, int)}; with {@code shuffled} false the benchmarks keep the order given (a
     * {@link io.perfgate.planning.SuiteOrder}, most likely changed first) and only each benchmark's sides are drawn: the sides stay
     * adjacent and their order is the same draw as in a shuffled round.
     */
    public List<ForkSlot> round(int round, List<String> benchmarks, int arms, boolean shuffled) {
        if (round < 1) {
            throw new IllegalArgumentException("rounds count from 1, was " + round);
        }
        if (arms < 2) {
            throw new IllegalArgumentException("a comparison has at least two sides, was " + arms);
        }
        List<String> order = new ArrayList<>(benchmarks);
        if (shuffled) {
            Collections.sort(order);
            Collections.shuffle(order, new Random(mix(seed, round, 0L)));
        }
        List<ForkSlot> slots = new ArrayList<>(order.size() * arms);
        for (String benchmark : order) {
            List<Integer> sides = new ArrayList<>(arms);
            for (int a = 0; a < arms; a++) {
                sides.add(a);
            }
            Collections.shuffle(sides, new Random(mix(seed, round, stableHash(benchmark))));
            for (int arm : sides) {
                slots.add(new ForkSlot(round, benchmark, arm));
            }
        }
        return slots;
    }

    /** SplitMix64's finaliser over the three inputs: nearby rounds give unrelated streams. */
    static long mix(long seed, long round, long salt) {
        long z = seed + 0x9E3779B97F4A7C15L * (round + 1) + 0xC2B2AE3D27D4EB4FL * salt;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /** A hash of the name that is the same on every JVM (String.hashCode is too, but is weak for mixing). */
    static long stableHash(String s) {
        long h = 0xcbf29ce484222325L;
        for (byte b : s.getBytes(StandardCharsets.UTF_8)) {
            h ^= b & 0xff;
            h *= 0x100000001b3L;
        }
        return h;
    }

    /** One fork to run: which round, which benchmark, which side (arm 0 the baseline, 1.. the treatments). */
    public static final class ForkSlot {
        private final int round;
        private final String benchmark;
        private final int arm;

        public ForkSlot(int round, String benchmark, Side side) {
            this(round, benchmark, Objects.requireNonNull(side) == Side.BASE ? 0 : 1);
        }

        public ForkSlot(int round, String benchmark, int arm) {
            this.round = round;
            this.benchmark = Objects.requireNonNull(benchmark);
            this.arm = arm;
        }

        public int round() {
            return round;
        }

        public String benchmark() {
            return benchmark;
        }

        /** The side of a two-sided comparison: arm 0 is the base, any other the candidate. */
        public Side side() {
            return arm == 0 ? Side.BASE : Side.CANDIDATE;
        }

        /** Which side: 0 the baseline, 1.. the treatments (in a two-sided comparison 1 is the candidate). */
        public int arm() {
            return arm;
        }

        @Override
        public boolean equals(Object o) {
            if (!(o instanceof ForkSlot)) {
                return false;
            }
            ForkSlot other = (ForkSlot) o;
            return round == other.round && benchmark.equals(other.benchmark) && arm == other.arm;
        }

        @Override
        public int hashCode() {
            return Objects.hash(round, benchmark, arm);
        }

        @Override
        public String toString() {
            return "round " + round + " " + (arm <= 1 ? side().label() : "arm " + arm) + " " + benchmark;
        }
    }
}
