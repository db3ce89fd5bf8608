package io.perfgate.maven;

import io.perfgate.profile.AsyncProfilerLibrary;
import io.perfgate.profile.ProfileMode;
import io.perfgate.profile.ProfilerAgent;
import io.perfgate.profile.ProfilerChoice;
import io.perfgate.profile.ProfilerSetup;
import java.io.IOException;
import java.nio.file.Path;
import org.apache.maven.project.MavenProject;
import org.eclipse.aether.RepositorySystem;
import org.eclipse.aether.RepositorySystemSession;
import org.eclipse.aether.artifact.DefaultArtifact;
import org.eclipse.aether.resolution.ArtifactRequest;
import org.eclipse.aether.resolution.ArtifactResolutionException;

/**
 * The profiler's own artifacts from Maven Central, resolved as Maven resolves any artifact (offline from the local
 * repository): {@code tools.profiler:async-profiler} in this platform's classifier, whose native library is
 * copied out of the jar, and {@code tools.profiler:jfr-converter}, which draws the flame graphs. What cannot be had
 * is not an error: the setup says why, and profiling falls back to JFR or leaves the flame graph pages out.
 */
final class ProfilerArtifacts {
    static final String GROUP_ID = "tools.profiler";
    static final String ASYNC_PROFILER = "async-profiler";
    static final String CONVERTER = "jfr-converter";

    private ProfilerArtifacts() {
    }

    static ProfilerSetup setup(ProfileMode mode, ProfilerChoice choice, String version, Path libraryDirectory,
            Path java, MavenProject project, RepositorySystem system, RepositorySystemSession session) {
        if (mode == ProfileMode.NONE) {
            return ProfilerSetup.none();
        }
        ProfilerAgent async = null;
        String asyncMissing = null;
        if (choice != ProfilerChoice.JFR) {
            String classifier = AsyncProfilerLibrary.classifier(System.getProperty("os.name"),
                    System.getProperty("os.arch"));
            if (classifier == null) {
                asyncMissing = "it has no build for " + System.getProperty("os.name") + " on "
                        + System.getProperty("os.arch");
            } else {
                String coordinates = GROUP_ID + ":" + ASYNC_PROFILER + ":jar:" + classifier + ":" + version;
                try {
                    Path jar = resolve(new DefaultArtifact(GROUP_ID, ASYNC_PROFILER, classifier, "jar", version),
                            project, system, session);
                    async = ProfilerAgent.asyncProfiler(AsyncProfilerLibrary.extract(jar,
                            libraryDirectory.resolve(version + "-" + classifier)), version);
                } catch (ArtifactResolutionException e) {
                    asyncMissing = coordinates + " could not be resolved (" + e.getMessage() + "); build once"
                            + " online so that it reaches the local repository";
                } catch (IOException e) {
                    asyncMissing = "its library could not be taken out of " + coordinates + ": " + e.getMessage();
                }
            }
        }
        Path converter = null;
        String converterMissing = null;
        try {
            converter = resolve(new DefaultArtifact(GROUP_ID, CONVERTER, "jar", version), project, system, session);
        } catch (ArtifactResolutionException e) {
            converterMissing = GROUP_ID + ":" + CONVERTER + ":" + version + " could not be resolved ("
                    + e.getMessage() + ")";
        }
        return new ProfilerSetup(mode, choice, async, asyncMissing, converter, converterMissing, java);
    }

    /** {@code artifact} from the plugin's repositories (offline: the local repository), as Maven resolves any. */
    static Path resolve(DefaultArtifact artifact, MavenProject project, RepositorySystem system,
            RepositorySystemSession session) throws ArtifactResolutionException {
        ArtifactRequest request = new ArtifactRequest(artifact, project.getRemotePluginRepositories(), null);
        return system.resolveArtifact(session, request).getArtifact().getFile().toPath();
    }
}
