package io.perfgate.shard;

import io.perfgate.config.PerfProperties;
import io.perfgate.log.PerfLog;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One part of a suite split across CI agents: shard {@code index} of {@code total}, written {@code K/N} with K
 * counted from 1. Every agent computes the same partition from the same selection, so the shards together run
 * each benchmark and scenario exactly once, without any agent knowing of the others.
 */
public final class Shard {
    /** GitLab's {@code parallel:} job variables (1-based index), which some other CI systems set too. */
    public static final String CI_NODE_INDEX = "CI_NODE_INDEX";
    public static final String CI_NODE_TOTAL = "CI_NODE_TOTAL";

    /** More shards than this is a typo, not a fleet of agents. */
    static final int MAX_TOTAL = 1000;

    private static final Pattern FORM = Pattern.compile("\\s*(\\d{1,9})\\s*/\\s*(\\d{1,9})\\s*");

    private final int index;
    private final int total;

    private Shard(int index, int total) {
        this.index = index;
        this.total = total;
    }

    /**
     * Parses {@code K/N}.
     *
     * @throws ShardException naming {@code property} and the value when it is not a shard
     */
    public static Shard parse(String property, String value) throws ShardException {
        Matcher m = FORM.matcher(value == null ? "" : value);
        if (!m.matches()) {
            throw new ShardException(property + " '" + value + "' is not a shard: give K/N, e.g. 2/4 for the second"
                    + " of four agents");
        }
        int k = Integer.parseInt(m.group(1));
        int n = Integer.parseInt(m.group(2));
        if (n < 1 || n > MAX_TOTAL) {
            throw new ShardException(property + " '" + value + "': the number of shards, " + n + ", must be from 1"
                    + " to " + MAX_TOTAL);
        }
        if (k < 1 || k > n) {
            throw new ShardException(property + " '" + value + "': the shard number, " + k + ", must be from 1 to "
                    + n + " (shards are counted from 1)");
        }
        return new Shard(k, n);
    }

    /**
     * The shard this agent runs: {@code perf.shard} when set, else the CI's {@link #CI_NODE_INDEX} and
     * {@link #CI_NODE_TOTAL} when both are set, else none (the whole suite).
     */
    public static Optional<Shard> resolve(String setting, Map<String, String> environment) throws ShardException {
        if (setting != null && !setting.trim().isEmpty()) {
            return Optional.of(parse(PerfProperties.SHARD, setting));
        }
        String index = environment.get(CI_NODE_INDEX);
        String total = environment.get(CI_NODE_TOTAL);
        if (index == null || total == null || index.trim().isEmpty() || total.trim().isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(parse(CI_NODE_INDEX + "/" + CI_NODE_TOTAL, index.trim() + "/" + total.trim()));
    }

    /**
     * {@link #resolve(String, Map)}, saying in {@code log} when the shard comes from the CI's variables rather than
     * from {@code perf.shard}, so a build that runs part of the suite without being told to shows why.
     */
    public static Optional<Shard> resolve(String setting, Map<String, String> environment, PerfLog log)
            throws ShardException {
        Optional<Shard> resolved = resolve(setting, environment);
        if (resolved.isPresent() && (setting == null || setting.trim().isEmpty())) {
            log.info("Running shard " + resolved.get() + " of the suite, from " + CI_NODE_INDEX + " and "
                    + CI_NODE_TOTAL + " (-D" + PerfProperties.SHARD + "=K/N sets it yourself)");
        }
        return resolved;
    }

    public int index() {
        return index;
    }

    public int total() {
        return total;
    }

    /**
     * The units of this shard, in their given order. The units are dealt out longest first (by {@code seconds},
     * ties by name), each to the shard with the least time so far (ties to the lowest number): the greedy rule
     * whose longest shard is at most 4/3 of the best possible, and which depends only on the units, so every
     * agent computes the same partition.
     */
    public <T> List<T> select(List<T> units, Function<T, String> name, ToDoubleFunction<T> seconds) {
        Map<T, Integer> shards = deal(units, name, seconds, total);
        List<T> mine = new ArrayList<>();
        for (T unit : units) {
            if (shards.get(unit) == index - 1) {
                mine.add(unit);
            }
        }
        return mine;
    }

    /** The expected seconds of the longest of {@code total} shards of {@code units}, dealt out as {@link #select}. */
    public static <T> double longestShard(List<T> units, Function<T, String> name, ToDoubleFunction<T> seconds,
            int total) {
        double[] load = new double[total];
        deal(units, name, seconds, total).forEach((unit, shard) -> load[shard] += seconds.applyAsDouble(unit));
        double longest = 0;
        for (double l : load) {
            longest = Math.max(longest, l);
        }
        return longest;
    }

    /**
     * The shards, counted from 1, that {@code units} dealt out as {@link #select} leaves with something to run: an
     * empty shard names them.
     */
    public static <T> List<Integer> occupied(List<T> units, Function<T, String> name, ToDoubleFunction<T> seconds,
            int total) {
        java.util.SortedSet<Integer> shards = new java.util.TreeSet<>();
        deal(units, name, seconds, total).values().forEach(s -> shards.add(s + 1));
        return new ArrayList<>(shards);
    }

    /** Each unit's shard, counted from 0: the one rule of {@link #select}. */
    private static <T> Map<T, Integer> deal(List<T> units, Function<T, String> name, ToDoubleFunction<T> seconds,
            int total) {
        List<T> order = new ArrayList<>(units);
        order.sort(Comparator.comparingDouble((T u) -> -seconds.applyAsDouble(u)).thenComparing(name));
        double[] load = new double[total];
        Map<T, Integer> shards = new IdentityHashMap<>();
        for (T unit : order) {
            int least = 0;
            for (int s = 1; s < total; s++) {
                if (load[s] < load[least]) {
                    least = s;
                }
            }
            load[least] += seconds.applyAsDouble(unit);
            shards.put(unit, least);
        }
        return shards;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Shard && ((Shard) o).index == index && ((Shard) o).total == total;
    }

    @Override
    public int hashCode() {
        return Objects.hash(index, total);
    }

    /** {@code K/N}, as {@code perf.shard} takes it and results files record it. */
    @Override
    public String toString() {
        return index + "/" + total;
    }
}
