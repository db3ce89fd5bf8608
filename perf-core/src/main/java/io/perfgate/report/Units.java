package io.perfgate.report;

import io.perfgate.gate.GateRow;
import io.perfgate.gate.Metric;
import java.util.Locale;

/**
 * Formats measured values for people: times scaled to ns, us, ms or s; throughputs to ops/s with k, M or G;
 * bytes per operation; changes as signed percentages. A median and its interval share one scale, so they line up.
 * Limits and p-values are written by {@link io.perfgate.stats.StatsText}, like the verdicts that quote them.
 */
public final class Units {
    private static final String[] TIME_UNITS = {"ns", "us", "ms", "s", "min"};
    private static final double[] TIME_SECONDS = {1e-9, 1e-6, 1e-3, 1, 60};
    /** Times are shown in ns to s; minutes would hide the decimals people compare. */
    private static final int LARGEST_SHOWN_TIME = 3;

    private Units() {
    }

    /** {@code 1.234 ms/op}; {@code -} for NaN. */
    public static String value(double value, String unit) {
        if (Double.isNaN(value)) {
            return "-";
        }
        Scale s = scale(value, unit);
        return s.format(value) + " " + s.unit;
    }

    /** {@code 1.234 ms/op [1.201, 1.260]}; the interval is left out when unknown. */
    public static String valueWithInterval(double value, double low, double high, String unit) {
        if (Double.isNaN(value)) {
            return "-";
        }
        Scale s = scale(value, unit);
        String v = s.format(value) + " " + s.unit;
        if (Double.isNaN(low) || Double.isNaN(high)) {
            return v;
        }
        return v + " [" + s.format(low) + ", " + s.format(high) + "]";
    }

    /** A change as a signed percentage with one decimal: {@code +23.4 %}, {@code -3.0 %}; {@code -} for NaN. */
    public static String percent(double change) {
        if (Double.isNaN(change)) {
            return "-";
        }
        if (Double.isInfinite(change)) {
            return change > 0 ? "+inf %" : "-inf %";
        }
        String s = String.format(Locale.ROOT, "%+.1f", change * 100);
        if (s.equals("-0.0")) {
            s = "+0.0";
        }
        return s + " %";
    }

    /** {@code +23.4 % [+18.1 %, +29.0 %]}; the interval is left out when unknown. */
    public static String percentWithInterval(double change, double low, double high) {
        if (Double.isNaN(change)) {
            return "-";
        }
        if (Double.isNaN(low) || Double.isNaN(high)) {
            return percent(change);
        }
        return percent(change) + " [" + percent(low) + ", " + percent(high) + "]";
    }

    /**
     * The change column of a comparison: the relative change with its interval, or, for allocation growing from
     * nothing (no ratio), the change in bytes per operation: {@code +1040 B/op}.
     */
    public static String change(GateRow c) {
        if (Double.isNaN(c.change()) && c.metric() == Metric.ALLOCATION
                && !Double.isNaN(c.currentMedian()) && !Double.isNaN(c.baselineMedian())) {
            double growth = c.currentMedian() - c.baselineMedian();
            return (growth >= 0 ? "+" : "-") + value(Math.abs(growth), c.unit());
        }
        return percentWithInterval(c.change(), c.changeCiLow(), c.changeCiHigh());
    }

    private static Scale scale(double value, String unit) {
        String u = unit.trim();
        String perOp = "";
        String base = u;
        if (u.endsWith("/op")) {
            perOp = "/op";
            base = u.substring(0, u.length() - 3);
        }
        int time = timeIndex(base);
        if (time >= 0) {
            double seconds = Math.abs(value) * TIME_SECONDS[time];
            int best = 0;
            for (int i = LARGEST_SHOWN_TIME; i >= 0; i--) {
                if (seconds >= TIME_SECONDS[i] * 0.9995) {
                    best = i;
                    break;
                }
            }
            return new Scale(TIME_SECONDS[time] / TIME_SECONDS[best], TIME_UNITS[best] + perOp, value);
        }
        if (u.startsWith("ops/")) {
            int per = timeIndex(u.substring(4));
            if (per >= 0) {
                double perSecond = Math.abs(value) / TIME_SECONDS[per];
                double factor = 1 / TIME_SECONDS[per];
                return prefixed(perSecond, factor, "ops/s", value);
            }
        }
        if (u.equals("B/op") || u.equals("B")) {
            return prefixedBytes(Math.abs(value), u, value);
        }
        return new Scale(1, u, value);
    }

    private static Scale prefixed(double magnitude, double factor, String unit, double value) {
        if (magnitude >= 1e9 * 0.9995) {
            return new Scale(factor / 1e9, "G" + unit, value);
        }
        if (magnitude >= 1e6 * 0.9995) {
            return new Scale(factor / 1e6, "M" + unit, value);
        }
        if (magnitude >= 1e4) {
            return new Scale(factor / 1e3, "k" + unit, value);
        }
        return new Scale(factor, unit, value);
    }

    private static Scale prefixedBytes(double magnitude, String unit, double value) {
        if (magnitude >= 1e7) {
            return new Scale(1e-6, "M" + unit, value);
        }
        if (magnitude >= 1e4) {
            return new Scale(1e-3, "k" + unit, value);
        }
        return new Scale(1, unit, value);
    }

    private static int timeIndex(String unit) {
        switch (unit) {
            case "ns":
                return 0;
            case "us":
            case "\u00b5s":
            case "\u03bcs":
                return 1;
            case "ms":
                return 2;
            case "s":
                return 3;
            case "min":
                return 4;
            default:
                return -1;
        }
    }

    /** A factor from the measured unit to the shown one, and the decimals that give four significant digits. */
    private static final class Scale {
        final double factor;
        final String unit;
        final int decimals;

        Scale(double factor, String unit, double reference) {
            this.factor = factor;
            this.unit = unit;
            double shown = Math.abs(reference * factor);
            this.decimals = shown == 0 || !Double.isFinite(shown) ? 0
                    : Math.max(0, Math.min(9, 3 - (int) Math.floor(Math.log10(shown) + 1e-9)));
        }

        String format(double v) {
            if (Double.isNaN(v)) {
                return "-";
            }
            return String.format(Locale.ROOT, "%." + decimals + "f", v * factor);
        }
    }
}
