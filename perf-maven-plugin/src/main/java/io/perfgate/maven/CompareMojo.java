package io.perfgate.maven;

import io.perfgate.compare.BisectExitCode;
import io.perfgate.compare.CompareException;
import io.perfgate.compare.CompareRequest;
import io.perfgate.compare.JmhLauncher;
import io.perfgate.compare.PreMergeComparison;
import io.perfgate.compare.PreMergeResult;
import io.perfgate.config.PerfProperties;
import io.perfgate.env.StealTime;
import io.perfgate.gate.GateSettings;
import io.perfgate.jmh.JmhOptions;
import io.perfgate.report.ReportWriter;
import java.io.IOException;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import javax.inject.Inject;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.plugins.annotations.ResolutionScope;
import org.apache.maven.toolchain.ToolchainManager;

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
 * <p>Bound to {@code verify}, the goal does nothing unless {@code perf.against} is set, so it can sit in the same
 * profile as perf:run and perf:check, which skip themselves when it is set:
 * <pre>mvn verify -Pperf -Dperf.against=origin/main</pre>
 * or, without any POM change: {@code mvn test-compile io.perfgate:perf-maven-plugin:compare -Dperf.against=origin/main}.
 *
 * @since 0.1.0
 */
@Mojo(name = "compare", defaultPhase = LifecyclePhase.VERIFY, requiresDependencyResolution = ResolutionScope.TEST)
public class CompareMojo extends AbstractInterleavedMojo {
    /**
     * The branch, tag or commit to compare with; the base is its merge base with HEAD, e.g. {@code origin/main}
     * for a pull request. Empty: the goal skips itself. A value that is not a valid ref name (for instance one
     * starting with {@code -}) is refused.
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.AGAINST, defaultValue = PerfProperties.DEFAULT_EMPTY)
    private String against;

    /**
     * Adaptive stopping: look after 5 rounds and stop a benchmark whose verdict is settled (PASS when a slowdown
     * of the limit is ruled out, FAIL at alpha / 2), else run up to {@code maxForks} rounds and decide at
     * alpha / 2. {@code false}: every benchmark runs {@code maxForks} rounds and is decided at alpha.
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.ADAPTIVE, defaultValue = PerfProperties.DEFAULT_TRUE)
    private boolean adaptive;

    /**
     * The most rounds per benchmark, i.e. forks per side; at least 5.
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.MAX_FORKS, defaultValue = PerfProperties.DEFAULT_MAX_FORKS)
    private int maxForks;

    /**
     * For {@code git bisect run}: writes {@code bisect-exit-code} to the output directory (0 when nothing FAILs
     * and every comparison is PASS or IMPROVED, 1 when a benchmark FAILs, 125 otherwise). A commit that does not
     * build leaves no file, which the documented command reads as 125:
     * <pre>git bisect run sh -c 'rm -f target/perf/bisect-exit-code; mvn -q verify -Pperf -Dperf.against=GOOD
     *   -Dperf.bisect=true; exit $(cat target/perf/bisect-exit-code 2&gt;/dev/null || echo 125)'</pre>
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.BISECT, defaultValue = PerfProperties.DEFAULT_FALSE)
    private boolean bisect;

    @Inject
    public CompareMojo(ToolchainManager toolchainManager) {
        super("compare", toolchainManager);
    }

    /** A skipped comparison must not leave the verdict of an earlier one for {@code git bisect run} to read. */
    @Override
    protected void clearStaleOutputs() throws MojoExecutionException {
        if (bisect) {
            try {
                BisectExitCode.clear(outputDirectory.toPath());
            } catch (IOException e) {
                throw new MojoExecutionException("Cannot remove the old " + BisectExitCode.FILE_NAME + " in "
                        + display(outputDirectory.toPath()) + ": " + e.getMessage(), e);
            }
        }
    }

    @Override
    protected void executeGoal() throws MojoExecutionException, MojoFailureException {
        CompareRequest request = request();
        PreMergeResult result;
        try {
            result = new PreMergeComparison(MavenCommands.baseBuild(session), launcher(request.seed()), perfLog())
                    .run(request);
        } catch (CompareException e) {
            throw new MojoExecutionException(e.getMessage(), e);
        } catch (IOException e) {
            throw new MojoExecutionException("perf:compare could not write to " + display(outputDirectory.toPath())
                    + ": " + e.getMessage(), e);
        }
        StealTime.log(result.stealShare(), "the rounds", perfLog());
        logReport(result.report());
        List<String> files = new ArrayList<>();
        result.writtenFiles().forEach(p -> files.add(display(p)));
        getLog().info("Reports: " + String.join(", ", files));
        if (bisect) {
            writeBisectExitCode(result.bisectExitCode());
        }
        Optional<String> measurementFailure = result.measurementFailure();
        if (measurementFailure.isPresent()) {
            throw new MojoExecutionException(measurementFailure.get());
        }
        getLog().info(result.summary());
        if (result.report().failsBuild()) {
            throw new MojoFailureException(result.regressionMessage(files.get(0)));
        }
    }

    private void writeBisectExitCode(int code) throws MojoExecutionException {
        try {
            Path file = BisectExitCode.write(outputDirectory.toPath(), code);
            getLog().info("git bisect: exit code " + code + " written to " + display(file));
        } catch (IOException e) {
            throw new MojoExecutionException("Cannot write " + BisectExitCode.FILE_NAME + ": " + e.getMessage(), e);
        }
    }

    @Override
    protected String skipReason() {
        String common = super.skipReason();
        if (common != null) {
            return common;
        }
        if (against == null || against.trim().isEmpty()) {
            return PerfProperties.AGAINST + " is not set (give -D" + PerfProperties.AGAINST
                    + "=origin/main to measure the working tree against its base)";
        }
        return null;
    }

    private CompareRequest request() throws MojoExecutionException {
        GateSettings settings = gateSettings();
        Set<ReportWriter.Format> formats = reportFormats();
        if (maxForks < 5) {
            throw new MojoExecutionException(PerfProperties.MAX_FORKS + " = " + maxForks + ", but the gate needs at"
                    + " least 5 forks per side; use 5 or more (15 by default)");
        }
        Path basedir = project.getBasedir().toPath().toAbsolutePath();
        Path root = session.getTopLevelProject() != null ? session.getTopLevelProject().getBasedir().toPath()
                : basedir;
        long seedValue = seedValue();
        return CompareRequest.builder().against(against.trim()).moduleDirectory(basedir)
                .reactorRoot(root.toAbsolutePath()).outputDirectory(outputDirectory.toPath().toAbsolutePath())
                .outputs(basedir.relativize(Paths.get(project.getBuild().getTestOutputDirectory()).toAbsolutePath()),
                        basedir.relativize(Paths.get(project.getBuild().getOutputDirectory()).toAbsolutePath()))
                .candidateClasspath(testClasspath()).seed(seedValue).adaptive(adaptive).maxForks(maxForks)
                .settings(settings).command(command(seedValue)).toolVersion(PluginVersion.get())
                .reportFormats(formats).build();
    }

    private JmhLauncher launcher(long seedValue) throws MojoExecutionException {
        JmhOptions options = jmhOptions();
        return new JmhLauncher(options, java(), outputDirectory.toPath().resolve("compare-forks"))
                .describing(project.getBasedir().toPath(), session.getSystemProperties().getProperty("maven.version"),
                        PluginVersion.get(), command(seedValue));
    }

    /** The command that repeats this comparison in the same order. */
    private String command(long seedValue) throws MojoExecutionException {
        Map<String, String> properties = new LinkedHashMap<>(jmhOptions().userSettings());
        properties.put(PerfProperties.AGAINST, against.trim());
        properties.put(PerfProperties.SEED, Long.toString(seedValue));
        if (!adaptive) {
            properties.put(PerfProperties.ADAPTIVE, "false");
        }
        if (maxForks != Integer.parseInt(PerfProperties.DEFAULT_MAX_FORKS)) {
            properties.put(PerfProperties.MAX_FORKS, Integer.toString(maxForks));
        }
        return MavenCommands.repeat(qualifiedGoal("compare"), properties);
    }
}
