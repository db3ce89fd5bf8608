package io.perfgate.scenario.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Paths;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class HarnessContextTest {
    private final HarnessContext ctx = context();

    private static HarnessContext context() {
        Map<String, String> p = new LinkedHashMap<>();
        p.put("records", " 1000 ");
        p.put("ratio", "1.5");
        p.put("fast", "TRUE");
        p.put("bad", "ten");
        return new HarnessContext("wc", p, Paths.get("work"));
    }

    @Test
    void typedParametersParseOrFallBackToDefaults() {
        assertEquals(1000, ctx.intParameter("records", 1));
        assertEquals(1000L, ctx.longParameter("records", 1));
        assertEquals(1.5, ctx.doubleParameter("ratio", 0));
        assertTrue(ctx.booleanParameter("fast", false));
        assertEquals(7, ctx.intParameter("absent", 7));
        assertEquals("x", ctx.parameter("absent", "x"));
    }

    @Test
    void badParameterValuesNameTheParameterAndTheValue() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ctx.intParameter("bad", 1));
        assertEquals("parameter 'bad' of scenario 'wc' is 'ten', expected an integer", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> ctx.booleanParameter("bad", false));
        assertThrows(IllegalArgumentException.class, () -> ctx.parameter("absent"));
    }

    @Test
    void metricsAreCheckedAndScopedToARun() {
        assertThrows(IllegalStateException.class, () -> ctx.recordMetric("records", 1));
        ctx.beginRun(false);
        assertThrows(IllegalArgumentException.class, () -> ctx.recordMetric("cpu", 1));
        assertThrows(IllegalArgumentException.class, () -> ctx.recordMetric("records", Double.NaN));
        assertThrows(IllegalArgumentException.class, () -> ctx.recordLatencyNanos(-1));
        ctx.recordMetric("records", 5);
        ctx.recordMetric("records", 6);
        ctx.recordLatencyNanos(10);
        assertEquals(6.0, ctx.metrics().get("records"));
        assertEquals(1, ctx.latencies().size());
        ctx.endRun();
        ctx.beginRun(true);
        assertTrue(ctx.isWarmup());
        assertTrue(ctx.metrics().isEmpty(), "every run starts empty");
        assertEquals(0, ctx.latencies().size());
    }

    @Test
    void profilerOptionsForChildJvmsAreHandedOutOnlyWhenProfilingAndNumberedPerProcess() {
        assertEquals(java.util.Collections.emptyList(), ctx.profilerJvmOptions("am"), "not profiling: nothing");
        HarnessContext profiled = new HarnessContext("wc", new LinkedHashMap<>(), Paths.get("work"),
                "-agentpath:/lib.so=start,file=/p/candidate-{process}-%p.jfr");
        assertEquals(java.util.Collections.singletonList("-agentpath:/lib.so=start,file=/p/candidate-am-1-%p.jfr"),
                profiled.profilerJvmOptions("am"));
        assertEquals(java.util.Collections.singletonList("-agentpath:/lib.so=start,file=/p/candidate-am-2-%p.jfr"),
                profiled.profilerJvmOptions("am"));
        assertEquals(java.util.Collections.singletonList("-agentpath:/lib.so=start,file=/p/candidate-task-1-%p.jfr"),
                profiled.profilerJvmOptions("task"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> profiled.profilerJvmOptions("app master"));
        assertTrue(e.getMessage().contains("name the process with letters, digits"), e.getMessage());
    }
}
