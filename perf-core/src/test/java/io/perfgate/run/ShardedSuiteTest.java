package io.perfgate.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.perfgate.jmh.ForkTimes;
import io.perfgate.scenariorunner.ScenarioDefinition;
import io.perfgate.scenariorunner.ScenarioTimes;
import io.perfgate.shard.Shard;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * What one shard of a sharded run measures, and the line that tells its log so: every scenario on exactly one
 * shard, the longest first to the least loaded, whatever agent computes it.
 */
class ShardedSuiteTest {
    private static ScenarioDefinition scenario(String id, int coldRuns, int warmRuns) {
        ScenarioDefinition d = new ScenarioDefinition();
        d.setId(id);
        d.setClassName("com.acme." + id);
        d.setColdRuns(coldRuns);
        d.setWarmupRuns(0);
        d.setWarmRuns(warmRuns);
        d.setWarmJvms(1);
        return d;
    }

    /** Without recorded times each JVM is guessed at a minute: 4, 2, 1 and 1 minutes. */
    private static List<ScenarioDefinition> scenarios() {
        List<ScenarioDefinition> s = new ArrayList<>();
        s.add(scenario("small-b", 1, 0));
        s.add(scenario("big", 3, 2));
        s.add(scenario("small-a", 1, 0));
        s.add(scenario("mid", 1, 2));
        return s;
    }

    private static ShardedSuite shard(String shard) throws Exception {
        return ShardedSuite.of(Shard.parse("perf.shard", shard), null, ForkTimes.none(), scenarios(),
                ScenarioTimes.guessed());
    }

    private static List<String> ids(ShardedSuite s) {
        return s.scenarios.stream().map(ScenarioDefinition::getId).collect(Collectors.toList());
    }

    @Test
    void theShardsSplitTheSuiteByExpectedTime() throws Exception {
        ShardedSuite first = shard("1/2");
        ShardedSuite second = shard("2/2");

        assertEquals(List.of("big"), ids(first));
        assertEquals(List.of("small-b", "small-a", "mid"), ids(second), "in the suite's order");
        assertNull(first.plan, "no benchmarks, no plan");
        assertEquals("Shard 1/2 (perf.shard): 1 of 4 benchmarks and scenarios, about 4 min of the suite's 8 min:"
                + " scenario big", first.describe());
        assertEquals("Shard 2/2 (perf.shard): 3 of 4 benchmarks and scenarios, about 4 min of the suite's 8 min:"
                + " scenario small-b, scenario small-a, scenario mid", second.describe());
    }

    @Test
    void aShardLeftWithoutWorkSaysWhy() throws Exception {
        ShardedSuite fifth = shard("5/5");
        assertEquals(List.of(), ids(fifth));
        assertEquals("Shard 5/5 (perf.shard): 0 of 4 benchmarks and scenarios, about 0 s of the suite's 8 min;"
                + " nothing to run here, as there are fewer than 5 of them", fifth.describe());
    }
}
