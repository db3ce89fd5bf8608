package io.perfgate.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.perfgate.jmh.PlannedBenchmark.Origin;
import java.io.IOException;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Option precedence and the JMH arguments it produces, on the real BenchmarkList of this module's fixtures:
 * AverageTimeFixture sets @Fork(2), @Warmup(1 x 100 ms), @Measurement(3 x 100 ms), @OutputTimeUnit(ns) and two
 * @Params; ThroughputFixture sets only @Threads(2); SampleTimeFixture sets two modes and @OutputTimeUnit(us).
 */
class RunPlanTest {
    private static final String AVGT = "io.perfgate.jmh.fixtures.AverageTimeFixture.sumArray";
    private static final String THRPT = "io.perfgate.jmh.fixtures.ThroughputFixture.concat";
    private static final String SAMPLE = "io.perfgate.jmh.fixtures.SampleTimeFixture.burn";

    private static List<BenchmarkEntry> entries;

    @BeforeAll
    static void readList() throws IOException {
        entries = BenchmarkListReader.read(Paths.get("target", "test-classes", "META-INF", "BenchmarkList")).stream()
                .filter(e -> e.userClass().startsWith("io.perfgate.jmh.fixtures.")).collect(Collectors.toList());
    }

    @Test
    void annotationsWinOverThePluginDefaultsAndAreLeftToJmh() throws Exception {
        PlannedBenchmark avgt = plan(JmhOptions.defaults(), AVGT);
        // ... except a fork count too small for the gate (@Fork(2) here), which the plugin's default replaces
        assertEquals(Arrays.asList("-f", "10", "-prof", "gc"), avgt.jmhArguments());
        assertEquals(Integer.valueOf(10), avgt.forks().value());
        assertEquals(Origin.OVER_ANNOTATION, avgt.forks().origin());
        assertEquals(Integer.valueOf(2), avgt.overriddenAnnotatedForks());
        assertTrue(avgt.describe().contains("10 forks (plugin default over @Fork(2))"), avgt.describe());
        assertEquals("100 ms", avgt.warmupTime().value().toString());
        assertEquals("ns", avgt.timeUnit().value());
        assertEquals(Origin.ANNOTATION, avgt.timeUnit().origin());
        assertEquals(2, avgt.parameterSets());
    }

    @Test
    void aForkCountTheUserSetIsKeptEvenBelowWhatTheGateNeeds() throws Exception {
        PlannedBenchmark avgt = plan(JmhOptions.builder().forks("2").build(), AVGT);
        assertEquals(Integer.valueOf(2), avgt.forks().value());
        assertEquals(Origin.USER, avgt.forks().origin());
        assertNull(avgt.overriddenAnnotatedForks());
        assertEquals(Arrays.asList("-f", "2", "-prof", "gc"), avgt.jmhArguments());
    }

    @Test
    void withoutAnnotationsThePluginDefaultsArePassed() throws Exception {
        PlannedBenchmark thrpt = plan(JmhOptions.defaults(), THRPT);
        assertEquals(Arrays.asList("-f", "10", "-wi", "3", "-w", "1s", "-i", "10", "-r", "500ms", "-prof", "gc"),
                thrpt.jmhArguments());
        assertEquals(Origin.PLUGIN_DEFAULT, thrpt.forks().origin());
        assertEquals("2", thrpt.threads().value());
        assertEquals(Origin.ANNOTATION, thrpt.threads().origin());
        assertEquals("s", thrpt.timeUnit().value());
        assertEquals(Origin.JMH_DEFAULT, thrpt.timeUnit().origin());
        assertEquals("thrpt", thrpt.mode().value());
    }

    @Test
    void userSettingsWinOverAnnotations() throws Exception {
        JmhOptions options = JmhOptions.builder().forks("4").measurementTime("200ms").threads("1").timeUnit("us")
                .mode("avgt").profilers("none").build();
        PlannedBenchmark avgt = plan(options, AVGT);
        assertEquals(Arrays.asList("-f", "4", "-r", "200ms", "-bm", "avgt", "-tu", "us", "-t", "1"),
                avgt.jmhArguments());
        assertEquals(Origin.USER, avgt.forks().origin());
        assertEquals(Origin.ANNOTATION, avgt.measurementIterations().origin());
        assertEquals(Origin.USER, avgt.measurementTime().origin());
        assertEquals(Integer.valueOf(1), avgt.warmupIterations().value());

        PlannedBenchmark thrpt = plan(options, THRPT);
        assertEquals(Arrays.asList("-f", "4", "-wi", "3", "-w", "1s", "-i", "10", "-r", "200ms", "-bm", "avgt", "-tu",
                "us", "-t", "1"), thrpt.jmhArguments());
    }

    @Test
    void paramOverridesGoOnlyToBenchmarksThatDeclareThem() throws Exception {
        JmhOptions options = JmhOptions.builder().params("size=32,64,96").profilers("none").build();
        RunPlan plan = RunPlan.create(options, entries);
        PlannedBenchmark avgt = find(plan, AVGT);
        assertEquals(Arrays.asList("-f", "10", "-p", "size=32,64,96"), avgt.jmhArguments());
        assertEquals(3, avgt.parameterSets());
        assertTrue(!find(plan, THRPT).jmhArguments().contains("-p"));
    }

    @Test
    void jvmArgumentsAreAppendedOneByOneOrQuotedWhenAlone() throws Exception {
        PlannedBenchmark two = plan(JmhOptions.builder().jvmArgs("-Xmx256m \"-Dgreeting=hello world\"")
                .profilers("none").build(), AVGT);
        assertEquals(Arrays.asList("-f", "10", "-jvmArgsAppend", "-Xmx256m", "-jvmArgsAppend",
                "-Dgreeting=hello world"),
                two.jmhArguments());
        PlannedBenchmark one = plan(JmhOptions.builder().jvmArgs("\"-Dgreeting=hello world\"").profilers("none")
                .build(), AVGT);
        assertEquals(Arrays.asList("-f", "10", "-jvmArgsAppend", "\"-Dgreeting=hello world\""), one.jmhArguments());
    }

    @Test
    void rawJmhArgumentsComeLast() throws Exception {
        PlannedBenchmark avgt = plan(JmhOptions.builder().jmhArgs("-wf 1 -gc true").build(), AVGT);
        assertEquals(Arrays.asList("-f", "10", "-prof", "gc", "-wf", "1", "-gc", "true"), avgt.jmhArguments());
    }

    @Test
    void everyModeOfTheAnnotationRunsUnlessTheUserChooses() throws Exception {
        PlannedBenchmark sample = plan(JmhOptions.defaults(), SAMPLE);
        assertEquals(Arrays.asList(JmhMode.SAMPLE_TIME, JmhMode.SINGLE_SHOT_TIME), sample.modes());
        assertEquals("sample,ss", sample.mode().value());
        assertEquals(2, sample.runs());
        PlannedBenchmark all = plan(JmhOptions.builder().mode("all").build(), SAMPLE);
        assertEquals(4, all.modes().size());
    }

    @Test
    void expectedTimeAndAutomaticTimeoutFollowTheEffectiveOptions() throws Exception {
        PlannedBenchmark thrpt = plan(JmhOptions.defaults(), THRPT);
        // 10 forks x (0.8 s start + 3 x 1 s warmup + 10 x 500 ms measurement)
        assertEquals(Duration.ofMillis(88_000), thrpt.expected());
        // perf.timeout bounds one fork: twice the expected 8.8 s fork, plus 5 minutes
        assertEquals(Duration.ofMillis(2 * 8_800).plus(Duration.ofMinutes(5)), thrpt.timeout());
        PlannedBenchmark timed = plan(JmhOptions.builder().timeout("90s").build(), THRPT);
        assertEquals(Duration.ofSeconds(90), timed.timeout());
    }

    @Test
    void benchmarksWithEqualArgumentsForksAndTimeoutShareALaunch() throws Exception {
        RunPlan plan = RunPlan.create(JmhOptions.defaults(), entries);
        List<List<String>> launches = plan.launches().stream()
                .map(l -> l.stream().map(PlannedBenchmark::name).collect(Collectors.toList()))
                .collect(Collectors.toList());
        // AverageTimeFixture's annotations give it other arguments; the other two take the defaults.
        assertEquals(Arrays.asList(Arrays.asList(AVGT), Arrays.asList(SAMPLE, THRPT)), launches);
        RunPlan forced = RunPlan.create(JmhOptions.builder().forks("3").warmupIterations("1").warmupTime("100ms")
                .measurementIterations("3").measurementTime("100ms").timeout("5min").build(), entries);
        assertEquals(1, forced.launches().size());
    }

    @Test
    void includesUseFindOnTheFullNameAndExcludesWin() throws Exception {
        RunPlan plan = RunPlan.create(JmhOptions.builder().includes("fixtures\\.(Average|Sample)").excludes("burn$")
                .build(), entries);
        assertEquals(Arrays.asList(AVGT), plan.benchmarks().stream().map(PlannedBenchmark::name)
                .collect(Collectors.toList()));
    }

    @Test
    void includeThatMatchesNothingListsTheBenchmarks() {
        InvalidOptionException e = assertThrows(InvalidOptionException.class,
                () -> RunPlan.create(JmhOptions.builder().includes("NoSuchBench").build(), entries));
        String nl = System.lineSeparator();
        assertEquals("perf.includes=NoSuchBench matches no benchmark (each pattern is a regular expression searched"
                + " for in the full name, as JMH does). The 3 benchmarks are:" + nl
                + "  " + AVGT + nl + "  " + SAMPLE + nl + "  " + THRPT, e.getMessage());
    }

    @Test
    void paramThatNoSelectedBenchmarkDeclaresIsAnError() {
        InvalidOptionException e = assertThrows(InvalidOptionException.class, () -> RunPlan.create(
                JmhOptions.builder().includes("AverageTime").params("sise=1").build(), entries));
        assertEquals("perf.params sets 'sise', which no selected benchmark declares with @Param; they declare kind,"
                + " size", e.getMessage());
    }

    @Test
    void settingsListEffectiveValuesAndWhereTheyDiffer() throws Exception {
        Map<String, String> s = RunPlan.create(JmhOptions.defaults(), entries).settings();
        assertEquals("10", s.get("perf.forks"), "AverageTimeFixture's @Fork(2) is too few for the gate");
        assertEquals("gc", s.get("perf.profilers"));
        assertEquals("auto", s.get("perf.timeout"));
        assertEquals(".*", s.get("perf.includes"), "the default, as a value perf.includes takes");
        assertEquals("none", s.get("perf.excludes"));
        assertEquals("none", s.get("perf.params"));
        assertEquals("none", s.get("perf.jvmArgs"));
        assertEquals("none", s.get("perf.jmhArgs"));
        Map<String, String> one = RunPlan.create(JmhOptions.builder().includes("Throughput").forks("7").build(),
                entries).settings();
        assertEquals("7", one.get("perf.forks"));
        assertEquals("1 s", one.get("perf.warmupTime"));
        assertEquals("Throughput", one.get("perf.includes"));
    }

    /** Every shard records the settings of the whole selection, so that the shards' results can be merged. */
    @Test
    void aShardsPlanRunsItsPartAndDescribesTheWholeSelection() throws Exception {
        RunPlan all = RunPlan.create(JmhOptions.defaults(), entries);
        String first = all.benchmarks().get(0).name();
        RunPlan part = all.only(java.util.Collections.singleton(first));
        assertEquals(1, part.benchmarks().size());
        assertEquals(first, part.benchmarks().get(0).name());
        assertEquals(all.settings(), part.settings());
        assertEquals(0, all.only(java.util.Collections.emptySet()).benchmarks().size());
        assertEquals(all.settings(), all.only(java.util.Collections.emptySet()).settings(),
                "a shard with nothing to run still says what the suite ran with");
    }

    @Test
    void aProfilingForkIsPinnedToEachParameterCombinationTheRunWouldMeasure() throws Exception {
        List<Map<String, String>> annotated = plan(JmhOptions.defaults(), AVGT).parameterCombinations();
        assertEquals(plan(JmhOptions.defaults(), AVGT).parameterSets(), annotated.size());
        assertTrue(annotated.stream().allMatch(c -> c.keySet().equals(new java.util.TreeSet<>(Arrays.asList("kind",
                "size")))), annotated.toString());
        List<Map<String, String>> overridden = plan(JmhOptions.builder().params("size=32,64,96").build(), AVGT)
                .parameterCombinations();
        assertEquals(3, overridden.size());
        assertEquals(Arrays.asList("32", "64", "96"), overridden.stream().map(c -> c.get("size"))
                .collect(Collectors.toList()));
        assertEquals(Arrays.asList(Map.of()), plan(JmhOptions.defaults(), THRPT).parameterCombinations(),
                "no @Param: one fork that pins nothing");
    }

    /** A profiling fork runs one combination, once per mode: the user's values for its names replaced. */
    @Test
    void aBenchmarkPinnedToOneCombinationRunsItOnce() throws Exception {
        PlannedBenchmark pinned = plan(JmhOptions.builder().params("size=16,128").profilers("none").build(), AVGT)
                .pinnedTo(Map.of("kind", "sum", "size", "128"));
        assertEquals(Arrays.asList("-f", "10", "-p", "size=128", "-p", "kind=sum"), pinned.jmhArguments());
        assertEquals(1, pinned.runs());
        assertEquals(Arrays.asList(Map.of("kind", "sum", "size", "128")), pinned.parameterCombinations());
        PlannedBenchmark annotated = plan(JmhOptions.builder().profilers("none").build(), AVGT)
                .pinnedTo(Map.of("kind", "sum", "size", "16"));
        assertEquals(Arrays.asList("-f", "10", "-p", "kind=sum", "-p", "size=16"), annotated.jmhArguments());
        assertEquals(1, annotated.runs());
        PlannedBenchmark twoModes = plan(JmhOptions.defaults(), SAMPLE).pinnedTo(Map.of());
        assertEquals(2, twoModes.runs(), "one result per mode");
    }

    private static PlannedBenchmark plan(JmhOptions options, String name) throws InvalidOptionException {
        return find(RunPlan.create(options, entries), name);
    }

    private static PlannedBenchmark find(RunPlan plan, String name) {
        return plan.benchmarks().stream().filter(b -> b.name().equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError(name));
    }
}
