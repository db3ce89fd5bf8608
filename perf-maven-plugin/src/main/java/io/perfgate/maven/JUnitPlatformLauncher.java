package io.perfgate.maven;

import io.perfgate.scenariorunner.ScenarioDefinition;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.maven.artifact.Artifact;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.logging.Log;
import org.apache.maven.project.MavenProject;
import org.eclipse.aether.RepositorySystem;
import org.eclipse.aether.RepositorySystemSession;
import org.eclipse.aether.artifact.DefaultArtifact;
import org.eclipse.aether.resolution.ArtifactRequest;
import org.eclipse.aether.resolution.ArtifactResolutionException;

/**
 * An existing JUnit 5 test measured as a scenario runs through the JUnit Platform launcher, which a project's test
 * dependencies seldom hold (Surefire brings its own). As Surefire does, the launcher is resolved in the version of
 * the project's {@code junit-platform-engine}, since the launcher must match the engine and commons it runs with,
 * and added to the scenario classpath. Offline, it comes from the local repository.
 */
final class JUnitPlatformLauncher {
    static final String GROUP_ID = "org.junit.platform";
    static final String LAUNCHER = "junit-platform-launcher";
    static final String ENGINE = "junit-platform-engine";

    private JUnitPlatformLauncher() {
    }

    /**
     * The launcher's jar when a selected scenario is an existing test and the project has the JUnit Platform's
     * engine but not its launcher; else nothing.
     */
    static List<Path> neededBy(List<ScenarioDefinition> scenarios, MavenProject project, RepositorySystem system,
            RepositorySystemSession session, Log log) throws MojoExecutionException {
        List<Path> none = new ArrayList<>();
        if (scenarios.stream().noneMatch(ScenarioDefinition::isTest)) {
            return none;
        }
        String engineVersion = null;
        for (Artifact a : project.getArtifacts()) {
            if (GROUP_ID.equals(a.getGroupId()) && LAUNCHER.equals(a.getArtifactId())) {
                return none;
            }
            if (GROUP_ID.equals(a.getGroupId()) && ENGINE.equals(a.getArtifactId())) {
                engineVersion = a.getBaseVersion();
            }
        }
        if (engineVersion == null) {
            return none; // JUnit 4 alone: it runs its own tests
        }
        String coordinates = GROUP_ID + ":" + LAUNCHER + ":" + engineVersion;
        ArtifactRequest request = new ArtifactRequest(new DefaultArtifact(GROUP_ID, LAUNCHER, "jar", engineVersion),
                project.getRemoteProjectRepositories(), null);
        try {
            Path launcher = system.resolveArtifact(session, request).getArtifact().getFile().toPath();
            log.info("Existing tests run as scenarios through the JUnit Platform launcher " + coordinates
                    + ", the version of the project's " + ENGINE);
            List<Path> needed = new ArrayList<>();
            needed.add(launcher);
            return needed;
        } catch (ArtifactResolutionException e) {
            throw new MojoExecutionException("A scenario names an existing test (<test>), which runs through the JUnit"
                    + " Platform launcher " + coordinates + " (the version of the project's " + ENGINE + "), and it"
                    + " could not be resolved: " + e.getMessage() + ". Build once online so that it reaches the"
                    + " local repository, or add it to the test dependencies.", e);
        }
    }
}
