package org.example.perf;

import io.perfgate.scenario.Scenario;
import io.perfgate.scenario.ScenarioContext;
import java.util.HashMap;
import java.util.Map;

/** A job that indexes generated documents: set-up makes the documents, each run indexes them PASSES times. */
public class IndexJobScenario implements Scenario {
    private static final int PASSES = 4;
    private String[] documents;

    @Override
    public void setUp(ScenarioContext ctx) {
        documents = new String[20_000];
        for (int i = 0; i < documents.length; i++) {
            documents[i] = "doc" + i + " term" + (i % 97) + " term" + (i % 89) + " term" + (i % 13);
        }
    }

    @Override
    public void run(ScenarioContext ctx) {
        long postings = 0;
        for (int pass = 0; pass < PASSES; pass++) {
            Map<String, Integer> index = new HashMap<>();
            for (String d : documents) {
                for (String term : d.split(" ")) {
                    index.merge(term, 1, Integer::sum);
                }
            }
            postings += index.size();
        }
        ctx.recordMetric("postings", postings);
    }

    @Override
    public void tearDown(ScenarioContext ctx) {
        documents = null;
    }
}
