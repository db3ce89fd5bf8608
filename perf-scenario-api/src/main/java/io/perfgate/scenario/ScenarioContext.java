package io.perfgate.scenario;

import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import java.util.Map;

/**
 * What a {@link Scenario} gets from the harness: its parameters, a private work directory, and a place to
 * record its own metrics and per-request latencies for the current run.
 *
 * <p>Metric and latency recording is thread-safe, so client threads of a load test may record directly.
 * Recording is only possible inside {@link Scenario#run}: values recorded in set-up or tear-down would
 * belong to no run, and are refused with an {@link IllegalStateException}.
 */
public interface ScenarioContext {
    /** The scenario id from the POM, e.g. {@code ordered-wordcount}. */
    String scenarioId();

    /** All parameters from the POM's {@code <parameters>}, unmodifiable. */
    Map<String, String> parameters();

    /**
     * A required parameter.
     *
     * @throws IllegalArgumentException naming the parameter when it is not set
     */
    String parameter(String name);

    /** A parameter, or {@code defaultValue} when it is not set. */
    String parameter(String name, String defaultValue);

    /**
     * A parameter parsed as an int.
     *
     * @throws IllegalArgumentException naming the parameter and its value when it is not an integer
     */
    int intParameter(String name, int defaultValue);

    /** As {@link #intParameter}, for a long. */
    long longParameter(String name, long defaultValue);

    /** As {@link #intParameter}, for a double. */
    double doubleParameter(String name, double defaultValue);

    /**
     * A parameter parsed as a boolean: {@code true} or {@code false}, ignoring case.
     *
     * @throws IllegalArgumentException naming the parameter when it is anything else
     */
    boolean booleanParameter(String name, boolean defaultValue);

    /**
     * A directory of this JVM's own, empty at set-up, kept after the build for inspection
     * ({@code target/perf/scenarios/<id>/<jvm>/work}). {@code java.io.tmpdir} points into it too.
     */
    Path workDirectory();

    /** True during a warm-up run, whose results are discarded. */
    boolean isWarmup();

    /**
     * Records a metric of the current run, such as records per second, bytes read, or a framework counter;
     * a second call with the same name replaces the value. Declare the metric's unit and direction in the
     * POM to have it gated.
     *
     * @param name letters, digits, {@code . _ -}; not one of the built-in names ({@code cpu}, {@code alloc},
     *     ...)
     * @throws IllegalArgumentException for a bad name or a value that is not finite
     * @throws IllegalStateException outside {@link Scenario#run}
     */
    void recordMetric(String name, double value);

    /**
     * Adds {@code delta} to a metric of the current run (starting from 0), for counts gathered from
     * several threads.
     */
    void addToMetric(String name, double delta);

    /**
     * Records the latency of one request made during the current run. When a run records at least 72
     * latencies its p95 is reported and gated (fewer cannot give a p95 with a distribution-free 95 %
     * confidence interval; then only the count is shown).
     *
     * @throws IllegalArgumentException for a negative value
     * @throws IllegalStateException outside {@link Scenario#run}
     */
    void recordLatencyNanos(long nanos);

    /**
     * The JVM options that profile a JVM this scenario starts, for the scenario to pass on: the cost of a
     * distributed job usually shows in the JVMs it starts (for Tez, pass them in {@code tez.am.launch.cmd-opts} for
     * the application master and {@code tez.task.launch.cmd-opts} for the tasks). Empty unless the plugin is
     * profiling this run ({@code perf.profile}); then the recordings are collected with the scenario's own profile,
     * named by {@code process}. A JVM writes the end of its recording as it exits: one killed outright (SIGKILL)
     * leaves a file that cannot be read, so give those JVMs time to exit when asked to stop (YARN kills a container
     * {@code yarn.nodemanager.sleep-delay-before-sigkill.ms} after SIGTERM, 250 ms by default).
     *
     * @param process a name for the JVM (letters, digits, {@code . _ -}), e.g. {@code am}; each call numbers its
     *     recordings apart, and async-profiler adds the process id
     * @throws IllegalArgumentException for a bad name
     */
    default List<String> profilerJvmOptions(String process) {
        return Collections.emptyList();
    }
}
