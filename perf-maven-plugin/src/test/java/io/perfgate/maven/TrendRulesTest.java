package io.perfgate.maven;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.perfgate.gate.BenchmarkRule;
import io.perfgate.history.DirectoryStore;
import io.perfgate.history.HistoryRecord;
import io.perfgate.history.RunOrigin;
import io.perfgate.results.BenchmarkResult;
import io.perfgate.results.Fork;
import io.perfgate.results.PerfResults;
import io.perfgate.stats.Direction;
import java.lang.reflect.Field;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.maven.plugin.logging.SystemStreamLog;
import org.apache.maven.project.MavenProject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The POM's per-benchmark rules reach perf:trend, as they reach perf:check: an ignored benchmark has no trend. */
class TrendRulesTest {
    private static final Instant T0 = Instant.parse("2026-10-01T03:00:00Z");
    private final Random noise = new Random(11);

    /** One run of main: StepBench 15 % slower from run 20 on, FlatBench the same throughout. */
    private PerfResults run(int index) {
        return PerfResults.builder().createdAt(T0.toString()).toolVersion("0.1.0").environment(Map.of())
                .settings(Map.of()).addBenchmark(bench("org.example.StepBench.parse", index >= 20 ? 115 : 100))
                .addBenchmark(bench("org.example.FlatBench.parse", 100)).build();
    }

    private BenchmarkResult bench(String name, double level) {
        BenchmarkResult.Builder b = BenchmarkResult.builder(name).mode("avgt").unit("ns/op")
                .direction(Direction.LOWER_IS_BETTER);
        for (int f = 0; f < 3; f++) {
            double v = level * (1 + 0.002 * noise.nextGaussian());
            b.addFork(new Fork(new double[] {v, v}, Map.of(), Map.of()));
        }
        return b.build();
    }

    private static String commit(int i) {
        return String.format("%010x", (i + 2) * 0x9e3779b1L & 0xffffffffffL) + "0".repeat(30);
    }

    /** Sets a parameter wherever in the goal's class hierarchy it is declared. */
    private static void set(Object mojo, String name, Object value) throws Exception {
        for (Class<?> c = mojo.getClass(); c != null; c = c.getSuperclass()) {
            try {
                Field f = c.getDeclaredField(name);
                f.setAccessible(true);
                f.set(mojo, value);
                return;
            } catch (NoSuchFieldException e) {
                // declared higher up
            }
        }
        throw new AssertionError("perf:trend has no parameter " + name);
    }

    private String trend(Path dir, List<BenchmarkRule> rules) throws Exception {
        Path history = dir.resolve("history");
        DirectoryStore store = new DirectoryStore(history);
        Random names = new Random(7);
        for (int i = 0; i < 30; i++) {
            store.append(HistoryRecord.create(run(i), new RunOrigin(T0.plusSeconds(86_400L * i), commit(i),
                    commit(i - 1), "main", null), names));
        }
        TrendMojo mojo = new TrendMojo(null, null);
        mojo.setLog(new SystemStreamLog());
        set(mojo, "project", new MavenProject());
        Path out = dir.resolve("out");
        for (String[] p : new String[][] {{"skip", "false"}, {"history", history.toString()},
                {"historyBranch", "perf-history"}, {"historyRemote", "origin"}, {"historyPush", "false"},
                {"mainBranch", "main"}, {"confirm", "never"}, {"trendMaxPValue", "0.001"}, {"trendWindow", "50"},
                {"trendSave", "false"}, {"otavaCsv", ""}, {"medianFail", "10%"}, {"medianMin", "2%"},
                {"p95Fail", "20%"}, {"p95Min", "5%"}, {"alpha", "0.05"}, {"allocPercent", "10%"},
                {"allocBytes", "16"}, {"minForks", "5"}, {"multiplicity", "none"}}) {
            set(mojo, p[0], p[1]);
        }
        set(mojo, "outputDirectory", out.toFile());
        set(mojo, "rules", rules);
        mojo.execute();
        return Files.readString(out.resolve("trend.md"));
    }

    @Test
    void aBenchmarkTheRulesIgnoreHasNoTrend(@TempDir Path dir) throws Exception {
        String unruled = trend(dir.resolve("a"), List.of());
        assertTrue(unruled.contains("StepBench"), "without a rule the step is a change point:\n" + unruled);

        BenchmarkRule ignore = new BenchmarkRule();
        ignore.setPattern("StepBench");
        ignore.setIgnore("true");
        String ruled = trend(dir.resolve("b"), List.of(ignore));
        assertFalse(ruled.contains("StepBench"), "the POM's rule ignores StepBench, so no trend names it:\n" + ruled);
    }
}
