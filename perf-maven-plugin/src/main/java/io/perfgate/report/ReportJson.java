package io.perfgate.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.perfgate.files.AtomicFiles;
import io.perfgate.gate.BenchmarkRef;
import io.perfgate.gate.Comparison;
import io.perfgate.gate.EnvironmentDifference;
import io.perfgate.gate.EnvironmentPolicy;
import io.perfgate.gate.GateReport;
import io.perfgate.gate.Metric;
import io.perfgate.gate.GateSettings;
import io.perfgate.gate.NotGated;
import io.perfgate.gate.Outcome;
import io.perfgate.results.Direction;
import io.perfgate.stats.Multiplicity;
import io.perfgate.stats.Verdict;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Writes and reads {@code report.json} (schema 1), the machine-readable result of {@code perf:check}. The format
 * is documented field by field in {@code src/site/markdown/report-schema.md}. Unknown numbers are JSON
 * {@code null}; ratios are oriented so that above 1 is slower. Reading is strict and names the file and field,
 * and ignores fields it does not know, so later versions may add fields without breaking readers.
 */
public final class ReportJson {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private ReportJson() {
    }

    // ------------------------------------------------------------------ writing

    public static String toJson(GateReport r) {
        ObjectNode root = MAPPER.createObjectNode();
        root.put("schema", GateReport.SCHEMA);
        root.put("tool", "perf-maven-plugin");
        root.put("toolVersion", r.toolVersion());
        root.put("createdAt", r.createdAt());
        root.put("outcome", r.outcome().name());
        root.put("failsBuild", r.failsBuild());
        root.put("summary", r.summary());
        if (r.baseline() == null) {
            root.putNull("baseline");
        } else {
            root.set("baseline", side(r.baseline()));
        }
        root.set("current", side(r.current()));
        ObjectNode env = root.putObject("environment");
        env.put("policy", r.environmentPolicy().id());
        ArrayNode diffs = env.putArray("differences");
        for (EnvironmentDifference d : r.environmentDifferences()) {
            ObjectNode n = diffs.addObject();
            n.put("field", d.field());
            putText(n, "baseline", d.baseline());
            putText(n, "current", d.current());
        }
        root.set("settings", strings(r.settings()));
        ObjectNode mult = root.putObject("multiplicity");
        mult.put("mode", GateSettings.multiplicityId(r.multiplicity()));
        mult.put("tested", r.tested());
        mult.put("holmCanFail", r.holmCanFail());
        ObjectNode counts = root.putObject("counts");
        r.verdictCounts().forEach((v, c) -> counts.put(v.name(), c));
        ArrayNode comparisons = root.putArray("comparisons");
        for (Comparison c : r.comparisons()) {
            comparisons.add(comparison(c));
        }
        ArrayNode notGated = root.putArray("notGated");
        for (NotGated n : r.notGated()) {
            ObjectNode o = notGated.addObject();
            o.put("benchmark", n.benchmark());
            o.put("displayName", n.displayName());
            o.put("mode", n.mode());
            o.put("metric", n.metric().id());
            if (n.metric() == Metric.SECONDARY) {
                o.put("name", n.metricName());
            }
            o.put("reason", n.reason());
        }
        refs(root.putArray("newBenchmarks"), r.newBenchmarks());
        refs(root.putArray("missingBenchmarks"), r.missingBenchmarks());
        refs(root.putArray("ignoredBenchmarks"), r.ignoredBenchmarks());
        texts(root.putArray("notes"), r.notes());
        texts(root.putArray("regressions"), r.regressions());
        texts(root.putArray("otherFailures"), r.otherFailures());
        root.put("failOnRegression", r.failOnRegression());
        try {
            DefaultPrettyPrinter printer = new DefaultPrettyPrinter()
                    .withObjectIndenter(new DefaultIndenter("  ", "\n"))
                    .withArrayIndenter(new DefaultIndenter("  ", "\n"));
            return MAPPER.writer(printer).writeValueAsString(root) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot serialise report", e);
        }
    }

    /** Writes atomically. */
    public static void write(GateReport report, Path file) throws IOException {
        AtomicFiles.writeString(file, toJson(report));
    }

    private static ObjectNode side(GateReport.Side s) {
        ObjectNode n = MAPPER.createObjectNode();
        putText(n, "file", s.file());
        putText(n, "createdAt", s.createdAt());
        putText(n, "toolVersion", s.toolVersion());
        n.set("provenance", strings(s.provenance()));
        n.set("environment", strings(s.environment()));
        return n;
    }

    private static ObjectNode comparison(Comparison c) {
        ObjectNode n = MAPPER.createObjectNode();
        n.put("benchmark", c.benchmark());
        n.set("params", strings(c.params()));
        n.put("key", c.key());
        n.put("displayName", c.displayName());
        n.put("mode", c.mode());
        n.put("metric", c.metric().id());
        if (c.metric() == Metric.SECONDARY) {
            n.put("name", c.metricName());
        }
        n.put("unit", c.unit());
        n.put("direction", c.direction().json());
        putText(n, "rule", c.rule());
        ObjectNode forks = n.putObject("forks");
        forks.put("baseline", c.baselineForks());
        forks.put("current", c.currentForks());
        ObjectNode base = n.putObject("baseline");
        putNumber(base, "median", c.baselineMedian());
        putNumber(base, "ciLow", c.baselineCiLow());
        putNumber(base, "ciHigh", c.baselineCiHigh());
        ObjectNode cur = n.putObject("current");
        putNumber(cur, "median", c.currentMedian());
        putNumber(cur, "ciLow", c.currentCiLow());
        putNumber(cur, "ciHigh", c.currentCiHigh());
        ObjectNode ratio = n.putObject("ratio");
        putNumber(ratio, "estimate", c.ratio());
        putNumber(ratio, "lowerBound", c.lowerBound());
        putNumber(ratio, "upperBound", c.upperBound());
        putNumber(ratio, "ciLow", c.ciLow());
        putNumber(ratio, "ciHigh", c.ciHigh());
        putNumber(ratio, "ofMedians", c.ratioOfMedians());
        ObjectNode change = n.putObject("change");
        putNumber(change, "estimate", c.change());
        putNumber(change, "ciLow", c.changeCiLow());
        putNumber(change, "ciHigh", c.changeCiHigh());
        putNumber(n, "pValue", c.pValue());
        putNumber(n, "adjustedP", c.adjustedP());
        ObjectNode t = n.putObject("thresholds");
        if (c.metric() == Metric.ALLOCATION) {
            putNumber(t, "percent", c.failThreshold());
            putNumber(t, "bytes", c.allowedBytes());
        } else {
            putNumber(t, "fail", c.failThreshold());
            putNumber(t, "minEffect", c.minEffect());
            putNumber(t, "alpha", c.alpha());
        }
        n.put("verdict", c.verdict().name());
        n.put("reason", c.reason());
        n.put("confident", c.confident());
        return n;
    }

    private static void refs(ArrayNode array, List<BenchmarkRef> refs) {
        for (BenchmarkRef r : refs) {
            ObjectNode o = array.addObject();
            o.put("benchmark", r.key());
            o.put("displayName", r.displayName());
            o.put("mode", r.mode());
        }
    }

    private static void texts(ArrayNode array, List<String> texts) {
        texts.forEach(array::add);
    }

    private static ObjectNode strings(Map<String, String> map) {
        ObjectNode n = MAPPER.createObjectNode();
        map.forEach((k, v) -> putText(n, k, v));
        return n;
    }

    private static void putText(ObjectNode n, String key, String value) {
        if (value == null) {
            n.putNull(key);
        } else {
            n.put(key, value);
        }
    }

    private static void putNumber(ObjectNode n, String key, double value) {
        if (Double.isFinite(value)) {
            n.put(key, value);
        } else {
            n.putNull(key);
        }
    }

    // ------------------------------------------------------------------ reading

    public static GateReport read(Path file) throws ReportFormatException {
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            throw new ReportFormatException(file, "", "file does not exist", e);
        } catch (IOException e) {
            throw new ReportFormatException(file, "", "cannot be read: " + e.getMessage(), e);
        }
        return parse(file, new String(bytes, StandardCharsets.UTF_8));
    }

    /** Parses {@code json}, naming {@code source} in any error. */
    public static GateReport parse(Path source, String json) throws ReportFormatException {
        if (json.trim().isEmpty()) {
            throw new ReportFormatException(source, "", "file is empty");
        }
        JsonNode root;
        try {
            root = MAPPER.readTree(json);
        } catch (JsonProcessingException e) {
            String where = e.getLocation() == null ? ""
                    : " at line " + e.getLocation().getLineNr() + ", column " + e.getLocation().getColumnNr();
            throw new ReportFormatException(source, "", "is not valid JSON" + where + ": " + e.getOriginalMessage(), e);
        }
        if (root == null || !root.isObject()) {
            throw new ReportFormatException(source, "", "expected a JSON object at the top level");
        }
        Reader r = new Reader(source);
        int schema = r.integer(root, "schema", "schema");
        if (schema != GateReport.SCHEMA) {
            throw new ReportFormatException(source, "schema", "unsupported schema " + schema + "; this version reads "
                    + GateReport.SCHEMA);
        }
        GateReport.Builder b = GateReport.builder()
                .outcome(r.enumValue(Outcome.class, r.text(root, "outcome", "outcome"), "outcome"))
                .toolVersion(r.text(root, "toolVersion", "toolVersion"))
                .createdAt(r.text(root, "createdAt", "createdAt"))
                .failOnRegression(r.bool(root, "failOnRegression", "failOnRegression"))
                .settings(r.strings(root.get("settings"), "settings"));
        JsonNode baseline = root.get("baseline");
        if (baseline != null && !baseline.isNull()) {
            b.baseline(r.side(baseline, "baseline"));
        }
        b.current(r.side(r.object(root, "current", "current"), "current"));
        JsonNode env = r.object(root, "environment", "environment");
        EnvironmentPolicy policy = r.enumValue(EnvironmentPolicy.class, r.text(env, "policy", "environment.policy"),
                "environment.policy");
        List<EnvironmentDifference> diffs = new ArrayList<>();
        JsonNode diffArray = r.array(env, "differences", "environment.differences");
        for (int i = 0; i < diffArray.size(); i++) {
            String p = "environment.differences[" + i + "]";
            JsonNode d = diffArray.get(i);
            diffs.add(new EnvironmentDifference(r.text(d, "field", p + ".field"),
                    r.optionalText(d, "baseline", p + ".baseline"), r.optionalText(d, "current", p + ".current")));
        }
        b.environment(policy, diffs);
        JsonNode mult = r.object(root, "multiplicity", "multiplicity");
        b.multiplicity(r.multiplicity(r.text(mult, "mode", "multiplicity.mode")), r.integer(mult, "tested", "multiplicity.tested"),
                r.bool(mult, "holmCanFail", "multiplicity.holmCanFail"));
        JsonNode comparisons = r.array(root, "comparisons", "comparisons");
        for (int i = 0; i < comparisons.size(); i++) {
            b.addComparison(r.comparison(comparisons.get(i), "comparisons[" + i + "]"));
        }
        JsonNode notGated = r.array(root, "notGated", "notGated");
        for (int i = 0; i < notGated.size(); i++) {
            String p = "notGated[" + i + "]";
            JsonNode n = notGated.get(i);
            Metric metric = r.metric(n, p);
            b.addNotGated(new NotGated(r.text(n, "benchmark", p + ".benchmark"),
                    r.text(n, "displayName", p + ".displayName"), r.text(n, "mode", p + ".mode"), metric,
                    metric == Metric.SECONDARY ? r.text(n, "name", p + ".name") : metric.id(),
                    r.text(n, "reason", p + ".reason")));
        }
        for (BenchmarkRef ref : r.refs(root, "newBenchmarks")) {
            b.addNewBenchmark(ref);
        }
        for (BenchmarkRef ref : r.refs(root, "missingBenchmarks")) {
            b.addMissingBenchmark(ref);
        }
        for (BenchmarkRef ref : r.refs(root, "ignoredBenchmarks")) {
            b.addIgnoredBenchmark(ref);
        }
        r.texts(root, "notes").forEach(b::addNote);
        r.texts(root, "regressions").forEach(b::addRegression);
        r.texts(root, "otherFailures").forEach(b::addOtherFailure);
        return b.build();
    }

    private static final class Reader {
        private final Path source;

        Reader(Path source) {
            this.source = source;
        }

        Comparison comparison(JsonNode n, String path) throws ReportFormatException {
            if (n == null || !n.isObject()) {
                throw new ReportFormatException(source, path, "expected an object");
            }
            Direction direction;
            try {
                direction = Direction.fromJson(text(n, "direction", path + ".direction"));
            } catch (IllegalArgumentException e) {
                throw new ReportFormatException(source, path + ".direction", e.getMessage());
            }
            Metric metric = metric(n, path);
            JsonNode forks = object(n, "forks", path + ".forks");
            JsonNode base = object(n, "baseline", path + ".baseline");
            JsonNode cur = object(n, "current", path + ".current");
            JsonNode ratio = object(n, "ratio", path + ".ratio");
            JsonNode t = object(n, "thresholds", path + ".thresholds");
            Comparison.Builder b = Comparison.builder()
                    .benchmark(text(n, "benchmark", path + ".benchmark"), strings(n.get("params"), path + ".params"),
                            text(n, "mode", path + ".mode"), text(n, "displayName", path + ".displayName"))
                    .metric(metric, text(n, "unit", path + ".unit"), direction)
                    .rule(optionalText(n, "rule", path + ".rule"))
                    .forks(integer(forks, "baseline", path + ".forks.baseline"),
                            integer(forks, "current", path + ".forks.current"))
                    .baselineMedian(number(base, "median", path + ".baseline.median"),
                            number(base, "ciLow", path + ".baseline.ciLow"),
                            number(base, "ciHigh", path + ".baseline.ciHigh"))
                    .currentMedian(number(cur, "median", path + ".current.median"),
                            number(cur, "ciLow", path + ".current.ciLow"),
                            number(cur, "ciHigh", path + ".current.ciHigh"))
                    .ratio(number(ratio, "estimate", path + ".ratio.estimate"),
                            number(ratio, "lowerBound", path + ".ratio.lowerBound"),
                            number(ratio, "upperBound", path + ".ratio.upperBound"),
                            number(ratio, "ciLow", path + ".ratio.ciLow"),
                            number(ratio, "ciHigh", path + ".ratio.ciHigh"))
                    .ratioOfMedians(number(ratio, "ofMedians", path + ".ratio.ofMedians"))
                    .pValue(number(n, "pValue", path + ".pValue"))
                    .adjustedP(number(n, "adjustedP", path + ".adjustedP"))
                    .verdict(enumValue(Verdict.class, text(n, "verdict", path + ".verdict"), path + ".verdict"),
                            text(n, "reason", path + ".reason"))
                    .confident(bool(n, "confident", path + ".confident"));
            if (metric == Metric.ALLOCATION) {
                b.allocationTolerance(number(t, "percent", path + ".thresholds.percent"),
                        number(t, "bytes", path + ".thresholds.bytes"));
            } else {
                b.thresholds(number(t, "fail", path + ".thresholds.fail"),
                        number(t, "minEffect", path + ".thresholds.minEffect"),
                        number(t, "alpha", path + ".thresholds.alpha"));
            }
            if (metric == Metric.SECONDARY) {
                b.secondaryMetric(text(n, "name", path + ".name"), text(n, "unit", path + ".unit"), direction);
            }
            return b.build();
        }

        Multiplicity.Mode multiplicity(String text) throws ReportFormatException {
            try {
                return Multiplicity.Mode.parse(text);
            } catch (IllegalArgumentException e) {
                throw new ReportFormatException(source, "multiplicity.mode", e.getMessage());
            }
        }

        Metric metric(JsonNode n, String path) throws ReportFormatException {
            try {
                return Metric.fromId(text(n, "metric", path + ".metric"));
            } catch (IllegalArgumentException e) {
                throw new ReportFormatException(source, path + ".metric", e.getMessage());
            }
        }

        GateReport.Side side(JsonNode n, String path) throws ReportFormatException {
            if (!n.isObject()) {
                throw new ReportFormatException(source, path, "expected an object");
            }
            return new GateReport.Side(optionalText(n, "file", path + ".file"),
                    optionalText(n, "createdAt", path + ".createdAt"),
                    optionalText(n, "toolVersion", path + ".toolVersion"),
                    strings(n.get("environment"), path + ".environment"),
                    strings(n.get("provenance"), path + ".provenance"));
        }

        List<BenchmarkRef> refs(JsonNode root, String name) throws ReportFormatException {
            List<BenchmarkRef> refs = new ArrayList<>();
            JsonNode a = array(root, name, name);
            for (int i = 0; i < a.size(); i++) {
                String p = name + "[" + i + "]";
                JsonNode n = a.get(i);
                refs.add(new BenchmarkRef(text(n, "benchmark", p + ".benchmark"),
                        text(n, "displayName", p + ".displayName"), text(n, "mode", p + ".mode")));
            }
            return refs;
        }

        List<String> texts(JsonNode root, String name) throws ReportFormatException {
            List<String> texts = new ArrayList<>();
            JsonNode a = array(root, name, name);
            for (int i = 0; i < a.size(); i++) {
                if (!a.get(i).isTextual()) {
                    throw new ReportFormatException(source, name + "[" + i + "]", "expected a string");
                }
                texts.add(a.get(i).textValue());
            }
            return texts;
        }

        <E extends Enum<E>> E enumValue(Class<E> type, String value, String path) throws ReportFormatException {
            for (E e : type.getEnumConstants()) {
                if (e.name().equalsIgnoreCase(value)) {
                    return e;
                }
            }
            List<String> names = new ArrayList<>();
            for (E e : type.getEnumConstants()) {
                names.add(e.name().toLowerCase(Locale.ROOT));
            }
            throw new ReportFormatException(source, path, "'" + value + "' is not one of " + names);
        }

        JsonNode object(JsonNode parent, String name, String path) throws ReportFormatException {
            JsonNode n = parent.get(name);
            if (n == null || !n.isObject()) {
                throw new ReportFormatException(source, path, "missing, or not an object");
            }
            return n;
        }

        JsonNode array(JsonNode parent, String name, String path) throws ReportFormatException {
            JsonNode n = parent.get(name);
            if (n == null || !n.isArray()) {
                throw new ReportFormatException(source, path, "missing, or not an array");
            }
            return n;
        }

        String text(JsonNode parent, String name, String path) throws ReportFormatException {
            JsonNode n = parent == null ? null : parent.get(name);
            if (n == null || n.isNull()) {
                throw new ReportFormatException(source, path, "is missing");
            }
            if (!n.isTextual()) {
                throw new ReportFormatException(source, path, "expected a string, found " + n);
            }
            return n.textValue();
        }

        String optionalText(JsonNode parent, String name, String path) throws ReportFormatException {
            JsonNode n = parent.get(name);
            return n == null || n.isNull() ? null : text(parent, name, path);
        }

        /** A number, or NaN for null or absent. */
        double number(JsonNode parent, String name, String path) throws ReportFormatException {
            JsonNode n = parent.get(name);
            if (n == null || n.isNull()) {
                return Double.NaN;
            }
            if (!n.isNumber()) {
                throw new ReportFormatException(source, path, "expected a number or null, found " + n);
            }
            return n.doubleValue();
        }

        int integer(JsonNode parent, String name, String path) throws ReportFormatException {
            JsonNode n = parent.get(name);
            if (n == null || !n.isIntegralNumber() || !n.canConvertToInt()) {
                throw new ReportFormatException(source, path, "missing, or not an integer");
            }
            return n.intValue();
        }

        boolean bool(JsonNode parent, String name, String path) throws ReportFormatException {
            JsonNode n = parent.get(name);
            if (n == null || !n.isBoolean()) {
                throw new ReportFormatException(source, path, "missing, or not true/false");
            }
            return n.booleanValue();
        }

        Map<String, String> strings(JsonNode n, String path) throws ReportFormatException {
            Map<String, String> map = new LinkedHashMap<>();
            if (n == null || n.isNull()) {
                return map;
            }
            if (!n.isObject()) {
                throw new ReportFormatException(source, path, "expected an object");
            }
            for (Map.Entry<String, JsonNode> e : n.properties()) {
                JsonNode v = e.getValue();
                if (v.isNull()) {
                    map.put(e.getKey(), null);
                } else if (v.isValueNode()) {
                    map.put(e.getKey(), v.asText());
                } else {
                    throw new ReportFormatException(source, path + "." + e.getKey(), "expected a string");
                }
            }
            return map;
        }
    }
}
