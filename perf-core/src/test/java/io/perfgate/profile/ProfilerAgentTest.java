package io.perfgate.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Paths;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The JVM options that make a profiling fork record. */
class ProfilerAgentTest {
    @Test
    void eachProfilerRecordsIntoTheFileItIsGiven() {
        List<String> async = ProfilerAgent.asyncProfiler(Paths.get("/opt/ap/libasyncProfiler.so"), "4.2")
                .jvmArgs(Paths.get("/tmp/p/base.jfr"));
        assertEquals(List.of("-agentpath:/opt/ap/libasyncProfiler.so=start,event=cpu,interval=1ms,wall=1ms,alloc,"
                + "lock=10us,jfr,file=/tmp/p/base.jfr"), async);
        List<String> jfr = ProfilerAgent.flightRecorder().jvmArgs(Paths.get("/tmp/p/base.jfr"));
        assertEquals(List.of("-XX:StartFlightRecording=settings=profile,dumponexit=true,filename=/tmp/p/base.jfr"),
                jfr);
    }
}
