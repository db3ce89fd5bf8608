package io.perfgate.interleaved;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.perfgate.results.BenchmarkResult;
import io.perfgate.scenariorunner.ScenarioDefinition;
import io.perfgate.scenariorunner.ScenarioTimes;
import io.perfgate.scenariorunner.fixtures.CpuWork;
import io.perfgate.testing.LogLines;
import io.perfgate.workspace.CompareException;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Scenarios among the benchmarks of a comparison: found per side, and one cold and one warm JVM per round. */
class SuiteLauncherTest {
    @TempDir
    Path out;

    private final LogLines log = new LogLines();

    private static Path testClasses() {
        try {
            return Paths.get(CpuWork.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** JMH's side of the suite: one benchmark on the test classes, none elsewhere. */
    private static final class OneBenchmark implements BenchmarkLauncher {
        final List<BenchmarkResult> fork = Collections.singletonList(FakeForks.result("x.Bench.run",
                FakeForks.fork(new java.util.Random(1), 100, 0.01, 3)));

        @Override
        public List<String> discover(List<Path> classpath, String sideLabel) throws CompareException {
            if (!classpath.contains(testClasses())) {
                throw new CompareException("no BenchmarkList in the " + sideLabel);
            }
            return Collections.singletonList("x.Bench.run");
        }

        @Override
        public List<BenchmarkResult> runFork(List<Path> classpath, String benchmark, String sideLabel, int round) {
            return fork;
        }

        @Override
        public Map<String, String> environment() {
            return Collections.singletonMap("cpu.cores", "2");
        }

        @Override
        public Map<String, String> settings() {
            return Collections.singletonMap("perf.forks", "1 per round");
        }
    }

    private static ScenarioDefinition cpu(String id, String className) {
        ScenarioDefinition d = new ScenarioDefinition();
        d.setId(id);
        d.setClassName(className);
        d.setColdRuns(5);
        d.setWarmJvms(5);
        d.setWarmupRuns(1);
        d.setWarmRuns(2);
        d.setParameters(Collections.singletonMap("requests", "20"));
        d.setJvmArgs(Arrays.asList("-Xmx64m", "-XX:TieredStopAtLevel=1"));
        return d;
    }

    private SuiteLauncher suite(OneBenchmark jmh, ScenarioDefinition... scenarios) {
        Path javaHome = Paths.get(System.getProperty("java.home"));
        return new SuiteLauncher(jmh, Arrays.asList(scenarios), javaHome, out, out.resolve("compare-scenarios"),
                Collections.emptyList(), log, ScenarioTimes.guessed());
    }

    @Test
    void aScenarioRoundWeighsOneColdAndOneWarmJvmForShardsAndTheBudget() {
        SuiteLauncher suite = suite(new OneBenchmark(), cpu("cpu", CpuWork.class.getName()));
        // nothing recorded: a minute per JVM, and a round starts a cold and a warm JVM per side
        assertEquals(120.0, suite.expectedSeconds(Collections.emptyList(), "scenario cpu"), 1e-9);
        assertEquals("Scenario times: cpu guessed at 1 min per JVM", suite.expectedTimesSource());
    }

    @Test
    void eachSideListsItsBenchmarksAndTheScenariosWhoseClassItHas() throws CompareException {
        SuiteLauncher suite = suite(new OneBenchmark(), cpu("cpu", CpuWork.class.getName()),
                cpu("gone", "com.acme.RemovedScenario"));
        assertEquals(Arrays.asList("x.Bench.run", "scenario cpu"),
                suite.discover(Collections.singletonList(testClasses()), "working tree"));
        assertTrue(suite.isScenario("scenario gone"));

        // a side without a benchmark list still has its scenarios; with neither, the side is refused by name
        SuiteLauncher onlyCpu = suite(new OneBenchmark(), cpu("cpu", CpuWork.class.getName()));
        CompareException e = assertThrows(CompareException.class,
                () -> onlyCpu.discover(Collections.singletonList(out), "base 1a2b3c4"));
        assertTrue(e.getMessage().startsWith("The base 1a2b3c4 has neither JMH benchmarks nor the classes of the"
                + " selected scenarios (scenario cpu)"), e.getMessage());
    }

    @Test
    void aScenarioRoundIsOneColdRunAndOneWarmJvmOnThatSide() throws Exception {
        OneBenchmark jmh = new OneBenchmark();
        SuiteLauncher suite = suite(jmh, cpu("cpu", CpuWork.class.getName()));
        assertSame(jmh.fork, suite.runFork(Collections.singletonList(testClasses()), "x.Bench.run", "base", 1));

        List<BenchmarkResult> round = suite.runFork(Collections.singletonList(testClasses()), "scenario cpu",
                "candidate", 3);
        assertEquals(Arrays.asList("cpu:runs=cold", "cpu:runs=warm"), Arrays.asList(round.get(0).key(),
                round.get(1).key()));
        assertEquals(1, round.get(0).forks().size(), "one cold JVM");
        assertEquals(1, round.get(1).forks().size(), "one warm JVM");
        assertEquals(2, round.get(1).forks().get(0).primary().length, "with its 2 warm runs");
        assertTrue(out.resolve("compare-scenarios/candidate/round-3/scenarios/cpu/warm-1.log").toFile().isFile());
        assertTrue(log.infos().stream().noneMatch(l -> l.contains(": scenario cpu: 1 cold run")),
                "the plan is announced in round 1 only: " + log);
        suite.runFork(Collections.singletonList(testClasses()), "scenario cpu", "base", 1);
        assertTrue(log.infos().stream().anyMatch(l -> l.startsWith("base, round 1: scenario cpu: 1 cold run (a fresh"
                + " JVM each), then 1 warm JVM of 1 warm-up + 2 warm runs")), log::toString);

        Map<String, String> settings = suite.settings();
        assertEquals("1 per round", settings.get("perf.forks"));
        assertEquals("1 per round", settings.get("perf.scenario.cpu.coldRuns"));
        assertEquals("1 per round", settings.get("perf.scenario.cpu.warmJvms"));
        assertEquals("2", settings.get("perf.scenario.cpu.warmRuns"));
    }

    @Test
    void aFailedScenarioRoundIsAFailedForkNamingTheScenario() {
        SuiteLauncher suite = suite(new OneBenchmark(), cpu("cpu", CpuWork.class.getName()));
        InterleavedRun.ForkFailedException e = assertThrows(InterleavedRun.ForkFailedException.class,
                () -> suite.runFork(Collections.singletonList(out), "scenario cpu", "base", 1));
        assertTrue(e.getMessage().startsWith("Scenario 'cpu'"), e.getMessage());
    }
}
