package io.perfgate.maven;

import java.io.File;
import java.nio.file.Path;
import java.nio.file.Paths;
import org.apache.maven.execution.MavenSession;
import org.apache.maven.project.MavenProject;

/**
 * Where a goal that also runs outside a Maven project (perf:trend) reads and writes: the project's directory, or,
 * under Maven's stand-in project (no POM), the working directory.
 */
final class StandInProject {
    private final MavenProject project;
    private final MavenSession session;

    StandInProject(MavenProject project, MavenSession session) {
        this.project = project;
        this.session = session;
    }

    /** Run with no POM (Maven's stand-in project): there is no project to build, only a history to read. */
    boolean outsideProject() {
        return project.getFile() == null;
    }

    /**
     * The directory relative settings start from: the project's, or outside a project the working directory
     * (Maven's stand-in project has no directory).
     */
    Path directory() {
        if (project.getBasedir() != null) {
            return project.getBasedir().toPath();
        }
        String root = session == null ? null : session.getExecutionRootDirectory();
        return Paths.get(root == null ? "" : root).toAbsolutePath();
    }

    /**
     * The output directory; outside a project {@code target/perf} of the working directory unless set, since the
     * stand-in project leaves the default's {@code ${project.basedir}} unresolved.
     */
    Path outputs(File outputDirectory) {
        if (outsideProject() && outputDirectory.getPath().contains("${")) {
            return directory().resolve("target").resolve("perf");
        }
        return directory().resolve(outputDirectory.toPath());
    }
}
