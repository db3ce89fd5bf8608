package org.example.perf;

import io.perfgate.scenario.Scenario;
import io.perfgate.scenario.ScenarioContext;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;

/**
 * A job whose work runs in a JVM of its own, as a distributed job's runs in its application master: each run
 * starts {@link Indexer} with the options {@link ScenarioContext#profilerJvmOptions} hands out, and waits for it.
 */
public class IndexJobScenario implements Scenario {
    @Override
    public void setUp(ScenarioContext ctx) {
    }

    @Override
    public void tearDown(ScenarioContext ctx) {
    }

    @Override
    public void run(ScenarioContext ctx) throws Exception {
        List<String> command = new ArrayList<>();
        command.add(Paths.get(System.getProperty("java.home"), "bin", "java").toString());
        command.add("-Xmx128m");
        command.addAll(ctx.profilerJvmOptions("indexer"));
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(Indexer.class.getName());
        Process indexer = new ProcessBuilder(command).inheritIO().start();
        int exit = indexer.waitFor();
        if (exit != 0) {
            throw new IllegalStateException("the indexer exited with " + exit);
        }
    }
}
