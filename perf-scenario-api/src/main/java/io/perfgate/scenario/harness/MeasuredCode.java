package io.perfgate.scenario.harness;

import io.perfgate.scenario.ScenarioContext;

/**
 * What a scenario JVM measures: a {@link io.perfgate.scenario.Scenario} class, or an existing test run through
 * JUnit. Each says itself which part of a run is timed, because for a test the class set-up the test framework
 * runs around the method must not be.
 */
interface MeasuredCode {
    /** Prepares what every run needs; not timed. */
    void setUp(ScenarioContext ctx) throws Exception;

    /** One run: opens the window right before its timed part and closes it right after. */
    void run(ScenarioContext ctx, RunWindow window) throws Exception;

    /** Releases what set-up acquired; called also after a failure. */
    void tearDown(ScenarioContext ctx) throws Exception;
}
