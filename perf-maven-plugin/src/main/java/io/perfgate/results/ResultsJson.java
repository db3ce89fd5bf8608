package io.perfgate.results;

import static io.perfgate.json.JsonWriting.numbersOrStrings;
import static io.perfgate.json.JsonWriting.putNumberOrString;
import static io.perfgate.json.JsonWriting.strings;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.perfgate.files.AtomicFiles;
import io.perfgate.json.JsonFormatException;
import io.perfgate.json.JsonValue;
import io.perfgate.json.JsonWriting;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Reads and writes {@code results.json} and baselines (schema 1). Reading is strict: every problem is
 * reported with the file and the JSON path of the field, because a baseline that is silently half-read
 * would make the gate judge against the wrong numbers. Non-finite numbers are written as the strings
 * {@code "NaN"}, {@code "+INF"} and {@code "-INF"}, as JMH does.
 */
public final class ResultsJson {
    private ResultsJson() {
    }

    // ------------------------------------------------------------------ writing

    public static String toJson(PerfResults results) {
        ObjectNode root = JsonWriting.object();
        root.put("schema", PerfResults.SCHEMA);
        root.put("tool", "perf-maven-plugin");
        root.put("toolVersion", results.toolVersion());
        root.put("status", results.status());
        root.put("createdAt", results.createdAt());
        if (results.command() != null) {
            root.put("command", results.command());
        }
        if (results.jmhRawFile() != null) {
            root.put("jmhRawFile", results.jmhRawFile());
        }
        if (!results.provenance().isEmpty()) {
            root.set("provenance", strings(results.provenance()));
        }
        root.set("environment", strings(results.environment()));
        root.set("settings", strings(results.settings()));
        ArrayNode benchmarks = root.putArray("benchmarks");
        for (BenchmarkResult b : results.benchmarks()) {
            benchmarks.add(benchmark(b));
        }
        if (results.calibration() != null) {
            root.set("calibration", calibration(results.calibration()));
        }
        return JsonWriting.pretty(root, true);
    }

    /** Writes atomically: a reader never sees a half-written file. */
    public static void write(PerfResults results, Path file) throws IOException {
        AtomicFiles.writeString(file, toJson(results));
    }

    private static ObjectNode benchmark(BenchmarkResult b) {
        ObjectNode n = JsonWriting.object();
        n.put("kind", b.kind());
        n.put("benchmark", b.benchmark());
        n.set("params", strings(b.params()));
        n.put("mode", b.mode());
        n.put("unit", b.unit());
        n.put("direction", b.direction().json());
        n.put("threads", b.threads());
        ObjectNode secondary = n.putObject("secondaryMetrics");
        b.secondaryMetrics().forEach((name, info) -> {
            ObjectNode m = secondary.putObject(name);
            m.put("unit", info.unit());
            m.put("direction", info.direction().json());
            if (!info.gated()) {
                m.put("gated", false);
            }
        });
        ArrayNode warnings = n.putArray("warnings");
        b.warnings().forEach(warnings::add);
        ArrayNode forks = n.putArray("forks");
        for (Fork f : b.forks()) {
            ObjectNode fn = forks.addObject();
            fn.set("primary", numbersOrStrings(f.primary()));
            ObjectNode pct = fn.putObject("percentiles");
            f.percentiles().forEach((k, v) -> putNumberOrString(pct, k, v));
            ObjectNode sec = fn.putObject("secondary");
            f.secondary().forEach((k, v) -> sec.set(k, numbersOrStrings(v)));
        }
        return n;
    }

    private static ObjectNode calibration(Calibration c) {
        ObjectNode n = JsonWriting.object();
        n.put("measuredAt", c.measuredAt());
        n.put("power", c.power());
        n.put("alpha", c.alpha());
        ObjectNode benchmarks = n.putObject("benchmarks");
        c.benchmarks().forEach((key, e) -> {
            ObjectNode b = benchmarks.putObject(key);
            b.put("forks", e.forks());
            putNumberOrString(b, "betweenForkCv", e.betweenForkCv());
            putNumberOrString(b, "withinForkCv", e.withinForkCv());
            b.put("threshold", e.threshold());
            putNumberOrString(b, "detectableSlowdown", e.detectableSlowdown());
            b.put("forksNeeded", e.forksNeeded());
            b.put("aaVerdict", e.aaVerdict());
        });
        return n;
    }

    // ------------------------------------------------------------------ reading

    public static PerfResults read(Path file) throws ResultsFormatException {
        try {
            return results(JsonValue.read(file));
        } catch (JsonFormatException e) {
            throw new ResultsFormatException(file, e.path(), e.problem(), e);
        }
    }

    /** Parses {@code json}, naming {@code source} in any error. */
    public static PerfResults parse(Path source, String json) throws ResultsFormatException {
        try {
            return results(JsonValue.parse(String.valueOf(source), json));
        } catch (JsonFormatException e) {
            throw new ResultsFormatException(source, e.path(), e.problem(), e);
        }
    }

    private static PerfResults results(JsonValue document) throws JsonFormatException {
        JsonValue root = document.acceptingJavaInfinity();
        if (!root.isObject()) {
            throw root.invalid("expected a JSON object at the top level");
        }
        int schema = root.get("schema").integer();
        if (schema > PerfResults.SCHEMA) {
            throw root.get("schema").invalid("schema " + schema
                    + " was written by a newer perf-maven-plugin; this version reads schema " + PerfResults.SCHEMA
                    + ". Upgrade the plugin or re-record the file.");
        }
        if (schema != PerfResults.SCHEMA) {
            throw root.get("schema").invalid("unsupported schema " + schema + "; expected " + PerfResults.SCHEMA);
        }
        PerfResults.Builder b = PerfResults.builder()
                .toolVersion(root.get("toolVersion").text())
                .status(root.get("status").text())
                .createdAt(root.get("createdAt").text())
                .command(root.get("command").optionalText())
                .jmhRawFile(root.get("jmhRawFile").optionalText())
                .environment(root.get("environment").stringMap())
                .settings(root.get("settings").stringMap())
                .provenance(root.get("provenance").optionalStringMap());
        String status = b.build().status();
        if (!PerfResults.STATUS_COMPLETE.equals(status) && !PerfResults.STATUS_PARTIAL.equals(status)) {
            throw root.get("status").invalid("'" + status + "' is not 'complete' or 'partial'");
        }
        for (JsonValue benchmark : root.get("benchmarks").elements()) {
            b.addBenchmark(benchmark(benchmark));
        }
        JsonValue calibration = root.get("calibration");
        if (calibration.isPresent()) {
            b.calibration(calibration(calibration));
        }
        return b.build();
    }

    private static BenchmarkResult benchmark(JsonValue n) throws JsonFormatException {
        n.object();
        BenchmarkResult.Builder b = BenchmarkResult.builder(n.get("benchmark").text())
                .kind(n.get("kind").text())
                .params(n.get("params").optionalStringMap())
                .mode(n.get("mode").text())
                .unit(n.get("unit").text())
                .threads(n.get("threads").integer())
                .direction(direction(n.get("direction")));
        JsonValue secondary = n.get("secondaryMetrics");
        if (secondary.isPresent()) {
            for (Map.Entry<String, JsonValue> e : secondary.members().entrySet()) {
                JsonValue m = e.getValue();
                b.secondaryMetric(e.getKey(), new MetricInfo(m.get("unit").text(), direction(m.get("direction")),
                        m.get("gated").optionalBool(true)));
            }
        }
        // Warnings are notes for people; a file without a readable list has none, as it always had.
        JsonValue warnings = n.get("warnings");
        if (warnings.isArray()) {
            for (JsonValue w : warnings.elements()) {
                b.warning(w.asText());
            }
        }
        for (JsonValue fork : n.get("forks").elements()) {
            b.addFork(fork(fork));
        }
        return b.build();
    }

    private static Direction direction(JsonValue v) throws JsonFormatException {
        String direction = v.text();
        try {
            return Direction.fromJson(direction);
        } catch (IllegalArgumentException e) {
            throw v.invalid(e.getMessage());
        }
    }

    private static Calibration calibration(JsonValue n) throws JsonFormatException {
        n.object();
        String measuredAt = n.get("measuredAt").text();
        double power = n.get("power").number();
        double alpha = n.get("alpha").number();
        Map<String, Calibration.Entry> entries = new LinkedHashMap<>();
        for (Map.Entry<String, JsonValue> e : n.get("benchmarks").members().entrySet()) {
            JsonValue b = e.getValue().object();
            entries.put(e.getKey(), new Calibration.Entry(b.get("forks").integer(),
                    b.get("betweenForkCv").number(),
                    b.get("withinForkCv").number(),
                    b.get("threshold").number(),
                    b.get("detectableSlowdown").number(),
                    b.get("forksNeeded").integer(),
                    b.get("aaVerdict").text()));
        }
        return new Calibration(measuredAt, power, alpha, entries);
    }

    private static Fork fork(JsonValue n) throws JsonFormatException {
        n.object();
        double[] primary = n.get("primary").numbers();
        Map<String, Double> percentiles = new LinkedHashMap<>();
        JsonValue pct = n.get("percentiles");
        if (pct.isPresent()) {
            for (Map.Entry<String, JsonValue> e : pct.members().entrySet()) {
                percentiles.put(e.getKey(), e.getValue().number());
            }
        }
        Map<String, double[]> secondary = new LinkedHashMap<>();
        JsonValue sec = n.get("secondary");
        if (sec.isPresent()) {
            for (Map.Entry<String, JsonValue> e : sec.members().entrySet()) {
                secondary.put(e.getKey(), e.getValue().numbers());
            }
        }
        return new Fork(primary, percentiles, secondary);
    }
}
