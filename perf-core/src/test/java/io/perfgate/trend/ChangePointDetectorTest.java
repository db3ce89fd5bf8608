package io.perfgate.trend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.perfgate.stats.Direction;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ChangePointDetectorTest {
    private final ChangePointDetector detector = new ChangePointDetector(ChangePointOptions.defaults());

    /** {@code n} runs of N(level, sd), the level times {@code 1 + step} from run {@code at} on. */
    static double[] series(long seed, int n, double level, double sd, int at, double step) {
        Random random = new Random(seed);
        double[] values = new double[n];
        for (int i = 0; i < n; i++) {
            values[i] = (i >= at ? level * (1 + step) : level) + sd * random.nextGaussian();
        }
        return values;
    }

    static RunSeries runs(double[] values, Direction direction) {
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < values.length; i++) {
            ids.add("r" + i);
        }
        return new RunSeries(ids, values, direction);
    }

    @Test
    void aStepIsFoundWithItsRunsLevelsChangeAndPValue() {
        List<ChangePoint> points = detector.detect(runs(series(1, 60, 100, 2, 30, 0.10), Direction.LOWER_IS_BETTER));
        assertEquals(1, points.size(), points.toString());
        ChangePoint c = points.get(0);
        assertEquals(30, c.index());
        assertEquals("r29", c.lastRunBefore());
        assertEquals("r30", c.firstRunAfter());
        assertEquals(30, c.runsBefore());
        assertEquals(30, c.runsAfter());
        assertEquals(100, c.meanBefore(), 1.5);
        assertEquals(110, c.meanAfter(), 1.5);
        assertTrue(c.changeLow() < c.change() && c.change() < c.changeHigh(), c.changeLow() + " " + c.changeHigh());
        assertTrue(c.changeLow() < 0.10 && 0.10 < c.changeHigh(), c.changeLow() + " " + c.changeHigh());
        assertTrue(c.changeHigh() - c.changeLow() < 0.04, "interval too wide: " + c.changeLow() + " " + c.changeHigh());
        assertTrue(c.pValue() < 1e-6, "p = " + c.pValue());
        assertTrue(c.slowdown(), "a higher time is a slowdown");
    }

    @Test
    void whetherItIsASlowdownDependsOnTheDirection() {
        double[] rising = series(2, 60, 100, 2, 30, 0.10);
        assertFalse(detector.detect(runs(rising, Direction.HIGHER_IS_BETTER)).get(0).slowdown(),
                "more throughput is no slowdown");
        double[] falling = series(3, 60, 100, 2, 30, -0.10);
        assertTrue(detector.detect(runs(falling, Direction.HIGHER_IS_BETTER)).get(0).slowdown(),
                "less throughput is a slowdown");
        assertFalse(detector.detect(runs(falling, Direction.LOWER_IS_BETTER)).get(0).slowdown());
    }

    /** Otava 0.8 reports the outlier at the first, second-last and last run as a change point (its issue #150). */
    @ParameterizedTest
    @ValueSource(ints = {0, 1, 2, 25, 26, 30, 57, 58, 59})
    void aSingleOutlierRunIsNotAChangePoint(int at) {
        double[] values = series(4, 60, 100, 2, 60, 0);
        values[at] = 150;
        assertEquals(List.of(), detector.detect(runs(values, Direction.LOWER_IS_BETTER)));
    }

    @Test
    void aNewLevelOfTwoRunsIsAChangePoint() {
        double[] values = series(5, 60, 100, 1, 58, 0.20);
        assertEquals(List.of(58), indexes(detector.detect(runs(values, Direction.LOWER_IS_BETTER))));
    }

    /**
     * A +1.5 % step at run 40 (1.5 noise SDs) and a last run at -10 %: the split search proposes both, the one-run
     * rule drops the last run's point, and the step, tested again with that run in its new level, no longer passes
     * (p = 0.004). Before issue 40 it was reported with that p-value, the test it had passed being on other segments.
     */
    @Test
    void aPointWhoseNeighbourTheOneRunRuleDropsIsTestedAgain() {
        double[] values = series(1, 61, 100, 1, 40, 0.015);
        values[60] = 90;
        for (ChangePoint c : detector.detect(runs(values, Direction.LOWER_IS_BETTER))) {
            assertTrue(c.pValue() < ChangePointOptions.DEFAULT_MAX_P_VALUE, c.toString());
        }
    }

    /**
     * The promise of trends.md: every reported point has p below the final level, whatever the series (flat, steps,
     * outlier runs, episodes; 1 to 10 % noise; 12 to 120 runs), analysed afresh or with the points of the analysis
     * of a shorter prefix held.
     */
    @Test
    void noReportedPointHasAPValueAtOrAboveTheLevel() {
        List<String> above = new ArrayList<>();
        int points = 0;
        for (long seed = 0; seed < 3000; seed++) {
            Random random = new Random(seed);
            double[] values = mixed(random);
            RunSeries all = runs(values, Direction.LOWER_IS_BETTER);
            List<ChangePoint> found = detector.detect(all);
            if (seed % 5 == 0) {
                int prefix = values.length / 2 + random.nextInt(values.length / 2);
                Set<String> before = detector.detect(runs(Arrays.copyOf(values, prefix), Direction.LOWER_IS_BETTER))
                        .stream().map(ChangePoint::firstRunAfter).collect(Collectors.toSet());
                found = new ArrayList<>(found);
                found.addAll(detector.detect(all, before));
            }
            points += found.size();
            for (ChangePoint c : found) {
                if (!(c.pValue() < ChangePointOptions.DEFAULT_MAX_P_VALUE)) {
                    above.add("seed " + seed + ": " + c);
                }
            }
        }
        assertTrue(points > 500, "too few points for the test to show anything: " + points);
        assertTrue(above.isEmpty(), above.size() + " point(s) at or above the level, e.g. "
                + above.subList(0, Math.min(3, above.size())));
    }

    /** A random series: flat, one step, an episode, with or without outlier runs, lognormal noise of 1 to 10 %. */
    private static double[] mixed(Random random) {
        int n = 12 + random.nextInt(109);
        double sd = 0.01 + 0.09 * random.nextDouble();
        int kind = random.nextInt(3);
        int at = 2 + random.nextInt(n - 4);
        int end = kind == 2 ? Math.min(n, at + 2 + random.nextInt(8)) : n;
        double step = (random.nextBoolean() ? 1 : -1) * (0.01 + 0.3 * random.nextDouble());
        boolean outliers = random.nextBoolean();
        double[] values = new double[n];
        for (int i = 0; i < n; i++) {
            double level = kind > 0 && i >= at && i < end ? 100 * (1 + step) : 100;
            values[i] = level * Math.exp(sd * random.nextGaussian());
            if (outliers && random.nextDouble() < 0.05) {
                values[i] *= 1.2 + random.nextDouble();
            }
        }
        return values;
    }

    /**
     * The issue 40 episode: +30 % for 3 runs of 45 (2 % noise). Otava's split test compares runs 0-19 with 20-44
     * (p = 0.245) and stops; the episode test compares them with 20-22, and both ends are reported.
     */
    @Test
    void aShortEpisodeInTheMiddleIsFound() {
        double[] values = series(11, 45, 100, 2, 45, 0);
        for (int i = 20; i < 23; i++) {
            values[i] *= 1.30;
        }
        List<ChangePoint> points = detector.detect(runs(values, Direction.LOWER_IS_BETTER));
        assertEquals(List.of(20, 23), indexes(points), points.toString());
        assertTrue(points.get(0).slowdown() && !points.get(1).slowdown(), points.toString());
        assertEquals(3, points.get(0).runsAfter());
    }

    /** Found the same way in most of 100 seeded series, at 5 noise SDs; never only one of its ends. */
    @Test
    void threeRunEpisodesOfFiveNoiseSdsAreFoundInMostSeries() {
        int found = 0;
        for (long seed = 0; seed < 100; seed++) {
            double[] values = series(seed, 45, 100, 2, 45, 0);
            for (int i = 20; i < 23; i++) {
                values[i] += 10;
            }
            List<Integer> points = indexes(detector.detect(runs(values, Direction.LOWER_IS_BETTER)));
            found += points.contains(20) && points.contains(23) ? 1 : 0;
            assertEquals(points.contains(20), points.contains(23), "seed " + seed + ": " + points);
        }
        assertTrue(found >= 85, found + " of 100");
    }

    /** Two runs in the middle are two outliers next to each other, not an episode (trends.md: 3 runs at least). */
    @Test
    void twoOutlierRunsNextToEachOtherInTheMiddleAreNotAnEpisode() {
        double[] values = series(12, 60, 100, 2, 60, 0);
        values[30] = 150;
        values[31] = 150;
        assertEquals(List.of(), indexes(detector.detect(runs(values, Direction.LOWER_IS_BETTER))));
    }

    /**
     * The flat corpus of trends.md: 1,000 series of 100 runs at 1 to 10 % lognormal noise, and the same with 3 % of
     * runs x1.3. 12 false points in 8 series and 20 in 12 (17 in 14 and 28 in 19 before issue 40's episode test and
     * re-test): finding short episodes added no false points.
     */
    @ParameterizedTest
    @ValueSource(ints = {0, 1})
    void flatSeriesGetNoMoreFalsePointsThanBeforeTheEpisodeTest(int withOutliers) {
        int points = 0;
        for (long seed = 0; seed < 1000; seed++) {
            SplittableRandom random = new SplittableRandom(31 * seed + withOutliers);
            double sd = 0.01 + 0.09 * (seed % 10) / 9.0;
            double[] values = new double[100];
            for (int i = 0; i < values.length; i++) {
                double u = random.nextDouble();
                double gaussian = Math.sqrt(-2 * Math.log(1 - u)) * Math.cos(2 * Math.PI * random.nextDouble());
                values[i] = 100 * Math.exp(sd * gaussian);
                if (withOutliers == 1 && random.nextDouble() < 0.03) {
                    values[i] *= 1.3;
                }
            }
            points += detector.detect(runs(values, Direction.LOWER_IS_BETTER)).size();
        }
        assertTrue(points <= (withOutliers == 1 ? 20 : 12), points + " false points");
    }

    /**
     * 100 series of 60 runs of N(100, 2): none has a change point. On 2,000 such series the detector finds 16 false
     * points in 13 series (0.13 per 1,000 runs, below the 1 per 1,000 of the level; trends.md), so one here is
     * tolerated.
     */
    @Test
    void pureNoiseHasFewFalseChangePoints() {
        int falsePoints = 0;
        int seriesWithAny = 0;
        for (int s = 0; s < 100; s++) {
            int found = detector.detect(runs(series(1000 + s, 60, 100, 2, 60, 0), Direction.LOWER_IS_BETTER)).size();
            falsePoints += found;
            seriesWithAny += found > 0 ? 1 : 0;
        }
        System.out.println("false change points in 100 series of 60 N(100, 2): " + falsePoints + " in "
                + seriesWithAny + " series");
        assertTrue(falsePoints <= 1, falsePoints + " false change points");
    }

    /**
     * 50 series with a +5 % step at run 30 (2.5 noise SDs), runs appended one by one from 20 to 90: once the step
     * is reported, it stays at the same run. Analysed afresh each time (as Otava does), the step's point moves or
     * vanishes in some of them, which is why the previous report is passed in.
     */
    @Test
    void aReportedChangePointStaysPutWhileRunsAreAppendedOneByOne() {
        int unstableAfresh = 0;
        for (long seed = 0; seed < 50; seed++) {
            double[] all = series(seed, 90, 100, 2, 30, 0.05);
            assertEquals(List.of(), unstableSteps(all, true), "seed " + seed);
            unstableAfresh += unstableSteps(all, false).isEmpty() ? 0 : 1;
        }
        assertTrue(unstableAfresh > 0, "analysed afresh, no step moved: the test shows nothing");
    }

    /** The analyses in which a point reported near the step (runs 28 to 32) is no longer reported. */
    private List<String> unstableSteps(double[] all, boolean passPreviousReport) {
        List<String> unstable = new ArrayList<>();
        Set<String> reported = Set.of();
        for (int n = 20; n <= all.length; n++) {
            RunSeries prefix = runs(Arrays.copyOf(all, n), Direction.LOWER_IS_BETTER);
            List<ChangePoint> points = passPreviousReport ? detector.detect(prefix, reported) : detector.detect(prefix);
            Set<String> now = points.stream().map(ChangePoint::firstRunAfter).collect(Collectors.toSet());
            for (String before : reported) {
                int index = Integer.parseInt(before.substring(1));
                if (index >= 28 && index <= 32 && !now.contains(before)) {
                    unstable.add(n + " runs: " + reported + " became " + now);
                }
            }
            reported = now;
        }
        return unstable;
    }

    @Test
    void previouslyReportedRunsThatAreGoneAreIgnored() {
        double[] values = series(7, 60, 100, 2, 30, 0.10);
        assertEquals(List.of(30),
                indexes(detector.detect(runs(values, Direction.LOWER_IS_BETTER), Set.of("gone", "r0"))));
    }

    @Test
    void aFixedSplitWhoseTestFailsOnTheLongerSeriesIsDropped() {
        // r30 was reported once (say, from a shorter series); on this one it separates nothing
        double[] values = series(8, 60, 100, 2, 60, 0);
        assertEquals(List.of(), detector.detect(runs(values, Direction.LOWER_IS_BETTER), Set.of("r30")));
    }

    @Test
    void optionsAreChecked() {
        assertThrows(IllegalArgumentException.class, () -> new ChangePointOptions(1, 0.001, 0));
        assertThrows(IllegalArgumentException.class, () -> new ChangePointOptions(50, 0, 0));
        assertThrows(IllegalArgumentException.class, () -> new ChangePointOptions(50, 0.001, -1));
        assertThrows(IllegalArgumentException.class,
                () -> new RunSeries(List.of("a"), new double[] {Double.NaN}, Direction.LOWER_IS_BETTER));
        assertThrows(IllegalArgumentException.class,
                () -> new RunSeries(List.of("a", "b"), new double[] {1}, Direction.LOWER_IS_BETTER));
    }

    static List<Integer> indexes(List<ChangePoint> points) {
        return points.stream().map(ChangePoint::index).collect(Collectors.toList());
    }
}
