package io.perfgate.trend;

import io.perfgate.trend.SegmentTest.Comparison;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * Finds change points in one series as Apache Otava 0.8 does (Fleming et al., "Hunter", ICPE 2023), with two
 * rules of ours (see trends.md):
 * <ol>
 * <li><b>Split.</b> Windows of {@code window} runs, each starting half a window after the previous one (or at the
 * last split found, if later). Inside a window, E-Divisive means ({@link EnergySplit}) proposes the best split of
 * the window's segments; it is kept when the t-test of the two pieces of its segment ({@link SegmentTest}) gives
 * p &lt;= ten times the final level, and the search goes on until a proposal fails. The union over all windows
 * are the weak change points.</li>
 * <li><b>Merge.</b> Each point is tested against its neighbouring segments of the whole series. While a point has
 * p &gt;= the final level (or a magnitude &lt;= the minimum), the worst one is dropped and its neighbours
 * re-tested.</li>
 * <li><b>Not one run</b> (ours). A point is reported only when it still passes its test with the single run of
 * either level that argues most for the change left out: one outlier run, also at the end of the series, is
 * never a change point, and a new level needs at least two runs.</li>
 * <li><b>Stable on append</b> (ours). The points reported by the previous analysis, named by their first run,
 * are first tested between each other on the longer series (the merge pass over them alone); those that pass are
 * held: the split search runs inside the segments between them, the merge pass tests them as neighbours but never
 * drops them, and the one-run rule applies only to new points. A reported point therefore never moves, and it
 * disappears only when its own test against the neighbouring reported points fails on the longer series.</li>
 * </ol>
 * Otava re-tests only the right neighbour of a dropped point in the merge pass; here both neighbours are re-tested,
 * since both segments changed.
 */
public final class ChangePointDetector {
    /**
     * The fewest runs of a level between two change points (an episode). Two runs in the middle of a series are, as
     * often as not, two outliers next to each other; a new level at the end of the series needs only two (rule 3).
     */
    static final int MIN_EPISODE_RUNS = 3;

    private final ChangePointOptions options;

    public ChangePointDetector(ChangePointOptions options) {
        this.options = options;
    }

    /** The change points of a series analysed for the first time. */
    public List<ChangePoint> detect(RunSeries series) {
        return detect(series, Set.of());
    }

    /**
     * The change points of a series whose shorter version was analysed before and reported the change points
     * starting at the runs {@code reportedBefore}; ids no longer in the series are ignored.
     */
    public List<ChangePoint> detect(RunSeries series, Collection<String> reportedBefore) {
        double[] values = series.values();
        TreeSet<Integer> fixed = new TreeSet<>();
        for (String id : reportedBefore) {
            int index = series.runIds().indexOf(id);
            if (index > 0) {
                fixed.add(index);
            }
        }
        // The points reported last time stay unless their own test, between each other, now fails.
        List<Integer> kept = merge(values, new ArrayList<>(fixed), Set.of());
        TreeSet<Integer> held = new TreeSet<>(kept);
        TreeSet<Integer> weak = new TreeSet<>(held);
        int segmentStart = 0;
        for (int boundary : concat(held, values.length)) {
            weak.addAll(split(values, segmentStart, boundary));
            segmentStart = boundary;
        }
        List<Integer> points = settle(values, new ArrayList<>(weak), held);
        List<ChangePoint> reported = new ArrayList<>();
        for (int i = 0; i < points.size(); i++) {
            reported.add(changePoint(series, points.get(i), test(values, points, i)));
        }
        return reported;
    }

    /** The ends of the segments between sorted splits, the end of the series last. */
    private static List<Integer> concat(SortedSet<Integer> fixed, int end) {
        List<Integer> boundaries = new ArrayList<>(fixed);
        boundaries.add(end);
        return boundaries;
    }

    /** The weak change points of {@code values[from, to)}: the windowed split search. */
    private List<Integer> split(double[] values, int from, int to) {
        List<Integer> found = new ArrayList<>();
        int step = options.window() / 2;
        int start = from;
        while (start < to) {
            int end = Math.min(start + options.window(), to);
            List<Integer> inWindow = splitWindow(values, start, end);
            int last = inWindow.isEmpty() ? 0 : inWindow.get(inWindow.size() - 1);
            start = Math.max(last, start + step);
            found.addAll(inWindow);
        }
        return found;
    }

    /** E-Divisive inside one window {@code values[start, end)}, at the split search's level. */
    private List<Integer> splitWindow(double[] values, int start, int end) {
        double[] window = Arrays.copyOfRange(values, start, end);
        EnergySplit energy = new EnergySplit(window);
        TreeSet<Integer> points = new TreeSet<>();
        while (true) {
            EnergySplit.Candidate best = null;
            int bestFrom = 0;
            int bestTo = 0;
            int segmentFrom = 0;
            for (int boundary : concat(points, window.length)) {
                if (boundary - segmentFrom > 1) {
                    EnergySplit.Candidate c = energy.best(segmentFrom, boundary);
                    if (best == null || c.divergence() > best.divergence()) {
                        best = c;
                        bestFrom = segmentFrom;
                        bestTo = boundary;
                    }
                }
                segmentFrom = boundary;
            }
            if (best == null) {
                break;
            }
            if (!(SegmentTest.compare(window, bestFrom, best.index(), bestTo).pValue() <= options.splitPValue()
                    || episodeHolds(window, bestFrom, best, bestTo))) {
                break;
            }
            points.add(best.index());
        }
        List<Integer> global = new ArrayList<>();
        for (int p : points) {
            global.add(p + start);
        }
        return global;
    }

    /**
     * Whether the proposal holds as an episode: the runs {@code [tau, kappa)} that E-Divisive compared with
     * {@code [from, tau)} differ from them at {@link ChangePointOptions#episodePValue()}, and are at least
     * {@value #MIN_EPISODE_RUNS}. Otava tests a proposal only against the rest of its segment, where a short episode
     * in the middle is diluted by the runs after it and never passes (3 runs of +30 % in 45: p = 0.245, issue 40).
     * The pair (tau, kappa) is the best of many more candidates than tau alone, so its test is stricter.
     */
    private boolean episodeHolds(double[] window, int from, EnergySplit.Candidate best, int to) {
        return best.end() < to && best.end() - best.index() >= MIN_EPISODE_RUNS
                && SegmentTest.compare(window, from, best.index(), best.end()).pValue() <= options.episodePValue();
    }

    /**
     * The merge pass: drops the weakest point while one fails the final level or the minimum magnitude; the
     * {@code held} points are tested as neighbours but never dropped.
     */
    private List<Integer> merge(double[] values, List<Integer> points, Set<Integer> held) {
        List<Comparison> tests = new ArrayList<>();
        for (int i = 0; i < points.size(); i++) {
            tests.add(test(values, points, i));
        }
        while (true) {
            int weakest = -1;
            for (int i = 0; i < tests.size(); i++) {
                if (!held.contains(points.get(i))
                        && (weakest < 0 || tests.get(i).pValue() > tests.get(weakest).pValue())) {
                    weakest = i;
                }
            }
            if (weakest < 0) {
                return points;
            }
            if (tests.get(weakest).pValue() < options.maxPValue()) {
                weakest = -1;
                for (int i = 0; i < tests.size(); i++) {
                    if (!held.contains(points.get(i))
                            && (weakest < 0 || tests.get(i).magnitude() < tests.get(weakest).magnitude())) {
                        weakest = i;
                    }
                }
                if (tests.get(weakest).magnitude() > options.minMagnitude()) {
                    return points;
                }
            }
            points.remove(weakest);
            tests.remove(weakest);
            for (int neighbour : new int[] {weakest - 1, weakest}) {
                if (neighbour >= 0 && neighbour < points.size()) {
                    tests.set(neighbour, test(values, points, neighbour));
                }
            }
        }
    }

    /**
     * The merge pass and the one-run rule, taken in turn until neither drops a point. Dropping a point joins its
     * neighbours' segments, so every point left is tested again on the segments it will be reported with: each
     * reported point has p below the final level (a held point too: a new point next to it that makes its test
     * fail is dropped, the held one stays). Without this, a point whose neighbour the one-run rule dropped was
     * reported with the p-value of the longer segment it had never been tested on (p = 0.11 seen, issue 40).
     */
    private List<Integer> settle(double[] values, List<Integer> weak, Set<Integer> held) {
        List<Integer> points = merge(values, weak, held);
        while (true) {
            int drop = -1;
            double dropP = 0;
            for (int i = 0; i < points.size(); i++) {
                int point = points.get(i);
                if (held.contains(point)) {
                    continue;
                }
                int from = i == 0 ? 0 : points.get(i - 1);
                int to = i == points.size() - 1 ? values.length : points.get(i + 1);
                boolean shortLevel = i > 0 && point - from < MIN_EPISODE_RUNS
                        || i < points.size() - 1 && to - point < MIN_EPISODE_RUNS;
                if (!shortLevel && holdsWithoutOneRun(values, from, point, to)
                        && !failsHeldNeighbour(values, points, i, held)) {
                    continue;
                }
                double p = test(values, points, i).pValue();
                if (drop < 0 || p > dropP) {
                    drop = i;
                    dropP = p;
                }
            }
            if (drop < 0) {
                return points;
            }
            points.remove(drop);
            points = merge(values, points, held);
        }
    }

    /** Whether a held point next to {@code points[i]} fails the final level with {@code points[i]} as its neighbour. */
    private boolean failsHeldNeighbour(double[] values, List<Integer> points, int i, Set<Integer> held) {
        for (int j : new int[] {i - 1, i + 1}) {
            if (j >= 0 && j < points.size() && held.contains(points.get(j))
                    && !(test(values, points, j).pValue() < options.maxPValue())) {
                return true;
            }
        }
        return false;
    }

    private static Comparison test(double[] values, List<Integer> points, int i) {
        int from = i == 0 ? 0 : points.get(i - 1);
        int to = i == points.size() - 1 ? values.length : points.get(i + 1);
        return SegmentTest.compare(values, from, points.get(i), to);
    }

    /**
     * Whether the split at {@code index} of {@code values[from, to)} still passes the final level when the run
     * of the new level farthest on the change's side of it is left out, and when the run of the old level
     * farthest on the other side is left out.
     */
    private boolean holdsWithoutOneRun(double[] values, int from, int index, int to) {
        if (index - from < 2 || to - index < 2) {
            return false;
        }
        Comparison whole = SegmentTest.compare(values, from, index, to);
        double sign = Math.signum(whole.meanAfter() - whole.meanBefore());
        int mostAfter = index;
        for (int i = index; i < to; i++) {
            if (sign * values[i] > sign * values[mostAfter]) {
                mostAfter = i;
            }
        }
        int mostBefore = from;
        for (int i = from; i < index; i++) {
            if (sign * values[i] < sign * values[mostBefore]) {
                mostBefore = i;
            }
        }
        return holdsWithout(values, from, index, to, mostAfter, sign)
                && holdsWithout(values, from, index, to, mostBefore, sign);
    }

    private boolean holdsWithout(double[] values, int from, int index, int to, int left, double sign) {
        double[] rest = new double[to - from - 1];
        int r = 0;
        for (int i = from; i < to; i++) {
            if (i != left) {
                rest[r++] = values[i];
            }
        }
        int split = left < index ? index - from - 1 : index - from;
        Comparison c = SegmentTest.compare(rest, 0, split, rest.length);
        return c.pValue() < options.maxPValue() && Math.signum(c.meanAfter() - c.meanBefore()) == sign;
    }

    private static ChangePoint changePoint(RunSeries series, int index, Comparison c) {
        double difference = c.meanAfter() - c.meanBefore();
        double low = (difference - c.halfWidth()) / Math.abs(c.meanBefore());
        double high = (difference + c.halfWidth()) / Math.abs(c.meanBefore());
        return new ChangePoint(index, series.runIds().get(index - 1), series.runIds().get(index), c.runsBefore(),
                c.runsAfter(), c.meanBefore(), c.meanAfter(), low, high, c.pValue(), series.direction());
    }
}
