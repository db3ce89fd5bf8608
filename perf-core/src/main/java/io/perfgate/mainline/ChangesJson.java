package io.perfgate.mainline;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.perfgate.json.JsonFormatException;
import io.perfgate.json.JsonValue;
import io.perfgate.json.JsonWriting;
import io.perfgate.results.BenchmarkId;
import io.perfgate.trend.ChangePoint;
import io.perfgate.trend.Series;
import io.perfgate.trend.Trend;
import io.perfgate.trend.TrendRun;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code changes.json}: the change points {@code perf:trend} reports, one object per point (schema in trends.md).
 * The same document is kept in the history store, where the next analysis reads which points were reported, by
 * series and first run, and holds them in place.
 */
final class ChangesJson {
    static final int SCHEMA = 1;

    private ChangesJson() {
    }

    /** The document for the {@code trends} analysed on {@code branch} over {@code runs} comparable runs. */
    static String write(List<Trend> trends, String branch, int runs) {
        return write(trends, branch, runs, Map.of());
    }

    /** The same, each point with its confirmation side by side when it has one (by {@link PointId}). */
    static String write(List<Trend> trends, String branch, int runs, Map<PointId, Confirmation> confirmations) {
        ObjectNode root = JsonWriting.object();
        root.put("schema", SCHEMA);
        root.put("tool", "perf-maven-plugin");
        JsonWriting.putText(root, "branch", branch);
        root.put("runs", runs);
        ArrayNode changes = root.putArray("changes");
        for (Trend t : trends) {
            for (ChangePoint c : t.changes()) {
                ObjectNode n = change(t, c);
                Confirmation confirmation = confirmations.get(PointId.of(t, c));
                if (confirmation != null) {
                    n.set("confirmation", confirmation.json());
                }
                changes.add(n);
            }
        }
        return JsonWriting.pretty(root, false);
    }

    private static ObjectNode change(Trend t, ChangePoint c) {
        ObjectNode n = JsonWriting.object();
        n.put("benchmark", t.benchmark().name());
        n.set("params", JsonWriting.strings(t.benchmark().params()));
        n.put("mode", t.benchmark().mode());
        n.put("metric", t.metric());
        JsonWriting.putText(n, "unit", t.unit());
        n.put("direction", t.direction().json());
        n.put("slowdown", c.slowdown());
        n.put("index", c.index());
        TrendRun before = t.runs().get(c.index() - 1);
        TrendRun after = t.runs().get(c.index());
        n.set("lastRunBefore", run(before));
        n.set("firstRunAfter", run(after));
        JsonWriting.putText(n, "commits", before.commit() == null || after.commit() == null ? null
                : before.commit() + ".." + after.commit());
        n.put("runsBefore", c.runsBefore());
        n.put("runsAfter", c.runsAfter());
        JsonWriting.putNumberOrNull(n, "meanBefore", c.meanBefore());
        JsonWriting.putNumberOrNull(n, "meanAfter", c.meanAfter());
        JsonWriting.putNumberOrNull(n, "change", c.change());
        JsonWriting.putNumberOrNull(n, "changeLow", c.changeLow());
        JsonWriting.putNumberOrNull(n, "changeHigh", c.changeHigh());
        n.put("pValue", c.pValue());
        return n;
    }

    private static ObjectNode run(TrendRun r) {
        ObjectNode n = JsonWriting.object();
        n.put("run", r.id());
        JsonWriting.putText(n, "commit", r.commit());
        n.put("recordedAt", r.recordedAt().toString());
        JsonWriting.putText(n, "buildUrl", r.buildUrl());
        return n;
    }

    /**
     * The schema a document says it has.
     *
     * @throws JsonFormatException naming {@code source} when the document or its schema does not read
     */
    static int schema(String source, String json) throws JsonFormatException {
        return JsonValue.parse(source, json).object().get("schema").integer();
    }

    /**
     * The points a document reported, as the first run of each, by series ({@link Trend#id()}).
     *
     * @throws JsonFormatException naming {@code source} and the field when the document does not read
     */
    static Map<Series, Set<String>> reported(String source, String json) throws JsonFormatException {
        Map<Series, Set<String>> reported = new LinkedHashMap<>();
        JsonValue root = JsonValue.parse(source, json).object();
        if (root.get("schema").integer() != SCHEMA) {
            throw root.get("schema").expected(Integer.toString(SCHEMA));
        }
        for (JsonValue c : root.get("changes").elements()) {
            reported.computeIfAbsent(series(c), k -> new LinkedHashSet<>())
                    .add(c.get("firstRunAfter").get("run").text());
        }
        return reported;
    }

    /**
     * The confirmations a document holds, by {@link PointId} (a document without any: none).
     *
     * @throws JsonFormatException naming {@code source} and the field when the document does not read
     */
    static Map<PointId, Confirmation> confirmations(String source, String json) throws JsonFormatException {
        Map<PointId, Confirmation> confirmations = new LinkedHashMap<>();
        JsonValue root = JsonValue.parse(source, json).object();
        for (JsonValue c : root.get("changes").elements()) {
            if (c.get("confirmation").isPresent()) {
                confirmations.put(new PointId(series(c), c.get("firstRunAfter").get("run").text()),
                        Confirmation.read(c.get("confirmation").object()));
            }
        }
        return confirmations;
    }

    /** The series ({@link Trend#id()}) of a change point as the document writes it. */
    private static Series series(JsonValue c) throws JsonFormatException {
        Map<String, String> params = new LinkedHashMap<>();
        for (Map.Entry<String, JsonValue> p : c.get("params").members().entrySet()) {
            params.put(p.getKey(), p.getValue().text());
        }
        return new Series(BenchmarkId.of(c.get("benchmark").text(), params, c.get("mode").text()),
                c.get("metric").text());
    }

    /** The same, for the points of {@code trends}. */
    static Map<Series, Set<String>> reported(List<Trend> trends) {
        Map<Series, Set<String>> reported = new LinkedHashMap<>();
        for (Trend t : trends) {
            for (ChangePoint c : t.changes()) {
                reported.computeIfAbsent(t.id(), k -> new LinkedHashSet<>()).add(c.firstRunAfter());
            }
        }
        return reported;
    }

    static List<ChangePoint> all(List<Trend> trends) {
        List<ChangePoint> all = new ArrayList<>();
        trends.forEach(t -> all.addAll(t.changes()));
        return all;
    }
}
