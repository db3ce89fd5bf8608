package io.perfgate.stats;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.Locale;

/** Formatting of ratios, limits and p-values for people, locale-independent. */
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
        double percent = (ratio - 1) * 100;
        String text = String.format(Locale.ROOT, "%.1f", percent);
        if (text.equals("-0.0")) {
            text = "0.0";
        }
        return (text.startsWith("-") ? text : "+" + text) + " %";
    }

    /** A fraction as an unsigned percentage without needless decimals: 0.1 gives "10 %", 0.025 gives "2.5 %". */
    public static String percent(double fraction) {
        BigDecimal value = BigDecimal.valueOf(fraction * 100).round(new MathContext(4, RoundingMode.HALF_EVEN))
                .stripTrailingZeros();
        return value.toPlainString() + " %";
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

    /** "p = 0.0004", or "p &lt; 0.0001" for very small values. See {@link #pValue(double, double)}. */
    public static String pClause(double p, double alpha) {
        String value = pValue(p, alpha);
        return value.startsWith("<") ? "p " + value : "p = " + value;
    }
}
