package io.perfgate.gate;


import io.perfgate.results.BenchmarkResult;
import io.perfgate.results.MetricInfo;
import io.perfgate.stats.Direction;
import io.perfgate.stats.Quantiles;
import io.perfgate.stats.Thresholds;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The metrics a pair of results is judged on, each with the values and limits it is judged by, and the metrics that
 * are not judged, with why. The one list: the gate judges it ({@link Gate}) and {@code perf:compare}'s stop rule
 * watches its tested metrics, so a benchmark never stops on other metrics than those its verdict is made of.
 *
 * <ul>
 *   <li>the median, always (a side without values makes it INCONCLUSIVE, not absent);</li>
 *   <li>the p95 when both sides recorded one per fork (a scenario: every run on both sides);</li>
 *   <li>a JMH benchmark's allocation per operation when both sides measured it, outside SampleTime mode, judged
 *       by a tolerance rather than the test;</li>
 *   <li>a scenario's secondary metrics declared gated ({@link MetricInfo#gated()}) and recorded usably by every
 *       run of both sides, by the test at the median's limits.</li>
 * </ul>
 */
public final class JudgedMetrics {
    /** One metric judged on a pair. */
    public static final class Judged {
        private final Metric metric;
        private final String name;
        private final String unit;
        private final Direction direction;
        private final Thresholds thresholds;
        private final ForkValues values;

        private Judged(Metric metric, String name, String unit, Direction direction, Thresholds thresholds,
                ForkValues values) {
            this.metric = metric;
            this.name = name;
            this.unit = unit;
            this.direction = direction;
            this.thresholds = thresholds;
            this.values = values;
        }

        public Metric metric() {
            return metric;
        }

        /** {@code median}, {@code p95}, {@code alloc}, or a secondary metric's own name. */
        public String name() {
            return name;
        }

        public String unit() {
            return unit;
        }

        /** Which way is better for this metric. */
        public Direction direction() {
            return direction;
        }

        /** The limits of the test; null for allocation, judged by {@link AllocationTolerance}. */
        public Thresholds thresholds() {
            return thresholds;
        }

        /** True when the shift test judges it on its forks; false for allocation, which needs no forks. */
        public boolean tested() {
            return metric != Metric.ALLOCATION;
        }

        /** The values of both sides, one per fork (or run) that has a usable one. */
        public ForkValues values() {
            return values;
        }
    }

    private final List<Judged> judged;
    private final List<NotGated> notGated;

    private JudgedMetrics(List<Judged> judged, List<NotGated> notGated) {
        this.judged = Collections.unmodifiableList(judged);
        this.notGated = Collections.unmodifiableList(notGated);
    }

    /** The metrics judged on a pair of the gate's pairing. */
    public static JudgedMetrics of(BenchmarkPairing.Pair pair) {
        return of(pair.baseline, pair.current, pair.settings);
    }

    static JudgedMetrics of(BenchmarkResult base, BenchmarkResult cur, BenchmarkSettings bs) {
        Objects.requireNonNull(base, "base");
        Objects.requireNonNull(cur, "cur");
        List<Judged> judged = new ArrayList<>();
        List<NotGated> notGated = new ArrayList<>();
        Direction direction = ForkValues.direction(bs, cur);
        boolean scenario = BenchmarkResult.KIND_SCENARIO.equals(cur.kind());

        // median: ForkValues says which value each fork contributes (in SampleTime its own p50)
        ForkValues medians = ForkValues.of(base, cur, Metric.MEDIAN);
        judged.add(new Judged(Metric.MEDIAN, Metric.MEDIAN.id(), cur.unit(), direction, bs.median(), medians));

        ForkValues p95 = ForkValues.of(base, cur, Metric.P95);
        String p95Missing = scenario ? Judgeability.scenarioP95Missing(base, cur)
                : Judgeability.p95Missing(base, cur, p95.baseline(), p95.candidate());
        if (p95Missing == null) {
            judged.add(new Judged(Metric.P95, Metric.P95.id(), cur.unit(), direction, bs.p95(), p95));
        } else {
            NotGated p95NotGated = new NotGated(cur.id(), cur.displayName(), Metric.P95, p95Missing);
            double[] baseMedians = medians.baseline();
            double[] curMedians = medians.candidate();
            if (baseMedians.length > 0 && curMedians.length > 0) {
                // not gated, but shown: the p95 of the per-fork values (fork scores, or a scenario's run times)
                p95NotGated = p95NotGated.withSpread(new NotGated.Spread(Quantiles.percentile(baseMedians, 0.95),
                        baseMedians.length, Quantiles.percentile(curMedians, 0.95), curMedians.length, cur.unit(),
                        scenario ? NotGated.Spread.scenarioValues(cur) : NotGated.Spread.FORK_SCORES));
            }
            notGated.add(p95NotGated);
        }

        if (scenario) {
            // gc.alloc.rate.norm is JMH's; a scenario's "alloc" is a secondary metric like the others, judged by
            // the test when declared, never by the B/op tolerance
            secondaryMetrics(base, cur, bs, judged, notGated);
        } else {
            allocation(base, cur, judged, notGated);
        }
        return new JudgedMetrics(judged, notGated);
    }

    private static void allocation(BenchmarkResult base, BenchmarkResult cur, List<Judged> judged,
            List<NotGated> notGated) {
        ForkValues alloc = ForkValues.of(base, cur, Metric.ALLOCATION);
        boolean onBase = alloc.baseline().length > 0;
        boolean onCurrent = alloc.candidate().length > 0;
        if ((onBase || onCurrent) && BenchmarkResult.MODE_SAMPLE_TIME.equals(cur.mode())) {
            // Seen here: 20 to 64 B/op from run to run for a loop that allocates nothing, against under 1 B/op in
            // avgt mode. The harness's own sampling allocations are counted, so the figure is not the benchmark's.
            notGated.add(new NotGated(cur.id(), cur.displayName(), Metric.ALLOCATION,
                    "in sample mode " + MetricInfo.ALLOCATION + " includes JMH's own sampling allocations, which vary from"
                            + " run to run; gate allocation in avgt or thrpt mode"));
        } else if (onBase && onCurrent) {
            judged.add(new Judged(Metric.ALLOCATION, Metric.ALLOCATION.id(), AllocationCheck.unit(cur),
                    Direction.LOWER_IS_BETTER, null, alloc));
        } else if (onBase || onCurrent) {
            notGated.add(new NotGated(cur.id(), cur.displayName(), Metric.ALLOCATION,
                    "only the " + (onBase ? "baseline" : "current results") + " measured " + MetricInfo.ALLOCATION
                            + "; run both with the gc profiler (-prof gc)"));
        }
    }

    /**
     * Each secondary metric the current results declare as gated, judged by the same test and median limits as the
     * primary score on one value per run. Ungated metrics get no row: they must never fail the build.
     */
    private static void secondaryMetrics(BenchmarkResult base, BenchmarkResult cur, BenchmarkSettings bs,
            List<Judged> judged, List<NotGated> notGated) {
        for (Map.Entry<String, MetricInfo> e : cur.secondaryMetrics().entrySet()) {
            String name = e.getKey();
            MetricInfo info = e.getValue();
            if (!info.gated() || base.forks().isEmpty() || cur.forks().isEmpty()) {
                // ungated: reported only; no runs: the median row already says why nothing is judged
                continue;
            }
            String problem = Judgeability.secondaryProblem(base, cur, name);
            if (problem != null) {
                notGated.add(new NotGated(cur.id(), cur.displayName(), Metric.SECONDARY, name,
                        problem));
                continue;
            }
            judged.add(new Judged(Metric.SECONDARY, name, info.unit(), info.direction(), bs.median(),
                    ForkValues.ofSecondary(base, cur, name)));
        }
    }

    /** The metrics judged, in the order of the report's rows. */
    public List<Judged> judged() {
        return judged;
    }

    /** The metrics not judged, each with its reason. */
    public List<NotGated> notGated() {
        return notGated;
    }
}
