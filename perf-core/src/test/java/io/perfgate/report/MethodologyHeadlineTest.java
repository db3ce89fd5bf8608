package io.perfgate.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.perfgate.gate.GateReport;
import io.perfgate.results.PerfResults;
import java.util.List;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** How the methodology block's opening sentences name the two sides. */
class MethodologyHeadlineTest {
    private static GateReport.Source side(Map<String, String> provenance, Map<String, String> environment) {
        return new GateReport.Source("target/perf/results.json", "2026-11-24T12:00:00Z", "0.1.0", environment,
                provenance);
    }

    @Test
    void aComparisonNamesTheBaseBranchAndCommitAndThePatch() {
        Map<String, String> base = new LinkedHashMap<>();
        base.put("role", "base");
        base.put("git.commit", "1a2b3c4d5e6f7a8b9c0d");
        base.put("git.against", "origin/main");
        assertEquals("origin/main at 1a2b3c4d5e", MethodologyContent.sideLabel(side(base, Map.of()), true));

        Map<String, String> candidate = new LinkedHashMap<>();
        candidate.put("role", "candidate");
        candidate.put("git.commit", "5d6e7f8a9b0c1d2e3f4a");
        candidate.put("git.dirty", "false");
        assertEquals("this patch on top, 5d6e7f8a9b", MethodologyContent.sideLabel(side(candidate, Map.of()), false));
        candidate.put("git.dirty", "true");
        assertEquals("this patch on top, uncommitted",
                MethodologyContent.sideLabel(side(candidate, Map.of()), false));
    }

    @Test
    void aCheckNamesTheBaselinesCommitAndThisBuilds() {
        assertEquals("the baseline at 1a2b3c4d5e", MethodologyContent.sideLabel(
                side(Map.of("git.commit", "1a2b3c4d5e6f"), Map.of()), true));
        assertEquals("commit 5d6e7f8a9b with uncommitted changes", MethodologyContent.sideLabel(
                side(Map.of(), Map.of("git.commit", "5d6e7f8a9b0c", "git.dirty", "true")), false));
        assertEquals("this build", MethodologyContent.sideLabel(side(Map.of(), Map.of("git.commit", "none")), false));
    }

    /** A baseline recorded with another command than the candidate's: the block gives both, so each side reruns. */
    @Test
    void aBaselineRecordedWithAnotherCommandIsShownToo() {
        PerfResults baseline = CheckFixture.baselineResults().toBuilder()
                .command("mvn -B verify -Pperf perf:baseline -Dperf.forks=10").build();
        Methodology m = MethodologyContent.from(new CheckArtifacts(null, CheckFixture.report(),
                CheckFixture.currentResults(), baseline, List.of()), List.of());
        String md = new MarkdownMethodologyRenderer().render(m);
        assertTrue(md.contains("**Command:**\n\n```sh\n" + CheckFixture.currentResults().command() + "\n```"), md);
        assertTrue(md.contains("**Baseline command:**\n\n```sh\nmvn -B verify -Pperf perf:baseline -Dperf.forks=10\n```"),
                md);
    }

    /** perf:compare's one command measured both sides: it says so, and there is no second command. */
    @Test
    void aComparisonsCommandSaysItMeasuresBothSides() {
        GateReport check = CheckFixture.report();
        Map<String, String> base = new LinkedHashMap<>();
        base.put("role", "base");
        base.put("git.commit", "1a2b3c4d5e6f7a8b9c0d");
        base.put("git.against", "origin/main");
        GateReport compared = GateReport.builder().createdAt(check.createdAt()).toolVersion("0.1.0")
                .baseline(side(base, check.baseline().environment()))
                .current(side(Map.of("role", "candidate", "git.commit", "5d6e7f8a9b0c1d2e3f4a", "git.dirty", "true"),
                        check.current().environment()))
                .comparisons(check.comparisons()).build();
        String text = new TextMethodologyRenderer().render(MethodologyContent.from(
                new CheckArtifacts(null, compared, CheckFixture.currentResults(), null, List.of()), List.of()));
        assertTrue(text.contains("  Command (measures both sides, interleaved):\n    "), text);
        assertFalse(text.contains("Baseline command"), text);
        assertTrue(text.contains("ParserBench.parse (size=1000): before (origin/main at 1a2b3c4d5e): median 12.10 us/op;"
                + " after (this patch on top, uncommitted): median 14.65 us/op"), text);
    }

    /**
     * Forks that recorded their wall time (1.6 s each: 0.1 s warm-up, 5 x 0.1 s measurement, so 1.0 s of fixed cost; 40 forks, 64 s)
     * give the block a machine-time item against the fixed run: for a run, 10 forks of each of the 4 benchmarks at
     * the length its recorded settings give (1 x 0.1 s + 5 x 0.1 s, what perf.forkPlan=fixed ran), 1.6 s each, 64 s:
     * the same figure perf:run logs, so the block and the log agree (1.00: this run was the fixed one).
     */
    @Test
    void timedForksGiveTheMachineTimeAgainstTheFixedRun() {
        PerfResults current = CheckFixture.currentResults();
        PerfResults.Builder timed = current.toBuilder().benchmarks(new java.util.ArrayList<>());
        int forks = 0;
        for (io.perfgate.results.BenchmarkResult b : current.benchmarks()) {
            java.util.List<io.perfgate.results.Fork> withTime = new java.util.ArrayList<>();
            b.forks().forEach(f -> withTime.add(f.withSeconds(1.6)));
            forks += withTime.size();
            timed.addBenchmark(b.toBuilder().forks(withTime).build());
        }
        String text = new TextMethodologyRenderer().render(MethodologyContent.from(new CheckArtifacts(null,
                CheckFixture.report(), timed.build(), null, List.of()), List.of()));
        assertEquals(40, forks);
        assertTrue(text.contains("Machine time:  1 min 04 s in 40 JMH forks, 1.00 of the 1 min 04 s the old fixed defaults"
                + " would take (10 forks of each benchmark, each with the warm-up and measurement perf.forkPlan=fixed gives"
                + " it (its annotations or settings, else 3 x 1 s warm-up and 10 x 500 ms measurement) and the"
                + " benchmark's measured start-up)"), text);
        // untimed forks (older files) leave it out rather than guess
        assertFalse(new TextMethodologyRenderer().render(MethodologyContent.from(new CheckArtifacts(null,
                CheckFixture.report(), current, null, List.of()), List.of())).contains("Machine time"));
    }
}
