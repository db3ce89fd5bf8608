package io.perfgate.maven;

import io.perfgate.config.PerfProperties;
import io.perfgate.jmh.BenchmarkListReader;
import java.util.ArrayList;
import java.util.List;
import org.apache.maven.execution.MavenSession;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.project.MavenProject;

/**
 * What perf:run (or, with {@code perf.against}, the comparison of perf:check or perf:compare) found in each module
 * of a reactor, so that a module without benchmarks is skipped rather than failing the build, and the build fails
 * for lack of benchmarks only when no module has any (as Surefire's {@code failIfNoTests} does). Each module
 * records its finding in its own project context; the last module of the reactor reads them all. In one build
 * only one of them records: perf:run skips itself when {@code perf.against} is set.
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
     * Why {@code project}, a module of a reactor, is skipped: {@code reason} when there is one, else, after recording
     * what was found, "none found" (where it looked: {@code looked}) or null. Whenever the module is skipped and it
     * is the reactor's last, fails the build when no module had benchmarks (or, for a {@code comparison},
     * benchmarks to compare: scenarios are not compared), so a build never ends green without measuring.
     */
    static String moduleSkipReason(MavenSession session, MavenProject project, String reason, boolean found,
            String looked, boolean comparison) throws MojoExecutionException {
        if (reason == null) {
            record(project, found);
            if (!found) {
                reason = comparison
                        ? "no JMH benchmarks to compare in this module (no " + BenchmarkListReader.RESOURCE + " in "
                                + looked + ")"
                        : "no JMH benchmarks (no " + BenchmarkListReader.RESOURCE + " in " + looked
                                + ") and no scenarios in this module";
            }
        }
        String none = reason == null ? null : noneInReactor(session, project, comparison);
        if (none != null) {
            throw new MojoExecutionException(none);
        }
        return reason;
    }

    /** True when perf:run looked at {@code project} in this build and found neither benchmarks nor scenarios. */
    static boolean foundNone(MavenProject project) {
        return Boolean.FALSE.equals(project.getContextValue(KEY));
    }

    /**
     * When {@code current} is the reactor's last module and no module looked at in this build had benchmarks, the
     * message that fails the build, listing the modules; else null.
     */
    static String noneInReactor(MavenSession session, MavenProject current, boolean comparison) {
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
        String advice = ". Compile the benchmarks with JMH's annotation processor (jmh-generator-annprocess) in the"
                + " module that holds them";
        if (comparison) {
            return "No module of this build has JMH benchmarks to compare with " + PerfProperties.AGAINST
                    + "; the comparison looked in " + String.join(", ", looked) + advice
                    + " (scenarios are not compared).";
        }
        return "No module of this build has JMH benchmarks or scenarios; perf:run looked in " + String.join(", ", looked)
                + advice + ", or add -D" + PerfProperties.INCLUDE_MAIN_CLASSES + "=true when they are in its main"
                + " sources.";
    }
}
