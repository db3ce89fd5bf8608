package io.perfgate.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.apache.maven.execution.DefaultMavenExecutionRequest;
import org.apache.maven.execution.DefaultMavenExecutionResult;
import org.apache.maven.execution.MavenSession;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.logging.SystemStreamLog;
import org.apache.maven.project.MavenProject;
import org.junit.jupiter.api.Test;

/** The one place that decides whether a goal runs, and the skip lines the goals print. */
class AbstractPerfMojoTest {
    /** Maven's log, keeping the info lines. */
    private static final class InfoLines extends SystemStreamLog {
        final List<String> lines = new ArrayList<>();

        @Override
        public void info(CharSequence content) {
            lines.add(content.toString());
        }
    }

    private static final class Probe extends AbstractPerfMojo {
        String reason;
        boolean ran;

        Probe() {
            super("probe");
        }

        @Override
        protected String skipReason() {
            return reason;
        }

        @Override
        protected void executeGoal() {
            ran = true;
        }
    }

    @Test
    void aSkippedGoalLogsItsReasonAndDoesNotRun() throws Exception {
        Probe probe = new Probe();
        InfoLines log = new InfoLines();
        probe.setLog(log);
        probe.reason = "perf.skip=true";
        probe.execute();
        assertFalse(probe.ran);
        assertEquals(List.of("perf:probe skipped: perf.skip=true"), log.lines);
    }

    @Test
    void withoutAReasonTheGoalRuns() throws Exception {
        Probe probe = new Probe();
        InfoLines log = new InfoLines();
        probe.setLog(log);
        probe.execute();
        assertTrue(probe.ran);
        assertEquals(List.of(), log.lines);
    }

    @Test
    void theSkipFlagIsAReasonForEveryGoal() throws Exception {
        Probe probe = new Probe();
        setField(AbstractPerfMojo.class, probe, "skip", "false");
        assertEquals(null, probe.skipFlagReason());
        setField(AbstractPerfMojo.class, probe, "skip", " TRUE ");
        assertEquals("perf.skip=true", probe.skipFlagReason());
    }

    @Test
    void aSwitchIsTrueOrFalseAndNothingElse() throws Exception {
        // Maven's own conversion reads "yes" as false: -Dperf.adaptive=yes would silently switch adaptive off
        for (String nonsense : new String[] {"yes", "1", "ture", ""}) {
            MojoExecutionException e = assertThrows(MojoExecutionException.class,
                    () -> AbstractPerfMojo.flag("perf.adaptive", nonsense), nonsense);
            assertTrue(e.getMessage().startsWith("perf.adaptive"), e.getMessage());
            assertTrue(e.getMessage().contains("true") && e.getMessage().contains("false"), e.getMessage());
        }
        assertTrue(AbstractPerfMojo.flag("perf.adaptive", "True"));
        assertFalse(AbstractPerfMojo.flag("perf.adaptive", "false"));

        Probe probe = new Probe();
        setField(AbstractPerfMojo.class, probe, "skip", "yes");
        MojoExecutionException e = assertThrows(MojoExecutionException.class, probe::skipFlagReason);
        assertEquals("perf.skip = 'yes' is not 'true' or 'false'", e.getMessage());
    }

    @Test
    void runStepsAsideForTheComparisonAndCheckOrCompareRunsItOnce() throws Exception {
        RunMojo run = new RunMojo(null);
        setField(AbstractPerfMojo.class, run, "skip", "false");
        setField(RunMojo.class, run, "against", "main~0");
        InfoLines log = new InfoLines();
        run.setLog(log);
        run.execute();
        assertEquals(List.of("perf:run skipped: perf.against=main~0 is set, so the comparison (perf:check or"
                + " perf:compare) measures the base and the working tree instead"), log.lines);

        // a goal of this build that already compared the module: the other one does not measure again
        MavenProject project = new MavenProject();
        project.setPackaging("jar");
        project.setContextValue(AbstractPreMergeMojo.class.getName() + ".compared", "perf:check");
        CompareMojo compare = new CompareMojo(null);
        setField(AbstractPerfMojo.class, compare, "skip", "false");
        setField(AbstractPerfMojo.class, compare, "project", project);
        setField(AbstractPerfMojo.class, compare, "session", session());
        setField(AbstractPreMergeMojo.class, compare, "against", "main~0");
        setField(AbstractPreMergeMojo.class, compare, "bisect", "false");
        log.lines.clear();
        compare.setLog(log);
        compare.execute();
        assertEquals(List.of("perf:compare skipped: perf:check already compared this module with main~0 in this"
                + " build"), log.lines);

        // perf.against not set: perf:compare has nothing to do
        setField(AbstractPreMergeMojo.class, compare, "against", "");
        log.lines.clear();
        compare.execute();
        assertEquals(List.of("perf:compare skipped: perf.against is not set (give -Dperf.against=origin/main to"
                + " measure the working tree against its base)"), log.lines);
    }

    private static MavenSession session() {
        DefaultMavenExecutionRequest request = new DefaultMavenExecutionRequest();
        return new MavenSession(null, request, new DefaultMavenExecutionResult(), Collections.emptyList());
    }

    private static void setField(Class<?> owner, Object target, String name, Object value) throws Exception {
        Field f = owner.getDeclaredField(name);
        f.setAccessible(true);
        f.set(target, value);
    }
}
