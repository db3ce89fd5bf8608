package io.perfgate.report;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.perfgate.gate.GateReport;
import io.perfgate.gate.GateRow;
import io.perfgate.gate.Metric;
import io.perfgate.gate.NotGated;
import io.perfgate.results.BenchmarkId;
import io.perfgate.stats.Direction;
import io.perfgate.stats.Verdict;
import java.nio.file.Path;
import java.util.Collections;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A benchmark run in two modes has rows of each in every report; a metric of one mode that is not gated names its
 * mode, as its gated rows do, in the HTML, console and Markdown reports.
 */
class NotGatedModesTest {
    private static final GateReport.Source SIDE = new GateReport.Source("f.json", "t", "v", Collections.emptyMap(),
            Collections.emptyMap());
    private static final String ALLOC_REASON = "no allocation was measured (run with -prof gc)";

    @TempDir
    Path tmp;

    private static BenchmarkId id(String mode) {
        return BenchmarkId.of("com.acme.A.run", Collections.emptyMap(), mode);
    }

    private static GateRow median(String mode, Verdict verdict) {
        return GateRow.builder().benchmark("com.acme.A.run", Collections.emptyMap(), mode, "A.run")
                .metric(Metric.MEDIAN, "ns/op", Direction.LOWER_IS_BETTER).forks(5, 5).pValue(0.5)
                .verdict(verdict, verdict == Verdict.PASS ? "" : "within the noise").build();
    }

    /** avgt and sample of one benchmark, each with a not-gated allocation, and avgt's p95 not gated either. */
    private static GateReport report() {
        return GateReport.builder().createdAt("2026-11-29T10:00:00Z").toolVersion("v").baseline(SIDE).current(SIDE)
                .addComparison(median("avgt", Verdict.INCONCLUSIVE)).addComparison(median("sample", Verdict.PASS))
                .addNotGated(new NotGated(id("avgt"), "A.run", Metric.P95,
                        "avgt mode records no latency distribution; use Mode.SampleTime to gate the p95"))
                .addNotGated(new NotGated(id("avgt"), "A.run", Metric.ALLOCATION, ALLOC_REASON))
                .addNotGated(new NotGated(id("sample"), "A.run", Metric.ALLOCATION, ALLOC_REASON))
                .build();
    }

    @Test
    void theHtmlTableNamesTheModeOfANotGatedRow() {
        String html = HtmlReport.page(CheckArtifacts.lenient(report(), tmp.resolve("report.json"), tmp));
        assertTrue(html.contains("<tr><td>A.run [avgt]</td><td>p95"), html);
        assertTrue(html.contains("<tr><td>A.run [sample]</td><td>" + Metric.ALLOCATION.id()), html);
        assertFalse(html.contains("<tr><td>A.run</td>"), html);
    }

    @Test
    void theConsoleNamesTheModeOfANotGatedMetric() {
        String text = ConsoleReport.toText(ConsoleReport.render(report()));
        assertTrue(text.contains(Metric.ALLOCATION.id() + " not gated for A.run [avgt], A.run [sample]: "
                + ALLOC_REASON), text);
        assertTrue(text.contains("p95 not gated for A.run [avgt]: avgt mode"), text);
        assertTrue(text.contains("INCONCLUSIVE A.run [avgt]: within the noise"), text);
    }

    @Test
    void theMarkdownNamesTheModeOfANotGatedMetric() {
        String md = MarkdownReport.render(report());
        assertTrue(md.contains(Metric.ALLOCATION.id() + " not gated for A.run [avgt], A.run [sample]: "
                + ALLOC_REASON), md);
        assertTrue(md.contains("p95 not gated for A.run [avgt]: avgt mode"), md);
        assertTrue(md.contains("INCONCLUSIVE A.run [avgt]: within the noise"), md);
        assertTrue(md.contains("| A.run [sample] | " + Metric.ALLOCATION.id()), md);
    }
}
