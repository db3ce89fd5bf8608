package io.perfgate.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.perfgate.stats.SteadyState.Assessment;
import io.perfgate.stats.SteadyState.Status;
import io.perfgate.stats.SteadyState.Trend;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class SteadyStateTest {

    @Test
    void kendallTauMatchesScipy() {
        int checked = 0;
        for (JsonNode c : ReferenceData.root().get("trend")) {
            double[] values = ReferenceData.doubles(c.get("values"));
            Trend t = SteadyState.trend(values, 0.5);
            String what = c.get("name").asText();
            assertEquals(c.get("method").asText().equals("exact") ? "exact" : "normal approximation", t.method(), what);
            assertEquals(c.get("tau").asDouble(), t.tau(), 1e-12, what);
            ShiftTestTest.assertRelative(c.get("p").asDouble(), t.pValue(), 1e-9, what + " p");
            checked++;
        }
        assertEquals(27, checked);
    }

    @Test
    void warmingForkTrends() {
        double[] warming = {130, 121, 115, 110, 107, 105, 104, 103, 102.5, 102};
        Trend t = SteadyState.trend(warming);
        assertEquals(Status.TRENDING, t.status());
        assertTrue(t.isTrending());
        assertEquals(-1, t.tau(), 0);
        assertEquals(2.0 / 3628800, t.pValue(), 1e-15);
        assertEquals("Kendall tau -1.00 over 10 iterations, p < 0.0001 (exact): the fork did not reach a steady state",
                t.description());
    }

    @Test
    void steadyForkIsStable() {
        Trend t = SteadyState.trend(new double[] {100, 102, 99, 101, 100.5, 98.7, 101.3, 99.9, 100.2, 100.8});
        assertEquals(Status.STABLE, t.status());
        assertTrue(t.pValue() > 0.01);
    }

    @Test
    void fiveIterationsCannotShowATrendAtOnePercent() {
        Trend t = SteadyState.trend(new double[] {1, 2, 3, 4, 5});
        assertEquals(Status.UNTESTABLE, t.status());
        assertEquals("5 iterations cannot show a trend at p < 0.01 (even a monotone series gives p = 0.017);"
                + " use at least 6 measurement iterations", t.description());
        assertEquals(Status.TRENDING, SteadyState.trend(new double[] {1, 2, 3, 4, 5, 6}).status());
        Trend three = SteadyState.trend(new double[] {1, 2, 3});
        assertEquals(Status.UNTESTABLE, three.status());
        assertTrue(Double.isNaN(three.pValue()));
        assertEquals("3 iterations are too few for a trend test (at least 4 are needed)", three.description());
    }

    @Test
    void constantSeriesIsStable() {
        Trend t = SteadyState.trend(new double[] {5, 5, 5, 5, 5, 5, 5});
        assertEquals(Status.STABLE, t.status());
        assertEquals(1, t.pValue(), 0);
    }

    @Test
    void moreThanTwentyPercentTrendingForksIsInconclusive() {
        double[] steady = {100, 102, 99, 101, 100.5, 98.7, 101.3, 99.9, 100.2, 100.8};
        double[] warming = {130, 121, 115, 110, 107, 105, 104, 103, 102.5, 102};
        List<double[]> forks = new ArrayList<>(Arrays.asList(steady, steady, steady, steady, steady, steady, steady,
                steady, warming, warming));
        Assessment twoOfTen = SteadyState.assess(forks);
        assertEquals(2, twoOfTen.trendingForks());
        assertFalse(twoOfTen.isInconclusive(), "exactly 20 % is not more than 20 %");
        assertEquals("2 of 10 forks trend", twoOfTen.reason());
        forks.set(0, warming);
        Assessment threeOfTen = SteadyState.assess(forks);
        assertTrue(threeOfTen.isInconclusive());
        assertEquals("3 of 10 forks trend across their measurement iterations (more than 20 %): not in a steady state;"
                + " add warmup iterations", threeOfTen.reason());
    }

    @Test
    void untestableForksAreSaidSo() {
        List<double[]> forks = Arrays.asList(new double[] {1, 2, 3, 4, 5}, new double[] {5, 4, 3, 2, 1});
        Assessment a = SteadyState.assess(forks);
        assertFalse(a.isInconclusive());
        assertEquals(2, a.untestableForks());
        assertTrue(a.reason().startsWith("steady state not checked: 5 iterations cannot show a trend"), a.reason());
    }

    @Test
    void rejectsNonFiniteIterations() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> SteadyState.trend(new double[] {1, 2, Double.NaN, 4}));
        assertEquals("iteration 3 is NaN, not a finite number", e.getMessage());
    }
}
