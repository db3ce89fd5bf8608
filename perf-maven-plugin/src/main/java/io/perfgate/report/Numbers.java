package io.perfgate.report;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.Locale;

/**
 * Number formatting shared by the human-readable reports: fixed locale (a report must not change with the
 * machine's language), a few significant digits, and signs on changes.
 */
final class Numbers {
    private Numbers() {
    }

    /** {@code value} with {@code digits} significant digits, no exponent for everyday magnitudes. */
    static String significant(double value, int digits) {
        if (Double.isNaN(value)) {
            return "n/a";
        }
        if (Double.isInfinite(value)) {
            return value > 0 ? "inf" : "-inf";
        }
        if (value == 0) {
            return "0";
        }
        BigDecimal rounded = new BigDecimal(value).round(new MathContext(digits, RoundingMode.HALF_EVEN));
        double magnitude = Math.abs(value);
        if (magnitude >= 1e-4 && magnitude < 1e12) {
            return rounded.toPlainString();
        }
        return String.format(Locale.ROOT, "%." + (digits - 1) + "e", value);
    }

    /** A measured value: 4 significant digits. */
    static String value(double value) {
        return significant(value, 4);
    }

    /** A ratio as a signed percentage change, one decimal: 1.234 -> {@code +23.4 %}. */
    static String changePercent(double ratio) {
        if (Double.isNaN(ratio)) {
            return "n/a";
        }
        if (Double.isInfinite(ratio)) {
            return ratio > 0 ? "+inf %" : "-100.0 %";
        }
        double pct = (ratio - 1) * 100;
        String s = String.format(Locale.ROOT, "%.1f", pct);
        if ("-0.0".equals(s)) {
            s = "0.0";
        }
        return (pct >= 0 && !s.startsWith("-") ? "+" : "") + s + " %";
    }

    /** A threshold fraction as a plain percentage: 0.1 -> {@code 10 %}, 0.125 -> {@code 12.5 %}. */
    static String percent(double fraction) {
        return new BigDecimal(fraction * 100).round(new MathContext(4, RoundingMode.HALF_EVEN))
                .stripTrailingZeros().toPlainString() + " %";
    }

    /** A threshold as a ratio: 0.1 -> {@code 1.10}. */
    static String ratioThreshold(double fraction) {
        return String.format(Locale.ROOT, "%.2f", 1 + fraction);
    }

    /** A p-value: 4 decimals, or {@code < 0.0001}. */
    static String pValue(double p) {
        if (Double.isNaN(p)) {
            return "n/a";
        }
        if (p < 0.0001) {
            return "< 0.0001";
        }
        return String.format(Locale.ROOT, "%.4f", p);
    }

    /** An axis tick: the shortest decimal that names it ({@code 0.3}, not {@code 0.30000000000000004}). */
    static String tick(double value) {
        if (value == 0) {
            return "0";
        }
        return new BigDecimal(value).round(new MathContext(6, RoundingMode.HALF_EVEN)).stripTrailingZeros()
                .toPlainString();
    }

    /** A plain decimal for SVG coordinates: two decimals, no locale, no exponent. */
    static String coordinate(double v) {
        String s = String.format(Locale.ROOT, "%.2f", v);
        if (s.endsWith(".00")) {
            s = s.substring(0, s.length() - 3);
        } else if (s.endsWith("0")) {
            s = s.substring(0, s.length() - 1);
        }
        return "-0".equals(s) ? "0" : s;
    }
}
