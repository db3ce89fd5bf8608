package io.perfgate.shard;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.perfgate.testing.LogLines;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ShardTest {

    @Test
    void readsKOfN() throws Exception {
        Shard shard = Shard.parse("perf.shard", " 2 / 4 ");
        assertEquals(2, shard.index());
        assertEquals(4, shard.total());
        assertEquals("2/4", shard.toString());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "0/4|perf.shard '0/4': the shard number, 0, must be from 1 to 4 (shards are counted from 1)",
        "5/4|perf.shard '5/4': the shard number, 5, must be from 1 to 4 (shards are counted from 1)",
        "1/0|perf.shard '1/0': the number of shards, 0, must be from 1 to 1000",
        "two/4|perf.shard 'two/4' is not a shard: give K/N, e.g. 2/4 for the second of four agents",
        "-1/4|perf.shard '-1/4' is not a shard: give K/N, e.g. 2/4 for the second of four agents",
        "2|perf.shard '2' is not a shard: give K/N, e.g. 2/4 for the second of four agents"})
    void refusesWhatIsNoShard(String value, String message) {
        ShardException e = assertThrows(ShardException.class, () -> Shard.parse("perf.shard", value));
        assertEquals(message, e.getMessage());
    }

    @Test
    void theSettingWinsOverTheCiVariablesWhichWinOverNothing() throws Exception {
        Map<String, String> ci = new HashMap<>();
        ci.put(Shard.CI_NODE_INDEX, "3");
        ci.put(Shard.CI_NODE_TOTAL, "5");
        assertEquals("3/5", Shard.resolve("", ci).get().toString());
        assertEquals("1/2", Shard.resolve("1/2", ci).get().toString());
        assertEquals(Optional.empty(), Shard.resolve(null, Collections.emptyMap()));
        ci.remove(Shard.CI_NODE_TOTAL);
        assertEquals(Optional.empty(), Shard.resolve(" ", ci), "one variable alone is not a shard");
        ci.put(Shard.CI_NODE_TOTAL, "2");
        ShardException e = assertThrows(ShardException.class, () -> Shard.resolve("", ci));
        assertEquals("CI_NODE_INDEX/CI_NODE_TOTAL '3/2': the shard number, 3, must be from 1 to 2 (shards are"
                + " counted from 1)", e.getMessage());
    }

    /** The shards together run every unit once, whatever the order the units come in. */
    @Test
    void everyUnitRunsInExactlyOneShardAndTheSameOneOnEveryAgent() throws Exception {
        Map<String, Integer> seconds = new LinkedHashMap<>();
        Random random = new Random(42);
        for (int i = 0; i < 37; i++) {
            seconds.put("org.example.Bench" + i + ".run", 30 + random.nextInt(600));
        }
        List<String> names = new ArrayList<>(seconds.keySet());
        List<String> shuffled = new ArrayList<>(names);
        Collections.shuffle(shuffled, new Random(7));
        Map<String, Integer> shardOf = new HashMap<>();
        for (int k = 1; k <= 4; k++) {
            Shard shard = Shard.parse("perf.shard", k + "/4");
            List<String> mine = shard.select(names, n -> n, seconds::get);
            List<String> mineFromShuffled = shard.select(shuffled, n -> n, seconds::get);
            assertEquals(new java.util.HashSet<>(mine), new java.util.HashSet<>(mineFromShuffled),
                    "another agent listing the units in another order gets the same shard");
            for (String n : mine) {
                assertEquals(null, shardOf.put(n, k), n + " is in two shards");
            }
            List<String> inOrder = new ArrayList<>(names);
            inOrder.retainAll(mine);
            assertEquals(inOrder, mine, "a shard keeps the units' order");
        }
        assertEquals(names.size(), shardOf.size(), "every unit is in a shard");
    }

    /** Balanced by time, not count: no shard is longer than 4/3 of the best split. */
    @Test
    void theLongestShardIsCloseToTheBestSplit() throws Exception {
        List<Integer> times = Arrays.asList(600, 500, 400, 300, 200, 100, 100, 50, 50, 50, 25, 25);
        List<String> names = new ArrayList<>();
        for (int i = 0; i < times.size(); i++) {
            names.add("b" + i);
        }
        int total = times.stream().mapToInt(Integer::intValue).sum();
        int longest = 0;
        for (int k = 1; k <= 3; k++) {
            List<String> mine = Shard.parse("perf.shard", k + "/3").select(names, n -> n,
                    n -> times.get(Integer.parseInt(n.substring(1))));
            longest = Math.max(longest, mine.stream().mapToInt(n -> times.get(Integer.parseInt(n.substring(1))))
                    .sum());
        }
        double best = Math.max(total / 3.0, 600);
        assertTrue(longest <= best * 4 / 3, "longest shard " + longest + " s, best possible " + best + " s");
    }

    @Test
    void moreShardsThanUnitsLeavesSomeEmpty() throws Exception {
        List<String> names = Arrays.asList("a", "b");
        assertEquals(Arrays.asList("a"), Shard.parse("p", "1/3").select(names, n -> n, n -> 10));
        assertEquals(Arrays.asList("b"), Shard.parse("p", "2/3").select(names, n -> n, n -> 10));
        assertFalse(!Shard.parse("p", "3/3").select(names, n -> n, n -> 10).isEmpty());
    }

    /** An empty shard names the shards that run something, as the deal leaves them, whatever the units' order. */
    @Test
    void theOccupiedShardsAreThoseTheDealGivesUnits() throws Exception {
        assertEquals(Arrays.asList(1, 2), Shard.occupied(Arrays.asList("a", "b"), n -> n, n -> 10, 4));
        assertEquals(Arrays.asList(1, 2, 3), Shard.occupied(Arrays.asList("c", "b", "a", "d"), n -> n,
                n -> n.equals("a") ? 30 : 10, 3));
        assertEquals(Arrays.asList(), Shard.occupied(Arrays.<String>asList(), n -> n, n -> 10, 2));
    }

    @Test
    void aShardFromTheCiVariablesIsSaidInTheLogOneSetByPerfShardIsNot() throws Exception {
        LogLines log = new LogLines();
        Map<String, String> ci = Map.of(Shard.CI_NODE_INDEX, "2", Shard.CI_NODE_TOTAL, "3");
        assertEquals("2/3", Shard.resolve(null, ci, log).get().toString());
        assertEquals(List.of("Running shard 2/3 of the suite, from CI_NODE_INDEX and CI_NODE_TOTAL"
                + " (-Dperf.shard=K/N sets it yourself)"), log.infos());
        assertEquals("1/4", Shard.resolve("1/4", ci, log).get().toString());
        assertFalse(Shard.resolve(" ", Map.of(), log).isPresent());
        assertEquals(1, log.lines().size(), log.toString());
    }
}
