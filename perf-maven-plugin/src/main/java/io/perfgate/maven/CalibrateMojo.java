package io.perfgate.maven;

import io.perfgate.baseline.BaselineException;
import io.perfgate.baseline.CalibrationRun;
import io.perfgate.config.PerfProperties;
import io.perfgate.gate.InvalidSettingException;
import io.perfgate.jmh.JmhOptions;
import io.perfgate.planning.AaCalibration;
import io.perfgate.workspace.CompareException;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;
import javax.inject.Inject;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.plugins.annotations.ResolutionScope;
import org.apache.maven.toolchain.ToolchainManager;
import org.eclipse.aether.RepositorySystem;

/**
 * A/A calibration: runs the working tree's benchmarks against themselves in interleaved rounds, as perf:compare
 * does, and reports per benchmark the between-fork and within-fork coefficients of variation, the gate's verdict
 * on the two halves (anything but PASS means this machine is too noisy for the threshold), the smallest slowdown
 * the gate detects with 80 % power at this fork count, and the forks needed to detect 1.5 x the threshold.
 * Writes {@code calibration.json}; with {@code perf.calibrate.save=true} it also stores the calibration in the
 * baseline, so perf:check reports INCONCLUSIVE instead of FAIL where the noise floor is above the threshold.
 * <pre>mvn test-compile io.perfgate:perf-maven-plugin:0.1.0-SNAPSHOT:calibrate -Dperf.calibrate.save=true</pre>
 *
 * @since 0.1.0
 */
@Mojo(name = "calibrate", requiresDependencyResolution = ResolutionScope.TEST)
public class CalibrateMojo extends AbstractGateMojo {
    /**
     * Forks per half of the A/A run: the fork count whose noise floor is measured. {@code auto}: 10, the gate's
     * design point and perf:run's default.
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.FORKS, defaultValue = PerfProperties.DEFAULT_AUTO)
    private String forks;

    /**
     * Stores the calibration in the baseline's {@code calibration} section (the rest of the baseline is kept),
     * under the baseline's lock and atomically. The baseline must exist. perf:check then reports a FAIL within the
     * stored noise floor as INCONCLUSIVE, and perf:compare sizes each benchmark's adaptive rounds with its stored
     * noise, pooled with that of its rounds.
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.CALIBRATE_SAVE, defaultValue = PerfProperties.DEFAULT_FALSE)
    private String save;

    @Inject
    public CalibrateMojo(ToolchainManager toolchainManager, RepositorySystem repositorySystem) {
        super("calibrate", toolchainManager, repositorySystem);
    }

    @Override
    public void executeGoal() throws MojoExecutionException {
        boolean saveIntoBaseline = save();
        Measurement m = measurement();
        if (m.hasScenarios()) {
            getLog().info("perf:calibrate measures the JMH benchmarks only; the configured scenarios are left out");
        }
        int forksPerHalf;
        try {
            forksPerHalf = CalibrationRun.forksPerHalf(forks);
        } catch (InvalidSettingException e) {
            throw PerfGoal.badSetting(e);
        }
        long seedValue = seedValue();
        String command = command(qualifiedGoal("calibrate"), jmhOptions(), seedValue, forksPerHalf);
        try {
            new CalibrationRun(m.storedBaseline(), m.roundLauncher("calibrate-forks", command, false), perfLog())
                    .run(saveIntoBaseline, MavenCommands.recordBaseline(session, project, plugin), m.testClasspath(),
                            forksPerHalf, seedValue, gateSettings(), outputDirectory.toPath(), PluginVersion.get(),
                            command, this::show);
        } catch (BaselineException e) {
            throw failure(e);
        } catch (CompareException e) {
            throw new MojoExecutionException(e.getMessage(), e);
        } catch (IOException e) {
            throw new MojoExecutionException("perf:calibrate could not write to " + display(outputDirectory.toPath())
                    + ": " + e.getMessage(), e);
        }
    }

    /** The gate's table of the two halves, the noise per benchmark, and where the calibration was written. */
    private void show(AaCalibration.Result result) {
        logReport(result.report());
        result.tableLines().forEach(getLog()::info);
        result.noiseWarnings().forEach(getLog()::warn);
        getLog().info("Calibration written to " + display(result.file()));
    }

    /** {@code perf.calibrate.save}, read by the one switch rule. */
    final boolean save() throws MojoExecutionException {
        return PerfGoal.flag(PerfProperties.CALIBRATE_SAVE, save, PerfProperties.DEFAULT_FALSE);
    }

    /** The plans are made from the fixed settings, so the calibration never runs them. */
    @Override
    protected boolean runsForkPlans() {
        return false;
    }

    /** The command that repeats this calibration in the same order. */
    private String command(String goal, JmhOptions options, long seedValue, int forksPerHalf) {
        Map<String, String> properties = new LinkedHashMap<>(options.userSettings());
        properties.put(PerfProperties.FORKS, Integer.toString(forksPerHalf));
        properties.put(PerfProperties.SEED, Long.toString(seedValue));
        return MavenCommands.repeat(session, project, goal, properties);
    }
}
