package io.perfgate.stats;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.SplittableRandom;
import org.apache.commons.statistics.distribution.NormalDistribution;

/**
 * How large a slowdown the decision rule detects, and how many forks it takes: the sizing behind
 * {@code perf:calibrate}.
 *
 * <p>Model: log fork summaries are normal with standard deviation sigma = sqrt(log(1 + CV^2)) on both sides and
 * the candidate is shifted by delta = log(true ratio). The rule FAILs when log R + delta &gt;= log(1 + T_fail)
 * and log L + delta &gt; log(1 + T_min), where R and L are the Hodges-Lehmann estimate and the lower bound at
 * the rule's FAIL level ({@link DecisionRule#failLevel}) computed from the unshifted noise. So each simulated
 * noise draw i has a smallest shift that fails it, delta_i = max(log(1 + T_fail) - log R_i,
 * log(1 + T_min) - log L_i), and
 * <pre>
 *   P(FAIL | delta) = fraction of draws with delta_i &lt; delta
 *   detectable ratio at power P = exp(P-quantile of delta_i)
 * </pre>
 * One set of {@value #TRIALS} draws (fixed seed, so results are reproducible) serves every delta: common random
 * numbers make the power curve monotone and the search exact for the simulated draws. This keeps the
 * discreteness of the exact bounds at few forks and the joint effect of the two conditions, which a normal
 * formula misses (it overstated power at 5 forks by 10 points).
 *
 * <p>Above {@value #SIMULATION_PAIR_LIMIT} pairs (n m) the large-sample formula is used instead: the estimate
 * has standard error se = sigma sqrt((1/n + 1/m) pi / 3) (the Hodges-Lehmann efficiency 3 / pi relative to
 * the mean under normality; Hollander and Wolfe ch. 4), the bound sits z se below it with z the normal
 * quantile of the exact critical count, and P(FAIL) = Phi((delta - max(log(1 + T_fail),
 * log(1 + T_min) + z se)) / se).
 *
 * <p>Any rule with a point threshold has about 50 % power at exactly 1 + T_fail, so the detectable slowdown is
 * always above T_fail. The CV is that of the fork summaries (between-fork spread plus what is left of the
 * within-fork noise after taking each fork's median), e.g. measured by A/A runs.
 */
public final class Power {
    /** The conventional 80 % power. */
    public static final double DEFAULT_POWER = 0.80;
    /**
     * The slowdown a comparison is sized to detect, as a multiple of T_fail: a point-threshold rule has about 50 %
     * power at T_fail itself, and reliable detection needs about 1.5 x T_fail at 10 forks (statistics.md
     * section 3). perf:calibrate sizes fork counts for it, and perf:compare's rounds follow it.
     */
    public static final double SIZING_FACTOR = 1.5;

    static final int TRIALS = 4000;
    static final long SIMULATION_PAIR_LIMIT = 900;
    private static final long SEED = 0x5EED_CAFEL;
    private static final NormalDistribution STANDARD_NORMAL = NormalDistribution.of(0, 1);

    private Power() {
    }

    /**
     * The smallest true slowdown ratio (e.g. 1.18 for 18 %) that the rule reports as FAIL with the given
     * probability; +infinity when these fork counts cannot fail at all.
     *
     * @param baselineForks m
     * @param candidateForks n
     * @param forkCv coefficient of variation of the fork summaries, e.g. 0.03 for 3 %
     * @param thresholds T_fail, T_min and alpha
     * @param power the wanted probability of FAIL, in (0.5, 1)
     */
    public static double detectableSlowdown(int baselineForks, int candidateForks, double forkCv,
            Thresholds thresholds, double power) {
        checkPower(power);
        double sigma = logSigma(forkCv);
        checkForks(baselineForks, candidateForks);
        if ((long) baselineForks * candidateForks > SIMULATION_PAIR_LIMIT) {
            double boundary = formulaBoundary(baselineForks, candidateForks, sigma, thresholds);
            return Math.exp(boundary + STANDARD_NORMAL.inverseCumulativeProbability(power)
                    * standardError(baselineForks, candidateForks, sigma));
        }
        double[] shifts = failingShifts(baselineForks, candidateForks, sigma, thresholds);
        if (shifts == null) {
            return Double.POSITIVE_INFINITY;
        }
        return Math.exp(Quantiles.percentileOfSorted(shifts, power));
    }

    /**
     * The coefficient of variation of fork summaries, pooled over the sides given: the standard deviation of the
     * log values around each side's own mean (so a shift between the sides is not counted as noise), turned
     * into a CV as sqrt(exp(s^2) - 1); NaN when no side has two values.
     */
    public static double forkCv(double[]... sides) {
        double sum = 0;
        int degreesOfFreedom = 0;
        for (double[] side : sides) {
            if (side.length < 2) {
                continue;
            }
            double mean = 0;
            for (double x : side) {
                mean += Math.log(x) / side.length;
            }
            for (double x : side) {
                sum += (Math.log(x) - mean) * (Math.log(x) - mean);
            }
            degreesOfFreedom += side.length - 1;
        }
        if (degreesOfFreedom == 0) {
            return Double.NaN;
        }
        return Math.sqrt(Math.expm1(sum / degreesOfFreedom));
    }

    /**
     * Two estimates of the same fork CV combined as one: their log-scale variances log(1 + CV^2) averaged with
     * their degrees of freedom as weights (the pooled variance of a one-way layout), turned back into a CV. An
     * estimate with no degrees of freedom, or that is not a finite positive number, adds nothing.
     *
     * @param cvA a CV, e.g. measured by {@code perf:calibrate} with {@code dfA} = 2 (forks per side - 1)
     * @param cvB another, e.g. {@link #forkCv} of the rounds so far with its {@code dfB}
     */
    public static double pooledCv(double cvA, int dfA, double cvB, int dfB) {
        boolean useA = dfA > 0 && cvA >= 0 && Double.isFinite(cvA);
        boolean useB = dfB > 0 && cvB >= 0 && Double.isFinite(cvB);
        if (!useA && !useB) {
            return Double.NaN;
        }
        double sum = (useA ? dfA * Math.log1p(cvA * cvA) : 0) + (useB ? dfB * Math.log1p(cvB * cvB) : 0);
        return Math.sqrt(Math.expm1(sum / ((useA ? dfA : 0) + (useB ? dfB : 0))));
    }

    /** The probability that the rule reports FAIL when the true slowdown ratio is {@code trueRatio}. */
    public static double failProbability(int baselineForks, int candidateForks, double forkCv, Thresholds thresholds,
            double trueRatio) {
        if (!(trueRatio > 0) || Double.isInfinite(trueRatio)) {
            throw new IllegalArgumentException("true ratio must be positive, was " + trueRatio);
        }
        double sigma = logSigma(forkCv);
        checkForks(baselineForks, candidateForks);
        double delta = Math.log(trueRatio);
        if ((long) baselineForks * candidateForks > SIMULATION_PAIR_LIMIT) {
            double boundary = formulaBoundary(baselineForks, candidateForks, sigma, thresholds);
            return STANDARD_NORMAL.cumulativeProbability((delta - boundary)
                    / standardError(baselineForks, candidateForks, sigma));
        }
        double[] shifts = failingShifts(baselineForks, candidateForks, sigma, thresholds);
        if (shifts == null) {
            return 0;
        }
        int failing = 0;
        while (failing < shifts.length && shifts[failing] < delta) {
            failing++;
        }
        return failing / (double) shifts.length;
    }

    /**
     * The fewest forks per side (equal sides, at least {@link DecisionRule#DEFAULT_MIN_FORKS}) with which the
     * rule detects a slowdown of {@code slowdownRatio} (e.g. 1.15) with the given probability, or empty when
     * even {@code maxForks} are not enough (always so when the ratio is not above 1 + T_fail).
     */
    public static OptionalInt forksNeeded(double slowdownRatio, double forkCv, Thresholds thresholds, double power,
            int maxForks) {
        checkPower(power);
        logSigma(forkCv);
        int low = DecisionRule.DEFAULT_MIN_FORKS;
        if (!(slowdownRatio > 1 + thresholds.fail()) || maxForks < low
                || detectableSlowdown(maxForks, maxForks, forkCv, thresholds, power) > slowdownRatio) {
            return OptionalInt.empty();
        }
        int high = maxForks;
        // the detectable slowdown shrinks as forks grow; find the first count that reaches the target
        while (low < high) {
            int mid = (low + high) >>> 1;
            if (detectableSlowdown(mid, mid, forkCv, thresholds, power) <= slowdownRatio) {
                high = mid;
            } else {
                low = mid + 1;
            }
        }
        return OptionalInt.of(low);
    }

    /** Sorted smallest failing log shifts of the simulated draws, or null when no bound exists at the level. */
    private static double[] failingShifts(int m, int n, double sigma, Thresholds thresholds) {
        double level = DecisionRule.failLevel(thresholds.alpha(), n, m, DecisionRule.DEFAULT_FULL_LEVEL_FORKS);
        int k = MannWhitneyDistribution.of(n, m).criticalCount(level);
        if (k == 0) {
            return null;
        }
        double logFail = Math.log1p(thresholds.fail());
        double logMin = Math.log1p(thresholds.minEffect());
        UnitDraws draws = unitDraws(m, n, k);
        double[] shifts = new double[TRIALS];
        for (int t = 0; t < TRIALS; t++) {
            shifts[t] = Math.max(logFail - sigma * draws.medianDifference[t], logMin - sigma * draws.kthDifference[t]);
        }
        Arrays.sort(shifts);
        return shifts;
    }

    /**
     * For each simulated trial at unit sigma, the Hodges-Lehmann estimate (median of the pairwise differences) and
     * the k-th smallest pairwise difference. Both scale with sigma, so one set of draws serves every CV: the stop
     * rule asks for the same fork counts round after round with a new CV each time, and drawing and sorting n * m
     * differences 4000 times per question was most of its cost.
     */
    private static final class UnitDraws {
        final double[] medianDifference = new double[TRIALS];
        final double[] kthDifference = new double[TRIALS];

        UnitDraws(int m, int n, int k) {
            SplittableRandom random = new SplittableRandom(SEED);
            double[] x = new double[n];
            double[] y = new double[m];
            double[] differences = new double[n * m];
            for (int t = 0; t < TRIALS; t++) {
                for (int i = 0; i < n; i++) {
                    x[i] = gaussian(random);
                }
                for (int j = 0; j < m; j++) {
                    y[j] = gaussian(random);
                }
                int index = 0;
                for (double xi : x) {
                    for (double yj : y) {
                        differences[index++] = xi - yj;
                    }
                }
                Arrays.sort(differences);
                medianDifference[t] = Quantiles.percentileOfSorted(differences, 0.5);
                kthDifference[t] = differences[k - 1];
            }
        }
    }

    /** Draws kept for the fork counts asked about most recently; at most 64 KB each. */
    private static final int CACHED_DRAWS = 64;
    private static final Map<List<Integer>, UnitDraws> DRAWS = new LinkedHashMap<List<Integer>, UnitDraws>(
            16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<List<Integer>, UnitDraws> eldest) {
            return size() > CACHED_DRAWS;
        }
    };

    private static UnitDraws unitDraws(int m, int n, int k) {
        List<Integer> key = List.of(m, n, k);
        synchronized (DRAWS) {
            UnitDraws cached = DRAWS.get(key);
            if (cached != null) {
                return cached;
            }
        }
        UnitDraws drawn = new UnitDraws(m, n, k);
        synchronized (DRAWS) {
            DRAWS.put(key, drawn);
        }
        return drawn;
    }

    private static double formulaBoundary(int m, int n, double sigma, Thresholds thresholds) {
        double level = DecisionRule.failLevel(thresholds.alpha(), n, m, DecisionRule.DEFAULT_FULL_LEVEL_FORKS);
        int k = MannWhitneyDistribution.of(n, m).criticalCount(level);
        double pairs = (double) n * m;
        double z = (pairs / 2 - k + 0.5) / Math.sqrt(pairs * (n + m + 1) / 12.0);
        return Math.max(Math.log1p(thresholds.fail()),
                Math.log1p(thresholds.minEffect()) + z * standardError(m, n, sigma));
    }

    static double standardError(int m, int n, double sigma) {
        return sigma * Math.sqrt((1.0 / n + 1.0 / m) * Math.PI / 3);
    }

    private static double logSigma(double forkCv) {
        if (!(forkCv > 0) || Double.isInfinite(forkCv)) {
            throw new IllegalArgumentException("fork CV must be a positive fraction, was " + forkCv);
        }
        return Math.sqrt(Math.log1p(forkCv * forkCv));
    }

    private static void checkForks(int m, int n) {
        if (m < 1 || n < 1) {
            throw new IllegalArgumentException("fork counts must be positive, were " + m + " and " + n);
        }
    }

    private static void checkPower(double power) {
        if (!(power > 0.5 && power < 1)) {
            throw new IllegalArgumentException("power must be in (0.5, 1), was " + power);
        }
    }

    private static double gaussian(SplittableRandom random) {
        double u1 = random.nextDouble();
        double u2 = random.nextDouble();
        return Math.sqrt(-2 * Math.log1p(-u1)) * Math.cos(2 * Math.PI * u2);
    }
}
