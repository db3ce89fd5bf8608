package io.perfgate.history;

import io.perfgate.config.PerfProperties;
import java.nio.file.Path;
import java.nio.file.Paths;

/** Turns the history settings ({@code perf.history} and the branch, remote and push switches) into a store. */
public final class HistoryStores {
    /** The value of {@code perf.history} that keeps the history on a branch of the project's repository. */
    public static final String GIT = "git";

    private HistoryStores() {
    }

    /**
     * The store {@code history} names: {@code git} for the branch {@code branch} of the repository holding
     * {@code projectDirectory} (pushed to {@code remote} when {@code push}), anything else a directory, relative to
     * {@code projectDirectory} unless absolute.
     *
     * @throws IllegalArgumentException when a setting is not valid, naming the property
     * @throws HistoryException when the git store cannot be opened here (not a git repository)
     */
    public static HistoryStore open(String history, String branch, String remote, boolean push,
            Path projectDirectory) throws HistoryException {
        String value = history == null ? "" : history.trim();
        if (value.isEmpty()) {
            throw new IllegalArgumentException(PerfProperties.HISTORY + " is empty; give '" + GIT
                    + "' (the default: a branch of this repository) or a directory");
        }
        if (!GIT.equals(value)) {
            Path directory = Paths.get(value);
            return new DirectoryStore(directory.isAbsolute() ? directory : projectDirectory.resolve(directory));
        }
        try {
            return GitBranchStore.open(projectDirectory, branch, push ? remote : null);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(e.getMessage() + " (" + PerfProperties.HISTORY_BRANCH + ", "
                    + PerfProperties.HISTORY_REMOTE + ")", e);
        }
    }
}
