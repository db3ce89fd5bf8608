package io.perfgate.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.perfgate.env.EnvironmentFingerprint;
import io.perfgate.history.BuildEnvironment;
import io.perfgate.history.DirectoryStore;
import io.perfgate.history.HistoryRecord;
import io.perfgate.history.HistoryRecorder;
import io.perfgate.jmh.JmhOptions;
import io.perfgate.results.BenchmarkResult;
import io.perfgate.results.Fork;
import io.perfgate.results.PerfResults;
import io.perfgate.results.ResultsJson;
import io.perfgate.shard.Shard;
import io.perfgate.testing.Golden;
import io.perfgate.testing.LogLines;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/** perf:run's work without Maven: this module's fixtures, real JMH or a stand-in, a temporary output directory. */
class PerfRunTest {
    private static final Path TEST_CLASSES = Paths.get("target", "test-classes").toAbsolutePath();

    @TempDir
    Path dir;

    @Test
    void runsRealBenchmarksAndWritesCompleteResults() throws Exception {
        Path results = dir.resolve("perf").resolve("results.json");
        Files.createDirectories(results.getParent());
        Files.write(results, "{\"stale\": true}".getBytes(StandardCharsets.UTF_8));
        JmhOptions options = JmhOptions.builder().includes("ThroughputFixture").forks("2").warmupIterations("0")
                .measurementIterations("2").measurementTime("50ms").threads("1").build();
        LogLines log = new LogLines();

        PerfResults written = PerfRun.execute(request(options, results, javaHere()).build(), log);

        PerfResults read = ResultsJson.read(results);
        assertEquals(PerfResults.STATUS_COMPLETE, read.status());
        assertEquals(1, read.benchmarks().size());
        BenchmarkResult b = read.benchmarks().get(0);
        assertEquals("io.perfgate.jmh.fixtures.ThroughputFixture.concat", b.benchmark());
        assertEquals(2, b.forks().size());
        for (Fork f : b.forks()) {
            assertEquals(2, f.primary().length);
            assertEquals(2, f.secondary("gc.alloc.rate.norm").length, "-prof gc is on by default");
        }
        assertEquals("B/op", b.secondaryMetrics().get("gc.alloc.rate.norm").unit());
        assertEquals(written.benchmarks().size(), read.benchmarks().size());

        assertEquals(EnvironmentFingerprint.KEYS, new ArrayList<>(read.environment().keySet()));
        assertEquals("1.37", read.environment().get("jmh.version"));
        assertEquals(System.getProperty("java.version"), read.environment().get("java.version"));
        // The steal while the forks ran, as the log line gave it; a system without the counter records unknown.
        String steal = read.environment().get("cpu.steal");
        if (Files.isReadable(Paths.get("/proc/stat"))) {
            assertTrue(steal.matches("\\d{1,3}\\.\\d %"), steal);
            assertTrue(log.any("took " + steal + " of this machine's CPU time (steal)"), log.toString());
        } else {
            assertEquals("unknown", steal);
        }
        assertEquals("mvn test-compile io.perfgate:perf-maven-plugin:0.1.0-test:run -Dperf.includes=ThroughputFixture"
                + " -Dperf.forks=2 -Dperf.warmupIterations=0 -Dperf.measurementIterations=2"
                + " -Dperf.measurementTime=50ms -Dperf.threads=1", read.command());
        assertEquals(read.command(), read.environment().get("command"));
        assertEquals("2", read.settings().get("perf.forks"));
        assertEquals("50 ms", read.settings().get("perf.measurementTime"));
        assertEquals("1 s", read.settings().get("perf.warmupTime"), "effective even when not used");
        assertEquals("true", read.settings().get("perf.useToolchain"));

        assertEquals("jmh-results.json", read.jmhRawFile());
        JsonNode raw = new ObjectMapper().readTree(results.resolveSibling("jmh-results.json").toFile());
        assertEquals(1, raw.size());
        assertEquals("io.perfgate.jmh.fixtures.ThroughputFixture.concat", raw.get(0).get("benchmark").asText());
        String output = new String(Files.readAllBytes(results.resolveSibling("jmh-output.log")), StandardCharsets.UTF_8);
        assertTrue(output.contains("# Fork: 2 of 2"), output);
        assertFalse(Files.exists(results.resolveSibling("jmh")), "per-benchmark JSON is merged and removed");

        assertTrue(log.any("ThroughputFixture.concat thrpt: fork 1 of 2 started"), log.toString());
        assertTrue(log.any("ThroughputFixture.concat thrpt: fork 2 of 2 done in"), log.toString());
        assertTrue(log.any("(median of 2 iterations); 0 forks left, ETA"), log.toString());
        assertTrue(log.any("Expected time: "), log.toString());
        assertTrue(log.lines().contains("[WARNING] Fewer than 5 forks: io.perfgate.jmh.fixtures.ThroughputFixture.concat"
                + " (2, set by you). The gate needs at least 5 per side to reach a verdict and is designed for 10;"
                + " every comparison of their forks (against a baseline file or in perf:compare) will be INCONCLUSIVE."
                + " A check against the history judges each run's median and is not limited by them."),
                log.toString());
        assertTrue(log.any("[2/2] ThroughputFixture.concat thrpt: fork 2 of 2 done in"), log.toString());
    }

    @Test
    @DisabledOnOs(OS.WINDOWS)
    void failedBenchmarkLeavesNoResultsButAPartialFile() throws Exception {
        Path results = dir.resolve("perf").resolve("results.json");
        Files.createDirectories(results.getParent());
        Files.write(results, "{\"stale\": true}".getBytes(StandardCharsets.UTF_8));
        // AverageTimeFixture "succeeds" with recorded JMH output; SampleTimeFixture replays a real failure.
        Path java = script("case \"$*\" in\n"
                + "  *-version*) exit 1 ;;\n"
                + "  *AverageTimeFixture*) cat '" + fixture("output/avgt-params-gc.txt") + "'; cp '"
                + fixture("avgt-params-gc.json") + "' \"$RESULT\" ;;\n"
                + "  *) cat '" + fixture("output/failure-throwsLater.txt") + "'; sleep 300 ;;\n"
                + "esac\n");
        // the recorded output has the 2 forks of AverageTimeFixture's @Fork(2), so ask for those
        JmhOptions options = JmhOptions.builder().includes("AverageTimeFixture,SampleTimeFixture").forks("2").build();

        RunFailedException e = assertThrows(RunFailedException.class,
                () -> PerfRun.execute(request(options, results, java).build(), new LogLines()));

        assertTrue(e.getMessage().startsWith("Benchmark crash.Crash.throwsLater failed: JMH reported"), e.getMessage());
        assertTrue(e.getMessage().contains("java.lang.IllegalStateException: boom after 100001 calls"), e.getMessage());
        assertTrue(e.getMessage().contains("No results.json was written. The 2 results that finished before are in"
                + " perf" + File.separator + "results-partial.json"), e.getMessage());
        assertFalse(Files.exists(results), "the stale results.json must be gone");
        PerfResults partial = ResultsJson.read(results.resolveSibling("results-partial.json"));
        assertEquals(PerfResults.STATUS_PARTIAL, partial.status());
        assertEquals(2, partial.benchmarks().size());
    }

    @Test
    void withoutBenchmarkListSaysHowToAddTheProcessor() throws Exception {
        Path classes = Files.createDirectories(dir.resolve("test-classes"));
        RunRequest request = request(JmhOptions.defaults(), dir.resolve("perf/results.json"), javaHere())
                .classDirectories(Collections.singletonList(classes)).build();
        RunFailedException e = assertThrows(RunFailedException.class, () -> PerfRun.execute(request, new LogLines()));
        assertTrue(e.getMessage().startsWith("No JMH benchmarks found: " + classes.resolve("META-INF/BenchmarkList")
                + " does not exist or lists nothing."), e.getMessage());
        assertTrue(e.getMessage().contains("<artifactId>jmh-generator-annprocess</artifactId>"), e.getMessage());
        assertTrue(e.getMessage().contains("<annotationProcessorPaths>"), e.getMessage());
        assertTrue(e.getMessage().contains("<scope>test</scope>"), e.getMessage());
    }

    /** A profile can be what compiles the benchmarks at all: the command that repeats the run names it. */
    @Test
    void theReproducingCommandKeepsTheProfilesAndThePom() {
        RunRequest request = request(builtOptions("Throughput"), dir.resolve("perf/results.json"), javaHere())
                .profiles(Arrays.asList("perf", "benchmark")).pomArgument("sub/pom.xml").build();
        assertEquals("mvn -Pperf,benchmark -f sub/pom.xml test-compile io.perfgate:perf-maven-plugin:0.1.0-test:run"
                + " -Dperf.includes=Throughput", PerfRun.reproducingCommand(request));
    }

    /**
     * A shard with nothing to run (more shards than benchmarks) says so, and writes the file the merge needs, with no
     * results and its shard; perf:record refuses that file, so the trend never counts a run of nothing (before, the
     * run was recorded and counted).
     */
    @Test
    void aShardWithNothingToRunSaysSoAndItsFileIsNotRecorded() throws Exception {
        Path results = dir.resolve("perf").resolve("results.json");
        RunRequest request = request(JmhOptions.builder().includes("ThroughputFixture").build(), results,
                javaHere()).shard(Shard.parse("perf.shard", "2/2")).build();
        LogLines log = new LogLines();

        PerfResults written = PerfRun.execute(request, log);

        assertTrue(log.any("Shard 2/2 (perf.shard): 0 of 1 benchmark or scenario, about 0 s of the suite's"),
                log.toString());
        assertTrue(log.any("; nothing to run here, as there are fewer than 2 of them"), log.toString());
        assertTrue(log.lines().contains("[INFO] Wrote perf" + File.separator + "results.json with no results: shard"
                + " 2/2 had nothing to run. perf:merge takes the file as this shard's part; perf:check of this shard"
                + " alone judges nothing, and perf:record does not record it."), log.toString());
        assertFalse(log.any("fork 1 of"), "nothing ran: " + log);
        PerfResults read = ResultsJson.read(results);
        assertEquals(0, read.benchmarks().size());
        assertEquals(0, written.benchmarks().size());
        assertEquals("2/2", read.settings().get("perf.shard"));

        DirectoryStore history = new DirectoryStore(dir.resolve("history"));
        LogLines recordLog = new LogLines();
        HistoryRecord record = new HistoryRecorder(BuildEnvironment.of(Collections.emptyMap()), Clock.systemUTC(),
                new Random(1), recordLog).record(results, dir, history);
        assertNull(record, recordLog.toString());
        assertEquals(Collections.emptyList(), history.list(w -> { }));
        assertEquals(Collections.singletonList("Not recorded in the history: " + results + " holds no benchmark"
                + " (shard 2/2 had nothing to run: there are fewer benchmarks than shards), and a run of nothing is"
                + " no run of the suite. Nothing was recorded; the verdict is unchanged."), recordLog.warnings());
    }

    @Test
    void aBudgetTooSmallStopsBeforeMeasuringWithTheEstimate() {
        RunRequest request = request(JmhOptions.defaults(), dir.resolve("perf/results.json"), javaHere())
                .budget(java.time.Duration.ofSeconds(1)).build();
        LogLines log = new LogLines();

        RunFailedException e = assertThrows(RunFailedException.class, () -> PerfRun.execute(request, log));

        assertTrue(e.getMessage().startsWith("The run needs about "), e.getMessage());
        assertTrue(e.getMessage().contains("more than perf.budget = 1.0 s, so nothing was measured. Choices: no split"
                + " into shards fits, as "), e.getMessage());
        assertFalse(log.any("fork 1 of"), "nothing ran: " + log);
        assertFalse(Files.exists(dir.resolve("perf/results.json")));
    }

    /** Classes with @Benchmark but no BenchmarkList: the processor did not run, which adding it will not fix. */
    @Test
    void benchmarkClassesWithoutTheirListPointAtSwitchedOffAnnotationProcessing() throws Exception {
        Path classes = Files.createDirectories(dir.resolve("test-classes"));
        Path fixture = Paths.get("target", "test-classes", "io", "perfgate", "jmh", "fixtures",
                "AverageTimeFixture.class");
        Path copy = Files.createDirectories(classes.resolve("io/perfgate/jmh/fixtures")).resolve(
                "AverageTimeFixture.class");
        Files.copy(fixture, copy);
        RunRequest request = request(JmhOptions.defaults(), dir.resolve("perf/results.json"), javaHere())
                .classDirectories(Collections.singletonList(classes)).build();

        RunFailedException e = assertThrows(RunFailedException.class, () -> PerfRun.execute(request, new LogLines()));

        assertTrue(e.getMessage().startsWith("No JMH benchmarks found: " + classes.resolve("META-INF/BenchmarkList")
                + " does not exist or lists nothing. JMH's annotation processor writes it when it compiles classes"
                + " with @Benchmark methods. Yet a class has @Benchmark methods"
                + " (io.perfgate.jmh.fixtures.AverageTimeFixture), so the processor did not run when they were"
                + " compiled. If it is configured already, the build switches annotation processing off: look for"
                + " -proc:none"), e.getMessage());
        assertTrue(e.getMessage().contains("add -Pbenchmark)"), e.getMessage());
        assertTrue(e.getMessage().contains("<artifactId>jmh-generator-annprocess</artifactId>"), e.getMessage());
    }

    @Test
    void includeThatMatchesNothingListsTheBenchmarks() {
        RunRequest request = request(JmhOptions.defaults(), dir.resolve("perf/results.json"), javaHere())
                .options(builtOptions("NoSuchBenchmark")).build();
        RunFailedException e = assertThrows(RunFailedException.class, () -> PerfRun.execute(request, new LogLines()));
        assertTrue(e.getMessage().startsWith("perf.includes=NoSuchBenchmark matches no benchmark"), e.getMessage());
        assertTrue(e.getMessage().contains("  io.perfgate.jmh.fixtures.ThroughputFixture.concat"), e.getMessage());
    }

    /**
     * A typo in the selection or the params, or a budget too small, is refused before the previous run's files are
     * touched: results.json may hold an hour of measurement.
     */
    @Test
    void aRefusedRunLeavesThePreviousResultsAsTheyWere() throws Exception {
        Path results = dir.resolve("perf").resolve("results.json");
        Files.createDirectories(results.getParent());
        byte[] previous = "{\"previous\": \"an hour of forks\"}".getBytes(StandardCharsets.UTF_8);
        byte[] raw = "[]".getBytes(StandardCharsets.UTF_8);
        Files.write(results, previous);
        Files.write(results.resolveSibling("jmh-results.json"), raw);
        List<RunRequest> refused = Arrays.asList(
                request(builtOptions("ThroughputFixure"), results, javaHere()).build(),
                request(JmhOptions.builder().includes("ThroughputFixture").params("sise=10").build(), results,
                        javaHere()).build(),
                request(builtOptions("ThroughputFixture"), results, javaHere())
                        .budget(java.time.Duration.ofSeconds(1)).build());
        for (RunRequest request : refused) {
            LogLines log = new LogLines();

            assertThrows(RunFailedException.class, () -> PerfRun.execute(request, log));

            assertTrue(Arrays.equals(previous, Files.readAllBytes(results)), "results.json changed: " + log);
            assertTrue(Arrays.equals(raw, Files.readAllBytes(results.resolveSibling("jmh-results.json"))));
            assertFalse(log.any("Removed"), log.toString());
        }
    }

    /** A results file no file system can hold is refused before anything is measured, not after. */
    @Test
    void aResultsFileNameNoFileSystemTakesIsRefusedBeforeMeasuring() {
        Path results = dir.resolve("perf").resolve("r".repeat(300) + ".json");
        LogLines log = new LogLines();

        RunFailedException e = assertThrows(RunFailedException.class,
                () -> PerfRun.execute(request(builtOptions("ThroughputFixture"), results, javaHere()).build(), log));

        assertEquals("perf.results cannot be written: a name in its path is 305 bytes long (it starts '"
                + "r".repeat(40) + "'), and file systems take at most 255 in one name; give a shorter path",
                e.getMessage());
        assertFalse(log.any("fork 1 of"), log.toString());
    }

    /** Once the run is going to measure, the previous run's files go, and the log says which. */
    @Test
    @DisabledOnOs(OS.WINDOWS)
    void theLogNamesThePreviousFilesARunRemoves() throws Exception {
        Path results = dir.resolve("perf").resolve("results.json");
        Files.createDirectories(results.getParent());
        Files.write(results, "{\"stale\": true}".getBytes(StandardCharsets.UTF_8));
        Path java = script("exit 3\n");
        LogLines log = new LogLines();

        assertThrows(RunFailedException.class,
                () -> PerfRun.execute(request(builtOptions("ThroughputFixture"), results, java).build(), log));

        assertFalse(Files.exists(results));
        assertTrue(log.lines().contains("[INFO] Removed the previous run's results.json from perf before measuring."),
                log.toString());
    }

    @Test
    void withoutJmhOnTheClasspathNamesTheDependency() {
        RunRequest request = request(builtOptions("ThroughputFixture"), dir.resolve("perf/results.json"), javaHere())
                .classpath(Collections.singletonList(TEST_CLASSES)).build();
        RunFailedException e = assertThrows(RunFailedException.class, () -> PerfRun.execute(request, new LogLines()));
        assertEquals("JMH (org.openjdk.jmh.Main) is not on the test classpath. Add the dependency"
                + " org.openjdk.jmh:jmh-core:1.37 with <scope>test</scope>.", e.getMessage());
    }

    private static JmhOptions builtOptions(String includes) {
        try {
            return JmhOptions.builder().includes(includes).build();
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    private RunRequest.Builder scenarioOnly(Path results, io.perfgate.scenariorunner.ScenarioDefinition scenario)
            throws Exception {
        Path noBenchmarks = Files.createDirectories(dir.resolve("classes-without-benchmarks"));
        return request(JmhOptions.builder().build(), results, javaHere())
                .classDirectories(Collections.singletonList(noBenchmarks))
                .classpath(Collections.singletonList(TEST_CLASSES))
                .scenarios(Collections.singletonList(scenario));
    }

    private static io.perfgate.scenariorunner.ScenarioDefinition scenario(String id, String className, String... params) {
        io.perfgate.scenariorunner.ScenarioDefinition d = new io.perfgate.scenariorunner.ScenarioDefinition();
        d.setId(id);
        d.setClassName(className);
        d.setColdRuns(1);
        d.setWarmupRuns(0);
        d.setWarmRuns(2);
        d.setWarmJvms(2);
        java.util.Map<String, String> p = new java.util.LinkedHashMap<>();
        for (int i = 0; i < params.length; i += 2) {
            p.put(params[i], params[i + 1]);
        }
        d.setParameters(p);
        return d;
    }

    @Test
    void aProjectWithOnlyScenariosNeedsNoBenchmarkList() throws Exception {
        Path results = dir.resolve("perf").resolve("results.json");
        LogLines log = new LogLines();

        PerfRun.execute(scenarioOnly(results, scenario("cpu", "io.perfgate.scenariorunner.fixtures.CpuWork",
                "requests", "10")).build(), log);

        PerfResults read = ResultsJson.read(results);
        assertEquals(PerfResults.STATUS_COMPLETE, read.status());
        assertEquals(Arrays.asList("cpu:runs=cold", "cpu:runs=warm"),
                read.benchmarks().stream().map(BenchmarkResult::key).collect(Collectors.toList()));
        assertEquals(BenchmarkResult.KIND_SCENARIO, read.benchmarks().get(1).kind());
        assertEquals(2, read.benchmarks().get(1).forks().size(), "one fork per warm JVM");
        assertEquals(2, read.benchmarks().get(1).forks().get(0).primary().length, "of 2 warm runs each");
        assertEquals("2", read.settings().get("perf.scenario.cpu.warmJvms"));
        assertEquals(null, read.jmhRawFile(), "JMH did not run");
        assertEquals("1", read.settings().get("perf.scenario.cpu.coldRuns"));
        assertEquals("2", read.settings().get("perf.scenario.cpu.warmRuns"));
        assertTrue(log.any("No JMH benchmarks (no META-INF/BenchmarkList in "), log::toString);
        assertTrue(log.any("running the 1 scenario only"), log::toString);
        assertTrue(log.any("Wrote perf/results.json: 2 results, 3 runs in "), log::toString);
    }

    @Test
    void aFailingScenarioLeavesNoResultsJson() throws Exception {
        Path results = dir.resolve("perf").resolve("results.json");
        Files.createDirectories(results.getParent());
        Files.write(results, "{\"stale\": true}".getBytes(StandardCharsets.UTF_8));

        RunFailedException e = assertThrows(RunFailedException.class, () -> PerfRun.execute(scenarioOnly(results,
                scenario("broken", "io.perfgate.scenariorunner.fixtures.Misbehaving", "mode", "throw-in-setup")).build(),
                new LogLines()));

        assertTrue(e.getMessage().startsWith("Scenario 'broken' failed in set-up (cold JVM 1 of 1)"), e.getMessage());
        assertTrue(e.getMessage().contains("No results.json was written."), e.getMessage());
        assertFalse(Files.exists(results), "the stale results.json is gone and no new one was written");
    }

    @Test
    void badScenarioConfigurationStopsBeforeAnythingRuns() throws Exception {
        Path results = dir.resolve("perf").resolve("results.json");
        io.perfgate.scenariorunner.ScenarioDefinition bad = scenario("bad id", "x.Y");
        RunFailedException e = assertThrows(RunFailedException.class,
                () -> PerfRun.execute(scenarioOnly(results, bad).build(), new LogLines()));
        assertTrue(e.getMessage().startsWith("The <scenarios> configuration has 1 problem:"), e.getMessage());
        assertFalse(Files.exists(dir.resolve("perf").resolve("scenarios")));
    }

    private RunRequest.Builder request(JmhOptions options, Path results, Path java) {
        List<Path> classpath = Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
                .map(Paths::get).collect(Collectors.toList());
        return RunRequest.builder()
                .options(options)
                .classDirectories(Collections.singletonList(TEST_CLASSES))
                .classpath(classpath)
                .java(java)
                .projectDirectory(dir)
                .resultsFile(results)
                .setting("perf.includeMainClasses", "false", false)
                .setting("perf.useToolchain", "true", false)
                .pluginGoal("io.perfgate:perf-maven-plugin:0.1.0-test:run")
                .pluginVersion("0.1.0-test")
                .mavenVersion("3.9.16");
    }

    private static Path javaHere() {
        return Paths.get(System.getProperty("java.home"), "bin", "java");
    }

    private Path script(String body) throws IOException {
        Path script = Files.createTempFile(dir, "java", ".sh");
        String text = "#!/bin/sh\nRESULT=''\nfor a in \"$@\"; do\n"
                + "  if [ \"$prev\" = -rff ]; then RESULT=\"$a\"; fi\n  prev=\"$a\"\ndone\n" + body;
        Files.write(script, text.getBytes(StandardCharsets.UTF_8));
        script.toFile().setExecutable(true);
        return script;
    }

    private static String fixture(String name) {
        return Golden.sourcePath("jmh/" + name).toAbsolutePath().toString();
    }
}
