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
        // Most benchmarks allocate the same bytes in every fork (4016.075 +- 0.004 B/op), and then the medians'
        // difference is the change. One that draws its input at random in each fork does not: Apache Commons Text's
        // DoubleFormatPerformance spread over 11.10 to 12.10 MB/op within one side, and two sides of the same code
        // differed by -5.2 %, beyond the 2 % tolerance. When the forks of a side spread over more than half the
        // allowed growth, a change must separate the sides: every fork of one beyond every fork of the other by more
        // than the allowed growth. A difference of the medians within that spread is not a verdict either way.
        double spread = Math.max(spread(baseAlloc), spread(curAlloc));
        if (spread > allowed / 2 && Math.abs(growth) > allowed) {
            double separation = growth > 0 ? min(curAlloc) - max(baseAlloc) : min(baseAlloc) - max(curAlloc);
            if (separation <= allowed) {
                return row.verdict(Verdict.INCONCLUSIVE, measured + " is within the allocation's own spread from"
                        + " fork to fork (up to " + bytes(spread) + " on one side; forks that draw their input at"
                        + " random allocate differently): not judged, as the forks of the two sides overlap or lie"
                        + " closer than " + limit + " (" + counts + "); give the input a fixed seed to gate it")
                        .build();
            }
            String apart = "; every fork of one side is " + bytes(separation) + " beyond every fork of the other";
            counts = counts + apart;
        }
        if (growth > allowed) {
            return row.verdict(Verdict.FAIL, measured + " is above " + limit + " (" + counts + ")").build();
        }
        if (-growth > allowed) {
            return row.verdict(Verdict.IMPROVED, measured + " is an improvement beyond " + limit + " (" + counts + ")")
                    .build();
        }
        return row.verdict(Verdict.PASS, measured + " is within " + limit + " (" + counts + ")").build();
    }

    private static double spread(double[] values) {
        return values.length == 0 ? 0 : max(values) - min(values);
    }

    private static double min(double[] values) {
        double m = Double.POSITIVE_INFINITY;
        for (double v : values) {
            m = Math.min(m, v);
        }
        return m;
    }

    private static double max(double[] values) {
        double m = Double.NEGATIVE_INFINITY;
        for (double v : values) {
            m = Math.max(m, v);
        }
        return m;
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
