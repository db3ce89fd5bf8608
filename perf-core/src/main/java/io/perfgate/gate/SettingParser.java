package io.perfgate.gate;

import java.util.Locale;

/**
 * Turns the strings of the POM and of {@code -D} properties into numbers, rejecting nonsense with a message
 * that names the setting and shows the accepted form.
 *
 * <p>Thresholds are percentages: {@code 10%}, {@code 10 %} and {@code 10} all mean ten percent. A bare number
 * between 0 and 1 ({@code 0.10}) is refused as ambiguous, because reading it as 0.1 % would silently make
 * the gate a hundred times stricter than a user who meant 10 % expects; {@code 0.1%} says it plainly.
 */
public final class SettingParser {
    /** Larger slowdown thresholds than this are refused as a typo rather than a wish. */
    public static final double MAX_PERCENT = 1000;

    /** What a switch accepts, as the messages say it. */
    private static final String SWITCH = "true or false (in any case), or leave it empty for the default";

    private SettingParser() {
    }

    /**
     * A percentage threshold as a fraction (10 % gives 0.10).
     *
     * @param setting the property or rule field, named in any error
     * @param value the text as written
     */
    public static double percent(String setting, String value) throws InvalidSettingException {
        String text = trimmed(setting, value, "a percentage such as 10%");
        boolean hasPercentSign = text.endsWith("%");
        String number = hasPercentSign ? text.substring(0, text.length() - 1).trim() : text;
        double percent = number(setting, value, number, "a percentage such as 10%");
        if (percent < 0) {
            throw new InvalidSettingException(setting, setting + " = '" + value
                    + "' is negative; a threshold is the size of a slowdown: write a percentage from 0% to "
                    + (int) MAX_PERCENT + "%, such as 10%");
        }
        if (percent > MAX_PERCENT) {
            throw new InvalidSettingException(setting, setting + " = '" + value + "' is above "
                    + (int) MAX_PERCENT + "%; write a percentage such as 10%");
        }
        if (!hasPercentSign && percent > 0 && percent < 1) {
            throw new InvalidSettingException(setting, setting + " = '" + value + "' is ambiguous: thresholds are"
                    + " percentages, so write '" + trimZeros(percent * 100) + "%' for " + trimZeros(percent * 100)
                    + " percent or '" + text + "%' for " + text + " percent");
        }
        return percent / 100;
    }

    /** The one-sided significance level: a fraction such as {@code 0.05}, or a percentage such as {@code 5%}. */
    public static double alpha(String setting, String value) throws InvalidSettingException {
        String accepted = "a probability between 0 and 0.5 such as 0.05 (or 5%)";
        String text = trimmed(setting, value, accepted);
        double alpha = text.endsWith("%")
                ? number(setting, value, text.substring(0, text.length() - 1).trim(), accepted) / 100
                : number(setting, value, text, accepted);
        if (!(alpha > 0 && alpha < 0.5)) {
            throw new InvalidSettingException(setting, setting + " = '" + value + "' is out of range; write "
                    + accepted);
        }
        return alpha;
    }

    /** Bytes per operation, such as {@code 16}, {@code 16 B} or {@code 16 B/op}. */
    public static double bytes(String setting, String value) throws InvalidSettingException {
        String accepted = "a number of bytes per operation such as 16 or 16 B/op";
        String text = trimmed(setting, value, accepted);
        String lower = text.toLowerCase(Locale.ROOT);
        if (lower.endsWith("b/op")) {
            text = text.substring(0, text.length() - 4).trim();
        } else if (lower.endsWith("b")) {
            text = text.substring(0, text.length() - 1).trim();
        }
        double bytes = number(setting, value, text, accepted);
        if (bytes < 0) {
            throw new InvalidSettingException(setting, setting + " = '" + value + "' is negative; write " + accepted);
        }
        return bytes;
    }

    /** A whole number of forks, at least {@code min}. */
    public static int count(String setting, String value, int min) throws InvalidSettingException {
        String accepted = "a whole number of at least " + min;
        String text = trimmed(setting, value, accepted);
        int n;
        try {
            n = Integer.parseInt(text);
        } catch (NumberFormatException e) {
            throw new InvalidSettingException(setting, setting + " = '" + value + "' is not " + accepted);
        }
        if (n < min) {
            throw new InvalidSettingException(setting, setting + " = '" + value + "' is too small; write " + accepted);
        }
        return n;
    }

    /**
     * A switch, by the one rule of every {@code perf.*} switch and every boolean field of a rule: {@code true} or
     * {@code false} in any case, surrounding blanks ignored; empty (or absent) means {@code defaultValue}; anything
     * else is refused, naming the setting and the value. Maven's own conversion reads {@code yes}, {@code 1} or
     * {@code ture} as false, which would silently switch a gate off or adaptive stopping off.
     */
    public static boolean flag(String setting, String value, String defaultValue) throws InvalidSettingException {
        if (value == null || value.trim().isEmpty()) {
            return bool(setting, defaultValue);
        }
        return bool(setting, value);
    }

    /** A switch that has been given ({@link #flag} without the default): {@code true} or {@code false}. */
    public static boolean bool(String setting, String value) throws InvalidSettingException {
        String v = trimmed(setting, value, "true or false").toLowerCase(Locale.ROOT);
        if (v.equals("true") || v.equals("false")) {
            return v.equals("true");
        }
        throw new InvalidSettingException(setting, setting + " = '" + value + "' is not a switch; write " + SWITCH);
    }

    /** One of the enum's constants, matched without regard to case. */
    public static <E extends Enum<E>> E choice(String setting, String value, Class<E> type)
            throws InvalidSettingException {
        StringBuilder names = new StringBuilder();
        for (E e : type.getEnumConstants()) {
            names.append(names.length() == 0 ? "" : "|").append(e.name().toLowerCase(Locale.ROOT));
        }
        String text = trimmed(setting, value, "one of " + names);
        for (E e : type.getEnumConstants()) {
            if (e.name().equalsIgnoreCase(text)) {
                return e;
            }
        }
        throw new InvalidSettingException(setting, setting + " = '" + value + "' is not one of " + names);
    }

    private static String trimmed(String setting, String value, String accepted) throws InvalidSettingException {
        if (value == null || value.trim().isEmpty()) {
            throw new InvalidSettingException(setting, setting + " is empty; write " + accepted);
        }
        return value.trim();
    }

    private static double number(String setting, String original, String text, String accepted)
            throws InvalidSettingException {
        double d;
        try {
            d = Double.parseDouble(text);
        } catch (NumberFormatException e) {
            d = Double.NaN;
        }
        // parseDouble also accepts "NaN", "Infinity" and hex or "1d" forms, none of which a person means here.
        if (!Double.isFinite(d) || !text.matches("[+-]?(\\d+(\\.\\d*)?|\\.\\d+)([eE][+-]?\\d+)?")) {
            throw new InvalidSettingException(setting, setting + " = '" + original + "' is not a number; write "
                    + accepted);
        }
        return d;
    }

    static String trimZeros(double d) {
        String s = String.format(Locale.ROOT, "%.6f", d);
        s = s.replaceAll("0+$", "");
        return s.endsWith(".") ? s.substring(0, s.length() - 1) : s;
    }
}
