package io.perfgate.interleaved;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.perfgate.interleaved.InterleavedSchedule.ForkSlot;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class InterleavedScheduleTest {
    private static final List<String> BENCHMARKS = Arrays.asList("a.B.one", "a.B.two", "a.C.three", "a.C.four");

    @Test
    void everyRoundRunsEachBenchmarkOncePerSideOneAtATime() {
        InterleavedSchedule schedule = new InterleavedSchedule(42);
        for (int round = 1; round <= 20; round++) {
            List<ForkSlot> slots = schedule.round(round, BENCHMARKS);
            assertEquals(BENCHMARKS.size() * 2, slots.size());
            Set<ForkSlot> distinct = new HashSet<>(slots);
            for (String b : BENCHMARKS) {
                assertTrue(distinct.contains(new ForkSlot(round, b, Side.BASE)), b + " base in round " + round);
                assertTrue(distinct.contains(new ForkSlot(round, b, Side.CANDIDATE)), b + " candidate");
            }
            // a benchmark's two forks are adjacent, so the gap between them is one fork, not a whole round
            for (int i = 0; i < slots.size(); i += 2) {
                assertEquals(slots.get(i).benchmark(), slots.get(i + 1).benchmark());
                assertNotEquals(slots.get(i).side(), slots.get(i + 1).side());
            }
        }
    }

    @Test
    void theSameSeedGivesTheSameOrder() {
        for (int round = 1; round <= 10; round++) {
            assertEquals(new InterleavedSchedule(7).round(round, BENCHMARKS),
                    new InterleavedSchedule(7).round(round, BENCHMARKS));
        }
    }

    @Test
    void differentSeedsGiveDifferentOrders() {
        List<List<ForkSlot>> a = new ArrayList<>();
        List<List<ForkSlot>> b = new ArrayList<>();
        for (int round = 1; round <= 10; round++) {
            a.add(new InterleavedSchedule(1).round(round, BENCHMARKS));
            b.add(new InterleavedSchedule(2).round(round, BENCHMARKS));
        }
        assertNotEquals(a, b);
    }

    @Test
    void aBenchmarksOrderDoesNotDependOnWhichOthersAreStillRunning() {
        InterleavedSchedule schedule = new InterleavedSchedule(99);
        for (int round = 1; round <= 30; round++) {
            Side firstWithAll = firstSide(schedule.round(round, BENCHMARKS), "a.C.three");
            Side firstAlone = firstSide(schedule.round(round, Collections.singletonList("a.C.three")), "a.C.three");
            assertEquals(firstWithAll, firstAlone, "round " + round);
        }
    }

    @Test
    void whichSideGoesFirstIsAFairCoin() {
        InterleavedSchedule schedule = new InterleavedSchedule(12345);
        int baseFirst = 0;
        int rounds = 4000;
        for (int round = 1; round <= rounds; round++) {
            if (schedule.round(round, Collections.singletonList("x")).get(0).side() == Side.BASE) {
                baseFirst++;
            }
        }
        // 4000 fair coins: 2000 +- 3 sd (95) in all but 0.3 % of seeds; this seed is fixed
        assertTrue(Math.abs(baseFirst - rounds / 2) < 95, "base first in " + baseFirst + " of " + rounds);
    }

    @Test
    void benchmarkOrderIsShuffledAcrossRounds() {
        InterleavedSchedule schedule = new InterleavedSchedule(5);
        Set<String> firstBenchmarks = new HashSet<>();
        for (int round = 1; round <= 40; round++) {
            firstBenchmarks.add(schedule.round(round, BENCHMARKS).get(0).benchmark());
        }
        assertEquals(new HashSet<>(BENCHMARKS), firstBenchmarks);
    }

    @Test
    void theGivenOrderOfBenchmarksDoesNotMatter() {
        List<String> reversed = new ArrayList<>(BENCHMARKS);
        Collections.reverse(reversed);
        assertEquals(new InterleavedSchedule(3).round(4, BENCHMARKS), new InterleavedSchedule(3).round(4, reversed));
    }

    private static Side firstSide(List<ForkSlot> slots, String benchmark) {
        for (ForkSlot s : slots) {
            if (s.benchmark().equals(benchmark)) {
                return s.side();
            }
        }
        throw new AssertionError(benchmark + " not scheduled");
    }

    @Test
    void severalSidesRunOncePerRoundEachBenchmarksForksAdjacent() {
        InterleavedSchedule schedule = new InterleavedSchedule(42);
        Set<List<Integer>> orders = new HashSet<>();
        for (int round = 1; round <= 30; round++) {
            List<ForkSlot> slots = schedule.round(round, BENCHMARKS, 4);
            assertEquals(BENCHMARKS.size() * 4, slots.size());
            for (int i = 0; i < slots.size(); i += 4) {
                Set<Integer> arms = new HashSet<>();
                List<Integer> order = new ArrayList<>();
                for (int j = i; j < i + 4; j++) {
                    assertEquals(slots.get(i).benchmark(), slots.get(j).benchmark());
                    arms.add(slots.get(j).arm());
                    order.add(slots.get(j).arm());
                }
                assertEquals(new HashSet<>(Arrays.asList(0, 1, 2, 3)), arms, "round " + round);
                orders.add(order);
            }
            // the seed reproduces it, whichever other benchmarks still run
            assertEquals(slots, new InterleavedSchedule(42).round(round, BENCHMARKS, 4));
        }
        // the order of the sides is shuffled: of the 24 orders of four sides, 120 draws see most
        assertTrue(orders.size() > 15, orders.size() + " orders");
    }

    @Test
    void twoArmsAreTheTwoSidedScheduleSoARecordedSeedRepeatsItsOrder() {
        InterleavedSchedule schedule = new InterleavedSchedule(2024);
        for (int round = 1; round <= 50; round++) {
            List<ForkSlot> two = schedule.round(round, BENCHMARKS, 2);
            for (int i = 0; i < two.size(); i += 2) {
                // the coin of the two-sided schedule before several sides existed
                String b = two.get(i).benchmark();
                boolean baseFirst = new java.util.Random(InterleavedSchedule.mix(2024, round,
                        InterleavedSchedule.stableHash(b))).nextBoolean();
                assertEquals(baseFirst ? Side.BASE : Side.CANDIDATE, two.get(i).side(), b + " round " + round);
                assertEquals(baseFirst ? Side.CANDIDATE : Side.BASE, two.get(i + 1).side());
            }
        }
    }
}
