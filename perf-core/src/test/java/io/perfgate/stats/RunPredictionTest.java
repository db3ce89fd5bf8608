package io.perfgate.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The rule of the check against the history: one run against the spread of the runs before it. The figures users
 * rely on: a runner that is slower than the last few, within what the history has seen, is not a FAIL; a change
 * beyond the spread and the limit is.
 */
class RunPredictionTest {
    private static final Thresholds MEDIAN = new Thresholds(0.10, 0.05, 0.05);
    /** Ten past runs within +-4 %, log standard deviation 2.6 %. */
    private static final double[] STEADY = {100, 104, 97, 101, 99, 103, 98, 102, 100, 96};

    /**
     * Golden values from SciPy 1.17.1 (and mpmath 1.3 at 30 digits, which agrees to 1e-15):
     * <pre>
     * y = np.log([100, 104, 97, 101, 99, 103, 98, 102, 100, 96]); K = 10
     * se = y.std(ddof=1) * np.sqrt(1 + 1/K); d = np.log(120) - y.mean()
     * stats.t.ppf(0.95, 9)                        1.833112932656237
     * stats.t.ppf(0.975, 9)                       2.262157162798205
     * stats.t.ppf(0.95, 4)                        2.1318467863266495
     * stats.t.sf((d - np.log(1.05)) / se, 9)      0.0004012546635221371   (pSlower)
     * stats.t.sf(d / se, 9)                       4.227187781877077e-05   (pSlowerThanHistory)
     * np.exp(d - stats.t.ppf(0.95, 9) * se)       1.1422016315050174      (lower bound at 0.05)
     * </pre>
     */
    @Test
    void agreesWithScipy() {
        RunPrediction r = RunPrediction.of(STEADY, 120, Direction.LOWER_IS_BETTER, MEDIAN);

        assertEquals(10, r.runs());
        assertEquals(1.20036026666502488, r.ratio(), 1e-12);
        assertEquals(0.0004012546635221371, r.pSlower(), 1e-12);
        assertEquals(4.227187781877077e-05, r.pSlowerThanHistory(), 1e-14);
        assertEquals(1.1422016315050174, r.lowerBound(0.05), 1e-12);
        double se = 0.0270927543178431946;
        assertEquals(1.833112932656237 * se, r.halfWidth(0.05), 1e-12);
        assertEquals(2.262157162798205 * se, r.halfWidth(0.025), 1e-12);
        assertEquals(1.12900155864154018, r.ciLower(), 1e-12);
        assertEquals(1.27622921222698377, r.ciUpper(), 1e-12);
        double[] five = {100, 104, 97, 101, 99};
        RunPrediction k5 = RunPrediction.of(five, 100, Direction.LOWER_IS_BETTER, MEDIAN);
        double sd5 = k5.betweenRunSd();
        assertEquals(2.1318467863266495 * sd5 * Math.sqrt(1.2), k5.halfWidth(0.05), 1e-12);
    }

    /** Runs that drift +-15 % from one to the next, and a run 13 % slower than their mean: inside the spread. */
    @Test
    void aSlowerRunnerWithinTheHistorysSpreadDoesNotFail() {
        double[] drifting = {85, 115, 92, 108, 88, 112, 95, 105, 90, 110};
        double mean = RunPrediction.of(drifting, 100, Direction.LOWER_IS_BETTER, MEDIAN).historyMean();
        RunPrediction r = RunPrediction.of(drifting, mean * 1.13, Direction.LOWER_IS_BETTER, MEDIAN);

        RunPrediction.Decided d = r.decide(0.05);
        assertNotEquals(Verdict.FAIL, d.verdict(), d.toString());
        assertEquals(Verdict.WARN, d.verdict(), "above the limit, but the history has seen as much");
        assertTrue(d.reason().startsWith("+13.0 % ["), d.reason());
        assertTrue(d.reason().contains("is above the 10 % limit but within the spread of the past runs: a FAIL"
                + " needs it beyond the history's 95 % prediction bound +"), d.reason());
        assertTrue(d.reason().contains("(p = 0.27, 10 runs, between-run noise 11.9 %)"), d.reason());
        // what such a history can catch at all: a slowdown well beyond the promised 1.5 x T_fail
        assertTrue(r.detectable(0.05, 0.8) > 1.25, "detectable " + r.detectable(0.05, 0.8));
    }

    /** Runs within 1 %, and a run 20 % slower: beyond the spread and the limit. */
    @Test
    void aSlowdownBeyondATightHistoryFails() {
        double[] tight = {100, 101, 99.5, 100.5, 99, 100.2, 100.8, 99.4, 100.1, 99.9};
        RunPrediction r = RunPrediction.of(tight, 120, Direction.LOWER_IS_BETTER, MEDIAN);

        RunPrediction.Decided d = r.decide(0.05);
        assertEquals(Verdict.FAIL, d.verdict(), d.toString());
        assertTrue(d.reason().startsWith("+20.0 % [+"), d.reason());
        assertTrue(d.reason().contains(" is above the 10 % limit and beyond the history's 95 % prediction bound +"),
                d.reason());
        assertTrue(d.reason().contains("(p < 0.0001, 10 runs, between-run noise 0.6 %)"), d.reason());
        assertTrue(r.detectable(0.05, 0.8) < 1.15, "a tight history catches 1.5 x T_fail");
    }

    /** A throughput is oriented as 1 / score: a 20 % drop is a slowdown, and 20 % more is an improvement. */
    @Test
    void throughputIsJudgedInItsOwnDirection() {
        double[] scores = {1000, 1010, 995, 1005, 990, 1002, 1008, 994, 1001, 999};
        RunPrediction slower = RunPrediction.of(scores, 800, Direction.HIGHER_IS_BETTER, MEDIAN);
        RunPrediction.Decided d = slower.decide(0.05);
        assertEquals(Verdict.FAIL, d.verdict(), d.toString());
        assertTrue(d.reason().startsWith("-20.0 % ["), d.reason());
        assertTrue(d.reason().contains(", a 25.0 % slowdown, is above the 10 % limit"), d.reason());
        assertEquals(Verdict.IMPROVED, RunPrediction.of(scores, 1250, Direction.HIGHER_IS_BETTER, MEDIAN)
                .decide(0.05).verdict());
        assertEquals(Verdict.IMPROVED, RunPrediction.of(STEADY, 80, Direction.LOWER_IS_BETTER, MEDIAN)
                .decide(0.05).verdict());
    }

    /** As for the fork-level test: p <= a exactly when the lower bound clears 1 + T_min, at every level. */
    @Test
    void pValueAndBoundAgree() {
        Random random = new Random(7);
        for (int trial = 0; trial < 2000; trial++) {
            int k = 5 + random.nextInt(16);
            double[] past = new double[k];
            for (int i = 0; i < k; i++) {
                past[i] = 100 * Math.exp(0.05 * random.nextGaussian());
            }
            RunPrediction r = RunPrediction.of(past, 100 * Math.exp(0.2 * random.nextGaussian()),
                    Direction.LOWER_IS_BETTER, MEDIAN);
            for (double a : new double[] {0.001, 0.01, 0.05, 0.1}) {
                double margin = Math.log(r.lowerBound(a)) - Math.log1p(MEDIAN.minEffect());
                if (Math.abs(margin) > 1e-9) {
                    assertEquals(margin > 0, r.pSlower() <= a, "trial " + trial + " at " + a);
                }
            }
        }
    }

    /** Unchanged code fails about alpha of the time, not more: the bound is a prediction bound, not a mean's. */
    @Test
    void unchangedCodeRarelyFails() {
        Random random = new Random(11);
        int beyond = 0;
        int trials = 20_000;
        for (int trial = 0; trial < trials; trial++) {
            double[] past = new double[10];
            for (int i = 0; i < past.length; i++) {
                past[i] = Math.exp(0.1 * random.nextGaussian());
            }
            RunPrediction r = RunPrediction.of(past, Math.exp(0.1 * random.nextGaussian()), Direction.LOWER_IS_BETTER,
                    MEDIAN);
            if (r.pSlowerThanHistory() <= 0.05) {
                beyond++;
            }
        }
        // exactly 5 % under the model; +-0.5 % is over 3 standard errors
        assertEquals(0.05, beyond / (double) trials, 0.005);
    }

    /** Identical past runs have no spread: any change beyond T_min is beyond it. */
    @Test
    void identicalRunsHaveNoSpread() {
        double[] same = {100, 100, 100, 100, 100};
        assertEquals(Verdict.FAIL, RunPrediction.of(same, 112, Direction.LOWER_IS_BETTER, MEDIAN).decide(0.05)
                .verdict());
        RunPrediction.Decided pass = RunPrediction.of(same, 101, Direction.LOWER_IS_BETTER, MEDIAN).decide(0.05);
        assertEquals(Verdict.WARN, pass.verdict(), "a real slowdown below the limit: " + pass);
        assertTrue(RunPrediction.of(same, 100, Direction.LOWER_IS_BETTER, MEDIAN).decide(0.05).confident());
    }

    @Test
    void refusesWhatItCannotJudge() {
        assertThrows(IllegalArgumentException.class,
                () -> RunPrediction.of(new double[] {100}, 100, Direction.LOWER_IS_BETTER, MEDIAN));
        assertThrows(IllegalArgumentException.class,
                () -> RunPrediction.of(new double[] {100, 0}, 100, Direction.LOWER_IS_BETTER, MEDIAN));
        assertThrows(IllegalArgumentException.class,
                () -> RunPrediction.of(STEADY, 100, Direction.LOWER_IS_BETTER, MEDIAN).decide(0));
    }
}
