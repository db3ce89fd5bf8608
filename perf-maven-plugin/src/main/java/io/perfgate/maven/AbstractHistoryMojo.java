package io.perfgate.maven;

import io.perfgate.config.PerfProperties;
import io.perfgate.history.HistoryException;
import io.perfgate.history.HistoryStore;
import io.perfgate.history.HistorySettings;
import java.nio.file.Path;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * The goal that writes runs to the history (perf:record): where it is kept ({@code perf.history}, the branch, the
 * remote, whether to fetch and push). perf:trend reads it and writes its change points to it, and perf:compare and
 * perf:check read it without pushing; they launch JMH, so they cannot extend this class, and declare the settings
 * they read themselves (perf:trend all four, perf:compare the first three), read by the same {@link HistorySettings}.
 */
public abstract class AbstractHistoryMojo extends AbstractPerfMojo {
    /**
     * Where the history is kept: {@code git}, a branch of the project's repository ({@code perf.historyBranch},
     * fetched from and pushed to {@code perf.historyRemote}); or a directory, relative to the module unless
     * absolute, e.g. a CI cache: {@code <history>${user.home}/perf-history</history>}.
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.HISTORY, defaultValue = PerfProperties.DEFAULT_HISTORY)
    private String history;

    /**
     * The branch that holds the history when {@code perf.history=git}; created by the first record. A branch that
     * holds anything but the history (e.g. {@code main}) is refused before anything is written to it.
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.HISTORY_BRANCH, defaultValue = PerfProperties.DEFAULT_HISTORY_BRANCH)
    private String historyBranch;

    /**
     * The remote the history branch is fetched from and pushed to.
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.HISTORY_REMOTE, defaultValue = PerfProperties.DEFAULT_HISTORY_REMOTE)
    private String historyRemote;

    /**
     * Fetches the history branch before reading it and pushes it after writing to it; {@code false} keeps it local
     * (push it yourself later).
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.HISTORY_PUSH, defaultValue = PerfProperties.DEFAULT_TRUE)
    private String historyPush;

    protected AbstractHistoryMojo(String goal) {
        super(goal);
    }

    /** The settings above, checked; the store they name is opened by them. */
    protected final HistorySettings historySettings() throws MojoExecutionException {
        return new HistorySettings(history, historyBranch, historyRemote, push());
    }

    /** {@code perf.historyPush}, read by the one switch rule. */
    final boolean push() throws MojoExecutionException {
        return PerfGoal.flag(PerfProperties.HISTORY_PUSH, historyPush, PerfProperties.DEFAULT_TRUE);
    }

    /**
     * The store the settings name, fetched before reading and pushed after writing as {@code perf.historyPush} says.
     *
     * @throws MojoExecutionException for a bad setting, naming the property
     * @throws HistoryException when the store cannot be opened here (the git store outside a git repository)
     */
    protected final HistoryStore openStore(Path directory) throws MojoExecutionException, HistoryException {
        try {
            return historySettings().open(directory);
        } catch (IllegalArgumentException e) {
            throw new MojoExecutionException(e.getMessage(), e);
        }
    }
}
