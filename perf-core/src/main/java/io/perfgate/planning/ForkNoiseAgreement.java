package io.perfgate.planning;

import io.perfgate.config.PerfProperties;
import io.perfgate.gate.ForkValues;
import io.perfgate.gate.Metric;
import io.perfgate.gate.NoiseFloor;
import io.perfgate.history.HistoryRecord;
import io.perfgate.results.BenchmarkId;
import io.perfgate.results.BenchmarkResult;
import io.perfgate.results.Calibration;
import io.perfgate.stats.Power;
import io.perfgate.stats.StatsText;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import org.apache.commons.statistics.distribution.FDistribution;

/**
 * Whether the between-fork noise {@code perf.forkPlan=auto} estimates from its short first forks agrees with the
 * benchmark's noise measured at full length: a stored {@code perf:calibrate} calibration's, else the newest history
 * run's (defaults.md, "Fork plans"). The plan's forks and the verdict do not depend on it (both sides ran the same
 * fork lengths, so the test stays valid); what it questions is the size of the effect the short forks report, which
 * a fixed-length run states better.
 *
 * <p>The test is a two-sided F test of the two variances of log fork medians at {@value #ALPHA}, not a fixed factor:
 * with 5 forks a side chance alone gives noise ratios up to about 3. Degrees of freedom: the compared forks less one
 * for each side's own mean (a real change between the sides is no noise).
 */
public final class ForkNoiseAgreement {
    /** The two-sided level below which the two noise figures disagree. */
    public static final double ALPHA = 0.05;

    private ForkNoiseAgreement() {
    }

    /** A benchmark's between-fork noise measured at full length, and where it comes from. */
    public static final class Reference {
        private final double cv;
        private final int degreesOfFreedom;
        private final String source;

        /**
         * @param source how the note names it: "the calibration of 2026-11-20", "the history run of 2026-11-27"
         */
        public Reference(double cv, int degreesOfFreedom, String source) {
            this.cv = cv;
            this.degreesOfFreedom = degreesOfFreedom;
            this.source = Objects.requireNonNull(source);
        }

        public double cv() {
            return cv;
        }

        public int degreesOfFreedom() {
            return degreesOfFreedom;
        }

        public String source() {
            return source;
        }
    }

    /** Each benchmark's reference by its id; null where there is none (then no note). */
    public interface References {
        Reference of(BenchmarkId id);
    }

    /** No reference for any benchmark. */
    public static final References NONE = id -> null;

    /**
     * The calibration's noise where it holds the benchmark, else the newest history run with at least
     * {@value HistoryStart#MIN_FORKS} forks of it.
     *
     * @param calibration the stored calibration, or null
     * @param history the history's records, oldest first
     */
    public static References of(Calibration calibration, List<HistoryRecord> history) {
        List<HistoryRecord> records = history == null ? Collections.<HistoryRecord>emptyList() : history;
        return id -> {
            Calibration.Entry stored = NoiseFloor.storedNoise(calibration, id, Metric.MEDIAN);
            if (stored != null) {
                // pooled over the A/A run's two halves, each centred on its own mean
                return new Reference(stored.betweenForkCv(), 2 * (stored.forks() - 1),
                        "the calibration of " + day(calibration.measuredAt()));
            }
            for (int r = records.size() - 1; r >= 0; r--) {
                for (BenchmarkResult a : records.get(r).results().benchmarks()) {
                    if (a.id().equals(id) && a.forks().size() >= HistoryStart.MIN_FORKS
                            && !BenchmarkResult.MODE_SINGLE_SHOT.equals(a.mode())) {
                        double[] medians = ForkValues.of(a, a, Metric.MEDIAN).baseline();
                        double cv = Power.forkCv(medians);
                        if (cv >= 0) {
                            return new Reference(cv, medians.length - 1,
                                    "the history run of " + day(records.get(r).recordedAt().toString()));
                        }
                    }
                }
            }
            return null;
        };
    }

    /**
     * The two-sided p-value of an F test that two between-fork noise figures are the same, on the log scale: each
     * CV stands for the variance log(1 + CV^2) of log fork medians with its degrees of freedom. NaN where either
     * has no degrees of freedom or no finite positive variance.
     */
    public static double pValue(double cvA, int dfA, double cvB, int dfB) {
        double varA = Math.log1p(cvA * cvA);
        double varB = Math.log1p(cvB * cvB);
        if (dfA < 1 || dfB < 1 || !(varA > 0) || !(varB > 0) || Double.isInfinite(varA)
                || Double.isInfinite(varB)) {
            return Double.NaN;
        }
        FDistribution f = FDistribution.of(dfA, dfB);
        double ratio = varA / varB;
        return Math.min(1, 2 * Math.min(f.cumulativeProbability(ratio), f.survivalProbability(ratio)));
    }

    /**
     * The note where the short forks of both sides disagree with the reference, or null (they agree, or there is
     * no reference or too few forks to say).
     */
    public static String againstReference(BenchmarkResult base, BenchmarkResult candidate, Reference reference) {
        if (reference == null) {
            return null;
        }
        ForkValues medians = ForkValues.of(base, candidate, Metric.MEDIAN);
        return note(base.id(), medians.baseline(), medians.candidate(), reference.cv(), reference.degreesOfFreedom(),
                reference.source());
    }

    /**
     * Where the plan lengthened the forks after the first {@code shortForks} of each side: the note where those
     * short forks' noise disagrees with the planned-length forks', or null. Each part needs two forks a side.
     */
    public static String shortAgainstPlanned(BenchmarkResult base, BenchmarkResult candidate, int shortForks) {
        ForkValues medians = ForkValues.of(base, candidate, Metric.MEDIAN);
        double[] a = medians.baseline();
        double[] b = medians.candidate();
        if (Math.min(a.length, b.length) < shortForks + 2 || shortForks < 2) {
            return null;
        }
        double[] plannedA = Arrays.copyOfRange(a, shortForks, a.length);
        double[] plannedB = Arrays.copyOfRange(b, shortForks, b.length);
        return note(base.id(), Arrays.copyOf(a, shortForks), Arrays.copyOf(b, shortForks), Power.forkCv(plannedA,
                plannedB), plannedA.length + plannedB.length - 2, "its planned-length forks");
    }

    private static String note(BenchmarkId id, double[] base, double[] candidate, double referenceCv, int referenceDf,
            String source) {
        if (base.length < 2 || candidate.length < 2) {
            return null;
        }
        double cv = Power.forkCv(base, candidate);
        double p = pValue(cv, base.length + candidate.length - 2, referenceCv, referenceDf);
        if (!(p < ALPHA)) {
            return null;
        }
        return id + ": its short forks' noise (CV " + StatsText.noise(cv) + ") disagrees with " + source + " (CV "
                + StatsText.noise(referenceCv) + ", " + StatsText.pClause(p, ALPHA) + "): the verdict stands (both"
                + " sides ran the same fork lengths); quote effect sizes from a -D" + PerfProperties.FORK_PLAN + "="
                + PerfProperties.FORK_PLAN_FIXED + " run";
    }

    /** The date of an ISO-8601 instant, e.g. 2026-11-20. */
    private static String day(String instant) {
        return instant.substring(0, Math.min(10, instant.length()));
    }
}
