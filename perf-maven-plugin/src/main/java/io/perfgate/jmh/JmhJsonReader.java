package io.perfgate.jmh;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.perfgate.results.BenchmarkResult;
import io.perfgate.results.Direction;
import io.perfgate.results.Fork;
import io.perfgate.results.MetricInfo;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Reads the JSON that JMH writes with {@code -rf json} into the plugin's results model: one
 * {@link BenchmarkResult} per element, one {@link Fork} per JMH fork with every measurement iteration.
 *
 * <p>Facts of the format this relies on (JMH 1.37, and older versions where they differ):
 * <ul>
 *   <li>{@code primaryMetric.rawData[fork][iteration]} holds iteration scores; in sample mode
 *       {@code rawDataHistogram[fork][iteration]} holds {@code [value, count]} pairs instead.</li>
 *   <li>{@code -Djmh.json.rawData=false} leaves those arrays empty. Nothing can then be tested, so the result
 *       carries a warning and no forks, rather than pretending to be complete.</li>
 *   <li>Non-finite numbers are the strings {@code "NaN"}, {@code "+INF"}, {@code "-INF"}.</li>
 *   <li>Before 1.37 secondary metric names began with U+00B7 ({@code "·gc.alloc.rate.norm"}); the dot is
 *       dropped so that results from either version compare.</li>
 *   <li>Sample mode adds derived metrics {@code p0.00 ... p1.00}; they become the fork's
 *       {@link Fork#percentiles()} (recomputed from the fork's own histogram) and are not kept as secondary
 *       metrics.</li>
 * </ul>
 */
public final class JmhJsonReader {
    /** Latency percentiles kept per fork in sample mode, by the names JMH gives them. */
    static final Map<String, Double> SAMPLE_PERCENTILES = percentileKeys();

    private static final String LEGACY_SECONDARY_PREFIX = "\u00b7";
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private JmhJsonReader() {
    }

    private static Map<String, Double> percentileKeys() {
        Map<String, Double> keys = new LinkedHashMap<>();
        keys.put("p0.00", 0.0);
        keys.put("p0.50", 50.0);
        keys.put("p0.90", 90.0);
        keys.put("p0.95", 95.0);
        keys.put("p0.99", 99.0);
        keys.put("p0.999", 99.9);
        keys.put("p0.9999", 99.99);
        keys.put("p1.00", 100.0);
        return keys;
    }

    /** Reads {@code file}; every error names it. */
    public static JmhResults read(Path file) throws JmhJsonException {
        String json;
        try {
            json = new String(Files.readAllBytes(file), StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw new JmhJsonException(file.toString(), "", "JMH wrote no result file");
        } catch (IOException e) {
            throw new JmhJsonException(file.toString(), "", "cannot be read: " + e, e);
        }
        return parse(json, file.toString());
    }

    /** Parses the text of a JMH JSON file; {@code source} names it in errors. */
    public static JmhResults parse(String json, String source) throws JmhJsonException {
        if (json.trim().isEmpty()) {
            throw new JmhJsonException(source, "", "is empty: JMH stopped before writing results");
        }
        JsonNode root;
        try {
            root = MAPPER.readTree(json);
        } catch (JsonProcessingException e) {
            String where = e.getLocation() == null ? ""
                    : " at line " + e.getLocation().getLineNr() + ", column " + e.getLocation().getColumnNr();
            throw new JmhJsonException(source, "", "is not valid JSON" + where + ": " + e.getOriginalMessage(), e);
        }
        if (root == null || !root.isArray()) {
            throw new JmhJsonException(source, "", "expected a JSON array of benchmarks at the top level");
        }
        Element reader = new Element(source);
        JmhResults results = JmhResults.empty();
        for (int i = 0; i < root.size(); i++) {
            results = results.plus(reader.read(root.get(i), "[" + i + "]"));
        }
        return results;
    }

    /** Reads one array element; kept apart so that every error can carry its JSON path. */
    private static final class Element {
        private final String source;

        Element(String source) {
            this.source = source;
        }

        JmhResults read(JsonNode n, String path) throws JmhJsonException {
            if (n == null || !n.isObject()) {
                throw new JmhJsonException(source, path, "expected an object");
            }
            String benchmark = text(n, "benchmark", path);
            String mode = text(n, "mode", path);
            int expectedForks = integer(n, "forks", path);
            JsonNode primary = object(n, "primaryMetric", path);
            String primaryPath = path + ".primaryMetric";
            String unit = text(primary, "scoreUnit", primaryPath);

            BenchmarkResult.Builder b = BenchmarkResult.builder(benchmark)
                    .kind(BenchmarkResult.KIND_JMH)
                    .mode(mode)
                    .unit(unit)
                    .direction(Direction.infer(mode, unit))
                    .threads(integer(n, "threads", path))
                    .params(params(n.get("params"), path + ".params"));

            boolean histogram = primary.has("rawDataHistogram");
            List<double[]> iterationScores = new ArrayList<>();
            List<Map<String, Double>> percentiles = new ArrayList<>();
            if (histogram) {
                JsonNode forks = array(primary, "rawDataHistogram", primaryPath);
                for (int f = 0; f < forks.size(); f++) {
                    String forkPath = primaryPath + ".rawDataHistogram[" + f + "]";
                    List<double[][]> iterations = histograms(forks.get(f), forkPath);
                    double[] scores = new double[iterations.size()];
                    for (int i = 0; i < scores.length; i++) {
                        scores[i] = Histograms.mean(iterations.get(i));
                    }
                    iterationScores.add(scores);
                    double[][] pooled = Histograms.pool(iterations);
                    Map<String, Double> forkPercentiles = new LinkedHashMap<>();
                    SAMPLE_PERCENTILES.forEach((key, rank) -> forkPercentiles.put(key,
                            Histograms.percentile(pooled, rank)));
                    percentiles.add(forkPercentiles);
                }
            } else {
                JsonNode forks = array(primary, "rawData", primaryPath);
                for (int f = 0; f < forks.size(); f++) {
                    iterationScores.add(numbers(forks.get(f), primaryPath + ".rawData[" + f + "]"));
                    percentiles.add(new LinkedHashMap<>());
                }
            }

            Map<String, List<double[]>> secondaryByFork = secondary(n, path, mode, b);

            if (iterationScores.isEmpty() && expectedForks > 0) {
                b.warning("JMH wrote no raw data for " + BenchmarkResult.key(benchmark, paramsOf(n, path))
                        + " (was it run with -Djmh.json.rawData=false?): per-fork values are unknown, so this"
                        + " benchmark cannot be tested. Remove that property and run again.");
            } else {
                if (iterationScores.size() < expectedForks) {
                    b.warning("JMH was asked for " + expectedForks + " forks but recorded " + iterationScores.size()
                            + "; the others failed (see the JMH output)");
                }
                for (int f = 0; f < iterationScores.size(); f++) {
                    Map<String, double[]> secondary = new LinkedHashMap<>();
                    for (Map.Entry<String, List<double[]>> e : secondaryByFork.entrySet()) {
                        if (f < e.getValue().size()) {
                            secondary.put(e.getKey(), e.getValue().get(f));
                        }
                    }
                    b.addFork(new Fork(iterationScores.get(f), percentiles.get(f), secondary));
                }
            }

            Set<String> jvmArgs = new LinkedHashSet<>();
            jvmArgs.add(String.join(" ", strings(n.get("jvmArgs"), path + ".jvmArgs")));
            List<BenchmarkResult> one = new ArrayList<>();
            one.add(b.build());
            return new JmhResults(one, optionalText(n, "jmhVersion", path), optionalText(n, "jdkVersion", path),
                    optionalText(n, "vmName", path), optionalText(n, "vmVersion", path),
                    optionalText(n, "jvm", path), jvmArgs);
        }

        /**
         * Registers every secondary metric with raw data on {@code b} and returns its values per fork. The
         * sample-mode percentiles are skipped: the forks carry them as percentiles.
         */
        private Map<String, List<double[]>> secondary(JsonNode n, String path, String mode, BenchmarkResult.Builder b)
                throws JmhJsonException {
            Map<String, List<double[]>> byFork = new LinkedHashMap<>();
            JsonNode secondary = n.get("secondaryMetrics");
            if (secondary == null || secondary.isNull()) {
                return byFork;
            }
            if (!secondary.isObject()) {
                throw new JmhJsonException(source, path + ".secondaryMetrics", "expected an object");
            }
            for (Iterator<Map.Entry<String, JsonNode>> it = secondary.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                String name = metricName(e.getKey());
                String metricPath = path + ".secondaryMetrics." + e.getKey();
                if ("sample".equals(mode) && SAMPLE_PERCENTILES.containsKey(name)) {
                    continue;
                }
                JsonNode metric = e.getValue();
                if (!metric.isObject()) {
                    throw new JmhJsonException(source, metricPath, "expected an object");
                }
                JsonNode raw = metric.get("rawData");
                if (raw == null || raw.isNull()) {
                    continue; // profilers that report text only have nothing to compare
                }
                if (!raw.isArray()) {
                    throw new JmhJsonException(source, metricPath + ".rawData", "expected an array");
                }
                String unit = text(metric, "scoreUnit", metricPath);
                List<double[]> forks = new ArrayList<>();
                for (int f = 0; f < raw.size(); f++) {
                    forks.add(numbers(raw.get(f), metricPath + ".rawData[" + f + "]"));
                }
                byFork.put(name, forks);
                b.secondaryMetric(name, new MetricInfo(unit, secondaryDirection(name, unit)));
            }
            return byFork;
        }

        private List<double[][]> histograms(JsonNode fork, String path) throws JmhJsonException {
            if (fork == null || !fork.isArray()) {
                throw new JmhJsonException(source, path, "expected an array of iterations");
            }
            List<double[][]> iterations = new ArrayList<>();
            for (int i = 0; i < fork.size(); i++) {
                String iterationPath = path + "[" + i + "]";
                JsonNode pairs = fork.get(i);
                if (!pairs.isArray()) {
                    throw new JmhJsonException(source, iterationPath, "expected an array of [value, count] pairs");
                }
                double[][] histogram = new double[pairs.size()][];
                for (int p = 0; p < pairs.size(); p++) {
                    JsonNode pair = pairs.get(p);
                    String pairPath = iterationPath + "[" + p + "]";
                    if (!pair.isArray() || pair.size() != 2) {
                        throw new JmhJsonException(source, pairPath, "expected a [value, count] pair, found "
                                + describe(pair));
                    }
                    double count = number(pair.get(1), pairPath + "[1]");
                    if (!(count >= 0) || count != Math.rint(count)) {
                        throw new JmhJsonException(source, pairPath + "[1]", "expected a whole count >= 0, found "
                                + describe(pair.get(1)));
                    }
                    histogram[p] = new double[] {number(pair.get(0), pairPath + "[0]"), count};
                }
                iterations.add(histogram);
            }
            return iterations;
        }

        private Map<String, String> params(JsonNode n, String path) throws JmhJsonException {
            Map<String, String> params = new TreeMap<>();
            if (n == null || n.isNull()) {
                return params;
            }
            if (!n.isObject()) {
                throw new JmhJsonException(source, path, "expected an object");
            }
            for (Iterator<Map.Entry<String, JsonNode>> it = n.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                if (!e.getValue().isValueNode()) {
                    throw new JmhJsonException(source, path + "." + e.getKey(), "expected a value, found "
                            + describe(e.getValue()));
                }
                params.put(e.getKey(), e.getValue().asText());
            }
            return params;
        }

        private Map<String, String> paramsOf(JsonNode n, String path) throws JmhJsonException {
            return params(n.get("params"), path + ".params");
        }

        private double[] numbers(JsonNode n, String path) throws JmhJsonException {
            if (n == null || !n.isArray()) {
                throw new JmhJsonException(source, path, "expected an array of numbers, found " + describe(n));
            }
            double[] values = new double[n.size()];
            for (int i = 0; i < values.length; i++) {
                values[i] = number(n.get(i), path + "[" + i + "]");
            }
            return values;
        }

        private double number(JsonNode n, String path) throws JmhJsonException {
            if (n != null && n.isNumber()) {
                return n.doubleValue();
            }
            if (n != null && n.isTextual()) {
                switch (n.textValue()) {
                    case "NaN":
                        return Double.NaN;
                    case "+INF":
                        return Double.POSITIVE_INFINITY;
                    case "-INF":
                        return Double.NEGATIVE_INFINITY;
                    default:
                        break;
                }
            }
            throw new JmhJsonException(source, path, "expected a number, found " + describe(n));
        }

        private List<String> strings(JsonNode n, String path) throws JmhJsonException {
            List<String> values = new ArrayList<>();
            if (n == null || n.isNull()) {
                return values;
            }
            if (!n.isArray()) {
                throw new JmhJsonException(source, path, "expected an array of strings, found " + describe(n));
            }
            for (JsonNode v : n) {
                values.add(v.asText());
            }
            return values;
        }

        private String text(JsonNode parent, String name, String path) throws JmhJsonException {
            JsonNode n = parent.get(name);
            if (n == null || n.isNull()) {
                throw new JmhJsonException(source, path + "." + name, "is missing");
            }
            if (!n.isTextual()) {
                throw new JmhJsonException(source, path + "." + name, "expected a string, found " + describe(n));
            }
            return n.textValue();
        }

        private String optionalText(JsonNode parent, String name, String path) throws JmhJsonException {
            JsonNode n = parent.get(name);
            return n == null || n.isNull() ? null : text(parent, name, path);
        }

        private int integer(JsonNode parent, String name, String path) throws JmhJsonException {
            JsonNode n = parent.get(name);
            if (n == null || !n.isIntegralNumber() || !n.canConvertToInt()) {
                throw new JmhJsonException(source, path + "." + name, "expected a whole number, found "
                        + describe(n));
            }
            return n.intValue();
        }

        private JsonNode object(JsonNode parent, String name, String path) throws JmhJsonException {
            JsonNode n = parent.get(name);
            if (n == null || !n.isObject()) {
                throw new JmhJsonException(source, path + "." + name, "expected an object, found " + describe(n));
            }
            return n;
        }

        private JsonNode array(JsonNode parent, String name, String path) throws JmhJsonException {
            JsonNode n = parent.get(name);
            if (n == null || !n.isArray()) {
                throw new JmhJsonException(source, path + "." + name, "expected an array, found " + describe(n));
            }
            return n;
        }

        private static String describe(JsonNode n) {
            if (n == null) {
                return "nothing";
            }
            String text = n.toString();
            return n.getNodeType().name().toLowerCase(Locale.ROOT) + " "
                    + (text.length() > 40 ? text.substring(0, 40) + "..." : text);
        }
    }

    /** The metric name without the U+00B7 prefix that JMH wrote before 1.37. */
    static String metricName(String jsonName) {
        return jsonName.startsWith(LEGACY_SECONDARY_PREFIX) ? jsonName.substring(1) : jsonName;
    }

    /**
     * Allocation and GC metrics are costs whatever their unit says ({@code MB/sec} reads like a rate);
     * anything else follows its unit, e.g. the per-method {@code ops/s} of a {@code @Group} benchmark.
     */
    static Direction secondaryDirection(String name, String unit) {
        if (name.startsWith("gc.")) {
            return Direction.LOWER_IS_BETTER;
        }
        return Direction.infer(null, unit);
    }

    /** Sample-mode histograms: arrays of {@code [value, count]} pairs. */
    static final class Histograms {
        private Histograms() {
        }

        static double mean(double[][] histogram) {
            double sum = 0;
            double count = 0;
            for (double[] pair : histogram) {
                sum += pair[0] * pair[1];
                count += pair[1];
            }
            return count == 0 ? Double.NaN : sum / count;
        }

        /** All iterations of one fork as one histogram, sorted by value. */
        static double[][] pool(List<double[][]> iterations) {
            TreeMap<Double, Double> counts = new TreeMap<>();
            for (double[][] histogram : iterations) {
                for (double[] pair : histogram) {
                    counts.merge(pair[0], pair[1], Double::sum);
                }
            }
            double[][] pooled = new double[counts.size()][];
            int i = 0;
            for (Map.Entry<Double, Double> e : counts.entrySet()) {
                pooled[i++] = new double[] {e.getKey(), e.getValue()};
            }
            return pooled;
        }

        /**
         * The percentile of a sorted histogram as JMH computes it (position {@code p(n + 1)}, interpolated
         * between neighbours, clamped to the minimum and maximum), so that a fork's p0.50 here matches
         * what JMH would print for the same samples.
         */
        static double percentile(double[][] sorted, double rank) {
            double n = 0;
            for (double[] pair : sorted) {
                n += pair[1];
            }
            if (n == 0) {
                return Double.NaN;
            }
            if (rank == 0) {
                return valueAt(sorted, 1);
            }
            double pos = rank * (n + 1) / 100;
            double floor = Math.floor(pos);
            double lower = valueAt(sorted, floor);
            double upper = valueAt(sorted, floor + 1);
            return lower + (upper - lower) * (pos - floor);
        }

        /** The value at 1-based position {@code index} of the sorted samples; below 1 the minimum, past n the maximum. */
        private static double valueAt(double[][] sorted, double index) {
            double seen = 0;
            for (double[] pair : sorted) {
                seen += pair[1];
                if (seen >= index && pair[1] > 0) {
                    return pair[0];
                }
            }
            return sorted[sorted.length - 1][0];
        }
    }
}
