package io.perfgate.planning;

import io.perfgate.config.PerfProperties;
import io.perfgate.gate.GateSettings;
import io.perfgate.jmh.CalibratedForks;
import io.perfgate.jmh.InvalidOptionException;
import io.perfgate.jmh.JmhOptions;
import io.perfgate.jmh.SteadyWarmup;
import io.perfgate.log.PerfLog;
import io.perfgate.results.Calibration;
import io.perfgate.run.BaselineEstimates;
import io.perfgate.run.RunFailedException;
import io.perfgate.run.ScenarioSelection;
import io.perfgate.scenariorunner.ScenarioDefinition;
import io.perfgate.scenariorunner.ScenarioPlans;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Which plans a goal that measures runs under {@code perf.forkPlan}: the calibrated fork plans of the JMH benchmarks
 * ({@code fixed} ignores the calibration; {@code auto} without one plans nothing, so perf:compare plans from the first
 * rounds; {@code calibrated} without one is refused, unless the goal measures scenarios alone, which plan from the
 * JVMs the baseline recorded), and the selected scenarios as their plans run. Each is worked out once and its lines
 * logged once.
 */
public final class MeasurementPlans {
    /** The gate's limits that size the scenario plans; asked for only when a plan is made. */
    @FunctionalInterface
    public interface Limits<X extends Exception> {
        GateSettings get() throws X;
    }

    private final String forkPlan;
    private final boolean runsForkPlans;
    private final List<ScenarioDefinition> scenarios;
    private final String scenarioIncludes;
    private final BaselineEstimates baseline;
    private final PerfLog log;

    /** {@link #calibratedForks()}, once read and logged. */
    private CalibratedForks calibratedForks;
    /** {@link #plannedScenarios}, once planned (and its lines logged). */
    private List<ScenarioDefinition> plannedScenarios;

    /**
     * @param forkPlan         {@code perf.forkPlan} as given
     * @param runsForkPlans    false for a goal that measures the fixed settings whatever is asked (perf:calibrate)
     * @param scenarios        the scenarios the POM configures
     * @param scenarioIncludes {@code perf.scenarioIncludes}
     * @param baseline         what the baseline recorded, for its calibration and its scenario runs
     */
    public MeasurementPlans(String forkPlan, boolean runsForkPlans, List<ScenarioDefinition> scenarios,
            String scenarioIncludes, BaselineEstimates baseline, PerfLog log) {
        this.forkPlan = forkPlan;
        this.runsForkPlans = runsForkPlans;
        this.scenarios = scenarios == null ? new ArrayList<>() : scenarios;
        this.scenarioIncludes = scenarioIncludes;
        this.baseline = baseline;
        this.log = log;
    }

    /** The configured scenarios that {@code perf.scenarioIncludes} selects, checked. */
    public List<ScenarioDefinition> selectedScenarios() throws RunFailedException {
        return ScenarioSelection.select(scenarios, scenarioIncludes, log);
    }

    /**
     * {@code options} with the baseline's calibrated plans where {@code perf.forkPlan} asks for them (and the steady
     * warm-up it turns on), checked.
     *
     * @throws InvalidOptionException as {@link #calibratedForks()} and {@link JmhOptions.Builder#build()} do
     * @throws RunFailedException     when {@code perf.scenarioIncludes} does not read
     */
    public JmhOptions jmhOptions(JmhOptions.Builder options) throws InvalidOptionException, RunFailedException {
        return options.calibratedForks(calibratedForks()).steadyWarmup(SteadyWarmup.turnedOnBy(forkPlan)).build();
    }

    /** {@code perf.forkPlan} as given: fixed, calibrated or auto. */
    public CalibratedForks.Mode mode() throws InvalidOptionException {
        return CalibratedForks.mode(forkPlan);
    }

    /**
     * The baseline's calibrated plans, or none for {@code fixed} (and for {@code auto} when the baseline holds no
     * calibration: the first rounds then plan in perf:compare).
     *
     * @throws InvalidOptionException for a {@code perf.forkPlan} that is none of the three, and for
     *                                {@code calibrated} with JMH benchmarks and no calibration in the baseline
     * @throws RunFailedException     when {@code perf.scenarioIncludes} does not read
     */
    public CalibratedForks calibratedForks() throws InvalidOptionException, RunFailedException {
        CalibratedForks.Mode mode = mode();
        if (!mode.usesCalibration() || !runsForkPlans) {
            return CalibratedForks.none();
        }
        Calibration calibration = baseline.calibration();
        if (calibration == null && mode == CalibratedForks.Mode.AUTO) {
            return CalibratedForks.none();
        }
        String shown = baseline.shown();
        if (calibration == null && !selectedScenarios().isEmpty()) {
            // scenarios plan from the JVMs the baseline recorded, no calibration needed: a project of scenarios
            // alone has nothing for perf:calibrate to measure
            if (calibratedForks == null) {
                log.info(PerfProperties.FORK_PLAN + "=" + PerfProperties.FORK_PLAN_CALIBRATED + ": " + shown
                        + " holds no calibration, so JMH benchmarks run as fixed; the scenarios plan from their"
                        + " recorded JVMs");
                calibratedForks = CalibratedForks.none();
            }
            return calibratedForks;
        }
        if (calibration == null) {
            throw new InvalidOptionException(PerfProperties.FORK_PLAN + "=" + PerfProperties.FORK_PLAN_CALIBRATED
                    + ", but " + shown + " holds no calibration: run perf:calibrate -D"
                    + PerfProperties.CALIBRATE_SAVE + "=true first, or use -D" + PerfProperties.FORK_PLAN + "="
                    + PerfProperties.FORK_PLAN_AUTO + " (plans from the first rounds in perf:compare)");
        }
        if (calibratedForks == null) {
            calibratedForks = CalibratedForks.of(calibration, shown);
            calibratedForks.lines(mode).forEach(log::info);
        }
        return calibratedForks;
    }

    /**
     * The selected scenarios as they run: under {@code perf.forkPlan} other than {@code fixed}, with the warm JVMs,
     * runs per JVM and warm-up runs their plans choose from the warm JVMs the baseline recorded, sized for
     * {@code limits}, where the POM does not set them (one log line each); a goal that does not run the plans
     * (perf:calibrate) measures them as configured.
     */
    public <X extends Exception> List<ScenarioDefinition> plannedScenarios(Limits<X> limits)
            throws RunFailedException, X {
        if (plannedScenarios == null) {
            List<ScenarioDefinition> selected = selectedScenarios();
            String plan = forkPlan == null ? "" : forkPlan.trim().toLowerCase(Locale.ROOT);
            if (selected.isEmpty() || !runsForkPlans || plan.isEmpty()
                    || PerfProperties.FORK_PLAN_FIXED.equals(plan)) {
                plannedScenarios = selected;
            } else {
                GateSettings gate = limits.get();
                plannedScenarios = baseline.results()
                        .map(results -> ScenarioPlans.recordedIn(results, baseline.shown()))
                        .orElseGet(ScenarioPlans::none)
                        .apply(selected, key -> gate.forBenchmark(key).median(), log::info);
            }
        }
        return plannedScenarios;
    }
}
