package io.perfgate.maven;

import io.perfgate.config.PerfProperties;
import java.nio.file.Path;
import java.util.List;
import org.apache.maven.execution.MavenSession;
import org.apache.maven.project.MavenProject;

/** Commands and paths as a user of this build would type them, for messages. */
final class MavenCommands {
    private MavenCommands() {
    }

    /**
     * The command that records a baseline for this module the way this build was started: the same profiles,
     * and {@code -pl} in a multi-module build. With {@code perf.failOnMissingBaseline=true} the check in
     * {@code verify} would stop the build before {@code perf:baseline} runs, so the command switches it off.
     */
    static String recordBaseline(MavenSession session, MavenProject project, boolean failOnMissingBaseline) {
        StringBuilder sb = new StringBuilder("mvn verify");
        List<String> profiles = session == null ? null : session.getRequest().getActiveProfiles();
        if (profiles != null && !profiles.isEmpty()) {
            sb.append(" -P").append(String.join(",", profiles));
        }
        if (session != null && session.getProjects() != null && session.getProjects().size() > 1) {
            sb.append(" -pl :").append(project.getArtifactId());
        }
        if (failOnMissingBaseline) {
            sb.append(" -D").append(PerfProperties.FAIL_ON_MISSING_BASELINE).append("=false");
        }
        return sb.append(" perf:baseline").toString();
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
