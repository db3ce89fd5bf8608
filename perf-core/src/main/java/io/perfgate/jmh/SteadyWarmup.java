package io.perfgate.jmh;

import io.perfgate.config.PerfProperties;
import io.perfgate.results.BenchmarkId;
import io.perfgate.stats.SteadyState;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Warm-up that ends at steady state, learned from a benchmark's own forks (statistics.md, "Warm-up that ends at
 * steady state"), for goals that launch one fork per JMH run and interleave the sides in rounds (perf:compare,
 * perf:calibrate). JMH fixes a fork's warm-up iterations when the fork starts, so a running fork cannot stop early;
 * instead the warm-up runs as iterations of {@link #FINE_ITERATION} (the same total time), each fork reports from
 * which of them it was steady ({@link SteadyState#settledFrom}), and later rounds warm up only as long as the
 * earlier forks needed ({@link SteadyState#learnedWarmup}), never longer than the full warm-up.
 *
 * <p>A round's warm-up is decided from the forks of the rounds before it only, of both sides and every parameter
 * set and mode of the benchmark (one JMH run takes one {@code -wi}), so both sides of a round warm up alike. Forks
 * that did not settle (their measurement trends, or their warm-up ends off their steady level), beyond the one the
 * rule tolerates ({@link SteadyState#unsettledTolerated}), make every later round warm up in full again; when such a
 * fork had a shortened warm-up, {@link #observe} says so.
 */
public final class SteadyWarmup {
    /** The iteration length a warm-up is split into; longer warm-up iterations are split, shorter ones kept. */
    public static final JmhTime FINE_ITERATION = FineIterations.TIME;

    /** Each fork's settling, by benchmark, then by result (parameter set and mode), with the round it ran in. */
    private final Map<String, Map<BenchmarkId, List<Observed>>> observed = new HashMap<>();
    /** The warm-up last announced per benchmark, so each change is logged once. */
    private final Map<String, Integer> announced = new HashMap<>();
    /** The benchmarks whose warm-up was said to stay full after their first forks, so that is said once. */
    private final Set<String> keptFullSaid = new HashSet<>();

    /** What one fork of a benchmark warms up with. Immutable. */
    public static final class Choice {
        private final int iterations;
        private final JmhTime time;
        private final int fullIterations;
        private final String fixed;
        private final String reason;

        Choice(int iterations, JmhTime time, int fullIterations, String fixed, String reason) {
            this.iterations = iterations;
            this.time = time;
            this.fullIterations = fullIterations;
            this.fixed = fixed;
            this.reason = reason;
        }

        public int iterations() {
            return iterations;
        }

        public JmhTime time() {
            return time;
        }

        /** The fine iterations that make up the whole of the fixed warm-up. */
        public int fullIterations() {
            return fullIterations;
        }

        public boolean shortened() {
            return iterations < fullIterations;
        }

        /** E.g. {@code 3 x 1 s}: the warm-up the settings give. */
        public String fixed() {
            return fixed;
        }

        /** Why it is shortened, or why it stays full once earlier forks were seen; null before any was. */
        public String reason() {
            return reason;
        }

        /** JMH's arguments with this warm-up in place of theirs ({@code -wi}, {@code -w}). */
        public List<String> apply(List<String> arguments) {
            List<String> args = new ArrayList<>();
            for (int i = 0; i < arguments.size(); i++) {
                String a = arguments.get(i);
                if (("-wi".equals(a) || "-w".equals(a)) && i + 1 < arguments.size()) {
                    i++;
                    continue;
                }
                args.add(a);
            }
            args.add("-wi");
            args.add(Integer.toString(iterations));
            args.add("-w");
            args.add(time.toJmhArgument());
            return args;
        }

        /** E.g. {@code 5 x 250 ms (1.25 s)}. */
        public String describe() {
            return describe(iterations);
        }

        String describe(int count) {
            return count + " x " + time + " (" + seconds(count) + " s)";
        }

        private String seconds(int count) {
            return String.format(Locale.ROOT, "%.3g", count * time.toNanos() / 1e9);
        }
    }

    /**
     * Whether {@code perf.forkPlan}'s value turns steady warm-up on: every value but {@code fixed} ({@code
     * calibrated}, {@code auto}); whether the value is known is checked where the fork plans are read.
     */
    public static boolean turnedOnBy(String forkPlan) {
        String v = forkPlan == null ? "" : forkPlan.trim().toLowerCase(Locale.ROOT);
        return !v.isEmpty() && !v.equals(PerfProperties.FORK_PLAN_FIXED);
    }

    /**
     * The warm-up of {@code b}'s fork in {@code round} (1-based): null when it keeps its settings (no warm-up,
     * single-shot iterations, whose count is not a time); else the fine iterations, as many as the forks of the
     * earlier rounds needed, all of them in the first round or after a fork that did not settle.
     */
    public Choice choose(PlannedBenchmark b, int round) {
        int iterations = b.warmupIterations().value();
        JmhTime time = b.warmupTime().value();
        if (iterations <= 0 || b.modes().contains(JmhMode.SINGLE_SHOT_TIME) || b.modes().contains(JmhMode.ALL)) {
            return null;
        }
        String fixed = iterations + " x " + time;
        JmhTime fine = FineIterations.of(time);
        // never longer than the fixed warm-up: the fine iterations fit inside it
        int full = FineIterations.filling(iterations, time);
        List<SteadyState.Settling> settled = new ArrayList<>();
        int learned = 0;
        Map<BenchmarkId, List<Observed>> byKey = observed.getOrDefault(b.name(), new LinkedHashMap<>());
        for (List<Observed> forks : byKey.values()) {
            List<SteadyState.Settling> earlier = new ArrayList<>();
            for (Observed o : forks) {
                if (o.round < round) {
                    earlier.add(o.settling);
                }
            }
            if (!earlier.isEmpty()) {
                learned = Math.max(learned, SteadyState.learnedWarmup(earlier, full));
                settled.addAll(earlier);
            }
        }
        if (settled.isEmpty()) {
            return new Choice(full, fine, full, fixed, null);
        }
        int latest = 0;
        int unsettled = 0;
        for (SteadyState.Settling s : settled) {
            latest = Math.max(latest, s.steadyFrom());
            unsettled += s.settled() ? 0 : 1;
        }
        String forks = "its " + settled.size() + (settled.size() == 1 ? " fork" : " forks") + " so far";
        String steady = " were steady from warm-up iteration " + latest + " of " + full + " at the latest";
        if (learned >= full) {
            // said so the user knows why a long warm-up of their own (e.g. @Warmup(time = 10)) is kept in every round
            return new Choice(full, fine, full, fixed, forks + (unsettled == settled.size()
                    ? (unsettled == 1 ? " did not settle within it" : ": none settled within it")
                    : steady + (unsettled > 0 ? " and " + unsettled + " did not settle" : "")));
        }
        return new Choice(learned, fine, full, fixed, forks + steady + (unsettled > 0 ? " (" + unsettled
                + " did not settle, tolerated)" : "") + "; " + (latest - 1) + " before it, plus half and one as margin");
    }

    /**
     * The log line for {@code choice} of {@code benchmark}, when its warm-up changes from what was last said: e.g.
     * {@code Warm-up of a.B.m shortened from 3 x 1 s (3.00 s) to 6 x 250 ms (1.50 s): its 2 forks so far were
     * steady from warm-up iteration 4 of 12 at the latest; ...}; else null.
     */
    public String announce(String benchmark, Choice choice) {
        if (choice == null) {
            return null;
        }
        Integer before = announced.put(benchmark, choice.iterations());
        if (!choice.shortened() && choice.reason() != null && (before == null || before == choice.iterations())
                && keptFullSaid.add(benchmark)) {
            return "Warm-up of " + benchmark + " kept at the full " + choice.fixed() + " (" + choice.seconds(
                    choice.fullIterations()) + " s), as " + choice.describe() + ": " + choice.reason()
                    + "; " + PerfProperties.WARMUP_ITERATIONS + " and " + PerfProperties.WARMUP_TIME
                    + " set a shorter one by hand";
        }
        if (before == null ? !choice.shortened() : before == choice.iterations()) {
            return null;
        }
        if (!choice.shortened()) {
            keptFullSaid.add(benchmark); // this line says why; the "kept at the full" one would repeat it
            return "Warm-up of " + benchmark + ": back to the full " + choice.describe() + " (forks did not settle,"
                    + " see above)";
        }
        return "Warm-up of " + benchmark + " shortened from " + choice.fixed() + " (" + choice.seconds(
                choice.fullIterations()) + " s) to " + choice.describe() + ": " + choice.reason();
    }

    /**
     * Keeps what one fork of {@code benchmark} showed for result {@code id} (a parameter set and mode) in
     * {@code round}.
     *
     * @return a warning when the fork's warm-up was shortened and it did not settle (later rounds warm up in full),
     *     else null
     */
    public String observe(String benchmark, BenchmarkId id, int round, Choice choice, SteadyState.Settling settling) {
        List<Observed> forks = observed.computeIfAbsent(benchmark, k -> new LinkedHashMap<>())
                .computeIfAbsent(id, k -> new ArrayList<>());
        forks.add(new Observed(round, settling));
        if (choice != null && choice.shortened() && !settling.settled()) {
            List<SteadyState.Settling> all = new ArrayList<>();
            forks.forEach(o -> all.add(o.settling));
            boolean backToFull = SteadyState.learnedWarmup(all, choice.fullIterations()) >= choice.fullIterations();
            return "Warm-up of " + id + ": the fork of round " + round + " warmed up " + choice.describe()
                    + " and did not settle (" + settling.description() + "); " + (backToFull
                            ? "the next rounds warm up in full, " + choice.describe(choice.fullIterations())
                            : "tolerated as the host's (at most " + SteadyState.unsettledTolerated(all.size())
                                    + " of its " + all.size() + " forks so far), a second one sends the next rounds"
                                    + " back to the full warm-up");
        }
        return null;
    }

    private static final class Observed {
        final int round;
        final SteadyState.Settling settling;

        Observed(int round, SteadyState.Settling settling) {
            this.round = round;
            this.settling = settling;
        }
    }
}
