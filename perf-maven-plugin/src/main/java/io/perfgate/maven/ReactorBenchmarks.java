package io.perfgate.maven;

import io.perfgate.jmh.BenchmarkListReader;
import java.util.ArrayList;
import java.util.List;
import org.apache.maven.execution.MavenSession;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.project.MavenProject;

/**
 * What perf:run found in each module of a reactor, so that a module without benchmarks is skipped rather than
 * failing the build, and the build fails for lack of benchmarks only when no module has any (as Surefire's
 * {@code failIfNoTests} does). Each module records its finding in its own project context; the last module of
 * the reactor reads them all.
 */
final class ReactorBenchmarks {
    private static final String KEY = ReactorBenchmarks.class.getName() + ".found";

    private ReactorBenchmarks() {
    }

    /** True when the build has more than one module: only then is a module without benchmarks skipped. */
    static boolean isReactor(MavenSession session) {
        return session != null && session.getProjects() != null && session.getProjects().size() > 1;
    }

    /** Records whether perf:run found benchmarks or scenarios in {@code project}. */
    static void record(MavenProject project, boolean found) {
        project.setContextValue(KEY, found);
    }

    /**
     * Records what perf:run found in {@code project}; the skip reason when it found neither benchmarks nor
     * scenarios (where it looked: {@code testClasses}), else null.
     */
    static String lookAt(MavenProject project, boolean found, String testClasses) {
        record(project, found);
        return found ? null : "no JMH benchmarks (no " + BenchmarkListReader.RESOURCE + " in " + testClasses
                + ") and no scenarios in this module";
    }

    /** At the reactor's last module: fails the build when no module had benchmarks ({@link #noneInReactor}). */
    static void failWhenNoneInReactor(MavenSession session, MavenProject current) throws MojoExecutionException {
        String none = noneInReactor(session, current);
        if (none != null) {
            throw new MojoExecutionException(none);
        }
    }

    /** True when perf:run looked at {@code project} in this build and found neither benchmarks nor scenarios. */
    static boolean foundNone(MavenProject project) {
        return Boolean.FALSE.equals(project.getContextValue(KEY));
    }

    /**
     * When {@code current} is the reactor's last module and perf:run found benchmarks in none of the modules it
     * looked at, the message that fails the build, listing them; else null.
     */
    static String noneInReactor(MavenSession session, MavenProject current) {
        List<MavenProject> projects = session.getProjects();
        if (projects.isEmpty() || projects.get(projects.size() - 1) != current) {
            return null;
        }
        List<String> looked = new ArrayList<>();
        for (MavenProject p : projects) {
            Object found = p.getContextValue(KEY);
            if (Boolean.TRUE.equals(found)) {
                return null;
            }
            if (found != null) {
                looked.add(p.getArtifactId());
            }
        }
        if (looked.isEmpty()) {
            return null;
        }
        return "No module of this build has JMH benchmarks or scenarios; perf:run looked in " + String.join(", ", looked)
                + ". Compile the benchmarks with JMH's annotation processor (jmh-generator-annprocess) in the module"
                + " that holds them, or add -Dperf.includeMainClasses=true when they are in its main sources.";
    }
}
