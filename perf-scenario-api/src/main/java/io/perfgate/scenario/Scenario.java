package io.perfgate.scenario;

/**
 * An end-to-end scenario measured by perf-maven-plugin: typically "start a mini cluster and load data once,
 * then run one job per measured run".
 *
 * <p>Each scenario JVM creates one instance with the public no-argument constructor and calls
 * {@link #setUp} once, {@link #run} once per run (warm-up runs first, then measured runs), and
 * {@link #tearDown} once, also after a failed set-up or run. Only {@code run} is timed. A cold JVM makes a
 * single measured run; a warm JVM makes several in a row, so caches, JIT-compiled code and pooled
 * containers carry over between them.
 *
 * <p>{@code tearDown} must stop everything {@code setUp} started: a non-daemon thread or a child process
 * still alive a few seconds after it returns is reported as an error, because it would keep the JVM alive or
 * slow down the runs that follow.
 *
 * <pre>{@code
 * public class WordCountScenario implements Scenario {
 *     private MiniCluster cluster;
 *
 *     public void setUp(ScenarioContext ctx) throws Exception {
 *         cluster = MiniCluster.start(ctx.workDirectory());
 *         cluster.load(ctx.intParameter("inputMiB", 10));
 *     }
 *
 *     public void run(ScenarioContext ctx) throws Exception {
 *         long records = cluster.runWordCount();
 *         ctx.recordMetric("records", records);
 *     }
 *
 *     public void tearDown(ScenarioContext ctx) throws Exception {
 *         if (cluster != null) {
 *             cluster.stop();
 *         }
 *     }
 * }
 * }</pre>
 */
public interface Scenario {
    /** Prepares what every run needs; called once per JVM, not timed as part of a run. */
    void setUp(ScenarioContext ctx) throws Exception;

    /** One measured execution. Throwing fails the whole measurement; nothing is recorded as valid. */
    void run(ScenarioContext ctx) throws Exception;

    /**
     * Releases what {@link #setUp} acquired; called once per JVM, also when set-up or a run failed (so fields
     * may still be null).
     */
    void tearDown(ScenarioContext ctx) throws Exception;
}
