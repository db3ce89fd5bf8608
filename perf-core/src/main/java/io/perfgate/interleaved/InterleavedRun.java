package io.perfgate.interleaved;

import io.perfgate.config.PerfProperties;
import io.perfgate.log.PerfLog;
import io.perfgate.results.BenchmarkId;
import io.perfgate.results.BenchmarkResult;
import io.perfgate.results.Fork;
import io.perfgate.results.MachineTime;
import io.perfgate.scenariorunner.ScenarioDefinition;
import io.perfgate.text.Durations;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.function.LongSupplier;
import java.util.function.ToDoubleFunction;

/**
 * Runs the rounds of an interleaved comparison: the schedule says which fork comes next, the runner runs it,
 * and after each round the stop rule looks at every benchmark still running. Pure apart from the runner, so
 * the whole loop is tested with a fake runner.
 */
public final class InterleavedRun {
    /** Runs one JVM fork of one benchmark on one side. */
    public interface ForkRunner {
        /**
         * @return one result per parameter set of the benchmark, each holding the one fork just measured
         * @throws ForkFailedException when the fork crashed, hung or produced nothing
         */
        List<BenchmarkResult> runFork(Side side, String benchmark, int round) throws ForkFailedException;
    }

    /**
     * Runs one JVM fork of one benchmark on one of several sides: arm 0 the baseline, 1.. the treatments
     * ({@link #arms}).
     */
    public interface ArmRunner {
        /** As {@link ForkRunner#runFork}, for the side {@code arm}. */
        List<BenchmarkResult> runFork(int arm, String benchmark, int round) throws ForkFailedException;
    }

    /**
     * Chooses, after the first rounds, the fork length and the rounds' maximum of a benchmark still running
     * ({@code perf.forkPlan=auto}; {@link io.perfgate.planning.FirstRoundsPlan}).
     */
    public interface RoundPlanner {
        /**
         * @param rounds the complete rounds so far
         * @param secondsPerRun wall seconds of each fork so far (both sides), per JMH run it made (one per parameter
         *     set and mode)
         * @return the plan for the remaining rounds, or null to keep the settings
         */
        RoundPlan plan(String benchmark, int rounds, List<BenchmarkResult> base, List<BenchmarkResult> candidate,
                List<Double> secondsPerRun);

        /**
         * At the first look, whatever the plan (also where there is none, or the look settled the benchmark): notes
         * for the report on the first rounds' forks (none by default).
         */
        default List<String> firstLookNotes(String benchmark, List<BenchmarkResult> base,
                List<BenchmarkResult> candidate) {
            return Collections.emptyList();
        }

        /**
         * After the last round of a benchmark whose plan lengthened its forks after the first {@code shortForks} of
         * each side: notes for the report on what the two lengths' forks say (none by default).
         */
        default List<String> afterLengthening(String benchmark, int shortForks, List<BenchmarkResult> base,
                List<BenchmarkResult> candidate) {
            return Collections.emptyList();
        }
    }

    /** What a {@link RoundPlanner} chose for one benchmark. */
    public static final class RoundPlan {
        private final int iterations;
        private final int maxRounds;
        private final String line;

        /**
         * @param iterations measurement iterations of each later fork, both sides; 0 keeps the length they run now
         * @param maxRounds the benchmark's last round, at most the rule's maximum
         * @param line what the log says of the choice, and why
         */
        public RoundPlan(int iterations, int maxRounds, String line) {
            this.iterations = iterations;
            this.maxRounds = maxRounds;
            this.line = Objects.requireNonNull(line);
        }

        public int iterations() {
            return iterations;
        }

        public int maxRounds() {
            return maxRounds;
        }

        public String line() {
            return line;
        }
    }

    /** A fork that did not produce a result; the benchmark is dropped from later rounds and reported. */
    public static final class ForkFailedException extends Exception {
        private static final long serialVersionUID = 1L;

        public ForkFailedException(String message) {
            super(message);
        }

        public ForkFailedException(String message, Throwable cause) {
            super(message, cause);
        }
    }

    private final InterleavedSchedule schedule;
    private final StopRule rule;
    private final PerfLog log;
    private final LongSupplier nanoTime;
    private String sides = "base and candidate";
    private List<String> armLabels = Arrays.asList(Side.BASE.label(), Side.CANDIDATE.label());
    private Duration budget;
    private Duration shardTime;
    private ToDoubleFunction<String> forkSeconds;
    private RoundPlanner planner;

    public InterleavedRun(InterleavedSchedule schedule, StopRule rule, PerfLog log) {
        this(schedule, rule, log, System::nanoTime);
    }

    /**
     * The wall time the rounds may take; null for no limit. A round is not started when the last one, run again,
     * would end past it; the benchmarks still unsettled then stop with {@link StopRule.Status#BUDGET}.
     */
    public InterleavedRun budget(Duration remaining) {
        this.budget = remaining;
        return this;
    }

    /**
     * The wall time left for the rounds of a shard ({@code perf.shardTime}); null for no limit. Unlike a
     * {@link #budget} it never holds a benchmark back and never cuts its fewest rounds ({@link StopRule#firstLook}):
     * it only ends the rounds adaptive stopping adds past them (without adaptive stopping every round is the
     * fewest, and it does nothing). A round is not started when the last one, run again, would end past it;
     * the benchmarks that have had their fewest rounds and are still unsettled then stop with
     * {@link StopRule.Status#SHARD_TIME}, and those that have not go on until they have.
     */
    public InterleavedRun shardTime(Duration remaining) {
        this.shardTime = remaining;
        return this;
    }

    /**
     * The benchmarks given to {@link #run} are in priority order ({@link io.perfgate.planning.SuiteOrder}, the most likely to have changed
     * first): each round runs them in that order (each benchmark's sides still adjacent, in the seeded order), and
     * with a {@link #budget} they enter the rounds in that order, each when its fewest rounds (5 with adaptive
     * stopping, else all), at {@code forkSeconds} a fork until its own forks say better, fit in what is left beside
     * the fewest rounds still owed to those running (at least one round each). One that waits is admitted when
     * room appears: the running ones turn out cheaper than estimated, or stop (a settled one owes nothing, a failed
     * one neither); one whose fewest rounds need more than all that is left is not run, and carries no verdict
     * ({@link BenchmarkProgress#notRun}). Without a budget, or with one the whole suite fits, all start at once.
     */
    public InterleavedRun admission(ToDoubleFunction<String> forkSeconds) {
        this.forkSeconds = Objects.requireNonNull(forkSeconds);
        return this;
    }

    /**
     * Plans each benchmark's remaining rounds after the first look ({@code perf.forkPlan=auto}); only benchmarks
     * {@code plannable} accepts are planned. Two sides only.
     */
    public InterleavedRun planner(RoundPlanner roundPlanner, java.util.function.Predicate<String> plannable) {
        this.planner = roundPlanner;
        this.plannable = Objects.requireNonNull(plannable);
        return this;
    }

    private java.util.function.Predicate<String> plannable = b -> false;

    private java.util.function.ToIntFunction<String> startLength;

    /**
     * The measurement iterations the first rounds of each plannable benchmark run, the same on both sides (0 keeps
     * the settings'): {@code perf.forkPlan=auto} starts short, at the fewest iterations the steady-state test judges,
     * and the planner lengthens the forks after the first look where the within-fork noise asks for it.
     */
    public InterleavedRun startLength(java.util.function.ToIntFunction<String> iterations) {
        this.startLength = iterations;
        return this;
    }

    /**
     * The measurement iterations the next fork of {@code benchmark} runs, the same for every side; 0 for the
     * settings' (no plan, or not yet planned).
     */
    public int measurementIterations(String benchmark) {
        BenchmarkProgress p = progressByName.get(benchmark);
        return p == null ? 0 : p.iterations;
    }

    private final Map<String, BenchmarkProgress> progressByName = new java.util.concurrent.ConcurrentHashMap<>();

    /**
     * The harness settings in force (warm-up and measurement time), for the summary's machine time against the
     * fixed defaults ({@link MachineTime}); without them the summary leaves it out.
     */
    public InterleavedRun settings(Map<String, String> harnessSettings) {
        this.settings = harnessSettings == null ? null : new LinkedHashMap<>(harnessSettings);
        return this;
    }

    private Map<String, String> settings;

    private MachineTime.ForkLengths fixedLengths;

    /**
     * Each benchmark's fork length under {@code perf.forkPlan=fixed}, for the summary's machine time: a benchmark
     * is set against its own annotations or settings, not the plugin's defaults.
     */
    public InterleavedRun fixedLengths(MachineTime.ForkLengths lengths) {
        this.fixedLengths = lengths;
        return this;
    }

    /** How the log names the two sides, e.g. "two halves of the working tree (A/A)". */
    public InterleavedRun sides(String description) {
        this.sides = Objects.requireNonNull(description);
        return this;
    }

    /**
     * The sides by name, the baseline first: more than two makes a comparison of several treatments against one
     * baseline, each judged against it by the stop rule on its own. Two by default (base and candidate).
     */
    public InterleavedRun arms(List<String> labels) {
        if (labels.size() < 2) {
            throw new IllegalArgumentException("a comparison has at least two sides, was " + labels);
        }
        this.armLabels = new ArrayList<>(labels);
        return this;
    }

    public InterleavedRun(InterleavedSchedule schedule, StopRule rule, PerfLog log, LongSupplier nanoTime) {
        this.schedule = Objects.requireNonNull(schedule);
        this.rule = Objects.requireNonNull(rule);
        this.log = Objects.requireNonNull(log);
        this.nanoTime = Objects.requireNonNull(nanoTime);
    }

    /** Runs the rounds of a comparison of two sides, base and candidate. */
    public InterleavedResults run(List<String> benchmarks, ForkRunner runner) {
        if (armLabels.size() != 2) {
            throw new IllegalStateException("a runner of two sides for " + armLabels.size() + " sides");
        }
        return runArms(benchmarks, (arm, benchmark, round) -> runner.runFork(arm == 0 ? Side.BASE : Side.CANDIDATE,
                benchmark, round));
    }

    /**
     * Runs the rounds of every side ({@link #arms}): each round runs one fork of each side of each benchmark still
     * running, the sides of a benchmark adjacent in a seeded order. After each round the stop rule looks at each
     * treatment against the baseline; a treatment that has settled runs no more forks of that benchmark, and the
     * benchmark stops when all its treatments have (the baseline runs while any treatment does).
     */
    public InterleavedResults runArms(List<String> benchmarks, ArmRunner runner) {
        int arms = armLabels.size();
        Map<String, BenchmarkProgress> progress = new LinkedHashMap<>();
        for (String b : benchmarks) {
            progress.put(b, new BenchmarkProgress(b, arms));
        }
        progressByName.clear();
        progressByName.putAll(progress);
        if (planner != null && startLength != null && arms == 2) {
            for (BenchmarkProgress p : progress.values()) {
                if (plannable.test(p.benchmark)) {
                    p.iterations = Math.max(0, startLength.applyAsInt(p.benchmark));
                }
            }
        }
        log.info(String.format(Locale.ROOT, "Interleaving %s, %s, %s; seed %d"
                + " (repeat this order with -D" + PerfProperties.SEED + "=%d)", ScenarioDefinition.counted(benchmarks),
                sides,
                rule.adaptive() ? StopRule.FIRST_LOOK + " to " + rule.maxRounds() + " rounds (adaptive)"
                        : rule.maxRounds() + " rounds",
                schedule.seed(), schedule.seed()));
        int round = 0;
        long runStart = nanoTime.getAsLong();
        long lastRound = 0;
        List<String> queue = new ArrayList<>();
        if (forkSeconds != null && budget != null) {
            for (BenchmarkProgress p : progress.values()) {
                p.state = State.QUEUED;
                queue.add(p.benchmark);
            }
        }
        while (true) {
            List<String> active = running(progress);
            if (active.isEmpty() && queue.isEmpty()) {
                break;
            }
            if (!active.isEmpty() && budget != null && round > 0
                    && nanoTime.getAsLong() - runStart + lastRound > budget.toNanos()) {
                for (String b : active) {
                    BenchmarkProgress p = progress.get(b);
                    p.stopByTime(StopRule.Status.BUDGET, PerfProperties.BUDGET + " ran out after " + p.rounds
                            + " rounds", arms);
                }
                for (String b : queue) {
                    notRun(progress.get(b), PerfProperties.BUDGET + " ran out before its turn (" + place(benchmarks, b)
                            + ")");
                }
                log.info(String.format(Locale.ROOT, "%s: %s of rounds left, and round %d took %s; stopping"
                        + " %d unsettled benchmark%s after %d rounds: %s%s", PerfProperties.BUDGET,
                        duration(Math.max(0, budget.toNanos() - (nanoTime.getAsLong() - runStart))), round,
                        duration(lastRound), active.size(), active.size() == 1 ? "" : "s", round,
                        String.join(", ", active), queue.isEmpty() ? "" : "; never measured, so without a verdict: "
                                + String.join(", ", queue)));
                queue.clear();
                break;
            }
            if (shardTime != null && rule.adaptive() && round > 0
                    && nanoTime.getAsLong() - runStart + lastRound > shardTime.toNanos()) {
                stopAtShardTime(progress, active, arms, round, lastRound,
                        shardTime.toNanos() - (nanoTime.getAsLong() - runStart));
                active = running(progress);
                if (active.isEmpty() && queue.isEmpty()) {
                    break;
                }
            }
            if (!queue.isEmpty()) {
                admit(queue, progress, benchmarks, round + 1, budget.toNanos() - (nanoTime.getAsLong() - runStart));
                active = running(progress);
                if (active.isEmpty()) {
                    break;
                }
            }
            round++;
            long roundStart = nanoTime.getAsLong();
            for (InterleavedSchedule.ForkSlot slot : schedule.round(round, active, arms, forkSeconds == null)) {
                BenchmarkProgress p = progress.get(slot.benchmark());
                if (p.state != State.RUNNING || !p.armRunning(slot.arm())) {
                    continue;
                }
                long start = nanoTime.getAsLong();
                try {
                    List<BenchmarkResult> results = runner.runFork(slot.arm(), slot.benchmark(), round);
                    if (results.isEmpty()) {
                        throw new ForkFailedException("the fork produced no result");
                    }
                    double perRun = (nanoTime.getAsLong() - start) / 1e9 / results.size();
                    List<BenchmarkResult> timed = timed(results, perRun);
                    p.add(slot.arm(), timed);
                    p.secondsPerRun.add(forkSeconds(timed));
                } catch (ForkFailedException e) {
                    p.state = State.ERROR;
                    p.reason = armLabels.get(slot.arm()) + " fork in round " + round + " failed: " + e.getMessage();
                    log.info(p.benchmark + ": " + p.reason + "; it is not run any more");
                } finally {
                    p.nanos += nanoTime.getAsLong() - start;
                }
            }
            for (String b : active) {
                BenchmarkProgress p = progress.get(b);
                if (p.state != State.RUNNING) {
                    continue;
                }
                // a benchmark admitted late counts its own rounds: the stop rule looks at its forks, not the clock's
                int own = round - p.firstRound + 1;
                p.rounds = own;
                boolean anyRunning = false;
                for (int arm = 1; arm < arms; arm++) {
                    if (p.armRunning(arm)) {
                        p.armRounds[arm] = own;
                        look(p, arm, own);
                        anyRunning |= p.armRunning(arm);
                    }
                }
                if (planner != null && arms == 2 && own == rule.firstLook() && plannable.test(b)) {
                    // also where the first look settled it: its effect size then comes from these forks alone
                    List<String> notes = planner.firstLookNotes(p.benchmark, p.results(0), p.results(1));
                    notes.forEach(log::info);
                    p.notes.addAll(notes);
                }
                if (anyRunning && planner != null && arms == 2 && own == rule.firstLook() && plannable.test(b)) {
                    plan(p, own);
                    anyRunning = p.armRunning(1);
                }
                if (anyRunning && p.roundCap > 0 && own >= p.roundCap) {
                    // the plan's forks are reached: the last look, as when the rounds its noise needs are run
                    p.stops[1] = StopRule.Status.FINISHED;
                    p.reasons[1] = "reached " + own + " rounds, the forks of its " + PerfProperties.FORK_PLAN
                            + "=" + PerfProperties.FORK_PLAN_AUTO + " plan";
                    anyRunning = false;
                }
                if (!anyRunning) {
                    p.state = State.DONE;
                    p.stop = p.stops[1];
                    p.reason = p.reasons[1];
                }
            }
            lastRound = nanoTime.getAsLong() - roundStart;
            log.info(String.format(Locale.ROOT, "Round %d done: %d benchmark%s, %s", round, active.size(),
                    active.size() == 1 ? "" : "s", duration(lastRound)));
        }
        for (BenchmarkProgress p : progress.values()) {
            if (p.shortForks > 0 && !p.failed()) {
                List<String> after = planner.afterLengthening(p.benchmark, p.shortForks, p.results(0), p.results(1));
                after.forEach(log::info);
                p.notes.addAll(after);
            }
        }
        InterleavedResults outcome = new InterleavedResults(new ArrayList<>(progress.values()), rule.maxRounds(),
                schedule.seed(), armLabels).settings(settings).fixedLengths(fixedLengths);
        log.info(outcome.summary());
        return outcome;
    }

    private static List<String> running(Map<String, BenchmarkProgress> progress) {
        List<String> active = new ArrayList<>();
        for (BenchmarkProgress p : progress.values()) {
            if (p.state == State.RUNNING) {
                active.add(p.benchmark);
            }
        }
        return active;
    }

    /** The fewest rounds a benchmark runs before the stop rule may stop it: what a verdict needs. */
    private int fewestRounds() {
        return rule.adaptive() ? Math.min(StopRule.FIRST_LOOK, rule.maxRounds()) : rule.maxRounds();
    }

    /** A round of one benchmark in nanoseconds: its own mean once it ran, else the estimate for every side. */
    private double roundNanos(BenchmarkProgress p) {
        return p.rounds > 0 ? p.nanos / (double) p.rounds : armLabels.size() * forkSeconds.applyAsDouble(p.benchmark)
                * 1e9;
    }

    /**
     * Admits from {@code queue}, in its order, each benchmark whose fewest rounds fit in {@code left} beside the
     * fewest rounds (at least one) still owed to those running; stops at the first that does not fit yet, so none
     * overtakes one of higher priority, but drops (not run) one that cannot fit even alone.
     */
    private void admit(List<String> queue, Map<String, BenchmarkProgress> progress, List<String> benchmarks,
            int round, long left) {
        int fewest = fewestRounds();
        double owed = 0;
        for (BenchmarkProgress p : progress.values()) {
            if (p.state == State.RUNNING) {
                owed += Math.max(fewest - p.rounds, 1) * roundNanos(p);
            }
        }
        List<String> admitted = new ArrayList<>();
        List<String> dropped = new ArrayList<>();
        while (!queue.isEmpty()) {
            BenchmarkProgress p = progress.get(queue.get(0));
            double need = fewest * roundNanos(p);
            if (need > left) {
                notRun(p, String.format(Locale.ROOT, "its %d rounds need about %s, more than the %s of %s left",
                        fewest, duration((long) need), duration(Math.max(0, left)), PerfProperties.BUDGET));
                dropped.add(p.benchmark);
            } else if (owed + need <= left) {
                p.state = State.RUNNING;
                p.firstRound = round;
                owed += need;
                admitted.add(p.benchmark);
            } else {
                break;
            }
            queue.remove(0);
        }
        for (String b : dropped) {
            log.info(b + ": not run, no verdict: " + progress.get(b).reason);
        }
        if (round == 1 && queue.isEmpty() && dropped.isEmpty()) {
            return; // the whole suite fits: nothing to say beyond the opening line
        }
        if (!admitted.isEmpty()) {
            log.info(String.format(Locale.ROOT, "%s: %s left; round %d admits %s (in priority order)%s",
                    PerfProperties.BUDGET, duration(Math.max(0, left)), round, String.join(", ", admitted),
                    queue.isEmpty() ? "" : "; " + queue.size() + " wait until earlier ones settle: "
                            + String.join(", ", queue)));
        }
    }

    private static void notRun(BenchmarkProgress p, String reason) {
        p.state = State.NOT_RUN;
        p.reason = reason;
    }

    /** "priority 3 of 7". */
    private static String place(List<String> benchmarks, String benchmark) {
        return "priority " + (benchmarks.indexOf(benchmark) + 1) + " of " + benchmarks.size();
    }

    /**
     * The results of one fork call, each fork given its share of the call's wall time where the harness recorded
     * none: the machine time the rounds spent ({@link MachineTime}) is then in the results like a run's.
     */
    private static List<BenchmarkResult> timed(List<BenchmarkResult> results, double secondsPerRun) {
        List<BenchmarkResult> timed = new ArrayList<>();
        for (BenchmarkResult r : results) {
            List<Fork> forks = new ArrayList<>();
            for (Fork f : r.forks()) {
                forks.add(Double.isFinite(f.seconds()) ? f : f.withSeconds(secondsPerRun));
            }
            timed.add(r.toBuilder().forks(forks).build());
        }
        return timed;
    }

    /**
     * The mean wall time of the forks just run, as the harness timed them (without a wait for JMH's lock) or, where
     * it did not, as their share of the call: a fork's cost for the planner.
     */
    private static double forkSeconds(List<BenchmarkResult> results) {
        double sum = 0;
        int n = 0;
        for (BenchmarkResult r : results) {
            if (!r.forks().isEmpty()) {
                sum += r.forks().get(r.forks().size() - 1).seconds();
                n++;
            }
        }
        return sum / n;
    }

    /** The planner's choice for the rest of {@code p}'s rounds, logged in its one line. */
    private void plan(BenchmarkProgress p, int round) {
        RoundPlan chosen = planner.plan(p.benchmark, round, p.results(0), p.results(1),
                Collections.unmodifiableList(new ArrayList<>(p.secondsPerRun)));
        if (chosen == null) {
            return;
        }
        if (p.iterations > 0 && chosen.iterations() > p.iterations) {
            // a short start lengthened: the forks so far and the later ones are compared at the end
            p.shortForks = round;
        }
        if (chosen.iterations() > 0) {
            p.iterations = chosen.iterations();
        }
        p.roundCap = Math.max(rule.firstLook(), Math.min(rule.maxRounds(), chosen.maxRounds()));
        log.info(chosen.line());
    }

    /** The stop rule's look at one treatment of a benchmark against the baseline, logged when it stops. */
    private void look(BenchmarkProgress p, int arm, int round) {
        String b = p.benchmark + (armLabels.size() > 2 ? " [" + armLabels.get(arm) + "]" : "");
        List<BenchmarkResult> base = p.results(0);
        List<BenchmarkResult> treatment = p.results(arm);
        StopRule.Look look = rule.look(round, base, treatment);
        if (!look.status().stops()) {
            return;
        }
        p.stops[arm] = look.status();
        p.reasons[arm] = look.reason();
        if (look.status() == StopRule.Status.ENOUGH_FOR_NOISE) {
            log.info(String.format(Locale.ROOT, "%s: stopped after %d rounds, as many as its noise"
                    + " needs; the gate decides on them (%s)", b, round, look.reason()));
        } else if (look.status() == StopRule.Status.FINISHED) {
            String noise = rule.adaptive() ? rule.noiseAtMaximum(base, treatment) : "";
            if (noise.contains(PerfProperties.MAX_FORKS)) {
                log.info(String.format(Locale.ROOT, "%s: unsettled after all %d rounds: %s; a"
                        + " slowdown of that size may be missed (raise %s, or see perf:calibrate)",
                        b, round, noise, PerfProperties.MAX_FORKS));
            }
        } else {
            log.info(String.format(Locale.ROOT, "%s: settled after %d rounds, %s (%s)", b, round,
                    look.status() == StopRule.Status.SETTLED_PASS ? "no slowdown of the limit"
                            : "a slowdown beyond the limit",
                    look.reason()));
        }
    }

    /**
     * {@code perf.shardTime} has come: stops the running benchmarks that have had their fewest rounds, the gate
     * judging them on the rounds they got, and says so once; those still short of their fewest rounds run on.
     */
    private void stopAtShardTime(Map<String, BenchmarkProgress> progress, List<String> active, int arms, int round,
            long lastRound, long leftNanos) {
        List<String> stopped = new ArrayList<>();
        for (String b : active) {
            BenchmarkProgress p = progress.get(b);
            if (p.rounds < rule.firstLook()) {
                continue;
            }
            p.stopByTime(StopRule.Status.SHARD_TIME, PerfProperties.SHARD_TIME + " came after " + p.rounds + " rounds",
                    arms);
            stopped.add(b + " (" + p.rounds + " rounds)");
        }
        if (stopped.isEmpty()) {
            return;
        }
        int waiting = active.size() - stopped.size();
        log.info(String.format(Locale.ROOT, "%s: %s left of the shard's time, and round %d took %s; stopping %d"
                + " unsettled benchmark%s, which the gate judges on the rounds run: %s%s", PerfProperties.SHARD_TIME,
                duration(Math.max(0, leftNanos)), round, duration(lastRound), stopped.size(),
                stopped.size() == 1 ? "" : "s", String.join(", ", stopped), waiting == 0 ? ""
                        : "; " + waiting + " more run on to their fewest " + rule.firstLook() + " rounds"));
    }

    /** A wall time as the log shows every duration ({@link Durations}). */
    public static String duration(long nanos) {
        return Durations.format(Duration.ofNanos(nanos));
    }

    enum State {
        /** Waiting for the budget to admit it. */
        QUEUED, RUNNING, DONE, ERROR,
        /** The budget never admitted it: no fork, no verdict. */
        NOT_RUN
    }

    /** One benchmark's forks on every side and where it stands. */
    public static final class BenchmarkProgress {
        final String benchmark;
        private final List<Map<BenchmarkId, BenchmarkResult>> results = new ArrayList<>();
        State state = State.RUNNING;
        /** Measurement iterations of its later forks under a plan; 0 for the settings'. */
        int iterations;
        /** Its last round under a plan; 0 for the rule's maximum. */
        int roundCap;
        /** Forks a side its short start ran before a plan lengthened them; 0 where none did. */
        int shortForks;
        /**
         * What the report says of its plan's forks ({@link RoundPlanner#firstLookNotes},
         * {@link RoundPlanner#afterLengthening}).
         */
        final List<String> notes = new ArrayList<>();
        final List<Double> secondsPerRun = new ArrayList<>();
        StopRule.Status stop;
        String reason = "";
        int rounds;
        /** The round it was admitted in (1 unless a budget held it back). */
        int firstRound = 1;
        long nanos;
        /** Per side (index 0, the baseline, unused): how its look stopped it, null while it runs. */
        final StopRule.Status[] stops;
        final String[] reasons;
        final int[] armRounds;

        BenchmarkProgress(String benchmark, int arms) {
            this.benchmark = benchmark;
            for (int a = 0; a < arms; a++) {
                results.add(new TreeMap<>());
            }
            stops = new StopRule.Status[arms];
            reasons = new String[arms];
            Arrays.fill(reasons, "");
            armRounds = new int[arms];
        }

        /**
         * Stops it unsettled because time ran out ({@code perf.budget} or {@code perf.shardTime}): it and every side
         * still running get {@code status} and {@code why}, and the gate judges the rounds run.
         */
        void stopByTime(StopRule.Status status, String why, int arms) {
            state = State.DONE;
            stop = status;
            reason = why;
            for (int arm = 1; arm < arms; arm++) {
                if (armRunning(arm)) {
                    stops[arm] = status;
                    reasons[arm] = why;
                }
            }
        }

        /** Whether side {@code arm} still runs forks: the baseline while the benchmark does, a treatment until its
         * look stops it. */
        boolean armRunning(int arm) {
            return state == State.RUNNING && (arm == 0 || stops[arm] == null);
        }

        /**
         * Adds a fork's results, each to the result of the same benchmark ({@link BenchmarkResult#id()}: key and mode,
         * as a benchmark of two modes returns a result for each from one fork).
         */
        void add(int arm, List<BenchmarkResult> forkResults) {
            Map<BenchmarkId, BenchmarkResult> map = results.get(arm);
            for (BenchmarkResult r : forkResults) {
                BenchmarkId id = r.id();
                BenchmarkResult before = map.get(id);
                if (before == null) {
                    map.put(id, r);
                } else {
                    BenchmarkResult.Builder merged = before.toBuilder();
                    for (Fork f : r.forks()) {
                        merged.addFork(f);
                    }
                    for (String w : r.warnings()) {
                        if (!before.warnings().contains(w)) {
                            merged.warning(w);
                        }
                    }
                    map.put(id, merged.build());
                }
            }
        }

        public String benchmark() {
            return benchmark;
        }

        public List<BenchmarkResult> results(Side side) {
            return results(side == Side.BASE ? 0 : 1);
        }

        /** The results of side {@code arm} (0 the baseline). */
        public List<BenchmarkResult> results(int arm) {
            return Collections.unmodifiableList(new ArrayList<>(results.get(arm).values()));
        }

        /** Rounds in which treatment {@code arm} ran a fork (it stops before the benchmark when it settles first). */
        public int rounds(int arm) {
            return arm == 0 ? rounds : armRounds[arm];
        }

        /** How treatment {@code arm}'s look stopped it; null when a fork failed. */
        public StopRule.Status stop(int arm) {
            return state == State.ERROR ? null : stops[arm];
        }

        /** What settled treatment {@code arm}, or why the benchmark failed. */
        public String reason(int arm) {
            return state == State.ERROR ? reason : reasons[arm];
        }

        /** Complete rounds run (both sides). */
        public int rounds() {
            return rounds;
        }

        /** How the benchmark stopped; null when a fork failed. */
        public StopRule.Status stop() {
            return stop;
        }

        /**
         * Whether {@code perf.budget} never admitted it: it has no fork on either side and no verdict; the
         * {@link #reason} says why.
         */
        public boolean notRun() {
            return state == State.NOT_RUN;
        }

        /** Whether a fork failed, and the benchmark was dropped. */
        public boolean failed() {
            return state == State.ERROR;
        }

        /** What settled it, or why it failed. */
        public String reason() {
            return reason;
        }

        /** Wall time spent on its forks. */
        public long nanos() {
            return nanos;
        }
    }
}
