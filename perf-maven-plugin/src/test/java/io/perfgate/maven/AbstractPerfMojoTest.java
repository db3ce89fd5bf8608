package io.perfgate.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.perfgate.config.PerfProperties;
import java.lang.reflect.Field;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.maven.execution.DefaultMavenExecutionRequest;
import org.apache.maven.execution.DefaultMavenExecutionResult;
import org.apache.maven.execution.MavenSession;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.logging.SystemStreamLog;
import org.apache.maven.project.MavenProject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

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
        public String skipReason() {
            return reason;
        }

        @Override
        public void executeGoal() {
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
    void aSwitchIsTrueOrFalseEmptyForItsDefaultAndNothingElse() throws Exception {
        // Maven's own conversion reads "yes" as false: -Dperf.adaptive=yes would silently switch adaptive off
        for (String nonsense : new String[] {"yes", "1", "ture", "on"}) {
            MojoExecutionException e = assertThrows(MojoExecutionException.class,
                    () -> PerfGoal.flag("perf.adaptive", nonsense, "true"), nonsense);
            assertEquals("perf.adaptive = '" + nonsense + "' is not a switch; write true or false (in any case), or"
                    + " leave it empty for the default", e.getMessage());
        }
        assertTrue(PerfGoal.flag("perf.adaptive", "True", "false"));
        assertFalse(PerfGoal.flag("perf.adaptive", " false ", "true"));
        assertTrue(PerfGoal.flag("perf.adaptive", "", "true"));

        Probe probe = new Probe();
        setField(AbstractPerfMojo.class, probe, "skip", "yes");
        MojoExecutionException e = assertThrows(MojoExecutionException.class, probe::skipFlagReason);
        assertTrue(e.getMessage().startsWith("perf.skip = 'yes' is not a switch"), e.getMessage());
        setField(AbstractPerfMojo.class, probe, "skip", "");
        assertEquals(null, probe.skipFlagReason());
    }

    /** How a test reads one switch of a goal: the field Maven injects, and the value the goal acts on. */
    private static final class Switch {
        final Class<?> owner;
        final String field;
        final Read read;

        Switch(Class<?> owner, String field, Read read) {
            this.owner = owner;
            this.field = field;
            this.read = read;
        }
    }

    private interface Read {
        boolean from(PerfGoal mojo) throws Exception;
    }

    /** Each switch: the field that holds it (in whichever class of the goal declares it) and how it is read. */
    private static final Map<String, Switch> SWITCHES = new LinkedHashMap<>();

    private static void put(String property, String field, Read read) {
        SWITCHES.put(property, new Switch(null, field, read));
    }

    static {
        put(PerfProperties.SKIP, "skip", m -> m.skipFlagReason() != null);
        put(PerfProperties.USE_TOOLCHAIN, "useToolchain", m -> ((AbstractJmhMojo) m).useToolchain());
        put(PerfProperties.INCLUDE_MAIN_CLASSES, "includeMainClasses", m -> ((RunMojo) m).includeMainClasses());
        put(PerfProperties.FORCE, "force", m -> ((BaselineMojo) m).force());
        put(PerfProperties.HISTORY_PUSH, "historyPush", m -> m instanceof TrendMojo ? ((TrendMojo) m).push()
                : ((AbstractHistoryMojo) m).push());
        put(PerfProperties.TREND_SAVE, "trendSave", m -> ((TrendMojo) m).save());
        put(PerfProperties.CALIBRATE_SAVE, "save", m -> ((CalibrateMojo) m).save());
        put(PerfProperties.ADAPTIVE, "adaptive", m -> m instanceof TrendMojo ? ((TrendMojo) m).adaptive()
                : ((CompareMojo) m).adaptive());
        put(PerfProperties.AFFECTED, "affected", m -> m instanceof RunMojo ? ((RunMojo) m).affected()
                : ((CompareMojo) m).affected());
        put(PerfProperties.BISECT, "bisect", m -> ((CompareMojo) m).bisect());
        put(PerfProperties.GITHUB_SUMMARY, "githubSummary", m -> ((CompareMojo) m).outputs().githubSummary());
        put(PerfProperties.FAIL_ON_REGRESSION, "failOnRegression",
                m -> ((AbstractGateMojo) m).gateSettings().failOnRegression());
        put(PerfProperties.FAIL_ON_MISSING_BASELINE, "failOnMissingBaseline",
                m -> ((AbstractGateMojo) m).gateSettings().failOnMissingBaseline());
        put(PerfProperties.FAIL_ON_NEW, "failOnNewBenchmarks",
                m -> ((AbstractGateMojo) m).gateSettings().failOnNewBenchmarks());
        put(PerfProperties.FAIL_ON_MISSING, "failOnMissingBenchmarks",
                m -> ((AbstractGateMojo) m).gateSettings().failOnMissingBenchmarks());
        put(PerfProperties.FAIL_ON_INCONCLUSIVE, "failOnInconclusive",
                m -> ((AbstractGateMojo) m).gateSettings().failOnInconclusive());
        put(PerfProperties.FAIL_ON_NO_COMPARISONS, "failOnNoComparisons",
                m -> ((AbstractGateMojo) m).gateSettings().failOnNoComparisons());
    }

    /** The class of {@code mojo}'s hierarchy that declares {@code field}. */
    private static Class<?> owner(Object mojo, String field) {
        for (Class<?> c = mojo.getClass(); c != null; c = c.getSuperclass()) {
            for (java.lang.reflect.Field f : c.getDeclaredFields()) {
                if (f.getName().equals(field)) {
                    return c;
                }
            }
        }
        throw new AssertionError(mojo.getClass().getSimpleName() + " has no field " + field);
    }

    private static PerfGoal mojo(String goal) {
        switch (goal) {
            case "run":
                return new RunMojo(null, null);
            case "baseline":
                return new BaselineMojo(null, null);
            case "check":
                return new CheckMojo(null, null);
            case "compare":
                return new CompareMojo(null, null);
            case "calibrate":
                return new CalibrateMojo(null, null);
            case "report":
                return new ReportMojo();
            case "methodology":
                return new MethodologyMojo();
            case "merge":
                return new MergeMojo();
            case "profile":
                return new ProfileMojo(null, null);
            case "record":
                return new RecordMojo();
            case "trend":
                return new TrendMojo(null, null);
            default:
                throw new AssertionError("a new goal, perf:" + goal + ": add it here");
        }
    }

    /**
     * Every switch of every goal, as the generated descriptor lists them (a parameter whose default is true or
     * false), is a String read by the one rule: "yes" is refused naming the property, "" is the declared default,
     * and "TRUE" / "false" are what they say. A new plain boolean parameter, or a switch read some other way, fails
     * here.
     */
    @Test
    void everySwitchOfEveryGoalFollowsTheOneRule() throws Exception {
        List<String> problems = new ArrayList<>();
        for (String goal : GatePropertyNamesTest.goals()) {
            for (Map.Entry<String, String[]> p : GatePropertyNamesTest.parameters(goal).entrySet()) {
                String property = p.getKey();
                String declaredDefault = p.getValue()[1];
                if (!declaredDefault.equals("true") && !declaredDefault.equals("false")) {
                    continue;
                }
                Switch known = SWITCHES.get(property);
                if (known == null) {
                    problems.add("perf:" + goal + " " + property + ": a switch this test does not know");
                    continue;
                }
                PerfGoal mojo = mojo(goal);
                Switch s = new Switch(owner(mojo, known.field), known.field, known.read);
                assertEquals(String.class, s.owner.getDeclaredField(s.field).getType(), property);
                setField(s.owner, mojo, s.field, "");
                if (s.read.from(mojo) != Boolean.parseBoolean(declaredDefault)) {
                    problems.add("perf:" + goal + " " + property + "= is not its default " + declaredDefault);
                }
                setField(s.owner, mojo, s.field, " TRUE ");
                if (!s.read.from(mojo)) {
                    problems.add("perf:" + goal + " " + property + "=TRUE is not true");
                }
                setField(s.owner, mojo, s.field, "false");
                if (s.read.from(mojo)) {
                    problems.add("perf:" + goal + " " + property + "=false is not false");
                }
                setField(s.owner, mojo, s.field, "yes");
                try {
                    s.read.from(mojo);
                    problems.add("perf:" + goal + " " + property + "=yes is accepted");
                } catch (MojoExecutionException e) {
                    if (!e.getMessage().startsWith(property + " = 'yes' is not a switch")) {
                        problems.add("perf:" + goal + " " + property + "=yes: " + e.getMessage());
                    }
                }
            }
        }
        assertEquals(List.of(), problems);
    }

    @Test
    void runStepsAsideForTheComparisonAndCheckOrCompareRunsItOnce() throws Exception {
        RunMojo run = new RunMojo(null, null);
        setField(AbstractJmhMojo.class, run, "skip", "false");
        setField(RunMojo.class, run, "against", "main~0");
        InfoLines log = new InfoLines();
        run.setLog(log);
        run.execute();
        assertEquals(List.of("perf:run skipped: perf.against=main~0 is set, so the comparison (perf:check or"
                + " perf:compare) measures the base and the working tree instead"), log.lines);

        // a goal of this build that already compared the module: the other one does not measure again
        MavenProject project = new MavenProject();
        project.setPackaging("jar");
        project.setContextValue(CompareMojo.class.getName() + ".compared", "perf:check");
        CompareMojo compare = new CompareMojo(null, null);
        setField(AbstractJmhMojo.class, compare, "skip", "false");
        setField(AbstractJmhMojo.class, compare, "project", project);
        setField(AbstractJmhMojo.class, compare, "session", session());
        setField(CompareMojo.class, compare, "against", "main~0");
        setField(CompareMojo.class, compare, "bisect", "false");
        log.lines.clear();
        compare.setLog(log);
        compare.execute();
        assertEquals(List.of("perf:compare skipped: perf:check already compared this module with main~0 in this"
                + " build"), log.lines);

        // perf.against not set: perf:compare has nothing to do
        setField(CompareMojo.class, compare, "against", "");
        log.lines.clear();
        compare.execute();
        assertEquals(List.of("perf:compare skipped: perf.against is not set (give -Dperf.against=origin/main to"
                + " measure the working tree against its base)"), log.lines);
    }

    @Test
    void inAReactorTheComparisonSkipsModulesWithoutBenchmarksAndFailsWhenNoModuleHasAny(@TempDir Path dir)
            throws Exception {
        MavenProject api = module(dir, "api");
        MavenProject bench = module(dir, "bench");
        MavenSession reactor = session();
        reactor.setProjects(List.of(api, bench));

        // api has no benchmarks: skipped with one line, saying where it looked
        InfoLines log = new InfoLines();
        CheckMojo check = comparing(api, reactor, log);
        check.execute();
        assertEquals(List.of("Skipping perf:check: no JMH benchmarks to compare in this module (no"
                + " META-INF/BenchmarkList in target/test-classes or target/classes)"), log.lines);

        // bench, the last module, has none either: nothing was measured, so the build fails naming the modules
        MojoExecutionException e = assertThrows(MojoExecutionException.class,
                () -> comparing(bench, reactor, log).execute());
        assertEquals("No module of this build has JMH benchmarks to compare with perf.against; the comparison looked"
                + " in api, bench. Compile the benchmarks with JMH's annotation processor (jmh-generator-annprocess)"
                + " in the module that holds them (scenarios are not compared).", e.getMessage());

        // had api been compared, the last module without benchmarks is only skipped
        api.setContextValue(ReactorBenchmarks.class.getName() + ".found", true);
        log.lines.clear();
        comparing(bench, reactor, log).execute();
        assertEquals(1, log.lines.size());
        assertTrue(log.lines.get(0).startsWith("Skipping perf:check: no JMH benchmarks to compare"), log.lines.get(0));
    }

    /** Maven's log, keeping the warnings. */
    private static final class Warnings extends SystemStreamLog {
        final List<String> lines = new ArrayList<>();

        @Override
        public void warn(CharSequence content) {
            lines.add(content.toString());
        }
    }

    /**
     * A misspelt perf.* property given with -D is warned of once per build, whichever goal in whichever module runs
     * first, even when the build clones its session per module (-T), and even when the goal is skipped.
     */
    @Test
    void aMisspeltPropertyIsWarnedOfOncePerBuild() throws Exception {
        MavenSession build = session();
        build.getUserProperties().setProperty("perf.failOnRegresion", "maybe");
        build.getUserProperties().setProperty("perf.forks", "5");
        build.getSystemProperties().setProperty("perf.medianFail", "abc");
        Warnings log = new Warnings();

        for (MavenSession moduleSession : List.of(build, build.clone(), build.clone())) {
            Probe probe = new Probe();
            setField(AbstractPerfMojo.class, probe, "session", moduleSession);
            probe.setLog(log);
            probe.reason = "perf.skip=true";
            probe.execute();
        }

        assertEquals(List.of(
                "perf.failOnRegresion is not a property of perf-maven-plugin; did you mean perf.failOnRegression?",
                "perf.medianFail is not a property of perf-maven-plugin; did you mean perf.median.fail?"), log.lines);

        MavenSession nextBuild = session();
        nextBuild.getUserProperties().setProperty("perf.failOnRegresion", "maybe");
        Probe probe = new Probe();
        setField(AbstractPerfMojo.class, probe, "session", nextBuild);
        probe.setLog(log);
        probe.execute();
        assertEquals(3, log.lines.size(), "a new build is checked again: " + log.lines);
    }

    /** perf:check with perf.against in {@code project}. */
    private static CheckMojo comparing(MavenProject project, MavenSession session, InfoLines log) throws Exception {
        CheckMojo check = new CheckMojo(null, null);
        setField(AbstractJmhMojo.class, check, "skip", "");
        setField(AbstractJmhMojo.class, check, "project", project);
        setField(AbstractJmhMojo.class, check, "session", session);
        setField(CompareMojo.class, check, "against", "origin/main");
        check.setLog(log);
        return check;
    }

    /** A jar module at {@code dir/name} with empty class directories. */
    private static MavenProject module(Path dir, String name) throws Exception {
        Path base = Files.createDirectories(dir.resolve(name));
        MavenProject project = new MavenProject();
        project.setArtifactId(name);
        project.setPackaging("jar");
        project.setFile(base.resolve("pom.xml").toFile());
        project.getBuild().setOutputDirectory(Files.createDirectories(base.resolve("target/classes")).toString());
        project.getBuild().setTestOutputDirectory(
                Files.createDirectories(base.resolve("target/test-classes")).toString());
        return project;
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
