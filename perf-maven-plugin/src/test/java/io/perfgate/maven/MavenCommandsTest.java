package io.perfgate.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;

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
        assertEquals("mvn verify io.perfgate:perf-maven-plugin:0.1.0:baseline",
                MavenCommands.recordBaseline(null, project(false), plugin(), false));
    }
}
