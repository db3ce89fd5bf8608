package io.perfgate.stats;

/**
 * Thresholds of one gated metric, as fractions (0.10 means 10 %). {@code fail} is T_fail, the smallest
 * slowdown that fails the build; {@code minEffect} is T_min, the shift under the null hypothesis, so a
 * significant result means "slower by more than T_min", not merely "slower".
 */
public final class Thresholds {
    private final double fail;
    private final double minEffect;
    private final double alpha;

    public Thresholds(double fail, double minEffect, double alpha) {
        if (!(fail > 0) || !Double.isFinite(fail)) {
            throw new IllegalArgumentException("fail threshold must be a positive fraction, was " + fail);
        }
        if (!(minEffect >= 0) || minEffect > fail) {
            throw new IllegalArgumentException("minimum effect must be between 0 and the fail threshold "
                    + fail + ", was " + minEffect);
        }
        if (!(alpha > 0 && alpha < 0.5)) {
            throw new IllegalArgumentException("alpha must be in (0, 0.5), was " + alpha);
        }
        this.fail = fail;
        this.minEffect = minEffect;
        this.alpha = alpha;
    }

    public double fail() {
        return fail;
    }

    public double minEffect() {
        return minEffect;
    }

    public double alpha() {
        return alpha;
    }
}
