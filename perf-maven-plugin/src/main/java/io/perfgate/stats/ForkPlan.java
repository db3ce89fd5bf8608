package io.perfgate.stats;

import java.util.Locale;
import java.util.OptionalInt;

/**
 * Fork length and count from the noise: the measurement iterations per fork and the forks per side that reach the
 * sizing target ({@link Power#SIZING_FACTOR} x T_fail with {@link Power#DEFAULT_POWER} power) at the least machine
 * time, for a benchmark whose between-fork and within-fork noise {@code perf:calibrate} measured (statistics.md,
 * "Fork length and count from the noise").
 *
 * <p>Model, on the log scale: a fork's value (the median of its m iterations) varies as
 * {@code s_f^2(m) = s_b^2 + k s_w^2 / m}, with s_b^2 the between-fork component, s_w^2 the variance of one iteration
 * around its fork's level and k = pi / 2 (the median of m normal values has about pi / 2 times the variance of their
 * mean). A side of n forks costs {@code n (c_fork + m c_iter)}, with c_fork a fork's fixed cost (JVM start, set-up,
 * warm-up) and c_iter one measurement iteration. For a fixed precision s_f^2(m) / n the cost is least at
 * <pre>
 *   m* = sqrt((c_fork / c_iter) * k s_w^2 / s_b^2)
 * </pre>
 * the allocation of a two-level nested design (Kalibera and Jones 2013 derive it for repetition levels). m* is rounded
 * and bounded to [{@link #MIN_ITERATIONS}, the iterations the calibration measured], and the forks are then the fewest
 * with which {@link Power#forksNeeded} reaches the target at the fork-value noise s_f(m): the power is the rule's own,
 * with its exact test and its floor of 5 forks a side. When those forks are at the floor anyway, shorter forks cost
 * less at the same count, so m is lowered while the floor still reaches the target.
 */
public final class ForkPlan {
    /**
     * The fewest measurement iterations a planned fork has: the steady-state trend test (Kendall's tau at p &lt; 0.01)
     * cannot reject with 5 (a perfectly monotone series gives p = 2 / 120), so shorter forks would switch off a check
     * the gate runs on every default fork.
     */
    public static final int MIN_ITERATIONS = 6;
    /** Variance of the median of m normal values relative to that of their mean, for large m. */
    static final double MEDIAN_VARIANCE_FACTOR = Math.PI / 2;
    /** Forks per side searched for the target; beyond, the plan says the target is out of reach. */
    public static final int MAX_FORKS = 200;

    private final Noise noise;
    private final int forks;
    private final int iterations;
    private final double optimum;
    private final double forkSeconds;
    private final double iterationSeconds;
    private final double target;

    private ForkPlan(Noise noise, int forks, int iterations, double optimum, double forkSeconds,
            double iterationSeconds, double target) {
        this.noise = noise;
        this.forks = forks;
        this.iterations = iterations;
        this.optimum = optimum;
        this.forkSeconds = forkSeconds;
        this.iterationSeconds = iterationSeconds;
        this.target = target;
    }

    /**
     * A benchmark's noise split into its two levels, from what an A/A run measures: the CV of its fork values and
     * the mean CV of the iterations within a fork, at the iterations per fork it ran.
     */
    public static final class Noise {
        private final double betweenLogVariance;
        private final double withinLogVariance;
        private final int measuredIterations;

        private Noise(double betweenLogVariance, double withinLogVariance, int measuredIterations) {
            this.betweenLogVariance = betweenLogVariance;
            this.withinLogVariance = withinLogVariance;
            this.measuredIterations = measuredIterations;
        }

        /**
         * @param forkValueCv the CV of the fork values (what the gate tests), e.g. {@link Power#forkCv}
         * @param withinForkCv the CV of one iteration within its fork
         * @param measuredIterations the measurement iterations each fork ran
         * @throws IllegalArgumentException when a CV is negative or not finite, or there are fewer than 2 iterations
         */
        public static Noise measured(double forkValueCv, double withinForkCv, int measuredIterations) {
            if (!(forkValueCv >= 0) || !(withinForkCv >= 0) || Double.isInfinite(forkValueCv)
                    || Double.isInfinite(withinForkCv)) {
                throw new IllegalArgumentException("noise must be a CV of at least 0, was " + forkValueCv
                        + " between forks and " + withinForkCv + " within");
            }
            if (measuredIterations < 2) {
                throw new IllegalArgumentException("the within-fork noise needs at least 2 iterations per fork, was "
                        + measuredIterations);
            }
            double within = Math.log1p(withinForkCv * withinForkCv);
            // the fork values carry the within-fork noise of their m0 iterations; what is left is the forks' own
            double between = Math.max(0, Math.log1p(forkValueCv * forkValueCv)
                    - MEDIAN_VARIANCE_FACTOR * within / measuredIterations);
            return new Noise(between, within, measuredIterations);
        }

        /** The between-fork component as a CV (the spread forks would have with infinitely long measurement). */
        public double betweenCv() {
            return Math.sqrt(Math.expm1(betweenLogVariance));
        }

        /** One iteration's spread around its fork's level, as a CV. */
        public double withinCv() {
            return Math.sqrt(Math.expm1(withinLogVariance));
        }

        public int measuredIterations() {
            return measuredIterations;
        }

        /** The CV of a fork's value (the median of its iterations) at {@code m} iterations. */
        public double forkValueCv(int m) {
            return Math.sqrt(Math.expm1(betweenLogVariance + MEDIAN_VARIANCE_FACTOR * withinLogVariance / m));
        }
    }

    /**
     * The continuous cost optimum m* = sqrt((c_fork / c_iter) k s_w^2 / s_b^2), before rounding and bounds;
     * +infinity when the forks have no noise of their own (longer forks are then always cheaper).
     */
    public static double optimalIterations(Noise noise, double forkSeconds, double iterationSeconds) {
        checkCosts(forkSeconds, iterationSeconds);
        if (noise.betweenLogVariance == 0) {
            return noise.withinLogVariance == 0 ? 0 : Double.POSITIVE_INFINITY;
        }
        return Math.sqrt(forkSeconds / iterationSeconds * MEDIAN_VARIANCE_FACTOR * noise.withinLogVariance
                / noise.betweenLogVariance);
    }

    /**
     * The plan that reaches a slowdown of {@link Power#SIZING_FACTOR} x T_fail with {@code power} at the least time.
     *
     * @param forkSeconds a fork's fixed cost in seconds: JVM start, set-up and warm-up
     * @param iterationSeconds one measurement iteration, in seconds
     * @param maxIterations the most iterations per fork (at most the iterations the calibration measured: the model
     *     is not extrapolated beyond them)
     */
    public static ForkPlan choose(Noise noise, double forkSeconds, double iterationSeconds, Thresholds thresholds,
            double power, int maxIterations) {
        double optimum = optimalIterations(noise, forkSeconds, iterationSeconds);
        int high = Math.min(maxIterations, noise.measuredIterations);
        // forks already shorter than the floor keep their length: the plan chooses their count only
        int low = Math.min(MIN_ITERATIONS, high);
        int m = (int) Math.max(low, Math.min(high, Math.round(Math.min(optimum, Integer.MAX_VALUE))));
        double target = 1 + Power.SIZING_FACTOR * thresholds.fail();
        int n = forksAt(noise, m, target, thresholds, power);
        // at the floor of forks, a shorter fork that still reaches the target at that floor costs less
        while (n == DecisionRule.DEFAULT_MIN_FORKS && m > low
                && forksAt(noise, m - 1, target, thresholds, power) == DecisionRule.DEFAULT_MIN_FORKS) {
            m--;
        }
        return new ForkPlan(noise, n, m, optimum, forkSeconds, iterationSeconds, target);
    }

    /** Forks per side that reach the target at m iterations; 0 when more than {@link #MAX_FORKS} would be needed. */
    private static int forksAt(Noise noise, int m, double target, Thresholds thresholds, double power) {
        double cv = noise.forkValueCv(m);
        if (!(cv > 0)) {
            // no noise at all: the fewest forks the exact test judges
            return DecisionRule.DEFAULT_MIN_FORKS;
        }
        OptionalInt n = Power.forksNeeded(target, cv, thresholds, power, MAX_FORKS);
        return n.isPresent() ? n.getAsInt() : 0;
    }

    private static void checkCosts(double forkSeconds, double iterationSeconds) {
        if (!(forkSeconds > 0) || !(iterationSeconds > 0) || Double.isInfinite(forkSeconds)
                || Double.isInfinite(iterationSeconds)) {
            throw new IllegalArgumentException("fork and iteration costs must be positive seconds, were "
                    + forkSeconds + " and " + iterationSeconds);
        }
    }

    /** Forks per side; 0 when no count up to {@link #MAX_FORKS} reaches the target. */
    public int forks() {
        return forks;
    }

    /** Whether a fork count up to {@link #MAX_FORKS} reaches the target. */
    public boolean reachable() {
        return forks > 0;
    }

    /** Measurement iterations per fork. */
    public int iterations() {
        return iterations;
    }

    /** The continuous optimum m* the iterations were rounded and bounded from. */
    public double optimum() {
        return optimum;
    }

    public Noise noise() {
        return noise;
    }

    /** The slowdown ratio the plan is sized for, 1 + 1.5 x T_fail. */
    public double target() {
        return target;
    }

    /** A fork's fixed cost in seconds. */
    public double forkSeconds() {
        return forkSeconds;
    }

    public double iterationSeconds() {
        return iterationSeconds;
    }

    /** Machine time of one side under this plan, in seconds; NaN when the target is out of reach. */
    public double seconds() {
        return reachable() ? secondsAt(forks, iterations) : Double.NaN;
    }

    /** Machine time of one side of {@code n} forks of {@code m} iterations at this benchmark's costs. */
    public double secondsAt(int n, int m) {
        return n * (forkSeconds + m * iterationSeconds);
    }

    /**
     * Why, in a clause for the plan's log line: which noise dominates and what the bounds did, e.g. {@code
     * between-fork noise 3.1 % dominates within-fork 0.8 %: more, shorter forks}.
     */
    public String reason() {
        String between = StatsText.noise(noise.betweenCv());
        String within = StatsText.noise(noise.withinCv());
        long rounded = Math.round(Math.min(optimum, Integer.MAX_VALUE));
        String shape;
        if (forks == DecisionRule.DEFAULT_MIN_FORKS && iterations < Math.min(rounded, noise.measuredIterations)) {
            return "between-fork noise " + between + " and within-fork " + within + " are low: the fewest forks the"
                    + " exact test judges reach " + StatsText.percentChange(target) + " already at " + iterations
                    + " iterations";
        }
        // which level dominates the fork values at the calibrated length; the costs then decide the length
        boolean betweenDominates = noise.betweenLogVariance >= MEDIAN_VARIANCE_FACTOR * noise.withinLogVariance
                / noise.measuredIterations;
        String relation = betweenDominates
                ? "between-fork noise " + between + " dominates within-fork " + within + " an iteration"
                : "within-fork noise " + within + " an iteration dominates between-fork " + between;
        shape = relation + String.format(Locale.ROOT, ", fork start %.1f s, iteration %.1f s: ", forkSeconds,
                iterationSeconds)
                + (iterations < noise.measuredIterations ? "more, shorter forks" : "full-length forks");
        String bound = "";
        if (rounded < iterations) {
            bound = iterations >= MIN_ITERATIONS
                    ? String.format(Locale.ROOT, "; optimum %.1f iterations, at least %d for the steady-state test",
                            optimum, iterations)
                    : String.format(Locale.ROOT, "; optimum %.1f iterations, the calibrated %d kept", optimum,
                            iterations);
        } else if (rounded > iterations && iterations == noise.measuredIterations) {
            bound = Double.isInfinite(optimum) ? "; no between-fork noise left, capped at the calibrated length"
                    : String.format(Locale.ROOT, "; optimum %.1f iterations, capped at the calibrated %d", optimum,
                            iterations);
        }
        return shape + bound + (reachable() ? "" : "; even " + MAX_FORKS + " forks a side cannot catch "
                + StatsText.percentChange(target) + " with " + String.format(Locale.ROOT, "%.0f %%",
                        100 * Power.DEFAULT_POWER) + " power");
    }

    /**
     * The plan as a log line against the fixed defaults: {@code 6 forks x 6 iterations (reason); about 31 s a side
     * against 88 s at 10 x 10}.
     */
    public String describe(int defaultForks, int defaultIterations) {
        return line(forks, iterations, reason(), secondsAt(defaultForks, defaultIterations), seconds(), defaultForks,
                defaultIterations);
    }

    /**
     * The one wording of a plan (also of a stored one): forks x iterations, why, and its time per side against the
     * fixed {@code fixedForks} x {@code fixedIterations}; a plan with no forks keeps the fixed settings.
     */
    public static String line(int forks, int iterations, String reason, double fixedSeconds, double seconds,
            int fixedForks, int fixedIterations) {
        if (forks <= 0) {
            return String.format(Locale.ROOT, "no plan (%s); %d forks x %d iterations as now, about %.0f s a side",
                    reason, fixedForks, fixedIterations, fixedSeconds);
        }
        return String.format(Locale.ROOT, "%d forks x %d iterations (%s); about %.0f s a side against %.0f s at %d x"
                + " %d", forks, iterations, reason, seconds, fixedSeconds, fixedForks, fixedIterations);
    }
}
