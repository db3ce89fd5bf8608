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
import io.perfgate.stats.Direction;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Reads and writes {@code results.json} and baselines (schema 1). Reading is strict: every problem is
 * reported with the file and the JSON path of the field, because a baseline that is silently half-read
 * would make the gate judge against the wrong numbers. Non-finite numbers are written as the strings
 * {@code "NaN"}, {@code "+INF"} and {@code "-INF"}, as JMH does.
 */
public final class ResultsJson {
    private static final Set<String> STATUSES = Collections.unmodifiableSet(new LinkedHashSet<>(
            Arrays.asList(PerfResults.STATUS_COMPLETE, PerfResults.STATUS_PARTIAL)));

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
            if (Double.isFinite(f.seconds())) {
                fn.put("seconds", Math.round(f.seconds() * 1000) / 1000.0);
            }
            if (Double.isFinite(f.iterationSeconds())) {
                fn.put("iterationSeconds", f.iterationSeconds());
            }
            if (f.warmup() != null) {
                ObjectNode w = fn.putObject("warmup");
                w.put("iterations", f.warmup().iterations());
                if (Double.isFinite(f.warmup().seconds())) {
                    w.put("seconds", Math.round(f.warmup().seconds() * 1000) / 1000.0);
                }
                w.put("steadyFrom", f.warmup().steadyFrom());
            }
        }
        return n;
    }

    private static ObjectNode calibration(Calibration c) {
        ObjectNode n = JsonWriting.object();
        n.put("measuredAt", c.measuredAt());
        n.put("power", c.power());
        n.put("alpha", c.alpha());
        ObjectNode benchmarks = n.putObject("benchmarks");
        c.benchmarks().forEach((id, e) -> {
            ObjectNode b = benchmarks.putObject(id.storedKey());
            b.put("forks", e.forks());
            putNumberOrString(b, "betweenForkCv", e.betweenForkCv());
            putNumberOrString(b, "withinForkCv", e.withinForkCv());
            b.put("threshold", e.threshold());
            putNumberOrString(b, "detectableSlowdown", e.detectableSlowdown());
            b.put("forksNeeded", e.forksNeeded());
            b.put("aaVerdict", e.aaVerdict());
            Calibration.Plan plan = e.plan();
            if (plan != null) {
                ObjectNode p = b.putObject("plan");
                p.put("forks", plan.forks());
                p.put("iterations", plan.iterations());
                p.put("forkSeconds", Math.round(plan.forkSeconds() * 1000) / 1000.0);
                p.put("iterationSeconds", Math.round(plan.iterationSeconds() * 1_000_000) / 1_000_000.0);
                p.put("measuredIterations", plan.measuredIterations());
                p.put("reason", plan.reason());
            }
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

    /**
     * The results in {@code file} for an estimate or a plan (scenario times, stored noise): empty when the file does
     * not exist, and empty with the reason handed to {@code unreadable} when it does not read. An estimate must not
     * stop a run over a file it does not judge against; the goal that judges against the file names the problem.
     */
    public static Optional<PerfResults> readForEstimates(Path file, Consumer<String> unreadable) {
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        try {
            return Optional.of(read(file));
        } catch (ResultsFormatException | RuntimeException e) {
            unreadable.accept(e.getMessage());
            return Optional.empty();
        }
    }

    /**
     * Reads a baseline: a results file that must also come from a run that finished. A {@code partial} one is
     * accepted only when its provenance says it was recorded with {@code perf.force}; otherwise it is a results file
     * of a failed run put in the baseline's place, and a gate against it would judge numbers nobody finished.
     */
    public static PerfResults readBaseline(Path file) throws ResultsFormatException {
        PerfResults baseline = read(file);
        if (!baseline.isComplete() && !"true".equals(baseline.provenance().get(Provenance.FORCED))) {
            throw new ResultsFormatException(file, "status", "\"" + baseline.status() + "\" is a run that did not"
                    + " finish, and the provenance does not say it was recorded on purpose (with perf.force): a"
                    + " baseline must be complete");
        }
        return baseline;
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
                .toolVersion(root.get("toolVersion").name())
                .status(root.get("status").oneOf(STATUSES))
                .createdAt(root.get("createdAt").instant())
                .command(root.get("command").optionalText())
                .jmhRawFile(root.get("jmhRawFile").optionalText())
                .environment(root.get("environment").stringMap())
                .settings(root.get("settings").stringMap())
                .provenance(root.get("provenance").optionalStringMap());
        JsonValue level = root.get("provenance").get(Provenance.COMPARISON_ALPHA);
        if (level.isPresent()) {
            level.levelText(); // a check of these results judges at this level, so it must be one
        }
        // one benchmark, mode and set of parameters once: two copies would be judged as one, and which one is
        // meant cannot be known
        Map<BenchmarkId, String> seen = new LinkedHashMap<>();
        boolean complete = PerfResults.STATUS_COMPLETE.equals(b.build().status());
        List<BenchmarkResult> read = new ArrayList<>();
        for (JsonValue benchmark : root.get("benchmarks").elements()) {
            BenchmarkResult result = benchmark(benchmark, complete);
            BenchmarkId id = result.id();
            String first = seen.putIfAbsent(id, benchmark.path());
            if (first != null) {
                throw benchmark.invalid(id + " is listed twice, here and at " + first + "; a results file holds each"
                        + " benchmark, mode and set of parameters once");
            }
            b.addBenchmark(result);
            read.add(result);
        }
        JsonValue calibration = root.get("calibration");
        if (calibration.isPresent()) {
            b.calibration(calibration(calibration, read));
        }
        return b.build();
    }

    private static BenchmarkResult benchmark(JsonValue n, boolean complete) throws JsonFormatException {
        n.object();
        String kind = n.get("kind").oneOf(BenchmarkResult.KINDS);
        String mode = n.get("mode").oneOf(BenchmarkResult.MODES);
        String unit = n.get("unit").name();
        BenchmarkResult.Builder b = BenchmarkResult.builder(n.get("benchmark").name())
                .kind(kind)
                .params(n.get("params").optionalNameMap())
                .mode(mode)
                .unit(unit)
                .threads(n.get("threads").integer(1))
                .direction(direction(n.get("direction")));
        JsonValue secondary = n.get("secondaryMetrics");
        if (secondary.isPresent()) {
            for (Map.Entry<String, JsonValue> e : secondary.namedMembers().entrySet()) {
                JsonValue m = e.getValue();
                b.secondaryMetric(e.getKey(), new MetricInfo(m.get("unit").boundedText(), direction(m.get("direction")),
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
        JsonValue forks = n.get("forks");
        if (complete && forks.elements().isEmpty() && b.build().warnings().isEmpty()) {
            // a complete run leaves forks empty only with a warning saying why (raw data switched off); a partial
            // one may have stopped before a benchmark's first fork
            throw forks.invalid("is empty, and no warning says why: a complete run records every fork (or scenario"
                    + " run) it measured");
        }
        for (JsonValue fork : forks.elements()) {
            b.addFork(fork(fork));
        }
        return b.build();
    }

    private static Direction direction(JsonValue v) throws JsonFormatException {
        return Direction.fromJson(v.oneOf(Direction.jsonValues()));
    }

    /**
     * A calibration, its entries by {@link BenchmarkId#storedKey()}. Files written before the mode was part of that
     * key name a benchmark by its key alone: such an entry stands for every mode of that key among {@code results},
     * as it did when it was read by key.
     */
    private static Calibration calibration(JsonValue n, List<BenchmarkResult> results) throws JsonFormatException {
        n.object();
        String measuredAt = n.get("measuredAt").instant();
        double power = probability(n.get("power"));
        double alpha = probability(n.get("alpha"));
        Map<BenchmarkId, Calibration.Entry> entries = new LinkedHashMap<>();
        Map<String, Calibration.Entry> keyedWithoutMode = new LinkedHashMap<>();
        for (Map.Entry<String, JsonValue> e : n.get("benchmarks").namedMembers().entrySet()) {
            JsonValue b = e.getValue().object();
            Calibration.Entry entry = new Calibration.Entry(b.get("forks").integer(0),
                    orUnknown(b.get("betweenForkCv")),
                    orUnknown(b.get("withinForkCv")),
                    b.get("threshold").measured(false),
                    detectable(b.get("detectableSlowdown")),
                    b.get("forksNeeded").integer(0),
                    b.get("aaVerdict").name(),
                    b.get("plan").isPresent() ? plan(b.get("plan")) : null);
            Optional<BenchmarkId> id = BenchmarkId.parse(e.getKey());
            if (id.isPresent()) {
                entries.put(id.get(), entry);
            } else {
                keyedWithoutMode.put(e.getKey(), entry);
            }
        }
        for (BenchmarkResult r : results) {
            Calibration.Entry old = keyedWithoutMode.get(r.key());
            if (old != null) {
                entries.putIfAbsent(r.id(), old);
            }
        }
        return new Calibration(measuredAt, power, alpha, entries);
    }

    /** A calibration's fork plan (absent from files written before plans existed). */
    private static Calibration.Plan plan(JsonValue n) throws JsonFormatException {
        n.object();
        return new Calibration.Plan(n.get("forks").integer(0), n.get("iterations").integer(1),
                n.get("forkSeconds").measured(true), n.get("iterationSeconds").measured(true),
                n.get("measuredIterations").integer(1), n.get("reason").text());
    }

    /** A probability strictly between 0 and 1 (a power, a level). */
    private static double probability(JsonValue v) throws JsonFormatException {
        double p = v.number();
        if (!(p > 0 && p < 1)) {
            throw v.invalid(v.finite() + " is out of range: expected a probability between 0 and 1");
        }
        return p;
    }

    /** A coefficient of variation: at least 0, or NaN where too few forks left it unknown. */
    private static double orUnknown(JsonValue v) throws JsonFormatException {
        double x = v.number();
        return Double.isNaN(x) ? x : v.measured(true);
    }

    /** The smallest detectable slowdown: at least 0, NaN when unknown, +INF when no slowdown is detectable. */
    private static double detectable(JsonValue v) throws JsonFormatException {
        double x = v.number();
        return Double.isNaN(x) || x == Double.POSITIVE_INFINITY ? x : v.measured(true);
    }

    /**
     * One fork (or scenario run). Its iteration scores are times or rates, above 0; latency percentiles may be 0
     * (a coarse timer); secondary metrics are at least 0 when JMH's GC profiler made them (bytes, counts, times),
     * and finite whatever they are (a scenario's own metric may have any sign).
     */
    private static Fork fork(JsonValue n) throws JsonFormatException {
        n.object();
        double[] primary = n.get("primary").measurements(false, true);
        Map<String, Double> percentiles = new LinkedHashMap<>();
        JsonValue pct = n.get("percentiles");
        if (pct.isPresent()) {
            for (Map.Entry<String, JsonValue> e : pct.namedMembers().entrySet()) {
                percentiles.put(e.getKey(), e.getValue().measured(true));
            }
        }
        Map<String, double[]> secondary = new LinkedHashMap<>();
        JsonValue sec = n.get("secondary");
        if (sec.isPresent()) {
            for (Map.Entry<String, JsonValue> e : sec.namedMembers().entrySet()) {
                secondary.put(e.getKey(), e.getKey().startsWith(MetricInfo.GC_PREFIX)
                        ? e.getValue().measurements(true, false) : e.getValue().finiteNumbers());
            }
        }
        JsonValue seconds = n.get("seconds");
        JsonValue iterationSeconds = n.get("iterationSeconds");
        return new Fork(primary, percentiles, secondary, seconds.isPresent() ? seconds.measured(true) : Double.NaN,
                warmup(n.get("warmup")), iterationSeconds.isPresent() ? iterationSeconds.measured(false) : Double.NaN);
    }

    /** A fork's warm-up record; null in files from before it was recorded. */
    private static Fork.Warmup warmup(JsonValue w) throws JsonFormatException {
        if (!w.isPresent()) {
            return null;
        }
        w.object();
        JsonValue seconds = w.get("seconds");
        int iterations = w.get("iterations").integer(0);
        int steadyFrom = w.get("steadyFrom").integer(0);
        if (steadyFrom > iterations) {
            throw w.get("steadyFrom").invalid("is " + steadyFrom + ", after the last of " + iterations
                    + " warm-up iterations");
        }
        return new Fork.Warmup(iterations, seconds.isPresent() ? seconds.measured(true) : Double.NaN, steadyFrom);
    }
}
