package io.perfgate.scenariorunner;

import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Parses timeouts as people write them in a POM ({@code 90s}, {@code 5m}, {@code 1h}, {@code PT2M}) and prints durations. */
public final class Durations {
    private static final Pattern SIMPLE = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*(ms|s|sec|m|min|h)?");

    private Durations() {
    }

    /**
     * @throws IllegalArgumentException with the accepted forms when {@code text} is none of them or not positive
     */
    public static Duration parse(String text) {
        String t = text == null ? "" : text.trim().toLowerCase(Locale.ROOT);
        Duration d = null;
        Matcher m = SIMPLE.matcher(t);
        if (m.matches()) {
            double value = Double.parseDouble(m.group(1));
            String unit = m.group(2) == null ? "s" : m.group(2);
            double millis;
            switch (unit) {
                case "ms":
                    millis = value;
                    break;
                case "m":
                case "min":
                    millis = value * 60_000;
                    break;
                case "h":
                    millis = value * 3_600_000;
                    break;
                default:
                    millis = value * 1000;
                    break;
            }
            d = Duration.ofMillis(Math.round(millis));
        } else if (t.startsWith("pt")) {
            try {
                d = Duration.parse(t.toUpperCase(Locale.ROOT));
            } catch (DateTimeParseException e) {
                d = null;
            }
        }
        if (d == null || d.isNegative() || d.isZero()) {
            throw new IllegalArgumentException("'" + text + "' is not a positive duration; write e.g. 500ms, 90s, 5m, 1h or PT5M");
        }
        return d;
    }

    /** {@code 850 ms}, {@code 11.2 s}, {@code 1 min 40 s}, {@code 1 h 05 min}. */
    public static String format(Duration d) {
        long ms = d.toMillis();
        if (ms < 1000) {
            return ms + " ms";
        }
        if (ms < 60_000) {
            return String.format(Locale.ROOT, "%.1f s", ms / 1000.0);
        }
        long s = Math.round(ms / 1000.0);
        if (s < 3600) {
            return s % 60 == 0 ? s / 60 + " min" : s / 60 + " min " + s % 60 + " s";
        }
        long min = Math.round(s / 60.0);
        return String.format(Locale.ROOT, "%d h %02d min", min / 60, min % 60);
    }
}
