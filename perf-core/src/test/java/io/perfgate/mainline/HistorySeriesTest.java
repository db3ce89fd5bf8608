package io.perfgate.mainline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.perfgate.env.EnvironmentFingerprint;
import io.perfgate.gate.GateSettings;
import io.perfgate.history.HistoryRecord;
import io.perfgate.history.MainBranches;
import io.perfgate.history.RunOrigin;
import io.perfgate.results.BenchmarkResult;
import io.perfgate.results.Fork;
import io.perfgate.results.MetricInfo;
import io.perfgate.results.PerfResults;
import io.perfgate.stats.Direction;
import io.perfgate.trend.Trend;
import io.perfgate.trend.TrendRun;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** The history as perf:trend reads it: which runs compare with the newest, and the series made of them. */
class HistorySeriesTest {
    private static final Instant T0 = Instant.parse("2026-11-01T10:00:00Z");
    private final Random names = new Random(41);

    private static Map<String, String> environment(String cpu, String module) {
        Map<String, String> env = new LinkedHashMap<>();
        env.put(EnvironmentFingerprint.CPU_MODEL, cpu);
        env.put(EnvironmentFingerprint.JAVA_VERSION, "21.0.5");
        if (module != null) {
            env.put(EnvironmentFingerprint.MAVEN_MODULE, module);
        }
        return env;
    }

    private static BenchmarkResult bench(String mode, String unit, Direction direction, double... forkScores) {
        BenchmarkResult.Builder b = BenchmarkResult.builder("com.acme.ParserBench.parse").mode(mode).unit(unit)
                .direction(direction);
        for (double v : forkScores) {
            b.addFork(new Fork(new double[] {v, v}, Map.of(), Map.of()));
        }
        return b.build();
    }

    private HistoryRecord record(int day, String branch, Map<String, String> env, String forks,
            BenchmarkResult... benchmarks) {
        PerfResults.Builder results = PerfResults.builder().createdAt(T0.toString()).toolVersion("0.1.0")
                .environment(env).settings(Map.of("perf.forks", forks));
        Arrays.stream(benchmarks).forEach(results::addBenchmark);
        return HistoryRecord.create(results.build(),
                new RunOrigin(T0.plusSeconds(86_400L * day), "c" + day, "c" + (day - 1), branch, null), names);
    }

    private HistoryRecord plain(int day, String branch, Map<String, String> env, String forks) {
        return record(day, branch, env, forks, bench("avgt", "ns/op", Direction.LOWER_IS_BETTER, 100, 101, 102));
    }

    @Test
    void onlyRunsOfTheMainLineOnTheNewestRunsMachineAndSettingsCompare() {
        HistoryRecord otherMachine = plain(0, "main", environment("Epyc", null), "3");
        HistoryRecord good1 = plain(1, "main", environment("Xeon", null), "3");
        HistoryRecord feature = plain(2, "feature/x", environment("Xeon", null), "3");
        HistoryRecord otherForks = plain(3, "main", environment("Xeon", null), "5");
        HistoryRecord newest = plain(4, "main", environment("Xeon", null), "3");

        HistorySeries.Selection s = HistorySeries.comparable(
                List.of(otherMachine, good1, feature, otherForks, newest), MainBranches.defaults(), "main", null);

        assertEquals(List.of(good1, newest), s.comparable);
        assertEquals(List.of("1 run(s) of other branches (or of none) than main",
                otherMachine.name() + " (cpu.model Epyc, the newest run's Xeon)",
                otherForks.name() + " (perf.forks 5, the newest run's 3)"), s.leftOut);
    }

    @Test
    void anotherModulesRunsAreNeitherCountedNorSaidToBeLeftOut() {
        HistoryRecord core = plain(0, "main", environment("Xeon", "codec-core"), "3");
        HistoryRecord cli = plain(1, "main", environment("Epyc", "codec-cli"), "3");

        HistorySeries.Selection s = HistorySeries.comparable(List.of(core, cli), MainBranches.defaults(), "main",
                "codec-core");

        assertEquals(List.of(core), s.comparable, "the newest run of codec-core decides, not codec-cli's");
        assertTrue(s.leftOut.isEmpty(), s.leftOut::toString);
    }

    /**
     * A benchmark measured in two modes is two series, each in its own unit and direction; a run's value is the
     * median of its forks' scores, with their range; a run without the benchmark adds nothing to its series.
     */
    @Test
    void oneSeriesPerBenchmarkModeAndMetricEachRunTheMedianOfItsForks() {
        List<HistoryRecord> records = new ArrayList<>();
        records.add(record(0, "main", environment("Xeon", null), "3",
                bench("avgt", "ns/op", Direction.LOWER_IS_BETTER, 100, 130, 110),
                bench("thrpt", "ops/us", Direction.HIGHER_IS_BETTER, 9, 10, 11)));
        records.add(record(1, "main", environment("Xeon", null), "3",
                bench("avgt", "ns/op", Direction.LOWER_IS_BETTER, 120, 121, 122, 123)));

        List<Trend> trends = HistorySeries.build(records, GateSettings.defaults());

        assertEquals(2, trends.size(), trends::toString);
        Trend avgt = trends.get(0);
        assertEquals("avgt", avgt.benchmark().mode());
        assertEquals("median", avgt.metric());
        assertEquals("ns/op", avgt.unit());
        assertEquals(Direction.LOWER_IS_BETTER, avgt.direction());
        assertEquals(2, avgt.runs().size());
        TrendRun first = avgt.runs().get(0);
        assertEquals(110, first.value(), 1e-9, "the median of 100, 130, 110");
        assertEquals(100, first.low(), 1e-9);
        assertEquals(130, first.high(), 1e-9);
        assertEquals(3, first.forks());
        assertEquals("c0", first.commit());
        assertEquals(records.get(0).name(), first.id());
        assertEquals(121.5, avgt.runs().get(1).value(), 1e-9);

        Trend thrpt = trends.get(1);
        assertEquals("thrpt", thrpt.benchmark().mode());
        assertEquals(Direction.HIGHER_IS_BETTER, thrpt.direction());
        assertEquals(1, thrpt.runs().size(), "the second run did not measure thrpt");
        assertEquals(10, thrpt.runs().get(0).value(), 1e-9);
    }

    @Test
    void allocationAndTheP95AreSeriesOfTheirOwnWhereTheGateWouldJudgeThem() {
        BenchmarkResult.Builder b = BenchmarkResult.builder("com.acme.ParserBench.parse").mode("sample").unit("us/op")
                .secondaryMetric(MetricInfo.ALLOCATION, new MetricInfo("B/op", Direction.LOWER_IS_BETTER));
        for (int f = 0; f < 3; f++) {
            b.addFork(new Fork(new double[] {10, 10}, Map.of("p0.50", 10.0 + f, "p0.95", 30.0 + f),
                    Map.of(MetricInfo.ALLOCATION, new double[] {48, 48})));
        }
        List<Trend> trends = HistorySeries.build(List.of(record(0, "main", environment("Xeon", null), "3",
                b.build())), GateSettings.defaults());

        // in sample mode the allocation includes JMH's own and is not judged, so it is no series either
        assertEquals(List.of("median", "p95"), trends.stream().map(Trend::metric).collect(Collectors.toList()));
        assertEquals(11, trends.get(0).runs().get(0).value(), 1e-9, "a sample-mode fork's median is its p50");
        assertEquals(31, trends.get(1).runs().get(0).value(), 1e-9);

        BenchmarkResult.Builder avgt = BenchmarkResult.builder("com.acme.ParserBench.parse").mode("avgt")
                .unit("ns/op").secondaryMetric(MetricInfo.ALLOCATION, new MetricInfo("B/op", Direction.LOWER_IS_BETTER));
        for (int f = 0; f < 3; f++) {
            avgt.addFork(new Fork(new double[] {10, 10}, Map.of(), Map.of(MetricInfo.ALLOCATION,
                    new double[] {48 + f, 48 + f})));
        }
        List<Trend> withAlloc = HistorySeries.build(List.of(record(0, "main", environment("Xeon", null), "3",
                avgt.build())), GateSettings.defaults());
        assertEquals(List.of("median", "alloc"), withAlloc.stream().map(Trend::metric).collect(Collectors.toList()));
        assertEquals("B/op", withAlloc.get(1).unit());
        assertEquals(49, withAlloc.get(1).runs().get(0).value(), 1e-9);
    }
}
