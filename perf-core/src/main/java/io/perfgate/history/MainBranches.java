package io.perfgate.history;

import io.perfgate.config.PerfProperties;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Which recorded runs are the main line's: those recorded on one of the branches {@code perf.mainBranch} names
 * (comma-separated, by default {@code main,master}). The one rule for both readers of the main line, the check
 * against the history and {@code perf:trend}. A run recorded with no branch (a detached checkout outside a CI that
 * names its branch) is not the main line's: nothing says it is, and a pull request's run must never become part of
 * the history it is judged against.
 */
public final class MainBranches {
    private final Set<String> names;

    private MainBranches(Set<String> names) {
        this.names = Collections.unmodifiableSet(names);
    }

    /**
     * Reads {@code perf.mainBranch}.
     *
     * @throws IllegalArgumentException naming the property when the value names no branch
     */
    public static MainBranches parse(String value) {
        Set<String> names = new LinkedHashSet<>();
        for (String name : (value == null ? "" : value).split(",")) {
            if (!name.trim().isEmpty()) {
                names.add(name.trim());
            }
        }
        if (names.isEmpty()) {
            throw new IllegalArgumentException(PerfProperties.MAIN_BRANCH + " is empty; give the branch whose runs"
                    + " make the history, e.g. " + PerfProperties.DEFAULT_MAIN_BRANCH);
        }
        return new MainBranches(names);
    }

    /** The default, {@code main,master}. */
    public static MainBranches defaults() {
        return parse(PerfProperties.DEFAULT_MAIN_BRANCH);
    }

    /** True when the run was recorded on one of the main branches. */
    public boolean includes(RunOrigin origin) {
        return origin.branch() != null && names.contains(origin.branch());
    }

    /**
     * The branch the runs come from, for messages: the one branch of {@code records} that is a main branch, else
     * the names joined with "or" ({@code main or master}).
     */
    public String describe(List<HistoryRecord> records) {
        Set<String> seen = new LinkedHashSet<>();
        for (HistoryRecord r : records) {
            if (includes(r.origin())) {
                seen.add(r.origin().branch());
            }
        }
        return String.join(" or ", seen.size() == 1 ? seen : names);
    }

    @Override
    public String toString() {
        return String.join(",", names);
    }
}
