package it.scenario;

import io.perfgate.scenario.Scenario;
import io.perfgate.scenario.ScenarioContext;

/** A fixed amount of arithmetic per "request"; each request's latency is recorded. */
public class CpuWorkScenario implements Scenario {
    private long[] table;

    @Override
    public void setUp(ScenarioContext ctx) {
        table = new long[4096];
        for (int i = 0; i < table.length; i++) {
            table[i] = i * 2654435761L;
        }
        System.out.println("set up in " + ctx.workDirectory() + ", tmp " + System.getProperty("java.io.tmpdir"));
    }

    @Override
    public void run(ScenarioContext ctx) {
        int requests = ctx.intParameter("requests", 100);
        int work = ctx.intParameter("workPerRequest", 5000);
        long sum = 0;
        for (int r = 0; r < requests; r++) {
            long t0 = System.nanoTime();
            for (int i = 0; i < work; i++) {
                sum += table[(int) ((sum ^ i) & 4095)] >>> 3;
            }
            ctx.recordLatencyNanos(System.nanoTime() - t0);
        }
        ctx.recordMetric("requests", requests);
        ctx.recordMetric("checksum.bits", Long.bitCount(sum));
    }

    @Override
    public void tearDown(ScenarioContext ctx) {
        table = null;
    }
}
