package io.perfgate.report;

import io.perfgate.stats.Verdict;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

/**
 * The picture of one benchmark as inline SVG: the per-fork values of baseline and candidate as dots over a
 * box (quartiles, median, range) on one shared axis, and below it the slowdown ratio's interval for each
 * gated metric against that metric's thresholds. The reader sees at once whether the two clouds of forks
 * overlap, and whether the interval clears the limit, which is what the verdict says in words.
 *
 * <p>Only SVG presentation attributes are used (no CSS classes, no script, system fonts), so the picture
 * looks the same standalone, inside a Maven site skin, and offline.
 */
final class ForkPlotSvg {
    static final String BASELINE_COLOUR = "#4a6fa5";
    static final String CANDIDATE_COLOUR = "#d9822b";

    private static final int WIDTH = 720;
    private static final int LEFT = 150;
    private static final int RIGHT = 170;
    private static final int PLOT_WIDTH = WIDTH - LEFT - RIGHT;
    private static final int ROW = 34;
    private static final String FONT = "font-family=\"Helvetica, Arial, sans-serif\" font-size=\"12\"";

    /** One gated metric's ratio interval, oriented so that a ratio above 1 means slower. */
    static final class RatioRow {
        final String label;
        final double estimate;
        final double lower;
        final double upper;
        final double fail;
        final double minEffect;
        final Verdict verdict;

        /**
         * @param label e.g. {@code median} or {@code p95}
         * @param estimate the Hodges-Lehmann ratio, NaN when there is none
         * @param lower lower confidence bound of the ratio, NaN when there is none
         * @param upper upper confidence bound, may be infinite
         * @param fail T_fail as a fraction (0.10)
         * @param minEffect T_min as a fraction (0.05)
         */
        RatioRow(String label, double estimate, double lower, double upper, double fail, double minEffect,
                Verdict verdict) {
            this.label = Objects.requireNonNull(label, "label");
            this.estimate = estimate;
            this.lower = lower;
            this.upper = upper;
            this.fail = fail;
            this.minEffect = minEffect;
            this.verdict = Objects.requireNonNull(verdict, "verdict");
        }
    }

    private final String title;
    private final String unit;
    private final double[] baseline;
    private final double[] candidate;
    private final String intervalLabel;
    private final List<RatioRow> rows;

    /**
     * @param title accessible name of the picture, usually the benchmark's display name
     * @param unit unit of the per-fork values, e.g. {@code ns/op}
     * @param baseline per-fork values of the baseline (non-finite values are left out)
     * @param candidate per-fork values of the candidate
     * @param intervalLabel what the interval is, e.g. {@code 95 % CI}
     * @param rows one per gated metric
     */
    ForkPlotSvg(String title, String unit, double[] baseline, double[] candidate, String intervalLabel,
            List<RatioRow> rows) {
        this.title = Objects.requireNonNull(title, "title");
        this.unit = unit == null ? "" : unit;
        this.baseline = finite(baseline);
        this.candidate = finite(candidate);
        this.intervalLabel = intervalLabel;
        this.rows = Collections.unmodifiableList(new ArrayList<>(rows));
    }

    String render() {
        int valuesTop = 10;
        int valuesAxis = valuesTop + 2 * ROW + 6;
        int ratioTop = valuesAxis + 52;
        int ratioAxis = ratioTop + Math.max(1, rows.size()) * ROW + 6;
        int height = ratioAxis + 40;

        StringBuilder svg = new StringBuilder();
        svg.append("<svg xmlns=\"http://www.w3.org/2000/svg\" role=\"img\" width=\"").append(WIDTH)
                .append("\" height=\"").append(height).append("\" viewBox=\"0 0 ").append(WIDTH).append(' ')
                .append(height).append("\" ").append(FONT).append(">\n");
        svg.append("<title>").append(Html.escape(title + ": per-fork values and slowdown ratio")).append("</title>\n");
        svg.append("<rect x=\"0\" y=\"0\" width=\"").append(WIDTH).append("\" height=\"").append(height)
                .append("\" fill=\"#ffffff\"/>\n");

        valuesPanel(svg, valuesTop, valuesAxis);
        ratioPanel(svg, ratioTop, ratioAxis);
        svg.append("</svg>\n");
        return svg.toString();
    }

    // ------------------------------------------------------------------ per-fork values

    private void valuesPanel(StringBuilder svg, int top, int axisY) {
        double[] all = concat(baseline, candidate);
        if (all.length == 0) {
            text(svg, LEFT, top + ROW, "start", "#555555", "no per-fork values in the results files");
            return;
        }
        double lo = min(all);
        double hi = max(all);
        double pad = hi > lo ? (hi - lo) * 0.08 : Math.max(Math.abs(hi) * 0.05, 1e-9);
        Scale scale = new Scale(lo - pad, hi + pad);
        double[] ticks = niceTicks(scale.lo, scale.hi, 6);

        gridAndAxis(svg, scale, ticks, top, axisY, false);
        sampleRow(svg, scale, "baseline", baseline, BASELINE_COLOUR, top + ROW / 2);
        sampleRow(svg, scale, "candidate", candidate, CANDIDATE_COLOUR, top + ROW + ROW / 2);
        text(svg, LEFT + PLOT_WIDTH / 2.0, axisY + 32, "middle", "#333333",
                "per-fork value" + (unit.isEmpty() ? "" : " (" + unit + ")"));
    }

    private void sampleRow(StringBuilder svg, Scale scale, String name, double[] values, String colour, int y) {
        text(svg, LEFT - 10, y + 4, "end", "#222222", name + " (" + values.length + ")");
        if (values.length == 0) {
            text(svg, LEFT + 6, y + 4, "start", "#555555", "no forks");
            return;
        }
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        double q1 = quantile(sorted, 0.25);
        double med = quantile(sorted, 0.5);
        double q3 = quantile(sorted, 0.75);
        // whiskers: the full range; with 5-20 forks every point is shown anyway
        line(svg, scale.x(sorted[0]), y, scale.x(sorted[sorted.length - 1]), y, colour, 1, null);
        double boxLeft = scale.x(q1);
        svg.append("<rect x=\"").append(Numbers.coordinate(boxLeft)).append("\" y=\"").append(y - 9)
                .append("\" width=\"").append(Numbers.coordinate(Math.max(1, scale.x(q3) - boxLeft)))
                .append("\" height=\"18\" fill=\"").append(colour).append("\" fill-opacity=\"0.18\" stroke=\"")
                .append(colour).append("\" stroke-width=\"1\"/>\n");
        line(svg, scale.x(med), y - 11, scale.x(med), y + 11, colour, 3, null);
        for (int i = 0; i < values.length; i++) {
            // a fixed vertical spread so that forks with equal values stay visible
            int dy = ((i * 3) % 5 - 2) * 3;
            svg.append("<circle cx=\"").append(Numbers.coordinate(scale.x(values[i]))).append("\" cy=\"")
                    .append(y + dy).append("\" r=\"3.5\" fill=\"").append(colour)
                    .append("\" fill-opacity=\"0.8\" stroke=\"#ffffff\" stroke-width=\"0.6\"><title>")
                    .append(Html.escape(name + " fork " + (i + 1) + ": " + Numbers.value(values[i])
                            + (unit.isEmpty() ? "" : " " + unit)))
                    .append("</title></circle>\n");
        }
        text(svg, LEFT + PLOT_WIDTH + 10, y + 4, "start", "#222222",
                "median " + Numbers.value(med) + (unit.isEmpty() ? "" : " " + unit));
    }

    // ------------------------------------------------------------------ ratio intervals

    private void ratioPanel(StringBuilder svg, int top, int axisY) {
        text(svg, LEFT, top - 14, "start", "#333333",
                "slowdown ratio, candidate / baseline (above 1 = slower)"
                        + (intervalLabel == null ? "" : ", " + intervalLabel));
        if (rows.isEmpty()) {
            text(svg, LEFT, top + ROW / 2 + 4, "start", "#555555", "no gated metric");
            return;
        }
        double lo = 1;
        double hi = 1;
        for (RatioRow r : rows) {
            lo = Math.min(lo, Math.min(1 - r.fail / 2, finiteOr(r.lower, 1)));
            lo = Math.min(lo, finiteOr(r.estimate, 1));
            hi = Math.max(hi, 1 + r.fail + r.fail / 2);
            hi = Math.max(hi, finiteOr(r.estimate, 1));
            if (Double.isFinite(r.upper)) {
                hi = Math.max(hi, r.upper);
            }
        }
        // an absurd bound (ratio 40) would squash everything else: cap the axis and mark the clipped end
        hi = Math.min(hi, Math.max(3, 1 + 4 * maxFail()));
        lo = Math.max(lo, 1 / Math.max(3, 1 + 4 * maxFail()));
        double pad = (hi - lo) * 0.05;
        Scale scale = new Scale(lo - pad, hi + pad);
        double[] ticks = niceTicks(scale.lo, scale.hi, 7);
        gridAndAxis(svg, scale, ticks, top, axisY, true);
        // no change
        line(svg, scale.x(1), top, scale.x(1), axisY, "#222222", 1.2, null);

        for (int i = 0; i < rows.size(); i++) {
            ratioRow(svg, scale, rows.get(i), top + i * ROW + ROW / 2);
        }
    }

    private void ratioRow(StringBuilder svg, Scale scale, RatioRow r, int y) {
        String colour = verdictColour(r.verdict);
        text(svg, LEFT - 10, y + 4, "end", "#222222", r.label + "  " + r.verdict.name());
        // the thresholds of this metric: T_min dashed, T_fail solid red
        double minX = scale.x(1 + r.minEffect);
        double failX = scale.x(1 + r.fail);
        line(svg, minX, y - 13, minX, y + 13, "#b9770e", 1.2, "4 3");
        line(svg, failX, y - 13, failX, y + 13, "#c0392b", 1.6, null);
        svg.append("<text x=\"").append(Numbers.coordinate(failX + 3)).append("\" y=\"").append(y - 5)
                .append("\" font-size=\"10\" fill=\"#c0392b\">limit ").append(Numbers.ratioThreshold(r.fail))
                .append("</text>\n");
        if (Double.isNaN(r.estimate) || Double.isNaN(r.lower)) {
            text(svg, LEFT + PLOT_WIDTH + 10, y + 4, "start", "#555555", "no interval");
            return;
        }
        double lowX = scale.x(Math.max(r.lower, scale.lo));
        boolean clipped = !(r.upper <= scale.hi);
        double highX = scale.x(clipped ? scale.hi : r.upper);
        line(svg, lowX, y, highX, y, colour, 3, null);
        line(svg, lowX, y - 6, lowX, y + 6, colour, 2, null);
        if (clipped) {
            svg.append("<path d=\"M").append(Numbers.coordinate(highX - 7)).append(' ').append(y - 6).append(" L")
                    .append(Numbers.coordinate(highX)).append(' ').append(y).append(" L")
                    .append(Numbers.coordinate(highX - 7)).append(' ').append(y + 6).append("\" fill=\"none\" stroke=\"")
                    .append(colour).append("\" stroke-width=\"2\"/>\n");
        } else {
            line(svg, highX, y - 6, highX, y + 6, colour, 2, null);
        }
        double estimate = Math.min(Math.max(r.estimate, scale.lo), scale.hi);
        svg.append("<circle cx=\"").append(Numbers.coordinate(scale.x(estimate))).append("\" cy=\"").append(y)
                .append("\" r=\"5\" fill=\"").append(colour).append("\" stroke=\"#ffffff\" stroke-width=\"1\"><title>")
                .append(Html.escape(r.label + ": ratio " + Numbers.significant(r.estimate, 4) + " ["
                        + Numbers.significant(r.lower, 4) + ", " + Numbers.significant(r.upper, 4) + "], "
                        + r.verdict.name()))
                .append("</title></circle>\n");
        text(svg, LEFT + PLOT_WIDTH + 10, y + 4, "start", colour, Numbers.changePercent(r.estimate) + " ["
                + Numbers.changePercent(r.lower) + ", " + Numbers.changePercent(r.upper) + "]");
    }

    private double maxFail() {
        double m = 0;
        for (RatioRow r : rows) {
            m = Math.max(m, r.fail);
        }
        return m;
    }

    static String verdictColour(Verdict verdict) {
        switch (verdict) {
            case FAIL:
                return "#c0392b";
            case WARN:
                return "#b9770e";
            case IMPROVED:
                return "#1e8449";
            case PASS:
                return "#2e6da4";
            default:
                return "#707070";
        }
    }

    // ------------------------------------------------------------------ drawing helpers

    private static void gridAndAxis(StringBuilder svg, Scale scale, double[] ticks, int top, int axisY,
            boolean ratio) {
        for (double t : ticks) {
            double x = scale.x(t);
            line(svg, x, top, x, axisY, "#e3e3e3", 1, null);
            line(svg, x, axisY, x, axisY + 5, "#555555", 1, null);
            text(svg, x, axisY + 17, "middle", "#444444", ratio ? String.format(java.util.Locale.ROOT, "%.2f", t)
                    : Numbers.tick(t));
        }
        line(svg, LEFT, axisY, LEFT + PLOT_WIDTH, axisY, "#555555", 1, null);
    }

    private static void line(StringBuilder svg, double x1, double y1, double x2, double y2, String colour,
            double width, String dash) {
        svg.append("<line x1=\"").append(Numbers.coordinate(x1)).append("\" y1=\"").append(Numbers.coordinate(y1))
                .append("\" x2=\"").append(Numbers.coordinate(x2)).append("\" y2=\"").append(Numbers.coordinate(y2))
                .append("\" stroke=\"").append(colour).append("\" stroke-width=\"").append(Numbers.coordinate(width))
                .append('"');
        if (dash != null) {
            svg.append(" stroke-dasharray=\"").append(dash).append('"');
        }
        svg.append("/>\n");
    }

    private static void text(StringBuilder svg, double x, double y, String anchor, String colour, String content) {
        svg.append("<text x=\"").append(Numbers.coordinate(x)).append("\" y=\"").append(Numbers.coordinate(y))
                .append("\" text-anchor=\"").append(anchor).append("\" fill=\"").append(colour).append("\">")
                .append(Html.escape(content)).append("</text>\n");
    }

    /** Maps a data value to an x coordinate inside the plot area. */
    private static final class Scale {
        final double lo;
        final double hi;

        Scale(double lo, double hi) {
            this.lo = lo;
            this.hi = hi > lo ? hi : lo + 1;
        }

        double x(double v) {
            return LEFT + (v - lo) / (hi - lo) * PLOT_WIDTH;
        }
    }

    /** Round tick positions (1, 2 or 5 times a power of ten) covering [lo, hi], about {@code target} of them. */
    static double[] niceTicks(double lo, double hi, int target) {
        double span = hi - lo;
        if (!(span > 0) || !Double.isFinite(span)) {
            return new double[] {lo};
        }
        double raw = span / target;
        double magnitude = Math.pow(10, Math.floor(Math.log10(raw)));
        double norm = raw / magnitude;
        double step = (norm < 1.5 ? 1 : norm < 3 ? 2 : norm < 7 ? 5 : 10) * magnitude;
        List<Double> ticks = new ArrayList<>();
        for (long k = (long) Math.ceil(lo / step); k * step <= hi + step * 1e-9; k++) {
            ticks.add(k * step);
        }
        double[] out = new double[ticks.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = ticks.get(i);
        }
        return out;
    }

    /** Type-7 quantile of sorted values. */
    static double quantile(double[] sorted, double q) {
        if (sorted.length == 1) {
            return sorted[0];
        }
        double h = (sorted.length - 1) * q;
        int i = (int) Math.floor(h);
        int j = Math.min(i + 1, sorted.length - 1);
        return sorted[i] + (h - i) * (sorted[j] - sorted[i]);
    }

    private static double finiteOr(double v, double fallback) {
        return Double.isFinite(v) ? v : fallback;
    }

    private static double[] finite(double[] values) {
        if (values == null) {
            return new double[0];
        }
        return Arrays.stream(values).filter(Double::isFinite).toArray();
    }

    private static double[] concat(double[] a, double[] b) {
        double[] all = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, all, a.length, b.length);
        return all;
    }

    private static double min(double[] values) {
        return Arrays.stream(values).min().orElse(Double.NaN);
    }

    private static double max(double[] values) {
        return Arrays.stream(values).max().orElse(Double.NaN);
    }
}
