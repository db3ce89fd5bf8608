/**
 * How a comparison's rounds start and in which order: the A/A calibration that measures the noise ({@link
 * io.perfgate.planning.AaCalibration}, perf:calibrate), the first rounds' fork length and count from that noise,
 * from the rounds so far ({@link io.perfgate.planning.FirstRoundsPlan}) or from the history ({@link
 * io.perfgate.planning.HistoryStart}), whether the first rounds' noise agrees with the benchmark's own at full length
 * ({@link io.perfgate.planning.ForkNoiseAgreement}), and the suite's order, most likely changed first ({@link
 * io.perfgate.planning.SuiteOrder}); and which stored plans a goal that measures runs under {@code perf.forkPlan}
 * ({@link io.perfgate.planning.MeasurementPlans}). The fork-plan model itself is {@link io.perfgate.stats.ForkPlan},
 * its stored form {@link io.perfgate.results.Calibration}, and what a plain JMH run or a scenario takes from it
 * {@link io.perfgate.jmh.CalibratedForks} and {@link io.perfgate.scenariorunner.ScenarioPlans}: lower floors use
 * them.
 */
package io.perfgate.planning;
