package io.perfgate.interleaved;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.perfgate.gate.GateSettings;
import io.perfgate.interleaved.InterleavedRun.BenchmarkProgress;
import io.perfgate.results.BenchmarkResult;
import io.perfgate.testing.LogLines;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

class InterleavedRunTest {
    /** A runner over a model: true value per (benchmark, side), fork noise per benchmark; each fork takes 1 s. */
    private static final class ModelRunner implements InterleavedRun.ForkRunner {
        final Map<String, double[]> truth = new HashMap<>(); // benchmark -> {base, candidate, forkSd}
        final List<String> calls = new ArrayList<>();
        final Random random = new Random(2024);
        String crashOnCandidate;
        /** Benchmarks measured in Throughput and AverageTime mode. */
        final Set<String> twoModes = new HashSet<>();
        long clock;

        ModelRunner benchmark(String name, double base, double candidate, double forkSd) {
            truth.put(name, new double[] {base, candidate, forkSd});
            return this;
        }

        @Override
        public List<BenchmarkResult> runFork(Side side, String benchmark, int round)
                throws InterleavedRun.ForkFailedException {
            calls.add(round + " " + side.label() + " " + benchmark);
            clock += 1_000_000_000L;
            if (side == Side.CANDIDATE && benchmark.equals(crashOnCandidate) && round == 2) {
                throw new InterleavedRun.ForkFailedException("java.lang.OutOfMemoryError in the benchmark");
            }
            double[] t = truth.get(benchmark);
            double value = side == Side.BASE ? t[0] : t[1];
            BenchmarkResult avgt = FakeForks.result(benchmark, FakeForks.fork(random, value, t[2], 3));
            if (!twoModes.contains(benchmark)) {
                return Collections.singletonList(avgt);
            }
            // JMH runs a benchmark of two modes once per mode in the one invocation: a result of each
            BenchmarkResult thrpt = FakeForks.result(benchmark, FakeForks.fork(random, 1000 / value, t[2], 3))
                    .toBuilder().mode("thrpt").unit("ops/us").build();
            return Arrays.asList(thrpt, avgt);
        }
    }

    private final LogLines log = new LogLines();

    private InterleavedResults run(ModelRunner runner, boolean adaptive, int max, String... benchmarks) {
        InterleavedRun run = new InterleavedRun(new InterleavedSchedule(77), new StopRule(adaptive, max,
                GateSettings.defaults()), log, () -> runner.clock);
        return run.run(Arrays.asList(benchmarks), runner);
    }

    private static BenchmarkProgress progress(InterleavedResults o, String benchmark) {
        for (BenchmarkProgress p : o.benchmarks()) {
            if (p.benchmark().equals(benchmark)) {
                return p;
            }
        }
        throw new AssertionError(benchmark);
    }

    /**
     * Each fork takes 1 s, so a round of two unsettled benchmarks takes 4 s: a budget of 30 s runs 7 rounds (28 s;
     * an eighth would end at 32 s) and stops both, with the reason, where the fixed maximum would run 15.
     */
    @Test
    void theBudgetStopsUnsettledBenchmarksBeforeARoundThatWouldOverrunIt() {
        ModelRunner runner = new ModelRunner()
                .benchmark("a.Noisy.one", 100, 100, 0.30)
                .benchmark("a.Noisy.two", 100, 105, 0.30);
        InterleavedRun run = new InterleavedRun(new InterleavedSchedule(77), new StopRule(false, 15,
                GateSettings.defaults()), log, () -> runner.clock).budget(java.time.Duration.ofSeconds(30));

        InterleavedResults o = run.run(Arrays.asList("a.Noisy.one", "a.Noisy.two"), runner);

        for (String b : Arrays.asList("a.Noisy.one", "a.Noisy.two")) {
            assertEquals(7, progress(o, b).rounds(), b);
            assertEquals(StopRule.Status.BUDGET, progress(o, b).stop(), b);
        }
        assertTrue(log.lines().stream().anyMatch(l -> l.contains("perf.budget: 2.0 s of rounds left, and round 7 took"
                + " 4.0 s; stopping 2 unsettled benchmarks after 7 rounds: a.Noisy.one, a.Noisy.two")),
                log.lines().toString());
        assertTrue(o.summary().contains("a.Noisy.one: 7 (unsettled when perf.budget ran out)"), o.summary());
    }

    /**
     * A shard's time (perf.shardTime) of 30 s with forks of 1 s: rounds of two unsettled benchmarks take 4 s, so it
     * stops both after 7 rounds (28 s; an eighth would end at 32 s), where adaptive stopping would run up to 15.
     */
    @Test
    void theShardTimeEndsTheRoundsOfUnsettledBenchmarks() {
        ModelRunner runner = new ModelRunner()
                .benchmark("a.Noisy.one", 100, 100, 0.30)
                .benchmark("a.Noisy.two", 100, 105, 0.30);
        InterleavedRun run = new InterleavedRun(new InterleavedSchedule(77), new StopRule(true, 15,
                GateSettings.defaults()), log, () -> runner.clock).shardTime(java.time.Duration.ofSeconds(30));

        InterleavedResults o = run.run(Arrays.asList("a.Noisy.one", "a.Noisy.two"), runner);

        for (String b : Arrays.asList("a.Noisy.one", "a.Noisy.two")) {
            assertEquals(7, progress(o, b).rounds(), b);
            assertEquals(StopRule.Status.SHARD_TIME, progress(o, b).stop(), b);
        }
        assertTrue(log.infos().contains("perf.shardTime: 2.0 s left of the shard's time, and round 7 took 4.0 s;"
                + " stopping 2 unsettled benchmarks, which the gate judges on the rounds run: a.Noisy.one (7 rounds),"
                + " a.Noisy.two (7 rounds)"), log.infos().toString());
        assertTrue(o.summary().contains("a.Noisy.one: 7 (unsettled when perf.shardTime came)"), o.summary());
    }

    /**
     * Unlike a budget, a shard's time never cuts the fewest rounds: with 6 s for a suite whose fewest rounds take
     * 20 s, both benchmarks still run 5, and a benchmark that settles in them is not stopped by the time.
     */
    @Test
    void theShardTimeNeverCutsTheFewestRounds() {
        ModelRunner runner = new ModelRunner()
                .benchmark("a.Noisy.one", 100, 100, 0.30)
                .benchmark("a.Quiet.two", 100, 100, 0.001);
        InterleavedRun run = new InterleavedRun(new InterleavedSchedule(77), new StopRule(true, 15,
                GateSettings.defaults()), log, () -> runner.clock).shardTime(java.time.Duration.ofSeconds(6));

        InterleavedResults o = run.run(Arrays.asList("a.Noisy.one", "a.Quiet.two"), runner);

        assertEquals(5, progress(o, "a.Noisy.one").rounds());
        assertEquals(StopRule.Status.SHARD_TIME, progress(o, "a.Noisy.one").stop());
        assertEquals(5, progress(o, "a.Quiet.two").rounds());
        assertEquals(StopRule.Status.SETTLED_PASS, progress(o, "a.Quiet.two").stop());
        assertEquals(20, runner.calls.size());
    }

    /** Without adaptive stopping every round is one of the fewest: a shard's time changes nothing. */
    @Test
    void theShardTimeLeavesFixedRoundsAlone() {
        ModelRunner runner = new ModelRunner().benchmark("a.Noisy.one", 100, 100, 0.30);
        InterleavedRun run = new InterleavedRun(new InterleavedSchedule(77), new StopRule(false, 8,
                GateSettings.defaults()), log, () -> runner.clock).shardTime(java.time.Duration.ofSeconds(3));

        InterleavedResults o = run.run(Collections.singletonList("a.Noisy.one"), runner);

        assertEquals(8, progress(o, "a.Noisy.one").rounds());
        assertEquals(StopRule.Status.FINISHED, progress(o, "a.Noisy.one").stop());
    }

    private InterleavedRun admitting(ModelRunner runner, int maxRounds, Integer budgetSeconds) {
        InterleavedRun run = new InterleavedRun(new InterleavedSchedule(77), new StopRule(false, maxRounds,
                GateSettings.defaults()), log, () -> runner.clock).admission(b -> 1.0);
        return budgetSeconds == null ? run : run.budget(java.time.Duration.ofSeconds(budgetSeconds));
    }

    /**
     * Forks of 1 s, 5 rounds each (10 s a benchmark): a budget of 25 s admits the first two in priority order; the
     * third cannot fit beside them, and when they are done the 5 s left cannot hold its 10 s: it is NOT RUN, with
     * why, and has no fork on either side.
     */
    @Test
    void aBudgetAdmitsBenchmarksInPriorityOrderAndNamesThoseNeverMeasured() {
        ModelRunner runner = new ModelRunner()
                .benchmark("c.Top.x", 100, 100, 0.01)
                .benchmark("a.Mid.x", 100, 100, 0.01)
                .benchmark("b.Low.x", 100, 100, 0.01);

        InterleavedResults o = admitting(runner, 5, 25).run(Arrays.asList("c.Top.x", "a.Mid.x", "b.Low.x"), runner);

        assertEquals(5, progress(o, "c.Top.x").rounds());
        assertEquals(5, progress(o, "a.Mid.x").rounds());
        BenchmarkProgress low = progress(o, "b.Low.x");
        assertTrue(low.notRun());
        assertEquals(0, low.rounds());
        assertTrue(low.results(Side.BASE).isEmpty() && low.results(Side.CANDIDATE).isEmpty());
        // before round 5, 9 s are left, and 4 s of them are owed to the round the two running still need
        assertEquals("its 5 rounds need about 10 s, more than the 9.0 s of perf.budget left", low.reason());
        assertEquals(Map.of("b.Low.x", low.reason()), o.notRun());
        // each round runs the admitted in priority order, not shuffled; each benchmark's sides stay adjacent
        assertEquals("c.Top.x", runner.calls.get(0).split(" ")[2]);
        assertEquals("c.Top.x", runner.calls.get(1).split(" ")[2]);
        assertEquals("a.Mid.x", runner.calls.get(2).split(" ")[2]);
        assertEquals(20, runner.calls.size());
        assertTrue(log.infos().contains("perf.budget: 25 s left; round 1 admits c.Top.x, a.Mid.x (in priority order);"
                + " 1 wait until earlier ones settle: b.Low.x"), log.infos().toString());
        assertTrue(log.infos().contains("b.Low.x: not run, no verdict: its 5 rounds need about 10 s, more than the"
                + " 9.0 s of perf.budget left"), log.infos().toString());
        assertTrue(o.summary().contains("b.Low.x: 0 (NOT RUN, no verdict: its 5 rounds"), o.summary());
    }

    /**
     * When a running benchmark stops early (here its fork crashes in round 2), what it would have spent admits the
     * next one waiting, which then runs its own 5 rounds (rounds 3 to 7) and is judged on them.
     */
    @Test
    void theNextBenchmarkIsAdmittedWhenAnEarlierOneStopsAndRunsItsOwnRounds() {
        ModelRunner runner = new ModelRunner()
                .benchmark("a.Crash.x", 100, 100, 0.01)
                .benchmark("b.Next.x", 100, 100, 0.01)
                .benchmark("c.Third.x", 100, 100, 0.01);
        runner.crashOnCandidate = "a.Crash.x";

        InterleavedResults o = admitting(runner, 5, 25).run(Arrays.asList("a.Crash.x", "b.Next.x", "c.Third.x"),
                runner);

        assertTrue(progress(o, "a.Crash.x").failed());
        assertEquals(5, progress(o, "b.Next.x").rounds());
        BenchmarkProgress third = progress(o, "c.Third.x");
        assertEquals(5, third.rounds());
        assertEquals(StopRule.Status.FINISHED, third.stop());
        assertEquals(5, third.results(Side.CANDIDATE).get(0).forks().size());
        assertTrue(o.notRun().isEmpty());
        assertTrue(runner.calls.stream().filter(c -> c.endsWith("c.Third.x")).allMatch(c -> c.startsWith("3 ")
                || c.startsWith("4 ") || c.startsWith("5 ") || c.startsWith("6 ") || c.startsWith("7 ")),
                runner.calls.toString());
        assertTrue(log.infos().stream().anyMatch(l -> l.startsWith("perf.budget: 17 s left; round 3 admits c.Third.x")),
                log.infos().toString());
    }

    /**
     * When the budget ends while one still waits, it is never measured and the stop line says so. The cheap
     * c.Cheap.x (0.2 s a round) never fits beside the 2 s a round still owed to each of the two running; after round
     * 5 the quiet one has settled, but the round before took 4 s and only 0.5 s are left.
     */
    @Test
    void whenTheBudgetEndsTheWaitingAreNamedNeverMeasured() {
        ModelRunner runner = new ModelRunner()
                .benchmark("a.Quiet.x", 100, 100, 0.01)
                .benchmark("b.Noisy.x", 100, 100, 0.30)
                .benchmark("c.Cheap.x", 100, 100, 0.01);
        InterleavedRun run = new InterleavedRun(new InterleavedSchedule(77), new StopRule(true, 15,
                GateSettings.defaults()), log, () -> runner.clock)
                        .admission(b -> b.equals("c.Cheap.x") ? 0.1 : 1.0).budget(java.time.Duration.ofMillis(20_500));
        InterleavedResults o = run.run(Arrays.asList("a.Quiet.x", "b.Noisy.x", "c.Cheap.x"), runner);

        assertEquals(StopRule.Status.SETTLED_PASS, progress(o, "a.Quiet.x").stop());
        assertEquals(StopRule.Status.BUDGET, progress(o, "b.Noisy.x").stop());
        assertEquals(5, progress(o, "b.Noisy.x").rounds());
        BenchmarkProgress cheap = progress(o, "c.Cheap.x");
        assertTrue(cheap.notRun());
        assertEquals("perf.budget ran out before its turn (priority 3 of 3)", cheap.reason());
        assertTrue(log.infos().stream().anyMatch(l -> l.startsWith("perf.budget: 500 ms of rounds left, and round 5"
                + " took 4.0 s; stopping 1 unsettled benchmark after 5 rounds: b.Noisy.x; never measured, so without"
                + " a verdict: c.Cheap.x")), log.infos().toString());
    }

    /** Without a budget every benchmark runs from round 1, in the order given, as many rounds as without an order. */
    @Test
    void withoutABudgetTheOrderOnlyChangesTheSequenceWithinARound() {
        ModelRunner runner = new ModelRunner()
                .benchmark("z.Last.x", 100, 100, 0.01)
                .benchmark("a.First.x", 100, 150, 0.01);
        InterleavedResults o = new InterleavedRun(new InterleavedSchedule(77), new StopRule(true, 12,
                GateSettings.defaults()), log, () -> runner.clock).admission(b -> 1.0)
                        .run(Arrays.asList("z.Last.x", "a.First.x"), runner);

        assertEquals(StopRule.Status.SETTLED_PASS, progress(o, "z.Last.x").stop());
        assertEquals(StopRule.Status.SETTLED_FAIL, progress(o, "a.First.x").stop());
        InterleavedSchedule schedule = new InterleavedSchedule(77);
        List<String> expected = new ArrayList<>();
        for (int round = 1; round <= 5; round++) {
            for (InterleavedSchedule.ForkSlot slot : schedule.round(round, Arrays.asList("z.Last.x", "a.First.x"), 2,
                    false)) {
                expected.add(round + " " + slot.side().label() + " " + slot.benchmark());
            }
        }
        assertEquals(expected, runner.calls);
        assertTrue(log.infos().stream().noneMatch(l -> l.contains("admits")), log.infos().toString());
    }

    @Test
    void forksFollowTheSeededScheduleAndSettledBenchmarksStopEarly() {
        ModelRunner runner = new ModelRunner()
                .benchmark("a.Quiet.same", 100, 100, 0.01)
                .benchmark("a.Quiet.slower", 100, 150, 0.01)
                .benchmark("a.Noisy.same", 100, 100, 0.15);
        InterleavedResults o = run(runner, true, 12, "a.Quiet.same", "a.Quiet.slower", "a.Noisy.same");

        assertEquals(5, progress(o, "a.Quiet.same").rounds());
        assertEquals(StopRule.Status.SETTLED_PASS, progress(o, "a.Quiet.same").stop());
        assertEquals(5, progress(o, "a.Quiet.slower").rounds());
        assertEquals(StopRule.Status.SETTLED_FAIL, progress(o, "a.Quiet.slower").stop());
        assertEquals(12, progress(o, "a.Noisy.same").rounds());
        assertEquals(StopRule.Status.FINISHED, progress(o, "a.Noisy.same").stop());

        // every call is the schedule's next slot, restricted to the benchmarks still running
        InterleavedSchedule schedule = new InterleavedSchedule(77);
        List<String> expected = new ArrayList<>();
        for (int round = 1; round <= 12; round++) {
            List<String> active = round <= 5 ? Arrays.asList("a.Quiet.same", "a.Quiet.slower", "a.Noisy.same")
                    : Collections.singletonList("a.Noisy.same");
            for (InterleavedSchedule.ForkSlot s : schedule.round(round, active)) {
                expected.add(round + " " + s.side().label() + " " + s.benchmark());
            }
        }
        assertEquals(expected, runner.calls);

        // both sides hold one fork per round
        for (BenchmarkProgress p : o.benchmarks()) {
            assertEquals(p.rounds(), p.results(Side.BASE).get(0).forks().size());
            assertEquals(p.rounds(), p.results(Side.CANDIDATE).get(0).forks().size());
        }
        assertEquals(22, o.totalRounds());
        // 2 s per round: spent 44 s, fixed 3 x 12 rounds = 72 s
        assertEquals(44.0, o.spentSeconds(), 1e-9);
        assertEquals(72.0, o.estimatedFixedSeconds(), 1e-9);
        String summary = o.summary();
        assertTrue(summary.contains("7.3 rounds on average against a fixed 12"), summary);
        assertTrue(summary.contains("about 28 s (39 %) saved"), summary);
        assertTrue(log.infos().get(0).contains("seed 77 (repeat this order with -Dperf.seed=77)"), log.infos().get(0));
    }

    /**
     * Four sides: a treatment 50 % slower settles at the first look and runs no more forks; the A/A treatments and
     * the baseline go on while the noisy one needs rounds; each round runs every side still running once.
     */
    @Test
    void eachTreatmentStopsOnItsOwnLookAndTheBaselineRunsWhileAnyDoes() {
        double[] truth = {100, 150, 100, 100};
        double[] sd = {0.01, 0.01, 0.01, 0.15};
        Random random = new Random(7);
        List<String> calls = new ArrayList<>();
        InterleavedRun run = new InterleavedRun(new InterleavedSchedule(77), new StopRule(true, 9,
                GateSettings.defaults()), log, () -> 0L).arms(Arrays.asList("baseline", "slow", "same", "noisy"));
        InterleavedResults o = run.runArms(Collections.singletonList("a.B.m"), (arm, benchmark, round) -> {
            calls.add(round + " " + arm);
            return Collections.singletonList(FakeForks.result(benchmark, FakeForks.fork(random, truth[arm], sd[arm],
                    3)));
        });
        BenchmarkProgress p = o.benchmarks().get(0);
        assertEquals(StopRule.Status.SETTLED_FAIL, p.stop(1));
        assertEquals(5, p.rounds(1));
        assertEquals(5, p.results(1).get(0).forks().size());
        assertEquals(StopRule.Status.SETTLED_PASS, p.stop(2));
        assertEquals(5, p.rounds(2));
        assertTrue(p.rounds(3) > 5, "the noisy treatment needs more rounds: " + p.rounds(3));
        assertEquals(p.rounds(3), p.rounds());
        assertEquals(p.rounds(), p.results(0).get(0).forks().size());
        for (int round = 1; round <= p.rounds(); round++) {
            List<String> sides = new ArrayList<>();
            for (String c : calls) {
                if (c.startsWith(round + " ")) {
                    sides.add(c.substring(c.indexOf(' ') + 1));
                }
            }
            Set<String> expected = new HashSet<>(round <= 5 ? Arrays.asList("0", "1", "2", "3")
                    : Arrays.asList("0", "3"));
            assertEquals(expected.size(), sides.size(), "round " + round + ": " + sides);
            assertEquals(expected, new HashSet<>(sides), "round " + round);
        }
        assertTrue(log.any("a.B.m [slow]: settled after 5 rounds, a slowdown beyond the limit"), log.toString());
        assertTrue(o.summary().contains("a.B.m: " + p.rounds() + " (slow 5, same 5, noisy " + p.rounds(3) + ")"),
                o.summary());
    }

    @Test
    void withoutAdaptiveStoppingAllRunTheMaximum() {
        ModelRunner runner = new ModelRunner().benchmark("a.Quiet.same", 100, 100, 0.01)
                .benchmark("a.Quiet.slower", 100, 150, 0.01);
        InterleavedResults o = run(runner, false, 7, "a.Quiet.same", "a.Quiet.slower");
        assertEquals(7, progress(o, "a.Quiet.same").rounds());
        assertEquals(7, progress(o, "a.Quiet.slower").rounds());
        assertEquals(28, runner.calls.size());
        assertTrue(o.summary().contains("(0 %) saved"), o.summary());
    }

    /**
     * One fork of a benchmark in two modes ({@code @BenchmarkMode({Throughput, AverageTime})}) returns a result per
     * mode: each side keeps one result per mode with one fork per round, and the stop rule settles each mode on its
     * own forks. Gathered by key alone, the thrpt result took the avgt forks too, and the mixed forks never settled.
     */
    @Test
    void aBenchmarkInTwoModesKeepsAResultPerModeAndSettles() {
        ModelRunner runner = new ModelRunner().benchmark("a.Two.modes", 100, 100, 0.01);
        runner.twoModes.add("a.Two.modes");
        InterleavedResults o = run(runner, true, 12, "a.Two.modes");

        BenchmarkProgress p = progress(o, "a.Two.modes");
        assertEquals(StopRule.Status.SETTLED_PASS, p.stop(), p.reason());
        assertEquals(5, p.rounds());
        for (Side side : Side.values()) {
            List<BenchmarkResult> results = o.results(side);
            assertEquals(2, results.size(), side + ": " + results);
            for (BenchmarkResult r : results) {
                assertEquals(5, r.forks().size(), side + " " + r.mode());
            }
            assertEquals(new HashSet<>(Arrays.asList("thrpt", "avgt")), new HashSet<>(Arrays.asList(
                    results.get(0).mode(), results.get(1).mode())));
        }
    }

    @Test
    void aCrashingForkDropsOnlyThatBenchmark() {
        ModelRunner runner = new ModelRunner().benchmark("a.B.crashes", 100, 100, 0.01)
                .benchmark("a.B.fine", 100, 100, 0.01);
        runner.crashOnCandidate = "a.B.crashes";
        InterleavedResults o = run(runner, true, 10, "a.B.crashes", "a.B.fine");
        BenchmarkProgress crashed = progress(o, "a.B.crashes");
        assertTrue(crashed.failed());
        assertNull(crashed.stop());
        assertEquals(1, crashed.rounds());
        assertEquals(1, o.failures().size());
        assertTrue(o.failures().get(0).contains("candidate fork in round 2 failed: java.lang.OutOfMemoryError"),
                o.failures().get(0));
        assertEquals(5, progress(o, "a.B.fine").rounds());
        for (String call : runner.calls) {
            if (call.startsWith("3 ")) {
                assertTrue(call.endsWith("a.B.fine"), call);
            }
        }
    }

    @Test
    void theOpeningLineCountsBenchmarksAndScenariosApart() {
        assertEquals("2 benchmarks", io.perfgate.scenariorunner.ScenarioDefinition.counted(java.util.Arrays.asList("a.B.m", "a.B.n")));
        assertEquals("1 scenario", io.perfgate.scenariorunner.ScenarioDefinition.counted(java.util.Collections.singletonList("scenario index-job")));
        assertEquals("1 benchmark and 2 scenarios", io.perfgate.scenariorunner.ScenarioDefinition.counted(java.util.Arrays.asList("a.B.m",
                "scenario x", "scenario y")));
        assertEquals("0 benchmarks", io.perfgate.scenariorunner.ScenarioDefinition.counted(java.util.Collections.emptyList()));
    }
}
