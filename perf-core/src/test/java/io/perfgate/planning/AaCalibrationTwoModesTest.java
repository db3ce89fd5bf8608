package io.perfgate.planning;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.perfgate.gate.GateSettings;
import io.perfgate.interleaved.BenchmarkLauncher;
import io.perfgate.interleaved.FakeForks;
import io.perfgate.results.BenchmarkId;
import io.perfgate.results.BenchmarkResult;
import io.perfgate.results.Calibration;
import io.perfgate.results.Fork;
import io.perfgate.testing.LogLines;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * perf:calibrate on a benchmark JMH runs in two modes: each fork returns a result per mode, and each mode's noise is
 * measured and stored on its own. Paired and stored by name and parameters, the second mode's half met the first
 * mode's, and one entry was left for both.
 */
class AaCalibrationTwoModesTest {
    private static final BenchmarkId QUIET_AVGT = BenchmarkId.of("x.Two.run", Map.of(), "avgt");
    private static final BenchmarkId NOISY_THRPT = BenchmarkId.of("x.Two.run", Map.of(), "thrpt");

    @TempDir
    Path tmp;

    /** One benchmark, two modes per fork: avgt quiet (1 % between forks), thrpt noisy (12 %). */
    private static final class TwoModeLauncher implements BenchmarkLauncher {
        final Random random = new Random(7);

        @Override
        public List<String> discover(List<Path> classpath, String sideLabel) {
            return Collections.singletonList("x.Two.run");
        }

        @Override
        public List<BenchmarkResult> runFork(List<Path> classpath, String benchmark, String sideLabel, int round) {
            Fork avgt = FakeForks.fork(random, 100, 0.01, 5);
            Fork thrpt = FakeForks.fork(random, 10, 0.12, 5);
            return Arrays.asList(FakeForks.result(benchmark, avgt),
                    BenchmarkResult.builder(benchmark).mode("thrpt").unit("ops/us").addFork(thrpt).build());
        }

        @Override
        public Map<String, String> environment() {
            return Collections.emptyMap();
        }

        @Override
        public Map<String, String> settings() {
            return Collections.emptyMap();
        }
    }

    @Test
    void eachModeHasItsOwnEntry() throws Exception {
        AaCalibration.Result r = new AaCalibration(new TwoModeLauncher(), new LogLines()).run(
                Collections.singletonList(Path.of("candidate")), 10, 3, GateSettings.defaults(), tmp, "test",
                "mvn perf:calibrate");

        Calibration c = r.calibration();
        assertEquals(2, c.benchmarks().size(), c.benchmarks().keySet().toString());
        Calibration.Entry quiet = c.find(QUIET_AVGT);
        Calibration.Entry noisy = c.find(NOISY_THRPT);
        assertEquals(10, quiet.forks());
        assertEquals(10, noisy.forks());
        assertTrue(quiet.betweenForkCv() < 0.03, "avgt " + quiet.betweenForkCv());
        assertTrue(noisy.betweenForkCv() > 0.06, "thrpt " + noisy.betweenForkCv());
        // the log names the mode where one benchmark has several
        assertTrue(AaCalibration.table(c, GateSettings.defaults()).stream()
                .anyMatch(line -> line.startsWith("x.Two.run [thrpt] ")), AaCalibration.table(c,
                        GateSettings.defaults()).toString());
    }
}
