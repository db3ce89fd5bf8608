package io.perfgate.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.perfgate.results.BenchmarkId;
import io.perfgate.stats.Direction;
import io.perfgate.trend.ChangePointDetector;
import io.perfgate.trend.ChangePointOptions;
import io.perfgate.trend.Trend;
import io.perfgate.trend.TrendRun;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** trend.md and trend.html: what a reader of the trend sees of each change point and each series. */
class TrendReportTest {
    private static final Instant T0 = Instant.parse("2026-11-01T10:00:00Z");
    private static final int RUNS = 20;

    /** 20 daily runs of {@code benchmark}: at {@code before} until run {@code step} (0-based), then {@code after}. */
    private static Trend series(String displayName, String mode, String unit, Direction direction, double before,
            double after, int step) {
        List<TrendRun> runs = new ArrayList<>();
        for (int i = 0; i < RUNS; i++) {
            double level = (i < step ? before : after) * (1 + 0.001 * ((i * 7) % 5 - 2));
            runs.add(new TrendRun("run-" + i, String.format("%02d", i) + "abcdef0123456789", null,
                    T0.plusSeconds(86_400L * i), null, level, level * 0.99, level * 1.01, 3));
        }
        Trend t = new Trend(BenchmarkId.of("com.acme." + displayName, Map.of(), mode), displayName, "median", unit,
                direction, runs, List.of());
        return t.withChanges(new ChangePointDetector(ChangePointOptions.defaults()).detect(t.series()));
    }

    private static List<Trend> suite() {
        return Arrays.asList(
                series("ParserBench.parse", "avgt", "ns/op", Direction.LOWER_IS_BETTER, 100, 120, 8),
                // the same benchmark's other mode got faster, later: its own row, with its own mode
                series("ParserBench.parse", "thrpt", "ops/us", Direction.HIGHER_IS_BETTER, 10, 12, 14),
                series("WriterBench.write", "avgt", "ns/op", Direction.LOWER_IS_BETTER, 500, 500, 0));
    }

    @Test
    void theMarkdownListsEveryChangePointSlowdownsFirst() {
        String md = TrendReport.markdown(suite(), "main", RUNS, null);
        String[] lines = md.split("\n");

        assertEquals("## Performance trend of main", lines[0]);
        assertEquals("2 change point(s), 1 slowdown(s), in 3 series over 20 comparable runs.", lines[2]);
        assertEquals("| | benchmark | mode | metric | change [95 % interval] | level before -> after | commits |"
                + " first run after | p |", lines[4]);
        assertEquals("| slower | ParserBench.parse | avgt | median | +20.0 % [+19.8 %, +20.2 %] | 100.0 ns/op -> 120.0"
                + " ns/op | `07abcdef01..08abcdef01` | 2026-11-09 | < 0.0001 |", lines[6]);
        assertEquals("| faster | ParserBench.parse | thrpt | median | +20.0 % [+19.9 %, +20.2 %] | 9.999 Mops/s ->"
                + " 12.00 Mops/s | `13abcdef01..14abcdef01` | 2026-11-15 | < 0.0001 |", lines[7]);
        assertEquals(8, lines.length, md);
    }

    @Test
    void aHistoryWithoutChangesSaysSoAndAnEmptyOneSaysWhy() {
        List<Trend> flat = List.of(series("WriterBench.write", "avgt", "ns/op", Direction.LOWER_IS_BETTER, 500, 500,
                0));
        assertEquals("## Performance trend of main\n\n0 change point(s), 0 slowdown(s), in 1 series over 20 comparable"
                + " runs.\n\n", TrendReport.markdown(flat, "main", RUNS, null));

        String empty = TrendReport.markdown(List.of(), "release_1", 0, "Only 2 runs of main_line: at least 4 needed.");
        assertEquals("## Performance trend of release\\_1\n\nOnly 2 runs of main\\_line: at least 4 needed.\n", empty);
        String page = TrendReport.html(List.of(), "main", 0, "No history <yet>.");
        assertTrue(page.contains("<p class=\"reason\">No history &lt;yet>.</p>")
                || page.contains("<p class=\"reason\">No history &lt;yet&gt;.</p>"), page);
        assertFalse(page.contains("<svg"), page);
    }

    @Test
    void thePageHasOnePlotPerSeriesAndSaysWhereEachChangeIs() {
        List<Trend> trends = suite();
        String page = TrendReport.html(trends, "main", RUNS, null);

        assertTrue(page.contains("<p class=\"reason\">3 series over 20 comparable runs; 1 with a slowdown, shown first."),
                page);
        assertEquals(3, count(page, "<svg "));
        assertTrue(page.contains("<h2>ParserBench.parse [avgt] median</h2>"), page);
        assertTrue(page.contains("<h2>ParserBench.parse [thrpt] median</h2>"), page);
        String slower = "<span class=\"verdict v-FAIL\">SLOWER</span> +20.0 % [+19.8 %, +20.2 %], 100.0 ns/op -&gt;"
                + " 120.0 ns/op, p &lt; 0.0001, between 07abcdef01 and 08abcdef01 (run 9 of 20)</p>";
        assertTrue(page.contains(slower), page);
        assertTrue(page.contains("<span class=\"verdict v-IMPROVED\">FASTER</span> "), page);
        // every run on hover: its commit, time, value and its forks' range
        assertTrue(page.contains("<title>run 1, commit 00abcdef01, 2026-11-01T10:00:00Z: 99.80 ns/op (forks 98.80"
                + " ns/op to 100.8 ns/op, 3 forks)</title>"), page);
        assertTrue(page.contains("20 runs, oldest left"), page);
        assertFalse(page.contains("<script"), "nothing runs in the page");
    }

    private static int count(String text, String fragment) {
        int n = 0;
        for (int i = text.indexOf(fragment); i >= 0; i = text.indexOf(fragment, i + 1)) {
            n++;
        }
        return n;
    }
}
