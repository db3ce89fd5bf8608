package io.perfgate.planning;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.perfgate.config.PerfProperties;
import io.perfgate.gate.GateSettings;
import io.perfgate.interleaved.BenchmarkLauncher;
import io.perfgate.interleaved.FakeForks;
import io.perfgate.results.BenchmarkId;
import io.perfgate.results.BenchmarkResult;
import io.perfgate.results.Calibration;
import io.perfgate.results.Fork;
import io.perfgate.results.PerfResults;
import io.perfgate.results.ResultsJson;
import io.perfgate.stats.ForkPlan;
import io.perfgate.stats.Power;
import io.perfgate.stats.Thresholds;
import io.perfgate.testing.LogLines;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AaCalibrationTest {
    @TempDir
    Path tmp;

    /** Two benchmarks of known noise: quiet (1 % between forks) and noisy (12 %). */
    private static final class NoiseLauncher implements BenchmarkLauncher {
        final Random random = new Random(5);
        final List<String> classpaths = new ArrayList<>();

        @Override
        public List<String> discover(List<Path> classpath, String sideLabel) {
            return Arrays.asList("x.Quiet.run", "x.Noisy.run");
        }

        @Override
        public List<BenchmarkResult> runFork(List<Path> classpath, String benchmark, String sideLabel, int round) {
            classpaths.add(classpath.toString());
            double sd = benchmark.contains("Noisy") ? 0.12 : 0.01;
            return Collections.singletonList(FakeForks.result(benchmark, FakeForks.fork(random, 100, sd, 5)));
        }

        @Override
        public Map<String, String> environment() {
            return Collections.singletonMap("cpu.cores", "2");
        }

        @Override
        public Map<String, String> settings() {
            return Collections.emptyMap();
        }
    }

    @Test
    void measuresTheNoiseOfEachBenchmarkAgainstItself() throws Exception {
        NoiseLauncher launcher = new NoiseLauncher();
        List<Path> cp = Collections.singletonList(Path.of("candidate"));
        AaCalibration.Result r = new AaCalibration(launcher, new LogLines()).run(cp, 10, 3, GateSettings.defaults(),
                tmp, "test", "mvn perf:calibrate");

        // both halves run the working tree, one fork a side per round
        assertEquals(40, launcher.classpaths.size());
        assertTrue(launcher.classpaths.stream().allMatch("[candidate]"::equals));

        Calibration.Entry quiet = r.calibration().find(BenchmarkId.ofKey("x.Quiet.run", "avgt"));
        Calibration.Entry noisy = r.calibration().find(BenchmarkId.ofKey("x.Noisy.run", "avgt"));
        assertEquals(10, quiet.forks());
        assertEquals(0.01, quiet.betweenForkCv(), 0.006);
        assertEquals(0.12, noisy.betweenForkCv(), 0.05);
        assertEquals(0.005, quiet.withinForkCv(), 0.002);
        assertEquals("PASS", quiet.aaVerdict());
        // the sizing is the stats package's, for the measured CV
        assertEquals(Power.detectableSlowdown(10, 10, quiet.betweenForkCv(), GateSettings.defaults()
                .forBenchmark("x.Quiet.run").median(), 0.8) - 1, quiet.detectableSlowdown(), 1e-12);
        assertTrue(noisy.detectableSlowdown() > quiet.detectableSlowdown());
        assertTrue(noisy.forksNeeded() > quiet.forksNeeded(), noisy.forksNeeded() + " vs " + quiet.forksNeeded());

        PerfResults written = ResultsJson.read(r.file());
        assertEquals(2, written.calibration().benchmarks().size());
        List<String> table = AaCalibration.table(r.calibration(), GateSettings.defaults());
        assertTrue(table.get(0).startsWith("benchmark"), table.get(0));
        assertTrue(table.stream().anyMatch(l -> l.startsWith("x.Noisy.run")), table.toString());

        // what perf:calibrate prints after the gate's table: a blank line, the heading, the table indented
        List<String> lines = r.tableLines();
        assertEquals("", lines.get(0));
        assertEquals("A/A calibration, 10 forks per half (noise floor of this machine):", lines.get(1));
        assertEquals("  " + table.get(0), lines.get(2));
        assertEquals(table.size() + 2, lines.size());
        for (String warning : r.noiseWarnings()) {
            assertTrue(warning.matches("x\\.\\w+\\.run was judged [A-Z]+ against itself: .*"), warning);
        }
        assertFalse(r.noiseWarnings().stream().anyMatch(w -> w.startsWith("x.Quiet.run")), r.noiseWarnings()::toString);
    }

    /**
     * Each verdict against itself says what it means: a FAIL or WARN makes perf:check call a FAIL INCONCLUSIVE; an
     * INCONCLUSIVE only says the forks are too few for this noise, and how many would do (seen on Commons Text,
     * where the message claimed the former for the latter).
     */
    @Test
    void aWarningPerVerdictAgainstItselfSaysWhatItMeans() {
        assertEquals("a.B.m was judged WARN against itself: this machine is too noisy for the 10 % limit; perf:check"
                + " would report INCONCLUSIVE instead of FAIL once this calibration is saved",
                AaCalibration.noiseWarning("a.B.m", new Calibration.Entry(10, 0.12, 0.05, 0.10, 0.22, 25, "WARN")));
        assertEquals("a.B.m was judged INCONCLUSIVE against itself: at 10 forks a side its 10.6 % between-fork noise"
                + " could hide a slowdown of +19.5 %, more than 1.5 x the 10 % limit; 19 forks a side would catch"
                + " +15.0 % (perf.forks in perf:run, perf.maxForks in perf:compare), or raise the limit",
                AaCalibration.noiseWarning("a.B.m", new Calibration.Entry(10, 0.106, 0.07, 0.10, 0.195, 19,
                        "INCONCLUSIVE")));
        assertTrue(AaCalibration.noiseWarning("a.B.m", new Calibration.Entry(10, 0.5, 0.3, 0.10,
                Double.POSITIVE_INFINITY, 0, "INCONCLUSIVE")).contains("a slowdown of any size, more than 1.5 x the 10 %"
                + " limit; more than 200 forks a side would be needed"));
        assertTrue(AaCalibration.noiseWarning("a.B.m", new Calibration.Entry(10, 0.3, 0.1, 0.10, 0.6, 90, "IMPROVED"))
                .endsWith("noise alone looked like a change beyond the 10 % limit, so this machine is too noisy for it"));
    }

    /**
     * The fork plan is ForkPlan's on the measured noise, with the costs from the forks' wall times: the median fork
     * less its measured iterations at the measurement time is the fixed cost of a fork.
     */
    @Test
    void eachBenchmarkGetsTheForkPlanOfItsNoiseAndItsForkTimes() {
        Random random = new Random(11);
        Fork[] forks = new Fork[10];
        for (int i = 0; i < forks.length; i++) {
            forks[i] = FakeForks.fork(random, 100, 0.05, 10);
        }
        BenchmarkResult a = FakeForks.result("x.Noisy.run", forks);
        Thresholds median = GateSettings.defaults().forBenchmark("x.Noisy.run").median();
        Map<String, String> settings = Collections.singletonMap(PerfProperties.MEASUREMENT_TIME, "500ms");
        Calibration.Plan plan = AaCalibration.plan(a, 0.05, 0.01, median, Arrays.asList(8.9, 8.7, 8.8, 9.5),
                settings);
        assertEquals(10, plan.measuredIterations());
        assertEquals(0.5, plan.iterationSeconds(), 1e-12);
        assertEquals(8.85 - 10 * 0.5, plan.forkSeconds(), 1e-9);
        ForkPlan expected = ForkPlan.choose(ForkPlan.Noise.measured(0.05, 0.01, 10), 3.85, 0.5, median,
                Power.DEFAULT_POWER, 10);
        assertEquals(expected.forks(), plan.forks());
        assertEquals(expected.iterations(), plan.iterations());
        assertEquals(expected.reason(), plan.reason());

        Map<BenchmarkId, Calibration.Entry> entries = new LinkedHashMap<>();
        entries.put(BenchmarkId.ofKey("x.Noisy.run", "avgt"),
                new Calibration.Entry(10, 0.05, 0.01, 0.10, 0.2, 12, "PASS", plan));
        entries.put(BenchmarkId.ofKey("x.Old.run", "avgt"),
                new Calibration.Entry(10, 0.05, 0.01, 0.10, 0.2, 12, "PASS"));
        List<String> lines = AaCalibration.planLines(new Calibration("2026-11-27T22:00:00Z", 0.8, 0.05, entries));
        assertEquals(Collections.singletonList("x.Noisy.run: " + expected.describe(10, 10)), lines);
        assertTrue(lines.get(0).matches("x\\.Noisy\\.run: \\d+ forks x 6 iterations \\(between-fork noise .* dominates"
                + " within-fork .*: more, shorter forks.*\\); about \\d+ s a side against 89 s at 10 x 10"), lines.get(0));

        // no plan where a cost is unknown: single-shot forks, measurement times that differ, forks not timed
        BenchmarkResult singleShot = BenchmarkResult.builder("x.Cold.run").mode(BenchmarkResult.MODE_SINGLE_SHOT)
                .unit("ms/op").addFork(forks[0]).addFork(forks[1]).build();
        assertNull(AaCalibration.plan(singleShot, 0.05, 0.01, median, Arrays.asList(2.0), settings));
        assertNull(AaCalibration.plan(a, 0.05, 0.01, median, Arrays.asList(8.8), Collections.singletonMap(
                PerfProperties.MEASUREMENT_TIME, "500 ms for x.A.run; 1 s for x.B.run")));
        assertNull(AaCalibration.plan(a, 0.05, 0.01, median, null, settings));
        assertNull(AaCalibration.plan(a, Double.NaN, 0.01, median, Arrays.asList(8.8), settings));
    }
}
