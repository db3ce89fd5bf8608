package io.perfgate.jmh;

import io.perfgate.json.JsonFormatException;
import io.perfgate.json.JsonValue;
import io.perfgate.results.BenchmarkId;
import io.perfgate.results.BenchmarkResult;
import io.perfgate.results.Fork;
import io.perfgate.results.MetricInfo;
import io.perfgate.results.Percentiles;
import io.perfgate.stats.Direction;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
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

    private JmhJsonReader() {
    }

    private static Map<String, Double> percentileKeys() {
        Map<String, Double> keys = new LinkedHashMap<>();
        keys.put("p0.00", 0.0);
        keys.put(Percentiles.P50, 50.0);
        keys.put("p0.90", 90.0);
        keys.put(Percentiles.P95, 95.0);
        keys.put("p0.99", 99.0);
        keys.put("p0.999", 99.9);
        keys.put("p0.9999", 99.99);
        keys.put("p1.00", 100.0);
        return keys;
    }

    /** Reads {@code file}; every error names it. */
    public static JmhResults read(Path file) throws JmhJsonException {
        try {
            return results(JsonValue.read(file));
        } catch (JsonFormatException e) {
            throw failure(e);
        }
    }

    /** Parses the text of a JMH JSON file; {@code source} names it in errors. */
    public static JmhResults parse(String json, String source) throws JmhJsonException {
        try {
            return results(JsonValue.parse(source, json));
        } catch (JsonFormatException e) {
            throw failure(e);
        }
    }

    /** A missing or empty file means JMH stopped early, which is what the user needs to hear rather than "no file". */
    private static JmhJsonException failure(JsonFormatException e) {
        String problem = e.fileMissing() ? "JMH wrote no result file"
                : e.fileEmpty() ? "is empty: JMH stopped before writing results" : e.problem();
        return new JmhJsonException(e.source(), e.path(), problem, e);
    }

    private static JmhResults results(JsonValue root) throws JsonFormatException {
        if (!root.isArray()) {
            throw root.invalid("expected a JSON array of benchmarks at the top level");
        }
        JmhResults results = JmhResults.empty();
        // as in results.json: two copies of one benchmark, mode and set of parameters would be judged as one
        Map<BenchmarkId, String> seen = new LinkedHashMap<>();
        for (JsonValue element : root.elements()) {
            JmhResults one = element(element);
            BenchmarkId id = one.benchmarks().get(0).id();
            String first = seen.putIfAbsent(id, element.path());
            if (first != null) {
                throw element.invalid(id + " is listed twice, here and at " + first + "; JMH writes each benchmark,"
                        + " mode and set of parameters once");
            }
            results = results.plus(one);
        }
        return results;
    }

    /** Reads one array element into one result. */
    private static JmhResults element(JsonValue n) throws JsonFormatException {
        n.object();
        // What becomes a field of results.json is held to the rules results.json is read by, so that a damaged JMH
        // file is refused here, naming it, and not as a results file or baseline the next build cannot read.
        String benchmark = n.get("benchmark").name();
        String mode = n.get("mode").oneOf(BenchmarkResult.MODES);
        int expectedForks = n.get("forks").integer(0);
        JsonValue primary = n.get("primaryMetric").object();
        String unit = primary.get("scoreUnit").name();
        Map<String, String> params = new TreeMap<>(n.get("params").optionalNameMap());

        BenchmarkResult.Builder b = BenchmarkResult.builder(benchmark)
                .kind(BenchmarkResult.KIND_JMH)
                .mode(mode)
                .unit(unit)
                .direction(BenchmarkResult.inferDirection(mode, unit))
                .threads(n.get("threads").integer(1))
                .params(params);

        List<double[]> iterationScores = new ArrayList<>();
        List<Map<String, Double>> percentiles = new ArrayList<>();
        if (primary.has("rawDataHistogram")) {
            for (JsonValue fork : primary.get("rawDataHistogram").elements()) {
                List<double[][]> iterations = histograms(fork);
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
            for (JsonValue fork : primary.get("rawData").elements()) {
                // a time or a rate is above 0: JMH writing NaN or a negative score is no measurement to judge
                iterationScores.add(fork.measurements(false, true));
                percentiles.add(new LinkedHashMap<>());
            }
        }

        Map<String, List<double[]>> secondaryByFork = secondary(n, mode, b);

        // "forks": 0 (-f 0: no forked JVM) with no raw data is no more testable than forks without raw data
        if (iterationScores.isEmpty()) {
            b.warning("JMH wrote no raw data for " + BenchmarkResult.key(benchmark, params)
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
                    if (f < e.getValue().size() && e.getValue().get(f) != null) {
                        secondary.put(e.getKey(), e.getValue().get(f));
                    }
                }
                b.addFork(new Fork(iterationScores.get(f), percentiles.get(f), secondary));
            }
        }

        Set<String> jvmArgs = new LinkedHashSet<>();
        jvmArgs.add(String.join(" ", jvmArgs(n.get("jvmArgs"))));
        List<BenchmarkResult> one = new ArrayList<>();
        one.add(b.build());
        return new JmhResults(one, n.get("jmhVersion").optionalText(), n.get("jdkVersion").optionalText(),
                n.get("vmName").optionalText(), n.get("vmVersion").optionalText(), n.get("jvm").optionalText(),
                jvmArgs);
    }

    /**
     * Registers every secondary metric with raw data on {@code b} and returns its values per fork. The
     * sample-mode percentiles are skipped: the forks carry them as percentiles.
     */
    private static Map<String, List<double[]>> secondary(JsonValue n, String mode, BenchmarkResult.Builder b)
            throws JsonFormatException {
        Map<String, List<double[]>> byFork = new LinkedHashMap<>();
        JsonValue secondary = n.get("secondaryMetrics");
        if (!secondary.isPresent()) {
            return byFork;
        }
        Map<String, String> jsonNames = new LinkedHashMap<>();
        for (Map.Entry<String, JsonValue> e : secondary.namedMembers().entrySet()) {
            String name = metricName(e.getKey());
            String other = jsonNames.putIfAbsent(name, e.getKey());
            if (other != null) {
                // one would silently replace the other's values
                throw e.getValue().invalid("names the same metric as '" + other + "' (JMH before 1.37 wrote a "
                        + LEGACY_SECONDARY_PREFIX + " before the name): expected each metric once");
            }
            if (BenchmarkResult.MODE_SAMPLE_TIME.equals(mode) && SAMPLE_PERCENTILES.containsKey(name)) {
                continue;
            }
            JsonValue metric = e.getValue().object();
            JsonValue raw = metric.get("rawData");
            if (!raw.isPresent()) {
                continue; // profilers that report text only have nothing to compare
            }
            raw.array();
            String unit = metric.get("scoreUnit").boundedText();
            List<double[]> forks = new ArrayList<>();
            for (JsonValue fork : raw.elements()) {
                forks.add(secondaryValues(name, fork));
            }
            byFork.put(name, forks);
            b.secondaryMetric(name, new MetricInfo(unit, secondaryDirection(name, unit)));
        }
        return byFork;
    }

    /**
     * One fork's values of a secondary metric, or null when JMH could not compute them (a profiler writes NaN
     * then): the fork did not record the metric, which the gate reports as such. GC metrics are bytes, counts and
     * times, so a negative one is refused as a broken file.
     */
    private static double[] secondaryValues(String name, JsonValue fork) throws JsonFormatException {
        for (double v : fork.numbers()) {
            if (!Double.isFinite(v)) {
                return null;
            }
        }
        return name.startsWith(MetricInfo.GC_PREFIX) ? fork.measurements(true, false) : fork.finiteNumbers();
    }

    /** One fork of {@code rawDataHistogram}: per iteration, an array of {@code [value, count]} pairs. */
    private static List<double[][]> histograms(JsonValue fork) throws JsonFormatException {
        if (!fork.isArray()) {
            throw fork.expected("an array of iterations");
        }
        if (fork.size() == 0) {
            // as a fork of rawData: a fork without a measured iteration has no score to test
            throw fork.invalid("is empty: expected at least one iteration");
        }
        List<double[][]> iterations = new ArrayList<>();
        for (JsonValue pairs : fork.elements()) {
            if (!pairs.isArray()) {
                throw pairs.expected("an array of [value, count] pairs");
            }
            List<JsonValue> list = pairs.elements();
            double[][] histogram = new double[list.size()][];
            for (int p = 0; p < histogram.length; p++) {
                JsonValue pair = list.get(p);
                if (!pair.isArray() || pair.size() != 2) {
                    throw pair.expected("a [value, count] pair");
                }
                double count = pair.at(1).number();
                if (!(count >= 0) || count != Math.rint(count)) {
                    throw pair.at(1).expected("a whole count >= 0");
                }
                if (count > Long.MAX_VALUE) {
                    // JMH counts in a long; a sum of such counts stays a finite double, so percentiles stay finite
                    throw pair.at(1).expected("a count of at most " + Long.MAX_VALUE + " (JMH counts in a long)");
                }
                histogram[p] = new double[] {pair.at(0).measured(true), count};
            }
            // the iteration's score is the mean of its samples, which results.json needs finite and above 0
            if (Histograms.count(histogram) == 0) {
                throw pairs.invalid("has no samples: expected [value, count] pairs with counts above 0, as JMH"
                        + " records every sample of an iteration");
            }
            double mean = Histograms.mean(histogram);
            if (!(mean > 0) || Double.isInfinite(mean)) {
                throw pairs.invalid("its samples average " + (Double.isFinite(mean) ? mean : "more than a double holds")
                        + ", which is not a measured value: expected a finite mean above 0");
            }
            iterations.add(histogram);
        }
        return iterations;
    }

    /** JMH writes strings; anything else in the list has always been taken as its text. */
    private static List<String> jvmArgs(JsonValue v) throws JsonFormatException {
        List<String> values = new ArrayList<>();
        if (!v.isPresent()) {
            return values;
        }
        if (!v.isArray()) {
            throw v.expected("an array of strings");
        }
        for (JsonValue arg : v.elements()) {
            values.add(arg.asText());
        }
        return values;
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
        if (name.startsWith(MetricInfo.GC_PREFIX)) {
            return Direction.LOWER_IS_BETTER;
        }
        return BenchmarkResult.inferDirection(null, unit);
    }

    /** Sample-mode histograms: arrays of {@code [value, count]} pairs. */
    static final class Histograms {
        private Histograms() {
        }

        static double mean(double[][] histogram) {
            double sum = 0;
            for (double[] pair : histogram) {
                sum += pair[0] * pair[1];
            }
            double count = count(histogram);
            return count == 0 ? Double.NaN : sum / count;
        }

        /** The number of samples. */
        static double count(double[][] histogram) {
            double count = 0;
            for (double[] pair : histogram) {
                count += pair[1];
            }
            return count;
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
