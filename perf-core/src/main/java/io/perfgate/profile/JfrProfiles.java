package io.perfgate.profile;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import java.util.regex.Pattern;
import jdk.jfr.consumer.RecordedClass;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedStackTrace;
import jdk.jfr.consumer.RecordingFile;

/**
 * Reads a JFR recording, as async-profiler or the JDK's own Flight Recorder wrote it, with the JDK's
 * {@code jdk.jfr.consumer} API into a {@link StackProfile}. Both profilers write the JDK's event types:
 * {@code jdk.ExecutionSample} for CPU ({@code profiler.WallClockSample}, async-profiler's wall-clock samples, for
 * the time of threads whatever their state), {@code jdk.ObjectAllocationSample} (JFR) or the TLAB events
 * (async-profiler) for allocation, {@code jdk.JavaMonitorEnter} and {@code jdk.ThreadPark} for contention.
 */
public final class JfrProfiles {
    /** A native library as async-profiler names the owner of its frames: {@code libjvm.so}, {@code libc.so.6}. */
    private static final Pattern NATIVE_LIBRARY = Pattern.compile("\\.(so|dylib|dll)(\\.|$)");
    /** The address a lambda's or hidden class's name carries, which differs from one JVM to the next. */
    private static final Pattern HIDDEN_CLASS_SUFFIX = Pattern.compile("[./]0x[0-9a-fA-F]+$");

    private JfrProfiles() {
    }

    /**
     * @param stacks which stacks count, by their Java frames ({@link ProfiledCode#stacks()})
     * @throws IOException when the file cannot be read or is not a JFR recording
     */
    public static StackProfile read(Path recording, Predicate<List<String>> stacks) throws IOException {
        Map<List<String>, Long> cpu = new LinkedHashMap<>();
        Map<List<String>, Long> wall = new LinkedHashMap<>();
        Map<StackProfile.AllocationSite, Long> sampledAllocations = new LinkedHashMap<>();
        Map<StackProfile.AllocationSite, Long> tlabAllocations = new LinkedHashMap<>();
        Map<String, long[]> lockTotals = new LinkedHashMap<>();
        Map<String, Map<String, Long>> lockFrames = new HashMap<>();
        try (RecordingFile file = new RecordingFile(recording)) {
            while (file.hasMoreEvents()) {
                RecordedEvent event = file.readEvent();
                String type = event.getEventType().getName();
                switch (type) {
                    case "jdk.ExecutionSample": {
                        List<String> stack = javaStack(event.getStackTrace());
                        if (stacks.test(stack)) {
                            cpu.merge(stack, 1L, Long::sum);
                        }
                        break;
                    }
                    case "profiler.WallClockSample": {
                        List<String> stack = javaStack(event.getStackTrace());
                        if (stacks.test(stack)) {
                            wall.merge(stack, event.hasField("samples") ? event.getLong("samples") : 1L, Long::sum);
                        }
                        break;
                    }
                    case "jdk.ObjectAllocationSample":
                        allocation(event, stacks, "weight", sampledAllocations);
                        break;
                    case "jdk.ObjectAllocationInNewTLAB":
                        allocation(event, stacks, event.hasField("tlabSize") ? "tlabSize" : "allocationSize",
                                tlabAllocations);
                        break;
                    case "jdk.ObjectAllocationOutsideTLAB":
                        allocation(event, stacks, "allocationSize", tlabAllocations);
                        break;
                    case "jdk.JavaMonitorEnter":
                        contention(event, stacks, className(event, "monitorClass"), lockTotals, lockFrames);
                        break;
                    case "jdk.ThreadPark":
                        contention(event, stacks, className(event, "parkedClass") + " (parked)", lockTotals,
                                lockFrames);
                        break;
                    default:
                        break;
                }
            }
        } catch (IOException | RuntimeException e) {
            throw new IOException("cannot read the profile " + recording + ": " + e.getMessage(), e);
        }
        Map<String, StackProfile.Contention> locks = new LinkedHashMap<>();
        lockTotals.forEach((monitor, t) -> locks.put(monitor, new StackProfile.Contention(t[0], t[1],
                top(lockFrames.get(monitor)))));
        // JFR's own recordings carry the throttled samples; the TLAB events would count the same bytes twice
        return new StackProfile(cpu, wall, sampledAllocations.isEmpty() ? tlabAllocations : sampledAllocations, locks);
    }

    private static void allocation(RecordedEvent event, Predicate<List<String>> stacks, String weightField,
            Map<StackProfile.AllocationSite, Long> into) {
        List<String> stack = javaStack(event.getStackTrace());
        if (!stacks.test(stack) || !event.hasField(weightField)) {
            return;
        }
        long bytes = event.getLong(weightField);
        if (bytes <= 0 && event.hasField("allocationSize")) {
            bytes = event.getLong("allocationSize");
        }
        if (stack.isEmpty() || bytes <= 0) {
            return;
        }
        into.merge(new StackProfile.AllocationSite(stack.get(stack.size() - 1), javaTypeName(className(event,
                "objectClass"))), bytes, Long::sum);
    }

    private static void contention(RecordedEvent event, Predicate<List<String>> stacks, String monitor,
            Map<String, long[]> totals, Map<String, Map<String, Long>> frames) {
        List<String> stack = javaStack(event.getStackTrace());
        if (!stacks.test(stack)) {
            return;
        }
        long nanos = event.getDuration().toNanos();
        long[] t = totals.computeIfAbsent(monitor, k -> new long[2]);
        t[0]++;
        t[1] += nanos;
        if (!stack.isEmpty()) {
            frames.computeIfAbsent(monitor, k -> new HashMap<>()).merge(stack.get(stack.size() - 1), nanos,
                    Long::sum);
        }
    }

    private static String top(Map<String, Long> frames) {
        if (frames == null || frames.isEmpty()) {
            return "";
        }
        return Collections.max(frames.entrySet(), Map.Entry.comparingByValue()).getKey();
    }

    private static String className(RecordedEvent event, String field) {
        if (!event.hasField(field)) {
            return "?";
        }
        RecordedClass c = event.getValue(field);
        return c == null ? "?" : c.getName();
    }

    /**
     * A type as Java source writes it: JFR names array classes by their descriptor ({@code [B},
     * {@code [Ljava.lang.String;}), which reads {@code byte[]} and {@code java.lang.String[]} here.
     */
    static String javaTypeName(String name) {
        int dims = 0;
        while (dims < name.length() && name.charAt(dims) == '[') {
            dims++;
        }
        if (dims == 0) {
            return name;
        }
        String element = name.substring(dims);
        switch (element) {
            case "B": element = "byte"; break;
            case "C": element = "char"; break;
            case "S": element = "short"; break;
            case "I": element = "int"; break;
            case "J": element = "long"; break;
            case "F": element = "float"; break;
            case "D": element = "double"; break;
            case "Z": element = "boolean"; break;
            default:
                if (element.startsWith("L") && element.endsWith(";")) {
                    element = element.substring(1, element.length() - 1);
                }
        }
        StringBuilder sb = new StringBuilder(element.replace('/', '.'));
        for (int i = 0; i < dims; i++) {
            sb.append("[]");
        }
        return sb.toString();
    }

    /** The Java frames of a stack, root first; JVM and native frames in between are left out. */
    static List<String> javaStack(RecordedStackTrace trace) {
        List<String> stack = new ArrayList<>();
        if (trace == null) {
            return stack;
        }
        List<RecordedFrame> frames = trace.getFrames();
        for (int i = frames.size() - 1; i >= 0; i--) {
            RecordedFrame f = frames.get(i);
            if (isJava(f)) {
                stack.add(HIDDEN_CLASS_SUFFIX.matcher(f.getMethod().getType().getName()).replaceAll("")
                        + "." + f.getMethod().getName());
            }
        }
        return stack;
    }

    /**
     * async-profiler marks every frame a Java frame, its JVM ({@code C++}), kernel and native-library frames too;
     * those are told apart by their type and by the library they name.
     */
    static boolean isJava(RecordedFrame f) {
        if (f.getMethod() == null || f.getMethod().getType() == null) {
            return false;
        }
        String type = f.getType();
        String owner = f.getMethod().getType().getName();
        return !"C++".equals(type) && !"Kernel".equals(type) && !owner.isEmpty() && !NATIVE_LIBRARY.matcher(owner)
                .find();
    }
}
