package io.perfgate.premerge;

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
        if (round < 1) {
            throw new IllegalArgumentException("rounds count from 1, was " + round);
        }
        List<String> order = new ArrayList<>(benchmarks);
        Collections.sort(order);
        Collections.shuffle(order, new Random(mix(seed, round, 0L)));
        List<ForkSlot> slots = new ArrayList<>(order.size() * 2);
        for (String benchmark : order) {
            boolean baseFirst = new Random(mix(seed, round, stableHash(benchmark))).nextBoolean();
            Side first = baseFirst ? Side.BASE : Side.CANDIDATE;
            Side second = baseFirst ? Side.CANDIDATE : Side.BASE;
            slots.add(new ForkSlot(round, benchmark, first));
            slots.add(new ForkSlot(round, benchmark, second));
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

    /** One fork to run: which round, which benchmark, which side. */
    public static final class ForkSlot {
        private final int round;
        private final String benchmark;
        private final Side side;

        public ForkSlot(int round, String benchmark, Side side) {
            this.round = round;
            this.benchmark = Objects.requireNonNull(benchmark);
            this.side = Objects.requireNonNull(side);
        }

        public int round() {
            return round;
        }

        public String benchmark() {
            return benchmark;
        }

        public Side side() {
            return side;
        }

        @Override
        public boolean equals(Object o) {
            if (!(o instanceof ForkSlot)) {
                return false;
            }
            ForkSlot other = (ForkSlot) o;
            return round == other.round && benchmark.equals(other.benchmark) && side == other.side;
        }

        @Override
        public int hashCode() {
            return Objects.hash(round, benchmark, side);
        }

        @Override
        public String toString() {
            return "round " + round + " " + side.label() + " " + benchmark;
        }
    }
}
