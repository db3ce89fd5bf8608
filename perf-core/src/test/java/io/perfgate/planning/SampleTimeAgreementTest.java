package io.perfgate.planning;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.perfgate.gate.Gate;
import io.perfgate.gate.GateReport;
import io.perfgate.gate.GateRow;
import io.perfgate.gate.GateSettings;
import io.perfgate.gate.Metric;
import io.perfgate.interleaved.StopRule;
import io.perfgate.report.CheckArtifacts;
import io.perfgate.report.HtmlReport;
import io.perfgate.results.BenchmarkResult;
import io.perfgate.results.Fork;
import io.perfgate.results.PerfResults;
import io.perfgate.stats.Verdict;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The gate, perf:compare's stop rule, perf:calibrate's noise figure and the HTML report must all read the same
 * per-fork value. A SampleTime benchmark whose forks keep their p50 while their mean (JMH's iteration score) grows
 * by 30 % (a few operations descheduled) is where they used to part: the gate tested the p50 and passed, the stop
 * rule watched the mean and settled on FAIL, and the report plotted the means beside a table of p50s.
 */
class SampleTimeAgreementTest {
    private static final String BENCHMARK = "org.example.Lookup.get";
    private static final int FORKS = 10;

    /** Per fork: p50 50 us/op (+-0.5 %), p95 200 us/op, and iteration scores (means) around {@code mean}, +-5 % from fork to fork. */
    private static BenchmarkResult side(double mean, long seed) {
        java.util.Random random = new java.util.Random(seed);
        BenchmarkResult.Builder b = BenchmarkResult.builder(BENCHMARK).mode("sample").unit("us/op");
        for (int i = 0; i < FORKS; i++) {
            Map<String, Double> percentiles = new LinkedHashMap<>();
            percentiles.put("p0.50", 50 * (1 + 0.005 * random.nextGaussian()));
            percentiles.put("p0.95", 200 * (1 + 0.005 * random.nextGaussian()));
            double forkMean = mean * (1 + 0.05 * random.nextGaussian());
            double[] iterations = {forkMean * 0.99, forkMean * 1.01, forkMean, forkMean * 1.005, forkMean * 0.995};
            b.addFork(new Fork(iterations, percentiles, Collections.emptyMap()));
        }
        return b.build();
    }

    private static final BenchmarkResult BASE = side(100, 1);
    private static final BenchmarkResult CANDIDATE = side(130, 2);

    private static PerfResults results(BenchmarkResult b) {
        return PerfResults.builder().createdAt("2026-11-24T00:00:00Z").toolVersion("test").addBenchmark(b).build();
    }

    @Test
    void theGateJudgesTheForksOwnP50AndPasses() {
        GateReport report = new Gate(GateSettings.defaults()).check(results(BASE), results(CANDIDATE));
        GateRow median = report.comparisons().stream().filter(c -> c.metric() == Metric.MEDIAN).findFirst()
                .orElseThrow(AssertionError::new);
        assertEquals(Verdict.PASS, median.verdict(), median.reason());
        assertEquals(50, median.currentMedian(), 1);
    }

    @Test
    void theStopRuleSettlesOnTheSameValuesAsTheGate() {
        StopRule.Look look = new StopRule(true, 15, GateSettings.defaults()).look(FORKS,
                Collections.singletonList(BASE), Collections.singletonList(CANDIDATE));
        assertEquals(StopRule.Status.SETTLED_PASS, look.status(), look.reason());
    }

    @Test
    void calibrationMeasuresTheNoiseOfTheValuesTheGateTests() {
        // the p50s vary by 0.5 % between forks; the means by 5 %
        double cv = AaCalibration.betweenForkCv(BASE, BASE);
        assertTrue(cv < 0.01, "between-fork CV " + cv);
    }

    @Test
    void theReportPlotsTheValuesTheTableShows() {
        GateReport report = new Gate(GateSettings.defaults()).check(results(BASE), results(CANDIDATE));
        String page = HtmlReport.page(new CheckArtifacts(Paths.get("target/perf/report.json"), report,
                results(CANDIDATE), results(BASE), Collections.emptyList()));
        List<Double> plotted = new ArrayList<>();
        Matcher m = Pattern.compile("fork \\d+: ([0-9.]+) us/op").matcher(page);
        while (m.find()) {
            plotted.add(Double.parseDouble(m.group(1)));
        }
        // a median panel and a p95 panel, ten forks a side each
        assertEquals(4 * FORKS, plotted.size(), page);
        for (double v : plotted) {
            assertTrue(Math.abs(v - 50) < 2 || Math.abs(v - 200) < 5, "plotted " + v + " us/op: " + plotted);
        }
    }
}
