package io.perfgate.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.perfgate.results.BenchmarkId;
import io.perfgate.stats.SteadyState;
import java.io.IOException;
import java.nio.file.Paths;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The warm-up a round's forks get: learned from the earlier rounds of both sides, full again after an unsettled fork. */
class SteadyWarmupTest {
    private static final String THRPT = "io.perfgate.jmh.fixtures.ThroughputFixture.concat";
    private static final BenchmarkId THRPT_ID = BenchmarkId.of(THRPT, Map.of(), "thrpt");
    private static final String SAMPLE = "io.perfgate.jmh.fixtures.SampleTimeFixture.burn";
    /** Measurement of a steady fork, and warm-ups against it (12 x 250 ms before 500 ms iterations). */
    private static final double[] STEADY = {100.2, 99.6, 100.8, 99.9, 100.4, 99.3, 100.1, 100.6, 99.8, 100.0};
    private static final double[] FROM_3 = {900, 300, 100.4, 99.9, 100.2, 100.1, 99.8, 100.3, 100.0, 99.7, 100.2, 100};
    private static final double[] FROM_4 = {900, 300, 150, 100.2, 99.9, 100.1, 99.8, 100.3, 100.0, 99.7, 100.2, 100};

    private static List<BenchmarkEntry> entries;

    @BeforeAll
    static void readList() throws IOException {
        entries = BenchmarkListReader.read(Paths.get("target", "test-classes", "META-INF", "BenchmarkList")).stream()
                .filter(e -> e.userClass().startsWith("io.perfgate.jmh.fixtures.")).collect(Collectors.toList());
    }

    private static PlannedBenchmark plan(String name) throws Exception {
        JmhOptions options = JmhOptions.builder().warmupIterations("3").warmupTime("1s").measurementIterations("10")
                .measurementTime("500ms").steadyWarmup(true).build();
        return RunPlan.create(options, entries).benchmarks().stream().filter(b -> b.name().equals(name)).findFirst()
                .orElseThrow();
    }

    private static SteadyState.Settling settling(double[] warmup) {
        return new ForkWarmup(warmup, 0.25, 0.5).settling(STEADY);
    }

    @Test
    void theFirstRoundWarmsUpInFullInFineIterations() throws Exception {
        SteadyWarmup steady = new SteadyWarmup();
        PlannedBenchmark b = plan(THRPT);
        SteadyWarmup.Choice first = steady.choose(b, 1);
        assertEquals(12, first.iterations(), "3 x 1 s as 12 x 250 ms");
        assertFalse(first.shortened());
        assertEquals(Arrays.asList("-f", "1", "-i", "10", "-wi", "12", "-w", "250ms"),
                first.apply(Arrays.asList("-f", "1", "-wi", "3", "-w", "1s", "-i", "10")));
        assertNull(steady.announce(THRPT, first), "nothing shortened, nothing to say");
    }

    @Test
    void bothSidesOfARoundGetTheWarmupLearnedFromTheRoundsBefore() throws Exception {
        SteadyWarmup steady = new SteadyWarmup();
        PlannedBenchmark b = plan(THRPT);
        SteadyWarmup.Choice round1 = steady.choose(b, 1);
        assertNull(steady.observe(THRPT, THRPT_ID, 1, round1, settling(FROM_3)));
        assertNull(steady.observe(THRPT, THRPT_ID, 1, round1, settling(FROM_4)));

        SteadyWarmup.Choice base = steady.choose(b, 2);
        // the base's fork of round 2 did not settle: that counts from round 3 on, not for the candidate of round 2
        String warning = steady.observe(THRPT, THRPT_ID, 2, base, settling(new double[] {900, 300, 150,
            130, 120, 115}));
        SteadyWarmup.Choice candidate = steady.choose(b, 2);

        // steady from iteration 4 at the latest: 3 before it, + 2 + 1
        assertEquals(6, base.iterations());
        assertEquals(base.iterations(), candidate.iterations());
        assertEquals(base.time(), candidate.time());
        assertEquals("Warm-up of " + THRPT + " shortened from 3 x 1 s (3.00 s) to 6 x 250 ms (1.50 s): its 2 forks"
                + " so far were steady from warm-up iteration 4 of 12 at the latest; 3 before it, plus half and one as"
                + " margin",
                steady.announce(THRPT, base));
        assertNull(steady.announce(THRPT, candidate), "said once per change");
        assertTrue(warning.startsWith("Warm-up of " + THRPT + " [thrpt]: the fork of round 2 warmed up 6 x 250 ms"
                + " (1.50 s) and did not settle (last warm-up iteration 115.0 outside"), warning);
        assertTrue(warning.endsWith("tolerated as the host's (at most 1 of its 3 forks so far), a second one sends the"
                + " next rounds back to the full warm-up"), warning);
        SteadyWarmup.Choice round3 = steady.choose(b, 3);
        assertEquals(6, round3.iterations(), "one unsettled fork is tolerated");
        assertTrue(round3.reason().contains("(1 did not settle, tolerated)"), round3.reason());
    }

    @Test
    void aWarmupKeptFullBecauseTheFirstForksDidNotSettleIsSaidOnceWithWhy() throws Exception {
        SteadyWarmup steady = new SteadyWarmup();
        PlannedBenchmark b = plan(THRPT);
        SteadyWarmup.Choice round1 = steady.choose(b, 1);
        assertNull(steady.announce(THRPT, round1), "nothing seen yet, nothing to say");
        double[] neverSteady = {900, 800, 700, 600, 500, 400, 300, 250, 200, 180, 160, 150};
        steady.observe(THRPT, THRPT_ID, 1, round1, settling(neverSteady));
        steady.observe(THRPT, THRPT_ID, 1, round1, settling(neverSteady));

        SteadyWarmup.Choice round2 = steady.choose(b, 2);
        assertEquals(12, round2.iterations());
        assertFalse(round2.shortened());
        assertEquals("Warm-up of " + THRPT + " kept at the full 3 x 1 s (3.00 s), as 12 x 250 ms (3.00 s): its 2"
                + " forks so far: none settled within it; perf.warmupIterations and perf.warmupTime set a"
                + " shorter one by hand", steady.announce(THRPT, round2));
        assertNull(steady.announce(THRPT, steady.choose(b, 2)), "the other side of the round: said once");
        assertNull(steady.announce(THRPT, steady.choose(b, 3)), "and not again in later rounds");
    }

    @Test
    void aSecondShortenedForkThatDidNotSettleSendsTheNextRoundsBackToTheFullWarmup() throws Exception {
        SteadyWarmup steady = new SteadyWarmup();
        PlannedBenchmark b = plan(THRPT);
        steady.observe(THRPT, THRPT_ID, 1, steady.choose(b, 1), settling(FROM_3));
        SteadyWarmup.Choice shortened = steady.choose(b, 2);
        assertEquals(4, shortened.iterations(), "steady from 3: 2 before it, + 1 + 1");
        steady.announce(THRPT, shortened);
        // trending measurement: the fork was not at steady state whatever its warm-up looked like
        double[] drifting = {100, 101, 102, 103, 104, 105, 106, 107, 108, 109};
        SteadyState.Settling trending = new ForkWarmup(new double[] {100, 101, 102, 103, 104}, 0.25, 0.5)
                .settling(drifting);
        assertTrue(steady.observe(THRPT, THRPT_ID, 2, shortened, trending).contains("trend"));
        SteadyWarmup.Choice round3 = steady.choose(b, 3);
        assertEquals(4, round3.iterations(), "the first one is tolerated");

        String warning = steady.observe(THRPT, THRPT_ID, 3, round3, trending);
        assertTrue(warning.endsWith("the next rounds warm up in full, 12 x 250 ms (3.00 s)"), warning);
        SteadyWarmup.Choice round4 = steady.choose(b, 4);
        assertEquals(12, round4.iterations());
        assertFalse(round4.shortened());
        assertEquals("Warm-up of " + THRPT + ": back to the full 12 x 250 ms (3.00 s) (forks did not settle, see"
                + " above)", steady.announce(THRPT, round4));
        assertNull(steady.announce(THRPT, steady.choose(b, 5)), "said once: no 'kept at the full' line after it");
        assertEquals(12, steady.choose(b, 9).iterations(), "for the rest of the comparison");
    }

    @Test
    void singleShotBenchmarksAndTheSwitchOff() throws Exception {
        assertNull(new SteadyWarmup().choose(plan(SAMPLE), 1), "a single-shot iteration is one call, not a time");
        assertFalse(SteadyWarmup.turnedOnBy("fixed"));
        assertFalse(SteadyWarmup.turnedOnBy(null));
        assertTrue(SteadyWarmup.turnedOnBy("calibrated"));
        assertTrue(SteadyWarmup.turnedOnBy(" Auto "));
    }
}
