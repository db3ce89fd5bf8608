package io.perfgate.results;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.perfgate.files.AtomicFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Reads and writes {@code results.json} and baselines (schema 1). Reading is strict: every problem is
 * reported with the file and the JSON path of the field, because a baseline that is silently half-read
 * would make the gate judge against the wrong numbers. Non-finite numbers are written as the strings
 * {@code "NaN"}, {@code "+INF"} and {@code "-INF"}, as JMH does.
 */
public final class ResultsJson {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private ResultsJson() {
    }

    // ------------------------------------------------------------------ writing

    public static String toJson(PerfResults results) {
        ObjectNode root = MAPPER.createObjectNode();
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
            root.set("provenance", stringMap(results.provenance()));
        }
        root.set("environment", stringMap(results.environment()));
        root.set("settings", stringMap(results.settings()));
        ArrayNode benchmarks = root.putArray("benchmarks");
        for (BenchmarkResult b : results.benchmarks()) {
            benchmarks.add(benchmark(b));
        }
        if (results.calibration() != null) {
            root.set("calibration", calibration(results.calibration()));
        }
        try {
            DefaultPrettyPrinter printer = new DefaultPrettyPrinter()
                    .withObjectIndenter(new DefaultIndenter("  ", "\n"))
                    .withArrayIndenter(DefaultPrettyPrinter.FixedSpaceIndenter.instance);
            return MAPPER.writer(printer).writeValueAsString(root) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot serialise results", e);
        }
    }

    /** Writes atomically: a reader never sees a half-written file. */
    public static void write(PerfResults results, Path file) throws IOException {
        AtomicFiles.writeString(file, toJson(results));
    }

    private static ObjectNode benchmark(BenchmarkResult b) {
        ObjectNode n = MAPPER.createObjectNode();
        n.put("kind", b.kind());
        n.put("benchmark", b.benchmark());
        n.set("params", stringMap(b.params()));
        n.put("mode", b.mode());
        n.put("unit", b.unit());
        n.put("direction", b.direction().json());
        n.put("threads", b.threads());
        ObjectNode secondary = n.putObject("secondaryMetrics");
        b.secondaryMetrics().forEach((name, info) -> {
            ObjectNode m = secondary.putObject(name);
            m.put("unit", info.unit());
            m.put("direction", info.direction().json());
        });
        ArrayNode warnings = n.putArray("warnings");
        b.warnings().forEach(warnings::add);
        ArrayNode forks = n.putArray("forks");
        for (Fork f : b.forks()) {
            ObjectNode fn = forks.addObject();
            fn.set("primary", numbers(f.primary()));
            ObjectNode pct = fn.putObject("percentiles");
            f.percentiles().forEach((k, v) -> putNumber(pct, k, v));
            ObjectNode sec = fn.putObject("secondary");
            f.secondary().forEach((k, v) -> sec.set(k, numbers(v)));
        }
        return n;
    }

    private static ObjectNode calibration(Calibration c) {
        ObjectNode n = MAPPER.createObjectNode();
        n.put("measuredAt", c.measuredAt());
        n.put("power", c.power());
        n.put("alpha", c.alpha());
        ObjectNode benchmarks = n.putObject("benchmarks");
        c.benchmarks().forEach((key, e) -> {
            ObjectNode b = benchmarks.putObject(key);
            b.put("forks", e.forks());
            putNumber(b, "betweenForkCv", e.betweenForkCv());
            putNumber(b, "withinForkCv", e.withinForkCv());
            b.put("threshold", e.threshold());
            putNumber(b, "detectableSlowdown", e.detectableSlowdown());
            b.put("forksNeeded", e.forksNeeded());
            b.put("aaVerdict", e.aaVerdict());
        });
        return n;
    }

    private static ObjectNode stringMap(Map<String, String> map) {
        ObjectNode n = MAPPER.createObjectNode();
        map.forEach((k, v) -> {
            if (v == null) {
                n.putNull(k);
            } else {
                n.put(k, v);
            }
        });
        return n;
    }

    private static ArrayNode numbers(double[] values) {
        ArrayNode a = MAPPER.createArrayNode();
        for (double v : values) {
            if (Double.isFinite(v)) {
                a.add(v);
            } else {
                a.add(nonFinite(v));
            }
        }
        return a;
    }

    private static void putNumber(ObjectNode n, String key, double v) {
        if (Double.isFinite(v)) {
            n.put(key, v);
        } else {
            n.put(key, nonFinite(v));
        }
    }

    private static String nonFinite(double v) {
        return Double.isNaN(v) ? "NaN" : v > 0 ? "+INF" : "-INF";
    }

    // ------------------------------------------------------------------ reading

    public static PerfResults read(Path file) throws ResultsFormatException {
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            throw new ResultsFormatException(file, "", "file does not exist", e);
        } catch (IOException e) {
            throw new ResultsFormatException(file, "", "cannot be read: " + e.getMessage(), e);
        }
        return parse(file, new String(bytes, StandardCharsets.UTF_8));
    }

    /** Parses {@code json}, naming {@code source} in any error. */
    public static PerfResults parse(Path source, String json) throws ResultsFormatException {
        if (json.trim().isEmpty()) {
            throw new ResultsFormatException(source, "", "file is empty");
        }
        JsonNode root;
        try {
            root = MAPPER.readTree(json);
        } catch (JsonProcessingException e) {
            String where = e.getLocation() == null ? ""
                    : " at line " + e.getLocation().getLineNr() + ", column " + e.getLocation().getColumnNr();
            throw new ResultsFormatException(source, "", "is not valid JSON" + where
                    + " (truncated or hand-edited?): " + withoutSourceNoise(e.getOriginalMessage()), e);
        }
        Reader r = new Reader(source);
        if (root == null || !root.isObject()) {
            throw new ResultsFormatException(source, "", "expected a JSON object at the top level");
        }
        int schema = r.integer(root, "schema", "schema");
        if (schema > PerfResults.SCHEMA) {
            throw new ResultsFormatException(source, "schema", "schema " + schema
                    + " was written by a newer perf-maven-plugin; this version reads schema " + PerfResults.SCHEMA
                    + ". Upgrade the plugin or re-record the file.");
        }
        if (schema != PerfResults.SCHEMA) {
            throw new ResultsFormatException(source, "schema", "unsupported schema " + schema
                    + "; expected " + PerfResults.SCHEMA);
        }
        PerfResults.Builder b = PerfResults.builder()
                .toolVersion(r.text(root, "toolVersion", "toolVersion"))
                .status(r.text(root, "status", "status"))
                .createdAt(r.text(root, "createdAt", "createdAt"))
                .command(r.optionalText(root, "command", "command"))
                .jmhRawFile(r.optionalText(root, "jmhRawFile", "jmhRawFile"))
                .environment(r.stringMap(root, "environment", "environment", true))
                .settings(r.stringMap(root, "settings", "settings", true))
                .provenance(r.stringMap(root, "provenance", "provenance", false));
        String status = b.build().status();
        if (!PerfResults.STATUS_COMPLETE.equals(status) && !PerfResults.STATUS_PARTIAL.equals(status)) {
            throw new ResultsFormatException(source, "status", "'" + status + "' is not 'complete' or 'partial'");
        }
        JsonNode benchmarks = root.get("benchmarks");
        if (benchmarks == null || !benchmarks.isArray()) {
            throw new ResultsFormatException(source, "benchmarks", "missing, or not an array");
        }
        for (int i = 0; i < benchmarks.size(); i++) {
            b.addBenchmark(r.benchmark(benchmarks.get(i), "benchmarks[" + i + "]"));
        }
        JsonNode calibration = root.get("calibration");
        if (calibration != null && !calibration.isNull()) {
            b.calibration(r.calibration(calibration, "calibration"));
        }
        return b.build();
    }

    /** Jackson names the source as "[Source: REDACTED (...); line: 71, ...]"; keep only the line and column. */
    static String withoutSourceNoise(String message) {
        return message == null ? "" : message.replaceAll("\\[Source: [^;\\]]*; ", "[");
    }

    private static final class Reader {
        private final Path source;

        Reader(Path source) {
            this.source = source;
        }

        BenchmarkResult benchmark(JsonNode n, String path) throws ResultsFormatException {
            if (n == null || !n.isObject()) {
                throw new ResultsFormatException(source, path, "expected an object");
            }
            BenchmarkResult.Builder b = BenchmarkResult.builder(text(n, "benchmark", path + ".benchmark"))
                    .kind(text(n, "kind", path + ".kind"))
                    .params(stringMap(n, "params", path + ".params", false))
                    .mode(text(n, "mode", path + ".mode"))
                    .unit(text(n, "unit", path + ".unit"))
                    .threads(integer(n, "threads", path + ".threads"));
            String direction = text(n, "direction", path + ".direction");
            try {
                b.direction(Direction.fromJson(direction));
            } catch (IllegalArgumentException e) {
                throw new ResultsFormatException(source, path + ".direction", e.getMessage());
            }
            JsonNode secondary = n.get("secondaryMetrics");
            if (secondary != null && !secondary.isNull()) {
                if (!secondary.isObject()) {
                    throw new ResultsFormatException(source, path + ".secondaryMetrics", "expected an object");
                }
                for (Iterator<Map.Entry<String, JsonNode>> it = secondary.fields(); it.hasNext(); ) {
                    Map.Entry<String, JsonNode> e = it.next();
                    String p = path + ".secondaryMetrics." + e.getKey();
                    String dir = text(e.getValue(), "direction", p + ".direction");
                    try {
                        b.secondaryMetric(e.getKey(), new MetricInfo(text(e.getValue(), "unit", p + ".unit"),
                                Direction.fromJson(dir)));
                    } catch (IllegalArgumentException ex) {
                        throw new ResultsFormatException(source, p + ".direction", ex.getMessage());
                    }
                }
            }
            JsonNode warnings = n.get("warnings");
            if (warnings != null && warnings.isArray()) {
                for (JsonNode w : warnings) {
                    b.warning(w.asText());
                }
            }
            JsonNode forks = n.get("forks");
            if (forks == null || !forks.isArray()) {
                throw new ResultsFormatException(source, path + ".forks", "missing, or not an array");
            }
            for (int i = 0; i < forks.size(); i++) {
                b.addFork(fork(forks.get(i), path + ".forks[" + i + "]"));
            }
            return b.build();
        }

        Calibration calibration(JsonNode n, String path) throws ResultsFormatException {
            if (!n.isObject()) {
                throw new ResultsFormatException(source, path, "expected an object, found " + describe(n));
            }
            String measuredAt = text(n, "measuredAt", path + ".measuredAt");
            double power = number(n.get("power"), path + ".power");
            double alpha = number(n.get("alpha"), path + ".alpha");
            JsonNode benchmarks = n.get("benchmarks");
            if (benchmarks == null || !benchmarks.isObject()) {
                throw new ResultsFormatException(source, path + ".benchmarks", "missing, or not an object");
            }
            Map<String, Calibration.Entry> entries = new LinkedHashMap<>();
            for (Iterator<Map.Entry<String, JsonNode>> it = benchmarks.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                String p = path + ".benchmarks." + e.getKey();
                JsonNode b = e.getValue();
                if (!b.isObject()) {
                    throw new ResultsFormatException(source, p, "expected an object, found " + describe(b));
                }
                entries.put(e.getKey(), new Calibration.Entry(integer(b, "forks", p + ".forks"),
                        number(b.get("betweenForkCv"), p + ".betweenForkCv"),
                        number(b.get("withinForkCv"), p + ".withinForkCv"),
                        number(b.get("threshold"), p + ".threshold"),
                        number(b.get("detectableSlowdown"), p + ".detectableSlowdown"),
                        integer(b, "forksNeeded", p + ".forksNeeded"),
                        text(b, "aaVerdict", p + ".aaVerdict")));
            }
            return new Calibration(measuredAt, power, alpha, entries);
        }

        Fork fork(JsonNode n, String path) throws ResultsFormatException {
            if (n == null || !n.isObject()) {
                throw new ResultsFormatException(source, path, "expected an object");
            }
            double[] primary = numbers(n.get("primary"), path + ".primary");
            Map<String, Double> percentiles = new LinkedHashMap<>();
            JsonNode pct = n.get("percentiles");
            if (pct != null && !pct.isNull()) {
                if (!pct.isObject()) {
                    throw new ResultsFormatException(source, path + ".percentiles", "expected an object");
                }
                for (Iterator<Map.Entry<String, JsonNode>> it = pct.fields(); it.hasNext(); ) {
                    Map.Entry<String, JsonNode> e = it.next();
                    percentiles.put(e.getKey(), number(e.getValue(), path + ".percentiles." + e.getKey()));
                }
            }
            Map<String, double[]> secondary = new LinkedHashMap<>();
            JsonNode sec = n.get("secondary");
            if (sec != null && !sec.isNull()) {
                if (!sec.isObject()) {
                    throw new ResultsFormatException(source, path + ".secondary", "expected an object");
                }
                for (Iterator<Map.Entry<String, JsonNode>> it = sec.fields(); it.hasNext(); ) {
                    Map.Entry<String, JsonNode> e = it.next();
                    secondary.put(e.getKey(), numbers(e.getValue(), path + ".secondary." + e.getKey()));
                }
            }
            return new Fork(primary, percentiles, secondary);
        }

        double[] numbers(JsonNode n, String path) throws ResultsFormatException {
            if (n == null || !n.isArray()) {
                throw new ResultsFormatException(source, path, "missing, or not an array of numbers");
            }
            double[] values = new double[n.size()];
            for (int i = 0; i < values.length; i++) {
                values[i] = number(n.get(i), path + "[" + i + "]");
            }
            return values;
        }

        double number(JsonNode n, String path) throws ResultsFormatException {
            if (n != null && n.isNumber()) {
                return n.doubleValue();
            }
            if (n != null && n.isTextual()) {
                switch (n.textValue()) {
                    case "NaN":
                        return Double.NaN;
                    case "+INF":
                    case "Infinity":
                        return Double.POSITIVE_INFINITY;
                    case "-INF":
                    case "-Infinity":
                        return Double.NEGATIVE_INFINITY;
                    default:
                        break;
                }
            }
            throw new ResultsFormatException(source, path, "expected a number, found " + describe(n));
        }

        String text(JsonNode parent, String name, String path) throws ResultsFormatException {
            JsonNode n = parent.get(name);
            if (n == null || n.isNull()) {
                throw new ResultsFormatException(source, path, "is missing");
            }
            if (!n.isTextual()) {
                throw new ResultsFormatException(source, path, "expected a string, found " + describe(n));
            }
            return n.textValue();
        }

        String optionalText(JsonNode parent, String name, String path) throws ResultsFormatException {
            JsonNode n = parent.get(name);
            return n == null || n.isNull() ? null : text(parent, name, path);
        }

        int integer(JsonNode parent, String name, String path) throws ResultsFormatException {
            JsonNode n = parent.get(name);
            if (n == null || n.isNull()) {
                throw new ResultsFormatException(source, path, "is missing");
            }
            if (!n.isIntegralNumber() || !n.canConvertToInt()) {
                throw new ResultsFormatException(source, path, "expected an integer, found " + describe(n));
            }
            return n.intValue();
        }

        Map<String, String> stringMap(JsonNode parent, String name, String path, boolean required)
                throws ResultsFormatException {
            JsonNode n = parent.get(name);
            Map<String, String> map = new LinkedHashMap<>();
            if (n == null || n.isNull()) {
                if (required) {
                    throw new ResultsFormatException(source, path, "is missing");
                }
                return map;
            }
            if (!n.isObject()) {
                throw new ResultsFormatException(source, path, "expected an object, found " + describe(n));
            }
            for (Iterator<Map.Entry<String, JsonNode>> it = n.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                JsonNode v = e.getValue();
                if (v.isNull()) {
                    map.put(e.getKey(), null);
                } else if (v.isValueNode()) {
                    map.put(e.getKey(), v.asText());
                } else {
                    throw new ResultsFormatException(source, path + "." + e.getKey(),
                            "expected a string, found " + describe(v));
                }
            }
            return map;
        }

        private static String describe(JsonNode n) {
            if (n == null) {
                return "nothing";
            }
            String text = n.toString();
            return n.getNodeType().name().toLowerCase(java.util.Locale.ROOT) + " "
                    + (text.length() > 40 ? text.substring(0, 40) + "..." : text);
        }
    }
}
