package io.perfgate.profile;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.perfgate.files.AtomicFiles;
import io.perfgate.json.JsonFormatException;
import io.perfgate.json.JsonValue;
import io.perfgate.json.JsonWriting;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * What profiling found for one benchmark, as {@code profiles/<benchmark>/attribution.json} holds it: the
 * profiler, both sides' measured cost, the attribution tables and the files beside it (flame graphs, recordings).
 * The console, the HTML report and the methodology block all read it from here.
 */
public final class ProfileEvidence {
    /** The file name in each benchmark's profile directory. */
    public static final String FILE_NAME = "attribution.json";
    static final int SCHEMA = 1;
    /** The verdict of a benchmark measured without one (perf:run, perf:baseline). */
    public static final String MEASURED = "measured";
    /**
     * The verdict of a benchmark profiled on demand (perf:profile): nothing was measured but the profiled forks,
     * whose scores give the cost per operation.
     */
    public static final String PROFILED_ON_DEMAND = "profiled on demand";

    private final String benchmark;
    private final String verdict;
    private final String profiler;
    private final String events;
    private final Attribution attribution;
    private final List<String> files;
    private final Path directory;
    private final ChildJvmCpuShares children;

    public ProfileEvidence(String benchmark, String verdict, String profiler, String events, Attribution attribution,
            List<String> files, Path directory) {
        this(benchmark, verdict, profiler, events, attribution, files, directory, ChildJvmCpuShares.none());
    }

    /** @param children where the JVMs a scenario started spent their CPU, by process name */
    public ProfileEvidence(String benchmark, String verdict, String profiler, String events, Attribution attribution,
            List<String> files, Path directory, ChildJvmCpuShares children) {
        this.children = children;
        this.benchmark = benchmark;
        this.verdict = verdict;
        this.profiler = profiler;
        this.events = events;
        this.attribution = attribution;
        this.files = Collections.unmodifiableList(new ArrayList<>(files));
        this.directory = directory;
    }

    /** The benchmark as the reports name it, with its parameters. */
    public String benchmark() {
        return benchmark;
    }

    /**
     * The gate's verdict on it when it was profiled (FAIL, WARN, PASS ...), or {@link #MEASURED}, or
     * {@link #PROFILED_ON_DEMAND}.
     */
    public String verdict() {
        return verdict;
    }

    /** The profiler and its version, e.g. {@code async-profiler 4.2}. */
    public String profiler() {
        return profiler;
    }

    /** What the profiler recorded, and how often. */
    public String events() {
        return events;
    }

    public Attribution attribution() {
        return attribution;
    }

    /** The artifacts beside attribution.json, by file name: flame graphs first, then the recordings. */
    public List<String> files() {
        return files;
    }

    /** Where the JVMs a scenario started spent their CPU; empty for a benchmark. */
    public ChildJvmCpuShares children() {
        return children;
    }

    /** The benchmark's profile directory. */
    public Path directory() {
        return directory;
    }

    /** Writes attribution.json atomically into {@link #directory()}. */
    public Path write() throws IOException {
        ObjectNode root = JsonWriting.object();
        root.put("schema", SCHEMA);
        root.put("benchmark", benchmark);
        root.put("verdict", verdict);
        root.put("profiler", profiler);
        root.put("events", events);
        root.put("unit", attribution.unit());
        root.put("sampling", attribution.sampling());
        JsonWriting.putNumberOrNull(root, "before", attribution.before());
        root.put("after", attribution.after());
        root.put("timeChangeEstablished", attribution.changeEstablished());
        root.put("samplesBefore", attribution.samplesBefore());
        root.put("samplesAfter", attribution.samplesAfter());
        JsonWriting.putNumberOrNull(root, "explainedByTop" + Attribution.QUOTED,
                attribution.explained(Attribution.QUOTED));
        ArrayNode methods = root.putArray("methods");
        for (Attribution.MethodCost m : attribution.methods()) {
            ObjectNode n = methods.addObject();
            n.put("method", m.method);
            JsonWriting.putNumberOrNull(n, "selfBefore", m.selfBefore);
            n.put("selfAfter", m.selfAfter);
            JsonWriting.putNumberOrNull(n, "inclusiveBefore", m.inclusiveBefore);
            n.put("inclusiveAfter", m.inclusiveAfter);
            JsonWriting.putNumberOrNull(n, "shareOfChange", m.shareOfChange);
        }
        ArrayNode sites = root.putArray("allocations");
        for (Attribution.SiteCost s : attribution.allocations()) {
            ObjectNode n = sites.addObject();
            n.put("site", s.site);
            JsonWriting.putNumberOrNull(n, "bytesPerOpBefore", s.before);
            n.put("bytesPerOpAfter", s.after);
        }
        ArrayNode monitors = root.putArray("monitors");
        for (Attribution.MonitorCost m : attribution.monitors()) {
            ObjectNode n = monitors.addObject();
            n.put("monitor", m.monitor);
            n.put("where", m.where);
            JsonWriting.putNumberOrNull(n, "blockedMillisBefore", m.beforeMillis);
            n.put("blockedMillisAfter", m.afterMillis);
            n.put("eventsBefore", m.eventsBefore);
            n.put("eventsAfter", m.eventsAfter);
        }
        ArrayNode processes = root.putArray("processes");
        for (ChildJvmCpuShares.Process p : children.processes()) {
            ObjectNode n = processes.addObject();
            n.put("process", p.name());
            n.put("recordingsBefore", p.recordingsBefore());
            n.put("recordingsAfter", p.recordingsAfter());
            n.put("cpuSamplesBefore", p.samplesBefore());
            n.put("cpuSamplesAfter", p.samplesAfter());
            ArrayNode shares = n.putArray("methods");
            for (ChildJvmCpuShares.MethodShare m : p.methods()) {
                ObjectNode mn = shares.addObject();
                mn.put("method", m.method());
                JsonWriting.putNumberOrNull(mn, "selfShareBefore", m.before());
                mn.put("selfShareAfter", m.after());
            }
        }
        ArrayNode fileList = root.putArray("files");
        files.forEach(fileList::add);
        Path file = directory.resolve(FILE_NAME);
        AtomicFiles.writeString(file, JsonWriting.pretty(root, false));
        return file;
    }

    /** Reads one attribution.json. */
    public static ProfileEvidence read(Path file) throws JsonFormatException {
        JsonValue root = JsonValue.read(file).object();
        List<Attribution.MethodCost> methods = new ArrayList<>();
        for (JsonValue n : root.get("methods").elements()) {
            methods.add(new Attribution.MethodCost(n.get("method").text(), n.get("selfBefore").numberOrNaN(),
                    n.get("selfAfter").number(), n.get("inclusiveBefore").numberOrNaN(),
                    n.get("inclusiveAfter").number(), n.get("shareOfChange").numberOrNaN()));
        }
        List<Attribution.SiteCost> sites = new ArrayList<>();
        for (JsonValue n : root.get("allocations").elements()) {
            sites.add(new Attribution.SiteCost(n.get("site").text(), n.get("bytesPerOpBefore").numberOrNaN(),
                    n.get("bytesPerOpAfter").number()));
        }
        List<Attribution.MonitorCost> monitors = new ArrayList<>();
        for (JsonValue n : root.get("monitors").elements()) {
            monitors.add(new Attribution.MonitorCost(n.get("monitor").text(), n.get("where").text(),
                    n.get("blockedMillisBefore").numberOrNaN(), n.get("blockedMillisAfter").number(),
                    (long) n.get("eventsBefore").number(), (long) n.get("eventsAfter").number()));
        }
        Attribution attribution = new Attribution(root.get("before").numberOrNaN(), root.get("after").number(),
                root.get("unit").text(), root.get("sampling").text(), (long) root.get("samplesBefore").number(),
                (long) root.get("samplesAfter").number(), methods, sites, monitors,
                root.get("timeChangeEstablished").bool());
        List<ChildJvmCpuShares.Process> processes = new ArrayList<>();
        if (root.has("processes")) {
            for (JsonValue n : root.get("processes").elements()) {
                List<ChildJvmCpuShares.MethodShare> shares = new ArrayList<>();
                for (JsonValue m : n.get("methods").elements()) {
                    shares.add(new ChildJvmCpuShares.MethodShare(m.get("method").text(),
                            m.get("selfShareBefore").numberOrNaN(), m.get("selfShareAfter").number()));
                }
                processes.add(ChildJvmCpuShares.process(n.get("process").text(), n.get("recordingsBefore").integer(),
                        n.get("recordingsAfter").integer(), (long) n.get("cpuSamplesBefore").number(),
                        (long) n.get("cpuSamplesAfter").number(), shares));
            }
        }
        return new ProfileEvidence(root.get("benchmark").text(), root.get("verdict").text(),
                root.get("profiler").text(), root.get("events").text(), attribution, root.get("files").texts(),
                file.getParent(), ChildJvmCpuShares.of(processes));
    }

    /**
     * Every attribution.json under {@code profilesDirectory} (one directory per benchmark), sorted by directory;
     * none when the directory does not exist.
     */
    public static List<ProfileEvidence> readAll(Path profilesDirectory) throws IOException, JsonFormatException {
        List<ProfileEvidence> all = new ArrayList<>();
        if (!Files.isDirectory(profilesDirectory)) {
            return all;
        }
        List<Path> files;
        try (Stream<Path> dirs = Files.list(profilesDirectory)) {
            files = dirs.map(d -> d.resolve(FILE_NAME)).filter(Files::isRegularFile).sorted()
                    .collect(Collectors.toList());
        }
        for (Path f : files) {
            all.add(read(f));
        }
        return all;
    }
}
