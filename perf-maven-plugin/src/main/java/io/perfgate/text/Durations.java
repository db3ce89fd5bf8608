package io.perfgate.text;

import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Durations as people write and read them: parsed from a POM ({@code 90s}, {@code 5m}, {@code 1h}, {@code PT2M})
 * and printed in logs and messages ({@code 850 ms}, {@code 3.0 s}, {@code 45 s}, {@code 3 min 05 s},
 * {@code 1 h 05 min}).
 */
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

    /**
     * About two significant figures, the precision a person reads a duration at: {@code 850 ms} below a second,
     * one decimal below ten seconds ({@code 3.0 s}: a short limit or run is told apart from its neighbours), whole
     * seconds below a minute ({@code 45 s}), then minutes and seconds ({@code 2 min}, {@code 3 min 05 s}) and hours
     * and minutes ({@code 1 h 05 min}), the smaller unit always two digits. Nothing is negative: a time left that
     * ran out is {@code 0 s}.
     */
    public static String format(Duration d) {
        long ms = d.toMillis();
        if (ms <= 0) {
            return "0 s";
        }
        if (ms < 1000) {
            return ms + " ms";
        }
        if (ms < 9_950) {
            return String.format(Locale.ROOT, "%.1f s", ms / 1000.0);
        }
        long s = Math.round(ms / 1000.0);
        if (s < 60) {
            return s + " s";
        }
        if (s < 3600) {
            return s % 60 == 0 ? s / 60 + " min" : String.format(Locale.ROOT, "%d min %02d s", s / 60, s % 60);
        }
        long min = Math.round(s / 60.0);
        return String.format(Locale.ROOT, "%d h %02d min", min / 60, min % 60);
    }
}
