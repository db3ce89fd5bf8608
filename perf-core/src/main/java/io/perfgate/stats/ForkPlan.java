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
    private final int low;
    private final int high;
    /** The floor asked for ({@link #MIN_ITERATIONS} for JMH); {@code low} is less only where the cap is. */
    private final int floor;
    /** The length the closed form gave (rounded, bounded), where whole forks made another one cheaper. */
    private final int closedForm;
    private final Terms terms;

    private ForkPlan(Noise noise, int forks, int iterations, double optimum, double forkSeconds,
            double iterationSeconds, double target, int low, int high, int floor, int closedForm, Terms terms) {
        this.floor = floor;
        this.closedForm = closedForm;
        this.low = low;
        this.high = high;
        this.terms = terms;
        this.noise = noise;
        this.forks = forks;
        this.iterations = iterations;
        this.optimum = optimum;
        this.forkSeconds = forkSeconds;
        this.iterationSeconds = iterationSeconds;
        this.target = target;
    }

    /**
     * The words of a plan: a JMH benchmark's forks and measurement iterations, or a scenario's warm JVMs and warm runs
     * per JVM (the same two-level design: a JVM pays its start, set-up and warm-up runs once, then each run costs the
     * same), and why the bounds are where they are.
     */
    public static final class Terms {
        /** A JMH benchmark: forks of measurement iterations, bounded below by the steady-state test. */
        public static final Terms FORKS = new Terms("fork", "forks", "iteration", "iterations", "fork start",
                "for the steady-state test", "calibrated", "more, shorter forks", "full-length forks",
                "fewer, longer forks");
        /** A scenario: warm JVMs of warm runs, bounded below so that a JVM's median outvotes one odd run. */
        public static final Terms JVMS = new Terms("JVM", "JVMs", "run", "runs", "JVM start, set-up and warm-up",
                "so a JVM's median outvotes one odd run", "recorded", "more JVMs of fewer runs",
                "as many runs per JVM as recorded", "fewer JVMs of more runs");

        final String fork;
        final String forks;
        final String iteration;
        final String iterations;
        final String anIteration;
        final String forkCost;
        final String floorWhy;
        final String measured;
        final String shorter;
        final String same;
        final String longer;

        private Terms(String fork, String forks, String iteration, String iterations, String forkCost,
                String floorWhy, String measured, String shorter, String same, String longer) {
            this.fork = fork;
            this.forks = forks;
            this.iteration = iteration;
            this.iterations = iterations;
            this.anIteration = ("iteration".equals(iteration) ? "an " : "a ") + iteration;
            this.forkCost = forkCost;
            this.floorWhy = floorWhy;
            this.measured = measured;
            this.shorter = shorter;
            this.same = same;
            this.longer = longer;
        }
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
        return choose(noise, forkSeconds, iterationSeconds, thresholds, power, MIN_ITERATIONS,
                Math.min(maxIterations, noise.measuredIterations), Terms.FORKS, false);
    }

    /**
     * The same allocation between other bounds and in other words: a scenario's warm runs per JVM have their own
     * floor, and may go beyond the runs recorded (up to {@code maxIterations}) where the costs ask for longer JVMs.
     *
     * @param minIterations the fewest iterations (runs) per fork (JVM), unless {@code maxIterations} is fewer
     * @param maxIterations the most iterations per fork
     */
    public static ForkPlan choose(Noise noise, double forkSeconds, double iterationSeconds, Thresholds thresholds,
            double power, int minIterations, int maxIterations, Terms terms) {
        return choose(noise, forkSeconds, iterationSeconds, thresholds, power, minIterations, maxIterations, terms,
                true);
    }

    /**
     * @param wholeForks whether to try every length between the bounds for whole forks that cost less than the
     *     closed form's (a scenario's few, expensive JVMs make the steps of the count matter; the JMH plans keep the
     *     closed form their calibrations were stored with)
     */
    private static ForkPlan choose(Noise noise, double forkSeconds, double iterationSeconds, Thresholds thresholds,
            double power, int minIterations, int maxIterations, Terms terms, boolean wholeForks) {
        double optimum = optimalIterations(noise, forkSeconds, iterationSeconds);
        int high = maxIterations;
        // forks already shorter than the floor keep their length: the plan chooses their count only
        int low = Math.min(minIterations, high);
        int m = (int) Math.max(low, Math.min(high, Math.round(Math.min(optimum, Integer.MAX_VALUE))));
        double target = 1 + Power.SIZING_FACTOR * thresholds.fail();
        int n = forksAt(noise, m, target, thresholds, power);
        // at the floor of forks, a shorter fork that still reaches the target at that floor costs less
        while (n == DecisionRule.DEFAULT_MIN_FORKS && m > low
                && forksAt(noise, m - 1, target, thresholds, power) == DecisionRule.DEFAULT_MIN_FORKS) {
            m--;
        }
        // the closed form treats the forks as a continuous count; whole forks and the exact test's power steps can
        // make another length cheaper, so every length between the bounds is tried (at most a few dozen)
        int closedForm = m;
        if (wholeForks && n > 0) {
            double cost = n * (forkSeconds + m * iterationSeconds);
            for (int other = low; other <= high; other++) {
                // only the counts that would cost less are searched: the exact power of many forks is slow to find
                int affordable = (int) Math.min(MAX_FORKS, Math.ceil(cost / (forkSeconds + other * iterationSeconds)));
                if (other == m || affordable < DecisionRule.DEFAULT_MIN_FORKS) {
                    continue;
                }
                int forksThere = forksAt(noise, other, target, thresholds, power, affordable);
                double there = forksThere * (forkSeconds + other * iterationSeconds);
                if (forksThere > 0 && there < cost - 1e-9) {
                    cost = there;
                    m = other;
                    n = forksThere;
                }
            }
        }
        return new ForkPlan(noise, n, m, optimum, forkSeconds, iterationSeconds, target, low, high, minIterations,
                closedForm, terms);
    }

    /** Forks per side that reach the target at m iterations; 0 when more than {@link #MAX_FORKS} would be needed. */
    private static int forksAt(Noise noise, int m, double target, Thresholds thresholds, double power) {
        return forksAt(noise, m, target, thresholds, power, MAX_FORKS);
    }

    private static int forksAt(Noise noise, int m, double target, Thresholds thresholds, double power,
            int maxForks) {
        double cv = noise.forkValueCv(m);
        if (!(cv > 0)) {
            // no noise at all: the fewest forks the exact test judges
            return DecisionRule.DEFAULT_MIN_FORKS;
        }
        OptionalInt n = Power.forksNeeded(target, cv, thresholds, power, maxForks);
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
        Terms t = terms;
        String between = StatsText.noise(noise.betweenCv());
        String within = StatsText.noise(noise.withinCv());
        long rounded = Math.round(Math.min(optimum, Integer.MAX_VALUE));
        String shape;
        if (forks == DecisionRule.DEFAULT_MIN_FORKS && iterations < Math.min(rounded, high)) {
            return "between-" + t.fork + " noise " + between + " and within-" + t.fork + " " + within + " are low:"
                    + " the fewest " + t.forks + " the exact test judges reach " + StatsText.percentChange(target)
                    + " already at " + iterations + " " + t.iterations;
        }
        // which level dominates the fork values at the calibrated length; the costs then decide the length
        boolean betweenDominates = noise.betweenLogVariance >= MEDIAN_VARIANCE_FACTOR * noise.withinLogVariance
                / noise.measuredIterations;
        String relation = betweenDominates
                ? "between-" + t.fork + " noise " + between + " dominates within-" + t.fork + " " + within + " "
                        + t.anIteration
                : "within-" + t.fork + " noise " + within + " " + t.anIteration + " dominates between-" + t.fork
                        + " " + between;
        shape = relation + String.format(Locale.ROOT, ", %s %.1f s, %s %.1f s: ", t.forkCost, forkSeconds,
                t.iteration, iterationSeconds)
                + (iterations < noise.measuredIterations ? t.shorter
                        : iterations > noise.measuredIterations ? t.longer : t.same);
        String bound = "";
        if (iterations != closedForm) {
            bound = (Double.isInfinite(optimum) ? "; no between-" + t.fork + " noise left"
                    : String.format(Locale.ROOT, "; optimum %.1f %s", optimum, t.iterations))
                    + String.format(Locale.ROOT, ", but %d whole %s of %d cost less than those of %d", forks, t.forks,
                            iterations, closedForm);
        } else if (rounded < iterations) {
            bound = iterations == low && low == floor
                    ? String.format(Locale.ROOT, "; optimum %.1f %s, at least %d %s", optimum, t.iterations,
                            iterations, t.floorWhy)
                    : String.format(Locale.ROOT, "; optimum %.1f %s, the %s %d kept", optimum, t.iterations,
                            t.measured, iterations);
        } else if (rounded > iterations && iterations == high) {
            String cap = high == noise.measuredIterations ? "the " + t.measured + " " + iterations
                    : iterations + ", the most a plan gives";
            bound = Double.isInfinite(optimum)
                    ? "; no between-" + t.fork + " noise left, capped at " + (high == noise.measuredIterations
                            ? "the " + t.measured + " length" : cap)
                    : String.format(Locale.ROOT, "; optimum %.1f %s, capped at %s", optimum, t.iterations, cap);
        }
        return shape + bound + (reachable() ? "" : "; even " + MAX_FORKS + " " + t.forks + " a side cannot catch "
                + StatsText.percentChange(target) + " with " + String.format(Locale.ROOT, "%.0f %%",
                        100 * Power.DEFAULT_POWER) + " power");
    }

    /**
     * The plan as a log line against the fixed defaults: {@code 6 forks x 6 iterations (reason); about 31 s a side
     * against 88 s at 10 x 10}.
     */
    public String describe(int defaultForks, int defaultIterations) {
        return line(terms, forks, iterations, reason(), secondsAt(defaultForks, defaultIterations), seconds(),
                defaultForks, defaultIterations);
    }

    /**
     * The one wording of a plan (also of a stored one): forks x iterations, why, and its time per side against the
     * fixed {@code fixedForks} x {@code fixedIterations}; a plan with no forks keeps the fixed settings.
     */
    public static String line(int forks, int iterations, String reason, double fixedSeconds, double seconds,
            int fixedForks, int fixedIterations) {
        return line(Terms.FORKS, forks, iterations, reason, fixedSeconds, seconds, fixedForks, fixedIterations);
    }

    /** {@link #line(int, int, String, double, double, int, int)} in the words of {@code terms}, e.g. JVMs x runs. */
    public static String line(Terms terms, int forks, int iterations, String reason, double fixedSeconds,
            double seconds, int fixedForks, int fixedIterations) {
        if (forks <= 0) {
            return String.format(Locale.ROOT, "no plan (%s); %d %s x %d %s as now, about %.0f s a side", reason,
                    fixedForks, fixedForks == 1 ? terms.fork : terms.forks, fixedIterations,
                    fixedIterations == 1 ? terms.iteration : terms.iterations, fixedSeconds);
        }
        return String.format(Locale.ROOT, "%d %s x %d %s (%s); about %.0f s a side against %.0f s at %d x %d", forks,
                terms.forks, iterations, terms.iterations, reason, seconds, fixedSeconds, fixedForks,
                fixedIterations);
    }
}
