package io.perfgate.planning;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.perfgate.config.PerfProperties;
import io.perfgate.gate.GateSettings;
import io.perfgate.interleaved.FakeForks;
import io.perfgate.interleaved.InterleavedResults;
import io.perfgate.interleaved.InterleavedRun;
import io.perfgate.interleaved.InterleavedSchedule;
import io.perfgate.interleaved.Side;
import io.perfgate.interleaved.StopRule;
import io.perfgate.results.BenchmarkResult;
import io.perfgate.results.Calibration;
import io.perfgate.results.Fork;
import io.perfgate.stats.ForkPlan;
import io.perfgate.stats.Thresholds;
import io.perfgate.testing.LogLines;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

class FirstRoundsPlanTest {
    /** A fork costs 4 s fixed (JVM start, set-up, 3 x 1 s warm-up) and 0.5 s per measurement iteration. */
    private static final double FIXED = 4;
    private static final double ITERATION = 0.5;
    private static final Map<String, String> SETTINGS = new java.util.HashMap<>();

    static {
        // the fixed defaults' fork: 3 x 1 s warm-up, so 1 s of the fake 4 s is JVM start and set-up
        SETTINGS.put(PerfProperties.WARMUP_ITERATIONS, "3");
        SETTINGS.put(PerfProperties.WARMUP_TIME, "1 s");
        SETTINGS.put(PerfProperties.MEASUREMENT_TIME, "500 ms");
    }

    /**
     * A model of a benchmark with a between-fork and a within-fork noise (log sd), its forks as long as the run asks
     * (10 iterations unless planned), each taking FIXED + m x ITERATION seconds on the fake clock.
     */
    private static final class Model implements InterleavedRun.ForkRunner {
        final Random random = new Random(32);
        final double between;
        final double within;
        final double slowdown;
        InterleavedRun run;
        long clock;
        final List<String> lengths = new ArrayList<>();

        Model(double between, double within, double slowdown) {
            this.between = between;
            this.within = within;
            this.slowdown = slowdown;
        }

        @Override
        public List<BenchmarkResult> runFork(Side side, String benchmark, int round) {
            int planned = run.measurementIterations(benchmark);
            int m = planned > 0 ? planned : 10;
            lengths.add(round + " " + side.label() + " " + m);
            clock += Math.round((FIXED + m * ITERATION) * 1e9);
            double level = 100 * (side == Side.CANDIDATE ? slowdown : 1) * Math.exp(between * random.nextGaussian());
            double[] it = new double[m];
            for (int i = 0; i < m; i++) {
                it[i] = level * Math.exp(within * random.nextGaussian());
            }
            return Collections.singletonList(FakeForks.result(benchmark, new Fork(it, Collections.emptyMap(),
                    Collections.emptyMap())));
        }
    }

    private final LogLines log = new LogLines();

    private InterleavedResults compare(Model model, int maxRounds, boolean plannable) {
        StopRule rule = new StopRule(true, maxRounds, GateSettings.defaults());
        InterleavedRun run = new InterleavedRun(new InterleavedSchedule(5), rule, log, () -> model.clock)
                .planner(new FirstRoundsPlan(rule, SETTINGS), b -> plannable).settings(SETTINGS);
        model.run = run;
        return run.run(Collections.singletonList("a.B.run"), model);
    }

    /**
     * Between-fork noise of 4 % against 1 % an iteration: after the first 5 rounds the plan shortens the forks of both
     * sides alike, from the next round on, and caps the rounds at its forks, at least 5 and at most perf.maxForks.
     */
    @Test
    void betweenForkNoiseMakesShorterForksOnBothSidesFromTheNextRound() {
        Model model = new Model(0.04, 0.01, 1.0);
        InterleavedResults o = compare(model, 15, true);

        String line = log.lines().stream().filter(l -> l.contains("perf.forkPlan=auto")).findFirst().orElse(null);
        assertNotNull(line, log.lines().toString());
        assertTrue(line.contains("a.B.run: perf.forkPlan=auto from the first 5 rounds: "), line);
        assertTrue(line.contains("between-fork noise") && line.contains("more, shorter forks"), line);
        int planned = Integer.parseInt(line.replaceAll(".*both sides run (\\d+) iterations of 500 ms a fork from round 6.*",
                "$1"));
        int cap = Integer.parseInt(line.replaceAll(".*, at most (\\d+) rounds$", "$1"));
        assertTrue(planned >= ForkPlan.MIN_ITERATIONS && planned < 10, line);
        assertTrue(cap >= 5 && cap <= 15, line);

        int rounds = o.benchmarks().get(0).rounds();
        assertTrue(rounds <= cap, rounds + " rounds, cap " + cap);
        for (String call : model.lengths) {
            String[] f = call.split(" ");
            int round = Integer.parseInt(f[0]);
            // the first rounds at the settings' length, every later fork of either side at the plan's
            assertEquals(round <= 5 ? 10 : planned, Integer.parseInt(f[2]), call);
        }
        assertEquals(2 * rounds, model.lengths.size());

        // what it saved: 5 rounds of 9 s forks and the rest of 4 + 0.5 m s, against the same forks at 9 s each
        double spent = 2 * (5 * 9.0 + (rounds - 5) * (FIXED + planned * ITERATION));
        double fixed = 2 * rounds * 9.0;
        assertTrue(o.summary().contains(String.format(java.util.Locale.ROOT, "in %d JMH forks, %.2f of the", 2 * rounds,
                spent / fixed)), o.summary());
        assertEquals(spent / fixed, o.machineTime().ratio(), 1e-9);
    }

    private InterleavedResults compareStartingShort(Model model, int maxRounds) {
        StopRule rule = new StopRule(true, maxRounds, GateSettings.defaults());
        InterleavedRun run = new InterleavedRun(new InterleavedSchedule(5), rule, log, () -> model.clock)
                .planner(new FirstRoundsPlan(rule, SETTINGS, b -> 10), b -> true)
                .startLength(b -> ForkPlan.MIN_ITERATIONS).settings(SETTINGS);
        model.run = run;
        return run.run(Collections.singletonList("a.B.run"), model);
    }

    /**
     * perf.forkPlan=auto starts short: the first rounds of both sides run the fewest iterations the steady-state test
     * judges; where the forks differ little from each other but much within (1 % between, 20 % an iteration), the plan
     * lengthens them again after the first look, up to the settings' 10 and never beyond.
     */
    @Test
    void aShortStartIsLengthenedWhereTheWithinForkNoiseAsksForIt() {
        Model model = new Model(0.01, 0.20, 1.0);
        compareStartingShort(model, 15);

        String line = log.lines().stream().filter(l -> l.contains("perf.forkPlan=auto")).findFirst().orElse(null);
        assertNotNull(line, log.lines().toString());
        assertTrue(line.contains("at 15 x 10"), line);
        int planned = Integer.parseInt(line.replaceAll(".*both sides run (\\d+) iterations of 500 ms a fork from round 6.*",
                "$1"));
        assertTrue(planned > ForkPlan.MIN_ITERATIONS && planned <= 10, line);
        for (String call : model.lengths) {
            String[] f = call.split(" ");
            assertEquals(Integer.parseInt(f[0]) <= 5 ? ForkPlan.MIN_ITERATIONS : planned, Integer.parseInt(f[2]),
                    call);
        }
    }

    /** Between-fork noise dominates: the short start is already the plan, and every round keeps it on both sides. */
    @Test
    void aShortStartStaysShortWhereTheForksDifferMoreThanTheirIterations() {
        Model model = new Model(0.04, 0.01, 1.0);
        compareStartingShort(model, 15);
        for (String call : model.lengths) {
            assertEquals(ForkPlan.MIN_ITERATIONS, Integer.parseInt(call.split(" ")[2]), call);
        }
    }

    /** Quiet forks whose first look cannot settle (within-fork noise only): the plan stops at the floor of 5. */
    @Test
    void theRoundsNeverGoBelowTheFloorOfTheFirstLook() {
        BenchmarkResult base = result(5, 100, 0.002, 0.01, 1);
        BenchmarkResult candidate = result(5, 100, 0.002, 0.01, 2);
        StopRule rule = new StopRule(true, 15, GateSettings.defaults());
        InterleavedRun.RoundPlan plan = new FirstRoundsPlan(rule, SETTINGS).plan("a.B.run", 5,
                Collections.singletonList(base), Collections.singletonList(candidate), seconds(10, 10));
        assertEquals(5, plan.maxRounds(), plan.line());
        assertTrue(plan.line().contains("at most 5 rounds"), plan.line());
    }

    /**
     * The noise comes from both sides' forks (each side centred on its own level, so a real shift is no noise),
     * and the plan is ForkPlan's at the rule's level: golden against ForkPlan.choose on the same estimates.
     */
    @Test
    void theNoiseIsEstimatedFromBothSidesForksAndThePlanIsForkPlans() {
        BenchmarkResult base = result(5, 100, 0.03, 0.01, 3);
        BenchmarkResult candidate = result(5, 130, 0.03, 0.01, 4);
        StopRule rule = new StopRule(true, 15, GateSettings.defaults());
        InterleavedRun.RoundPlan plan = new FirstRoundsPlan(rule, SETTINGS).plan("a.B.run", 5,
                Collections.singletonList(base), Collections.singletonList(candidate), seconds(10, 10));

        double between = AaCalibration.betweenForkCv(base, candidate);
        double within = AaCalibration.withinForkCv(base, candidate);
        assertTrue(between > 0.015 && between < 0.06, "between " + between);
        assertTrue(within > 0.007 && within < 0.013, "within " + within);
        Thresholds t = GateSettings.defaults().forBenchmark(base.key()).median();
        ForkPlan expected = ForkPlan.choose(ForkPlan.Noise.measured(between, within, 10), FIXED, ITERATION,
                new Thresholds(t.fail(), t.minEffect(), rule.decisionAlpha()), StopRule.POWER, 10);
        assertEquals(expected.iterations() == 10 ? 0 : expected.iterations(), plan.iterations(), plan.line());
        assertEquals(Math.min(15, Math.max(5, expected.forks())), plan.maxRounds(), plan.line());
        assertTrue(plan.line().contains(expected.reason()), plan.line() + " / " + expected.reason());
    }

    /** Noise no fork count up to 200 overcomes: no plan, the settings' length and every round, and the line says so. */
    @Test
    void aTargetOutOfReachKeepsTheSettings() {
        BenchmarkResult base = result(5, 100, 0.6, 0.3, 5);
        BenchmarkResult candidate = result(5, 100, 0.6, 0.3, 6);
        StopRule rule = new StopRule(true, 15, GateSettings.defaults());
        InterleavedRun.RoundPlan plan = new FirstRoundsPlan(rule, SETTINGS).plan("a.B.run", 5,
                Collections.singletonList(base), Collections.singletonList(candidate), seconds(10, 10));
        assertEquals(0, plan.iterations(), plan.line());
        assertEquals(15, plan.maxRounds(), plan.line());
        assertTrue(plan.line().startsWith("a.B.run: perf.forkPlan=auto from the first 5 rounds: no plan ("), plan.line());
        assertTrue(plan.line().endsWith("; 15 forks x 10 iterations as now, about 135 s a side"), plan.line());
    }

    /** A benchmark the launcher cannot give a length of its own (-i set, calibrated, single-shot) keeps it all. */
    @Test
    void aBenchmarkNotPlannableKeepsTheSettings() {
        Model model = new Model(0.04, 0.01, 1.0);
        InterleavedResults o = compare(model, 15, false);
        assertTrue(log.lines().stream().noneMatch(l -> l.contains("perf.forkPlan=auto")), log.lines().toString());
        assertTrue(model.lengths.stream().allMatch(l -> l.endsWith(" 10")), model.lengths.toString());
        assertNull(o.benchmarks().get(0).failed() ? "failed" : null);
    }

    private static final StopRule RULE = new StopRule(true, 15, GateSettings.defaults());

    private static Calibration calibrated(BenchmarkResult of, double cv) {
        return new Calibration("2026-11-20T10:00:00Z", 0.8, 0.05, Collections.singletonMap(of.id(),
                new Calibration.Entry(10, cv, 0.01, 0.05, 0.02, 10, "PASS")));
    }

    private static List<String> firstLookNotes(ForkNoiseAgreement.References references, BenchmarkResult base,
            BenchmarkResult candidate) {
        return new FirstRoundsPlan(RULE, SETTINGS, b -> 10, references).firstLookNotes("a.B.run",
                Collections.singletonList(base), Collections.singletonList(candidate));
    }

    /**
     * The first rounds' forks differ by about 10 % where the calibration measured 1 % at full length: far beyond
     * chance (p well below 0.05), so the report is told that the verdict stands but the sizes come from a fixed run.
     */
    @Test
    void shortForksNoisierThanTheCalibrationGetANote() {
        BenchmarkResult base = result(5, 100, 0.10, 0.01, 7);
        BenchmarkResult candidate = result(5, 130, 0.10, 0.01, 8);
        List<String> notes = firstLookNotes(ForkNoiseAgreement.of(calibrated(base, 0.01), Collections.emptyList()),
                base, candidate);
        assertEquals(1, notes.size(), notes.toString());
        String note = notes.get(0);
        assertTrue(note.startsWith("a.B.run [avgt]: its short forks' noise (CV "), note);
        assertTrue(note.contains(") disagrees with the calibration of 2026-11-20 (CV 1.0 %, p "), note);
        assertTrue(note.endsWith("): the verdict stands (both sides ran the same fork lengths); quote effect sizes"
                + " from a -Dperf.forkPlan=fixed run"), note);
    }

    /** Without a calibration the newest history run is the reference; a quieter one than the forks disagrees. */
    @Test
    void withoutACalibrationTheHistoryRunIsTheReference() {
        BenchmarkResult base = result(5, 100, 0.10, 0.01, 7);
        BenchmarkResult candidate = result(5, 100, 0.10, 0.01, 8);
        List<String> notes = firstLookNotes(ForkNoiseAgreement.of(null,
                Collections.singletonList(HistoryStartTest.recorded(0.005, 0.005))), base, candidate);
        assertEquals(1, notes.size(), notes.toString());
        assertTrue(notes.get(0).contains(") disagrees with the history run of 2026-11-28 (CV "), notes.get(0));
        assertTrue(firstLookNotes(ForkNoiseAgreement.NONE, base, candidate).isEmpty(), "no reference, no note");
    }

    /** Forks as noisy as the calibration says (the same CV, or one chance alone gives): no note. */
    @Test
    void shortForksThatAgreeWithTheCalibrationGetNone() {
        BenchmarkResult base = result(5, 100, 0.03, 0.01, 7);
        BenchmarkResult candidate = result(5, 130, 0.03, 0.01, 8);
        double own = AaCalibration.betweenForkCv(base, candidate);
        assertTrue(firstLookNotes(ForkNoiseAgreement.of(calibrated(base, own), Collections.emptyList()), base,
                candidate).isEmpty());
        // a noise ratio of 1.5 (variance about 2.25) at 5 forks a side against 10 is within chance
        assertTrue(firstLookNotes(ForkNoiseAgreement.of(calibrated(base, own / 1.5), Collections.emptyList()), base,
                candidate).isEmpty());
    }

    /**
     * The boundary is the F distribution's at 0.05 two-sided, with 8 degrees of freedom for 5 forks a side (each
     * side's own mean) and 2 x (10 - 1) for a calibration of 10 forks a side: a reference a hair quieter than the
     * critical ratio is a note, a hair noisier is none.
     */
    @Test
    void theBoundaryIsTheTwoSidedFTestAtFivePercent() {
        BenchmarkResult base = result(5, 100, 0.03, 0.01, 7);
        BenchmarkResult candidate = result(5, 130, 0.03, 0.01, 8);
        double own = AaCalibration.betweenForkCv(base, candidate);
        double critical = org.apache.commons.statistics.distribution.FDistribution.of(8, 18)
                .inverseSurvivalProbability(0.025);
        double variance = Math.log1p(own * own);
        double atBoundary = Math.sqrt(Math.expm1(variance / critical));
        assertEquals(0.05, ForkNoiseAgreement.pValue(own, 8, atBoundary, 18), 1e-9);
        assertEquals(1, firstLookNotes(ForkNoiseAgreement.of(calibrated(base, atBoundary * 0.99),
                Collections.emptyList()), base, candidate).size());
        assertTrue(firstLookNotes(ForkNoiseAgreement.of(calibrated(base, atBoundary * 1.01),
                Collections.emptyList()), base, candidate).isEmpty());
        // two-sided: forks much quieter than the reference disagree too
        assertTrue(ForkNoiseAgreement.pValue(own, 8, own * 4, 18) < 0.05);
        assertEquals(1.0, ForkNoiseAgreement.pValue(own, 8, own, 8), 1e-12);
    }

    /** Where the plan lengthened a short start: the short forks against the planned-length ones, the same test. */
    @Test
    void shortForksAreSetAgainstThePlannedLengthOnesWhereThePlanLengthenedThem() {
        BenchmarkResult base = joined(result(5, 100, 0.10, 0.01, 7), result(10, 100, 0.005, 0.01, 9));
        BenchmarkResult candidate = joined(result(5, 100, 0.10, 0.01, 8), result(10, 100, 0.005, 0.01, 10));
        FirstRoundsPlan plan = new FirstRoundsPlan(RULE, SETTINGS, b -> 10);
        List<String> notes = plan.afterLengthening("a.B.run", 5, Collections.singletonList(base),
                Collections.singletonList(candidate));
        assertEquals(1, notes.size(), notes.toString());
        assertTrue(notes.get(0).contains(") disagrees with its planned-length forks (CV "), notes.get(0));
        BenchmarkResult alike = joined(result(5, 100, 0.01, 0.01, 7), result(10, 100, 0.01, 0.01, 9));
        BenchmarkResult alikeToo = joined(result(5, 100, 0.01, 0.01, 8), result(10, 100, 0.01, 0.01, 10));
        assertTrue(plan.afterLengthening("a.B.run", 5, Collections.singletonList(alike),
                Collections.singletonList(alikeToo)).isEmpty());
    }

    /**
     * The rounds carry the planner's notes to their results: at the first look, and after the last round where the
     * plan lengthened a short start (after its first 5 forks a side).
     */
    @Test
    void theRoundsCarryThePlannersNotesToTheirResults() {
        // noisy enough that the first look does not settle it
        Model model = new Model(0.10, 0.01, 1.0);
        StopRule rule = new StopRule(true, 8, GateSettings.defaults());
        InterleavedRun.RoundPlanner lengthens = new InterleavedRun.RoundPlanner() {
            @Override
            public InterleavedRun.RoundPlan plan(String benchmark, int rounds, List<BenchmarkResult> base,
                    List<BenchmarkResult> candidate, List<Double> secondsPerRun) {
                return new InterleavedRun.RoundPlan(10, 8, "lengthened");
            }

            @Override
            public List<String> firstLookNotes(String benchmark, List<BenchmarkResult> base,
                    List<BenchmarkResult> candidate) {
                return Collections.singletonList("first look at " + base.get(0).forks().size());
            }

            @Override
            public List<String> afterLengthening(String benchmark, int shortForks, List<BenchmarkResult> base,
                    List<BenchmarkResult> candidate) {
                return Collections.singletonList("lengthened after " + shortForks);
            }
        };
        InterleavedRun run = new InterleavedRun(new InterleavedSchedule(5), rule, log, () -> model.clock)
                .planner(lengthens, b -> true).startLength(b -> ForkPlan.MIN_ITERATIONS).settings(SETTINGS);
        model.run = run;
        InterleavedResults o = run.run(Collections.singletonList("a.B.run"), model);
        assertEquals(java.util.Arrays.asList("first look at 5", "lengthened after 5"), o.notes());
    }

    /** A benchmark the first look settles (a clear slowdown) is not planned, and its forks are still checked. */
    @Test
    void aBenchmarkSettledAtTheFirstLookIsCheckedToo() {
        Model model = new Model(0.01, 0.01, 1.5);
        StopRule rule = new StopRule(true, 15, GateSettings.defaults());
        InterleavedRun run = new InterleavedRun(new InterleavedSchedule(5), rule, log, () -> model.clock)
                .planner(new FirstRoundsPlan(rule, SETTINGS, b -> 10, id -> new ForkNoiseAgreement.Reference(0.20,
                        18, "the calibration of 2026-11-20")), b -> true).settings(SETTINGS);
        model.run = run;
        InterleavedResults o = run.run(Collections.singletonList("a.B.run"), model);
        assertEquals(5, o.benchmarks().get(0).rounds());
        assertTrue(log.lines().stream().noneMatch(l -> l.contains("perf.forkPlan=auto from")), log.lines().toString());
        assertEquals(1, o.notes().size(), o.notes().toString());
        assertTrue(o.notes().get(0).contains("disagrees with the calibration of 2026-11-20 (CV 20.0 %"),
                o.notes().get(0));
    }

    private static BenchmarkResult joined(BenchmarkResult first, BenchmarkResult then) {
        List<Fork> forks = new ArrayList<>(first.forks());
        forks.addAll(then.forks());
        return first.toBuilder().forks(forks).build();
    }

    private static BenchmarkResult result(int forks, double level, double between, double within, long seed) {
        Random random = new Random(seed);
        BenchmarkResult.Builder b = BenchmarkResult.builder("a.B.run").mode("avgt").unit("ns/op");
        for (int f = 0; f < forks; f++) {
            double forkLevel = level * Math.exp(between * random.nextGaussian());
            double[] it = new double[10];
            for (int i = 0; i < it.length; i++) {
                it[i] = forkLevel * Math.exp(within * random.nextGaussian());
            }
            b.addFork(new Fork(it, Collections.emptyMap(), Collections.emptyMap()));
        }
        return b.build();
    }

    private static List<Double> seconds(int forks, int iterations) {
        return new ArrayList<>(Collections.nCopies(forks, FIXED + iterations * ITERATION));
    }
}
