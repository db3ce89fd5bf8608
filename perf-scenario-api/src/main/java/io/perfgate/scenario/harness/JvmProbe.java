package io.perfgate.scenario.harness;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.OperatingSystemMXBean;
import java.lang.management.ThreadMXBean;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads the scenario JVM's own counters before and after a run.
 *
 * <p>Cluster code does its work on many threads (RPC handlers, DataNode transfer threads, dispatchers), so
 * every counter here covers the whole JVM, not the thread that called {@code run}:
 * <ul>
 *   <li>CPU: process CPU time ({@code com.sun.management.OperatingSystemMXBean}), all threads, GC and JIT
 *       included.</li>
 *   <li>Child CPU (Linux): {@code cutime + cstime} of {@code /proc/self/stat}, the CPU of child processes
 *       (YARN containers, Tez AMs) that ended and were reaped during the run. USER_HZ is 100 on Linux.</li>
 *   <li>Allocation: on JDK 21+ {@code getTotalThreadAllocatedBytes}, which includes threads that ended
 *       during the run; before that, the sum over threads alive at the end of the run of their growth since
 *       the start, which misses threads that started and ended inside the run (an undercount, reported as
 *       method {@code live-threads}).</li>
 *   <li>Peak heap: the sum of the heap pools' peak usage, reset before the run (pools peak at different
 *       moments, so this is an upper bound of the true peak).</li>
 * </ul>
 */
final class JvmProbe {
    private static final long USER_HZ = 100;

    private final OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();
    private final ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    private final Method totalAllocatedBytes;
    private final boolean perThreadAllocation;
    private final Path procSelfStat = Paths.get("/proc/self/stat");

    JvmProbe() {
        Method total = null;
        boolean perThread = false;
        if (threads instanceof com.sun.management.ThreadMXBean) {
            com.sun.management.ThreadMXBean sun = (com.sun.management.ThreadMXBean) threads;
            try {
                if (sun.isThreadAllocatedMemorySupported()) {
                    sun.setThreadAllocatedMemoryEnabled(true);
                    perThread = sun.isThreadAllocatedMemoryEnabled();
                }
            } catch (UnsupportedOperationException | SecurityException e) {
                perThread = false;
            }
            if (perThread) {
                try {
                    // JDK 21+; looked up reflectively because this code is compiled for Java 8.
                    total = com.sun.management.ThreadMXBean.class.getMethod("getTotalThreadAllocatedBytes");
                    Object probe = total.invoke(threads);
                    if (!(probe instanceof Long) || (Long) probe < 0) {
                        total = null;
                    }
                } catch (ReflectiveOperationException | RuntimeException e) {
                    total = null;
                }
            }
        }
        this.totalAllocatedBytes = total;
        this.perThreadAllocation = perThread;
    }

    String allocationMethod() {
        if (totalAllocatedBytes != null) {
            return Protocol.ALLOC_ALL_THREADS;
        }
        return perThreadAllocation ? Protocol.ALLOC_LIVE_THREADS : Protocol.ALLOC_NONE;
    }

    /** Counters at one moment. */
    static final class Snapshot {
        long nanoTime;
        long cpuNanos = -1;
        long childrenCpuMillis = -1;
        long gcCount;
        long gcMillis;
        long totalAllocated = -1;
        Map<Long, Long> allocatedByThread;
    }

    /** Resets the heap pools' peak, then reads every counter; call right before the run. */
    Snapshot start() {
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP && pool.isValid()) {
                pool.resetPeakUsage();
            }
        }
        Snapshot s = read();
        s.nanoTime = System.nanoTime();
        return s;
    }

    /** Reads every counter; call right after the run. The wall clock is read first. */
    Snapshot end() {
        long now = System.nanoTime();
        Snapshot s = read();
        s.nanoTime = now;
        return s;
    }

    private Snapshot read() {
        Snapshot s = new Snapshot();
        if (os instanceof com.sun.management.OperatingSystemMXBean) {
            s.cpuNanos = ((com.sun.management.OperatingSystemMXBean) os).getProcessCpuTime();
        }
        s.childrenCpuMillis = childrenCpuMillis();
        List<GarbageCollectorMXBean> gcs = ManagementFactory.getGarbageCollectorMXBeans();
        for (GarbageCollectorMXBean gc : gcs) {
            s.gcCount += Math.max(0, gc.getCollectionCount());
            s.gcMillis += Math.max(0, gc.getCollectionTime());
        }
        if (totalAllocatedBytes != null) {
            try {
                s.totalAllocated = (Long) totalAllocatedBytes.invoke(threads);
            } catch (ReflectiveOperationException | RuntimeException e) {
                s.totalAllocated = -1;
            }
        } else if (perThreadAllocation) {
            long[] ids = threads.getAllThreadIds();
            long[] bytes = ((com.sun.management.ThreadMXBean) threads).getThreadAllocatedBytes(ids);
            Map<Long, Long> byThread = new HashMap<>();
            for (int i = 0; i < ids.length; i++) {
                if (bytes[i] >= 0) {
                    byThread.put(ids[i], bytes[i]);
                }
            }
            s.allocatedByThread = byThread;
        }
        return s;
    }

    /** The sum of the heap pools' peak usage since {@link #start}. */
    long heapPeakBytes() {
        long sum = 0;
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP && pool.isValid() && pool.getPeakUsage() != null) {
                sum += pool.getPeakUsage().getUsed();
            }
        }
        return sum;
    }

    /** Writes the differences between two snapshots into {@code run} as result fields. */
    void describe(Snapshot start, Snapshot end, Map<String, String> run) {
        run.put(Protocol.WALL_MS, ms(end.nanoTime - start.nanoTime));
        if (start.cpuNanos >= 0 && end.cpuNanos >= 0) {
            run.put(Protocol.CPU_MS, ms(end.cpuNanos - start.cpuNanos));
        }
        if (start.childrenCpuMillis >= 0 && end.childrenCpuMillis >= 0) {
            run.put(Protocol.CHILDREN_CPU_MS, Long.toString(end.childrenCpuMillis - start.childrenCpuMillis));
        }
        run.put(Protocol.GC_COUNT, Long.toString(end.gcCount - start.gcCount));
        run.put(Protocol.GC_MS, Long.toString(end.gcMillis - start.gcMillis));
        long allocated = -1;
        if (start.totalAllocated >= 0 && end.totalAllocated >= 0) {
            allocated = end.totalAllocated - start.totalAllocated;
        } else if (start.allocatedByThread != null && end.allocatedByThread != null) {
            allocated = 0;
            for (Map.Entry<Long, Long> e : end.allocatedByThread.entrySet()) {
                Long before = start.allocatedByThread.get(e.getKey());
                allocated += e.getValue() - (before == null ? 0 : before);
            }
        }
        if (allocated >= 0) {
            run.put(Protocol.ALLOC_BYTES, Long.toString(allocated));
        }
        run.put(Protocol.HEAP_PEAK_BYTES, Long.toString(heapPeakBytes()));
    }

    /** CPU of reaped child processes in ms, or -1 where /proc is not there. */
    private long childrenCpuMillis() {
        try {
            if (!Files.isReadable(procSelfStat)) {
                return -1;
            }
            String stat = new String(Files.readAllBytes(procSelfStat), StandardCharsets.US_ASCII);
            // The command name (field 2) may hold spaces and parentheses: count fields after the last ')'.
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).trim().split("\\s+");
            // After the name: state is field 3 (index 0 here), cutime field 16, cstime field 17.
            long ticks = Long.parseLong(f[13]) + Long.parseLong(f[14]);
            return ticks * 1000 / USER_HZ;
        } catch (java.io.IOException | RuntimeException e) {
            return -1;
        }
    }

    static String ms(long nanos) {
        return Double.toString(nanos / 1e6);
    }
}
