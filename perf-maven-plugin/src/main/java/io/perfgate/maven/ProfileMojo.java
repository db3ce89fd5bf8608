package io.perfgate.maven;

import io.perfgate.baseline.ProfileSelection;
import io.perfgate.config.PerfProperties;
import io.perfgate.workspace.CompareException;
import io.perfgate.profile.ProfileEvidence;
import io.perfgate.profile.ProfileMode;
import io.perfgate.profile.ProfilerSetup;
import io.perfgate.report.ProfileSummary;
import java.io.IOException;
import java.util.List;
import javax.inject.Inject;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.plugins.annotations.ResolutionScope;
import org.apache.maven.toolchain.ToolchainManager;
import org.eclipse.aether.RepositorySystem;

/**
 * Profiles the selected benchmarks and scenarios on demand, measuring nothing else: one fork of each (per
 * parameter combination, a scenario in one cold run) with async-profiler, or JFR where it cannot load, then the
 * flame graphs and {@code attribution.json} under {@code target/perf/profiles/<benchmark>/} and the top frames on
 * the console. <pre>mvn test-compile io.perfgate:perf-maven-plugin:0.1.0-SNAPSHOT:profile -Dperf.includes=Codec</pre>
 *
 * <p>With {@code perf.against=<ref>} the base is built as perf:compare builds it (a worktree under the output
 * directory, removed again) and each benchmark both sides have is profiled on both, base and candidate in a
 * random order, and attributed before and after. The costs per operation are then the profiled forks' own scores:
 * one fork per side, with a profiler attached, which shows where time goes but does not establish a change;
 * perf:compare does that, and profiles what it finds.
 *
 * @since 0.1.0
 */
@Mojo(name = "profile", requiresDependencyResolution = ResolutionScope.TEST, threadSafe = true)
public class ProfileMojo extends AbstractJmhMojo {
    /**
     * The ref to profile against: the base is its merge base with HEAD, as in perf:compare. Empty: the working
     * tree alone.
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.AGAINST, defaultValue = PerfProperties.DEFAULT_EMPTY)
    private String against;

    @Inject
    public ProfileMojo(ToolchainManager toolchainManager, RepositorySystem repositorySystem) {
        super("profile", toolchainManager, repositorySystem);
    }

    @Override
    public void executeGoal() throws MojoExecutionException {
        Measurement m = measurement();
        // perf.profile chooses what the measuring goals profile; this goal profiles its whole selection
        ProfilerSetup setup = profiler().setup(ProfileMode.ALL);
        List<ProfileEvidence> evidence;
        try {
            evidence = new ProfileSelection(MavenCommands.baseBuild(session), m.roundLauncher("profile-forks", "",
                    true), perfLog()).profile(against, m.checkoutPaths(), m.testClasspath(), setup,
                            (targets, stored) -> profiler().workingTree(targets, setup, stored));
        } catch (CompareException e) {
            throw new MojoExecutionException(e.getMessage(), e);
        } catch (IOException e) {
            throw new MojoExecutionException("perf:profile could not write to " + display(outputDirectory.toPath())
                    + ": " + e.getMessage(), e);
        }
        ProfileSummary.consoleLines(evidence).forEach(getLog()::info);
        if (evidence.isEmpty()) {
            getLog().warn("perf:profile wrote no profile; the warnings above say why");
        }
    }
}
