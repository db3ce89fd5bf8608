package io.perfgate.text;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Durations as people write and read them. Every duration setting ({@code perf.warmupTime},
 * {@code perf.measurementTime}, {@code perf.timeout}, {@code perf.budget}, a scenario's timeouts) is read here, in
 * one syntax: a number, whole or with a decimal point, and a unit ({@code 500ms}, {@code 90s}, {@code 1.5h},
 * {@code 2 min}; none means seconds), or ISO-8601 ({@code PT5M}); see the configuration page. Durations are also
 * printed here for logs and messages ({@code 850 ms}, {@code 3.0 s}, {@code 45 s}, {@code 3 min 05 s},
 * {@code 1 h 05 min}).
 */
public final class Durations {
    /** What the messages suggest; the configuration page lists every unit. */
    public static final String EXAMPLES = "500ms, 90s, 5m, 1h or PT5M";

    private static final Pattern WRITTEN = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*([a-z\u00b5]*)");

    /** Each unit a duration may be written in, largest first, so that a whole amount finds its largest unit. */
    private static final TimeUnit[] LARGEST_FIRST = {TimeUnit.DAYS, TimeUnit.HOURS, TimeUnit.MINUTES,
        TimeUnit.SECONDS, TimeUnit.MILLISECONDS, TimeUnit.MICROSECONDS, TimeUnit.NANOSECONDS};

    private Durations() {
    }

    /**
     * A duration as it was written: its number and its unit, kept so that a setting can be passed on (to JMH's
     * command line) and recorded in the unit the user typed.
     */
    public static final class Written {
        private final BigDecimal amount;
        private final TimeUnit unit;

        private Written(BigDecimal amount, TimeUnit unit) {
            this.amount = amount;
            this.unit = unit;
        }

        public BigDecimal amount() {
            return amount;
        }

        public TimeUnit unit() {
            return unit;
        }

        /** The same duration with a whole amount: itself when its amount is whole, else in a smaller unit. */
        public Written whole() {
            return amount.stripTrailingZeros().scale() <= 0 ? this : inLargestUnit(toDuration());
        }

        /** @throws IllegalArgumentException when it is too long for a {@link Duration} (about 292 years) */
        public Duration toDuration() {
            try {
                return Duration.ofNanos(amount.multiply(BigDecimal.valueOf(unit.toNanos(1)))
                        .setScale(0, RoundingMode.HALF_UP).longValueExact());
            } catch (ArithmeticException e) {
                throw new IllegalArgumentException("'" + amount.toPlainString() + " " + unit + "' is too long");
            }
        }
    }

    /**
     * Reads {@code text} in the one syntax; zero is accepted (a caller that needs more says so).
     *
     * @throws IllegalArgumentException with the accepted forms when {@code text} is not a duration
     */
    public static Written read(String text) {
        String t = text == null ? "" : text.trim().toLowerCase(Locale.ROOT);
        Matcher m = WRITTEN.matcher(t);
        if (m.matches()) {
            TimeUnit unit = unit(m.group(2));
            if (unit != null) {
                Written w = new Written(new BigDecimal(m.group(1)), unit);
                try {
                    w.toDuration();
                    return w;
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException("'" + text + "' is too long for a duration");
                }
            }
        } else if (t.startsWith("pt")) {
            try {
                Duration d = Duration.parse(t.toUpperCase(Locale.ROOT));
                if (!d.isNegative()) {
                    return inLargestUnit(d);
                }
            } catch (DateTimeParseException e) {
                // reported below
            }
        }
        throw new IllegalArgumentException("'" + text + "' is not a duration; write e.g. " + EXAMPLES);
    }

    /**
     * Reads {@code text} in the one syntax.
     *
     * @throws IllegalArgumentException with the accepted forms when {@code text} is not a duration or not positive
     */
    public static Duration parse(String text) {
        Duration d;
        try {
            d = read(text).toDuration();
        } catch (IllegalArgumentException e) {
            d = null;
        }
        if (d == null || d.isZero()) {
            throw new IllegalArgumentException("'" + text + "' is not a positive duration; write e.g. " + EXAMPLES);
        }
        return d;
    }

    /** The units of the one syntax; null for another word. */
    private static TimeUnit unit(String u) {
        switch (u) {
            case "ns":
                return TimeUnit.NANOSECONDS;
            case "us":
            case "\u00b5s":
                return TimeUnit.MICROSECONDS;
            case "ms":
                return TimeUnit.MILLISECONDS;
            case "":
            case "s":
            case "sec":
                return TimeUnit.SECONDS;
            case "m":
            case "min":
                return TimeUnit.MINUTES;
            case "h":
            case "hr":
                return TimeUnit.HOURS;
            case "d":
            case "day":
                return TimeUnit.DAYS;
            default:
                return null;
        }
    }

    /** {@code d} as a whole amount of the largest unit that holds it exactly ({@code PT90S}: 90 s, PT2M: 2 min). */
    private static Written inLargestUnit(Duration d) {
        long nanos = d.toNanos();
        for (TimeUnit u : LARGEST_FIRST) {
            long one = u.toNanos(1);
            if (nanos % one == 0 && (nanos != 0 || u == TimeUnit.SECONDS)) {
                return new Written(BigDecimal.valueOf(nanos / one), u);
            }
        }
        throw new AssertionError("every duration is a whole number of nanoseconds");
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
