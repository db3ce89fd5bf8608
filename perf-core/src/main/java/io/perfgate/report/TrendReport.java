package io.perfgate.report;

import io.perfgate.stats.StatsText;
import io.perfgate.text.Markup;
import io.perfgate.trend.ChangePoint;
import io.perfgate.trend.Trend;
import io.perfgate.trend.TrendRun;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * The trend of the history for people: {@code trend.md}, a table of change points fit for a CI job summary, and
 * {@code trend.html}, one plot per series (each run's median over its forks with the forks' range as a bar, over the
 * runs' commits; change points marked; every run's commit, time and value on hover), the newest slowdowns first.
 * The page is self-contained like the check's report: inline CSS and SVG, no script, nothing fetched. The series
 * come sorted; this class decides nothing but the layout.
 */
public final class TrendReport {
    private static final int WIDTH = 760;
    private static final int HEIGHT = 230;
    private static final int LEFT = 110;
    private static final int RIGHT = 20;
    private static final int TOP = 16;
    private static final int BOTTOM = 46;
    private static final String FONT = "font-family=\"Helvetica, Arial, sans-serif\" font-size=\"11\"";
    private static final String SLOWER = "#c0392b";
    private static final String FASTER = "#1e8449";

    private TrendReport() {
    }

    /** {@code +15.2 % [+13.9 %, +16.5 %], 1.02 us/op -> 1.18 us/op, p < 0.0001}. */
    public static String describe(Trend t, ChangePoint c) {
        return Units.percentWithInterval(c.change(), c.changeLow(), c.changeHigh()) + ", "
                + Units.value(c.meanBefore(), t.unit()) + " -> " + Units.value(c.meanAfter(), t.unit()) + ", "
                + StatsText.pClause(c.pValue(), Double.NaN);
    }

    /** trend.md: the change points, newest slowdowns first; {@code empty} (may be null) replaces the table. */
    public static String markdown(List<Trend> trends, String branch, int runs, String empty) {
        StringBuilder md = new StringBuilder("## Performance trend of ").append(Markup.markdown(branch))
                .append("\n\n");
        if (empty != null) {
            return md.append(Markup.markdown(empty)).append('\n').toString();
        }
        // one row per change point: slowdowns first, the newest (by the first run of the new level) first
        List<Row> rows = new ArrayList<>();
        int slowdowns = 0;
        for (Trend t : trends) {
            for (ChangePoint c : t.changes()) {
                slowdowns += c.slowdown() ? 1 : 0;
                TrendRun before = t.runs().get(c.index() - 1);
                TrendRun after = t.runs().get(c.index());
                rows.add(new Row(c.slowdown(), after.recordedAt(), new String[] {c.slowdown() ? "slower" : "faster",
                        Markup.markdown(t.displayName()), Markup.markdown(t.benchmark().mode()), Markup.markdown(t.metric()),
                        Units.percentWithInterval(c.change(), c.changeLow(), c.changeHigh()),
                        Units.value(c.meanBefore(), t.unit()) + " -> " + Units.value(c.meanAfter(), t.unit()),
                        "`" + before.shortCommit() + ".." + after.shortCommit() + "`",
                        after.recordedAt().toString().substring(0, 10), StatsText.pCell(c.pValue())}));
            }
        }
        rows.sort(Comparator.comparing((Row r) -> !r.slowdown).thenComparing(r -> r.time, Comparator.reverseOrder()));
        int changes = rows.size();
        md.append(changes).append(" change point(s), ").append(slowdowns).append(" slowdown(s), in ")
                .append(trends.size()).append(" series over ").append(runs).append(" comparable runs.\n\n");
        if (changes == 0) {
            return md.toString();
        }
        md.append("| | benchmark | mode | metric | change [95 % interval] | level before -> after | commits | first run"
                + " after | p |\n|---|---|---|---|---|---|---|---|---|\n");
        for (Row r : rows) {
            md.append("| ").append(String.join(" | ", r.cells)).append(" |\n");
        }
        return md.toString();
    }

    private static final class Row {
        final boolean slowdown;
        final Instant time;
        final String[] cells;

        Row(boolean slowdown, Instant time, String[] cells) {
            this.slowdown = slowdown;
            this.time = time;
            this.cells = cells;
        }
    }

    /** trend.html: a whole page. */
    public static String html(List<Trend> trends, String branch, int runs, String empty) {
        StringBuilder h = new StringBuilder();
        h.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
                .append("<title>Performance trend of ").append(Markup.html(branch)).append("</title>\n<style>\n")
                .append("body{margin:1.5em 2em;background:#fff}\n").append(HtmlReport.CSS).append("</style>\n")
                .append("</head>\n<body>\n<div class=\"perfgate-report\" data-benchmarks=\"")
                .append(empty == null ? trends.size() : 0).append("\">\n<h1>Performance trend of ")
                .append(Markup.html(branch)).append("</h1>\n");
        if (empty != null) {
            h.append("<p class=\"reason\">").append(Markup.html(empty)).append("</p>\n</div>\n</body>\n</html>\n");
            return h.toString();
        }
        long slow = trends.stream().filter(t -> t.newestSlowdown() != null).count();
        h.append("<p class=\"reason\">").append(trends.size()).append(" series over ").append(runs)
                .append(" comparable runs; ").append(slow).append(" with a slowdown, shown first. Each dot is a run's")
                .append(" median over its forks, the bar its forks' range; a dashed line marks a change point")
                .append(" (red: slower, green: faster). Hover a dot for its commit and time.</p>\n");
        for (Trend t : trends) {
            h.append("<h2>").append(Markup.html(t.label())).append("</h2>\n");
            for (int i = t.changes().size() - 1; i >= 0; i--) {
                ChangePoint c = t.changes().get(i);
                h.append("<p class=\"reason\"><span class=\"verdict ").append(c.slowdown() ? "v-FAIL" : "v-IMPROVED")
                        .append("\">").append(c.slowdown() ? "SLOWER" : "FASTER").append("</span> ")
                        .append(Markup.html(describe(t, c))).append(", between ")
                        .append(Markup.html(t.runs().get(c.index() - 1).shortCommit())).append(" and ")
                        .append(Markup.html(t.runs().get(c.index()).shortCommit())).append(" (run ")
                        .append(c.index() + 1).append(" of ").append(t.runs().size()).append(")</p>\n");
            }
            h.append("<figure data-benchmark=\"").append(Markup.html(t.label())).append("\">\n").append(svg(t))
                    .append("</figure>\n");
        }
        return h.append("</div>\n</body>\n</html>\n").toString();
    }

    /** One series: runs left to right, values bottom to top. */
    static String svg(Trend t) {
        List<TrendRun> runs = t.runs();
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;
        for (TrendRun r : runs) {
            lo = Math.min(lo, Math.min(r.low(), r.value()));
            hi = Math.max(hi, Math.max(r.high(), r.value()));
        }
        if (!(hi > lo)) {
            lo = lo - Math.abs(lo) * 0.05 - 1e-9;
            hi = hi + Math.abs(hi) * 0.05 + 1e-9;
        }
        double pad = (hi - lo) * 0.08;
        final double yLo = lo - pad;
        final double yHi = hi + pad;
        int plotW = WIDTH - LEFT - RIGHT;
        int plotH = HEIGHT - TOP - BOTTOM;
        int n = runs.size();
        java.util.function.IntToDoubleFunction x = i -> LEFT + (n == 1 ? plotW / 2.0 : plotW * (i + 0.5) / n);
        java.util.function.DoubleUnaryOperator y = v -> TOP + plotH * (yHi - v) / (yHi - yLo);
        StringBuilder s = new StringBuilder();
        s.append("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"").append(WIDTH).append("\" height=\"")
                .append(HEIGHT).append("\" viewBox=\"0 0 ").append(WIDTH).append(' ').append(HEIGHT)
                .append("\" role=\"img\" aria-label=\"").append(Markup.xmlAttribute(t.label())).append("\">\n");
        s.append("<rect x=\"").append(LEFT).append("\" y=\"").append(TOP).append("\" width=\"").append(plotW)
                .append("\" height=\"").append(plotH).append("\" fill=\"#fafafa\" stroke=\"#d0d0d0\"/>\n");
        for (int k = 0; k <= 4; k++) {
            double v = yLo + (yHi - yLo) * k / 4;
            double yy = y.applyAsDouble(v);
            s.append("<line x1=\"").append(LEFT).append("\" x2=\"").append(LEFT + plotW).append("\" y1=\"")
                    .append(f(yy)).append("\" y2=\"").append(f(yy)).append("\" stroke=\"#e6e6e6\"/>\n");
            s.append("<text x=\"").append(LEFT - 6).append("\" y=\"").append(f(yy + 4)).append("\" text-anchor=\"end\" ")
                    .append(FONT).append(" fill=\"#444\">").append(Markup.xmlText(Units.value(v, t.unit())))
                    .append("</text>\n");
        }
        // the level of each segment between change points, and the change points themselves
        int from = 0;
        List<ChangePoint> changes = t.changes();
        for (int c = 0; c <= changes.size(); c++) {
            int to = c < changes.size() ? changes.get(c).index() : n;
            double level = c < changes.size() ? changes.get(c).meanBefore()
                    : changes.isEmpty() ? Double.NaN : changes.get(c - 1).meanAfter();
            if (!Double.isNaN(level)) {
                s.append("<line x1=\"").append(f(x.applyAsDouble(from) - 4)).append("\" x2=\"")
                        .append(f(x.applyAsDouble(to - 1) + 4)).append("\" y1=\"").append(f(y.applyAsDouble(level)))
                        .append("\" y2=\"").append(f(y.applyAsDouble(level)))
                        .append("\" stroke=\"#888\" stroke-width=\"1.5\"/>\n");
            }
            if (c < changes.size()) {
                ChangePoint cp = changes.get(c);
                double cx = (x.applyAsDouble(cp.index() - 1) + x.applyAsDouble(cp.index())) / 2;
                s.append("<line x1=\"").append(f(cx)).append("\" x2=\"").append(f(cx)).append("\" y1=\"").append(TOP)
                        .append("\" y2=\"").append(TOP + plotH).append("\" stroke=\"")
                        .append(cp.slowdown() ? SLOWER : FASTER)
                        .append("\" stroke-width=\"2\" stroke-dasharray=\"5,3\"><title>")
                        .append(Markup.xmlText((cp.slowdown() ? "slower: " : "faster: ") + describe(t, cp)))
                        .append("</title></line>\n");
            }
            from = to;
        }
        for (int i = 0; i < n; i++) {
            TrendRun r = runs.get(i);
            double cx = x.applyAsDouble(i);
            s.append("<line x1=\"").append(f(cx)).append("\" x2=\"").append(f(cx)).append("\" y1=\"")
                    .append(f(y.applyAsDouble(r.low()))).append("\" y2=\"").append(f(y.applyAsDouble(r.high())))
                    .append("\" stroke=\"").append(ForkPlotSvg.BASELINE_COLOUR).append("\" stroke-opacity=\"0.45\"/>\n");
            s.append("<circle cx=\"").append(f(cx)).append("\" cy=\"").append(f(y.applyAsDouble(r.value())))
                    .append("\" r=\"3.2\" fill=\"").append(ForkPlotSvg.BASELINE_COLOUR).append("\"><title>")
                    .append(Markup.xmlText("run " + (i + 1) + ", commit " + r.shortCommit() + ", " + r.recordedAt()
                            + ": " + Units.value(r.value(), t.unit()) + " (forks " + Units.value(r.low(), t.unit())
                            + " to " + Units.value(r.high(), t.unit()) + ", " + r.forks() + " forks)"))
                    .append("</title></circle>\n");
        }
        int base = TOP + plotH;
        if (n > 0) {
            label(s, x.applyAsDouble(0), base + 16, "start", runs.get(0).shortCommit() + " "
                    + runs.get(0).recordedAt().toString().substring(0, 10));
            label(s, x.applyAsDouble(n - 1), base + 16, "end", runs.get(n - 1).shortCommit() + " "
                    + runs.get(n - 1).recordedAt().toString().substring(0, 10));
        }
        label(s, LEFT + plotW / 2.0, base + 34, "middle", n + " runs, oldest left");
        return s.append("</svg>\n").toString();
    }

    private static void label(StringBuilder s, double x, double y, String anchor, String text) {
        s.append("<text x=\"").append(f(x)).append("\" y=\"").append(f(y)).append("\" text-anchor=\"").append(anchor)
                .append("\" ").append(FONT).append(" fill=\"#444\">").append(Markup.xmlText(text)).append("</text>\n");
    }

    private static String f(double v) {
        return String.format(Locale.ROOT, "%.1f", v);
    }
}
