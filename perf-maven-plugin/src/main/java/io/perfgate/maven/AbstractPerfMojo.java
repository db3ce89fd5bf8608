package io.perfgate.maven;

import io.perfgate.config.PerfProperties;
import org.apache.maven.execution.MavenSession;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugin.descriptor.PluginDescriptor;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.project.MavenProject;

/**
 * The base of the goals that measure nothing (perf:merge, perf:methodology, perf:report, and through
 * {@link AbstractHistoryMojo} perf:record): the skip switch and the core objects of the build. The
 * goals that launch JMH have {@link AbstractJmhMojo} instead; what both share is {@link PerfGoal}'s.
 */
abstract class AbstractPerfMojo extends AbstractMojo implements PerfGoal {
    /**
     * Skips the goal; the reason is logged. perf:report also leaves its page out of the site.
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.SKIP, defaultValue = PerfProperties.DEFAULT_FALSE)
    private String skip;

    @Parameter(defaultValue = "${project}", readonly = true, required = true)
    protected MavenProject project;

    @Parameter(defaultValue = "${session}", readonly = true, required = true)
    protected MavenSession session;

    @Parameter(defaultValue = "${plugin}", readonly = true, required = true)
    protected PluginDescriptor plugin;

    private final String goal;

    /** @param goal the goal's name, as in {@code perf:<goal>}, for the log */
    protected AbstractPerfMojo(String goal) {
        this.goal = goal;
    }

    @Override
    public final void execute() throws MojoExecutionException, MojoFailureException {
        runGoal();
    }

    @Override
    public final String goal() {
        return goal;
    }

    @Override
    public final String skipSetting() {
        return skip;
    }

    @Override
    public final MavenProject project() {
        return project;
    }

    @Override
    public final MavenSession session() {
        return session;
    }

    @Override
    public final PluginDescriptor plugin() {
        return plugin;
    }
}
