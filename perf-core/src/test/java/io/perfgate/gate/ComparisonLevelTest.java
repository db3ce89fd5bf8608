package io.perfgate.gate;

import static io.perfgate.testing.Results.around;
import static io.perfgate.testing.Results.avgt;
import static io.perfgate.testing.Results.results;
import static io.perfgate.testing.Results.times;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.perfgate.results.PerfResults;
import io.perfgate.results.Provenance;
import io.perfgate.stats.Verdict;
import java.util.Collections;
import org.junit.jupiter.api.Test;

/** Results of perf:compare's adaptive rounds (merged shards, say) are checked at the level perf:compare used. */
class ComparisonLevelTest {
    private static final String BENCH = "com.acme.ParserBench.parse";

    private static PerfResults judgedAt(PerfResults r, String alpha) {
        return r.toBuilder().provenance(Collections.singletonMap(Provenance.COMPARISON_ALPHA, alpha))
                .build();
    }

    @Test
    void aCheckOfComparisonResultsUsesTheComparisonsLevelAndSaysSo() {
        PerfResults base = judgedAt(results(avgt(BENCH, around(1000, 0.02, 10, 1))), "0.025");
        PerfResults cur = judgedAt(results(avgt(BENCH, times(around(1000, 0.02, 10, 2), 1.3))), "0.025");
        GateReport r = new Gate(GateSettings.defaults()).check(base, cur);
        GateRow median = r.comparisons().stream().filter(c -> c.metric() == Metric.MEDIAN).findFirst()
                .orElseThrow();
        assertEquals(Verdict.FAIL, median.verdict(), median.reason());
        assertEquals(0.025, median.alpha(), 1e-12);
        assertTrue(r.notes().contains("These results come from interleaved rounds with adaptive stopping"
                + " (provenance comparison.alpha = 0.025), so they are judged at that level, as perf:compare judged"
                + " them, not at perf.alpha = 0.05"), r.notes().toString());
    }

    @Test
    void ordinaryResultsKeepTheConfiguredLevel() {
        GateReport r = new Gate(GateSettings.defaults()).check(results(avgt(BENCH, around(1000, 0.02, 10, 1))),
                results(avgt(BENCH, around(1000, 0.02, 10, 2))));
        assertEquals(0.05, r.comparisons().get(0).alpha(), 1e-12);
        assertTrue(r.notes().stream().noneMatch(n -> n.contains("comparison.alpha")), r.notes().toString());
    }
}
