package io.perfgate.gate;

import io.perfgate.results.BenchmarkId;
import io.perfgate.results.Calibration;
import io.perfgate.stats.StatsText;
import io.perfgate.stats.Verdict;
import java.util.Locale;
import org.apache.commons.statistics.distribution.NormalDistribution;

/**
 * Turns a FAIL that the measured noise cannot support into INCONCLUSIVE, using the A/A calibration saved in the
 * baseline by {@code perf:calibrate} (statistics.md section 6).
 *
 * <p>The noise floor of a benchmark at n vs m forks is the slowdown that noise alone shows with probability
 * alpha: with sigma = sqrt(log(1 + CV^2)) for the calibrated between-fork CV, the Hodges-Lehmann estimate has
 * standard error se = sigma sqrt((1/n + 1/m) pi / 3) (its efficiency 3 / pi relative to the mean), and the floor
 * is exp(z_(1 - alpha) se) - 1. A median FAIL becomes INCONCLUSIVE when
 * <ul>
 * <li>the A/A run itself was judged FAIL or WARN (the machine was too noisy for the threshold), or</li>
 * <li>the floor is above T_fail and the comparison's lower bound does not clear 1 + floor (a regression larger
 * than the noise floor still FAILs).</li>
 * </ul>
 * Only the median is calibrated; p95 and allocation verdicts are left as they are.
 *
 * <p>Which stored figures are used at all ({@link #calibrated}, {@link #storedNoise}) is decided here once, for the
 * gate and for {@code perf:compare}'s stop rule, which sizes its rounds with the same figure.
 */
public final class NoiseFloor {
    private static final NormalDistribution STANDARD_NORMAL = NormalDistribution.of(0, 1);

    private NoiseFloor() {
    }

    /** The slowdown (a fraction) that noise alone exceeds with probability {@code alpha}. */
    static double of(double forkCv, int baselineForks, int currentForks, double alpha) {
        double sigma = Math.sqrt(Math.log1p(forkCv * forkCv));
        double se = sigma * Math.sqrt((1.0 / baselineForks + 1.0 / currentForks) * Math.PI / 3);
        return Math.expm1(STANDARD_NORMAL.inverseCumulativeProbability(1 - alpha) * se);
    }

    /**
     * What {@code perf:calibrate} stored for {@code metric} of benchmark {@code id}, or null: it calibrates the median
     * only.
     */
    public static Calibration.Entry calibrated(Calibration calibration, BenchmarkId id, Metric metric) {
        return calibration == null || metric != Metric.MEDIAN ? null : calibration.find(id);
    }

    /**
     * The {@link #calibrated} entry when its between-fork noise is a figure to go by, or null: one from fewer than
     * two forks a side, or not a finite number of at least 0, says nothing.
     */
    public static Calibration.Entry storedNoise(Calibration calibration, BenchmarkId id, Metric metric) {
        Calibration.Entry e = calibrated(calibration, id, metric);
        return e != null && e.forks() >= 2 && e.betweenForkCv() >= 0 && Double.isFinite(e.betweenForkCv()) ? e : null;
    }

    /** The comparison, or an INCONCLUSIVE copy of it when the calibration says its FAIL is within the noise. */
    static GateRow apply(GateRow c, Calibration calibration) {
        Calibration.Entry e = c.verdict() == Verdict.FAIL ? calibrated(calibration, c.id(), c.metric()) : null;
        if (e == null) {
            return c;
        }
        String when = "the A/A calibration of " + calibration.measuredAt();
        if ("FAIL".equals(e.aaVerdict()) || "WARN".equals(e.aaVerdict())) {
            return c.toBuilder().verdict(Verdict.INCONCLUSIVE, c.reason() + "; not judged: " + when
                    + " found this benchmark " + e.aaVerdict() + " against itself, so this machine is too noisy for"
                    + " the " + StatsText.percent(c.failThreshold()) + " limit (calibrate again on a quieter"
                    + " machine, or raise the limit)").build();
        }
        if (storedNoise(calibration, c.id(), c.metric()) == null) {
            return c;
        }
        double floor = of(e.betweenForkCv(), c.baselineForks(), c.currentForks(), c.alpha());
        if (floor <= c.failThreshold() || c.lowerBound() > 1 + floor) {
            return c;
        }
        return c.toBuilder().verdict(Verdict.INCONCLUSIVE, c.reason() + String.format(Locale.ROOT,
                "; not judged: %s puts the noise floor at +%.1f %% with %d vs %d forks (between-fork CV %.1f %%),"
                        + " above the %s limit, and the slowdown does not clear it. %s",
                when, 100 * floor, c.baselineForks(), c.currentForks(), 100 * e.betweenForkCv(),
                StatsText.percent(c.failThreshold()),
                e.forksNeeded() > 0 ? "Use at least " + e.forksNeeded() + " forks per side, or raise the limit."
                        : "Raise the limit, or measure on a quieter machine.")).build();
    }
}
