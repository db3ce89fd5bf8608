package io.perfgate.baseline;

import io.perfgate.config.PerfProperties;
import io.perfgate.env.StealTime;
import io.perfgate.gate.GateSettings;
import io.perfgate.gate.InvalidSettingException;
import io.perfgate.jmh.JmhOptions;
import io.perfgate.log.PerfLog;
import io.perfgate.planning.AaCalibration;
import io.perfgate.interleaved.BenchmarkLauncher;
import io.perfgate.workspace.CompareException;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;

/**
 * perf:calibrate: with {@code perf.calibrate.save=true} the baseline is required first (nothing is measured for a
 * calibration that could not be saved), then the A/A rounds, then the calibration saved into the baseline.
 */
public final class CalibrationRun {
    private final StoredBaseline stored;
    private final BenchmarkLauncher launcher;
    private final PerfLog log;

    public CalibrationRun(StoredBaseline stored, BenchmarkLauncher launcher, PerfLog log) {
        this.stored = stored;
        this.launcher = launcher;
        this.log = log;
    }

    /** {@code perf.forks} as perf:calibrate reads it: forks per half, at least 5; {@code auto} for 10. */
    public static int forksPerHalf(String forks) throws InvalidSettingException {
        if (forks == null || forks.trim().isEmpty() || PerfProperties.DEFAULT_AUTO.equals(forks.trim())) {
            return JmhOptions.DEFAULT_FORKS;
        }
        try {
            int n = Integer.parseInt(forks.trim());
            if (n >= 5) {
                return n;
            }
        } catch (NumberFormatException e) {
            // said below
        }
        throw new InvalidSettingException(PerfProperties.FORKS, PerfProperties.FORKS + " = '" + forks
                + "': perf:calibrate needs a whole number of at least 5 forks per half (the gate judges no fewer),"
                + " or auto for 10");
    }

    /**
     * Calibrates and, when {@code save}, saves into the baseline.
     *
     * @param recordCommand the command that records a baseline, for the message when there is none to save into
     * @param shown shows the result (the gate's table, the noise) before it is saved
     */
    public AaCalibration.Result run(boolean save, String recordCommand, List<Path> classpath, int forksPerHalf,
            long seed, GateSettings settings, Path outputDirectory, String toolVersion, String command,
            Consumer<AaCalibration.Result> shown) throws BaselineException, CompareException, IOException {
        if (save) {
            stored.requireForCalibration(recordCommand);
        }
        AaCalibration.Result result = new AaCalibration(launcher, log).run(classpath, forksPerHalf, seed, settings,
                outputDirectory, toolVersion, command);
        StealTime.log(result.stealShare(), "the calibration's forks", log);
        shown.accept(result);
        if (save) {
            stored.saveCalibration(result.calibration(), launcher.environment());
        } else {
            log.info("To let perf:check use it, save it into the baseline: -D" + PerfProperties.CALIBRATE_SAVE
                    + "=true");
        }
        return result;
    }
}
