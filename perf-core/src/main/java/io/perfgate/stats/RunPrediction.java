package io.perfgate.stats;

import java.util.Locale;
import java.util.Objects;
import org.apache.commons.statistics.distribution.NormalDistribution;
import org.apache.commons.statistics.distribution.TDistribution;

/**
 * One run judged against the runs before it (statistics.md, "Checking against the history"): each past run is one
 * observation, its value the median over its forks, and the current run is one more. On the log scale, oriented so
 * that larger is slower, with y_1..y_K the past runs, ybar their mean, s their standard deviation and x the current
 * run, a new run of unchanged code lies beyond ybar + t(K - 1, 1 - a) s sqrt(1 + 1/K) with probability a (the
 * Student t prediction interval for one new observation). s holds every noise there is between runs (runners,
 * days, JIT luck, and the forks' own noise), so a runner that is slower than the last one is not a regression while
 * a change beyond the spread still is.
 *
 * <p>The rule reads like the fork-level one ({@link DecisionRule}), with the prediction bound in place of the
 * Mann-Whitney bound. With d = x - ybar, R = exp(d), h = t(K - 1, 1 - a) s sqrt(1 + 1/K):
 * <table>
 * <caption>Verdicts, checked in this order</caption>
 * <tr><th>verdict</th><th>condition</th></tr>
 * <tr><td>FAIL</td><td>R &gt;= 1 + T_fail and d - h &gt; log(1 + T_min) (equivalently pSlower &lt;= a)</td></tr>
 * <tr><td>IMPROVED</td><td>the mirror</td></tr>
 * <tr><td>WARN</td><td>R &gt;= 1 + T_fail but within the spread, or beyond the bound of no change but below the
 * limit</td></tr>
 * <tr><td>PASS</td><td>otherwise; confident when d + h &lt; log(1 + T_fail)</td></tr>
 * </table>
 * The values are checked against SciPy in {@code RunPredictionTest}.
 */
public final class RunPrediction {
    /** The fewest past runs the rule judges against: t(3, 0.95) is 2.35, t(4, 0.95) 2.13, t(9, 0.95) 1.83. */
    public static final int MIN_RUNS = 5;

    /** The two-sided confidence of the interval shown in brackets, as for the fork-level test. */
    private static final double SHOWN_CONFIDENCE = 0.95;

    private final double[] past;
    private final double current;
    private final Direction direction;
    private final Thresholds thresholds;
    private final double mean;
    private final double sd;
    private final double predictionSe;
    private final TDistribution t;

    private RunPrediction(double[] past, double current, Direction direction, Thresholds thresholds) {
        this.past = past;
        this.current = current;
        this.direction = direction;
        this.thresholds = thresholds;
        double sum = 0;
        for (double y : past) {
            sum += y;
        }
        mean = sum / past.length;
        double squares = 0;
        for (double y : past) {
            squares += (y - mean) * (y - mean);
        }
        sd = Math.sqrt(squares / (past.length - 1));
        predictionSe = sd * Math.sqrt(1 + 1.0 / past.length);
        t = TDistribution.of(past.length - 1);
    }

    /**
     * @param pastRuns each past run's value in the metric's own unit (the median over its forks); at least 2 for a
     *        spread, and callers judge only with {@link #MIN_RUNS} or more
     * @param currentRun the current run's value, the same summary of its forks
     * @param direction which way is better: a throughput is oriented as 1 / score
     */
    public static RunPrediction of(double[] pastRuns, double currentRun, Direction direction, Thresholds thresholds) {
        Objects.requireNonNull(direction, "direction");
        Objects.requireNonNull(thresholds, "thresholds");
        if (pastRuns.length < 2) {
            throw new IllegalArgumentException("a spread needs at least 2 past runs, got " + pastRuns.length);
        }
        double[] logs = new double[pastRuns.length];
        for (int i = 0; i < logs.length; i++) {
            logs[i] = oriented(pastRuns[i], direction);
        }
        return new RunPrediction(logs, oriented(currentRun, direction), direction, thresholds);
    }

    private static double oriented(double value, Direction direction) {
        if (!(value > 0) || !Double.isFinite(value)) {
            throw new IllegalArgumentException("run values must be finite and above 0, got " + value);
        }
        double log = Math.log(value);
        return direction == Direction.HIGHER_IS_BETTER ? -log : log;
    }

    /** K, the past runs. */
    public int runs() {
        return past.length;
    }

    public Thresholds thresholds() {
        return thresholds;
    }

    public Direction direction() {
        return direction;
    }

    /** log R: the current run's distance from the mean of the past runs, oriented (above 0 is slower). */
    public double logRatio() {
        return current - mean;
    }

    /** R, oriented: above 1 is slower. */
    public double ratio() {
        return Math.exp(logRatio());
    }

    /** The standard deviation of the past runs' logs: their between-run noise, about a CV for small values. */
    public double betweenRunSd() {
        return sd;
    }

    /** The half width h of the one-sided (1 - level) prediction bound, on the log scale. */
    public double halfWidth(double level) {
        return predictionSe == 0 ? 0 : t.inverseCumulativeProbability(1 - level) * predictionSe;
    }

    /** The one-sided (1 - level) lower bound of R: R over the prediction bound's distance. */
    public double lowerBound(double level) {
        return Math.exp(logRatio() - halfWidth(level));
    }

    /** The one-sided (1 - level) upper bound of R. */
    public double upperBound(double level) {
        return Math.exp(logRatio() + halfWidth(level));
    }

    /** The two-sided 95 % interval of R, low end; shown in brackets like the fork-level test's. */
    public double ciLower() {
        return lowerBound((1 - SHOWN_CONFIDENCE) / 2);
    }

    public double ciUpper() {
        return upperBound((1 - SHOWN_CONFIDENCE) / 2);
    }

    /** The prediction bound for a run of unchanged code, as a ratio to the mean of the past runs (oriented). */
    public double predictionBound(double level) {
        return Math.exp(halfWidth(level));
    }

    /** The past runs' geometric mean in the metric's own unit (for a throughput, a score). */
    public double historyMean() {
        return toNativeValue(mean);
    }

    /** The current run's value in the metric's own unit. */
    public double currentValue() {
        return toNativeValue(current);
    }

    /** The prediction interval of a run of unchanged code at one-sided {@code level}, low value first, own unit. */
    public double[] predictionInterval(double level) {
        double a = toNativeValue(mean - halfWidth(level));
        double b = toNativeValue(mean + halfWidth(level));
        return new double[] {Math.min(a, b), Math.max(a, b)};
    }

    private double toNativeValue(double orientedLog) {
        return Math.exp(direction == Direction.HIGHER_IS_BETTER ? -orientedLog : orientedLog);
    }

    /** An oriented ratio in the metric's own direction: 1.25 slower is 0.8 for a throughput. */
    public double toNative(double orientedRatio) {
        return direction == Direction.HIGHER_IS_BETTER ? 1 / orientedRatio : orientedRatio;
    }

    /**
     * p of "the current run is slower than the history by more than T_min": p &lt;= a exactly when
     * d - h &gt; log(1 + T_min).
     */
    public double pSlower() {
        return upperTail(logRatio() - Math.log1p(thresholds.minEffect()));
    }

    /** The mirror: p of "faster by more than T_min". */
    public double pFaster() {
        return upperTail(-logRatio() - Math.log1p(thresholds.minEffect()));
    }

    /** p of "slower than the history at all" (no T_min): a real slowdown below the limit. */
    public double pSlowerThanHistory() {
        return upperTail(logRatio());
    }

    private double upperTail(double distance) {
        if (predictionSe == 0) {
            // identical past runs: the spread is nothing, so any distance beyond the tested one is beyond it
            return distance > ShiftTest.TIE_TOLERANCE ? 0 : 1;
        }
        return t.survivalProbability(distance / predictionSe);
    }

    /**
     * The slowdown (oriented ratio) this history detects with {@code power} at one-sided {@code level}: the current
     * run must reach both 1 + T_fail and the prediction bound beyond 1 + T_min, and is itself spread like the past
     * runs, so about exp(max(log(1 + T_min) + h, log(1 + T_fail)) + z(power) s sqrt(1 + 1/K)).
     */
    public double detectable(double level, double power) {
        double needed = Math.max(Math.log1p(thresholds.minEffect()) + halfWidth(level), Math.log1p(thresholds.fail()));
        return Math.exp(needed + NormalDistribution.of(0, 1).inverseCumulativeProbability(power) * predictionSe);
    }

    /** The verdict at the effective one-sided level {@code level} (alpha, or a multiplicity step's level). */
    public Decided decide(double level) {
        if (!(level > 0 && level < 0.5)) {
            throw new IllegalArgumentException("level must be in (0, 0.5), was " + level);
        }
        double tolerance = ShiftTest.TIE_TOLERANCE;
        double logFail = Math.log1p(thresholds.fail());
        double d = logRatio();
        String estimate = estimate();
        String limit = StatsText.percent(thresholds.fail()) + " limit";
        String evidence = runs() + " runs, between-run noise " + StatsText.noise(Math.expm1(sd));
        String bound = "the history's " + StatsText.percent(1 - level) + " prediction bound "
                + StatsText.percentChange(toNative(Math.exp(Math.log1p(thresholds.minEffect()) + halfWidth(level))));
        if (d >= logFail - tolerance && pSlower() <= level) {
            return new Decided(Verdict.FAIL, false, estimate + slowdown() + " is above the " + limit + " and beyond "
                    + bound + " (" + StatsText.pClause(pSlower(), level) + ", " + evidence + ")");
        }
        if (d <= -logFail + tolerance && pFaster() <= level) {
            return new Decided(Verdict.IMPROVED, false, estimate + " is an improvement beyond the " + limit
                    + " and the history's spread (" + StatsText.pClause(pFaster(), level) + ", " + evidence + ")");
        }
        if (d >= logFail - tolerance) {
            return new Decided(Verdict.WARN, false, estimate + slowdown() + " is above the " + limit
                    + " but within the spread of the past runs: a FAIL needs it beyond " + bound + " ("
                    + StatsText.pClause(pSlower(), level) + ", " + evidence + ")");
        }
        if (pSlowerThanHistory() <= level) {
            return new Decided(Verdict.WARN, false, estimate + " is a real slowdown against the past runs, below the "
                    + limit + " (" + StatsText.pClause(pSlowerThanHistory(), level) + " against no change, "
                    + evidence + ")");
        }
        boolean confident = d + halfWidth(level) < logFail - tolerance;
        return new Decided(Verdict.PASS, confident, estimate + " is within the " + limit + (confident
                ? "; a " + StatsText.percent(thresholds.fail()) + " slowdown is ruled out (" + evidence + ")"
                : " (" + evidence + ")"));
    }

    /** "+23.4 % [+18.1 %, +29.0 %]" in the metric's own direction: the change and its 95 % interval. */
    private String estimate() {
        double a = toNative(ciLower());
        double b = toNative(ciUpper());
        return StatsText.percentChange(toNative(ratio())) + " [" + StatsText.percentChange(Math.min(a, b)) + ", "
                + StatsText.percentChange(Math.max(a, b)) + "]";
    }

    private String slowdown() {
        return direction == Direction.HIGHER_IS_BETTER
                ? ", a " + StatsText.percentChange(ratio()).substring(1) + " slowdown," : "";
    }

    /** A verdict with the sentence that explains it, without the metric's name. */
    public static final class Decided {
        private final Verdict verdict;
        private final boolean confident;
        private final String reason;

        Decided(Verdict verdict, boolean confident, String reason) {
            this.verdict = verdict;
            this.confident = confident;
            this.reason = reason;
        }

        public Verdict verdict() {
            return verdict;
        }

        /** PASS and the upper bound is below 1 + T_fail. */
        public boolean confident() {
            return confident;
        }

        public String reason() {
            return reason;
        }

        @Override
        public String toString() {
            return String.format(Locale.ROOT, "%s: %s", verdict, reason);
        }
    }
}
