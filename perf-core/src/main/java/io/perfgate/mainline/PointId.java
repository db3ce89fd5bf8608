package io.perfgate.mainline;

import io.perfgate.trend.ChangePoint;
import io.perfgate.trend.Series;
import io.perfgate.trend.Trend;
import java.util.Objects;

/** A change point among the confirmations: its series and the first run after it. */
final class PointId {
    private final Series series;
    private final String firstRunAfter;

    PointId(Series series, String firstRunAfter) {
        this.series = Objects.requireNonNull(series, "series");
        this.firstRunAfter = Objects.requireNonNull(firstRunAfter, "firstRunAfter");
    }

    static PointId of(Trend trend, ChangePoint change) {
        return new PointId(trend.id(), change.firstRunAfter());
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof PointId && ((PointId) o).series.equals(series)
                && ((PointId) o).firstRunAfter.equals(firstRunAfter);
    }

    @Override
    public int hashCode() {
        return 31 * series.hashCode() + firstRunAfter.hashCode();
    }

    @Override
    public String toString() {
        return series + " at run " + firstRunAfter;
    }
}
