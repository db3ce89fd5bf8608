package io.perfgate.scenariorunner;

import io.perfgate.results.BenchmarkResult;
import io.perfgate.results.Fork;
import io.perfgate.results.PerfResults;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What the JVMs of a scenario are expected to take, so that shards balance and a time budget holds before anything
 * is measured: from the runs a results file recorded (the baseline), else a guess of
 * {@link #GUESSED_JVM} per JVM. Scenario JVMs range from seconds to many minutes, so a recorded time is worth more
 * here than for a JMH fork, whose length its iterations fix.
 */
public final class ScenarioTimes {
    /** A guess at one scenario JVM before any was recorded: start-up, a mini cluster, the runs. */
    public static final Duration GUESSED_JVM = Duration.ofMinutes(1);
    /** A JVM's start and exit around its recorded set-up and runs (a harness JVM starts in well under this). */
    static final Duration JVM_START_AND_EXIT = Duration.ofSeconds(1);

    private final Map<String, Recorded> recorded;
    private final String source;

    private ScenarioTimes(Map<String, Recorded> recorded, String source) {
        this.recorded = recorded;
        this.source = source;
    }

    /** Medians of one scenario's recorded set-up and runs, in milliseconds; NaN where nothing was recorded. */
    private static final class Recorded {
        double setUpMillis = Double.NaN;
        double coldRunMillis = Double.NaN;
        double warmRunMillis = Double.NaN;
    }

    /** No recorded times: every JVM weighs {@link #GUESSED_JVM}. */
    public static ScenarioTimes guessed() {
        return new ScenarioTimes(new HashMap<>(), null);
    }

    /** The scenario times {@code results} recorded; {@code source} names it in {@link #describe}. */
    public static ScenarioTimes recordedIn(PerfResults results, String source) {
        Map<String, List<Double>> setUp = new HashMap<>();
        Map<String, List<Double>> cold = new HashMap<>();
        Map<String, List<Double>> warm = new HashMap<>();
        for (BenchmarkResult b : results.benchmarks()) {
            if (!BenchmarkResult.KIND_SCENARIO.equals(b.kind()) || !ScenarioMetrics.UNIT.equals(b.unit())) {
                continue;
            }
            String runs = b.params().get(ScenarioMetrics.RUNS_PARAM);
            Map<String, List<Double>> kind = ScenarioMetrics.COLD.equals(runs) ? cold
                    : ScenarioMetrics.WARM.equals(runs) ? warm : null;
            if (kind == null) {
                continue;
            }
            for (Fork f : b.forks()) {
                if (f.primary().length > 0) {
                    kind.computeIfAbsent(b.benchmark(), k -> new ArrayList<>()).add(f.primaryMedian());
                }
                if (f.secondary(ScenarioMetrics.SETUP_TIME).length > 0) {
                    setUp.computeIfAbsent(b.benchmark(), k -> new ArrayList<>())
                            .add(f.secondaryMedian(ScenarioMetrics.SETUP_TIME));
                }
            }
        }
        Map<String, Recorded> recorded = new HashMap<>();
        setUp.forEach((id, values) -> recorded.computeIfAbsent(id, k -> new Recorded()).setUpMillis = median(values));
        cold.forEach((id, values) -> recorded.computeIfAbsent(id, k -> new Recorded()).coldRunMillis = median(values));
        warm.forEach((id, values) -> recorded.computeIfAbsent(id, k -> new Recorded()).warmRunMillis = median(values));
        return new ScenarioTimes(recorded, source);
    }

    /** One cold JVM: its set-up and its one run, as recorded; else the guess. */
    public Duration coldJvm(ScenarioDefinition d) {
        Recorded r = recorded.get(d.getId());
        if (r == null || Double.isNaN(r.coldRunMillis)) {
            return GUESSED_JVM;
        }
        return JVM_START_AND_EXIT.plus(millis(orZero(r.setUpMillis) + r.coldRunMillis));
    }

    /** One warm JVM: its set-up, warm-up runs and warm runs, each run as long as the recorded warm runs' median. */
    public Duration warmJvm(ScenarioDefinition d) {
        Recorded r = recorded.get(d.getId());
        if (r == null || Double.isNaN(r.warmRunMillis)) {
            return GUESSED_JVM;
        }
        return JVM_START_AND_EXIT.plus(millis(orZero(r.setUpMillis)
                + (d.getWarmupRuns() + d.getWarmRuns()) * r.warmRunMillis));
    }

    /** Every JVM of a run's plan: the cold runs, one JVM each, and the warm JVMs. */
    public Duration run(ScenarioDefinition d) {
        return coldJvm(d).multipliedBy(d.getColdRuns()).plus(warmJvm(d).multipliedBy(d.warmJvmCount()));
    }

    /** One side's part of a comparison round: a cold JVM when it has cold runs, a warm JVM when it has warm ones. */
    public Duration round(ScenarioDefinition d) {
        Duration round = Duration.ZERO;
        if (d.getColdRuns() > 0) {
            round = round.plus(coldJvm(d));
        }
        if (d.warmJvmCount() > 0) {
            round = round.plus(warmJvm(d));
        }
        return round;
    }

    /** Where the times of {@code d} come from, for the log: "recorded in src/perf/baseline.json", or the guess. */
    public String describe(ScenarioDefinition d) {
        Recorded r = recorded.get(d.getId());
        boolean cold = d.getColdRuns() == 0 || r != null && !Double.isNaN(r.coldRunMillis);
        boolean warm = d.warmJvmCount() == 0 || r != null && !Double.isNaN(r.warmRunMillis);
        return cold && warm ? "recorded in " + source
                : "guessed at " + GUESSED_JVM.toMinutes() + " min per JVM" + (r == null ? "" : " where " + source
                        + " recorded none");
    }

    /** One line for the log: where each scenario's times come from ("Scenario times: wordcount recorded in ..."). */
    public String describe(List<ScenarioDefinition> scenarios) {
        List<String> sources = new ArrayList<>();
        scenarios.forEach(d -> sources.add(d.getId() + " " + describe(d)));
        return "Scenario times: " + String.join("; ", sources);
    }

    private static double orZero(double millis) {
        return Double.isNaN(millis) ? 0 : millis;
    }

    private static Duration millis(double millis) {
        return Duration.ofMillis(Math.round(millis));
    }

    private static double median(List<Double> values) {
        double[] array = new double[values.size()];
        for (int i = 0; i < array.length; i++) {
            array[i] = values.get(i);
        }
        return Fork.median(array);
    }
}
