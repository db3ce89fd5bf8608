package io.perfgate.mainline;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

/**
 * The search for the first slow commit of a range, as {@code git bisect} runs it: the commit before the range is
 * known good, the range's last commit known slow (the change point was confirmed on it), and each step measures the
 * commit halfway between the newest good and the oldest slow one. A commit that cannot be measured (it does not
 * build, its forks fail) is skipped as {@code git bisect skip} does: the step tries the untried commit nearest the
 * middle instead; when only skipped commits are left between good and slow, the culprit is one of them and the
 * search says so rather than guessing.
 */
public final class Bisection {
    /** What one step found about a commit. */
    public enum Finding {
        SLOW,
        GOOD,
        /** Could not be measured: not built, no verdict. */
        SKIPPED
    }

    /** Measures one commit of the range against the commit before it. */
    @FunctionalInterface
    public interface Probe {
        Finding test(String commit);
    }

    /** Where the search ended. */
    public static final class Found {
        private final String culprit;
        private final List<String> candidates;
        private final int steps;
        private final List<String> skipped;

        Found(String culprit, List<String> candidates, int steps, List<String> skipped) {
            this.culprit = culprit;
            this.candidates = Collections.unmodifiableList(new ArrayList<>(candidates));
            this.steps = steps;
            this.skipped = Collections.unmodifiableList(new ArrayList<>(skipped));
        }

        /** The first slow commit; null when skipped commits leave it open among {@link #candidates()}. */
        public String culprit() {
            return culprit;
        }

        /** The commits the culprit is among, oldest first: the culprit alone when it was found. */
        public List<String> candidates() {
            return candidates;
        }

        /** The commits measured, skipped ones included (each cost a build). */
        public int steps() {
            return steps;
        }

        /** The commits that could not be measured, in the order tried. */
        public List<String> skipped() {
            return skipped;
        }
    }

    private Bisection() {
    }

    /**
     * The first slow commit of {@code range} (oldest first; its last commit is slow, the commit before its first is
     * good). A range of one commit needs no step.
     */
    public static Found search(List<String> range, Probe probe) {
        Objects.requireNonNull(probe);
        if (range.isEmpty()) {
            throw new IllegalArgumentException("an empty range has no culprit");
        }
        int good = -1;
        int slow = range.size() - 1;
        int steps = 0;
        List<Integer> skipped = new ArrayList<>();
        List<String> skippedCommits = new ArrayList<>();
        while (slow - good > 1) {
            int next = untriedNearestMiddle(good, slow, skipped);
            if (next < 0) {
                return new Found(null, range.subList(good + 1, slow + 1), steps, skippedCommits);
            }
            steps++;
            Finding f = Objects.requireNonNull(probe.test(range.get(next)), "finding");
            if (f == Finding.SLOW) {
                slow = next;
            } else if (f == Finding.GOOD) {
                good = next;
            } else {
                skipped.add(next);
                skippedCommits.add(range.get(next));
            }
        }
        return new Found(range.get(slow), List.of(range.get(slow)), steps, skippedCommits);
    }

    /** The index strictly between {@code good} and {@code slow} nearest their middle not yet skipped; -1 if none. */
    private static int untriedNearestMiddle(int good, int slow, List<Integer> skipped) {
        int middle = Math.max((good + slow) / 2, good + 1);
        for (int d = 0; d < slow - good; d++) {
            for (int i : new int[] {middle - d, middle + d}) {
                if (i > good && i < slow && !skipped.contains(i)) {
                    return i;
                }
            }
        }
        return -1;
    }
}
