package io.perfgate.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.perfgate.config.PerfProperties;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class MachineTimeTest {
    /** 1 x 100 ms warm-up and 100 ms measurement iterations, as the ITs run. */
    private static Map<String, String> settings() {
        Map<String, String> s = new HashMap<>();
        s.put(PerfProperties.WARMUP_ITERATIONS, "1");
        s.put(PerfProperties.WARMUP_TIME, "100 ms");
        s.put(PerfProperties.MEASUREMENT_TIME, "100 ms");
        return s;
    }

    private static Fork fork(int iterations, double seconds) {
        double[] it = new double[iterations];
        Arrays.fill(it, 10);
        return new Fork(it, Collections.emptyMap(), Collections.emptyMap(), seconds);
    }

    /**
     * Two timed forks of 5 iterations, 1.5 s and 1.7 s: fixed costs 1.5 - 0.1 - 0.5 = 0.9 s and 1.1 s. An untimed
     * fork and a scenario count in neither sum.
     */
    private static List<BenchmarkResult> results() {
        BenchmarkResult jmh = BenchmarkResult.builder("a.B.run").mode("avgt").unit("ns/op")
                .addFork(fork(5, 1.5)).addFork(fork(5, 1.7)).addFork(fork(5, Double.NaN)).build();
        BenchmarkResult scenario = BenchmarkResult.builder("index-job").kind(BenchmarkResult.KIND_SCENARIO)
                .mode("ss").unit("ms").addFork(fork(1, 30)).build();
        return Arrays.asList(jmh, scenario);
    }

    /** perf:run: 10 forks at the mean fixed cost 1.0 s + 3 x 1 s + 10 x 0.5 s = 90 s against 3.2 s spent. */
    @Test
    void aRunIsSetAgainstTenForksOfTheFixedLength() {
        MachineTime m = MachineTime.of(results(), settings(), MachineTime.Counterfactual.FIXED_FORKS);
        assertEquals(3.2, m.spentSeconds(), 1e-9);
        assertEquals(90.0, m.fixedSeconds(), 1e-9);
        assertEquals(2, m.forks());
        assertEquals(10, m.fixedForks());
        assertEquals(3.2 / 90, m.ratio(), 1e-12);
        assertEquals("Machine time: 3.2 s in 2 JMH forks, 0.04 of the 1 min 30 s the old fixed defaults would take"
                + " (10 forks of each benchmark, each with 3 x 1 s warm-up and 10 x 500 ms measurement and the"
                + " benchmark's measured start-up)", m.line());
    }

    /**
     * A steady-state warm-up ended before the settings' 3 x 1 s: the fork's own record (0.5 s) is taken out of its
     * wall time, so its start-up is 4.5 - 0.5 - 6 x 0.5 = 1.0 s, and the fixed defaults' fork costs 1.0 + 8 = 9 s.
     */
    @Test
    void aForkThatRecordedItsWarmUpIsChargedThatWarmUp() {
        Map<String, String> s = new HashMap<>();
        s.put(PerfProperties.WARMUP_ITERATIONS, "3");
        s.put(PerfProperties.WARMUP_TIME, "1 s");
        s.put(PerfProperties.MEASUREMENT_TIME, "500 ms");
        Fork shortWarmup = fork(6, 4.5).withWarmup(new Fork.Warmup(2, 0.5, 1));
        BenchmarkResult b = BenchmarkResult.builder("a.B.run").mode("avgt").unit("ns/op").addFork(shortWarmup)
                .build();
        MachineTime m = MachineTime.of(Collections.singletonList(b), s, MachineTime.Counterfactual.SAME_FORKS);
        assertEquals(9.0, m.fixedSeconds(), 1e-9);
        assertEquals(0.5, m.ratio(), 1e-12);
    }

    /**
     * A benchmark whose annotations set 5 x 1 s warm-up and 5 x 1 s measurement is set against that, not the
     * plugin's defaults: a fork of 12 s wall with its 5 s of warm-up recorded and 5 x 1 s measured started in 2 s,
     * so the fixed length costs 2 + 10 = 12 s, a ratio of 1.00 (the defaults would have made it 12 / 10.5).
     */
    @Test
    void aBenchmarkIsSetAgainstItsOwnFixedLength() {
        Fork annotated = fork(5, 12).withWarmup(new Fork.Warmup(20, 5.0, 3));
        BenchmarkResult b = BenchmarkResult.builder("a.B.run").mode("avgt").unit("ns/op").addFork(annotated)
                .build();
        MachineTime m = MachineTime.of(Collections.singletonList(b), settings(),
                MachineTime.Counterfactual.SAME_FORKS, name -> new MachineTime.ForkLength(5.0, 5, 1.0));
        assertEquals(12.0, m.fixedSeconds(), 1e-9);
        assertEquals(1.0, m.ratio(), 1e-12);
        assertTrue(m.line().contains("the warm-up and measurement perf.forkPlan=fixed gives it (its annotations or"
                + " settings, else 3 x 1 s warm-up and 10 x 500 ms measurement)"), m.line());
    }

    /** perf:compare: the same 2 forks at the fixed length, 0.9 + 8 + 1.1 + 8 = 18 s. */
    @Test
    void aComparisonIsSetAgainstTheSameForksAtTheFixedLength() {
        MachineTime m = MachineTime.of(results(), settings(), MachineTime.Counterfactual.SAME_FORKS);
        assertEquals(18.0, m.fixedSeconds(), 1e-9);
        assertEquals(3.2 / 18, m.ratio(), 1e-12);
        assertEquals("3.2 s in 2 JMH forks, 0.18 of the 18 s the old fixed defaults would take (the same 2 forks,"
                + " each with 3 x 1 s warm-up and 10 x 500 ms measurement and its measured start-up)",
                m.describe());
    }

    /**
     * A planned fork of perf.forkPlan=auto measures in 250 ms iterations: its fixed cost takes out the time it
     * measured, not its iterations at the settings' time (which would leave it no start-up at all).
     */
    @Test
    void aPlannedForkIsChargedAtTheIterationTimeItRan() {
        // 1 s start-up + 3 x 1 s warm-up + 6 x 250 ms measurement
        Fork planned = fork(6, 5.5).withWarmup(new Fork.Warmup(12, 3.0, 4)).withIterationSeconds(0.25);
        BenchmarkResult b = BenchmarkResult.builder("a.B.run").mode("avgt").unit("ns/op").addFork(planned).build();
        MachineTime m = MachineTime.of(Collections.singletonList(b), settings(), MachineTime.Counterfactual.SAME_FORKS);
        // the fixed fork: the same 1 s start-up + 3 s + 10 x 500 ms
        assertEquals(9.0, m.fixedSeconds(), 1e-9);
        assertEquals(5.5 / 9.0, m.ratio(), 1e-12);
    }

    /** A fork whose wall time is shorter than its warm-up and measurement has no fixed cost, never a negative one. */
    @Test
    void aForkFasterThanItsSettingsCostsNothingFixed() {
        BenchmarkResult b = BenchmarkResult.builder("a.B.run").mode("avgt").unit("ns/op").addFork(fork(5, 0.4))
                .build();
        MachineTime m = MachineTime.of(Collections.singletonList(b), settings(),
                MachineTime.Counterfactual.SAME_FORKS);
        assertEquals(8.0, m.fixedSeconds(), 1e-9);
    }

    @Test
    void settingsThatDifferBetweenBenchmarksLeaveTheCounterfactualUnknown() {
        Map<String, String> s = settings();
        s.put(PerfProperties.WARMUP_TIME, "100 ms (a.B.run), 1 s (a.C.run)");
        MachineTime m = MachineTime.of(results(), s, MachineTime.Counterfactual.FIXED_FORKS);
        assertTrue(m.known());
        assertTrue(Double.isNaN(m.ratio()));
        assertTrue(m.describe().endsWith("is unknown: the warm-up or measurement time differs between benchmarks"),
                m.describe());
        assertFalse(MachineTime.of(Collections.emptyList(), s, MachineTime.Counterfactual.FIXED_FORKS).known());
    }
}
