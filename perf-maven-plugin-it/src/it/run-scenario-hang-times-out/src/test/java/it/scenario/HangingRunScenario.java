package it.scenario;

import io.perfgate.scenario.Scenario;
import io.perfgate.scenario.ScenarioContext;

/** A job that waits forever for a container, like a cluster whose ResourceManager died. */
public class HangingRunScenario implements Scenario {
    @Override
    public void setUp(ScenarioContext ctx) {
    }

    @Override
    public void run(ScenarioContext ctx) throws InterruptedException {
        System.out.println("waiting for the ApplicationMaster");
        Thread.sleep(Long.MAX_VALUE);
    }

    @Override
    public void tearDown(ScenarioContext ctx) {
    }
}
