package io.perfgate.jmh;

import io.perfgate.config.PerfProperties;
import io.perfgate.results.BenchmarkResult;
import io.perfgate.results.Fork;
import io.perfgate.results.PerfResults;
import io.perfgate.stats.Quantiles;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What a benchmark's forks took as a results file (the baseline) recorded them, for shards and the budget. A fork's
 * length is its JVM start, set-up, warmup and measurement; the plan knows only the iterations, which say little
 * where a trial set-up is heavy, an operation outlasts its iteration, or the mode is single-shot. So a benchmark the
 * file holds weighs the median of its recorded forks times the forks the plan runs, and one it does not hold weighs
 * its plan ({@link PlannedBenchmark#expected()}).
 *
 * <p>The recorded times are used only when the file was measured with the fork length the plan has ({@link
 * #FORK_LENGTH}: iterations, their times, modes); otherwise each benchmark weighs its plan. Only a committed file
 * may feed this: every CI agent must read the same times to compute the same shards.
 */
public final class ForkTimes {
    /** The settings that decide how long a fork runs; the fork count only multiplies it. */
    static final List<String> FORK_LENGTH = Collections.unmodifiableList(Arrays.asList(
            PerfProperties.WARMUP_ITERATIONS, PerfProperties.WARMUP_TIME, PerfProperties.MEASUREMENT_ITERATIONS,
            PerfProperties.MEASUREMENT_TIME, PerfProperties.MODE));

    private final Map<String, Double> medianSeconds;
    private final Map<String, String> recordedSettings;
    private final String source;

    private ForkTimes(Map<String, Double> medianSeconds, Map<String, String> recordedSettings, String source) {
        this.medianSeconds = medianSeconds;
        this.recordedSettings = recordedSettings;
        this.source = source;
    }

    /** No recorded times: every benchmark weighs its plan. */
    public static ForkTimes none() {
        return new ForkTimes(Collections.emptyMap(), Collections.emptyMap(), null);
    }

    /** The fork times {@code results} recorded, named {@code source} in the log (e.g. the baseline's path). */
    public static ForkTimes recordedIn(PerfResults results, String source) {
        Map<String, List<Double>> byBenchmark = new HashMap<>();
        for (BenchmarkResult b : results.benchmarks()) {
            if (!BenchmarkResult.KIND_JMH.equals(b.kind())) {
                continue;
            }
            for (Fork f : b.forks()) {
                if (Double.isFinite(f.seconds())) {
                    byBenchmark.computeIfAbsent(b.benchmark(), k -> new ArrayList<>()).add(f.seconds());
                }
            }
        }
        Map<String, Double> medians = new HashMap<>();
        // the median: a slow outlier fork weighs nothing
        byBenchmark.forEach((name, seconds) -> medians.put(name,
                Quantiles.median(seconds.stream().mapToDouble(Double::doubleValue).toArray())));
        return new ForkTimes(medians, results.settings(), Objects.requireNonNull(source, "source"));
    }

    /** All forks of {@code b} in {@code plan}: its recorded fork time times its forks, else the plan's guess. */
    public Duration expected(RunPlan plan, PlannedBenchmark b) {
        return fork(plan, b).multipliedBy((long) b.runs() * b.forksPerRun());
    }

    /** One fork of {@code b} (one parameter set in one mode), as recorded when {@link #applies} to the plan. */
    public Duration fork(RunPlan plan, PlannedBenchmark b) {
        Double seconds = applies(plan) ? medianSeconds.get(b.name()) : null;
        return seconds == null ? b.expectedFork() : Duration.ofMillis(Math.round(seconds * 1000));
    }

    /** True when the recorded forks ran as long as the plan's will: the same iterations, times and modes. */
    public boolean applies(RunPlan plan) {
        return !medianSeconds.isEmpty() && forkLengthDifferences(plan).isEmpty();
    }

    /** Each fork-length setting whose recorded value is not the plan's, as the log names it. */
    private List<String> forkLengthDifferences(RunPlan plan) {
        List<String> differences = new ArrayList<>();
        Map<String, String> planned = plan.settings();
        for (String key : FORK_LENGTH) {
            if (!Objects.equals(recordedSettings.get(key), planned.get(key))) {
                differences.add(key + " " + recordedSettings.getOrDefault(key, "(not recorded)") + " there, "
                        + planned.get(key) + " here");
            }
        }
        return differences;
    }

    /**
     * Where the plan's benchmarks' times come from, for the log: {@code Fork times: 30 of 32 benchmarks as recorded
     * in src/perf/baseline.json, the others as planned}; null when there is nothing recorded to speak of.
     */
    public String describe(RunPlan plan) {
        if (medianSeconds.isEmpty() || plan == null) {
            return null;
        }
        List<String> differences = forkLengthDifferences(plan);
        if (!differences.isEmpty()) {
            return "Fork times: as planned; the forks recorded in " + source + " ran with another fork length ("
                    + String.join("; ", differences) + ")";
        }
        int recorded = 0;
        for (PlannedBenchmark b : plan.benchmarks()) {
            recorded += medianSeconds.containsKey(b.name()) ? 1 : 0;
        }
        int all = plan.benchmarks().size();
        return "Fork times: " + (recorded == all ? (all == 1 ? "the benchmark" : "all " + all + " benchmarks")
                : recorded + " of " + all + " benchmarks") + " as recorded in " + source
                + (recorded == all ? "" : ", the others as planned");
    }
}
