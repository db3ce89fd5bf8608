package io.perfgate.maven;

import io.perfgate.config.PerfProperties;
import io.perfgate.history.HistoryRecord;
import java.util.List;
import javax.inject.Inject;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.plugins.annotations.ResolutionScope;
import org.apache.maven.toolchain.ToolchainManager;
import org.eclipse.aether.RepositorySystem;

/**
 * Pre-merge check: measures the working tree against the merge base of HEAD and {@code perf.against} on this
 * machine, in randomized interleaved rounds, and judges them with perf:check's rule. A baseline stored on another
 * machine or day carries machine-to-machine differences of 5-10 %; measuring both versions in the same job does
 * not.
 *
 * <p>The base commit is checked out with {@code git worktree add --detach} under the output directory, built there
 * with the Maven and JDK of this build ({@code test-compile}, tests skipped, offline first), and removed again,
 * also on failure; your checkout, index, branches and stash are never touched, and uncommitted changes are
 * measured as they are. Each round runs one fork of each benchmark for the base and one for the working tree, in
 * an order drawn from {@code perf.seed}. With adaptive stopping (the default) a benchmark stops after 5 rounds
 * when its verdict is settled, and otherwise runs up to {@code perf.maxForks} rounds.
 *
 * <p>perf:check does the same comparison when {@code perf.against} is set, so the README's profile (perf:run and
 * perf:check bound to {@code verify}) needs nothing more: {@code mvn verify -Pperf -Dperf.against=origin/main}.
 * This goal is the way without any POM change:
 * {@code mvn test-compile io.perfgate:perf-maven-plugin:0.1.0-SNAPSHOT:compare -Dperf.against=origin/main}. Bound to
 * {@code verify} it does nothing unless {@code perf.against} is set. When a POM binds both perf:check and
 * perf:compare, the first of the two to run in a module compares (it logs {@code perf:<goal>: measuring the
 * working tree against <ref>}) and the other logs that the module was already compared, so nothing is measured
 * twice.
 *
 * @since 0.1.0
 */
@Mojo(name = "compare", defaultPhase = LifecyclePhase.VERIFY, requiresDependencyResolution = ResolutionScope.TEST)
public class CompareMojo extends AbstractPreMergeMojo {

    /**
     * Where the history is kept ({@code git} or a directory): read as it is, without fetching, to run the benchmarks
     * whose past runs changed most often first. @since 0.1.0
     */
    @Parameter(property = PerfProperties.HISTORY, defaultValue = PerfProperties.DEFAULT_HISTORY)
    private String history;

    /** The branch that holds the history when {@code perf.history=git}. @since 0.1.0 */
    @Parameter(property = PerfProperties.HISTORY_BRANCH, defaultValue = PerfProperties.DEFAULT_HISTORY_BRANCH)
    private String historyBranch;

    /** The remote of the history branch. @since 0.1.0 */
    @Parameter(property = PerfProperties.HISTORY_REMOTE, defaultValue = PerfProperties.DEFAULT_HISTORY_REMOTE)
    private String historyRemote;

    @Inject
    public CompareMojo(ToolchainManager toolchainManager, RepositorySystem repositorySystem) {
        super("compare", toolchainManager, repositorySystem);
    }

    @Override
    protected String skipReason() throws MojoExecutionException {
        refuseTreatmentsWithoutAgainst();
        if (!comparing()) {
            String reason = skipFlagReason();
            return reason != null ? reason : PerfProperties.AGAINST + " is not set (give -D" + PerfProperties.AGAINST
                    + "=origin/main to measure the working tree against its base)";
        }
        return comparisonSkipReason();
    }

    @Override
    protected List<HistoryRecord> orderHistory() {
        return readHistory(history, historyBranch, historyRemote);
    }

    @Override
    protected void executeGoal() throws MojoExecutionException, MojoFailureException {
        compare();
    }
}
