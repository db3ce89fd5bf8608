package io.perfgate.gate;

import static io.perfgate.testing.Results.around;
import static io.perfgate.testing.Results.avgt;
import static io.perfgate.testing.Results.results;
import static io.perfgate.testing.Results.times;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.perfgate.results.BenchmarkResult;
import io.perfgate.results.MetricInfo;
import io.perfgate.results.PerfResults;
import io.perfgate.stats.Direction;
import io.perfgate.stats.Multiplicity;
import io.perfgate.stats.Verdict;
import io.perfgate.testing.Results;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class GateTest {
    private static final String BENCH = "com.acme.ParserBench.parse";
    private static final double[] BASE = around(1000, 0.02, 10, 1);

    private static Gate gate(GateSettings s) {
        return new Gate(s).toolVersion("test").clock(Clock.fixed(Instant.parse("2026-11-21T12:00:00Z"), ZoneOffset.UTC))
                .baselineCommand("mvn verify -Pperf perf:baseline");
    }

    private static GateReport check(GateSettings s, PerfResults baseline, PerfResults current) {
        return gate(s).check(baseline, "src/perf/baseline.json", current, "target/perf/results.json");
    }

    private static GateReport check(PerfResults baseline, PerfResults current) {
        return check(GateSettings.defaults(), baseline, current);
    }

    private static GateRow only(GateReport r, Metric metric) {
        List<GateRow> rows = r.comparisons().stream().filter(c -> c.metric() == metric).collect(Collectors.toList());
        assertEquals(1, rows.size(), () -> "rows of " + metric + ": " + r.comparisons());
        return rows.get(0);
    }

    @Test
    void sameCodeTwicePasses() {
        GateReport r = check(results(avgt(BENCH, BASE)), results(avgt(BENCH, around(1000, 0.02, 10, 2))));
        GateRow c = only(r, Metric.MEDIAN);
        assertEquals(Verdict.PASS, c.verdict(), c.reason());
        assertFalse(r.failsBuild());
        assertEquals(Outcome.PASS, r.outcome());
        assertEquals(1, r.tested());
        assertEquals(10, c.baselineForks());
        assertEquals("median time", c.reason().substring(0, "median time".length()));
    }

    /**
     * A benchmark the comparison never measured (perf.budget ran out before its turn) is in neither side's results;
     * it must not vanish from the report: NOT RUN with why, and the outcome no better than WARN.
     */
    @Test
    void aBenchmarkNeverMeasuredIsNotRunNotAPass() {
        GateReport r = gate(GateSettings.defaults()).notRun(Map.of("com.acme.Other.run",
                "perf.budget ran out before its turn (priority 2 of 2)")).check(results(avgt(BENCH, BASE)),
                        "base-results.json", results(avgt(BENCH, around(1000, 0.02, 10, 2))), "results.json");
        assertEquals(Verdict.PASS, only(r, Metric.MEDIAN).verdict());
        assertEquals(Outcome.WARN, r.outcome());
        assertFalse(r.failsBuild());
        assertEquals(List.of("com.acme.Other.run: perf.budget ran out before its turn (priority 2 of 2)"), r.notRun());
        assertTrue(r.notes().contains("NOT RUN com.acme.Other.run: perf.budget ran out before its turn (priority 2"
                + " of 2); no verdict (measure it with a larger perf.budget, or in its own run with -Dperf.includes)"),
                r.notes().toString());
        assertEquals("1 NOT RUN", r.vote().reason());
    }

    @Test
    void slowdownOfHalfFailsWithMeasuredValueBeforeLimit() {
        GateReport r = check(results(avgt(BENCH, BASE)), results(avgt(BENCH, times(BASE, 1.5))));
        GateRow c = only(r, Metric.MEDIAN);
        assertEquals(Verdict.FAIL, c.verdict());
        assertEquals(1.5, c.ratio(), 1e-9);
        assertTrue(c.lowerBound() > 1.05);
        assertTrue(c.pValue() < 0.001, "p " + c.pValue());
        assertTrue(c.reason().startsWith("median time +50.0 % ["), c.reason());
        assertTrue(c.reason().contains("is above the 10 % limit (p "), c.reason());
        assertTrue(c.reason().endsWith(", 10 vs 10 forks)"), c.reason());
        assertEquals(Collections.singletonList("ParserBench.parse: " + c.reason()), r.regressions());
        assertTrue(r.failsBuild());
        assertEquals(Outcome.FAIL, r.outcome());
        assertEquals("1 regression in 1 comparison", r.summary());
    }

    @Test
    void failOnRegressionFalseKeepsTheVerdictButNotTheFailure() throws Exception {
        GateSettings s = GateSettings.builder().failOnRegression(false).build();
        GateReport r = check(s, results(avgt(BENCH, BASE)), results(avgt(BENCH, times(BASE, 1.5))));
        assertEquals(Verdict.FAIL, only(r, Metric.MEDIAN).verdict());
        assertEquals(1, r.regressions().size());
        assertFalse(r.failsBuild());
        assertEquals(Outcome.WARN, r.outcome());
        // the summary says the FAIL rows are only reported: before, "WARN - 1 regression in 1 comparison" beside a
        // FAIL row left the reader to guess which of the two was the verdict
        assertEquals("1 regression (FAIL, reported only: perf.failOnRegression=false) in 1 comparison", r.summary());
    }

    @Test
    void smallRealShiftIsAWarningNotAFailure() {
        GateReport r = check(results(avgt(BENCH, BASE)), results(avgt(BENCH, times(BASE, 1.03))));
        GateRow c = only(r, Metric.MEDIAN);
        assertEquals(Verdict.WARN, c.verdict(), c.reason());
        assertTrue(c.reason().contains("real slowdown, below the 10 % limit"), c.reason());
        assertFalse(r.failsBuild());
    }

    @Test
    void improvementIsReported() {
        GateReport r = check(results(avgt(BENCH, BASE)), results(avgt(BENCH, times(BASE, 0.6))));
        assertEquals(Verdict.IMPROVED, only(r, Metric.MEDIAN).verdict());
        assertFalse(r.failsBuild());
    }

    @Test
    void throughputDropIsASlowdown() {
        double[] ops = around(2_000_000, 0.02, 10, 3);
        BenchmarkResult base = Results.benchmark(BENCH, "thrpt", "ops/s", ops).build();
        BenchmarkResult cur = Results.benchmark(BENCH, "thrpt", "ops/s", times(ops, 0.75)).build();
        GateRow c = only(check(results(base), results(cur)), Metric.MEDIAN);
        assertEquals(Direction.HIGHER_IS_BETTER, c.direction());
        assertEquals(Verdict.FAIL, c.verdict());
        assertEquals(-0.25, c.change(), 1e-9);
        assertTrue(c.reason().startsWith("median throughput -25.0 % ["), c.reason());
        assertTrue(c.reason().contains("a 33.3 % slowdown"), c.reason());
    }

    @Test
    void ruleCanOverrideDirection() throws Exception {
        // A score JMH reports in a unit the inference reads as a cost, but where more is better.
        double[] v = around(500, 0.02, 10, 4);
        BenchmarkResult base = Results.benchmark(BENCH, "avgt", "hits/op", v).build();
        BenchmarkResult cur = Results.benchmark(BENCH, "avgt", "hits/op", times(v, 1.5)).build();
        GateSettings s = GateSettings.builder()
                .rules(Collections.singletonList(new BenchmarkRule().pattern("ParserBench").direction("higher")))
                .build();
        GateRow c = only(check(s, results(base), results(cur)), Metric.MEDIAN);
        assertEquals(Direction.HIGHER_IS_BETTER, c.direction());
        assertEquals(Verdict.IMPROVED, c.verdict());
        assertEquals("rule 1 'ParserBench'", c.rule());
    }

    @Test
    void ruleThresholdsApplyToMatchingBenchmarksOnly() throws Exception {
        GateSettings s = GateSettings.builder()
                .rules(Collections.singletonList(new BenchmarkRule().pattern("Loose").medianFail("60%").medianMin("30%")))
                .build();
        PerfResults base = results(avgt("a.Loose.m", BASE), avgt("a.Strict.m", BASE));
        PerfResults cur = results(avgt("a.Loose.m", times(BASE, 1.5)), avgt("a.Strict.m", times(BASE, 1.5)));
        GateReport r = check(s, base, cur);
        assertEquals(Verdict.WARN, r.comparisons().get(0).verdict(), r.comparisons().get(0).reason());
        assertEquals(0.60, r.comparisons().get(0).failThreshold(), 1e-12);
        assertEquals(Verdict.FAIL, r.comparisons().get(1).verdict());
        assertEquals(0.10, r.comparisons().get(1).failThreshold(), 1e-12);
    }

    @Test
    void ignoredBenchmarksAreListedNotCompared() throws Exception {
        GateSettings s = GateSettings.builder()
                .rules(Collections.singletonList(new BenchmarkRule().pattern("Parser").ignore("true"))).build();
        GateReport r = check(s, results(avgt(BENCH, BASE)), results(avgt(BENCH, times(BASE, 2))));
        assertTrue(r.comparisons().isEmpty());
        assertEquals(BENCH, r.ignoredBenchmarks().get(0).key());
        assertFalse(r.failsBuild());
        assertTrue(r.missingBenchmarks().isEmpty(), "an ignored baseline benchmark is not 'missing'");
    }

    @Test
    void ruleMatchingNothingIsNoted() throws Exception {
        GateSettings s = GateSettings.builder()
                .rules(Collections.singletonList(new BenchmarkRule().pattern("Nope").medianFail("20%"))).build();
        GateReport r = check(s, results(avgt(BENCH, BASE)), results(avgt(BENCH, BASE)));
        assertTrue(r.notes().stream().anyMatch(n -> n.startsWith("rule 1 'Nope' matches no benchmark; check its"
                + " <pattern> (a regular expression searched in names like com.acme.ParserBench.parse)")),
                r.notes().toString());
    }

    @Test
    void newAndMissingBenchmarksAreListedAndFailOnlyWhenAsked() throws Exception {
        PerfResults base = results(avgt(BENCH, BASE), avgt("a.Gone.m", BASE));
        PerfResults cur = results(avgt(BENCH, BASE), avgt("a.Fresh.m", BASE));
        GateReport lenient = check(base, cur);
        assertEquals("a.Fresh.m", lenient.newBenchmarks().get(0).key());
        assertEquals("a.Gone.m", lenient.missingBenchmarks().get(0).key());
        assertFalse(lenient.failsBuild());
        assertEquals(Outcome.WARN, lenient.outcome());

        GateSettings strict = GateSettings.builder().failOnNewBenchmarks(true).failOnMissingBenchmarks(true).build();
        GateReport r = check(strict, base, cur);
        assertTrue(r.failsBuild());
        assertEquals(2, r.otherFailures().size());
        assertTrue(r.otherFailures().get(0).startsWith("1 benchmark is new since the baseline and"
                + " perf.failOnNewBenchmarks=true: a.Fresh.m."), r.otherFailures().get(0));
        assertTrue(r.otherFailures().get(1).startsWith("1 benchmark of the baseline did not run"),
                r.otherFailures().get(1));
        assertTrue(r.otherFailures().get(0).endsWith("mvn verify -Pperf perf:baseline"));
    }

    /** One shard runs part of the suite: the rest of the baseline is not "missing", even when that fails. */
    @Test
    void aShardsCheckLeavesTheOtherShardsBenchmarksToThem() throws Exception {
        PerfResults base = results(avgt(BENCH, BASE), avgt("a.OtherShard.m", BASE));
        Map<String, String> settings = new LinkedHashMap<>();
        settings.put("perf.shard", "1/2");
        PerfResults shard = results(avgt(BENCH, BASE)).toBuilder().settings(settings).build();
        GateSettings strict = GateSettings.builder().failOnMissingBenchmarks(true).build();

        GateReport r = check(strict, base, shard);

        assertTrue(r.missingBenchmarks().isEmpty());
        assertFalse(r.failsBuild());
        assertTrue(r.notes().contains("1 benchmark of the baseline ran in other shards than this one (perf.shard=1/2);"
                + " perf:merge and perf:check judge the whole suite"), r.notes().toString());
    }

    /**
     * No benchmark of the run is in the baseline (all renamed, or another module's baseline): nothing is compared,
     * and that fails by default, saying what was measured and what to do; before, it ended "WARN - no regression in
     * 0 comparisons" and the build passed.
     */
    @Test
    void aCheckThatComparesNothingFailsUnlessAllowed() throws Exception {
        PerfResults base = results(avgt("a.Old.one", BASE), avgt("a.Old.two", BASE), avgt("a.Old.three", BASE),
                avgt("a.Old.four", BASE), avgt("a.Old.five", BASE));
        PerfResults cur = results(avgt("a.New.one", BASE), avgt("a.New.two", BASE), avgt("a.New.three", BASE));

        GateReport r = check(base, cur);

        assertTrue(r.failsBuild());
        assertEquals(Outcome.FAIL, r.outcome());
        assertEquals(Collections.singletonList("None of the 3 benchmarks of this run (a.New.one, a.New.two,"
                + " a.New.three) is in the baseline src/perf/baseline.json, which holds 5 others (a.Old.one,"
                + " a.Old.two, a.Old.three and 2 more): nothing was compared. If the benchmarks were renamed, record"
                + " the baseline again with: mvn verify -Pperf perf:baseline; if the baseline is another module's or"
                + " suite's, check perf.baseline and perf.includes; to let a check that compares nothing pass, set"
                + " perf.failOnNoComparisons=false."), r.otherFailures());

        // allowed: as before, the benchmarks are listed as new and missing, and the check warns
        GateReport allowed = check(GateSettings.builder().set("perf.failOnNoComparisons", "false").build(), base,
                cur);
        assertFalse(allowed.failsBuild());
        assertEquals(Outcome.WARN, allowed.outcome());
        assertEquals("nothing compared", allowed.summary());
        assertEquals(3, allowed.newBenchmarks().size());
        assertEquals("false", allowed.settings().get("perf.failOnNoComparisons"));
        assertEquals("true", r.settings().get("perf.failOnNoComparisons"));
    }

    /**
     * Only a run none of whose benchmarks pairs is a broken set-up: a partial overlap is perf.failOnNewBenchmarks'
     * and perf.failOnInconclusive's to judge, a run of benchmarks a rule ignores compares nothing on purpose, and a
     * shard may hold only new benchmarks.
     */
    @Test
    void onlyARunWithNoBenchmarkInTheBaselineFailsForComparingNothing() throws Exception {
        PerfResults base = results(avgt(BENCH, BASE), avgt("a.Old.m", BASE));
        GateReport partial = check(base, results(avgt(BENCH, BASE), avgt("a.New.m", BASE)));
        assertFalse(partial.failsBuild(), partial.otherFailures().toString());

        GateSettings ignoring = GateSettings.builder()
                .rules(Collections.singletonList(new BenchmarkRule().pattern("New").ignore("true"))).build();
        GateReport ignored = check(ignoring, base, results(avgt("a.New.m", BASE)));
        assertFalse(ignored.failsBuild(), ignored.otherFailures().toString());

        PerfResults shard = results(avgt("a.New.m", BASE)).toBuilder()
                .settings(Collections.singletonMap("perf.shard", "2/2")).build();
        assertFalse(check(base, shard).failsBuild());

        // one benchmark, two modes, none in the baseline: counted once, and an empty baseline says so
        BenchmarkResult thrpt = Results.benchmark("a.New.m", "thrpt", "ops/s", around(1e6, 0.02, 10, 9)).build();
        GateReport twoModes = gate(GateSettings.defaults()).check(results(), results(avgt("a.New.m", BASE), thrpt));
        assertTrue(twoModes.otherFailures().get(0).startsWith("The one benchmark of this run (a.New.m) is not in"
                + " the baseline, which holds none: nothing was compared."), twoModes.otherFailures().get(0));

        // the same benchmark in another mode: the modes tell the two sides apart
        GateReport otherMode = check(results(avgt("a.B.m", BASE)), results(Results.benchmark("a.B.m", "thrpt",
                "ops/s", around(1e6, 0.02, 10, 9)).build()));
        assertTrue(otherMode.otherFailures().get(0).startsWith("The one benchmark of this run (a.B.m [thrpt]) is not"
                + " in the baseline src/perf/baseline.json, which holds 1 other (a.B.m [avgt])"),
                otherMode.otherFailures().get(0));
    }

    /**
     * Results of no benchmark against a baseline that holds some compare nothing, and that fails the build, saying
     * what each side held; before, it ended "no regression in 0 comparisons" and the build passed. Warn-only mode
     * (perf.failOnRegression=false) does not let it pass: it is no regression to let through but a broken set-up.
     */
    @Test
    void resultsOfNoBenchmarkAgainstABaselineFail() throws Exception {
        PerfResults base = results(avgt("a.B.one", BASE), avgt("a.B.two", BASE), avgt("a.B.three", BASE),
                avgt("a.B.four", BASE));
        String expected = "The results target/perf/results.json hold no benchmark, and the baseline"
                + " src/perf/baseline.json holds 4 (a.B.one, a.B.two, a.B.three and 1 more): nothing was compared."
                + " A run that measured nothing is no pass: check that perf.results names the results of perf:run in"
                + " this module and that perf.includes and perf.excludes select its benchmarks; to let a check that"
                + " compares nothing pass, set perf.failOnNoComparisons=false.";

        GateReport r = check(base, results());
        assertTrue(r.failsBuild());
        assertEquals(Outcome.FAIL, r.outcome());
        assertEquals(Collections.singletonList(expected), r.otherFailures());
        assertEquals("nothing compared", r.summary());

        GateReport warnOnly = check(GateSettings.builder().set("perf.failOnRegression", "false").build(), base,
                results());
        assertTrue(warnOnly.failsBuild(), "warn-only mode lets regressions through, not a check of nothing");
        assertEquals(Collections.singletonList(expected), warnOnly.otherFailures());

        GateReport allowed = check(GateSettings.builder().set("perf.failOnNoComparisons", "false").build(), base,
                results());
        assertFalse(allowed.failsBuild());
        assertEquals(Outcome.WARN, allowed.outcome());
        assertEquals(4, allowed.missingBenchmarks().size());

        // neither side holds anything (a baseline recorded with perf.force): still nothing compared
        GateReport neither = gate(GateSettings.defaults()).check(results(), "base.json", results(), null);
        assertEquals(Collections.singletonList("The results hold no benchmark, and neither does the baseline"
                + " base.json: nothing was compared. A run that measured nothing is no pass: check"
                + " that perf.results names the results of perf:run in this module and that perf.includes and"
                + " perf.excludes select its benchmarks; to let a check that compares nothing pass, set"
                + " perf.failOnNoComparisons=false."), neither.otherFailures());

        // perf.affected found no benchmark the patch reaches: both sides of the comparison hold nothing, on purpose
        PerfResults noneAffected = results().toBuilder().settings(Collections.singletonMap("perf.against", "main"))
                .build();
        assertFalse(gate(GateSettings.defaults()).check(noneAffected, noneAffected).failsBuild());

        // one shard with nothing to run: the other shards ran the baseline's benchmarks, and the merge judges all
        PerfResults emptyShard = results().toBuilder().settings(Collections.singletonMap("perf.shard", "2/2"))
                .build();
        GateReport shard = check(base, emptyShard);
        assertFalse(shard.failsBuild(), shard.otherFailures().toString());
        assertTrue(shard.notes().contains("4 benchmarks of the baseline ran in other shards than this one"
                + " (perf.shard=2/2); perf:merge and perf:check judge the whole suite"), shard.notes().toString());
    }

    @Test
    void benchmarksAreMatchedByModeToo() {
        BenchmarkResult avgt = avgt(BENCH, BASE);
        BenchmarkResult thrpt = Results.benchmark(BENCH, "thrpt", "ops/s", around(1e6, 0.02, 10, 9)).build();
        GateReport r = check(results(avgt), results(thrpt));
        assertTrue(r.comparisons().isEmpty());
        assertEquals("thrpt", r.newBenchmarks().get(0).mode());
        assertEquals("avgt", r.missingBenchmarks().get(0).mode());
    }

    @Test
    void tooFewForksIsInconclusiveWithTheCounts() {
        GateReport r = check(results(avgt(BENCH, Arrays.copyOf(BASE, 3))), results(avgt(BENCH, times(BASE, 1.5))));
        GateRow c = only(r, Metric.MEDIAN);
        assertEquals(Verdict.INCONCLUSIVE, c.verdict());
        assertTrue(c.reason().contains("3 baseline and 10 candidate forks, but at least 5 per side are needed"),
                c.reason());
        assertEquals(0, r.tested());
        assertFalse(r.failsBuild());
        assertEquals(Outcome.WARN, r.outcome());
    }

    @Test
    void nothingJudgedFailsTheBuildWhenAskedTo() throws Exception {
        // @Fork(1) on both sides: nothing can be judged; by default a warning, with failOnInconclusive a failure
        PerfResults base = results(avgt(BENCH, Arrays.copyOf(BASE, 1)));
        PerfResults cur = results(avgt(BENCH, Arrays.copyOf(BASE, 1)));
        assertFalse(check(base, cur).failsBuild());
        GateReport r = check(GateSettings.builder().set("perf.failOnInconclusive", "true").build(), base, cur);
        assertTrue(r.failsBuild());
        assertEquals(Outcome.FAIL, r.outcome());
        assertEquals(List.of("1 comparison was not judged (INCONCLUSIVE) and perf.failOnInconclusive=true: "
                + only(r, Metric.MEDIAN).displayName() + ". Each reason is listed above; fix it (more forks, a stable"
                + " machine, complete results), or set perf.failOnInconclusive=false to warn only."),
                r.otherFailures());
    }

    @Test
    void minForksIsConfigurable() throws Exception {
        double[] four = Arrays.copyOf(BASE, 4);
        PerfResults base = results(avgt(BENCH, four));
        PerfResults cur = results(avgt(BENCH, times(four, 1.5)));
        assertEquals(Verdict.INCONCLUSIVE, only(check(base, cur), Metric.MEDIAN).verdict());
        GateReport r = check(GateSettings.builder().minForks(3).build(), base, cur);
        GateRow c = only(r, Metric.MEDIAN);
        // Judged now: a complete separation of 4 vs 4 forks (p = 1/70) fails.
        assertEquals(Verdict.FAIL, c.verdict(), c.reason());
        assertTrue(c.reason().endsWith("(p = 0.014, 4 vs 4 forks)"), c.reason());
        assertEquals(1, r.tested());
    }

    @Test
    void missingRawDataIsInconclusive() {
        BenchmarkResult noRaw = BenchmarkResult.builder(BENCH).mode("avgt").unit("ns/op")
                .warning("JMH wrote no rawData (run with -Djmh.json.rawData=true)").build();
        GateReport r = check(results(avgt(BENCH, BASE)), results(noRaw));
        GateRow c = only(r, Metric.MEDIAN);
        assertEquals(Verdict.INCONCLUSIVE, c.verdict());
        assertTrue(c.reason().contains("incomplete data in the current results: JMH wrote no rawData"), c.reason());

        BenchmarkResult empty = BenchmarkResult.builder(BENCH).mode("avgt").unit("ns/op").build();
        GateRow e = only(check(results(empty), results(avgt(BENCH, BASE))), Metric.MEDIAN);
        assertEquals(Verdict.INCONCLUSIVE, e.verdict());
        assertTrue(e.reason().contains("the baseline hold no forks"), e.reason());
    }

    @Test
    void p95OfAvgtIsNotGatedWithTheReason() {
        GateReport r = check(results(avgt(BENCH, BASE)), results(avgt(BENCH, BASE)));
        assertEquals(1, r.notGated().size());
        assertEquals(Metric.P95, r.notGated().get(0).metric());
        assertEquals("avgt mode records no latency distribution; use Mode.SampleTime to gate the p95",
                r.notGated().get(0).reason());
    }

    @Test
    void p95IsGatedOnPerForkValues() {
        double[] p50 = around(10, 0.02, 8, 5);
        double[] p95 = around(30, 0.03, 8, 6);
        PerfResults base = results(Results.sample(BENCH, p50, p95));
        PerfResults cur = results(Results.sample(BENCH, p50, times(p95, 1.4)));
        GateReport r = check(base, cur);
        assertEquals(Verdict.PASS, only(r, Metric.MEDIAN).verdict());
        GateRow tail = only(r, Metric.P95);
        assertEquals(Verdict.FAIL, tail.verdict(), tail.reason());
        assertTrue(tail.reason().startsWith("p95 time +40.0 %"), tail.reason());
        assertTrue(tail.reason().contains("above the 20 % limit"), tail.reason());
        assertEquals(0.20, tail.failThreshold(), 1e-12);
        assertEquals(2, r.tested());
        assertTrue(r.notGated().isEmpty());
    }

    @Test
    void sampleTimeMedianIsTheForksOwnP50NotTheMeanOfIterations() {
        double[] p50 = around(10, 0.02, 8, 5);
        double[] p95 = around(30, 0.03, 8, 6);
        BenchmarkResult base = Results.sample(BENCH, p50, p95);
        // The same latencies, but a few descheduled operations lifted every iteration's mean by half.
        BenchmarkResult.Builder cur = BenchmarkResult.builder(BENCH).mode("sample").unit("us/op");
        for (io.perfgate.results.Fork f : base.forks()) {
            cur.addFork(new io.perfgate.results.Fork(times(f.primary(), 1.5), f.percentiles(), Collections.emptyMap()));
        }
        GateReport r = check(results(base), results(cur.build()));
        GateRow c = only(r, Metric.MEDIAN);
        assertEquals(Verdict.PASS, c.verdict(), c.reason());
        assertEquals(io.perfgate.stats.Quantiles.median(p50), c.baselineMedian(), 1e-12);
    }

    @Test
    void allocationIsNotGatedInSampleMode() {
        double[] t = around(10, 0.02, 8, 5);
        double[] bytes = new double[8];
        Arrays.fill(bytes, 37);
        BenchmarkResult.Builder base = BenchmarkResult.builder(BENCH).mode("sample").unit("us/op");
        BenchmarkResult.Builder cur = BenchmarkResult.builder(BENCH).mode("sample").unit("us/op");
        for (int i = 0; i < t.length; i++) {
            java.util.Map<String, Double> pct = new java.util.LinkedHashMap<>();
            pct.put("p0.50", t[i]);
            pct.put("p0.95", 3 * t[i]);
            base.addFork(new io.perfgate.results.Fork(new double[] {t[i]}, pct,
                    Collections.singletonMap(MetricInfo.ALLOCATION, new double[] {37})));
            cur.addFork(new io.perfgate.results.Fork(new double[] {t[i]}, pct,
                    Collections.singletonMap(MetricInfo.ALLOCATION, new double[] {59})));
        }
        GateReport r = check(results(base.build()), results(cur.build()));
        assertTrue(r.comparisons().stream().noneMatch(c -> c.metric() == Metric.ALLOCATION));
        assertTrue(r.notGated().stream().anyMatch(n -> n.metric() == Metric.ALLOCATION
                && n.reason().startsWith("in sample mode gc.alloc.rate.norm includes JMH's own sampling")));
        assertFalse(r.failsBuild());
    }

    @Test
    void aBenchmarkThatAllocatedNothingAndNowAllocatesFails() {
        // 0 B/op is a measurement, not a missing one: growing from it is a regression, not "only one side measured"
        double[] t = around(1000, 0.02, 10, 7);
        PerfResults b = results(Results.withAlloc(BENCH, t, new double[10]));
        double[] now = new double[10];
        Arrays.fill(now, 64);
        GateReport grown = check(b, results(Results.withAlloc(BENCH, t, now)));
        GateRow c = only(grown, Metric.ALLOCATION);
        assertEquals(Verdict.FAIL, c.verdict(), c.reason());
        assertTrue(c.reason().contains("+64 B/op from nothing is above the limit max(2 %, 16 B/op) = 16 B/op"), c.reason());
    }

    @Test
    void allocationGrowingFromNothingIsSaidInBytesNotAsAPercentage() {
        // JMH reports code that allocates nothing at a fraction of a byte per operation
        double[] t = around(1000, 0.02, 10, 7);
        double[] rounding = new double[10];
        Arrays.fill(rounding, 0.0004839);
        double[] now = new double[10];
        Arrays.fill(now, 1040);
        GateRow c = only(check(results(Results.withAlloc(BENCH, t, rounding)), results(Results.withAlloc(BENCH,
                t, now))), Metric.ALLOCATION);
        assertEquals(Verdict.FAIL, c.verdict());
        assertEquals("allocation +1040 B/op from nothing is above the limit max(2 %, 16 B/op) = 16 B/op"
                + " (medians 0 B/op -> 1040 B/op, 10 vs 10 forks)", c.reason());
        assertTrue(Double.isNaN(c.change()), "no ratio of nothing");
        assertEquals("+1040 B/op", io.perfgate.report.Units.change(c));

        double[] one = new double[10];
        Arrays.fill(one, 1);
        GateRow fromOne = only(check(results(Results.withAlloc(BENCH, t, one)), results(Results.withAlloc(BENCH,
                t, now))), Metric.ALLOCATION);
        assertTrue(fromOne.reason().startsWith("allocation +103900.0 % (+1039 B/op)"), fromOne.reason());
    }

    @Test
    void allocationThatVariesFromForkToForkMustSeparateTheSidesToBeJudged() {
        // Apache Commons Text's DoubleFormatPerformance.bigDecimal (size=10000) draws its input at random in each
        // fork: B/op per fork of two sides of the same code. The medians differ by -5.2 %, beyond the 2 % tolerance.
        double[] t = around(1000, 0.02, 6, 7);
        double[] base = {11.099e6, 11.119e6, 11.708e6, 11.724e6, 11.762e6, 12.104e6};
        double[] same = {10.968e6, 11.031e6, 11.102e6, 11.122e6, 11.169e6, 11.882e6};
        GateRow aa = only(check(results(Results.withAlloc(BENCH, t, base)), results(Results.withAlloc(BENCH, t,
                same))), Metric.ALLOCATION);
        assertEquals(Verdict.INCONCLUSIVE, aa.verdict(), aa.reason()); // it was IMPROVED; +5.2 % would have FAILed
        assertTrue(aa.reason().startsWith("allocation -5.2 % (-604000 B/op) is within the allocation's own spread"
                + " from fork to fork (up to 1005000 B/op on one side;"), aa.reason());
        GateRow mirrored = only(check(results(Results.withAlloc(BENCH, t, same)), results(Results.withAlloc(BENCH, t,
                base))), Metric.ALLOCATION);
        assertEquals(Verdict.INCONCLUSIVE, mirrored.verdict(), mirrored.reason());

        // 20 % more in every fork: the sides no longer overlap, and the gap is beyond the tolerance
        GateRow grown = only(check(results(Results.withAlloc(BENCH, t, base)), results(Results.withAlloc(BENCH, t,
                times(base, 1.2)))), Metric.ALLOCATION);
        assertEquals(Verdict.FAIL, grown.verdict(), grown.reason());
        assertTrue(grown.reason().contains("; every fork of one side is"), grown.reason());
        GateRow shrunk = only(check(results(Results.withAlloc(BENCH, t, base)), results(Results.withAlloc(BENCH, t,
                times(base, 0.8)))), Metric.ALLOCATION);
        assertEquals(Verdict.IMPROVED, shrunk.verdict(), shrunk.reason());
    }

    @Test
    void allocationFailsBeyondTolerance() {
        double[] t = around(1000, 0.02, 10, 7);
        double[] base = new double[10];
        Arrays.fill(base, 4016.075);
        PerfResults b = results(Results.withAlloc(BENCH, t, base));
        GateReport grown = check(b, results(Results.withAlloc(BENCH, t, times(base, 1.03))));
        GateRow c = only(grown, Metric.ALLOCATION);
        assertEquals(Verdict.FAIL, c.verdict(), c.reason());
        assertEquals("allocation +3.0 % (+120.5 B/op) is above the limit max(2 %, 16 B/op) = 80.3 B/op"
                + " (medians 4016.1 B/op -> 4136.6 B/op, 10 vs 10 forks)", c.reason());
        assertTrue(grown.failsBuild());

        double[] plus8 = base.clone();
        for (int i = 0; i < plus8.length; i++) {
            plus8[i] += 8;
        }
        assertEquals(Verdict.PASS, only(check(b, results(Results.withAlloc(BENCH, t, plus8))), Metric.ALLOCATION)
                .verdict());

        double[] tiny = new double[10];
        Arrays.fill(tiny, 24);
        double[] tinyPlus = new double[10];
        Arrays.fill(tinyPlus, 40);
        // +67 % but only 16 B/op: the byte floor keeps one small object from failing a tiny benchmark.
        assertEquals(Verdict.PASS, only(check(results(Results.withAlloc(BENCH, t, tiny)),
                results(Results.withAlloc(BENCH, t, tinyPlus))), Metric.ALLOCATION).verdict());
    }

    @Test
    void strictEnvironmentMakesEverythingInconclusiveAndFails() throws Exception {
        PerfResults base = results(avgt(BENCH, BASE));
        PerfResults cur = results(avgt(BENCH, BASE)).toBuilder()
                .environment(Results.environment("Other CPU", "21.0.4")).build();
        GateReport warn = check(base, cur);
        assertEquals(2, warn.environmentDifferences().size());
        assertEquals("cpu.model", warn.environmentDifferences().get(0).field());
        assertEquals(Verdict.PASS, only(warn, Metric.MEDIAN).verdict());
        assertFalse(warn.failsBuild());

        GateSettings strict = GateSettings.builder().environmentPolicy(EnvironmentPolicy.STRICT).build();
        GateReport r = check(strict, base, cur);
        GateRow c = only(r, Metric.MEDIAN);
        assertEquals(Verdict.INCONCLUSIVE, c.verdict());
        assertTrue(c.reason().contains("perf.environmentPolicy=strict"), c.reason());
        assertTrue(r.failsBuild());
        assertTrue(r.otherFailures().get(0).contains("(cpu.model, java.version)"), r.otherFailures().get(0));
    }

    @Test
    void runSettingsAreComparedUnderTheEnvironmentPolicy() throws Exception {
        java.util.Map<String, String> before = new java.util.LinkedHashMap<>();
        before.put("perf.forks", "5");
        before.put("perf.measurementTime", "1 s");
        before.put("perf.includes", "Parser");
        java.util.Map<String, String> after = new java.util.LinkedHashMap<>(before);
        after.put("perf.forks", "10");
        after.put("perf.includes", ".*");
        PerfResults base = results(avgt(BENCH, BASE)).toBuilder().settings(before).build();
        PerfResults cur = results(avgt(BENCH, BASE)).toBuilder().settings(after).build();
        GateReport warn = check(base, cur);
        // forks differ; which benchmarks were selected is not a run setting (new/missing benchmarks say that)
        assertEquals(List.of("perf.forks: \"5\" (baseline) vs \"10\" (current)"),
                warn.environmentDifferences().stream().map(EnvironmentDifference::describe)
                        .collect(java.util.stream.Collectors.toList()));
        assertFalse(warn.failsBuild());
        GateReport strict = check(GateSettings.builder().environmentPolicy(EnvironmentPolicy.STRICT).build(), base,
                cur);
        assertTrue(strict.failsBuild());
        assertTrue(strict.otherFailures().get(0).contains("(perf.forks)"), strict.otherFailures().get(0));
        // a baseline from before settings were recorded: unknown, not a difference
        PerfResults old = results(avgt(BENCH, BASE));
        assertTrue(check(old, cur).environmentDifferences().isEmpty());
    }

    @Test
    void fieldsThatAlwaysDifferAreNotDifferences() {
        PerfResults base = results(avgt(BENCH, BASE));
        java.util.Map<String, String> env = new java.util.LinkedHashMap<>(base.environment());
        env.put("git.commit", "fedcba");
        env.put("timestamp", "2027-01-01T00:00:00Z");
        env.put("command", "mvn verify");
        env.put("git.dirty", "true");
        env.put("cpu.steal", "3.0 %");
        GateReport r = check(base, base.toBuilder().environment(env).build());
        assertTrue(r.environmentDifferences().isEmpty(), r.environmentDifferences().toString());
    }

    @Test
    void aCheckNotesTheStealOfBothRunsWhenEitherMeasuredAboveTenPercent() {
        PerfResults base = results(avgt(BENCH, BASE));
        java.util.Map<String, String> quiet = new java.util.LinkedHashMap<>(base.environment());
        quiet.put("cpu.steal", "2.1 %");
        java.util.Map<String, String> busy = new java.util.LinkedHashMap<>(base.environment());
        busy.put("cpu.steal", "48.0 %");
        PerfResults quietRun = base.toBuilder().environment(quiet).build();
        PerfResults busyRun = base.toBuilder().environment(busy).build();

        GateReport stolen = check(quietRun, busyRun);
        List<String> notes = stolen.notes().stream().filter(n -> n.contains("(steal)")).collect(Collectors.toList());
        assertEquals(1, notes.size(), stolen.notes().toString());
        assertTrue(notes.get(0).startsWith("The hypervisor took 2.1 % of the machine's CPU time (steal) while the"
                + " baseline measured and 48.0 %"), notes.get(0));
        // A note, not a verdict: the same forks are judged as without it.
        assertEquals(only(check(quietRun, quietRun), Metric.MEDIAN).verdict(), only(stolen, Metric.MEDIAN).verdict());

        assertTrue(check(quietRun, quietRun).notes().stream().noneMatch(n -> n.contains("(steal)")));
        assertTrue(check(busyRun, quietRun).notes().stream().anyMatch(n -> n.contains("48.0 %")),
                "a baseline measured on a stolen machine hides slowdowns");
        assertTrue(check(base, base).notes().stream().noneMatch(n -> n.contains("(steal)")),
                "results without the field (older plugins, other systems) say nothing");
    }

    @Test
    void holmWithTooFewForksWarnsThatNothingCanFail() throws Exception {
        GateSettings s = GateSettings.builder().multiplicity(Multiplicity.Mode.HOLM).build();
        double[] five = Arrays.copyOf(BASE, 5);
        // Holm over K = 13 needs p <= 0.05 / 13 = 0.0038, below the smallest p of 5 vs 5 forks, 1 / C(10, 5).
        GateReport r = check(s, slowdowns(13, five, 1), slowdowns(13, five, 2));
        assertEquals(13, r.tested());
        assertFalse(r.holmCanFail());
        assertEquals(0, r.count(Verdict.FAIL));
        assertTrue(r.notes().stream().anyMatch(n -> n.startsWith(
                "No comparisons can fail with perf.multiplicity=holm and K = 13: ")), r.notes().toString());
        assertFalse(Double.isNaN(r.comparisons().get(0).adjustedP()));

        GateReport twelve = check(s, slowdowns(12, five, 1), slowdowns(12, five, 2));
        assertTrue(twelve.holmCanFail());
        assertEquals(12, twelve.count(Verdict.FAIL));

        GateReport none = check(slowdowns(13, five, 1), slowdowns(13, five, 2));
        assertEquals(13, none.count(Verdict.FAIL));
        assertTrue(Double.isNaN(none.comparisons().get(0).adjustedP()));
    }

    @Test
    void holmStepsThroughTheGuardedPValues() throws Exception {
        // 5 vs 5 forks with one pair short of the 5 % shift (109 / 104): p = 2 / 252 = 0.0079 for each of two
        // benchmarks. The rule's small-sample guard asks p <= 0.01 at alpha 0.05 (so each FAILs alone), and
        // p <= 0.005 at Holm's first level 0.025, where Holm must stop: neither may FAIL, although the plain
        // p-values would let Holm go on to the level 0.05 for the second.
        double[] base = {100, 101, 102, 103, 104};
        double[] cur = {109, 125, 126, 127, 128};
        PerfResults.Builder b = results().toBuilder();
        PerfResults.Builder c = results().toBuilder();
        for (int i = 0; i < 2; i++) {
            b.addBenchmark(avgt("a.B.m" + i, base));
            c.addBenchmark(avgt("a.B.m" + i, cur));
        }
        GateReport plain = check(b.build(), c.build());
        assertEquals(2, plain.count(Verdict.FAIL), plain.comparisons().toString());
        assertEquals(0.0079, plain.comparisons().get(0).pValue(), 1e-4);

        GateSettings holm = GateSettings.builder().multiplicity(Multiplicity.Mode.HOLM).build();
        GateReport r = check(holm, b.build(), c.build());
        assertEquals(0, r.count(Verdict.FAIL), r.comparisons().toString());
        assertEquals(2, r.count(Verdict.WARN));
    }

    private static PerfResults slowdowns(int benchmarks, double[] forks, double factor) {
        PerfResults.Builder b = results().toBuilder();
        for (int i = 0; i < benchmarks; i++) {
            b.addBenchmark(avgt("a.B.m" + i, times(forks, factor)));
        }
        return b.build();
    }

    @Test
    void unstableForksMakeTheComparisonInconclusive() {
        BenchmarkResult.Builder drifting = BenchmarkResult.builder(BENCH).mode("avgt").unit("ns/op");
        for (int f = 0; f < 10; f++) {
            double[] iterations = new double[10];
            for (int i = 0; i < 10; i++) {
                iterations[i] = 1000 + f + 10 * i;
            }
            drifting.addFork(new io.perfgate.results.Fork(iterations, Collections.emptyMap(), Collections.emptyMap()));
        }
        GateReport r = check(results(avgt(BENCH, BASE)), results(drifting.build()));
        GateRow c = only(r, Metric.MEDIAN);
        assertEquals(Verdict.INCONCLUSIVE, c.verdict());
        assertTrue(c.reason().contains("is not judged: in the current results, 10 of 10 forks trend across their"
                + " measurement iterations"), c.reason());
        assertEquals(0, r.tested());
        // The baseline's three iterations per fork are too few for the trend test: said once.
        assertTrue(r.notes().get(0).startsWith("1 benchmark side has no fork long enough for the trend test"),
                r.notes().toString());
    }

    /** Forks shaped like a default run: the plugin's measurement iterations, with 2 % noise and no trend. */
    private static BenchmarkResult defaultShaped(long seed, double warming) {
        java.util.Random random = new java.util.Random(seed);
        int n = io.perfgate.jmh.JmhOptions.DEFAULT_MEASUREMENT_ITERATIONS;
        BenchmarkResult.Builder b = BenchmarkResult.builder(BENCH).mode("avgt").unit("ns/op");
        for (int f = 0; f < io.perfgate.jmh.JmhOptions.DEFAULT_FORKS; f++) {
            double[] iterations = new double[n];
            for (int i = 0; i < n; i++) {
                // warming: the first iterations slower by up to that fraction, fading out
                iterations[i] = 1000 * (1 + warming * (n - 1 - i) / (n - 1)) * (1 + 0.02 * random.nextGaussian());
            }
            b.addFork(new io.perfgate.results.Fork(iterations, Collections.emptyMap(), Collections.emptyMap()));
        }
        return b.build();
    }

    @Test
    void theSteadyStateCheckRunsOnADefaultRunAndCatchesAWarmingTrend() {
        // the plugin's default iterations are enough for the trend test: no "no fork long enough" note
        GateReport steady = check(results(defaultShaped(1, 0)), results(defaultShaped(2, 0)));
        assertTrue(steady.notes().stream().noneMatch(n -> n.contains("no fork long enough")), steady.notes().toString());
        assertEquals(1, steady.tested());
        // forks still warming up (20 % slower at the first iteration, fading) are caught
        GateReport warming = check(results(defaultShaped(1, 0)), results(defaultShaped(3, 0.2)));
        GateRow c = only(warming, Metric.MEDIAN);
        assertEquals(Verdict.INCONCLUSIVE, c.verdict());
        assertTrue(c.reason().contains("forks trend across their measurement iterations"), c.reason());
    }

    @Test
    void effectiveAlphaForASecondLookIsUsed() {
        GateSettings half = GateSettings.defaults().withAlpha(0.025);
        GateReport r = check(half, results(avgt(BENCH, BASE)), results(avgt(BENCH, times(BASE, 1.5))));
        GateRow c = only(r, Metric.MEDIAN);
        assertEquals(0.025, c.alpha(), 1e-12);
        assertEquals(Verdict.FAIL, c.verdict());
        assertEquals("0.025", r.settings().get("perf.alpha"));
    }

    @Test
    void noBaselineIsANoteOrAFailure() throws Exception {
        PerfResults cur = results(avgt(BENCH, BASE));
        GateReport note = gate(GateSettings.defaults()).noBaseline(cur, "target/perf/results.json",
                "src/perf/baseline.json");
        assertFalse(note.failsBuild());
        assertEquals(Outcome.WARN, note.outcome());
        assertEquals("No baseline at src/perf/baseline.json: nothing to compare. Record one with:"
                + " mvn verify -Pperf perf:baseline, then commit src/perf/baseline.json", note.notes().get(0));
        GateReport fail = gate(GateSettings.builder().failOnMissingBaseline(true).build()).noBaseline(cur,
                "target/perf/results.json", "src/perf/baseline.json");
        assertTrue(fail.failsBuild());
        assertTrue(fail.otherFailures().get(0).contains("perf.failOnMissingBaseline=true"));
    }
}
