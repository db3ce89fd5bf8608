package io.perfgate.shard;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.perfgate.scenariorunner.ScenarioDefinition;
import java.time.Duration;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class BudgetTest {
    private static final Map<String, Integer> SECONDS = new LinkedHashMap<>();

    static {
        SECONDS.put("a.A.m", 600);
        SECONDS.put("a.B.m", 600);
        SECONDS.put("a.C.m", 600);
        SECONDS.put("a.D.m", 300);
    }

    private static final List<String> SUITE = Arrays.asList("a.A.m", "a.B.m", "a.C.m", "a.D.m");

    private static void check(Duration budget, List<String> part) throws ShardException {
        Budget.check(budget, part, SUITE, n -> n, SECONDS::get, ScenarioDefinition::counted, "The run", "-Dperf.forks");
    }

    @Test
    void readsADurationOrNothing() throws Exception {
        assertEquals(Duration.ofMinutes(30), Budget.parse("30m"));
        assertEquals(Duration.ofHours(1), Budget.parse(" 1h "));
        assertNull(Budget.parse(""));
        ShardException e = assertThrows(ShardException.class, () -> Budget.parse("-3m"));
        assertEquals("perf.budget '-3m' is not a positive duration; write e.g. 500ms, 90s, 5m, 1h or PT5M",
                e.getMessage());
    }

    /** The suite's estimate is 35 min: a budget of exactly that fits, one second less does not, none never stops. */
    @Test
    void aPlanThatFitsRuns() throws Exception {
        check(Duration.ofMinutes(35), SUITE);
        check(null, SUITE);
        ShardException e = assertThrows(ShardException.class, () -> check(Duration.ofSeconds(35 * 60 - 1), SUITE));
        assertTrue(e.getMessage().startsWith("The run needs about 35 min for 4 benchmarks, more than perf.budget ="
                + " 34 min 59 s, so nothing was measured."), e.getMessage());
    }

    /** perf.budget reads the one syntax of every duration setting, the units JMH's times take included. */
    @Test
    void readsEveryUnitOfTheOneDurationSyntax() throws Exception {
        assertEquals(Duration.ofHours(2), Budget.parse("2hr"));
        assertEquals(Duration.ofDays(1), Budget.parse("1 day"));
        assertEquals(Duration.ofMinutes(90), Budget.parse("1.5h"));
        ShardException e = assertThrows(ShardException.class, () -> Budget.parse("abc"));
        assertEquals("perf.budget 'abc' is not a positive duration; write e.g. 500ms, 90s, 5m, 1h or PT5M",
                e.getMessage());
    }

    @Test
    void aPlanThatDoesNotFitStopsWithTheShardsThatWould() {
        ShardException e = assertThrows(ShardException.class, () -> check(Duration.ofMinutes(16), SUITE));
        assertEquals("The run needs about 35 min for 4 benchmarks, more than perf.budget = 16 min, so nothing was"
                + " measured. Choices: split it across 3 CI agents with -Dperf.shard=K/3 (the longest shard then"
                + " needs about 15 min; see the Shards page); narrow the selection with -Dperf.includes; measure less"
                + " (-Dperf.forks); or raise perf.budget.", e.getMessage());
    }

    @Test
    void whenOneBenchmarkAloneIsTooLongNoSplitIsOffered() {
        ShardException e = assertThrows(ShardException.class, () -> check(Duration.ofMinutes(5), SUITE));
        assertEquals("The run needs about 35 min for 4 benchmarks, more than perf.budget = 5 min, so nothing"
                + " was measured. Choices: no split into shards fits, as a.A.m alone needs about 10 min; narrow the"
                + " selection with -Dperf.includes; measure less (-Dperf.forks); or raise perf.budget.",
                e.getMessage());
    }

    /** A shard is held to the budget by its own part; the split it suggests is of the whole suite. */
    @Test
    void aShardIsCheckedByItsPart() throws Exception {
        Budget.check(Duration.ofMinutes(11), Arrays.asList("a.A.m"), SUITE, n -> n, SECONDS::get, ScenarioDefinition::counted, "Shard 1/4",
                "-Dperf.forks");
        ShardException e = assertThrows(ShardException.class, () -> Budget.check(Duration.ofMinutes(11),
                Arrays.asList("a.A.m", "a.D.m"), SUITE, n -> n, SECONDS::get, ScenarioDefinition::counted, "Shard 1/3", "-Dperf.forks"));
        assertEquals("Shard 1/3 needs about 15 min for 2 benchmarks, more than perf.budget = 11 min, so nothing was"
                + " measured. Choices: split it across 4 CI agents with -Dperf.shard=K/4 (the longest shard then"
                + " needs about 10 min; see the Shards page); narrow the selection with -Dperf.includes; measure less"
                + " (-Dperf.forks); or raise perf.budget.", e.getMessage());
    }
}
