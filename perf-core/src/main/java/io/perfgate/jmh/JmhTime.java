package io.perfgate.jmh;

import io.perfgate.text.Durations;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.TimeUnit;

/**
 * A time as JMH writes it: a whole number and a unit, e.g. {@code 1 s}, {@code 500 ms}, {@code 2 min}. Parses what
 * people type in the one syntax of durations ({@link Durations}) and writes the form JMH's command line reads back
 * without ambiguity.
 */
public final class JmhTime implements Comparable<JmhTime> {
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
     * Parses {@code text} in the one syntax of durations ({@link Durations#read}); a decimal amount or an ISO-8601
     * duration becomes a whole amount of the largest unit that holds it ({@code 1.5s}: {@code 1500ms}), since JMH's
     * command line reads whole amounts only.
     *
     * @throws IllegalArgumentException when it is not a duration
     */
    public static JmhTime parse(String text) {
        Durations.Written w = Durations.read(text).whole();
        try {
            return new JmhTime(w.amount().longValueExact(), w.unit());
        } catch (ArithmeticException e) {
            throw new IllegalArgumentException("'" + text + "' is too long for a time", e);
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
