package io.perfgate.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class ProfiledCodeTest {
    @Test
    void jmhForksAreMeasuredThroughTheGeneratedStub() {
        assertTrue(ProfiledCode.JMH.stacks().test(Arrays.asList("java.lang.Thread.run",
                "a.jmh_generated.Bench_run_jmhTest.run_avgt_jmhStub", "a.Bench.run")));
        assertFalse(ProfiledCode.JMH.stacks().test(Arrays.asList("java.lang.Thread.run",
                "jdk.internal.misc.Unsafe.park")), "a worker parked between iterations");
    }

    @Test
    void aScenarioIsMeasuredThroughItsRunMethodInTheReaderAndTheConverter() {
        ProfiledCode code = ProfiledCode.through("org.example.perf.IndexJob$Inner.run");
        assertTrue(code.stacks().test(Arrays.asList("java.lang.Thread.run", "org.example.perf.IndexJob$Inner.run",
                "java.util.HashMap.merge")));
        assertFalse(code.stacks().test(Arrays.asList("org.example.perf.IndexJob$Inner.setUp")));
        Pattern converter = Pattern.compile(code.converterInclude());
        assertTrue(converter.matcher("org/example/perf/IndexJob$Inner.run").matches());
        assertEquals(".*\\QIndexJob$Inner.run\\E.*", code.converterInclude());
    }
}
