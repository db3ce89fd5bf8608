package io.perfgate.report;

import io.perfgate.stats.Quantiles;
import io.perfgate.stats.Verdict;
import io.perfgate.text.Markup;
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
        final double ciLow;
        final double ciHigh;
        final double fail;
        final double minEffect;
        final Verdict verdict;

        /**
         * @param label e.g. {@code median} or {@code p95}
         * @param estimate the Hodges-Lehmann ratio, NaN when there is none
         * @param lower lower confidence bound of the ratio, NaN when there is none
         * @param upper upper confidence bound, may be infinite
         * @param ciLow low end of the two-sided 95 % interval, NaN when there is none
         * @param ciHigh high end of the two-sided 95 % interval
         * @param fail T_fail as a fraction (0.10)
         * @param minEffect T_min as a fraction (0.05)
         */
        RatioRow(String label, double estimate, double lower, double upper, double ciLow, double ciHigh,
                double fail, double minEffect, Verdict verdict) {
            this.label = Objects.requireNonNull(label, "label");
            this.estimate = estimate;
            this.lower = lower;
            this.upper = upper;
            this.ciLow = ciLow;
            this.ciHigh = ciHigh;
            this.fail = fail;
            this.minEffect = minEffect;
            this.verdict = Objects.requireNonNull(verdict, "verdict");
        }
    }

    /** Per-fork values of one metric, both sides, drawn on one shared axis. */
    static final class SamplePanel {
        final String label;
        final String unit;
        final double[] baseline;
        final double[] candidate;

        /**
         * @param label e.g. {@code median of each fork}
         * @param unit unit of the values as measured, e.g. {@code ns/op}; the axis may rescale it
         * @param baseline per-fork values of the baseline (non-finite values are left out)
         * @param candidate per-fork values of the candidate
         */
        SamplePanel(String label, String unit, double[] baseline, double[] candidate) {
            this.label = Objects.requireNonNull(label, "label");
            this.unit = unit == null ? "" : unit;
            this.baseline = finite(baseline);
            this.candidate = finite(candidate);
        }
    }

    private final String title;
    private final List<SamplePanel> panels;
    private final List<RatioRow> rows;

    /**
     * @param title accessible name of the picture, usually the benchmark's display name
     * @param panels per-fork values, one panel per gated metric that has them
     * @param rows the ratio interval of each gated metric
     */
    ForkPlotSvg(String title, List<SamplePanel> panels, List<RatioRow> rows) {
        this.title = Objects.requireNonNull(title, "title");
        this.panels = Collections.unmodifiableList(new ArrayList<>(panels));
        this.rows = Collections.unmodifiableList(new ArrayList<>(rows));
    }

    private static final int PANEL_HEADER = 22;
    private static final int AXIS_SPACE = 44;

    String render() {
        int y = 8;
        List<int[]> panelY = new ArrayList<>();
        for (int i = 0; i < panels.size(); i++) {
            int top = y + PANEL_HEADER;
            int axis = top + 2 * ROW + 4;
            panelY.add(new int[] {top, axis});
            y = axis + AXIS_SPACE;
        }
        int ratioTop = y + PANEL_HEADER;
        int ratioAxis = ratioTop + Math.max(1, rows.size()) * ROW + 4;
        int height = ratioAxis + AXIS_SPACE + 18;

        StringBuilder svg = new StringBuilder();
        svg.append("<svg xmlns=\"http://www.w3.org/2000/svg\" role=\"img\" width=\"").append(WIDTH)
                .append("\" height=\"").append(height).append("\" viewBox=\"0 0 ").append(WIDTH).append(' ')
                .append(height).append("\" ").append(FONT).append(">\n");
        svg.append("<title>").append(Markup.html(title + ": per-fork values and slowdown ratio")).append("</title>\n");
        svg.append("<rect x=\"0\" y=\"0\" width=\"").append(WIDTH).append("\" height=\"").append(height)
                .append("\" fill=\"#ffffff\"/>\n");
        for (int i = 0; i < panels.size(); i++) {
            valuesPanel(svg, panels.get(i), panelY.get(i)[0], panelY.get(i)[1]);
        }
        ratioPanel(svg, ratioTop, ratioAxis);
        legend(svg, ratioAxis + AXIS_SPACE + 6);
        svg.append("</svg>\n");
        return svg.toString();
    }

    // ------------------------------------------------------------------ per-fork values

    private static void valuesPanel(StringBuilder svg, SamplePanel p, int top, int axisY) {
        AxisUnit axisUnit = AxisUnit.of(concat(p.baseline, p.candidate), p.unit);
        bold(svg, LEFT - 140, top - 8, p.label + (axisUnit.unit.isEmpty() ? "" : " (" + axisUnit.unit + ")"));
        double[] base = axisUnit.apply(p.baseline);
        double[] cand = axisUnit.apply(p.candidate);
        double[] all = concat(base, cand);
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
        sampleRow(svg, scale, "baseline", base, axisUnit.unit, BASELINE_COLOUR, top + ROW / 2);
        sampleRow(svg, scale, "candidate", cand, axisUnit.unit, CANDIDATE_COLOUR, top + ROW + ROW / 2);
    }

    private static void sampleRow(StringBuilder svg, Scale scale, String name, double[] values, String unit,
            String colour, int y) {
        text(svg, LEFT - 10, y + 4, "end", "#222222", name + " (" + values.length + ")");
        if (values.length == 0) {
            text(svg, LEFT + 6, y + 4, "start", "#555555", "no forks");
            return;
        }
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        double q1 = Quantiles.percentile(sorted, 0.25);
        double med = Quantiles.median(sorted);
        double q3 = Quantiles.percentile(sorted, 0.75);
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
                    .append(Markup.html(name + " fork " + (i + 1) + ": " + Numbers.value(values[i])
                            + (unit.isEmpty() ? "" : " " + unit)))
                    .append("</title></circle>\n");
        }
        text(svg, LEFT + PLOT_WIDTH + 10, y + 4, "start", "#222222",
                "median " + Numbers.value(med) + (unit.isEmpty() ? "" : " " + unit));
    }

    // ------------------------------------------------------------------ ratio intervals

    private void ratioPanel(StringBuilder svg, int top, int axisY) {
        bold(svg, LEFT - 140, top - 8, "slowdown ratio, candidate / baseline (above 1.00 = slower)");
        if (rows.isEmpty()) {
            text(svg, LEFT, top + ROW / 2 + 4, "start", "#555555", "no gated metric");
            return;
        }
        double lo = 1;
        double hi = 1;
        for (RatioRow r : rows) {
            lo = Math.min(lo, Math.min(1 - r.fail / 2, Math.min(finiteOr(r.lower, 1), finiteOr(r.ciLow, 1))));
            lo = Math.min(lo, finiteOr(r.estimate, 1));
            hi = Math.max(hi, 1 + r.fail + r.fail / 2);
            hi = Math.max(hi, finiteOr(r.estimate, 1));
            if (Double.isFinite(r.upper)) {
                hi = Math.max(hi, r.upper);
            }
            if (Double.isFinite(r.ciHigh)) {
                hi = Math.max(hi, r.ciHigh);
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
        double failX = scale.x(1 + r.fail);
        if (!Double.isNaN(r.minEffect)) {
            double minX = scale.x(1 + r.minEffect);
            line(svg, minX, y - 13, minX, y + 13, "#b9770e", 1.2, "4 3");
        }
        line(svg, failX, y - 13, failX, y + 13, "#c0392b", 1.6, null);
        svg.append("<text x=\"").append(Numbers.coordinate(failX + 3)).append("\" y=\"").append(y - 5)
                .append("\" font-size=\"10\" fill=\"#c0392b\">limit ").append(Numbers.ratioThreshold(r.fail))
                .append("</text>\n");
        if (Double.isNaN(r.estimate) || Double.isNaN(r.lower)) {
            text(svg, LEFT + PLOT_WIDTH + 10, y + 4, "start", "#555555", "no interval");
            return;
        }
        if (!Double.isNaN(r.ciLow)) {
            // the 95 % interval, thin, behind the decision bounds
            interval(svg, scale, r.ciLow, r.ciHigh, y, colour, 1.2, 4);
        }
        interval(svg, scale, r.lower, r.upper, y, colour, 4, 7);
        double estimate = Math.min(Math.max(r.estimate, scale.lo), scale.hi);
        svg.append("<circle cx=\"").append(Numbers.coordinate(scale.x(estimate))).append("\" cy=\"").append(y)
                .append("\" r=\"5\" fill=\"").append(colour).append("\" stroke=\"#ffffff\" stroke-width=\"1\"><title>")
                .append(Markup.html(r.label + ": ratio " + Numbers.significant(r.estimate, 4) + " ["
                        + Numbers.significant(r.lower, 4) + ", " + Numbers.significant(r.upper, 4) + "], "
                        + r.verdict.name()))
                .append("</title></circle>\n");
        text(svg, LEFT + PLOT_WIDTH + 10, y + 4, "start", colour, "ratio " + Numbers.significant(r.estimate, 3)
                + " (" + slower(r.estimate) + ")");
    }

    /**
     * The oriented ratio in words that hold for every metric direction: {@code 21.1 % slower}, {@code 0.7 %
     * faster}. A signed change would read as the opposite for a throughput, whose table column shows ops/s.
     */
    static String slower(double ratio) {
        double pct = Math.abs(ratio - 1) * 100;
        String amount = String.format(java.util.Locale.ROOT, "%.1f %%", pct);
        if ("0.0 %".equals(amount)) {
            return "no change";
        }
        return amount + (ratio > 1 ? " slower" : " faster");
    }

    /** A horizontal interval with end caps; an end beyond the axis becomes an arrow head. */
    private static void interval(StringBuilder svg, Scale scale, double low, double high, int y, String colour,
            double width, int cap) {
        boolean lowClipped = !(low >= scale.lo);
        boolean highClipped = !(high <= scale.hi);
        double lowX = scale.x(lowClipped ? scale.lo : low);
        double highX = scale.x(highClipped ? scale.hi : high);
        line(svg, lowX, y, highX, y, colour, width, null);
        end(svg, lowX, y, cap, lowClipped ? 1 : 0, colour);
        end(svg, highX, y, cap, highClipped ? -1 : 0, colour);
    }

    /** A cap ({@code arrow} 0), or an arrow head pointing left (1) or right (-1) for a clipped end. */
    private static void end(StringBuilder svg, double x, int y, int cap, int arrow, String colour) {
        if (arrow == 0) {
            line(svg, x, y - cap, x, y + cap, colour, 2, null);
            return;
        }
        double back = x + arrow * 7;
        svg.append("<path d=\"M").append(Numbers.coordinate(back)).append(' ').append(y - 6).append(" L")
                .append(Numbers.coordinate(x)).append(' ').append(y).append(" L").append(Numbers.coordinate(back))
                .append(' ').append(y + 6).append("\" fill=\"none\" stroke=\"").append(colour)
                .append("\" stroke-width=\"2\"/>\n");
    }

    private static void legend(StringBuilder svg, int y) {
        int x = LEFT - 140;
        line(svg, x, y - 4, x + 22, y - 4, "#555555", 4, null);
        text(svg, x + 28, y, "start", "#444444", "one-sided bounds the rule uses");
        line(svg, x + 220, y - 4, x + 242, y - 4, "#555555", 1.2, null);
        text(svg, x + 248, y, "start", "#444444", "95 % interval");
        line(svg, x + 350, y - 11, x + 350, y + 3, "#b9770e", 1.2, "4 3");
        text(svg, x + 356, y, "start", "#444444", "minimum effect");
        line(svg, x + 470, y - 11, x + 470, y + 3, "#c0392b", 1.6, null);
        text(svg, x + 476, y, "start", "#444444", "fail limit");
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
                .append(Markup.html(content)).append("</text>\n");
    }

    private static void bold(StringBuilder svg, double x, double y, String content) {
        svg.append("<text x=\"").append(Numbers.coordinate(x)).append("\" y=\"").append(Numbers.coordinate(y))
                .append("\" font-weight=\"bold\" fill=\"#222222\">").append(Markup.html(content)).append("</text>\n");
    }

    /**
     * The unit an axis is labelled in: times move to ns, us, ms or s and other units get k, M or G, so that
     * tick labels stay short ("1.5 Mops/s", not "1500000 ops/s").
     */
    static final class AxisUnit {
        private static final String[] TIMES = {"ns", "us", "ms", "s"};
        final String unit;
        final double factor;

        private AxisUnit(String unit, double factor) {
            this.unit = unit;
            this.factor = factor;
        }

        static AxisUnit of(double[] values, String unit) {
            double largest = 0;
            for (double v : values) {
                largest = Math.max(largest, Math.abs(v));
            }
            String u = unit.trim();
            String suffix = u.endsWith("/op") ? "/op" : "";
            String base = u.substring(0, u.length() - suffix.length());
            int time = Arrays.asList(TIMES).indexOf("\u00b5s".equals(base) ? "us" : base);
            if (time >= 0 && largest > 0) {
                double seconds = largest * Math.pow(1000, time);
                int best = time;
                while (best < TIMES.length - 1 && seconds / Math.pow(1000, best) >= 1000) {
                    best++;
                }
                while (best > 0 && seconds / Math.pow(1000, best) < 1) {
                    best--;
                }
                return new AxisUnit(TIMES[best] + suffix, Math.pow(1000, time - best));
            }
            if (time < 0 && largest >= 1e4) {
                if (largest >= 1e9) {
                    return new AxisUnit("G" + u, 1e-9);
                }
                if (largest >= 1e6) {
                    return new AxisUnit("M" + u, 1e-6);
                }
                return new AxisUnit("k" + u, 1e-3);
            }
            return new AxisUnit(u, 1);
        }

        double[] apply(double[] values) {
            double[] out = new double[values.length];
            for (int i = 0; i < values.length; i++) {
                out[i] = values[i] * factor;
            }
            return out;
        }
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
