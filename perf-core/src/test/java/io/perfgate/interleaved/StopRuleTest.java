package io.perfgate.interleaved;

import static io.perfgate.interleaved.FakeForks.series;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.perfgate.gate.ForkValues;
import io.perfgate.gate.GateSettings;
import io.perfgate.gate.Metric;
import io.perfgate.interleaved.StopRule.Status;
import io.perfgate.results.BenchmarkId;
import io.perfgate.results.BenchmarkResult;
import io.perfgate.results.Calibration;
import io.perfgate.results.Fork;
import io.perfgate.results.MetricInfo;
import io.perfgate.stats.DecisionRule;
import io.perfgate.stats.Direction;
import io.perfgate.stats.ShiftComparison;
import io.perfgate.stats.ShiftTest;
import io.perfgate.stats.Verdict;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class StopRuleTest {
    private static final GateSettings DEFAULTS = GateSettings.defaults();

    /** Unchanged, but +-8 % between forks: 5 vs 5 forks cannot rule out a 10 % slowdown. */
    private static final BenchmarkResult NOISY_BASE = fixed(100, 92, 108, 95, 105);
    private static final BenchmarkResult NOISY_CANDIDATE = fixed(100, 110, 90, 104, 97);

    private static BenchmarkResult fixed(double... forkValues) {
        Fork[] forks = new Fork[forkValues.length];
        for (int i = 0; i < forks.length; i++) {
            forks[i] = new Fork(new double[] {forkValues[i]}, Collections.emptyMap(), Collections.emptyMap());
        }
        return FakeForks.result("a.B.m", forks);
    }

    private static List<BenchmarkResult> one(BenchmarkResult r) {
        return Collections.singletonList(r);
    }

    @Test
    void adaptiveDecisionsUseHalfTheAlphaAndFixedOnesAllOfIt() {
        assertEquals(0.025, new StopRule(true, 15, DEFAULTS).decisionAlpha(), 1e-12);
        assertEquals(0.05, new StopRule(false, 15, DEFAULTS).decisionAlpha(), 1e-12);
        // with no room for a second look there is one look, at the full alpha
        StopRule five = new StopRule(true, 5, DEFAULTS);
        assertFalse(five.adaptive());
        assertEquals(0.05, five.decisionAlpha(), 1e-12);
    }

    @Test
    void fewerMaximumRoundsThanTheGateNeedsIsRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new StopRule(true, 4, DEFAULTS));
        assertTrue(e.getMessage().contains("perf.maxForks is 4"), e.getMessage());
    }

    @Test
    void nothingIsDecidedBeforeTheFirstLook() {
        StopRule rule = new StopRule(true, 15, DEFAULTS);
        for (int rounds = 1; rounds < 5; rounds++) {
            BenchmarkResult same = series("a.B.m", 1, 100, 0.01, rounds);
            assertEquals(Status.CONTINUE, rule.look(rounds, one(same), one(same)).status());
        }
    }

    @Test
    void aQuietUnchangedBenchmarkStopsAtTheFirstLookWithPass() {
        StopRule rule = new StopRule(true, 15, DEFAULTS);
        StopRule.Look look = rule.look(5, one(series("a.B.m", 1, 100, 0.01, 5)),
                one(series("a.B.m", 2, 100, 0.01, 5)));
        assertEquals(Status.SETTLED_PASS, look.status());
        assertTrue(look.reason().contains("median upper bound"), look.reason());
    }

    @Test
    void aClearSlowdownStopsAtTheFirstLookWithFail() {
        StopRule rule = new StopRule(true, 15, DEFAULTS);
        StopRule.Look look = rule.look(5, one(series("a.B.m", 1, 100, 0.01, 5)),
                one(series("a.B.m", 2, 150, 0.01, 5)));
        assertEquals(Status.SETTLED_FAIL, look.status());
        assertTrue(look.reason().contains("is above the 10 % limit"), look.reason());
    }

    @Test
    void failIsOnlyDeclaredEarlyAtTheFirstLook() {
        // the same clear slowdown seen first at round 6 (say, after a noisy round 5) waits for the last look; with
        // 6 % noise the last look is not before the 10 rounds that noise needs
        StopRule rule = new StopRule(true, 15, DEFAULTS);
        StopRule.Look look = rule.look(6, one(series("a.B.m", 1, 100, 0.06, 6)),
                one(series("a.B.m", 2, 150, 0.06, 6)));
        assertEquals(Status.CONTINUE, look.status());
        assertEquals(Status.FINISHED, rule.look(15, one(series("a.B.m", 1, 100, 0.06, 15)),
                one(series("a.B.m", 2, 150, 0.06, 15))).status());
    }

    @Test
    void bothWaysASpeedUpDoesNotStopAsSoonAsASlowdownIsRuledOut() {
        // 15 % faster, forks overlapping: one way this settles as PASS at the first look (a slowdown is
        // ruled out); both ways the speed-up is not yet IMPROVED at 5 vs 5 forks, so the rounds go on
        BenchmarkResult base = fixed(100, 92, 108, 95, 105);
        BenchmarkResult faster = fixed(85, 96, 78, 92, 82);
        assertEquals(Status.SETTLED_PASS, new StopRule(true, 15, DEFAULTS).look(5, one(base), one(faster)).status());
        StopRule.Look look = new StopRule(true, 15, DEFAULTS).bothWays().look(5, one(base), one(faster));
        assertEquals(Status.CONTINUE, look.status(), look.reason());
        assertTrue(look.reason().contains("median bounds"), look.reason());
    }

    @Test
    void bothWaysAClearSpeedUpSettlesAtTheFirstLookAndAnUnchangedOneWhenBothWaysAreRuledOut() {
        StopRule rule = new StopRule(true, 15, DEFAULTS).bothWays();
        StopRule.Look improved = rule.look(5, one(series("a.B.m", 1, 100, 0.01, 5)),
                one(series("a.B.m", 2, 50, 0.01, 5)));
        assertEquals(Status.SETTLED_PASS, improved.status());
        assertTrue(improved.reason().contains("improved"), improved.reason());
        StopRule.Look same = rule.look(5, one(series("a.B.m", 1, 100, 0.01, 5)),
                one(series("a.B.m", 2, 100, 0.01, 5)));
        assertEquals(Status.SETTLED_PASS, same.status());
        assertTrue(same.reason().contains("median bounds"), same.reason());
    }

    @Test
    void aNoisyBenchmarkContinues() {
        StopRule rule = new StopRule(true, 15, DEFAULTS);
        StopRule.Look look = rule.look(5, one(NOISY_BASE), one(NOISY_CANDIDATE));
        assertEquals(Status.CONTINUE, look.status());
        assertTrue(look.reason().contains("median upper bound"), look.reason());
    }

    /**
     * Rounds follow the noise: 1 % between forks detects a 15 % slowdown with 80 % power at 5 rounds, so an
     * unsettled look there is the last; the gate then decides on those rounds.
     */
    @Test
    void aQuietBorderlineBenchmarkStopsWithTheRoundsItsNoiseNeeds() {
        StopRule rule = new StopRule(true, 15, DEFAULTS);
        StopRule.Look look = rule.look(5, one(series("a.B.m", 3, 100, 0.01, 5)),
                one(series("a.B.m", 4, 109, 0.01, 5)));
        assertEquals(Status.ENOUGH_FOR_NOISE, look.status());
        assertTrue(look.reason().matches("B\\.m median between-fork noise 0\\.\\d % gives 80 % power"
                + " against \\+15\\.0 % at 5 rounds"), look.reason());
    }

    /** The same borderline change at 6 % noise needs more rounds than the first look, and gets them. */
    @Test
    void aNoisierBorderlineBenchmarkGetsMoreRoundsThanAQuietOne() {
        StopRule rule = new StopRule(true, 15, DEFAULTS);
        int stoppedAt = 0;
        for (int rounds = 5; rounds <= 15 && stoppedAt == 0; rounds++) {
            if (rule.look(rounds, one(series("a.B.m", 3, 100, 0.06, rounds)),
                    one(series("a.B.m", 4, 109, 0.06, rounds))).status().stops()) {
                stoppedAt = rounds;
            }
        }
        assertTrue(stoppedAt > 5 && stoppedAt < 15, "stopped at round " + stoppedAt);
    }

    /** The round at which the rule stops a borderline +9 % change whose forks spread by {@code noise}. */
    private static int stopRound(StopRule rule, double noise) {
        for (int rounds = 5; rounds < 15; rounds++) {
            if (rule.look(rounds, one(series("a.B.m", 3, 100, noise, rounds)),
                    one(series("a.B.m", 4, 109, noise, rounds))).status().stops()) {
                return rounds;
            }
        }
        return 15;
    }

    private static Calibration calibration(String key, int forks, double betweenForkCv) {
        return new Calibration("2026-11-20T08:00:00Z", 0.8, 0.05, Collections.singletonMap(
                BenchmarkId.ofKey(key, "avgt"),
                new Calibration.Entry(forks, betweenForkCv, 0.01, 0.10, 0.2, 20, "PASS")));
    }

    /**
     * perf:calibrate measured 1 % on 15 forks a side: pooled with that, five rounds that look 6 % noisy need fewer
     * rounds than they would alone, and the look says where the figure came from.
     */
    @Test
    void aQuietStoredCalibrationLetsABorderlineBenchmarkStopSooner() {
        StopRule alone = new StopRule(true, 15, DEFAULTS);
        StopRule calibrated = new StopRule(true, 15, DEFAULTS, calibration("a.B.m", 15, 0.01));
        int withoutCalibration = stopRound(alone, 0.06);
        int withCalibration = stopRound(calibrated, 0.06);
        assertTrue(withCalibration < withoutCalibration, withCalibration + " rounds with the calibration, "
                + withoutCalibration + " without");

        String reason = calibrated.look(withCalibration, one(series("a.B.m", 3, 100, 0.06, withCalibration)),
                one(series("a.B.m", 4, 109, 0.06, withCalibration))).reason();
        assertTrue(reason.matches("B\\.m median between-fork noise \\d\\.\\d % \\(\\d\\.\\d % in these rounds pooled"
                + " with 1\\.0 % at 15 forks a side, stored by perf:calibrate on 2026-11-20\\) gives 80 % power"
                + " against \\+15\\.0 % at \\d+ rounds"), reason);
    }

    /**
     * perf:calibrate found the benchmark 20 % noisy: five quiet-looking rounds no longer count as enough, where
     * alone they would (a lucky quiet start does not cut a noisy benchmark short).
     */
    @Test
    void aNoisyStoredCalibrationKeepsALuckyQuietStartGoing() {
        List<BenchmarkResult> base = one(series("a.B.m", 3, 100, 0.01, 5));
        List<BenchmarkResult> candidate = one(series("a.B.m", 4, 109, 0.01, 5));
        assertEquals(Status.ENOUGH_FOR_NOISE, new StopRule(true, 15, DEFAULTS).look(5, base, candidate).status());

        StopRule.Look look = new StopRule(true, 15, DEFAULTS, calibration("a.B.m", 15, 0.20)).look(5, base,
                candidate);
        assertEquals(Status.CONTINUE, look.status(), look.toString());
    }

    /** Only the benchmark's own calibration counts: another's noise leaves the rounds to the rounds' own. */
    @Test
    void aCalibrationOfAnotherBenchmarkIsNotUsed() {
        StopRule.Look look = new StopRule(true, 15, DEFAULTS, calibration("a.B.other", 15, 0.20)).look(5,
                one(series("a.B.m", 3, 100, 0.01, 5)), one(series("a.B.m", 4, 109, 0.01, 5)));
        assertEquals(Status.ENOUGH_FOR_NOISE, look.status());
        assertFalse(look.reason().contains("perf:calibrate"), look.reason());
    }

    /** Too noisy for the maximum: it runs every round, and the rule can say what it would have needed. */
    @Test
    void aBenchmarkTooNoisyForTheMaximumRunsItAndSaysWhatItNeeds() {
        StopRule rule = new StopRule(true, 15, DEFAULTS);
        for (int rounds = 5; rounds < 15; rounds++) {
            assertEquals(Status.CONTINUE, rule.look(rounds, one(series("a.B.m", 5, 100, 0.20, rounds)),
                    one(series("a.B.m", 6, 104, 0.20, rounds))).status(), "round " + rounds);
        }
        String noise = rule.noiseAtMaximum(one(series("a.B.m", 5, 100, 0.20, 15)),
                one(series("a.B.m", 6, 104, 0.20, 15)));
        assertTrue(noise.contains("needs more than perf.maxForks = 15 rounds for 80 % power against +15.0 %"), noise);
    }

    @Test
    void aPassNeedsEveryParameterSetAndMetricSettled() {
        StopRule rule = new StopRule(true, 15, DEFAULTS);
        BenchmarkResult quietBase = series("a.B.m", 1, 100, 0.01, 5).toBuilder()
                .params(Collections.singletonMap("size", "1")).build();
        BenchmarkResult quietCand = series("a.B.m", 2, 100, 0.01, 5).toBuilder()
                .params(Collections.singletonMap("size", "1")).build();
        BenchmarkResult noisyBase = NOISY_BASE.toBuilder()
                .params(Collections.singletonMap("size", "2")).build();
        BenchmarkResult noisyCand = NOISY_CANDIDATE.toBuilder()
                .params(Collections.singletonMap("size", "2")).build();
        assertEquals(Status.CONTINUE, rule.look(5, List.of(quietBase, noisyBase), List.of(quietCand, noisyCand))
                .status());
        assertEquals(Status.SETTLED_PASS, rule.look(5, List.of(quietBase), List.of(quietCand)).status());

        // sample mode: a quiet median but a noisy p95 keeps the benchmark running
        Random r = new Random(9);
        Fork[] base = new Fork[5];
        Fork[] cand = new Fork[5];
        for (int i = 0; i < 5; i++) {
            base[i] = FakeForks.sampleFork(r, 100, 200, 0.0);
            cand[i] = FakeForks.sampleFork(r, 100, 200, 0.0);
        }
        Fork[] noisyTail = new Fork[5];
        for (int i = 0; i < 5; i++) {
            java.util.Map<String, Double> pct = new java.util.HashMap<>(cand[i].percentiles());
            pct.put("p0.95", 200.0 * (1 + 0.15 * i));
            noisyTail[i] = new Fork(cand[i].primary(), pct, Collections.emptyMap());
        }
        assertEquals(Status.SETTLED_PASS,
                rule.look(5, one(FakeForks.result("s.S.m", base)), one(FakeForks.result("s.S.m", cand))).status());
        StopRule.Look look = rule.look(5, one(FakeForks.result("s.S.m", base)),
                one(FakeForks.result("s.S.m", noisyTail)));
        assertEquals(Status.CONTINUE, look.status());
        assertTrue(look.reason().contains("p95"), look.reason());
    }

    /**
     * A benchmark measured in two modes ({@code @BenchmarkMode({Throughput, AverageTime})}) is two results of one
     * key: each mode's candidate is looked at against the same mode's baseline. Paired by key alone, the avgt
     * candidate met the thrpt baseline, looked 99 % faster, and the slowdown went unseen.
     */
    @Test
    void aBenchmarkInTwoModesIsLookedAtModeByMode() {
        StopRule rule = new StopRule(true, 15, DEFAULTS);
        BenchmarkResult baseThrpt = twoModes(series("a.B.m", 1, 10, 0.01, 5), "thrpt", "ops/us");
        BenchmarkResult baseAvgt = twoModes(series("a.B.m", 2, 0.1, 0.01, 5), "avgt", "us/op");
        BenchmarkResult candThrpt = twoModes(series("a.B.m", 3, 10, 0.01, 5), "thrpt", "ops/us");
        BenchmarkResult candAvgt = twoModes(series("a.B.m", 4, 0.1, 0.01, 5), "avgt", "us/op");
        BenchmarkResult slowerAvgt = twoModes(series("a.B.m", 4, 0.15, 0.01, 5), "avgt", "us/op");

        StopRule.Look same = rule.look(5, List.of(baseThrpt, baseAvgt), List.of(candThrpt, candAvgt));
        assertEquals(Status.SETTLED_PASS, same.status(), same.toString());
        assertFalse(same.reason().contains("-99"), same.reason());
        assertTrue(same.reason().startsWith("B.m [thrpt] median upper bound"), same.reason());
        assertTrue(same.reason().contains("; B.m [avgt] median upper bound"), same.reason());
        assertEquals(Status.SETTLED_FAIL, rule.look(5, List.of(baseThrpt, baseAvgt), List.of(candThrpt, slowerAvgt))
                .status());
    }

    private static BenchmarkResult twoModes(BenchmarkResult r, String mode, String unit) {
        return r.toBuilder().mode(mode).unit(unit).build();
    }

    /**
     * A scenario's gated secondary metric is judged by the gate, so the rule watches it too: a quiet wall time does
     * not stop a scenario whose CPU time grew by half with PASS.
     */
    @Test
    void aScenarioStopsOnlyWhenItsGatedSecondaryMetricsSettleToo() {
        StopRule rule = new StopRule(true, 15, DEFAULTS);
        BenchmarkResult base = scenario(series("s.Ingest", 1, 800, 0.01, 5), 2.0);
        BenchmarkResult same = scenario(series("s.Ingest", 2, 800, 0.01, 5), 2.0);
        BenchmarkResult moreCpu = scenario(series("s.Ingest", 2, 800, 0.01, 5), 3.0);

        assertEquals(Status.SETTLED_PASS, rule.look(5, one(base), one(same)).status());
        StopRule.Look look = rule.look(5, one(base), one(moreCpu));
        assertEquals(Status.SETTLED_FAIL, look.status(), look.toString());
        assertTrue(look.reason().contains("cpu"), look.reason());
    }

    /** A scenario result of the given runs, each with a gated {@code cpu} metric around {@code cpu} seconds. */
    private static BenchmarkResult scenario(BenchmarkResult runs, double cpu) {
        BenchmarkResult.Builder b = BenchmarkResult.builder(runs.benchmark()).kind(BenchmarkResult.KIND_SCENARIO)
                .mode("ss").unit("ms").secondaryMetric("cpu", new MetricInfo("s", Direction.LOWER_IS_BETTER, true));
        Random random = new Random(runs.forks().size());
        for (Fork f : runs.forks()) {
            double value = cpu * (1 + 0.01 * random.nextGaussian());
            b.addFork(new Fork(new double[] {f.primaryMedian()}, Collections.emptyMap(),
                    Collections.singletonMap("cpu", new double[] {value})));
        }
        return b.build();
    }

    @Test
    void withoutAdaptiveStoppingEveryBenchmarkRunsTheMaximum() {
        StopRule rule = new StopRule(false, 8, DEFAULTS);
        for (int rounds = 1; rounds < 8; rounds++) {
            assertEquals(Status.CONTINUE, rule.look(rounds, one(series("a.B.m", 1, 100, 0.01, rounds)),
                    one(series("a.B.m", 2, 150, 0.01, rounds))).status());
        }
        assertEquals(Status.FINISHED, rule.look(8, one(series("a.B.m", 1, 100, 0.01, 8)),
                one(series("a.B.m", 2, 100, 0.01, 8))).status());
    }

    @Test
    void aFalseFailAtTheFirstLookIsRareUnderTheNull() {
        // A/A with 5 % fork noise: the first-look FAIL must stay well within alpha / 2
        StopRule rule = new StopRule(true, 15, DEFAULTS);
        int fails = 0;
        int trials = 2000;
        for (int t = 0; t < trials; t++) {
            if (rule.look(5, one(series("a.B.m", 2L * t, 100, 0.05, 5)),
                    one(series("a.B.m", 2L * t + 1, 100, 0.05, 5))).status() == Status.SETTLED_FAIL) {
                fails++;
            }
        }
        assertTrue(fails <= trials * 0.025, fails + " false FAILs in " + trials);
    }

    /**
     * The whole adaptive sequence on A/A comparisons: rounds that stop where the noise says keep the chance of a
     * false FAIL (first look or last look, each at alpha / 2) within alpha. Noise of 3 % and 6 % stops at different
     * rounds; the rate is checked over both.
     */
    @Test
    void roundsThatFollowTheNoiseKeepFalseFailsWithinAlpha() {
        StopRule rule = new StopRule(true, 15, DEFAULTS);
        int fails = 0;
        int trials = 0;
        long roundsRun = 0;
        for (double noise : new double[] {0.03, 0.06}) {
            for (int t = 0; t < 600; t++) {
                long seed = 1000L * t + Math.round(noise * 100);
                BenchmarkResult base = series("a.B.m", 2 * seed, 100, noise, 15);
                BenchmarkResult cand = series("a.B.m", 2 * seed + 1, 100, noise, 15);
                int rounds = 5;
                StopRule.Look look = rule.look(rounds, one(prefix(base, rounds)), one(prefix(cand, rounds)));
                while (!look.status().stops()) {
                    rounds++;
                    look = rule.look(rounds, one(prefix(base, rounds)), one(prefix(cand, rounds)));
                }
                boolean fail = look.status() == Status.SETTLED_FAIL;
                if (look.status() == Status.FINISHED || look.status() == Status.ENOUGH_FOR_NOISE) {
                    ShiftComparison c = ShiftTest.compare(forkValues(prefix(base, rounds)),
                            forkValues(prefix(cand, rounds)), Direction.LOWER_IS_BETTER, DEFAULTS.forBenchmark(base.key()).median());
                    fail = DecisionRule.decide(c, rule.decisionAlpha()).verdict() == Verdict.FAIL;
                }
                fails += fail ? 1 : 0;
                roundsRun += rounds;
                trials++;
            }
        }
        assertTrue(fails <= trials * 0.05, fails + " false FAILs in " + trials);
        assertTrue(roundsRun < trials * 15L, "every comparison ran all 15 rounds");
    }

    // ---- confirming rows that FAILed elsewhere (perf.confirm): FAIL looked for after every round ----

    /** A rule confirming every median row. */
    private static StopRule confirmingMedians() {
        return new StopRule(true, 15, DEFAULTS).confirming((id, metric) -> "median".equals(metric));
    }

    /** Looks from the first look on, on the forks' prefixes, until {@code rule} stops; that look and its round. */
    private static Object[] untilStopped(StopRule rule, BenchmarkResult base, BenchmarkResult candidate) {
        int rounds = rule.firstLook();
        StopRule.Look look = rule.look(rounds, one(prefix(base, rounds)), one(prefix(candidate, rounds)));
        while (!look.status().stops()) {
            rounds++;
            look = rule.look(rounds, one(prefix(base, rounds)), one(prefix(candidate, rounds)));
        }
        return new Object[] {rounds, look};
    }

    /** Whether the gate FAILs the median on the first {@code rounds} forks at the rule's decision level. */
    private static boolean gateFails(StopRule rule, BenchmarkResult base, BenchmarkResult candidate, int rounds) {
        ShiftComparison c = ShiftTest.compare(forkValues(prefix(base, rounds)), forkValues(prefix(candidate, rounds)),
                Direction.LOWER_IS_BETTER, DEFAULTS.forBenchmark(base.key()).median());
        return DecisionRule.decide(c, rule.decisionAlpha()).verdict() == Verdict.FAIL;
    }

    @Test
    void confirmingKeepsTheFirstAndLastLooksAndSharesWhatTheGuardLeavesBetweenThem() {
        StopRule rule = confirmingMedians();
        assertEquals(0.025, rule.failLookLevel(5), 1e-12);
        // the guard tests the first look at 0.005 of its 0.025: the 9 looks between share the other 0.02
        for (int rounds = 6; rounds < 15; rounds++) {
            assertEquals(0.02 / 9, rule.failLookLevel(rounds), 1e-12);
        }
        assertTrue(Double.isNaN(rule.failLookLevel(15)), "the gate decides the last look");
        assertTrue(Double.isNaN(rule.failLookLevel(4)));
        // perf:compare's rule looks for FAIL at the first look only
        assertTrue(Double.isNaN(new StopRule(true, 15, DEFAULTS).failLookLevel(6)));
        assertEquals(0.025, new StopRule(true, 15, DEFAULTS).failLookLevel(5), 1e-12);
    }

    @Test
    void aClearConfirmedSlowdownStopsAtTheFirstLookWithFail() {
        // +95 %, forks separated: confirmed at the minimum rounds, as perf:compare would
        BenchmarkResult base = fixed(100, 104, 97, 110, 93);
        BenchmarkResult candidate = fixed(195, 210, 180, 201, 188);
        Object[] stop = untilStopped(confirmingMedians(), base, candidate);
        StopRule.Look look = (StopRule.Look) stop[1];
        assertEquals(5, stop[0]);
        assertEquals(Status.SETTLED_FAIL, look.status(), look.toString());
        assertTrue(look.reason().contains("is above the 10 % limit"), look.reason());
        assertTrue(gateFails(confirmingMedians(), base, candidate, 5));
    }

    /**
     * Issue 43's case: +95 % on a busy machine, one base fork of the first five slowed by a neighbour beyond every
     * candidate fork, and 20 % noise between forks. The first look cannot FAIL (the forks overlap) and the noise
     * needs more than 15 rounds for power against +15 %, so perf:compare's rule runs all 15; confirming, the
     * rounds stop as soon as the FAIL is significant at a later look's level, and the gate FAILs on the same forks.
     */
    @Test
    void aConfirmedSlowdownOnABusyMachineStopsOnceItsFailIsSignificantNotAtTheMaximum() {
        BenchmarkResult base = fixed(100, 260, 104, 96, 108, 99, 103, 95, 101, 106, 98, 102, 97, 105, 100);
        double[] spread = {1.0, 1.25, 0.8, 1.3, 0.85, 1.1, 0.9, 1.2, 0.95, 1.05, 0.82, 1.15, 1.0, 0.88, 1.22};
        double[] slower = new double[spread.length];
        for (int i = 0; i < spread.length; i++) {
            slower[i] = 195 * spread[i];
        }
        BenchmarkResult candidate = fixed(slower);
        assertEquals(15, untilStopped(new StopRule(true, 15, DEFAULTS), base, candidate)[0]);

        Object[] stop = untilStopped(confirmingMedians(), base, candidate);
        StopRule.Look look = (StopRule.Look) stop[1];
        int rounds = (Integer) stop[0];
        assertEquals(Status.SETTLED_FAIL, look.status(), look.toString());
        assertTrue(rounds > 5 && rounds <= 10, "stopped at round " + rounds);
        assertTrue(gateFails(confirmingMedians(), base, candidate, rounds));
    }

    @Test
    void aBorderlineConfirmationStillRunsMoreRounds() {
        // +12 % at 6 % fork noise: neither a FAIL nor ruled out at the first look; over 200 such comparisons the
        // rounds go on past it, as perf:compare's would
        StopRule rule = confirmingMedians();
        int atFirstLook = 0;
        long roundsRun = 0;
        int trials = 200;
        for (int t = 0; t < trials; t++) {
            Object[] stop = untilStopped(rule, series("a.B.m", 2L * t, 100, 0.06, 15),
                    series("a.B.m", 2L * t + 1, 112, 0.06, 15));
            int rounds = (Integer) stop[0];
            atFirstLook += rounds == 5 ? 1 : 0;
            roundsRun += rounds;
        }
        assertTrue(atFirstLook < trials / 10, atFirstLook + " of " + trials + " stopped at the first look");
        assertTrue(roundsRun > trials * 9L, "on average " + roundsRun / (double) trials + " rounds");
    }

    /** Only the confirmed rows decide when to stop: an unconfirmed noisy row does not keep the rounds going. */
    @Test
    void rowsNotConfirmedDoNotHoldTheRounds() {
        BenchmarkResult base = series("a.B.m", 1, 100, 0.01, 5);
        BenchmarkResult candidate = series("a.B.m", 2, 100, 0.01, 5);
        StopRule none = new StopRule(true, 15, DEFAULTS).confirming((id, metric) -> false);
        StopRule.Look look = none.look(5, one(NOISY_BASE), one(NOISY_CANDIDATE));
        assertEquals(Status.SETTLED_PASS, look.status(), look.toString());
        assertEquals(Status.SETTLED_PASS, confirmingMedians().look(5, one(base), one(candidate)).status());
        assertEquals(Status.CONTINUE, confirmingMedians().look(5, one(NOISY_BASE), one(NOISY_CANDIDATE)).status());
    }

    /**
     * FAIL looked for after every round still keeps false FAILs within alpha, and adds next to none to perf:compare's
     * rule: A/A comparisons at 3 and 6 % fork noise never FAIL; at 15 % the rule itself FAILs a few in a thousand
     * (statistics.md section 8: 0.66 % at 15 rounds), and confirming FAILs no more of them; a true slowdown of
     * exactly T_min (5 %, the test's null) FAILs within alpha over the whole sequence, the gate deciding the last
     * look.
     */
    @Test
    void confirmingFailsAnUnchangedBenchmarkNoMoreThanCompareAndKeepsTheNullWithinAlpha() {
        StopRule compare = new StopRule(true, 15, DEFAULTS);
        StopRule confirming = confirmingMedians();
        for (double noise : new double[] {0.03, 0.06, 0.15}) {
            int trials = 400;
            int comparedFails = 0;
            int confirmedFails = 0;
            for (int t = 0; t < trials; t++) {
                long seed = 1000L * t + Math.round(noise * 100);
                BenchmarkResult base = series("a.B.m", 2 * seed, 100, noise, 15);
                BenchmarkResult cand = series("a.B.m", 2 * seed + 1, 100, noise, 15);
                comparedFails += fails(compare, base, cand) ? 1 : 0;
                confirmedFails += fails(confirming, base, cand) ? 1 : 0;
            }
            String rates = confirmedFails + " false FAILs confirming, " + comparedFails + " comparing, in " + trials
                    + " A/A comparisons at " + noise + " noise";
            if (noise < 0.1) {
                assertEquals(0, confirmedFails, rates);
            }
            assertTrue(confirmedFails <= comparedFails + 1 && confirmedFails <= trials * 0.025, rates);
        }
        int atMinEffect = 0;
        int nullTrials = 600;
        for (int t = 0; t < nullTrials; t++) {
            BenchmarkResult base = series("a.B.m", 7919L * t, 100, 0.15, 15);
            BenchmarkResult cand = series("a.B.m", 7919L * t + 1, 105, 0.15, 15);
            atMinEffect += fails(confirming, base, cand) ? 1 : 0;
        }
        assertTrue(atMinEffect <= nullTrials * 0.05, atMinEffect + " FAILs at +5 % in " + nullTrials);
    }

    /** Whether the whole sequence ends in a FAIL: settled FAIL, or the gate's FAIL where the rounds stopped. */
    private static boolean fails(StopRule rule, BenchmarkResult base, BenchmarkResult candidate) {
        Object[] stop = untilStopped(rule, base, candidate);
        Status status = ((StopRule.Look) stop[1]).status();
        if (status == Status.SETTLED_FAIL) {
            return true;
        }
        return status != Status.SETTLED_PASS && gateFails(rule, base, candidate, (Integer) stop[0]);
    }

    private static BenchmarkResult prefix(BenchmarkResult r, int forks) {
        return FakeForks.result(r.benchmark(), r.forks().subList(0, forks).toArray(new Fork[0]));
    }

    private static double[] forkValues(BenchmarkResult r) {
        return ForkValues.of(r, r, Metric.MEDIAN).baseline();
    }
}
