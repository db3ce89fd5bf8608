package io.perfgate.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.perfgate.jmh.PlannedBenchmark.Origin;
import io.perfgate.results.BenchmarkId;
import io.perfgate.results.Calibration;
import java.io.IOException;
import java.nio.file.Paths;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class CalibratedForksTest {
    private static final String THRPT = "io.perfgate.jmh.fixtures.ThroughputFixture.concat";
    private static final String AVGT = "io.perfgate.jmh.fixtures.AverageTimeFixture.sumArray";

    private static List<BenchmarkEntry> entries;

    @BeforeAll
    static void readList() throws IOException {
        entries = BenchmarkListReader.read(Paths.get("target", "test-classes", "META-INF", "BenchmarkList")).stream()
                .filter(e -> e.userClass().startsWith("io.perfgate.jmh.fixtures.")).collect(Collectors.toList());
    }

    private static Calibration.Entry entry(Calibration.Plan plan) {
        return new Calibration.Entry(10, 0.05, 0.01, 0.10, 0.2, 12, "PASS", plan);
    }

    private static BenchmarkId id(String key) {
        return BenchmarkId.ofKey(key, "avgt");
    }

    private static CalibratedForks plans() {
        Map<BenchmarkId, Calibration.Entry> calibrated = new LinkedHashMap<>();
        // ThroughputFixture runs at the plugin's 500 ms iterations: its plan applies
        calibrated.put(id(THRPT), entry(new Calibration.Plan(12, 6, 3.8, 0.5, 10, "between-fork noise 5.0 % dominates"
                + " within-fork 1.0 %: more, shorter forks")));
        // AverageTimeFixture's @Measurement asks for 100 ms iterations; this plan was made for 500 ms ones
        calibrated.put(id(AVGT + ":size=10"), entry(new Calibration.Plan(7, 6, 3.8, 0.5, 10, "a")));
        calibrated.put(id(AVGT + ":size=1000"), entry(new Calibration.Plan(9, 8, 3.8, 0.5, 10, "b")));
        calibrated.put(id("x.Unreachable.run"), entry(new Calibration.Plan(0, 10, 3.8, 0.5, 10, "too noisy")));
        calibrated.put(id("x.Old.run"), new Calibration.Entry(10, 0.05, 0.01, 0.10, 0.2, 12, "PASS"));
        return CalibratedForks.of(new Calibration("2026-11-27T22:00:00Z", 0.8, 0.05, calibrated),
                "src/perf/baseline.json");
    }

    @Test
    void thePropertyTakesFixedCalibratedOrAutoAndNamesItselfOtherwise() throws Exception {
        assertEquals(CalibratedForks.Mode.FIXED, CalibratedForks.mode(null));
        assertEquals(CalibratedForks.Mode.FIXED, CalibratedForks.mode(" fixed "));
        assertEquals(CalibratedForks.Mode.CALIBRATED, CalibratedForks.mode("Calibrated"));
        assertEquals(CalibratedForks.Mode.AUTO, CalibratedForks.mode("auto"));
        assertFalse(CalibratedForks.Mode.FIXED.usesCalibration());
        assertTrue(CalibratedForks.Mode.AUTO.usesCalibration());
        InvalidOptionException e = assertThrows(InvalidOptionException.class, () -> CalibratedForks.mode("fast"));
        assertEquals("perf.forkPlan = 'fast': expected fixed (the forks and iterations the settings give),"
                + " calibrated (each benchmark's plan from the calibration perf:calibrate saved in the baseline) or"
                + " auto (that plan where one is saved, else in perf:compare a plan from the noise of the first"
                + " rounds)", e.getMessage());
    }

    @Test
    void eachBenchmarkTakesTheMostItsParameterSetsNeedAndUnplannedOnesStayFixed() {
        CalibratedForks plans = plans();
        assertEquals(12, plans.find(THRPT).forks());
        assertEquals(6, plans.find(THRPT).iterations());
        assertEquals(9, plans.find(AVGT).forks());
        assertEquals(8, plans.find(AVGT).iterations());
        assertNull(plans.find("x.Unreachable.run"));
        assertNull(plans.find("x.Old.run"));
        assertEquals(Arrays.asList("perf.forkPlan=calibrated: 2 benchmarks run the fork plan of the calibration in"
                + " src/perf/baseline.json where you set neither perf.forks nor perf.measurementIterations (in"
                + " perf:compare the rounds decide the forks, the plan the iterations); the others run as fixed:",
                "  " + AVGT + ": 9 forks x 8 iterations (the most forks and iterations any of its 2 parameter sets"
                        + " needs); about 140 s a side against 176 s at 10 x 10",
                "  " + THRPT + ": 12 forks x 6 iterations (between-fork noise 5.0 % dominates within-fork 1.0 %: more,"
                        + " shorter forks); about 82 s a side against 88 s at 10 x 10"), plans.lines());
        assertTrue(plans.lines(CalibratedForks.Mode.AUTO).get(0).startsWith("perf.forkPlan=auto: 2 benchmarks run the"
                + " fork plan of the calibration"), "auto uses a stored plan too, and says which value is in force");
    }

    @Test
    void aPlanReplacesTheFixedForksAndIterationsOnlyWhereTheUserSetNeitherAndAtItsIterationTime() throws Exception {
        JmhOptions calibrated = JmhOptions.builder().calibratedForks(plans()).build();
        PlannedBenchmark thrpt = find(RunPlan.create(calibrated, entries), THRPT);
        assertEquals(Integer.valueOf(12), thrpt.forks().value());
        assertEquals(Origin.CALIBRATED, thrpt.forks().origin());
        assertEquals(Integer.valueOf(6), thrpt.measurementIterations().value());
        assertEquals(Arrays.asList("-f", "12", "-wi", "3", "-w", "1s", "-i", "6", "-r", "500ms", "-prof", "gc"),
                thrpt.jmhArguments());
        assertTrue(thrpt.describe().contains("12 forks (planned by perf:calibrate from its noise)"), thrpt.describe());
        assertNull(thrpt.forkPlanNote());
        // the reproducing command runs the same plans
        assertEquals("calibrated", calibrated.userSettings().get("perf.forkPlan"));

        PlannedBenchmark avgt = find(RunPlan.create(calibrated, entries), AVGT);
        assertEquals(Origin.OVER_ANNOTATION, avgt.forks().origin());
        assertEquals("calibrated plan not used: it was made for 500 ms iterations, these run 100 ms; calibrate again",
                avgt.forkPlanNote());
        assertTrue(avgt.describe().endsWith("; " + avgt.forkPlanNote()), avgt.describe());

        PlannedBenchmark userSet = find(RunPlan.create(JmhOptions.builder().forks("5").calibratedForks(plans())
                .build(), entries), THRPT);
        assertEquals(Integer.valueOf(5), userSet.forks().value());
        assertEquals(Integer.valueOf(10), userSet.measurementIterations().value());
        assertTrue(userSet.forkPlanNote().startsWith("calibrated plan not used: perf.forks or"), userSet.forkPlanNote());

        // fixed: nothing changes, and the command does not mention the property
        PlannedBenchmark fixed = find(RunPlan.create(JmhOptions.defaults(), entries), THRPT);
        assertEquals(Integer.valueOf(10), fixed.forks().value());
        assertNull(fixed.forkPlanNote());
        assertFalse(JmhOptions.defaults().userSettings().containsKey("perf.forkPlan"));
    }

    private static PlannedBenchmark find(RunPlan plan, String name) {
        return plan.benchmarks().stream().filter(b -> b.name().equals(name)).findFirst().orElseThrow();
    }
}
