package io.perfgate.stats;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.Locale;

/**
 * Formatting of ratios, limits and p-values for people, locale-independent: the one home of how a p-value is
 * written, in a sentence ({@link #pClause}) and in a table's p column ({@link #pCell}).
 */
public final class StatsText {
    private StatsText() {
    }

    /**
     * A ratio as a signed change with one decimal: 1.234 gives "+23.4 %", 0.8 gives "-20.0 %". A ratio of 0 or
     * infinity (a bound that does not exist at this fork count) gives "unbounded".
     */
    public static String percentChange(double ratio) {
        if (!(ratio > 0) || Double.isInfinite(ratio)) {
            return "unbounded";
        }
        // hand-rolled: a gate renders thousands of these and Formatter costs microseconds each
        long tenths = Math.round((ratio - 1) * 1000);
        long magnitude = Math.abs(tenths);
        return (tenths < 0 ? "-" : "+") + magnitude / 10 + "." + magnitude % 10 + " %";
    }

    /** A noise figure such as a coefficient of variation, to one decimal: 0.0317 -> "3.2 %"; NaN -> "-". */
    public static String noise(double fraction) {
        return Double.isNaN(fraction) ? "-" : String.format(Locale.ROOT, "%.1f %%", fraction * 100);
    }

    /**
     * A fraction as an unsigned percentage with at most two decimals and no trailing zeros: 0.1 gives "10 %",
     * 0.025 gives "2.5 %", 0.0125 gives "1.25 %".
     */
    public static String percent(double fraction) {
        long hundredths = Math.round(fraction * 10_000);
        long whole = hundredths / 100;
        long decimals = Math.abs(hundredths % 100);
        String sign = hundredths < 0 && whole == 0 ? "-" : "";
        if (decimals == 0) {
            return sign + whole + " %";
        }
        return sign + whole + "." + (decimals % 10 == 0 ? String.valueOf(decimals / 10)
                : (decimals < 10 ? "0" : "") + decimals) + " %";
    }

    /**
     * A p-value with two significant digits, more when needed to show on which side of {@code alpha} it lies
     * (0.0501 against 0.05 prints as "0.0501", not "0.05"); below 0.0001 prints as "&lt; 0.0001".
     */
    public static String pValue(double p, double alpha) {
        if (Double.isNaN(p)) {
            return "n/a";
        }
        if (p < 0.0001) {
            return "< 0.0001";
        }
        for (int digits = 2; digits <= 6; digits++) {
            BigDecimal rounded = BigDecimal.valueOf(p).round(new MathContext(digits, RoundingMode.HALF_EVEN));
            boolean sameSide = Double.isNaN(alpha) || (rounded.doubleValue() <= alpha) == (p <= alpha);
            if (sameSide) {
                return rounded.stripTrailingZeros().toPlainString();
            }
        }
        return BigDecimal.valueOf(p).toPlainString();
    }

    /**
     * A p-value in a table's p column, three decimals wide so a column lines up: {@code 0.049}, {@code 0.0004},
     * {@code < 0.0001}; {@code -} for NaN (no test). The sentence of a verdict uses {@link #pValue(double, double)},
     * which keeps the digits that show the side of alpha.
     */
    public static String pCell(double p) {
        if (Double.isNaN(p)) {
            return "-";
        }
        if (p >= 0.001) {
            return String.format(Locale.ROOT, "%.3f", p);
        }
        if (p >= 0.0001) {
            return String.format(Locale.ROOT, "%.4f", p);
        }
        return "< 0.0001";
    }

    /** "p = 0.0004", or "p &lt; 0.0001" for very small values. See {@link #pValue(double, double)}. */
    public static String pClause(double p, double alpha) {
        String value = pValue(p, alpha);
        return value.startsWith("<") ? "p " + value : "p = " + value;
    }
}
