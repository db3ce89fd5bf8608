package io.perfgate.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.File;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.maven.execution.DefaultMavenExecutionRequest;
import org.apache.maven.execution.DefaultMavenExecutionResult;
import org.apache.maven.execution.MavenSession;
import org.apache.maven.model.Build;
import org.apache.maven.model.Model;
import org.apache.maven.model.Plugin;
import org.apache.maven.plugin.descriptor.PluginDescriptor;
import org.apache.maven.project.MavenProject;
import org.junit.jupiter.api.Test;

/** The commands a message tells the user to run must run as typed in the build that printed them. */
class MavenCommandsTest {

    private static PluginDescriptor plugin() {
        PluginDescriptor plugin = new PluginDescriptor();
        plugin.setGroupId("io.perfgate");
        plugin.setArtifactId("perf-maven-plugin");
        plugin.setVersion("0.1.0");
        return plugin;
    }

    private static MavenProject project(boolean declaresThePlugin) {
        Model model = new Model();
        model.setBuild(new Build());
        if (declaresThePlugin) {
            Plugin p = new Plugin();
            p.setGroupId("io.perfgate");
            p.setArtifactId("perf-maven-plugin");
            model.getBuild().addPlugin(p);
        }
        return new MavenProject(model);
    }

    @Test
    void aProjectThatDeclaresThePluginGetsThePrefix() {
        assertEquals("perf:baseline", MavenCommands.goal(null, project(true), plugin(), "baseline"));
    }

    /** Called as io.perfgate:perf-maven-plugin:0.1.0:check, "mvn perf:baseline" would not resolve. */
    @Test
    void aProjectCalledByCoordinatesGetsTheCoordinates() {
        assertEquals("io.perfgate:perf-maven-plugin:0.1.0:baseline",
                MavenCommands.goal(null, project(false), plugin(), "baseline"));
        assertEquals("mvn io.perfgate:perf-maven-plugin:0.1.0:baseline -Dperf.reason=\"<why it is expected>\"",
                MavenCommands.acceptSlowdown(null, project(false), plugin()));
        assertEquals("mvn clean test-compile io.perfgate:perf-maven-plugin:0.1.0:baseline",
                MavenCommands.recordBaseline(null, project(false), plugin()));
    }

    /**
     * The command that repeats a calibration or a comparison keeps the profiles and the module's POM, as perf:run's
     * does: without them Maven may not compile the benchmarks at all, or not find the module.
     */
    @Test
    void theRepeatCommandKeepsTheProfilesAndThePom() {
        File root = new File("/work/project").getAbsoluteFile();
        MavenSession session = session(root, "perf", "benchmark");
        MavenProject module = project(true);
        module.setFile(new File(root, "sub/pom.xml"));
        Map<String, String> properties = new LinkedHashMap<>();
        properties.put("perf.forks", "10");
        properties.put("perf.seed", "7");

        assertEquals("mvn -Pperf,benchmark -f sub/pom.xml test-compile perf:calibrate -Dperf.forks=10 -Dperf.seed=7",
                MavenCommands.repeat(session, module, "perf:calibrate", properties));
        assertEquals("mvn -Pperf,benchmark -f sub/pom.xml test-compile perf:compare -Dperf.includes=Fast"
                + " -Dperf.against=origin/main -Dperf.seed=7", MavenCommands.repeatComparison(session, module,
                        "perf:compare", Map.of("perf.includes", "Fast"), "origin/main", 7, true, false, 15));
    }

    /** Started in the module's own directory without profiles, the command needs neither -P nor -f. */
    @Test
    void aBuildStartedInTheModuleRepeatsWithoutProfilesOrPom() {
        File root = new File("/work/project").getAbsoluteFile();
        MavenProject module = project(true);
        module.setFile(new File(root, "pom.xml"));
        assertEquals("mvn test-compile perf:calibrate -Dperf.seed=7",
                MavenCommands.repeat(session(root), module, "perf:calibrate", Map.of("perf.seed", "7")));
    }

    /**
     * A module of a reactor built with -pl .. -am is repeated the same way (with -f its upstream modules would come
     * from the local repository, and a change in them would be measured on neither side), and the build's own -D
     * properties come along, the goal's values over them.
     */
    @Test
    void aReactorModuleIsRepeatedWithItsSelectionAndTheBuildsProperties() {
        File root = new File("/work/avro").getAbsoluteFile();
        MavenSession session = session(root);
        session.getRequest().setSelectedProjects(Arrays.asList("lang/java/perf"));
        session.getRequest().setMakeBehavior(org.apache.maven.execution.MavenExecutionRequest.REACTOR_MAKE_UPSTREAM);
        java.util.Properties user = new java.util.Properties();
        user.setProperty("perf.includeMainClasses", "true");
        user.setProperty("invoker.skip", "true");
        user.setProperty("perf.seed", "1");
        session.getRequest().setUserProperties(user);
        MavenProject module = project(true);
        module.setFile(new File(root, "lang/java/perf/pom.xml"));
        assertEquals("mvn -pl lang/java/perf -am test-compile perf:compare -Dinvoker.skip=true"
                + " -Dperf.includeMainClasses=true -Dperf.seed=7 -Dperf.against=base",
                MavenCommands.repeatComparison(session, module, "perf:compare", Map.of(), "base", 7, true, false, 15));
    }

    private static MavenSession session(File executionRoot, String... profiles) {
        DefaultMavenExecutionRequest request = new DefaultMavenExecutionRequest();
        request.setBaseDirectory(executionRoot);
        request.setActiveProfiles(Arrays.asList(profiles));
        return new MavenSession(null, request, new DefaultMavenExecutionResult(), Collections.emptyList());
    }
}
