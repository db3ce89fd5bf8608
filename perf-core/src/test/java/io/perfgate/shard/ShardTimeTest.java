package io.perfgate.shard;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class ShardTimeTest {
    private static final Instant START = Instant.parse("2026-11-30T10:00:00Z");
    private static final Shard SHARD_3_OF_4 = shard("3/4");

    private static Shard shard(String value) {
        try {
            return Shard.parse("perf.shard", value);
        } catch (ShardException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void aShardWithoutABudgetEndsItsRoundsByTheTimeCountedFromTheBuildStart() throws ShardException {
        ShardTime time = ShardTime.of("14m", SHARD_3_OF_4, null, START);

        assertNotNull(time);
        assertEquals(Duration.ofMinutes(14), time.limit());
        assertEquals(Duration.ofMinutes(12), time.left(START.plus(Duration.ofMinutes(2))));
        assertEquals("perf.shardTime = 14 min: the rounds past each benchmark's fewest end by 14 min after the build"
                + " started (12 min from now); perf.budget or perf.shardTime=none lifts this",
                time.line(START.plus(Duration.ofMinutes(2))));
    }

    @Test
    void aBuildAlreadyPastItsTimeRunsTheFewestRoundsOnlyAndSaysSo() throws ShardException {
        ShardTime time = ShardTime.of("14m", SHARD_3_OF_4, null, START);
        Instant late = START.plus(Duration.ofMinutes(15));

        assertEquals(Duration.ofMinutes(-1), time.left(late));
        assertEquals("perf.shardTime = 14 min: the rounds past each benchmark's fewest end by 14 min after the build"
                + " started (1 min ago, so this shard runs its fewest rounds only); perf.budget or"
                + " perf.shardTime=none lifts this", time.line(late));
    }

    @Test
    void itAppliesOnlyToAShardWithoutABudgetAndNotWhenLifted() throws ShardException {
        assertNull(ShardTime.of("14m", null, null, START), "the whole suite");
        assertNull(ShardTime.of("14m", SHARD_3_OF_4, Duration.ofMinutes(30), START), "perf.budget chosen");
        assertNull(ShardTime.of("none", SHARD_3_OF_4, null, START));
        assertNull(ShardTime.of(" NONE ", SHARD_3_OF_4, null, START));
    }

    @Test
    void aNonsenseValueIsRefusedNamingTheProperty() {
        assertEquals("perf.shardTime '-3m' is not a positive duration; write e.g. 500ms, 90s, 5m, 1h or PT5M, or"
                + " none for no limit", assertThrows(ShardException.class,
                        () -> ShardTime.of("-3m", SHARD_3_OF_4, null, START)).getMessage());
        assertEquals("perf.shardTime 'abc' is not a positive duration; write e.g. 500ms, 90s, 5m, 1h or PT5M, or"
                + " none for no limit", assertThrows(ShardException.class,
                        () -> ShardTime.of("abc", null, null, START)).getMessage());
        assertEquals("perf.shardTime is empty; write a duration such as 14m, or none for no limit",
                assertThrows(ShardException.class, () -> ShardTime.of(" ", SHARD_3_OF_4, null, START)).getMessage());
    }
}
