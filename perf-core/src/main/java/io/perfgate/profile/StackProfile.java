package io.perfgate.profile;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What one profiling fork recorded on the benchmark's own threads: CPU and wall-clock samples by stack, bytes
 * allocated by site,
 * and time blocked on monitors. Stacks are root first, one frame per element ({@code pkg.Class.method}); an
 * allocation stack ends with the allocating Java frame, and its site names the type allocated.
 */
public final class StackProfile {
    private final Map<List<String>, Long> cpu;
    private final Map<List<String>, Long> wall;
    private final Map<AllocationSite, Long> allocations;
    private final Map<String, Contention> locks;

    public StackProfile(Map<List<String>, Long> cpu, Map<List<String>, Long> wall,
            Map<AllocationSite, Long> allocations, Map<String, Contention> locks) {
        this.cpu = Collections.unmodifiableMap(new LinkedHashMap<>(cpu));
        this.wall = Collections.unmodifiableMap(new LinkedHashMap<>(wall));
        this.allocations = Collections.unmodifiableMap(new LinkedHashMap<>(allocations));
        this.locks = Collections.unmodifiableMap(new LinkedHashMap<>(locks));
    }

    /** CPU samples per stack (root first), of the Java frames only: JVM and native frames count for their caller. */
    public Map<List<String>, Long> cpu() {
        return cpu;
    }

    /** Wall-clock samples per stack (async-profiler only): running, runnable, blocked or waiting alike. */
    public Map<List<String>, Long> wall() {
        return wall;
    }

    /**
     * The samples that divide a benchmark's time per operation: wall-clock samples where the profiler took them,
     * since the benchmark's threads spend their time per operation waiting as well as running (a contended lock);
     * else CPU samples, which see only the running part.
     */
    public Map<List<String>, Long> time() {
        return wall.isEmpty() ? cpu : wall;
    }

    /** Which samples {@link #time()} holds: {@code wall-clock} or {@code cpu}. */
    public String timeSampling() {
        return wall.isEmpty() ? "cpu" : "wall-clock";
    }

    public long timeSamples() {
        return time().values().stream().mapToLong(Long::longValue).sum();
    }

    /** Sampled bytes per allocation site. */
    public Map<AllocationSite, Long> allocations() {
        return allocations;
    }

    /** Contention per monitor class. */
    public Map<String, Contention> locks() {
        return locks;
    }

    public long cpuSamples() {
        return cpu.values().stream().mapToLong(Long::longValue).sum();
    }

    public long allocatedBytes() {
        return allocations.values().stream().mapToLong(Long::longValue).sum();
    }

    public long blockedNanos() {
        return locks.values().stream().mapToLong(Contention::nanos).sum();
    }

    /** Where objects were allocated: the allocating Java method and the type it allocated. */
    public static final class AllocationSite {
        private final String method;
        private final String type;

        public AllocationSite(String method, String type) {
            this.method = method;
            this.type = type;
        }

        public String method() {
            return method;
        }

        public String type() {
            return type;
        }

        /** As a reader says it: {@code new byte[] in com.acme.Writer.append}. */
        @Override
        public String toString() {
            return "new " + type + " in " + method;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof AllocationSite && ((AllocationSite) o).method.equals(method)
                    && ((AllocationSite) o).type.equals(type);
        }

        @Override
        public int hashCode() {
            return method.hashCode() * 31 + type.hashCode();
        }
    }

    /** Time threads spent blocked entering one monitor class, and where most of it happened. */
    public static final class Contention {
        private final long events;
        private final long nanos;
        private final String topFrame;

        public Contention(long events, long nanos, String topFrame) {
            this.events = events;
            this.nanos = nanos;
            this.topFrame = topFrame;
        }

        public long events() {
            return events;
        }

        public long nanos() {
            return nanos;
        }

        /** The Java method that waited longest for this monitor. */
        public String topFrame() {
            return topFrame;
        }
    }
}
