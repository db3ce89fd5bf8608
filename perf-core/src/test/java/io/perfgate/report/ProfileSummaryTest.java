package io.perfgate.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.perfgate.profile.Attribution;
import io.perfgate.profile.CostPerOp;
import io.perfgate.profile.ProfileEvidence;
import io.perfgate.profile.StackProfile;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProfileSummaryTest {
    @TempDir
    Path dir;

    private static StackProfile profile(long append, long write, long bytes) {
        Map<List<String>, Long> wall = new LinkedHashMap<>();
        wall.put(Arrays.asList("run_jmhStub", "Writer.append"), append);
        wall.put(Arrays.asList("run_jmhStub", "Writer.write"), write);
        Map<StackProfile.AllocationSite, Long> sites = new LinkedHashMap<>();
        if (bytes > 0) {
            sites.put(new StackProfile.AllocationSite("Writer.append", "byte[]"), bytes);
        }
        return new StackProfile(Collections.emptyMap(), wall, sites, Collections.emptyMap());
    }

    private ProfileEvidence evidence() throws Exception {
        Attribution a = Attribution.compute(profile(50, 50, 0), CostPerOp.of(10, "ns/op"), 0,
                profile(80, 20, 4096), CostPerOp.of(25, "ns/op"), 32);
        ProfileEvidence e = new ProfileEvidence("WriterBench.append", "FAIL", "async-profiler 4.2", "cpu", a,
                Arrays.asList("diff.html", "base.jfr"), dir);
        e.write();
        return ProfileEvidence.read(dir.resolve(ProfileEvidence.FILE_NAME));
    }

    @Test
    void theConsoleQuotesTheTopFramesWithTheirShareOfTheChange() throws Exception {
        List<String> lines = ProfileSummary.consoleLines(Collections.singletonList(evidence()));
        assertEquals("Profile of WriterBench.append (FAIL; async-profiler 4.2, wall-clock samples):", lines.get(0));
        assertEquals("  1. Writer.append 5.00 -> 20.0 ns/op (+15.0 ns/op, 100 % of the slowdown)", lines.get(1));
        assertEquals("  2. Writer.write 5.00 -> 5.00 ns/op (+0 ns/op, 0 % of the slowdown)", lines.get(2));
        assertEquals("  Measured 10.0 -> 25.0 ns/op (+15.0 ns/op); the top 2 frames account for 100 % of it; 100 and 100"
                + " wall-clock samples (base, candidate).", lines.get(3));
        assertEquals("  allocation: new byte[] in Writer.append: 0 -> 32.0 B/op", lines.get(4));
        assertEquals("  in " + dir + ": diff.html, base.jfr", lines.get(5));
    }

    @Test
    void theMethodologyEntryReadsAsEvidence() throws Exception {
        assertEquals("WriterBench.append (FAIL; async-profiler 4.2, wall-clock samples): Writer.append 5.00 \u2192"
                + " 20.0 ns/op (+15.0 ns/op, 100 % of the slowdown); Writer.write 5.00 \u2192 5.00 ns/op (+0 ns/op,"
                + " 0 % of the slowdown). Measured 10.0 \u2192 25.0 ns/op (+15.0 ns/op); the top 2 frames account for 100 % of it;"
                + " 100 and 100 wall-clock samples (base, candidate). Allocation: new byte[] in Writer.append: 0"
                + " \u2192 32.0 B/op. Attach: diff.html, base.jfr (in target/perf/profiles/WriterBench.append/).",
                ProfileSummary.evidence(evidence(), "target/perf/profiles/WriterBench.append"));
    }
}
