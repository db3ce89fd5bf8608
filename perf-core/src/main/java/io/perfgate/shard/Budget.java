package io.perfgate.shard;

import io.perfgate.config.PerfProperties;
import io.perfgate.text.Durations;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;

/**
 * {@code perf.budget}: the wall time a run or comparison may take. A plan that cannot fit is stopped before it
 * measures anything, with its estimate and the ways to make it fit; a comparison that fits at its fewest rounds
 * spends what is left on the benchmarks still unsettled (see {@code InterleavedRun}).
 */
public final class Budget {
    /** More shards than this is not a suggestion anyone acts on. */
    private static final int MOST_SHARDS_SUGGESTED = 100;

    private Budget() {
    }

    /**
     * The budget in {@code value}, or null when it is empty (no budget).
     *
     * @throws ShardException naming the property when it is not a positive duration
     */
    public static Duration parse(String value) throws ShardException {
        if (value == null || value.trim().isEmpty()) {
            return null;
        }
        try {
            return Durations.parse(value);
        } catch (IllegalArgumentException e) {
            throw new ShardException(PerfProperties.BUDGET + " " + e.getMessage());
        }
    }

    /**
     * Refuses a plan whose {@code units} need more than {@code budget} in all, before anything is measured. The
     * shards suggested are of {@code suite}, the whole selection, which is {@code units} unless this is a shard.
     *
     * @param what what is planned, for the message: "The run", "The comparison at its fewest rounds"
     * @param counted the units' names counted for the message ({@code 16 benchmarks and 1 scenario})
     * @param measureLess the settings that make each unit shorter, for the message
     * @throws ShardException with the estimate, the budget and the choices: the shards that would fit (or that
     *     none can, naming the longest unit), a narrower selection, less measurement, a larger budget
     */
    public static <T> void check(Duration budget, List<T> units, List<T> suite, Function<T, String> name,
            ToDoubleFunction<T> seconds, Function<List<String>, String> counted, String what, String measureLess)
            throws ShardException {
        if (budget == null) {
            return;
        }
        double total = 0;
        T longest = null;
        for (T u : units) {
            total += seconds.applyAsDouble(u);
        }
        for (T u : suite) {
            if (longest == null || seconds.applyAsDouble(u) > seconds.applyAsDouble(longest)) {
                longest = u;
            }
        }
        double limit = budget.toMillis() / 1000.0;
        if (total <= limit) {
            return;
        }
        String split;
        if (seconds.applyAsDouble(longest) > limit) {
            split = "no split into shards fits, as " + name.apply(longest) + " alone needs about "
                    + format(seconds.applyAsDouble(longest));
        } else {
            int shards = 2;
            while (shards < Math.min(suite.size(), MOST_SHARDS_SUGGESTED)
                    && Shard.longestShard(suite, name, seconds, shards) > limit) {
                shards++;
            }
            split = "split it across " + shards + " CI agents with -D" + PerfProperties.SHARD + "=K/" + shards
                    + " (the longest shard then needs about "
                    + format(Shard.longestShard(suite, name, seconds, shards)) + "; see the Shards page)";
        }
        List<String> names = new ArrayList<>();
        units.forEach(u -> names.add(name.apply(u)));
        throw new ShardException(what + " needs about " + format(total) + " for " + counted.apply(names)
                + ", more than " + PerfProperties.BUDGET + " = "
                + Durations.format(budget) + ", so nothing was measured. Choices: " + split + "; narrow the"
                + " selection with -D" + PerfProperties.INCLUDES + "; measure less (" + measureLess + "); or raise "
                + PerfProperties.BUDGET + ".");
    }

    private static String format(double seconds) {
        return Durations.format(Duration.ofMillis(Math.round(seconds * 1000)));
    }
}
