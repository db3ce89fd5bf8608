package io.perfgate.profile;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Where the JVMs a scenario started spent their CPU, by process name ({@code tez-am}, {@code tez-task}): each
 * side's recordings of one name read together, and each method's share of their CPU samples before and after. A
 * child JVM's time is not the scenario's measured time per run (it runs beside the client, in parallel with
 * others), so this table speaks in shares of samples, not in the scenario's unit; CPU samples, since most of a
 * server JVM's threads wait most of the time and wall-clock samples would mostly show them waiting.
 */
public final class ChildJvmCpuShares {
    private final List<Process> processes;
    private final Map<Path, String> unreadable;

    private ChildJvmCpuShares(List<Process> processes, Map<Path, String> unreadable) {
        this.processes = Collections.unmodifiableList(processes);
        this.unreadable = Collections.unmodifiableMap(unreadable);
    }

    /** The processes, by name; methods sorted by their growth in share (by share where there is no base). */
    public List<Process> processes() {
        return processes;
    }

    /**
     * The recordings left out because they could not be read, each with the reader's reason: a JVM killed before it
     * finished writing (SIGKILL, as YARN sends a container 250 ms after asking it to stop) leaves a file without
     * its closing metadata, and one such JVM must not cost the table of all the others.
     */
    public Map<Path, String> unreadable() {
        return unreadable;
    }

    public static ChildJvmCpuShares none() {
        return new ChildJvmCpuShares(new ArrayList<>(), new TreeMap<>());
    }

    /**
     * The process name in a child recording's file name: {@code <side>-<process>-<n>.jfr}, with the process id
     * before {@code .jfr} where async-profiler recorded it ({@code <side>-<process>-<n>-<pid>.jfr}).
     *
     * @return null when the name is not of that form
     */
    static String processName(String fileName, String side, boolean withPid) {
        String prefix = side + "-";
        if (!fileName.startsWith(prefix) || !fileName.endsWith(".jfr")) {
            return null;
        }
        String rest = fileName.substring(prefix.length(), fileName.length() - ".jfr".length());
        for (int i = 0; i < (withPid ? 2 : 1); i++) {
            int dash = rest.lastIndexOf('-');
            if (dash <= 0 || !rest.substring(dash + 1).matches("[0-9]+")) {
                return null;
            }
            rest = rest.substring(0, dash);
        }
        return rest;
    }

    /**
     * Reads the recordings and compares the sides by process name.
     *
     * @param recordings the child recordings of both sides, {@code base-...} and {@code candidate-...}
     * @param withPid whether the file names carry a process id (async-profiler)
     */
    public static ChildJvmCpuShares read(List<Path> recordings, boolean withPid) {
        Map<String, Map<String, Long>> base = new TreeMap<>();
        Map<String, Map<String, Long>> candidate = new TreeMap<>();
        Map<String, int[]> files = new TreeMap<>();
        Map<Path, String> unreadable = new TreeMap<>();
        for (Path r : recordings) {
            String fileName = r.getFileName().toString();
            String side = fileName.startsWith("base-") ? "base" : "candidate";
            String process = processName(fileName, side, withPid);
            if (process == null) {
                continue;
            }
            StackProfile p;
            try {
                p = JfrProfiles.read(r, stack -> !stack.isEmpty());
            } catch (IOException | RuntimeException e) {
                // the JDK's reader throws IOException for a file cut short, and may throw unchecked for worse
                unreadable.put(r, e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage());
                continue;
            }
            Map<String, Long> self = (side.equals("base") ? base : candidate).computeIfAbsent(process,
                    k -> new HashMap<>());
            p.cpu().forEach((stack, n) -> self.merge(stack.get(stack.size() - 1), n, Long::sum));
            files.computeIfAbsent(process, k -> new int[2])[side.equals("base") ? 0 : 1]++;
        }
        Set<String> names = new TreeSet<>(base.keySet());
        names.addAll(candidate.keySet());
        boolean hasBase = !base.isEmpty();
        List<Process> processes = new ArrayList<>();
        for (String name : names) {
            Map<String, Long> b = base.getOrDefault(name, Collections.emptyMap());
            Map<String, Long> a = candidate.getOrDefault(name, Collections.emptyMap());
            long totalB = b.values().stream().mapToLong(Long::longValue).sum();
            long totalA = a.values().stream().mapToLong(Long::longValue).sum();
            Set<String> methods = new LinkedHashSet<>(a.keySet());
            methods.addAll(b.keySet());
            List<MethodShare> shares = new ArrayList<>();
            for (String m : methods) {
                double before = !hasBase ? Double.NaN : totalB == 0 ? 0 : b.getOrDefault(m, 0L) / (double) totalB;
                double after = totalA == 0 ? 0 : a.getOrDefault(m, 0L) / (double) totalA;
                shares.add(new MethodShare(m, before, after));
            }
            shares.sort(Comparator.comparingDouble((MethodShare s) -> -(hasBase ? s.after - s.before : s.after))
                    .thenComparing(s -> s.method));
            int[] counts = files.get(name);
            processes.add(new Process(name, counts[0], counts[1], hasBase ? totalB : -1, totalA,
                    new ArrayList<>(shares.subList(0, Math.min(Attribution.KEPT, shares.size())))));
        }
        return new ChildJvmCpuShares(processes, unreadable);
    }

    /** The JVMs of one name a scenario started, on both sides. */
    public static final class Process {
        final String name;
        final int recordingsBefore;
        final int recordingsAfter;
        final long samplesBefore;
        final long samplesAfter;
        final List<MethodShare> methods;

        Process(String name, int recordingsBefore, int recordingsAfter, long samplesBefore, long samplesAfter,
                List<MethodShare> methods) {
            this.name = name;
            this.recordingsBefore = recordingsBefore;
            this.recordingsAfter = recordingsAfter;
            this.samplesBefore = samplesBefore;
            this.samplesAfter = samplesAfter;
            this.methods = Collections.unmodifiableList(methods);
        }

        /** The name the scenario gave it ({@code ScenarioContext.profilerJvmOptions(name)}). */
        public String name() {
            return name;
        }

        public int recordingsBefore() {
            return recordingsBefore;
        }

        public int recordingsAfter() {
            return recordingsAfter;
        }

        /** CPU samples in the base's recordings of this name; -1 where only the candidate was profiled. */
        public long samplesBefore() {
            return samplesBefore;
        }

        public long samplesAfter() {
            return samplesAfter;
        }

        /** The top methods by self share of the CPU samples, the largest growth (or share) first. */
        public List<MethodShare> methods() {
            return methods;
        }
    }

    /** One method's self share of a process's CPU samples on each side. */
    public static final class MethodShare {
        final String method;
        final double before;
        final double after;

        public MethodShare(String method, double before, double after) {
            this.method = method;
            this.before = before;
            this.after = after;
        }

        public String method() {
            return method;
        }

        /** Its share in the base's JVMs of this name; NaN where only the candidate was profiled. */
        public double before() {
            return before;
        }

        public double after() {
            return after;
        }
    }

    /** For reading attribution.json back. */
    public static ChildJvmCpuShares of(List<Process> processes) {
        return new ChildJvmCpuShares(new ArrayList<>(processes), new TreeMap<>());
    }

    /** For reading attribution.json back. */
    public static Process process(String name, int recordingsBefore, int recordingsAfter, long samplesBefore,
            long samplesAfter, List<MethodShare> methods) {
        return new Process(name, recordingsBefore, recordingsAfter, samplesBefore, samplesAfter, methods);
    }
}
