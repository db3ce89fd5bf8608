package io.perfgate.maven;

import io.perfgate.affected.ExecutedCodeHistory;
import io.perfgate.config.PerfProperties;
import io.perfgate.history.BuildEnvironment;
import io.perfgate.history.HistoryException;
import io.perfgate.history.HistoryRecord;
import io.perfgate.history.HistoryRecorder;
import io.perfgate.history.HistoryStore;
import io.perfgate.history.NotAHistoryBranchException;
import java.io.File;
import java.security.SecureRandom;
import java.time.Clock;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * Appends the run that {@code perf:run} or {@code perf:check} just measured ({@code target/perf/results.json}) to
 * the history of runs: every fork's values, the environment, the settings, the commit, its parent, the branch, the
 * time and the CI build's link. By default the history is the branch {@code perf-history} of the project's own
 * repository, written with git's plumbing (the working tree, index and HEAD are never touched) and pushed, with
 * retries when another build pushed first; {@code -Dperf.history=<directory>} keeps it in a plain directory instead.
 * Usually run on main after the benchmarks: {@code mvn verify -Pperf perf:record}.
 *
 * <p>Recording never changes a build's verdict: only a bad setting fails it, such as a {@code perf.historyBranch}
 * that names a branch holding anything but the history (e.g. {@code main}): nothing is written to it. A store that
 * cannot be written or pushed (no rights, no network) is one warning, and the record stays on the local branch. A
 * run the history already holds (the same results recorded again) is one warning, and nothing is written.
 *
 * <p>When the measuring goal recorded the code each benchmark ran ({@code perf.executedCode}), the map beside the
 * results ({@code executed-code.json.gz}) is kept with the record, {@code executed-code/<commit>.json.gz} in the
 * store, for {@code perf.affected}; a map of another commit than the one recorded is refused with a warning.
 *
 * @since 0.1.0
 */
@Mojo(name = "record", threadSafe = true)
public class RecordMojo extends AbstractHistoryMojo {
    /**
     * The results to record.
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.RESULTS, defaultValue = PerfProperties.DEFAULT_RESULTS)
    private File results;

    public RecordMojo() {
        super("record");
    }

    @Override
    public void executeGoal() throws MojoExecutionException {
        HistoryStore store;
        try {
            store = openStore(project.getBasedir().toPath());
        } catch (HistoryException e) {
            getLog().warn("The run was not recorded: " + e.getMessage() + ". The verdict is unchanged; set "
                    + PerfProperties.HISTORY + "=<directory> to keep the history in a directory instead.");
            return;
        }
        try {
            HistoryRecord record = new HistoryRecorder(BuildEnvironment.of(System.getenv()), Clock.systemUTC(),
                    new SecureRandom(), perfLog()).record(results.toPath(), project.getBasedir().toPath(), store);
            if (record != null) {
                ExecutedCodeHistory.keep(ExecutedCodeRecording.mapFile(results.toPath()), record.origin().commit(),
                        store, perfLog());
            }
        } catch (NotAHistoryBranchException e) {
            throw new MojoExecutionException("perf:record refused: " + e.getMessage(), e);
        }
    }
}
