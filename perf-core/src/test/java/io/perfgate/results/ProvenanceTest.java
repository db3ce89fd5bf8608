package io.perfgate.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.perfgate.env.EnvironmentFingerprint;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ProvenanceTest {
    /** The provenance's commit first, then the field older or foreign baselines use, then the fingerprint's. */
    @Test
    void theCommitComesFromTheProvenanceElseFromTheEnvironment() {
        Map<String, String> env = Map.of(EnvironmentFingerprint.GIT_COMMIT, "e0e0e0", EnvironmentFingerprint.GIT_DIRTY,
                "true");
        assertEquals("a1a1a1", Provenance.of(Map.of(Provenance.COMMIT, " a1a1a1 "), env).commit());
        assertEquals("b2b2b2", Provenance.of(Map.of("commit", "b2b2b2"), env).commit());
        assertEquals("e0e0e0", Provenance.of(Map.of(), env).commit());
        assertNull(Provenance.of(Map.of(), Map.of()).commit());

        assertTrue(Provenance.of(Map.of(), env).dirty());
        assertFalse(Provenance.of(Map.of(Provenance.DIRTY, "false"), env).dirty());
    }

    @Test
    void theRoleSaysWhichSideOfAComparisonAFileHolds() {
        Provenance base = Provenance.of(Map.of(Provenance.ROLE, Provenance.ROLE_BASE, Provenance.AGAINST, "main"),
                Map.of());
        assertTrue(base.isBase());
        assertFalse(base.isCandidate());
        assertEquals("main", base.against());
        Provenance check = Provenance.of(Map.of(Provenance.RECORDED_AT, "2026-11-20T09:00:00Z",
                Provenance.REASON, "accepted: new index"), Map.of());
        assertNull(check.role());
        assertEquals("2026-11-20T09:00:00Z", check.recordedAt());
        assertEquals("accepted: new index", check.reason());
        assertNull(check.recordedBy());
    }
}
