package io.perfgate.shard;

import io.perfgate.config.PerfProperties;
import io.perfgate.text.Durations;
import java.time.Duration;
import java.time.Instant;
import java.util.Locale;

/**
 * {@code perf.shardTime}: when a shard's comparison ends its rounds, counted from the start of the Maven build, so
 * that one agent of a sharded pull-request check answers in the time such a check may take. It is a soft limit, not
 * a {@link Budget}: every benchmark of the shard still runs its fewest rounds, and only the rounds past them, which
 * adaptive stopping adds for an unsettled benchmark, end when the time comes. A shard whose fewest rounds alone need
 * longer runs them all and says so.
 */
public final class ShardTime {
    private final Duration limit;
    private final Instant buildStart;

    private ShardTime(Duration limit, Instant buildStart) {
        this.limit = limit;
        this.buildStart = buildStart;
    }

    /**
     * The shard time that applies: none unless this is a shard ({@code shard} not null) without {@code perf.budget}
     * (a budget, when given, is the limit the user chose), or when {@code value} is {@code none}.
     *
     * @param value {@code perf.shardTime}: a duration, or {@code none}
     * @param buildStart when the Maven build started
     * @throws ShardException naming the property when the value is neither
     */
    public static ShardTime of(String value, Shard shard, Duration budget, Instant buildStart) throws ShardException {
        Duration limit = parse(value);
        if (limit == null || shard == null || budget != null) {
            return null;
        }
        return new ShardTime(limit, buildStart);
    }

    /** The duration in {@code value}, or null for {@code none}. */
    static Duration parse(String value) throws ShardException {
        String v = value == null ? "" : value.trim();
        if (v.equalsIgnoreCase(PerfProperties.DEFAULT_NONE)) {
            return null;
        }
        if (v.isEmpty()) {
            throw new ShardException(PerfProperties.SHARD_TIME + " is empty; write a duration such as "
                    + PerfProperties.DEFAULT_SHARD_TIME + ", or none for no limit");
        }
        try {
            return Durations.parse(v);
        } catch (IllegalArgumentException e) {
            throw new ShardException(PerfProperties.SHARD_TIME + " " + e.getMessage() + ", or none for no limit");
        }
    }

    public Duration limit() {
        return limit;
    }

    /** The time left at {@code now}: negative once the limit has passed. */
    public Duration left(Instant now) {
        return Duration.between(now, buildStart.plus(limit));
    }

    /** The log line that says the limit applies, and how to change it, at {@code now}. */
    public String line(Instant now) {
        Duration left = left(now);
        return String.format(Locale.ROOT, "%s = %s: the rounds past each benchmark's fewest end by %s after the"
                + " build started (%s); %s or %s=none lifts this", PerfProperties.SHARD_TIME,
                Durations.format(limit), Durations.format(limit), left.isNegative() ? Durations.format(left.negated())
                        + " ago, so this shard runs its fewest rounds only" : Durations.format(left) + " from now",
                PerfProperties.BUDGET, PerfProperties.SHARD_TIME);
    }
}
