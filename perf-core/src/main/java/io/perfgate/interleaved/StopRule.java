package io.perfgate.interleaved;

import io.perfgate.config.PerfProperties;
import io.perfgate.gate.BenchmarkPairing;
import io.perfgate.gate.GateSettings;
import io.perfgate.gate.JudgedMetrics;
import io.perfgate.gate.Metric;
import io.perfgate.gate.NoiseFloor;
import io.perfgate.results.BenchmarkId;
import io.perfgate.results.BenchmarkResult;
import io.perfgate.results.Calibration;
import io.perfgate.stats.Decision;
import io.perfgate.stats.DecisionRule;
import io.perfgate.stats.Direction;
import io.perfgate.stats.Power;
import io.perfgate.stats.ShiftComparison;
import io.perfgate.stats.ShiftTest;
import io.perfgate.stats.StatsText;
import io.perfgate.stats.Thresholds;
import io.perfgate.stats.Verdict;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalInt;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiPredicate;

/**
 * When to stop measuring a benchmark (statistics.md section 6). With adaptive stopping the benchmark first runs
 * {@value #FIRST_LOOK} rounds (or {@code perf.minForks}, when larger); after each round from then on it is looked at:
 * <ul>
 * <li>it stops with PASS when every gated metric's one-sided upper bound at alpha / 2 is below 1 + T_fail
 * (a slowdown of T_fail is ruled out);</li>
 * <li>at the first look it stops with FAIL when a metric meets the FAIL condition at alpha / 2;</li>
 * <li>otherwise it runs another round, up to the rounds its noise needs (below), where the gate decides on all
 * the data at alpha / 2.</li>
 * </ul>
 * <b>Rounds follow the noise</b> (statistics.md section 8). At each look the between-fork noise of every unsettled
 * metric is estimated from the forks so far ({@link Power#forkCv}), and the rounds it needs to detect
 * {@link Power#SIZING_FACTOR} x T_fail with {@link Power#DEFAULT_POWER} power at the decision's level are worked
 * out ({@link Power#forksNeeded}). A quiet benchmark stops as soon as it has those rounds, long before
 * {@code maxRounds}; a noisy one runs up to {@code maxRounds}, and the look says how many it would need. This is
 * sample-size re-estimation from the variance alone (an internal pilot): it looks at the spread, never at the
 * shift, so the final look keeps its level. Where {@code perf:calibrate} stored the benchmark's between-fork noise
 * in the baseline, the median's noise is that figure pooled with the rounds' own ({@link Power#pooledCv}, each
 * weighed by its degrees of freedom): five rounds alone estimate a CV only to about a third of itself, so the
 * stored figure steadies the first looks, and the rounds weigh more the longer the benchmark runs (a machine
 * noisier today than on the day of the calibration still gets the rounds it needs).
 * FAIL is tested at two looks only, the first and the last, each at alpha / 2, so by Bonferroni the chance of a
 * false FAIL stays within alpha. Stopping with PASS can only lower that chance, so PASS is looked for after every
 * round. Without adaptive stopping every benchmark runs {@code maxRounds} rounds and is decided at alpha.
 *
 * <p><b>Confirming</b> ({@link #confirming}): when the rounds measure again rows that already FAILed (perf:check's
 * {@code perf.confirm}), a slowdown well beyond the limit is the expected answer, and one fork of a busy machine that
 * spoils the first look's separation must not cost every round up to {@code maxRounds}. So FAIL is looked for after
 * every round, and the rounds stop as soon as each confirmed row is FAIL or ruled out. The first look and the last
 * keep their alpha / 2; the rounds between share what the first look's small-sample guard leaves of its alpha / 2
 * (below 10 forks a side it tests at {@link DecisionRule#failLevel}, a fifth of it: at 5 forks and alpha 0.05,
 * 0.005 of 0.025), each at an equal part, guard included. By Bonferroni over all looks the chance of a false FAIL
 * stays within alpha, and a FAIL at a look is a FAIL of the gate at alpha / 2 on the same forks.
 */
public final class StopRule {
    /** Rounds before the first look, unless the gate's {@code perf.minForks} asks for more. */
    public static final int FIRST_LOOK = DecisionRule.DEFAULT_MIN_FORKS;

    private final boolean adaptive;
    private final int firstLook;
    private final int maxRounds;
    private final GateSettings settings;
    private final Calibration calibration;
    private final boolean bothWays;
    /** Null, or the rows (benchmark and metric) a confirmation measures: see {@link #confirming}. */
    private final BiPredicate<BenchmarkId, String> confirmed;

    /** The power the rounds are sized for. */
    public static final double POWER = Power.DEFAULT_POWER;
    /** {@link #roundsFor}'s answers by noise, thresholds, level and maximum. */
    private static final Map<String, Integer> ROUNDS_FOR_NOISE = new ConcurrentHashMap<>();

    /**
     * @param settings the gate's settings: thresholds per benchmark (rules included), alpha, minimum forks
     */
    public StopRule(boolean adaptive, int maxRounds, GateSettings settings) {
        this(adaptive, maxRounds, settings, null);
    }

    /**
     * @param settings the gate's settings: thresholds per benchmark (rules included), alpha, minimum forks
     * @param calibration the noise {@code perf:calibrate} stored in the baseline, or null
     */
    public StopRule(boolean adaptive, int maxRounds, GateSettings settings, Calibration calibration) {
        this(adaptive, maxRounds, settings, calibration, false, null);
    }

    private StopRule(boolean adaptive, int maxRounds, GateSettings settings, Calibration calibration,
            boolean bothWays, BiPredicate<BenchmarkId, String> confirmed) {
        this.bothWays = bothWays;
        this.confirmed = confirmed;
        this.calibration = calibration;
        this.settings = Objects.requireNonNull(settings, "settings");
        this.firstLook = Math.max(FIRST_LOOK, settings.minForks());
        if (maxRounds < firstLook) {
            throw new IllegalArgumentException(PerfProperties.MAX_FORKS + " is " + maxRounds + ", but the gate needs at least "
                    + firstLook + " forks per side (" + PerfProperties.MIN_FORKS + ")");
        }
        this.adaptive = adaptive && maxRounds > firstLook;
        this.maxRounds = maxRounds;
    }

    /**
     * This rule, made to answer "faster?" as well as "slower?" (a comparison of treatments, where an optimisation's
     * IMPROVED matters as much as a FAIL): a metric settles only when a change of T_fail is ruled out both ways, or
     * at the first look when it is already IMPROVED there (tested like FAIL, at the first and the last look, alpha / 2
     * each). Without it, a large speed-up stops as soon as a slowdown is ruled out, and five rounds of a noisy
     * benchmark rarely make an IMPROVED.
     */
    public StopRule bothWays() {
        return new StopRule(adaptive, maxRounds, settings, calibration, true, confirmed);
    }

    /**
     * This rule, made to confirm rows that FAILed elsewhere: only those rows are watched ({@code rows} is given a
     * result's id and a metric's name, {@code median}, {@code p95} or a secondary metric's), FAIL is looked for after
     * every round at {@link #failLookLevel}, and a benchmark stops once each of its confirmed rows is FAIL there or
     * has a slowdown of T_fail ruled out. What the gate then calls FAIL is unchanged.
     */
    public StopRule confirming(BiPredicate<BenchmarkId, String> rows) {
        return new StopRule(adaptive, maxRounds, settings, calibration, bothWays, Objects.requireNonNull(rows));
    }

    public boolean adaptive() {
        return adaptive;
    }

    public int maxRounds() {
        return maxRounds;
    }

    public int firstLook() {
        return firstLook;
    }

    public GateSettings settings() {
        return settings;
    }

    /**
     * The median's thresholds of the benchmark result {@code key} at this rule's decision level: what a fork plan
     * sizes the forks for ({@link io.perfgate.planning.FirstRoundsPlan}, {@link io.perfgate.planning.HistoryStart}).
     */
    public Thresholds medianAtDecisionLevel(String key) {
        Thresholds median = settings.forBenchmark(key).median();
        return new Thresholds(median.fail(), median.minEffect(), decisionAlpha());
    }

    /** The one-sided level of every decision: alpha / 2 with two looks, alpha with one. */
    public double decisionAlpha() {
        return adaptive ? settings.alpha() / 2 : settings.alpha();
    }

    /**
     * The one-sided level FAIL is looked for at after {@code rounds} rounds (the small-sample guard then applies to
     * it); NaN where it is not (before the first look, at and after {@code maxRounds}, where the gate decides, and
     * between the two looks unless {@link #confirming}). The first look is at {@link #decisionAlpha()}; a confirming
     * rule's later looks share what the guard leaves unspent of it (see the class comment).
     */
    public double failLookLevel(int rounds) {
        if (!adaptive || rounds < firstLook || rounds >= maxRounds) {
            return Double.NaN;
        }
        double alpha = decisionAlpha();
        if (rounds == firstLook) {
            return alpha;
        }
        if (confirmed == null) {
            return Double.NaN;
        }
        double spentAtFirstLook = DecisionRule.failLevel(alpha, firstLook, firstLook,
                DecisionRule.DEFAULT_FULL_LEVEL_FORKS);
        int between = maxRounds - firstLook - 1;
        return (alpha - spentAtFirstLook) / between;
    }

    /**
     * Looks at a benchmark after {@code rounds} complete rounds.
     *
     * @param base the base side's results for the benchmark's parameter sets (forks accumulated so far)
     * @param candidate the candidate side's, matched by key and mode ({@link BenchmarkResult#id()})
     */
    public Look look(int rounds, List<BenchmarkResult> base, List<BenchmarkResult> candidate) {
        if (rounds >= maxRounds) {
            return new Look(Status.FINISHED, "reached " + maxRounds + " rounds");
        }
        if (!adaptive || rounds < firstLook) {
            return new Look(Status.CONTINUE, "");
        }
        double alpha = decisionAlpha();
        double failLevel = failLookLevel(rounds);
        List<String> unsettled = new ArrayList<>();
        List<String> settled = new ArrayList<>();
        List<String> failed = new ArrayList<>();
        RoundsNeeded needed = new RoundsNeeded();
        for (MetricSamples m : stoppedOn(base, candidate)) {
            if (m.baseline.length < firstLook || m.candidate.length < firstLook) {
                unsettled.add(m.describe() + ": too few forks");
                needed.unknown();
                continue;
            }
            ShiftComparison c = ShiftTest.compare(m.baseline, m.candidate, m.direction, m.thresholds);
            if (!Double.isNaN(failLevel)) {
                Decision d = DecisionRule.decide(c, failLevel);
                if (d.verdict() == Verdict.FAIL) {
                    if (confirmed == null) {
                        // the build fails on any FAIL: nothing more to learn
                        return new Look(Status.SETTLED_FAIL, d.describe(m.describe()));
                    }
                    failed.add(d.describe(m.describe()));
                    continue;
                }
            }
            if (bothWays && rounds == firstLook && DecisionRule.decide(c, alpha).verdict() == Verdict.IMPROVED) {
                settled.add(m.describe() + " improved, lower bound " + StatsText.percentChange(c.lowerBound(alpha)));
                continue;
            }
            double upper = c.upperBound(alpha);
            double lower = c.lowerBound(alpha);
            // a speed-up of T_fail is ruled out when the oriented ratio's lower bound is above 1 / (1 + T_fail)
            boolean fasterRuledOut = !bothWays || lower > 1 / (1 + m.thresholds.fail());
            if (upper < 1 + m.thresholds.fail() && fasterRuledOut) {
                settled.add(bothWays ? m.describe() + " bounds " + StatsText.percentChange(lower) + " to "
                        + StatsText.percentChange(upper) + " within " + StatsText.percentChange(
                                1 / (1 + m.thresholds.fail())) + " to " + StatsText.percentChange(
                                        1 + m.thresholds.fail())
                        : m.describe() + " upper bound " + StatsText.percentChange(upper) + " < "
                                + StatsText.percentChange(1 + m.thresholds.fail()));
            } else {
                unsettled.add(m.describe() + (bothWays ? " bounds " + StatsText.percentChange(lower) + " to "
                        : " upper bound ") + StatsText.percentChange(upper));
                needed.add(m, alpha);
            }
        }
        if (unsettled.isEmpty() && !failed.isEmpty()) {
            failed.addAll(settled);
            return new Look(Status.SETTLED_FAIL, String.join("; ", failed));
        }
        if (unsettled.isEmpty()) {
            return new Look(Status.SETTLED_PASS, settled.isEmpty() ? "nothing gated" : String.join("; ", settled));
        }
        if (needed.rounds() <= rounds) {
            return new Look(Status.ENOUGH_FOR_NOISE, needed.describe());
        }
        return new Look(Status.CONTINUE, String.join("; ", unsettled));
    }

    /**
     * The reason a benchmark ran all of {@code maxRounds}: for each unsettled metric, the rounds its noise would
     * need; empty when nothing is known of its noise.
     */
    public String noiseAtMaximum(List<BenchmarkResult> base, List<BenchmarkResult> candidate) {
        RoundsNeeded needed = new RoundsNeeded();
        for (MetricSamples m : stoppedOn(base, candidate)) {
            if (m.baseline.length >= 2 && m.candidate.length >= 2) {
                needed.add(m, decisionAlpha());
            }
        }
        return needed.describe();
    }

    /**
     * The forks per side that detect {@link Power#SIZING_FACTOR} x T_fail with {@link #POWER} power at the given
     * noise and level, {@link Integer#MAX_VALUE} beyond {@code maxRounds}; remembered, as the simulation is
     * deterministic.
     */
    private int roundsFor(double cv, Thresholds thresholds, double alpha) {
        if (cv == 0) {
            return firstLook;
        }
        String key = cv + "/" + thresholds.fail() + "/" + thresholds.minEffect() + "/" + alpha + "/" + maxRounds;
        return ROUNDS_FOR_NOISE.computeIfAbsent(key, k -> {
            OptionalInt forks = Power.forksNeeded(1 + Power.SIZING_FACTOR * thresholds.fail(), cv,
                    new Thresholds(thresholds.fail(), thresholds.minEffect(), alpha), POWER, maxRounds);
            return forks.isPresent() ? forks.getAsInt() : Integer.MAX_VALUE;
        });
    }

    /** The rounds the unsettled metrics of one benchmark need for their noise, the largest need deciding. */
    private final class RoundsNeeded {
        private int rounds = firstLook;
        private boolean unknown = !adaptive;
        private final List<String> figures = new ArrayList<>();

        /** A metric whose forks are too few to estimate its noise: the benchmark may need every round. */
        void unknown() {
            unknown = true;
        }

        void add(MetricSamples m, double alpha) {
            String metric = m.describe();
            double measured = Power.forkCv(m.baseline, m.candidate);
            Calibration.Entry stored = NoiseFloor.storedNoise(calibration, m.benchmark.id(), m.metric);
            double cv = stored == null ? measured : Power.pooledCv(stored.betweenForkCv(),
                    2 * (stored.forks() - 1), measured, m.baseline.length + m.candidate.length - 2);
            if (!(cv >= 0)) {
                unknown = true;
                return;
            }
            String noise = stored == null ? StatsText.noise(cv) : String.format(Locale.ROOT,
                    "%s (%s in these rounds pooled with %s at %d forks a side, stored by perf:calibrate on %s)",
                    StatsText.noise(cv), StatsText.noise(measured), StatsText.noise(stored.betweenForkCv()),
                    stored.forks(), calibration.measuredAt().substring(0, Math.min(10,
                            calibration.measuredAt().length())));
            double target = 1 + Power.SIZING_FACTOR * m.thresholds.fail();
            // the CV rounded up to a tenth of a percent: a finer figure changes nothing, and the simulation behind
            // forksNeeded is then run once per distinct value, not once per look
            double roundedCv = Math.ceil(cv * 1000) / 1000;
            int need = Math.max(firstLook, roundsFor(roundedCv, m.thresholds, alpha));
            String figure;
            String power = String.format(Locale.ROOT, "%.0f %% power against %s", 100 * POWER,
                    StatsText.percentChange(target));
            if (need == Integer.MAX_VALUE) {
                figure = String.format(Locale.ROOT, "%s between-fork noise %s needs more than %s = %d rounds for %s",
                        metric, noise, PerfProperties.MAX_FORKS, maxRounds, power);
            } else {
                figure = String.format(Locale.ROOT, "%s between-fork noise %s gives %s at %d rounds", metric,
                        noise, power, need);
            }
            figures.add(figure);
            rounds = Math.max(rounds, need);
        }

        /** The rounds the benchmark needs; more than {@code maxRounds} when unknown or too noisy. */
        int rounds() {
            return unknown ? Integer.MAX_VALUE : rounds;
        }

        public String describe() {
            return String.join("; ", figures);
        }
    }

    /**
     * The metrics the gate tests on the pairs of these results, each with its forks so far: the gate's own pairing
     * (by key and mode) and its own list of judged metrics ({@link JudgedMetrics}), so the rule stops on what the
     * verdict is made of. Allocation is judged by a tolerance and needs no forks.
     */
    public List<MetricSamples> watched(List<BenchmarkResult> base, List<BenchmarkResult> candidate) {
        List<BenchmarkPairing.Pair> pairs = BenchmarkPairing.of(base, candidate, settings).pairs();
        Set<String> keys = new HashSet<>();
        Set<String> inTwoModes = new HashSet<>();
        for (BenchmarkPairing.Pair pair : pairs) {
            if (!keys.add(pair.current().key())) {
                inTwoModes.add(pair.current().key());
            }
        }
        List<MetricSamples> watched = new ArrayList<>();
        for (BenchmarkPairing.Pair pair : pairs) {
            BenchmarkResult b = pair.current();
            // the mode tells apart the results of a benchmark run in several, as the gate's table does
            String name = inTwoModes.contains(b.key()) ? b.id().withMode(b.displayName()) : b.displayName();
            for (JudgedMetrics.Judged m : JudgedMetrics.of(pair).judged()) {
                if (m.tested()) {
                    watched.add(new MetricSamples(b, name, m));
                }
            }
        }
        return watched;
    }

    /** The watched metrics this rule stops on: a confirming rule's confirmed rows, otherwise all. */
    private List<MetricSamples> stoppedOn(List<BenchmarkResult> base, List<BenchmarkResult> candidate) {
        List<MetricSamples> all = watched(base, candidate);
        if (confirmed == null) {
            return all;
        }
        List<MetricSamples> rows = new ArrayList<>();
        for (MetricSamples m : all) {
            if (confirmed.test(m.benchmark.id(), m.name)) {
                rows.add(m);
            }
        }
        return rows;
    }

    /** What a look found. */
    public enum Status {
        /** Not settled: run another round. */
        CONTINUE,
        /** A slowdown of T_fail is ruled out for every metric: stop, the gate will PASS (or WARN below T_fail). */
        SETTLED_PASS,
        /**
         * FAIL at alpha / 2 at the first look (a confirming rule: every confirmed row FAIL at its look's level, or
         * ruled out): stop, the gate will FAIL.
         */
        SETTLED_FAIL,
        /** The maximum number of rounds is reached: the gate decides. */
        FINISHED,
        /**
         * Not settled, but the rounds run are those its measured noise needs to detect
         * {@link Power#SIZING_FACTOR} x T_fail with {@link #POWER} power: the gate decides on them (the last look).
         */
        ENOUGH_FOR_NOISE,
        /**
         * {@code perf.budget} ran out before the benchmark settled: the gate decides on the rounds run. Time, not
         * the data, stopped it, so the test keeps its level.
         */
        BUDGET,
        /**
         * A shard's time ({@code perf.shardTime}) came, after the benchmark's fewest rounds, before it settled: the
         * gate decides on the rounds run. As with {@link #BUDGET}, time stopped it, so the test keeps its level.
         */
        SHARD_TIME;

        public boolean stops() {
            return this != CONTINUE;
        }
    }

    public static final class Look {
        private final Status status;
        private final String reason;

        Look(Status status, String reason) {
            this.status = status;
            this.reason = reason;
        }

        public Status status() {
            return status;
        }

        /** Bounds that settled it, or what is still open. */
        public String reason() {
            return reason;
        }

        @Override
        public String toString() {
            return status.name().toLowerCase(Locale.ROOT) + (reason.isEmpty() ? "" : ": " + reason);
        }
    }

    /** Per-fork values of one tested metric of one benchmark, both sides. */
    public static final class MetricSamples {
        public final BenchmarkResult benchmark;
        /** How the log names the benchmark. */
        final String benchmarkName;
        final Metric metric;
        /** {@code median}, {@code p95}, or a secondary metric's own name. */
        public final String name;
        public final double[] baseline;
        public final double[] candidate;
        final Direction direction;
        public final Thresholds thresholds;

        MetricSamples(BenchmarkResult benchmark, String benchmarkName, JudgedMetrics.Judged judged) {
            this.benchmark = benchmark;
            this.benchmarkName = benchmarkName;
            this.metric = judged.metric();
            this.name = judged.name();
            this.baseline = judged.values().baseline();
            this.candidate = judged.values().candidate();
            this.direction = judged.direction();
            this.thresholds = judged.thresholds();
        }

        public String describe() {
            return benchmarkName + " " + name;
        }
    }
}
