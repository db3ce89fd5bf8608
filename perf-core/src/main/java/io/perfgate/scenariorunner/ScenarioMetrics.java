package io.perfgate.scenariorunner;

import io.perfgate.log.PerfLog;
import io.perfgate.results.BenchmarkResult;
import io.perfgate.results.Fork;
import io.perfgate.results.MetricInfo;
import io.perfgate.results.Percentiles;
import io.perfgate.scenario.harness.Protocol;
import io.perfgate.stats.Direction;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Turns the measured runs of a scenario into a {@link BenchmarkResult} of kind {@code scenario}: one fork per
 * JVM, as a JMH fork is one JVM, because the runs of one JVM share its JIT, heap and cluster and are not
 * independent observations. A cold JVM makes one run; a warm JVM several, which become the fork's iterations, so
 * the gate takes their median as the JVM's value. Primary = the runs' wall times in ms; percentiles = the median
 * over the JVM's runs of each run's own latency percentile, when every run recorded enough latencies; secondary =
 * the JVM counters and the scenario's metrics, one value per run (set-up and tear-down: one per JVM).
 */
public final class ScenarioMetrics {
    /** The primary metric's unit; latencies use it too, so a fork's percentiles share the primary's unit. */
    static final String UNIT = "ms";
    /** JMH's single-shot mode is the nearest: each sample is one whole execution, not a steady-state average. */
    static final String MODE = BenchmarkResult.MODE_SINGLE_SHOT;
    /** The parameter that tells cold runs from warm runs in the benchmark key. */
    public static final String RUNS_PARAM = "runs";
    public static final String COLD = "cold";
    public static final String WARM = "warm";
    /** The secondary metric of a JVM's set-up, once per JVM; its tear-down's. */
    public static final String SETUP_TIME = "setup.time";
    public static final String TEARDOWN_TIME = "teardown.time";


    /** A metric the harness measures itself; lower is better for all of them. */
    static final class Builtin {
        final String name;
        final String unit;
        final String field;

        Builtin(String name, String unit, String field) {
            this.name = name;
            this.unit = unit;
            this.field = field;
        }
    }

    private static final Map<String, Builtin> BUILTINS = new LinkedHashMap<>();

    static {
        add(new Builtin("cpu", UNIT, Protocol.CPU_MS));
        add(new Builtin("cpu.children", UNIT, Protocol.CHILDREN_CPU_MS));
        add(new Builtin("gc.count", "count", Protocol.GC_COUNT));
        add(new Builtin("gc.time", UNIT, Protocol.GC_MS));
        add(new Builtin("alloc", "B", Protocol.ALLOC_BYTES));
        add(new Builtin("heap.peak", "B", Protocol.HEAP_PEAK_BYTES));
        add(new Builtin(SETUP_TIME, UNIT, null));
        add(new Builtin(TEARDOWN_TIME, UNIT, null));
        add(new Builtin("latency.count", "count", Protocol.LATENCY_COUNT));
    }

    private static void add(Builtin b) {
        BUILTINS.put(b.name, b);
    }

    private ScenarioMetrics() {
    }

    static Builtin builtin(String name) {
        return BUILTINS.get(name);
    }

    /** One measured run and the JVM it ran in. */
    static final class MeasuredRun {
        final HarnessResult jvm;
        final HarnessResult.Run run;

        MeasuredRun(HarnessResult jvm, HarnessResult.Run run) {
            this.jvm = jvm;
            this.run = run;
        }
    }

    static BenchmarkResult toResult(ScenarioDefinition def, String runs, List<MeasuredRun> measured,
            PerfLog log) {
        boolean includeSetUp = COLD.equals(runs) && def.isColdRunIncludesSetUp();
        BenchmarkResult.Builder b = BenchmarkResult.builder(def.getId())
                .kind(BenchmarkResult.KIND_SCENARIO)
                .params(java.util.Collections.singletonMap(RUNS_PARAM, runs))
                .mode(MODE)
                .unit(UNIT)
                .direction(Direction.LOWER_IS_BETTER)
                .threads(1);

        Set<String> present = new LinkedHashSet<>();
        Set<String> custom = new java.util.TreeSet<>();
        int fewestLatencies = Integer.MAX_VALUE;
        int mostLatencies = 0;
        for (MeasuredRun m : measured) {
            mostLatencies = Math.max(mostLatencies, latencyCount(m.run));
        }
        Map<HarnessResult, List<MeasuredRun>> byJvm = new LinkedHashMap<>();
        for (MeasuredRun m : measured) {
            byJvm.computeIfAbsent(m.jvm, k -> new ArrayList<>()).add(m);
        }
        for (Map.Entry<HarnessResult, List<MeasuredRun>> e : byJvm.entrySet()) {
            HarnessResult jvm = e.getKey();
            List<MeasuredRun> jvmRuns = e.getValue();
            double[] walls = new double[jvmRuns.size()];
            Map<String, List<Double>> quantiles = new LinkedHashMap<>();
            Map<String, List<Double>> values = new LinkedHashMap<>();
            for (int i = 0; i < jvmRuns.size(); i++) {
                HarnessResult.Run run = jvmRuns.get(i).run;
                walls[i] = run.field(Protocol.WALL_MS) + (includeSetUp ? jvm.setUpMillis : 0);
                int latencies = latencyCount(run);
                fewestLatencies = Math.min(fewestLatencies, latencies);
                for (double q : Protocol.LATENCY_QUANTILES) {
                    int needed = Percentiles.minSamples(q);
                    String key = String.format(Locale.ROOT, "%.2f", q);
                    Double value = run.fields.get(Protocol.LATENCY_QUANTILE_PREFIX + key);
                    if (latencies >= needed && value != null) {
                        quantiles.computeIfAbsent(Percentiles.key(q), k -> new ArrayList<>()).add(value);
                    }
                }
                for (Builtin builtin : BUILTINS.values()) {
                    if (builtin.field == null || builtin.name.equals("latency.count") && mostLatencies == 0) {
                        continue;
                    }
                    double value = run.field(builtin.field);
                    if (!Double.isNaN(value)) {
                        values.computeIfAbsent(builtin.name, k -> new ArrayList<>()).add(value);
                    }
                }
                for (Map.Entry<String, Double> m : new TreeMap<>(run.metrics).entrySet()) {
                    values.computeIfAbsent(m.getKey(), k -> new ArrayList<>()).add(m.getValue());
                    custom.add(m.getKey());
                }
            }
            Map<String, Double> percentiles = new LinkedHashMap<>();
            quantiles.forEach((key, perRun) -> {
                if (perRun.size() == jvmRuns.size()) { // a JVM's percentile only when each of its runs has one
                    percentiles.put(key, Fork.median(toArray(perRun)));
                }
            });
            Map<String, double[]> secondary = new LinkedHashMap<>();
            for (Builtin builtin : BUILTINS.values()) {
                double perJvm = builtin.name.equals(SETUP_TIME) ? jvm.setUpMillis
                        : builtin.name.equals(TEARDOWN_TIME) ? jvm.tearDownMillis : Double.NaN;
                if (builtin.field == null && !Double.isNaN(perJvm)) {
                    secondary.put(builtin.name, new double[] {perJvm});
                } else if (values.containsKey(builtin.name)) {
                    secondary.put(builtin.name, toArray(values.get(builtin.name)));
                }
                if (secondary.containsKey(builtin.name)) {
                    present.add(builtin.name);
                }
            }
            for (String name : new java.util.TreeSet<>(values.keySet())) {
                if (!BUILTINS.containsKey(name)) {
                    secondary.put(name, toArray(values.get(name)));
                }
            }
            b.addFork(new Fork(walls, percentiles, secondary));
        }

        for (String name : present) {
            MetricDefinition d = def.declared(name);
            boolean gated = d != null && Boolean.TRUE.equals(d.getGated());
            b.secondaryMetric(name, new MetricInfo(BUILTINS.get(name).unit, Direction.LOWER_IS_BETTER, gated));
        }
        for (String name : custom) {
            MetricDefinition d = def.declared(name);
            if (d == null) {
                log.warn("scenario '" + def.getId() + "' recorded the metric '" + name + "', which is not declared "
                        + "under <metrics>: it is shown but not gated. Declare its <unit> and <direction> to gate it.");
                b.secondaryMetric(name, new MetricInfo("", Direction.LOWER_IS_BETTER, false));
            } else {
                Direction direction = "higher".equalsIgnoreCase(d.getDirection().trim())
                        ? Direction.HIGHER_IS_BETTER : Direction.LOWER_IS_BETTER;
                b.secondaryMetric(name, new MetricInfo(d.getUnit() == null ? "" : d.getUnit(), direction,
                        d.getGated() == null || d.getGated()));
            }
        }
        // Notes go to the build log, not to BenchmarkResult.warnings: the gate reads any warning there as
        // "raw data missing" and would refuse to judge the scenario at all.
        if (mostLatencies > 0 && fewestLatencies < Percentiles.MIN_SAMPLES_FOR_P95) {
            log.warn("scenario '" + def.getId() + "': " + runs + " runs recorded " + fewestLatencies + " to "
                    + mostLatencies + " latencies each; a run's p95 needs at least " + Percentiles.MIN_SAMPLES_FOR_P95
                    + ", so percentiles are kept only for runs with " + Percentiles.MIN_SAMPLES_FOR_P95
                    + " or more, and the latency p95 is not gated unless every run has them.");
        }
        if (Protocol.ALLOC_LIVE_THREADS.equals(firstAllocationMethod(measured))) {
            log.warn("scenario '" + def.getId() + "': alloc counts only threads alive at the end of each run "
                    + "(JDK before 21), so allocation by threads that ended inside a run is missing.");
        }
        return b.build();
    }

    /** Declared metrics that no measured run recorded, for a warning. */
    static List<String> declaredButMissing(ScenarioDefinition def, BenchmarkResult... results) {
        List<String> missing = new ArrayList<>();
        for (MetricDefinition d : def.getMetrics()) {
            boolean found = false;
            for (BenchmarkResult r : results) {
                if (r != null && r.secondaryMetrics().containsKey(d.getName())) {
                    found = true;
                }
            }
            if (!found && d.getName() != null) {
                missing.add(d.getName());
            }
        }
        return missing;
    }

    private static double[] toArray(List<Double> values) {
        double[] a = new double[values.size()];
        for (int i = 0; i < a.length; i++) {
            a[i] = values.get(i);
        }
        return a;
    }

    private static int latencyCount(HarnessResult.Run run) {
        return (int) Math.round(run.fields.getOrDefault(Protocol.LATENCY_COUNT, 0.0));
    }

    private static String firstAllocationMethod(List<MeasuredRun> measured) {
        return measured.isEmpty() ? Protocol.ALLOC_NONE : measured.get(0).jvm.allocationMethod;
    }
}
