package io.perfgate.jmh;

import java.time.Duration;
import java.util.Locale;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A time as JMH writes it: a whole number and a unit, e.g. {@code 1 s}, {@code 500 ms}, {@code 2 min}. Parses the
 * forms people type ({@code "1 s"}, {@code "1s"}, {@code "500ms"}, {@code "10"} meaning seconds, as in JMH) and
 * writes the form JMH's command line reads back without ambiguity.
 */
public final class JmhTime implements Comparable<JmhTime> {
    private static final Pattern FORM = Pattern.compile("(\\d{1,9})\\s*([a-z\u00b5]*)");

    private final long amount;
    private final TimeUnit unit;

    private JmhTime(long amount, TimeUnit unit) {
        this.amount = amount;
        this.unit = Objects.requireNonNull(unit, "unit");
    }

    public static JmhTime of(long amount, TimeUnit unit) {
        if (amount < 0) {
            throw new IllegalArgumentException("time must not be negative: " + amount);
        }
        return new JmhTime(amount, unit);
    }

    /**
     * Parses {@code text}; throws {@link IllegalArgumentException} when it is not a time. Units: ns, us (or µs),
     * ms, s (sec), m or min, h or hr, d or day; none means seconds.
     */
    public static JmhTime parse(String text) {
        String t = text == null ? "" : text.trim().toLowerCase(Locale.ROOT);
        Matcher m = FORM.matcher(t);
        if (!m.matches()) {
            throw new IllegalArgumentException("'" + text + "' is not a time");
        }
        TimeUnit unit = unit(m.group(2));
        if (unit == null) {
            throw new IllegalArgumentException("'" + text + "' has an unknown time unit '" + m.group(2) + "'");
        }
        return new JmhTime(Long.parseLong(m.group(1)), unit);
    }

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

    public long amount() {
        return amount;
    }

    public TimeUnit unit() {
        return unit;
    }

    public long toNanos() {
        return unit.toNanos(amount);
    }

    public Duration toDuration() {
        return Duration.ofNanos(toNanos());
    }

    /** The argument for JMH's {@code -w}, {@code -r}: {@code 500ms}, {@code 1s}, {@code 2min}. */
    public String toJmhArgument() {
        return amount + jmhUnit();
    }

    private String jmhUnit() {
        switch (unit) {
            case NANOSECONDS:
                return "ns";
            case MICROSECONDS:
                return "us";
            case MILLISECONDS:
                return "ms";
            case SECONDS:
                return "s";
            case MINUTES:
                return "min";
            case HOURS:
                return "hr";
            default:
                return "day";
        }
    }

    /** As JMH prints it: {@code 500 ms}. */
    @Override
    public String toString() {
        return amount + " " + jmhUnit();
    }

    @Override
    public int compareTo(JmhTime o) {
        return Long.compare(toNanos(), o.toNanos());
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof JmhTime && ((JmhTime) o).toNanos() == toNanos();
    }

    @Override
    public int hashCode() {
        return Long.hashCode(toNanos());
    }
}
