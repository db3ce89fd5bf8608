package io.perfgate.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.List;
import org.apache.maven.plugin.logging.SystemStreamLog;
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
        assertEquals(null, probe.skipFlagReason());
        setField(AbstractPerfMojo.class, probe, "skip", true);
        assertEquals("perf.skip=true", probe.skipFlagReason());
    }

    @Test
    void runAndCheckKeepTheSkipLinesTheirUsersLookFor() throws Exception {
        RunMojo run = new RunMojo(null);
        setField(RunMojo.class, run, "against", "main~0");
        InfoLines log = new InfoLines();
        run.setLog(log);
        run.execute();
        assertEquals(List.of("perf:run skipped: perf.against=main~0 is set, so perf:compare measures the base and the"
                + " working tree instead"), log.lines);

        CheckMojo check = new CheckMojo();
        setField(CheckMojo.class, check, "against", "main~0");
        log.lines.clear();
        check.setLog(log);
        check.execute();
        assertEquals(List.of("Skipping perf:check: perf.against=main~0 is set, so perf:compare judges the working tree"
                + " against its base instead"), log.lines);
    }

    private static void setField(Class<?> owner, Object target, String name, Object value) throws Exception {
        Field f = owner.getDeclaredField(name);
        f.setAccessible(true);
        f.set(target, value);
    }
}
