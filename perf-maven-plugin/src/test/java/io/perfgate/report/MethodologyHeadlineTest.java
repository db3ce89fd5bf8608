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
}
