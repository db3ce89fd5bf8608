package io.perfgate.mainline;

import io.perfgate.trend.ChangePoint;
import io.perfgate.trend.Trend;
import io.perfgate.trend.TrendRun;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

/**
 * What {@code perf:trend} found: every series (newest slowdowns first) with its change points, the branch and
 * the number of comparable runs analysed, and the files written. A later step (confirming a slowdown by measuring
 * its two commits side by side, bisecting the range) starts from {@link #located()}.
 */
public final class TrendResult {
    /** A change point with its series and the two runs around it: what to confirm or bisect. */
    public static final class Located {
        private final Trend trend;
        private final ChangePoint change;

        Located(Trend trend, ChangePoint change) {
            this.trend = trend;
            this.change = change;
        }

        public Trend trend() {
            return trend;
        }

        public ChangePoint change() {
            return change;
        }

        /** The last run of the old level. */
        public TrendRun before() {
            return trend.runs().get(change.index() - 1);
        }

        /** The first run of the new level: the change is in the commits after {@code before()}'s, up to this one's. */
        public TrendRun after() {
            return trend.runs().get(change.index());
        }
    }

    private final String branch;
    private final int runs;
    private final List<Trend> trends;
    private final List<Path> files;
    private final Map<PointId, Confirmation> confirmations;

    TrendResult(String branch, int runs, List<Trend> trends, List<Path> files) {
        this(branch, runs, trends, files, Map.of());
    }

    TrendResult(String branch, int runs, List<Trend> trends, List<Path> files,
            Map<PointId, Confirmation> confirmations) {
        this.confirmations = Map.copyOf(confirmations);
        this.branch = branch;
        this.runs = runs;
        this.trends = Collections.unmodifiableList(new ArrayList<>(trends));
        this.files = Collections.unmodifiableList(new ArrayList<>(files));
    }

    public String branch() {
        return branch;
    }

    /** The comparable runs analysed. */
    public int runs() {
        return runs;
    }

    /** Every series, newest slowdowns first. */
    public List<Trend> trends() {
        return trends;
    }

    /** Every change point with its series, in the order of {@link #trends()}, oldest point first within one. */
    public List<Located> located() {
        List<Located> all = new ArrayList<>();
        for (Trend t : trends) {
            for (ChangePoint c : t.changes()) {
                all.add(new Located(t, c));
            }
        }
        return all;
    }

    /** The change points that are slowdowns. */
    public List<Located> slowdowns() {
        List<Located> slow = new ArrayList<>();
        for (Located l : located()) {
            if (l.change().slowdown()) {
                slow.add(l);
            }
        }
        return slow;
    }

    /** What measuring {@code l}'s commits side by side found, now or in an earlier build; null: not measured. */
    public Confirmation confirmation(Located l) {
        return confirmations.get(PointId.of(l.trend(), l.change()));
    }

    public List<Path> files() {
        return files;
    }
}
