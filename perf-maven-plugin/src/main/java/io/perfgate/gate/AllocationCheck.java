package io.perfgate.gate;

import io.perfgate.results.BenchmarkResult;
import io.perfgate.results.MetricInfo;
import io.perfgate.stats.Direction;
import io.perfgate.stats.Quantiles;
import io.perfgate.stats.StatsText;
import io.perfgate.stats.Verdict;
import java.util.Locale;


/** The allocation check: bytes per operation ({@value MetricInfo#ALLOCATION}) by tolerance. */
final class AllocationCheck {
    /** Below this many bytes per operation a benchmark allocates nothing: what JMH reports for it is rounding. */
    public static final double NOTHING_BYTES = 0.5;

    private AllocationCheck() {
    }

    /**
     * The allocation row: the median over forks of bytes per operation, judged against the benchmark's tolerance
     * (max of a percentage and a number of bytes) rather than by a test, or INCONCLUSIVE with {@code refusal}.
     */
    static GateRow judge(BenchmarkResult base, BenchmarkResult cur, BenchmarkSettings bs, double[] baseAlloc,
            double[] curAlloc, String refusal) {
        AllocationTolerance tol = bs.allocation();
        String unit = unit(cur);
        double b = Quantiles.median(baseAlloc);
        double c = Quantiles.median(curAlloc);
        // JMH measures code that allocates nothing at a fraction of a byte per operation (1e-4 B/op, say): a growth
        // from there is a growth from nothing, and a percentage of it (+200000000 %) would say nothing
        boolean fromNothing = b < NOTHING_BYTES;
        double ratio = fromNothing ? Double.NaN : c / b;
        GateRow.Builder row = GateRow.builder().benchmark(cur)
                .metric(Metric.ALLOCATION, unit, Direction.LOWER_IS_BETTER).forks(baseAlloc.length, curAlloc.length)
                .baselineMedian(b, Double.NaN, Double.NaN).currentMedian(c, Double.NaN, Double.NaN)
                .ratio(ratio, Double.NaN, Double.NaN, Double.NaN, Double.NaN).ratioOfMedians(ratio)
                .allocationTolerance(tol.percent(), tol.bytes()).rule(bs.rule());
        if (refusal != null) {
            return row.verdict(Verdict.INCONCLUSIVE, "allocation is not judged: " + refusal).build();
        }
        double growth = c - b;
        double allowed = tol.allowedGrowth(b);
        String measured = fromNothing ? "allocation " + signedBytes(growth) + " from nothing"
                : "allocation " + signedPercent(ratio) + " (" + signedBytes(growth) + ")";
        String limit = "the limit max(" + StatsText.percent(tol.percent()) + ", " + bytes(tol.bytes()) + ") = "
                + bytes(allowed);
        String counts = "medians " + bytes(b) + " -> " + bytes(c) + ", " + baseAlloc.length + " vs "
                + curAlloc.length + " forks";
        if (growth > allowed) {
            return row.verdict(Verdict.FAIL, measured + " is above " + limit + " (" + counts + ")").build();
        }
        if (-growth > allowed) {
            return row.verdict(Verdict.IMPROVED, measured + " is an improvement beyond " + limit + " (" + counts + ")")
                    .build();
        }
        return row.verdict(Verdict.PASS, measured + " is within " + limit + " (" + counts + ")").build();
    }

    /** The unit the results give the allocation per operation, else JMH's {@code B/op}. */
    static String unit(BenchmarkResult b) {
        MetricInfo info = b.secondaryMetrics().get(MetricInfo.ALLOCATION);
        return info == null ? "B/op" : info.unit();
    }

    private static String signedPercent(double ratio) {
        return Double.isNaN(ratio) ? "n/a" : StatsText.percentChange(ratio);
    }

    private static String bytes(double b) {
        return number(b) + " B/op";
    }

    private static String signedBytes(double b) {
        return (b >= 0 ? "+" : "-") + number(Math.abs(b)) + " B/op";
    }

    /** A byte count or metric value as people read it: whole when it is nearly whole, else one decimal. */
    static String number(double v) {
        return Math.abs(v - Math.rint(v)) < 0.05 ? String.format(Locale.ROOT, "%.0f", v)
                : String.format(Locale.ROOT, "%.1f", v);
    }
}
