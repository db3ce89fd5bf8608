package io.perfgate.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.perfgate.shard.Shard;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.maven.plugin.logging.SystemStreamLog;
import org.apache.maven.project.MavenProject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The shard a comparison runs, resolved once for the goal. */
class MeasurementShardTest {
    @TempDir
    Path tmp;

    /** Maven's log, keeping the info lines. */
    private static final class InfoLines extends SystemStreamLog {
        final List<String> lines = new ArrayList<>();

        @Override
        public void info(CharSequence content) {
            lines.add(content.toString());
        }
    }

    /**
     * perf:compare asks for its shard twice (the request, the fork times the launcher weighs by): before, a shard
     * taken from the CI's variables was announced twice in the log.
     */
    @Test
    void theShardIsResolvedAndAnnouncedOnce() throws Exception {
        CompareMojo mojo = new CompareMojo(null, null);
        InfoLines log = new InfoLines();
        mojo.setLog(log);
        mojo.project = new MavenProject();
        mojo.project.setFile(tmp.resolve("pom.xml").toFile());
        mojo.baseline = tmp.resolve("src/perf/baseline.json").toFile();
        mojo.outputDirectory = tmp.resolve("target/perf").toFile();
        Measurement m = mojo.measurement().environment(Map.of(Shard.CI_NODE_INDEX, "2", Shard.CI_NODE_TOTAL, "3"));

        assertEquals("2/3", m.shard().toString());
        m.forkTimes();
        assertEquals("2/3", m.shard().toString());
        assertEquals(1, log.lines.stream().filter(l -> l.startsWith("Running shard 2/3 of the suite")).count(),
                log.lines.toString());
    }
}
