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
        // valueOf: the shortest decimal of the double, so 2.1 is 2.1 and not 2.100000000000000088...
        BigDecimal rounded = BigDecimal.valueOf(value).round(new MathContext(digits, RoundingMode.HALF_UP));
        if (rounded.precision() < digits) {
            // show the digits asked for: 2.25 with 4 digits is 2.250, like every other value in the column
            rounded = rounded.setScale(rounded.scale() + digits - rounded.precision(), RoundingMode.UNNECESSARY);
        }
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

    /** A threshold as a ratio: 0.1 -> {@code 1.10}. */
    static String ratioThreshold(double fraction) {
        return String.format(Locale.ROOT, "%.2f", 1 + fraction);
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
