package io.perfgate.report;

import static io.perfgate.json.JsonWriting.putNumberOrNull;
import static io.perfgate.json.JsonWriting.putText;
import static io.perfgate.json.JsonWriting.strings;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.perfgate.files.AtomicFiles;
import io.perfgate.gate.BenchmarkRef;
import io.perfgate.gate.GateRow;
import io.perfgate.gate.EnvironmentDifference;
import io.perfgate.gate.EnvironmentPolicy;
import io.perfgate.gate.GateReport;
import io.perfgate.results.BenchmarkId;
import io.perfgate.results.MachineTime;
import io.perfgate.gate.GateSettings;
import io.perfgate.gate.Metric;
import io.perfgate.gate.NotGated;
import io.perfgate.gate.Outcome;
import io.perfgate.gate.SideBySide;
import io.perfgate.json.JsonFormatException;
import io.perfgate.json.JsonValue;
import io.perfgate.json.JsonWriting;
import io.perfgate.results.BenchmarkResult;
import io.perfgate.stats.Direction;
import io.perfgate.stats.Multiplicity;
import io.perfgate.stats.Verdict;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Writes and reads {@code report.json} (schema 1), the machine-readable result of {@code perf:check}. The format
 * is documented field by field in {@code src/site/markdown/reference/report-schema.md}. Unknown numbers are JSON
 * {@code null}; ratios are oriented so that above 1 is slower. Reading is strict and names the file and field,
 * and ignores fields it does not know, so later versions may add fields without breaking readers.
 */
public final class ReportJson {
    /** The report's file name in the output directory, which perf:report, perf:methodology and the site read. */
    public static final String FILE_NAME = "report.json";

    /** What a not-gated metric's values shown beside it can be of. */
    private static final Set<String> SPREAD_OF = new LinkedHashSet<>(java.util.Arrays.asList(
            NotGated.Spread.FORK_SCORES, NotGated.Spread.RUN_TIMES, NotGated.Spread.JVM_MEDIANS));

    private ReportJson() {
    }

    // ------------------------------------------------------------------ writing

    public static String toJson(GateReport r) {
        return toJson(r, null);
    }

    /**
     * As {@link #toJson(GateReport)}, with {@code machineTime}: what the run's JMH forks spent against the old fixed
     * defaults ({@link MachineTime}), where {@code machine} is known. Not read back: it is a figure of the run.
     */
    public static String toJson(GateReport r, MachineTime machine) {
        ObjectNode root = JsonWriting.object();
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
        for (GateRow c : r.comparisons()) {
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
            NotGated.Spread spread = n.spread();
            if (spread != null) {
                o.put("of", spread.of());
                o.put("unit", spread.unit());
                ObjectNode base = o.putObject("baseline");
                putNumberOrNull(base, "value", spread.baseline());
                base.put("count", spread.baselineCount());
                ObjectNode cur = o.putObject("current");
                putNumberOrNull(cur, "value", spread.current());
                cur.put("count", spread.currentCount());
            }
        }
        refs(root.putArray("newBenchmarks"), r.newBenchmarks());
        refs(root.putArray("missingBenchmarks"), r.missingBenchmarks());
        refs(root.putArray("ignoredBenchmarks"), r.ignoredBenchmarks());
        texts(root.putArray("notes"), r.notes());
        texts(root.putArray("regressions"), r.regressions());
        texts(root.putArray("otherFailures"), r.otherFailures());
        root.put("failOnRegression", r.failOnRegression());
        if (machine != null && machine.known()) {
            ObjectNode m = root.putObject("machineTime");
            m.put("spentSeconds", Math.round(machine.spentSeconds() * 10) / 10.0);
            m.put("forks", machine.forks());
            putNumberOrNull(m, "fixedSeconds", Math.round(machine.fixedSeconds() * 10) / 10.0);
            m.put("fixedForks", machine.fixedForks());
            putNumberOrNull(m, "ratio", Math.round(machine.ratio() * 1000) / 1000.0);
            m.put("text", machine.describe());
        }
        return JsonWriting.pretty(root, false);
    }

    /** Writes atomically. */
    public static void write(GateReport report, Path file) throws IOException {
        AtomicFiles.writeString(file, toJson(report));
    }

    private static ObjectNode side(GateReport.Source s) {
        ObjectNode n = JsonWriting.object();
        putText(n, "file", s.file());
        putText(n, "createdAt", s.createdAt());
        putText(n, "toolVersion", s.toolVersion());
        n.set("provenance", strings(s.provenance()));
        n.set("environment", strings(s.environment()));
        return n;
    }

    private static ObjectNode comparison(GateRow c) {
        ObjectNode n = JsonWriting.object();
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
        putNumberOrNull(base, "median", c.baselineMedian());
        putNumberOrNull(base, "ciLow", c.baselineCiLow());
        putNumberOrNull(base, "ciHigh", c.baselineCiHigh());
        ObjectNode cur = n.putObject("current");
        putNumberOrNull(cur, "median", c.currentMedian());
        putNumberOrNull(cur, "ciLow", c.currentCiLow());
        putNumberOrNull(cur, "ciHigh", c.currentCiHigh());
        ObjectNode ratio = n.putObject("ratio");
        putNumberOrNull(ratio, "estimate", c.ratio());
        putNumberOrNull(ratio, "lowerBound", c.lowerBound());
        putNumberOrNull(ratio, "upperBound", c.upperBound());
        putNumberOrNull(ratio, "ciLow", c.ciLow());
        putNumberOrNull(ratio, "ciHigh", c.ciHigh());
        putNumberOrNull(ratio, "ofMedians", c.ratioOfMedians());
        ObjectNode change = n.putObject("change");
        putNumberOrNull(change, "estimate", c.change());
        putNumberOrNull(change, "ciLow", c.changeCiLow());
        putNumberOrNull(change, "ciHigh", c.changeCiHigh());
        putNumberOrNull(n, "pValue", c.pValue());
        putNumberOrNull(n, "adjustedP", c.adjustedP());
        putNumberOrNull(n, "detectable", c.detectable());
        ObjectNode t = n.putObject("thresholds");
        if (c.metric() == Metric.ALLOCATION) {
            putNumberOrNull(t, "percent", c.failThreshold());
            putNumberOrNull(t, "bytes", c.allowedBytes());
        } else {
            putNumberOrNull(t, "fail", c.failThreshold());
            putNumberOrNull(t, "minEffect", c.minEffect());
            putNumberOrNull(t, "alpha", c.alpha());
        }
        n.put("verdict", c.verdict().name());
        n.put("reason", c.reason());
        n.put("confident", c.confident());
        SideBySide side = c.sideBySide();
        if (side != null) {
            ObjectNode o = n.putObject("sideBySide");
            o.put("against", side.against());
            ObjectNode sideChange = o.putObject("change");
            putNumberOrNull(sideChange, "estimate", side.change());
            putNumberOrNull(sideChange, "ciLow", side.changeCiLow());
            putNumberOrNull(sideChange, "ciHigh", side.changeCiHigh());
            o.put("rounds", side.rounds());
            o.put("verdict", side.verdict().name());
        }
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

    // ------------------------------------------------------------------ reading

    public static GateReport read(Path file) throws ReportFormatException {
        try {
            return report(JsonValue.read(file));
        } catch (JsonFormatException e) {
            throw new ReportFormatException(file, e.path(), e.problem(), e);
        }
    }

    /** Parses {@code json}, naming {@code source} in any error. */
    public static GateReport parse(Path source, String json) throws ReportFormatException {
        try {
            return report(JsonValue.parse(String.valueOf(source), json));
        } catch (JsonFormatException e) {
            throw new ReportFormatException(source, e.path(), e.problem(), e);
        }
    }

    private static GateReport report(JsonValue root) throws JsonFormatException {
        if (!root.isObject()) {
            throw root.invalid("expected a JSON object at the top level");
        }
        int schema = root.get("schema").integer();
        if (schema != GateReport.SCHEMA) {
            throw root.get("schema").invalid("unsupported schema " + schema + "; this version reads "
                    + GateReport.SCHEMA);
        }
        GateReport.Builder b = GateReport.builder()
                .outcome(enumValue(Outcome.class, root.get("outcome")))
                .toolVersion(root.get("toolVersion").name())
                .createdAt(root.get("createdAt").instant())
                .failOnRegression(root.get("failOnRegression").bool())
                .settings(root.get("settings").optionalStringMap());
        JsonValue baseline = root.get("baseline");
        if (baseline.isPresent()) {
            b.baseline(side(baseline));
        }
        b.current(side(root.get("current")));
        JsonValue env = root.get("environment").object();
        EnvironmentPolicy policy = enumValue(EnvironmentPolicy.class, env.get("policy"));
        List<EnvironmentDifference> diffs = new ArrayList<>();
        for (JsonValue d : env.get("differences").elements()) {
            diffs.add(new EnvironmentDifference(d.get("field").text(), d.get("baseline").optionalText(),
                    d.get("current").optionalText()));
        }
        b.environment(policy, diffs);
        JsonValue mult = root.get("multiplicity").object();
        b.multiplicity(multiplicity(mult.get("mode")), mult.get("tested").integer(0), mult.get("holmCanFail").bool());
        // the lists below name a benchmark by its key and mode; the comparisons hold its name and parameters apart
        Map<String, GateRow> compared = new HashMap<>();
        for (JsonValue c : root.get("comparisons").elements()) {
            GateRow row = comparison(c);
            compared.putIfAbsent(row.key(), row);
            b.addComparison(row);
        }
        for (JsonValue n : root.get("notGated").elements()) {
            Metric metric = metric(n.get("metric"));
            NotGated notGated = new NotGated(id(n, compared), n.get("displayName").text(), metric,
                    metric == Metric.SECONDARY ? n.get("name").boundedText() : metric.id(), n.get("reason").text());
            if (n.get("of").isPresent()) {
                JsonValue base = n.get("baseline").object();
                JsonValue cur = n.get("current").object();
                notGated = notGated.withSpread(new NotGated.Spread(base.get("value").measured(false),
                        base.get("count").integer(1), cur.get("value").measured(false), cur.get("count").integer(1),
                        n.get("unit").text(), n.get("of").oneOf(SPREAD_OF)));
            }
            b.addNotGated(notGated);
        }
        for (BenchmarkRef ref : refs(root.get("newBenchmarks"))) {
            b.addNewBenchmark(ref);
        }
        for (BenchmarkRef ref : refs(root.get("missingBenchmarks"))) {
            b.addMissingBenchmark(ref);
        }
        for (BenchmarkRef ref : refs(root.get("ignoredBenchmarks"))) {
            b.addIgnoredBenchmark(ref);
        }
        root.get("notes").texts().forEach(b::addNote);
        root.get("regressions").texts().forEach(b::addRegression);
        root.get("otherFailures").texts().forEach(b::addOtherFailure);
        return b.build();
    }

    private static GateRow comparison(JsonValue n) throws JsonFormatException {
        n.object();
        Direction direction;
        JsonValue dir = n.get("direction");
        direction = Direction.fromJson(dir.oneOf(Direction.jsonValues()));
        Metric metric = metric(n.get("metric"));
        JsonValue forks = n.get("forks").object();
        JsonValue base = n.get("baseline").object();
        JsonValue cur = n.get("current").object();
        JsonValue ratio = n.get("ratio").object();
        JsonValue t = n.get("thresholds").object();
        GateRow.Builder b = GateRow.builder()
                .benchmark(n.get("benchmark").name(), n.get("params").optionalNameMap(),
                        n.get("mode").oneOf(BenchmarkResult.MODES),
                        n.get("displayName").text())
                .metric(metric, n.get("unit").text(), direction)
                .rule(n.get("rule").optionalText())
                .forks(forks.get("baseline").integer(0), forks.get("current").integer(0))
                .baselineMedian(base.get("median").finiteOrNaN(), base.get("ciLow").finiteOrNaN(),
                        base.get("ciHigh").finiteOrNaN())
                .currentMedian(cur.get("median").finiteOrNaN(), cur.get("ciLow").finiteOrNaN(),
                        cur.get("ciHigh").finiteOrNaN())
                .ratio(ratio.get("estimate").finiteOrNaN(), ratio.get("lowerBound").finiteOrNaN(),
                        ratio.get("upperBound").finiteOrNaN(), ratio.get("ciLow").finiteOrNaN(),
                        ratio.get("ciHigh").finiteOrNaN())
                .ratioOfMedians(ratio.get("ofMedians").finiteOrNaN())
                .pValue(n.get("pValue").probabilityOrNaN())
                .adjustedP(n.get("adjustedP").probabilityOrNaN())
                .detectable(n.get("detectable").finiteOrNaN())
                .verdict(enumValue(Verdict.class, n.get("verdict")), n.get("reason").text())
                .confident(n.get("confident").bool());
        if (n.has("sideBySide")) {
            JsonValue o = n.get("sideBySide").object();
            JsonValue sideChange = o.get("change").object();
            b.sideBySide(new SideBySide(o.get("against").text(), sideChange.get("estimate").finiteOrNaN(),
                    sideChange.get("ciLow").finiteOrNaN(), sideChange.get("ciHigh").finiteOrNaN(),
                    o.get("rounds").integer(0), enumValue(Verdict.class, o.get("verdict"))));
        }
        if (metric == Metric.ALLOCATION) {
            b.allocationTolerance(t.get("percent").finiteOrNaN(), t.get("bytes").finiteOrNaN());
        } else {
            b.thresholds(t.get("fail").finiteOrNaN(), t.get("minEffect").finiteOrNaN(), level(t.get("alpha")));
        }
        if (metric == Metric.SECONDARY) {
            b.secondaryMetric(n.get("name").boundedText(), n.get("unit").text(), direction);
        }
        return b.build();
    }

    /** A significance level: above 0 and below 1 (at 0 nothing could fail, at 1 everything would), or null. */
    private static double level(JsonValue v) throws JsonFormatException {
        double alpha = v.probabilityOrNaN();
        if (alpha == 0 || alpha == 1) {
            throw v.invalid(alpha + " is out of range: expected a significance level above 0 and below 1, or null");
        }
        return alpha;
    }

    /** The words the writer uses ({@link GateSettings#multiplicityId}), quoted as the file has them when wrong. */
    private static Multiplicity.Mode multiplicity(JsonValue v) throws JsonFormatException {
        Set<String> ids = new LinkedHashSet<>();
        for (Multiplicity.Mode m : Multiplicity.Mode.values()) {
            ids.add(GateSettings.multiplicityId(m));
        }
        return Multiplicity.Mode.parse(v.oneOf(ids));
    }

    private static Metric metric(JsonValue v) throws JsonFormatException {
        Set<String> ids = new LinkedHashSet<>();
        for (Metric m : Metric.values()) {
            ids.add(m.id());
        }
        return Metric.fromId(v.oneOf(ids));
    }

    private static GateReport.Source side(JsonValue n) throws JsonFormatException {
        n.object();
        return new GateReport.Source(n.get("file").optionalText(), n.get("createdAt").optionalText(),
                n.get("toolVersion").optionalText(), n.get("environment").optionalStringMap(),
                n.get("provenance").optionalStringMap());
    }

    private static List<BenchmarkRef> refs(JsonValue array) throws JsonFormatException {
        List<BenchmarkRef> refs = new ArrayList<>();
        for (JsonValue n : array.elements()) {
            refs.add(new BenchmarkRef(id(n, Collections.emptyMap()), n.get("displayName").text()));
        }
        return refs;
    }

    /**
     * The benchmark an entry of a list names by {@code benchmark} (its key) and {@code mode}: with the name and
     * parameters of a comparison of that key where there is one.
     */
    private static BenchmarkId id(JsonValue n, Map<String, GateRow> compared) throws JsonFormatException {
        String key = n.get("benchmark").name();
        String mode = n.get("mode").oneOf(BenchmarkResult.MODES);
        GateRow row = compared.get(key);
        return row != null ? BenchmarkId.of(row.benchmark(), row.params(), mode) : BenchmarkId.ofKey(key, mode);
    }

    /** The enum constant named by the text, in any case, as the writer puts {@code name()}. */
    private static <E extends Enum<E>> E enumValue(Class<E> type, JsonValue v) throws JsonFormatException {
        String value = v.text();
        for (E e : type.getEnumConstants()) {
            if (e.name().equalsIgnoreCase(value)) {
                return e;
            }
        }
        List<String> names = new ArrayList<>();
        for (E e : type.getEnumConstants()) {
            names.add(e.name().toLowerCase(Locale.ROOT));
        }
        throw v.invalid("\"" + value + "\" is not one of " + String.join(", ", names));
    }
}
