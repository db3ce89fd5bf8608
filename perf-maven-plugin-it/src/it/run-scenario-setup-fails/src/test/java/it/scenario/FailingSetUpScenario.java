package it.scenario;

import io.perfgate.scenario.Scenario;
import io.perfgate.scenario.ScenarioContext;

/** A cluster that never comes up. */
public class FailingSetUpScenario implements Scenario {
    @Override
    public void setUp(ScenarioContext ctx) {
        System.out.println("starting the mini cluster");
        throw new IllegalStateException("NameNode is still in safe mode after 30 s");
    }

    @Override
    public void run(ScenarioContext ctx) {
    }

    @Override
    public void tearDown(ScenarioContext ctx) {
        System.out.println("tear-down after a failed set-up");
    }
}
