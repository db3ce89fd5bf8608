package io.perfgate.interleaved;

import io.perfgate.profile.ProfiledCode;
import io.perfgate.results.BenchmarkResult;
import io.perfgate.results.MachineTime;
import io.perfgate.workspace.CompareException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * What a comparison needs from the benchmark harness: the selected benchmarks on a classpath, and one fork of
 * one benchmark on a classpath. The JMH implementation is {@link JmhLauncher}; tests use fakes.
 */
public interface BenchmarkLauncher {
    /**
     * The benchmarks on {@code classpath} that the run's includes and excludes select, by name.
     *
     * @throws CompareException when the classpath holds no benchmark list, naming where it looked
     */
    List<String> discover(List<Path> classpath, String sideLabel) throws CompareException;

    /**
     * How long one fork of {@code benchmark} (discovered on {@code classpath}) is expected to run, in seconds: what
     * a shard weighs it by. Equal weights by default, which shards by count.
     */
    default double expectedSeconds(List<Path> classpath, String benchmark) {
        return 1;
    }

    /**
     * {@link #expectedSeconds(List, String)} for a fork that runs {@code measurementIterations} measurement iterations
     * instead of its settings' (as {@link #runFork(List, String, String, int, int)} runs them; 0 for the settings'):
     * the short start of {@code perf.forkPlan=auto}, which budgets and the suite's order must not weigh at the full
     * length.
     */
    default double expectedSeconds(List<Path> classpath, String benchmark, int measurementIterations) {
        return expectedSeconds(classpath, benchmark);
    }

    /** Where {@link #expectedSeconds} takes its times from, when that is worth a line in the log; else null. */
    default String expectedTimesSource() {
        return null;
    }

    /** Runs one fork of {@code benchmark} with {@code classpath}; one result per parameter set. */
    List<BenchmarkResult> runFork(List<Path> classpath, String benchmark, String sideLabel, int round)
            throws InterleavedRun.ForkFailedException;

    /**
     * Runs one fork of {@code benchmark} with {@code classpath}, its JVM started with {@code jvmArgs} as well (a
     * treatment's own arguments, after {@code perf.jvmArgs}); one result per parameter set.
     *
     * @throws InterleavedRun.ForkFailedException also when this harness cannot give a fork arguments of its own
     */
    default List<BenchmarkResult> runFork(List<Path> classpath, String benchmark, String sideLabel, int round,
            List<String> jvmArgs) throws InterleavedRun.ForkFailedException {
        if (!jvmArgs.isEmpty()) {
            throw new InterleavedRun.ForkFailedException("the " + sideLabel + " side's own JVM arguments ("
                    + String.join(" ", jvmArgs) + ") cannot be given to " + benchmark);
        }
        return runFork(classpath, benchmark, sideLabel, round);
    }

    /**
     * Whether {@link #runFork(List, String, String, int, int)} may give forks of {@code benchmark} a measurement
     * length of its own ({@code perf.forkPlan=auto}): only where neither you nor a calibrated plan set the iterations,
     * and the iterations have a fixed time (not single-shot). None by default.
     */
    default boolean lengthPlannable(List<Path> classpath, String benchmark) {
        return false;
    }

    /**
     * The measurement iterations a planned fork of {@code benchmark} may run at most: its settings' measurement time,
     * counted in the iterations {@link #runFork(List, String, String, int, int)} runs (what a plan may lengthen a
     * short start back to); 0 where the harness has no such count.
     */
    default int measurementIterations(List<Path> classpath, String benchmark) {
        return 0;
    }

    /**
     * The time of one of the iterations {@link #runFork(List, String, String, int, int)} counts, in seconds; NaN
     * where this harness plans no fork length.
     */
    default double plannedIterationSeconds(List<Path> classpath, String benchmark) {
        return Double.NaN;
    }

    /** The fork length {@code perf.forkPlan=fixed} gives {@code benchmark}; null where this harness has none. */
    default MachineTime.ForkLength fixedLength(List<Path> classpath, String benchmark) {
        return null;
    }

    /**
     * Runs one fork of {@code benchmark} with {@code measurementIterations} measurement iterations instead of the
     * planned number (for JMH, fine iterations: {@code io.perfgate.jmh.FineIterations}); 0 keeps the plan's. Only for
     * a benchmark {@link #lengthPlannable}.
     */
    default List<BenchmarkResult> runFork(List<Path> classpath, String benchmark, String sideLabel, int round,
            int measurementIterations) throws InterleavedRun.ForkFailedException {
        if (measurementIterations > 0) {
            throw new IllegalStateException(benchmark + " cannot be given a fork length of its own here");
        }
        return runFork(classpath, benchmark, sideLabel, round);
    }

    /**
     * Runs one extra fork of {@code benchmark} for profiling, its JVM started with {@code jvmArgs} (the profiler),
     * restricted to the parameter values {@code params} (for a scenario, {@code runs=cold} or {@code runs=warm});
     * its files go to {@code directory}, named {@code <sideLabel>-...} (the profiler removes them when the fork
     * fails). {@code childJvmOption} is what a scenario is handed to profile the JVMs it starts.
     *
     * @throws UnsupportedOperationException when this harness cannot profile
     */
    default List<BenchmarkResult> runProfiledFork(List<Path> classpath, String benchmark, Map<String, String> params,
            String sideLabel, List<String> jvmArgs, String childJvmOption, Path directory)
            throws InterleavedRun.ForkFailedException {
        throw new UnsupportedOperationException("profiling is not supported for " + benchmark);
    }

    /**
     * The name this launcher knows a scenario by, for the name its results carry ({@code index-job} is run as
     * {@code scenario index-job}); null when {@code resultName} is no scenario of this launcher.
     */
    default String scenarioFor(String resultName) {
        return null;
    }

    /**
     * The parameter combinations of {@code benchmark} (discovered on {@code classpath}) that a profiling fork is
     * pinned to one at a time, so each profile is of one set of values. One empty combination, pinning nothing,
     * by default.
     */
    default List<Map<String, String>> parameterCombinations(List<Path> classpath, String benchmark) {
        return java.util.Collections.singletonList(java.util.Collections.emptyMap());
    }

    /** Which stacks of a profile of {@code benchmark} (as {@link #discover} names it) are the measured code. */
    default ProfiledCode profiledCode(String benchmark) {
        return ProfiledCode.JMH;
    }

    /** The environment fingerprint of the machine and JVM the forks run on. */
    Map<String, String> environment();

    /** The harness options in force, by property name, for the results' settings. */
    Map<String, String> settings();
}
