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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The profiles perf:baseline recorded with the baseline ({@code perf.profile=all}), one per benchmark, kept beside
 * it ({@code baseline.json} has {@code baseline-profiles.json}) so that perf:check can attribute a later slowdown
 * before and after without building the base. The file names the baseline it belongs to by the SHA-256 of the
 * baseline's bytes: profiles of another baseline are never used as its "before".
 *
 * <p>Only what attribution needs is stored (stacks with their sample counts, allocation sites with their bytes,
 * monitors), frames written once per benchmark and each stack as a line of indexes into them, so the file stays small enough to
 * commit with the baseline.
 */
public final class BaselineProfiles {
    static final int SCHEMA = 1;

    private final String baselineSha256;
    private final String profiler;
    private final String events;
    private final Map<String, StackProfile> byKey;

    public BaselineProfiles(String baselineSha256, String profiler, String events, Map<String, StackProfile> byKey) {
        this.baselineSha256 = baselineSha256;
        this.profiler = profiler;
        this.events = events;
        this.byKey = Collections.unmodifiableMap(new LinkedHashMap<>(byKey));
    }

    /** Where the profiles of {@code baseline} are kept: beside it, {@code <name>-profiles.json}. */
    public static Path besides(Path baseline) {
        String name = baseline.getFileName().toString();
        String stem = name.endsWith(".json") ? name.substring(0, name.length() - ".json".length()) : name;
        return baseline.resolveSibling(stem + "-profiles.json");
    }

    /** The SHA-256 of a file's bytes, in hex: what ties the profiles to one recorded baseline. */
    public static String sha256(Path file) throws IOException {
        return AtomicFiles.sha256Hex(Files.readAllBytes(file));
    }

    /** The baseline these profiles belong to, by the SHA-256 of its bytes. */
    public String baselineSha256() {
        return baselineSha256;
    }

    /** The profiler that recorded them, e.g. {@code async-profiler 4.2}. */
    public String profiler() {
        return profiler;
    }

    public String events() {
        return events;
    }

    /** The profile of one benchmark by its results key ({@code a.B.m:size=10}), or null. */
    public StackProfile get(String key) {
        return byKey.get(key);
    }

    public Map<String, StackProfile> all() {
        return byKey;
    }

    /** Writes the file atomically. */
    public void write(Path file) throws IOException {
        ObjectNode root = JsonWriting.object();
        root.put("schema", SCHEMA);
        root.put("baselineSha256", baselineSha256);
        root.put("profiler", profiler);
        root.put("events", events);
        ObjectNode benchmarks = root.putObject("benchmarks");
        for (Map.Entry<String, StackProfile> e : byKey.entrySet()) {
            StackProfile p = e.getValue();
            ObjectNode n = benchmarks.putObject(e.getKey());
            Map<String, Integer> frameIndex = new LinkedHashMap<>();
            ArrayNode frames = n.putArray("frames");
            n.set("cpu", stacks(p.cpu(), frameIndex, frames));
            n.set("wall", stacks(p.wall(), frameIndex, frames));
            ArrayNode allocations = n.putArray("allocations");
            p.allocations().forEach((site, bytes) -> {
                ObjectNode a = allocations.addObject();
                a.put("method", site.method());
                a.put("type", site.type());
                a.put("bytes", bytes);
            });
            ArrayNode locks = n.putArray("locks");
            p.locks().forEach((monitor, c) -> {
                ObjectNode l = locks.addObject();
                l.put("monitor", monitor);
                l.put("events", c.events());
                l.put("nanos", c.nanos());
                l.put("topFrame", c.topFrame());
            });
        }
        AtomicFiles.writeString(file, JsonWriting.pretty(root, false));
    }

    /**
     * Each stack as one line of text, {@code "<samples> <frame index> <frame index> ..."}, root first: a stack per
     * line keeps the file short and its diffs readable.
     */
    private static ArrayNode stacks(Map<List<String>, Long> stacks, Map<String, Integer> frameIndex, ArrayNode frames) {
        ArrayNode out = JsonWriting.object().arrayNode();
        for (Map.Entry<List<String>, Long> s : stacks.entrySet()) {
            StringBuilder row = new StringBuilder().append(s.getValue());
            for (String frame : s.getKey()) {
                Integer i = frameIndex.get(frame);
                if (i == null) {
                    i = frameIndex.size();
                    frameIndex.put(frame, i);
                    frames.add(frame);
                }
                row.append(' ').append(i);
            }
            out.add(row.toString());
        }
        return out;
    }

    /**
     * Reads the file strictly.
     *
     * @throws JsonFormatException naming the file and the field when it is malformed, truncated or of another schema
     */
    public static BaselineProfiles read(Path file) throws JsonFormatException {
        JsonValue root = JsonValue.read(file).object();
        int schema = root.get("schema").integer();
        if (schema != SCHEMA) {
            throw root.get("schema").invalid("is " + schema + "; this plugin reads schema " + SCHEMA);
        }
        Map<String, StackProfile> byKey = new LinkedHashMap<>();
        for (Map.Entry<String, JsonValue> e : root.get("benchmarks").members().entrySet()) {
            JsonValue n = e.getValue().object();
            List<String> frames = n.get("frames").texts();
            Map<StackProfile.AllocationSite, Long> allocations = new LinkedHashMap<>();
            for (JsonValue a : n.get("allocations").elements()) {
                allocations.put(new StackProfile.AllocationSite(a.get("method").text(), a.get("type").text()),
                        count(a.get("bytes")));
            }
            Map<String, StackProfile.Contention> locks = new LinkedHashMap<>();
            for (JsonValue l : n.get("locks").elements()) {
                locks.put(l.get("monitor").text(), new StackProfile.Contention(count(l.get("events")),
                        count(l.get("nanos")), l.get("topFrame").text()));
            }
            byKey.put(e.getKey(), new StackProfile(stacks(n.get("cpu"), frames), stacks(n.get("wall"), frames),
                    allocations, locks));
        }
        return new BaselineProfiles(root.get("baselineSha256").text(), root.get("profiler").text(),
                root.get("events").text(), byKey);
    }

    private static Map<List<String>, Long> stacks(JsonValue rows, List<String> frames) throws JsonFormatException {
        Map<List<String>, Long> stacks = new LinkedHashMap<>();
        for (JsonValue row : rows.elements()) {
            String[] cells = row.text().trim().split(" +");
            if (cells.length < 2) {
                throw row.invalid("is '" + row.asText() + "', a stack without frames; expected \"<samples> <frame"
                        + " index> ...\"");
            }
            List<String> stack = new ArrayList<>();
            long samples;
            try {
                samples = Long.parseLong(cells[0]);
                for (int c = 1; c < cells.length; c++) {
                    int i = Integer.parseInt(cells[c]);
                    if (i < 0 || i >= frames.size()) {
                        throw row.invalid("names frame " + i + ", but only " + frames.size() + " frames are listed");
                    }
                    stack.add(frames.get(i));
                }
            } catch (NumberFormatException e) {
                throw row.invalid("is '" + row.asText() + "'; expected whole numbers: \"<samples> <frame index>"
                        + " ...\"");
            }
            if (samples < 0) {
                throw row.invalid("has " + samples + " samples; expected at least 0");
            }
            stacks.merge(stack, samples, Long::sum);
        }
        return stacks;
    }

    private static long count(JsonValue v) throws JsonFormatException {
        double d = v.number();
        if (d < 0 || d != Math.rint(d)) {
            throw v.invalid("is " + v.asText() + "; expected a whole number of at least 0");
        }
        return (long) d;
    }
}
