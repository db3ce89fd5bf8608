package io.perfgate.gate;

import static io.perfgate.testing.Results.around;
import static io.perfgate.testing.Results.avgt;
import static io.perfgate.testing.Results.results;
import static io.perfgate.testing.Results.sample;
import static io.perfgate.testing.Results.times;
import static io.perfgate.testing.Results.withAlloc;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.perfgate.config.PerfProperties;
import io.perfgate.results.BenchmarkResult;
import io.perfgate.results.PerfResults;
import io.perfgate.stats.Multiplicity;
import io.perfgate.stats.Verdict;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The check against the history, as a report: the gate's rows, judged by the prediction rule over past runs. */
class HistoryGateTest {
    private static final String HISTORY =
            "history: 10 runs of main from 2026-11-01 to 2026-11-20, commits 1a2b3c4d5e..5d6e7f8a9b";
    /** Run levels that drift by up to +-15 % from run to run, as shared CI runners do. */
    private static final double[] DRIFTING = {0.85, 1.15, 0.92, 1.08, 0.88, 1.12, 0.95, 1.05, 0.90, 1.10};
    /** Run levels within +-1 %. */
    private static final double[] TIGHT = {1.0, 1.01, 0.995, 1.005, 0.99, 1.002, 1.008, 0.994, 1.001, 0.999};

    private static GateReport check(GateSettings settings, List<PerfResults> runs, PerfResults current) {
        return new HistoryGate(new Gate(settings).toolVersion("test")).check(runs, HISTORY, current, "results.json");
    }

    private static GateReport check(List<PerfResults> runs, PerfResults current) {
        return check(GateSettings.defaults(), runs, current);
    }

    /** One run per level: each benchmark's 5 forks around 1000 ns (+-2 %) times the run's level. */
    private static List<PerfResults> runs(double[] levels, String... names) {
        List<PerfResults> runs = new ArrayList<>();
        for (int i = 0; i < levels.length; i++) {
            List<BenchmarkResult> bs = new ArrayList<>();
            for (String name : names) {
                bs.add(avgt(name, times(around(1000, 0.02, 5, i), levels[i])));
            }
            runs.add(results(bs.toArray(new BenchmarkResult[0])));
        }
        return runs;
    }

    private static PerfResults current(double factor, String... names) {
        List<BenchmarkResult> bs = new ArrayList<>();
        for (String name : names) {
            bs.add(avgt(name, times(around(1000, 0.02, 5, 99), factor)));
        }
        return results(bs.toArray(new BenchmarkResult[0]));
    }

    private static GateRow median(GateReport r, String benchmark) {
        return r.comparisons().stream().filter(c -> c.benchmark().equals(benchmark) && c.metric() == Metric.MEDIAN)
                .findFirst().orElseThrow(() -> new AssertionError(r.comparisons().toString()));
    }

    private static double mean(double[] levels) {
        double sum = 0;
        for (double l : levels) {
            sum += Math.log(l);
        }
        return Math.exp(sum / levels.length);
    }

    @Test
    void aRunnerSlowerThanTheLastOnesWithinTheirSpreadIsNoRegression() {
        GateReport r = check(runs(DRIFTING, "a.B.m"), current(1.13 * mean(DRIFTING), "a.B.m"));

        GateRow row = median(r, "a.B.m");
        assertNotEquals(Verdict.FAIL, row.verdict(), row.toString());
        assertEquals(Verdict.WARN, row.verdict(), row.toString());
        assertEquals(10, row.baselineForks(), "each past run is one observation");
        assertEquals(5, row.currentForks());
        assertTrue(row.reason().startsWith("median time +13."), row.reason());
        assertTrue(!r.failsBuild(), r.summary());
    }

    @Test
    void aSlowdownBeyondATightHistoryFails() {
        GateReport r = check(runs(TIGHT, "a.B.m"), current(1.20, "a.B.m"));

        GateRow row = median(r, "a.B.m");
        assertEquals(Verdict.FAIL, row.verdict(), row.toString());
        assertTrue(row.reason().startsWith("median time +20."), row.reason());
        assertTrue(row.reason().contains("beyond the history's 95 % prediction bound"), row.reason());
        assertTrue(r.failsBuild());
        assertEquals(1, r.regressions().size());
        assertTrue(r.regressions().get(0).startsWith("B.m: median time +20."), r.regressions().toString());
        // the report says what it was judged against, and by which test
        assertEquals(HISTORY, r.baseline().file());
        assertTrue(r.againstHistory());
        assertEquals("10", r.settings().get(PerfProperties.HISTORY_RUNS));
        assertTrue(r.notes().stream().anyMatch(n -> n.startsWith("Judged against the " + HISTORY)
                && n.contains("prediction interval over 10 runs")), r.notes().toString());
        // the baseline is the runs' geometric mean, with the prediction interval of an unchanged run around it
        assertTrue(row.baselineCiLow() < row.baselineMedian() && row.baselineMedian() < row.baselineCiHigh());
        assertEquals(1000, row.baselineMedian(), 20);
    }

    @Test
    void theSameSlowdownAgainstADriftingHistoryIsNotAFail() {
        GateReport r = check(runs(DRIFTING, "a.B.m"), current(1.20 * mean(DRIFTING), "a.B.m"));
        assertNotEquals(Verdict.FAIL, median(r, "a.B.m").verdict(), median(r, "a.B.m").toString());
    }

    /** A PASS against runs so spread that they cannot catch 1.5 x T_fail says what they do catch. */
    @Test
    void aPassThatCouldMissTheLimitSaysWhatItDetects() {
        GateReport r = check(runs(DRIFTING, "a.B.m"), current(mean(DRIFTING), "a.B.m"));

        GateRow row = median(r, "a.B.m");
        assertEquals(Verdict.INCONCLUSIVE, row.verdict(), row.toString());
        assertTrue(row.reason().contains("not judged: the 10 past runs spread by 11."), row.reason());
        assertTrue(row.reason().contains("from run to run, so against them this check detects a slowdown only from +"),
                row.reason());
        assertTrue(row.detectable() > 1.15, row.toString());
        assertEquals(Verdict.PASS, median(check(runs(TIGHT, "a.B.m"), current(1.0, "a.B.m")), "a.B.m").verdict());
    }

    @Test
    void pastRunsWithoutTheBenchmarkCountAgainstTheMinimum() {
        List<PerfResults> runs = runs(TIGHT, "a.B.m");
        List<PerfResults> mixed = new ArrayList<>(runs(Arrays.copyOf(TIGHT, 6), "a.B.m", "a.B.n"));
        mixed.addAll(runs(Arrays.copyOf(TIGHT, 4), "a.B.m", "a.B.other"));
        GateReport r = check(mixed, current(1.0, "a.B.m", "a.B.n", "a.B.new"));

        assertEquals(Verdict.PASS, median(r, "a.B.m").verdict(), median(r, "a.B.m").toString());
        GateRow n = median(r, "a.B.n");
        assertEquals(Verdict.PASS, n.verdict(), "6 runs measured it: " + n);
        assertEquals(6, n.baselineForks());
        assertEquals(1, r.newBenchmarks().size());
        assertEquals("a.B.new", r.newBenchmarks().get(0).key());
        assertEquals(1, r.missingBenchmarks().size(), "the latest run's suite is the suite");
        assertEquals("a.B.other", r.missingBenchmarks().get(0).key());

        List<PerfResults> few = new ArrayList<>(runs(Arrays.copyOf(TIGHT, 4), "a.B.m", "a.B.n"));
        few.addAll(runs(Arrays.copyOf(TIGHT, 6), "a.B.m"));
        GateRow four = median(check(few, current(1.3, "a.B.m", "a.B.n")), "a.B.n");
        assertEquals(Verdict.INCONCLUSIVE, four.verdict());
        assertTrue(four.reason().endsWith("is not judged: only 4 of the 10 past runs measured it, and the"
                + " prediction interval needs at least 5"), four.reason());
    }

    /** The p95 of SampleTime runs, and allocation by its tolerance on the runs' medians. */
    @Test
    void p95AndAllocationAreJudgedWhereTheRunsHaveThem() {
        List<PerfResults> runs = new ArrayList<>();
        for (int i = 0; i < TIGHT.length; i++) {
            double[] medians = times(around(100, 0.02, 5, i), TIGHT[i]);
            runs.add(results(sample("a.S.lat", medians, times(medians, 1.5)), withAlloc("a.A.alloc",
                    times(around(1000, 0.02, 5, i), TIGHT[i]), new double[] {64, 64, 64, 64, 64})));
        }
        double[] curMedians = around(100, 0.02, 5, 42);
        PerfResults current = results(sample("a.S.lat", curMedians, times(curMedians, 2.0)),
                withAlloc("a.A.alloc", around(1000, 0.02, 5, 42), new double[] {128, 128, 128, 128, 128}));
        GateReport r = check(runs, current);

        GateRow p95 = r.comparisons().stream().filter(c -> c.metric() == Metric.P95).findFirst().orElseThrow();
        assertEquals(Verdict.FAIL, p95.verdict(), p95.toString());
        assertTrue(p95.reason().startsWith("p95 time +33."), p95.reason());
        GateRow alloc = r.comparisons().stream().filter(c -> c.metric() == Metric.ALLOCATION).findFirst()
                .orElseThrow();
        assertEquals(Verdict.FAIL, alloc.verdict(), alloc.toString());
        assertEquals(10, alloc.baselineForks(), "one value per past run");
        assertEquals(Verdict.PASS, median(r, "a.S.lat").verdict());
    }

    /**
     * A run none of whose benchmarks the history holds, or a run of no benchmark, compares nothing: that fails the
     * build as it does against a baseline file, naming the history and what each side held. Before, it ended "WARN -
     * no regression in 0 comparisons" and the build passed. Warn-only mode does not let it pass; a shard is exempt.
     */
    @Test
    void aCheckAgainstTheHistoryThatComparesNothingFails() throws Exception {
        List<PerfResults> runs = runs(TIGHT, "a.B.one", "a.B.two", "a.B.three");
        HistoryGate gate = new HistoryGate(new Gate(GateSettings.defaults()).toolVersion("test"))
                .storedIn("git branch perf-history");

        GateReport renamed = gate.check(runs, HISTORY, current(1.0, "a.New.m"), "target/perf/results.json");
        assertTrue(renamed.failsBuild());
        assertEquals(Outcome.FAIL, renamed.outcome());
        assertEquals(List.of("The one benchmark of this run (a.New.m) is not in the baseline (" + HISTORY + ", in"
                + " the git branch perf-history), which holds 3 others (a.B.one, a.B.two, a.B.three): nothing was"
                + " compared. If the benchmarks were renamed, record a run of them in the history (perf:record on the"
                + " main branch), and the next check judges them against it; if the baseline is another module's or"
                + " suite's, check perf.history, perf.historyBranch and perf.includes; to let a check that compares"
                + " nothing pass, set perf.failOnNoComparisons=false."), renamed.otherFailures());
        assertEquals("nothing compared", renamed.summary());

        GateReport empty = gate.check(runs, HISTORY, results(), "target/perf/results.json");
        assertTrue(empty.failsBuild());
        assertEquals(List.of("The results target/perf/results.json hold no benchmark, and the baseline (" + HISTORY
                + ", in the git branch perf-history) holds 3 (a.B.one, a.B.two, a.B.three): nothing was compared. A"
                + " run that measured nothing is no pass: check that perf.results names the results of perf:run in"
                + " this module and that perf.includes and perf.excludes select its benchmarks; to let a check that"
                + " compares nothing pass, set perf.failOnNoComparisons=false."), empty.otherFailures());

        GateReport warnOnly = check(GateSettings.builder().set(PerfProperties.FAIL_ON_REGRESSION, "false").build(),
                runs, current(1.0, "a.New.m"));
        assertTrue(warnOnly.failsBuild(), "warn-only mode lets regressions through, not a check of nothing");

        GateReport allowed = check(GateSettings.builder().set(PerfProperties.FAIL_ON_NO_COMPARISONS, "false")
                .build(), runs, current(1.0, "a.New.m"));
        assertTrue(!allowed.failsBuild(), allowed.otherFailures().toString());
        assertEquals(Outcome.WARN, allowed.outcome());

        PerfResults shard = results().toBuilder().settings(java.util.Map.of(PerfProperties.SHARD, "2/2")).build();
        assertTrue(!check(runs, shard).failsBuild(), "one shard is judged after perf:merge");

        // a partial overlap compares something: the new benchmark is listed, as before
        GateReport partial = check(runs, current(1.0, "a.B.one", "a.New.m"));
        assertTrue(!partial.failsBuild(), partial.otherFailures().toString());
    }

    /** The multiplicity correction of the gate applies across the rows here as well. */
    @Test
    void holmSharesAlphaAcrossTheRows() throws Exception {
        String[] names = new String[20];
        for (int i = 0; i < names.length; i++) {
            names[i] = "a.B.m" + i;
        }
        GateSettings holm = GateSettings.builder().multiplicity(Multiplicity.Mode.HOLM).build();
        GateReport r = check(holm, runs(TIGHT, names), current(1.2, names));

        assertEquals(20, r.tested());
        assertEquals(Multiplicity.Mode.HOLM, r.multiplicity());
        GateRow first = median(r, "a.B.m0");
        assertTrue(first.alpha() < 0.05, "judged at Holm's level: " + first.alpha());
        assertTrue(first.adjustedP() >= first.pValue(), first.toString());
        assertEquals(20, r.count(Verdict.FAIL), "a clear slowdown of every benchmark still fails");
    }
}
