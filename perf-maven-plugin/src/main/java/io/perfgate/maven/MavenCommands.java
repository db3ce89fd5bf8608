package io.perfgate.maven;

import io.perfgate.config.PerfProperties;
import io.perfgate.run.RepeatCommand;
import io.perfgate.workspace.BaseBuild;
import java.io.File;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.maven.execution.MavenExecutionRequest;
import org.apache.maven.execution.MavenSession;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.descriptor.PluginDescriptor;
import org.apache.maven.project.MavenProject;

/**
 * Commands and paths as a user of this build would type them, for messages and for repeating a run; and the
 * Maven command that builds perf:compare's base the way this build runs.
 */
final class MavenCommands {
    private MavenCommands() {
    }

    /**
     * The command that measures and records a baseline for this module the way this build was started: the same
     * profiles, and {@code -pl} in a multi-module build. It stops at {@code test-compile}, so the check bound to
     * {@code verify} does not run first and stop it on the very FAIL (or missing baseline, or environment refusal)
     * that made the user re-record; {@code clean} drops results of an earlier run, so {@code perf:baseline}
     * measures instead of recording them.
     */
    static String recordBaseline(MavenSession session, MavenProject project, PluginDescriptor plugin) {
        StringBuilder sb = new StringBuilder("mvn");
        List<String> profiles = session == null ? null : session.getRequest().getActiveProfiles();
        if (profiles != null && !profiles.isEmpty()) {
            sb.append(" -P").append(String.join(",", profiles));
        }
        if (session != null && session.getProjects() != null && session.getProjects().size() > 1) {
            sb.append(" -pl :").append(project.getArtifactId());
        }
        return sb.append(" clean test-compile ").append(goal(session, project, plugin, "baseline")).toString();
    }

    /**
     * The command that accepts an intended slowdown: records the results the failed check just judged as the
     * baseline, with a reason, without measuring again ({@code perf:baseline} without a lifecycle phase reads the
     * existing results). Same profiles and {@code -pl} as this build.
     */
    static String acceptSlowdown(MavenSession session, MavenProject project, PluginDescriptor plugin) {
        StringBuilder sb = new StringBuilder("mvn");
        List<String> profiles = session == null ? null : session.getRequest().getActiveProfiles();
        if (profiles != null && !profiles.isEmpty()) {
            sb.append(" -P").append(String.join(",", profiles));
        }
        if (session != null && session.getProjects() != null && session.getProjects().size() > 1) {
            sb.append(" -pl :").append(project.getArtifactId());
        }
        return sb.append(' ').append(goal(session, project, plugin, "baseline")).append(" -D")
                .append(PerfProperties.REASON).append("=\"<why it is expected>\"").toString();
    }

    /**
     * A goal of this plugin as this build can call it: {@code perf:<name>} when Maven can resolve the prefix (the
     * project declares the plugin, or the settings list its group in {@code <pluginGroups>}), else with the full
     * coordinates the build was started with, e.g. {@code io.perfgate:perf-maven-plugin:0.1.0-SNAPSHOT:baseline}.
     */
    static String goal(MavenSession session, MavenProject project, PluginDescriptor plugin, String name) {
        if (plugin == null || project == null) {
            return "perf:" + name;
        }
        boolean declared = project.getBuildPlugins().stream().anyMatch(p -> plugin.getGroupId().equals(
                p.getGroupId()) && plugin.getArtifactId().equals(p.getArtifactId()));
        boolean grouped = session != null && session.getSettings() != null
                && session.getSettings().getPluginGroups().contains(plugin.getGroupId());
        return declared || grouped ? "perf:" + name
                : plugin.getGroupId() + ":" + plugin.getArtifactId() + ":" + plugin.getVersion() + ":" + name;
    }

    /**
     * The command that measures again as this build did: its profiles, its module selection ({@code -pl .. -am} in
     * a reactor, else {@code -f}), the build's own {@code -D} properties (skips, repositories, this plugin's
     * settings), then the goal's properties over them.
     */
    static String repeat(MavenSession session, MavenProject project, String goal, Map<String, String> properties) {
        List<String> profiles = session == null ? null : session.getRequest().getActiveProfiles();
        Map<String, String> all = new LinkedHashMap<>();
        if (session != null && session.getUserProperties() != null) {
            // sorted, so the command reads the same from build to build; the goal's own values win
            new TreeMap<>(session.getUserProperties()).forEach((k, v) -> all.put(k.toString(), v.toString()));
        }
        all.putAll(properties);
        return RepeatCommand.of(profiles == null ? List.of() : profiles, selection(session, project), goal, all);
    }

    /**
     * How the build picked the module: {@code -pl <modules> [-am]} as given (a module of a reactor built with its
     * upstream modules, where {@code -f} would take the others from the local repository), else {@code -f <pom>}
     * when Maven started elsewhere, else nothing.
     */
    static List<String> selection(MavenSession session, MavenProject project) {
        if (session != null && session.getRequest() != null) {
            List<String> selected = session.getRequest().getSelectedProjects();
            if (selected != null && !selected.isEmpty()) {
                List<String> args = new ArrayList<>(List.of("-pl", String.join(",", selected)));
                String make = session.getRequest().getMakeBehavior();
                if (MavenExecutionRequest.REACTOR_MAKE_UPSTREAM.equals(make)
                        || MavenExecutionRequest.REACTOR_MAKE_BOTH.equals(make)) {
                    args.add("-am");
                }
                return args;
            }
        }
        String pom = pomArgument(session, project);
        return pom == null ? List.of() : List.of("-f", pom);
    }

    /** {@code -f}'s argument for a module that is not where Maven was started: its POM relative to there; or null. */
    static String pomArgument(MavenSession session, MavenProject project) {
        if (session == null || session.getExecutionRootDirectory() == null || project == null
                || project.getFile() == null) {
            return null;
        }
        Path executionRoot = Paths.get(session.getExecutionRootDirectory()).toAbsolutePath();
        Path basedir = project.getFile().toPath().toAbsolutePath().getParent();
        return executionRoot.equals(basedir) ? null
                : executionRoot.relativize(project.getFile().toPath().toAbsolutePath()).toString();
    }

    /**
     * The command that repeats a comparison in the same order: the JMH options the user set, the ref and the seed,
     * and each comparison switch that differs from its default.
     */
    static String repeatComparison(MavenSession session, MavenProject project, String goal,
            Map<String, String> jmhSettings, String against, long seed, boolean adaptive, boolean affected,
            int maxForks) {
        return repeatComparison(session, project, goal, jmhSettings, against, seed, adaptive, affected, maxForks,
                java.util.Collections.emptyMap());
    }

    /** As above, with the properties of a comparison of treatments ({@code perf.treatments} and its kin). */
    static String repeatComparison(MavenSession session, MavenProject project, String goal,
            Map<String, String> jmhSettings, String against, long seed, boolean adaptive, boolean affected,
            int maxForks, Map<String, String> treatments) {
        Map<String, String> properties = new LinkedHashMap<>(jmhSettings);
        properties.putAll(treatments);
        properties.put(PerfProperties.AGAINST, against);
        properties.put(PerfProperties.SEED, Long.toString(seed));
        if (!adaptive) {
            properties.put(PerfProperties.ADAPTIVE, "false");
        }
        if (affected) {
            properties.put(PerfProperties.AFFECTED, "true");
        }
        if (maxForks != Integer.parseInt(PerfProperties.DEFAULT_MAX_FORKS)) {
            properties.put(PerfProperties.MAX_FORKS, Integer.toString(maxForks));
        }
        return repeat(session, project, goal, properties);
    }

    /** The base is built by the Maven running this build, with its JDK, local repository, settings and profiles. */
    static BaseBuild baseBuild(MavenSession session) throws MojoExecutionException {
        String home = System.getProperty("maven.home");
        if (home == null || home.isEmpty()) {
            home = System.getenv("MAVEN_HOME");
        }
        if (home == null || home.isEmpty() || !new File(home, "bin").isDirectory()) {
            throw new MojoExecutionException("Cannot find the Maven installation running this build (maven.home is "
                    + home + "); perf:compare builds the base with it. Set MAVEN_HOME.");
        }
        Map<String, String> userProperties = new LinkedHashMap<>();
        session.getUserProperties().forEach((k, v) -> userProperties.put(k.toString(), v.toString()));
        File localRepository = session.getRequest().getLocalRepositoryPath();
        return BaseBuild.builder(Paths.get(home))
                .javaHome(Paths.get(System.getProperty("java.home")))
                .localRepository(localRepository == null ? null : localRepository.toPath())
                .settings(path(session.getRequest().getUserSettingsFile()),
                        path(session.getRequest().getGlobalSettingsFile()))
                .toolchains(path(session.getRequest().getUserToolchainsFile()),
                        path(session.getRequest().getGlobalToolchainsFile()))
                .offline(session.isOffline())
                .activeProfiles(session.getRequest().getActiveProfiles())
                .userProperties(userProperties)
                .build();
    }

    private static Path path(File file) {
        return file == null ? null : file.toPath();
    }

    /** {@code path} relative to the module's directory when inside it, else absolute. */
    static String relative(MavenProject project, Path path) {
        Path abs = path.toAbsolutePath().normalize();
        if (project != null && project.getBasedir() != null) {
            Path base = project.getBasedir().toPath().toAbsolutePath().normalize();
            if (abs.startsWith(base)) {
                return base.relativize(abs).toString().replace('\\', '/');
            }
        }
        return abs.toString();
    }
}
