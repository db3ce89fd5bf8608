package io.perfgate.trend;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.perfgate.results.BenchmarkId;
import io.perfgate.stats.Direction;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class OtavaCsvTest {
    private static final Instant T0 = Instant.parse("2026-10-01T03:00:00Z");

    private static TrendRun run(int i, double value) {
        return new TrendRun("2026/10/run" + i, "c" + i, null, T0.plusSeconds(3600L * i), null, value, value, value, 3);
    }

    private static Trend trend(String key, String mode, String metric, Direction direction, double... values) {
        List<TrendRun> runs = new ArrayList<>();
        for (int i = 0; i < values.length; i++) {
            runs.add(run(i, values[i]));
        }
        return new Trend(BenchmarkId.ofKey(key, mode), "b", metric, "ns/op", direction, runs, List.of());
    }

    @Test
    void oneRowPerRunOldestFirstTimeCommitRunBranchThenOneQuotedColumnPerSeries() {
        List<Trend> trends = List.of(
                trend("org.example.P.parse:size=10,text=a", "avgt", "median", Direction.LOWER_IS_BETTER, 100, 101.5),
                trend("org.example.P.parse", "thrpt", "median", Direction.HIGHER_IS_BETTER, 9.5, 9.25));

        assertEquals("time,commit,run,branch,\"org.example.P.parse:size=10,text=a [avgt] median\","
                + "org.example.P.parse [thrpt] median\r\n"
                + "2026-10-01T03:00:00Z,c0,2026/10/run0,main,100.0,9.5\r\n"
                + "2026-10-01T04:00:00Z,c1,2026/10/run1,main,101.5,9.25\r\n", OtavaCsv.write(trends, "main"));
    }

    @Test
    void aSeriesWithoutAValueInEveryRunIsLeftOutAndNamed() {
        Trend full = trend("a", "avgt", "median", Direction.LOWER_IS_BETTER, 1, 2, 3);
        Trend partial = trend("a", "avgt", "p95", Direction.LOWER_IS_BETTER, 5, 6);

        assertEquals(List.of(partial), OtavaCsv.leftOut(List.of(full, partial)));
        assertEquals("time,commit,run,branch,a [avgt] median", OtavaCsv.write(List.of(full, partial), "main")
                .split("\r\n")[0]);
    }

    @Test
    void theConfigurationReadsTheFileWithEachMetricsDirection() {
        List<Trend> trends = List.of(trend("a", "avgt", "median", Direction.LOWER_IS_BETTER, 1),
                trend("it's", "thrpt", "median", Direction.HIGHER_IS_BETTER, 1));
        assertEquals("tests:\n  'perf':\n    type: csv\n    file: '/tmp/h.csv'\n    time_column: time\n"
                + "    attributes: [commit, run]\n    metrics:\n"
                + "      'a [avgt] median':\n        column: 'a [avgt] median'\n        direction: -1\n"
                + "      'it''s [thrpt] median':\n        column: 'it''s [thrpt] median'\n        direction: 1\n",
                OtavaCsv.config(trends, "perf", "/tmp/h.csv"));
    }
}
