package io.perfgate.scenariorunner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.perfgate.config.PerfProperties;
import io.perfgate.results.BenchmarkResult;
import io.perfgate.results.Fork;
import io.perfgate.results.PerfResults;
import io.perfgate.stats.ForkPlan;
import io.perfgate.stats.Power;
import io.perfgate.stats.Thresholds;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

class ScenarioPlansTest {
    /** The gate's default limits (T_fail 10 %, T_min 5 %, alpha 0.05): the sizing target is +15 %. */
    private static final Function<String, Thresholds> LIMITS = key -> new Thresholds(0.10, 0.05, 0.05);
    private static final String SOURCE = "src/perf/baseline.json";
    /** The spread of 5 values -2..2 (times c) is c x sqrt(10 / 4). */
    private static final double[] PATTERN = {0, -2, 1, -1, 2};
    private static final double PATTERN_SD = Math.sqrt(2.5);

    /**
     * A baseline of 5 warm JVMs of 5 runs (and before them a first measured run {@code firstRunExcess} slower than
     * the JVM's level, where it is above 0), with the two variance components on the log scale {@code between} and
     * {@code within} (standard deviations: 0.02 is about 2 %), a MiniDFS + MiniMRYarn-like set-up, and 5 cold runs
     * at {@code coldRunMillis}.
     */
    private static PerfResults baseline(double between, double within, double setUpMillis, double runMillis,
            double coldRunMillis, double firstRunExcess) {
        // the JVM medians carry their runs' noise as well as their own: what an honest baseline would show
        double jvmSd = Math.sqrt(between * between + Math.PI / 2 * within * within / 5);
        BenchmarkResult.Builder warm = scenario("wordcount", ScenarioMetrics.WARM);
        for (int j = 0; j < 5; j++) {
            double level = runMillis * Math.exp(jvmSd * PATTERN[j] / PATTERN_SD);
            // a first run still warming up comes before the 5 steady ones
            int slow = firstRunExcess > 0 ? 1 : 0;
            double[] runs = new double[5 + slow];
            for (int k = 0; k < 5; k++) {
                // each JVM's runs in another order, so no run position is always the slow one
                runs[k + slow] = level * Math.exp(within * PATTERN[(k + j) % 5] / PATTERN_SD);
            }
            if (slow > 0) {
                runs[0] = level * (1 + firstRunExcess);
            }
            warm.addFork(fork(runs, setUpMillis));
        }
        BenchmarkResult.Builder cold = scenario("wordcount", ScenarioMetrics.COLD);
        for (int j = 0; j < 5; j++) {
            cold.addFork(fork(new double[] {coldRunMillis * (1 + 0.01 * PATTERN[j])}, setUpMillis));
        }
        Map<String, String> settings = new HashMap<>();
        settings.put(PerfProperties.scenarioSetting("wordcount", ScenarioDefinition.WARMUP_RUNS), "1");
        settings.put(PerfProperties.scenarioSetting("wordcount", "timed"), "run");
        return PerfResults.builder().createdAt("2026-11-28T01:00:00Z").toolVersion("0.1.0").settings(settings)
                .addBenchmark(cold.build()).addBenchmark(warm.build()).build();
    }

    private static BenchmarkResult.Builder scenario(String id, String runs) {
        return BenchmarkResult.builder(id).kind(BenchmarkResult.KIND_SCENARIO).mode(BenchmarkResult.MODE_SINGLE_SHOT)
                .unit(ScenarioMetrics.UNIT).params(Collections.singletonMap(ScenarioMetrics.RUNS_PARAM, runs));
    }

    private static Fork fork(double[] runs, double setUpMillis) {
        return new Fork(runs, Collections.emptyMap(), Map.of(ScenarioMetrics.SETUP_TIME, new double[] {setUpMillis}));
    }

    /** A scenario whose POM sets none of its run counts: the defaults, 5 cold runs, 5 warm JVMs of 1 + 5 runs. */
    private static ScenarioDefinition unset() {
        ScenarioDefinition d = new ScenarioDefinition();
        d.setId("wordcount");
        d.setClassName("com.acme.WordCountScenario");
        return d;
    }

    private static ScenarioPlans.Choice choose(PerfResults recorded, ScenarioDefinition d) {
        return ScenarioPlans.recordedIn(recorded, SOURCE).choose(d, LIMITS);
    }

    @Test
    void anExpensiveClusterAndNoisyRunsGiveFewerJvmsOfMoreRuns() {
        // cluster start 10 s, runs of 2 s, between-JVM noise 2 %, within 8 %; a fresh JVM's first run 2.6 s
        ScenarioPlans.Choice c = choose(baseline(0.02, 0.08, 10_000, 2000, 2600, 0), unset());
        ForkPlan plan = c.plan();
        // c_JVM = 1 s start + 10 s set-up + one 2.6 s warm-up run; m* = sqrt(13.6 / 2 x pi / 2 x 0.0064 / 0.0004)
        assertEquals(13.6, plan.forkSeconds(), 0.01);
        assertEquals(2.0, plan.iterationSeconds(), 0.01);
        assertEquals(13.07, plan.optimum(), 0.01);
        // 6 whole JVMs reach +15 % already at 9 runs: cheaper than the 5 or 6 JVMs of 13 the closed form gives
        assertEquals(9, plan.iterations(), "more runs per JVM than the 5 recorded");
        assertEquals(6, plan.forks());
        assertEquals(1, c.warmupRuns());
        assertEquals(6, c.planned().getWarmJvms());
        assertEquals(9, c.planned().getWarmRuns());
        assertEquals(1, c.planned().getWarmupRuns());
        assertEquals("scenario wordcount: 6 JVMs x 9 runs (within-JVM noise 8.0 % a run dominates between-JVM 2.0 %,"
                + " JVM start, set-up and warm-up 13.6 s, run 2.0 s: fewer JVMs of more runs; optimum 13.1 runs, but 6"
                + " whole JVMs of 9 cost less than those of 13, from the 5 warm JVMs in src/perf/baseline.json); about"
                + " 190 s a side against 118 s at 5 x 5; 1 warm-up run (a fresh JVM's first run is 30.0 % slower than"
                + " the warm runs; after 1 warm-up run the runs are steady: kept)", c.line());
    }

    @Test
    void quietRunsAndJvmsThatDifferGiveMoreJvmsOfFewerRuns() {
        // the opposite: between-JVM noise 8 %, within 2 %: each JVM's level is what varies, so more, shorter JVMs
        ScenarioPlans.Choice c = choose(baseline(0.08, 0.02, 10_000, 2000, 2600, 0), unset());
        ForkPlan plan = c.plan();
        assertEquals(0.82, plan.optimum(), 0.01);
        assertEquals(ScenarioPlans.MIN_WARM_RUNS, plan.iterations(), "bounded below by the median of 3");
        assertEquals(13, plan.forks());
        assertEquals("scenario wordcount: 13 JVMs x 3 runs (between-JVM noise 8.0 % dominates within-JVM 2.0 % a run,"
                + " JVM start, set-up and warm-up 13.6 s, run 2.0 s: more JVMs of fewer runs; optimum 0.8 runs, at"
                + " least 3 so a JVM's median outvotes one odd run, from the 5 warm JVMs in src/perf/baseline.json);"
                + " about 255 s a side against 118 s at 5 x 5; 1 warm-up run (a fresh JVM's first run is 30.0 % slower"
                + " than the warm runs; after 1 warm-up run the runs are steady: kept)", c.line());
    }

    @Test
    void quietScenariosRunFewerRunsThanTheDefaults() {
        // between 1 %, within 3 %: the fewest JVMs the exact test judges reach +15 % at 3 runs, 98 s against 118 s
        ScenarioPlans.Choice c = choose(baseline(0.01, 0.03, 10_000, 2000, 2600, 0), unset());
        assertEquals(5, c.plan().forks());
        assertEquals(3, c.plan().iterations());
        assertEquals(98.0, c.plan().seconds(), 0.5);
        assertTrue(c.line().contains("5 JVMs x 3 runs (between-JVM noise 1.0 % and within-JVM 3.0 % are low: the"
                + " fewest JVMs the exact test judges reach +15.0 % already at 3 runs"), c.line());
    }

    @Test
    void theAllocationIsNearlyTheCheapestThatReachesTheTarget() {
        for (double[] noise : new double[][] {{0.02, 0.08}, {0.08, 0.02}, {0.04, 0.04}}) {
            ScenarioPlans.Choice c = choose(baseline(noise[0], noise[1], 10_000, 2000, 2600, 0), unset());
            ForkPlan plan = c.plan();
            Thresholds limits = LIMITS.apply("");
            OptionalInt own = Power.forksNeeded(plan.target(), plan.noise().forkValueCv(plan.iterations()), limits,
                    Power.DEFAULT_POWER, ForkPlan.MAX_FORKS);
            assertTrue(own.isPresent() && own.getAsInt() <= plan.forks(), "the plan reaches +15 % with 80 % power");
            // the JVM counts are whole and the exact test's power steps, so the closed form's length may miss the
            // cheapest by a little: within 10 % of every length from 3 to 20 runs
            double cheapest = Double.POSITIVE_INFINITY;
            for (int m = ScenarioPlans.MIN_WARM_RUNS; m <= ScenarioPlans.MAX_WARM_RUNS; m++) {
                // JVM counts that cost more than the plan need not be searched (the exact power is slow to find)
                int affordable = (int) Math.ceil(plan.seconds() / plan.secondsAt(1, m));
                OptionalInt n = Power.forksNeeded(plan.target(), plan.noise().forkValueCv(m), limits,
                        Power.DEFAULT_POWER, affordable);
                if (n.isPresent()) {
                    cheapest = Math.min(cheapest, plan.secondsAt(n.getAsInt(), m));
                }
            }
            assertTrue(plan.seconds() <= 1.10 * cheapest, noise[0] + "/" + noise[1] + ": " + plan.seconds()
                    + " s against the cheapest " + cheapest + " s");
        }
    }

    @Test
    void whatThePomSetsWins() {
        ScenarioDefinition d = unset();
        d.setWarmRuns(5);
        ScenarioPlans.Choice c = choose(baseline(0.02, 0.08, 10_000, 2000, 2600, 0), d);
        assertEquals(5, c.planned().getWarmJvms());
        assertEquals(5, c.planned().getWarmRuns());
        assertTrue(c.line().startsWith("scenario wordcount: plan not used: <warmJvms> or <warmRuns> is set in the"
                + " POM, and what you set wins; it would be 6 JVMs x 9 runs ("), c.line());

        ScenarioDefinition warmupSet = unset();
        warmupSet.setWarmupRuns(0);
        ScenarioPlans.Choice w = choose(baseline(0.02, 0.08, 10_000, 2000, 2600, 0.3), warmupSet);
        assertEquals(0, w.planned().getWarmupRuns(), "the POM's warm-up kept, although the runs ask for 2");
        assertEquals(0, w.warmupRuns());
        assertTrue(w.line().endsWith("; 0 warm-up runs (<warmupRuns> set in the POM; the runs suggest 2: after 1"
                + " warm-up run a JVM's first measured run was still 30.0 % slower than its later runs, beyond the"
                + " 8.0 % noise of a run: one more)"), w.line());
        // the slow first run is left out of the noise: the JVMs and runs are those of the steady runs
        assertTrue(w.line().contains("within-JVM noise 8.0 % a run dominates between-JVM 2.0 %"), w.line());
        // the JVMs and runs are still planned: only the warm-up is the user's
        assertEquals(w.plan().forks(), w.planned().getWarmJvms());
        assertEquals(w.plan().iterations(), w.planned().getWarmRuns());
        assertEquals(11.0, w.plan().forkSeconds(), 0.01, "a JVM without warm-up runs: 1 s start + 10 s set-up");

        // a round of perf:compare keeps the plan's runs and the user's choices
        ScenarioDefinition round = c.planned().forOneRound();
        assertEquals(1, round.getWarmJvms());
        assertEquals(5, round.getWarmRuns());
        assertTrue(round.isSet(ScenarioDefinition.WARM_RUNS));
    }

    @Test
    void warmUpFollowsWhatTheRunsShow() {
        // a fresh JVM's first run as fast as the warm runs: no warm-up run
        ScenarioPlans.Choice none = choose(baseline(0.02, 0.08, 10_000, 2000, 2000, 0), unset());
        assertEquals(0, none.warmupRuns());
        assertTrue(none.line().endsWith("; 0 warm-up runs (a fresh JVM's first run is no slower than the warm runs:"
                + " no warm-up needed)"), none.line());
        // and a JVM is cheaper by that run: 1 s start + 10 s set-up
        assertEquals(11.0, none.plan().forkSeconds(), 0.01);

        // the first measured run still 30 % slower after the recorded warm-up run: one more
        ScenarioPlans.Choice more = choose(baseline(0.02, 0.08, 10_000, 2000, 2600, 0.30), unset());
        assertEquals(2, more.warmupRuns());
        assertEquals(2, more.planned().getWarmupRuns());
    }

    @Test
    void nothingRecordedKeepsTheSettingsAndSaysSo() {
        PerfResults empty = PerfResults.builder().createdAt("2026-11-28T01:00:00Z").toolVersion("0.1.0").build();
        assertNull(ScenarioPlans.recordedIn(empty, SOURCE).choose(unset(), LIMITS));
        List<String> lines = new ArrayList<>();
        List<ScenarioDefinition> planned = ScenarioPlans.recordedIn(empty, SOURCE)
                .apply(Collections.singletonList(unset()), LIMITS, lines::add);
        assertEquals(5, planned.get(0).getWarmJvms());
        assertEquals(Collections.singletonList("scenario wordcount: no plan (src/perf/baseline.json recorded no warm"
                + " runs of it); 5 JVMs x 5 runs as configured"), lines);
    }
}
