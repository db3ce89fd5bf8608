package io.perfgate.trend;

import io.perfgate.config.PerfProperties;

/**
 * The detection's settings, Apache Otava 0.8's defaults: windows of {@value #DEFAULT_WINDOW} runs, a change
 * point kept when its t-test gives p &lt; {@value #DEFAULT_MAX_P_VALUE}, no minimum magnitude.
 *
 * <p>window: runs per window of the split search; windows overlap by half
 * maxPValue: the final significance level of a change point
 * minMagnitude: a significant change point smaller than this relative change is dropped too (0: none)
 */
public final class ChangePointOptions {
    public static final int DEFAULT_WINDOW = 50;
    public static final double DEFAULT_MAX_P_VALUE = 0.001;
    public static final double DEFAULT_MIN_MAGNITUDE = 0.0;

    private final int window;
    private final double maxPValue;
    private final double minMagnitude;

    public ChangePointOptions(int window, double maxPValue, double minMagnitude) {
        if (window < 2) {
            throw new IllegalArgumentException("the change-point window must hold at least 2 runs, not " + window);
        }
        if (!(maxPValue > 0 && maxPValue < 1)) {
            throw new IllegalArgumentException("the change-point p-value limit must lie in (0, 1), not " + maxPValue);
        }
        if (!(minMagnitude >= 0)) {
            throw new IllegalArgumentException("the minimum change magnitude must be >= 0, not " + minMagnitude);
        }
        this.window = window;
        this.maxPValue = maxPValue;
        this.minMagnitude = minMagnitude;
    }

    public int window() {
        return window;
    }

    public double maxPValue() {
        return maxPValue;
    }

    public double minMagnitude() {
        return minMagnitude;
    }

    /**
     * The options of {@code perf.trendMaxPValue} and {@code perf.trendWindow} as given, parsed strictly.
     *
     * @throws IllegalArgumentException naming the property and the form it takes
     */
    public static ChangePointOptions parse(String maxPValue, String window) {
        double p;
        int runs;
        try {
            p = Double.parseDouble(maxPValue.trim());
        } catch (NumberFormatException | NullPointerException e) {
            throw new IllegalArgumentException(PerfProperties.TREND_MAX_P_VALUE + " = '" + maxPValue
                    + "' is not a number; write a p-value such as 0.001");
        }
        try {
            runs = Integer.parseInt(window.trim());
        } catch (NumberFormatException | NullPointerException e) {
            throw new IllegalArgumentException(PerfProperties.TREND_WINDOW + " = '" + window
                    + "' is not a whole number of runs; write e.g. 50");
        }
        try {
            return new ChangePointOptions(runs, p, DEFAULT_MIN_MAGNITUDE);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(e.getMessage() + " (" + PerfProperties.TREND_MAX_P_VALUE + ", "
                    + PerfProperties.TREND_WINDOW + ")", e);
        }
    }

    public static ChangePointOptions defaults() {
        return new ChangePointOptions(DEFAULT_WINDOW, DEFAULT_MAX_P_VALUE, DEFAULT_MIN_MAGNITUDE);
    }

    /**
     * The looser level of the split search, whose candidates ("weak" change points) the merge pass then tests at
     * {@link #maxPValue()}: ten times the final level below 0.05, twice it below 0.5 (Otava's rule).
     */
    double splitPValue() {
        if (maxPValue < 0.05) {
            return maxPValue * 10;
        }
        return maxPValue < 0.5 ? maxPValue * 2 : maxPValue;
    }

    /**
     * The level of the split search's episode test (a proposal's new level against the runs before it, both bounded
     * by E-Divisive's pair tau, kappa): a tenth of the final level. The pair is chosen among many more candidates
     * than a split alone; at the split search's level, episodes found in pure noise doubled (trends.md).
     */
    double episodePValue() {
        return maxPValue / 10;
    }
}
