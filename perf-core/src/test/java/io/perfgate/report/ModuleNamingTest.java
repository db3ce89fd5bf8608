package io.perfgate.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.perfgate.gate.EnvironmentDifference;
import io.perfgate.gate.GateReport;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** In a multi-module build the results record their module, and every report that names the results names it. */
class ModuleNamingTest {
    private static GateReport.Source side(String module) {
        Map<String, String> env = new LinkedHashMap<>();
        env.put("cpu.model", "Test CPU");
        if (module != null) {
            env.put("maven.module", module);
        }
        return new GateReport.Source("target/perf/results.json", "2026-11-24T05:00:00Z", "0.1.0", env,
                Collections.emptyMap());
    }

    @Test
    void theConsoleMarkdownAndHtmlHeaderAndTheMethodologyNameTheModule() {
        GateReport r = GateReport.builder().createdAt("t").toolVersion("v").current(side("bench")).build();
        assertEquals("module bench: target/perf/results.json (no baseline)", ConsoleReport.sources(r));
        assertTrue(MethodologyContent.side(side("bench"), false).contains("module bench target/perf/results.json"));
        GateReport single = GateReport.builder().createdAt("t").toolVersion("v").current(side(null)).build();
        assertEquals("target/perf/results.json (no baseline)", ConsoleReport.sources(single));
    }

    @Test
    void aBaselineFromASingleModuleBuildIsNotADifferentModule() {
        Map<String, String> base = side(null).environment();
        Map<String, String> cur = side("bench").environment();
        assertTrue(EnvironmentDifference.between(base, cur).isEmpty());
        assertEquals("maven.module", EnvironmentDifference.between(side("core").environment(), cur).get(0).field());
    }
}
