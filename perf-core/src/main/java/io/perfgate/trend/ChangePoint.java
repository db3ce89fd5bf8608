package io.perfgate.trend;

import io.perfgate.stats.Direction;

/**
 * A change point: from run {@link #index()} on, the series holds another level. The change happened after run
 * {@link #lastRunBefore()} and by run {@link #firstRunAfter()}.
 */
public final class ChangePoint {
    private final int index;
    private final String lastRunBefore;
    private final String firstRunAfter;
    private final int runsBefore;
    private final int runsAfter;
    private final double meanBefore;
    private final double meanAfter;
    private final double changeLow;
    private final double changeHigh;
    private final double pValue;
    private final Direction direction;

    ChangePoint(int index, String lastRunBefore, String firstRunAfter, int runsBefore, int runsAfter,
            double meanBefore, double meanAfter, double changeLow, double changeHigh, double pValue,
            Direction direction) {
        this.index = index;
        this.lastRunBefore = lastRunBefore;
        this.firstRunAfter = firstRunAfter;
        this.runsBefore = runsBefore;
        this.runsAfter = runsAfter;
        this.meanBefore = meanBefore;
        this.meanAfter = meanAfter;
        this.changeLow = changeLow;
        this.changeHigh = changeHigh;
        this.pValue = pValue;
        this.direction = direction;
    }

    /** The position of the first run of the new level in the series. */
    public int index() {
        return index;
    }

    public String lastRunBefore() {
        return lastRunBefore;
    }

    public String firstRunAfter() {
        return firstRunAfter;
    }

    /** Runs of the level before, back to the previous change point. */
    public int runsBefore() {
        return runsBefore;
    }

    /** Runs of the new level, up to the next change point. */
    public int runsAfter() {
        return runsAfter;
    }

    public double meanBefore() {
        return meanBefore;
    }

    public double meanAfter() {
        return meanAfter;
    }

    /** The relative change, meanAfter / meanBefore - 1. */
    public double change() {
        return meanAfter / meanBefore - 1;
    }

    /**
     * Lower end of the 95 % interval of {@link #change()}: the t-interval of the difference of the means (pooled
     * as in the test) over the mean before, whose own uncertainty it leaves out. NaN with two runs in all.
     */
    public double changeLow() {
        return changeLow;
    }

    /** Upper end of the 95 % interval of {@link #change()}. */
    public double changeHigh() {
        return changeHigh;
    }

    /** Two-sided p-value of the t-test of the two levels. */
    public double pValue() {
        return pValue;
    }

    public Direction direction() {
        return direction;
    }

    /** Whether the new level is worse: higher for a time, lower for a throughput. */
    public boolean slowdown() {
        return direction == Direction.LOWER_IS_BETTER ? meanAfter > meanBefore : meanAfter < meanBefore;
    }

    @Override
    public String toString() {
        return "change point at run " + firstRunAfter + " (index " + index + "): " + meanBefore + " -> " + meanAfter
                + ", p = " + pValue + (slowdown() ? ", slowdown" : ", improvement");
    }
}
