package io.perfgate.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.perfgate.gate.GateReport;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** How the methodology block's opening sentences name the two sides. */
class MethodologyHeadlineTest {
    private static GateReport.Side side(Map<String, String> provenance, Map<String, String> environment) {
        return new GateReport.Side("target/perf/results.json", "2026-11-24T12:00:00Z", "0.1.0", environment,
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
}
