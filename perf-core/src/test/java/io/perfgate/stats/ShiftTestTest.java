package io.perfgate.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.apache.commons.statistics.inference.AlternativeHypothesis;
import org.apache.commons.statistics.inference.MannWhitneyUTest;
import org.apache.commons.statistics.inference.PValueMethod;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class ShiftTestTest {

    static Stream<Arguments> referenceCases() {
        List<Arguments> cases = new ArrayList<>();
        for (JsonNode c : ReferenceData.root().get("shift")) {
            cases.add(Arguments.of(c.get("name").asText(), c));
        }
        return cases.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("referenceCases")
    void matchesScipyAndNumpyReference(String name, JsonNode c) {
        Direction direction = Direction.fromJson(c.get("direction").asText());
        double tMin = c.get("tMin").asDouble();
        ShiftComparison r = ShiftTest.compare(ReferenceData.doubles(c.get("baseline")),
                ReferenceData.doubles(c.get("candidate")), direction, new Thresholds(Math.max(tMin, 0.10), tMin, 0.05));

        assertRelative(c.get("hodgesLehmann").asDouble(), r.ratio(), 1e-12, "Hodges-Lehmann ratio");
        assertRelative(c.get("medianRatio").asDouble(), r.medianRatio(), 1e-12, "ratio of medians");
        assertRelative(ReferenceData.number(c.get("ciLower")), r.ciLower(), 1e-12, "95 % CI lower end");
        assertRelative(ReferenceData.number(c.get("ciUpper")), r.ciUpper(), 1e-12, "95 % CI upper end");
        for (JsonNode b : c.get("bounds")) {
            double alpha = b.get("alpha").asDouble();
            assertRelative(ReferenceData.number(b.get("lower")), r.lowerBound(alpha), 1e-12, "lower bound at " + alpha);
            assertRelative(ReferenceData.number(b.get("upper")), r.upperBound(alpha), 1e-12, "upper bound at " + alpha);
        }
        assertRelative(c.get("pSlower").asDouble(), r.pSlower(), 1e-10, "p slower");
        assertRelative(c.get("pFaster").asDouble(), r.pFaster(), 1e-10, "p faster");
        assertRelative(c.get("pSlowerThanBaseline").asDouble(), r.pSlowerThanBaseline(), 1e-10, "p slower at 0");
        assertRelative(c.get("pFasterThanBaseline").asDouble(), r.pFasterThanBaseline(), 1e-10, "p faster at 0");
        assertRelative(c.get("smallestP").asDouble(), r.smallestPossiblePValue(), 1e-12, "smallest p");
        // breaking ties against the alternative never gives a smaller p than SciPy's midrank score
        assertTrue(r.pSlower() >= c.get("scipyMidrankPSlower").asDouble() - 1e-12, "conservative with ties");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("referenceCases")
    void agreesWithCommonsStatisticsExactTestWithoutTies(String name, JsonNode c) {
        if (c.get("hasTies").asBoolean()) {
            return;
        }
        Direction direction = Direction.fromJson(c.get("direction").asText());
        double tMin = c.get("tMin").asDouble();
        double[] baseline = ReferenceData.doubles(c.get("baseline"));
        double[] candidate = ReferenceData.doubles(c.get("candidate"));
        ShiftComparison r = ShiftTest.compare(baseline, candidate, direction, new Thresholds(0.10, tMin, 0.05));
        double[] x = orientedLogs(candidate, direction);
        double[] y = orientedLogs(baseline, direction);
        double shift = Math.log1p(tMin);
        MannWhitneyUTest exact = MannWhitneyUTest.withDefaults().with(PValueMethod.EXACT);
        MannWhitneyUTest.Result slower = exact.with(AlternativeHypothesis.GREATER_THAN).withMu(shift).test(x, y);
        MannWhitneyUTest.Result faster = exact.with(AlternativeHypothesis.LESS_THAN).withMu(-shift).test(x, y);
        assertFalse(slower.hasTiedValues());
        assertRelative(slower.getPValue(), r.pSlower(), 1e-12, "commons-statistics p slower");
        assertRelative(faster.getPValue(), r.pFaster(), 1e-12, "commons-statistics p faster");
    }

    /** statistics.md section 3: p &lt;= alpha if and only if L &gt; 1 + T_min, and the mirror for improvements. */
    @Test
    void pValueAndBoundAgreeOnManyRandomSamples() {
        SplittableRandom random = new SplittableRandom(42);
        double[] alphas = {0.05, 0.025, 0.01, 0.1, 0.001, 0.05 / 7, 0.3};
        MannWhitneyUTest library = MannWhitneyUTest.withDefaults().with(PValueMethod.EXACT)
                .with(AlternativeHypothesis.GREATER_THAN);
        int significant = 0;
        for (int trial = 0; trial < 2500; trial++) {
            int m = 3 + random.nextInt(18);
            int n = 3 + random.nextInt(18);
            double ratio = Math.exp(random.nextDouble(-0.25, 0.35));
            double sd = random.nextDouble(0.01, 0.15);
            boolean grid = trial % 5 == 0;
            double[] baseline = sample(random, m, 100, sd, grid);
            double[] candidate = sample(random, n, 100 * ratio, sd, grid);
            double tMin = new double[] {0, 0.02, 0.05, 0.10}[trial % 4];
            Direction direction = trial % 2 == 0 ? Direction.LOWER_IS_BETTER : Direction.HIGHER_IS_BETTER;
            ShiftComparison r = ShiftTest.compare(baseline, candidate, direction, new Thresholds(0.10, tMin, 0.05));
            double limit = Math.log1p(tMin) + ShiftTest.TIE_TOLERANCE;
            for (double alpha : alphas) {
                boolean bySlowP = r.pSlower() <= alpha;
                boolean bySlowBound = Math.log(r.lowerBound(alpha)) > limit;
                assertEquals(bySlowP, bySlowBound, () -> "slower: " + r + " at alpha " + alpha);
                boolean byFastP = r.pFaster() <= alpha;
                boolean byFastBound = Math.log(r.upperBound(alpha)) < -limit;
                assertEquals(byFastP, byFastBound, () -> "faster: " + r + " at alpha " + alpha);
                if (bySlowP) {
                    significant++;
                }
            }
            if (!grid) {
                // continuous data: the library's exact p-value decides the same
                double libraryP = library.withMu(Math.log1p(tMin))
                        .test(orientedLogs(candidate, direction), orientedLogs(baseline, direction)).getPValue();
                assertRelative(libraryP, r.pSlower(), 1e-12, "library p");
                boolean ratioBound = r.lowerBound() > 1 + tMin;
                assertEquals(libraryP <= 0.05, ratioBound, () -> "library vs bound: " + r);
            }
        }
        assertTrue(significant > 1500 && significant < 16000, "both outcomes exercised: " + significant);
    }

    @Test
    void theNormalApproximationBeyondTheExactLimitKeepsPValueAndBoundConsistent() {
        SplittableRandom random = new SplittableRandom(7);
        double[] baseline = sample(random, 120, 100, 0.05, false);
        double[] candidate = sample(random, 110, 107, 0.05, false);
        ShiftComparison r = ShiftTest.compare(baseline, candidate, Direction.LOWER_IS_BETTER,
                new Thresholds(0.10, 0.05, 0.05));
        assertFalse(r.isExact());
        for (double alpha : new double[] {0.05, 0.01, 0.2}) {
            assertEquals(r.pSlower() <= alpha, Math.log(r.lowerBound(alpha)) > Math.log1p(0.05) + 1e-9);
        }
        double libraryP = MannWhitneyUTest.withDefaults().with(PValueMethod.ASYMPTOTIC)
                .with(AlternativeHypothesis.GREATER_THAN).withMu(Math.log1p(0.05))
                .test(orientedLogs(candidate, Direction.LOWER_IS_BETTER), orientedLogs(baseline, Direction.LOWER_IS_BETTER))
                .getPValue();
        assertRelative(libraryP, r.pSlower(), 1e-9, "asymptotic p");
    }

    @Test
    void orientationMakesAThroughputDropASlowdown() {
        double[] baseline = {1000, 1010, 990, 1005, 995, 1000};
        double[] candidate = {800, 808, 792, 804, 796, 800};
        ShiftComparison r = ShiftTest.compare(baseline, candidate, Direction.HIGHER_IS_BETTER,
                new Thresholds(0.10, 0.05, 0.05));
        assertEquals(1.25, r.ratio(), 1e-9, "oriented: 25 % slower");
        assertEquals(0.8, r.nativeRatio(), 1e-9, "native: throughput -20 %");
        assertEquals(0.8, r.medianRatio(), 1e-12);
        assertEquals(1.25, r.orientedMedianRatio(), 1e-12);
        assertTrue(r.nativeCiLower() <= r.nativeRatio() && r.nativeRatio() <= r.nativeCiUpper());
        assertEquals(1 / r.ciUpper(), r.nativeCiLower(), 1e-15);
        assertTrue(r.pSlower() < 0.01);
        assertEquals(1.0, r.pFaster(), 0);
    }

    @Test
    void aDifferenceExactlyAtTheShiftIsNotCountedAsSlower() {
        // 105 against 100 is exactly the 5 % minimum effect: not "more than 5 % slower"
        double[] baseline = {100, 100, 100, 100, 100};
        double[] candidate = {105, 105, 105, 105, 105};
        ShiftComparison r = ShiftTest.compare(baseline, candidate, Direction.LOWER_IS_BETTER,
                new Thresholds(0.10, 0.05, 0.05));
        assertEquals(1.0, r.pSlower(), 0);
        assertEquals(25, r.tiedPairs());
        assertEquals(1.0 / 252, r.pSlowerThanBaseline(), 1e-15);
    }

    @Test
    void rejectsValuesWhoseLogarithmIsUndefined() {
        Thresholds t = new Thresholds(0.10, 0.05, 0.05);
        double[] good = {1, 2, 3, 4, 5};
        IllegalArgumentException zero = assertThrows(IllegalArgumentException.class,
                () -> ShiftTest.compare(good, new double[] {1, 2, 0, 4, 5}, Direction.LOWER_IS_BETTER, t));
        assertEquals("the candidate value of fork 3 is 0.0, but a time, rate or size must be finite and positive "
                + "(its logarithm is taken)", zero.getMessage());
        IllegalArgumentException nan = assertThrows(IllegalArgumentException.class,
                () -> ShiftTest.compare(new double[] {Double.NaN}, good, Direction.LOWER_IS_BETTER, t));
        assertTrue(nan.getMessage().startsWith("the baseline value of fork 1 is NaN"), nan.getMessage());
        assertThrows(IllegalArgumentException.class,
                () -> ShiftTest.compare(good, new double[] {-1}, Direction.HIGHER_IS_BETTER, t));
        assertThrows(IllegalArgumentException.class,
                () -> ShiftTest.compare(good, new double[] {Double.POSITIVE_INFINITY}, Direction.LOWER_IS_BETTER, t));
        IllegalArgumentException empty = assertThrows(IllegalArgumentException.class,
                () -> ShiftTest.compare(new double[0], good, Direction.LOWER_IS_BETTER, t));
        assertEquals("the baseline has no forks to compare", empty.getMessage());
    }

    @Test
    void inputsAreCopied() {
        double[] baseline = {1, 2, 3, 4, 5};
        ShiftComparison r = ShiftTest.compare(baseline, baseline.clone(), Direction.LOWER_IS_BETTER,
                new Thresholds(0.10, 0.05, 0.05));
        baseline[0] = 1000;
        assertEquals(3, r.baselineMedian(), 0);
        r.baselineValues()[2] = 99;
        assertEquals(3, r.baselineMedian(), 0);
    }

    @Test
    void exactDistributionMatchesKnownSmallTables() {
        // 3 vs 3: U uniform over the 20 arrangements, P(U <= 0) = 1/20, P(U <= 1) = 2/20, P(U <= 2) = 4/20
        MannWhitneyDistribution d = MannWhitneyDistribution.of(3, 3);
        assertEquals(0.05, d.cdf(0), 0);
        assertEquals(0.10, d.cdf(1), 1e-15);
        assertEquals(0.20, d.cdf(2), 1e-15);
        assertEquals(1, d.cdf(9), 0);
        assertEquals(1, d.criticalCount(0.05));
        assertEquals(0, d.criticalCount(0.049));
        // 10 vs 10: 1 / C(20, 10)
        assertEquals(1.0 / 184756, MannWhitneyDistribution.of(10, 10).smallestPValue(), 1e-20);
        assertEquals(MannWhitneyDistribution.of(4, 9).cdf(11), MannWhitneyDistribution.of(9, 4).cdf(11), 0);
    }

    static double[] sample(SplittableRandom random, int count, double median, double sd, boolean grid) {
        double[] values = new double[count];
        for (int i = 0; i < count; i++) {
            double v = median * Math.exp(sd * gaussian(random));
            values[i] = grid ? Math.max(1, Math.round(v / 2) * 2) : v;
        }
        return values;
    }

    static double gaussian(SplittableRandom random) {
        double u1 = random.nextDouble();
        double u2 = random.nextDouble();
        return Math.sqrt(-2 * Math.log1p(-u1)) * Math.cos(2 * Math.PI * u2);
    }

    static double[] orientedLogs(double[] values, Direction direction) {
        double[] logs = new double[values.length];
        for (int i = 0; i < logs.length; i++) {
            logs[i] = (direction == Direction.HIGHER_IS_BETTER ? -1 : 1) * Math.log(values[i]);
        }
        return logs;
    }

    static void assertRelative(double expected, double actual, double tolerance, String what) {
        if (expected == actual) {
            return;
        }
        double scale = Math.max(Math.abs(expected), 1e-300);
        assertTrue(Math.abs(expected - actual) <= tolerance * scale,
                () -> what + ": expected " + expected + " but was " + actual);
    }
}
