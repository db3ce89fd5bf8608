package io.perfgate.forkprofile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.perfgate.affected.ExecutedCode;
import io.perfgate.affected.ExecutedCodeRecorder;
import io.perfgate.interleaved.JmhLauncher;
import io.perfgate.jmh.JmhOptions;
import io.perfgate.log.PerfLog;
import io.perfgate.results.BenchmarkId;
import io.perfgate.results.BenchmarkResult;
import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The executed-code recorder end to end: one short JMH fork per parameter set of a tiny benchmark with JaCoCo's
 * agent, read into the methods it ran: the helper's method it calls and the helper's static initialiser, not the
 * method it never calls, for each {@code @Param} value.
 */
class RecordingForksTest {
    private static final String BENCHMARK = "io.perfgate.forkprofile.fixtures.ExecutedCodeFixture.used";
    private static final String HELPER = "io/perfgate/forkprofile/fixtures/Helper";

    @TempDir
    Path tmp;

    @Test
    void recordsTheMethodsEachParameterSetRanAndNotTheOthers() throws Exception {
        List<Path> classpath = new ArrayList<>();
        Path agent = null;
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            classpath.add(Path.of(entry));
            if (entry.contains("org.jacoco.agent") && entry.endsWith("-runtime.jar")) {
                agent = Path.of(entry);
            }
        }
        assertNotNull(agent, "JaCoCo's agent is a test dependency of perf-core");
        JmhOptions options = RecordingForks.shortOptions(JmhOptions.builder().includes("ExecutedCodeFixture"));
        JmhLauncher launcher = new JmhLauncher(options, Path.of(System.getProperty("java.home"), "bin", "java"),
                tmp.resolve("forks"));
        List<String> warnings = new ArrayList<>();
        PerfLog log = new PerfLog() {
            @Override
            public void info(String message) {
            }

            @Override
            public void warn(String message) {
                warnings.add(message);
            }
        };
        List<BenchmarkResult> measured = new ArrayList<>();
        for (String n : List.of("3", "5")) {
            measured.add(BenchmarkResult.builder(BENCHMARK).mode("avgt").params(Map.of("n", n))
                    .unit("ns/op").build());
        }

        ExecutedCodeRecorder.Recording recording = new ExecutedCodeRecorder(
                RecordingForks.of(launcher, classpath), agent, classpath, tmp.resolve("exec"), log)
                .record(measured, "0123456789abcdef0123456789abcdef01234567");

        assertEquals(List.of(), warnings);
        assertEquals(1, recording.benchmarks());
        assertEquals(2, recording.parameterSets());
        assertEquals(2, recording.forks());
        ExecutedCode code = recording.code();
        assertEquals(2, code.executed().size(), code.executed().keySet().toString());
        for (String n : List.of("3", "5")) {
            Set<ExecutedCode.Method> ran = code.executed().get(BenchmarkId.of(BENCHMARK, Map.of("n", n), "avgt"));
            assertNotNull(ran, n + " in " + code.executed().keySet());
            assertTrue(ran.contains(new ExecutedCode.Method(HELPER, "used", "(I)I")), ran.toString());
            assertTrue(ran.contains(new ExecutedCode.Method(HELPER, "<clinit>", "()V")), ran.toString());
            assertTrue(ran.contains(new ExecutedCode.Method(HELPER, "squares", "()[I")), ran.toString());
            assertFalse(ran.contains(new ExecutedCode.Method(HELPER, "unused", "(I)I")), ran.toString());
            assertTrue(ran.contains(new ExecutedCode.Method("io/perfgate/forkprofile/fixtures/ExecutedCodeFixture",
                    "used", "()I")), ran.toString());
            assertTrue(ran.stream().noneMatch(m -> m.owner().contains("/jmh_generated/")), ran.toString());
            assertTrue(ran.stream().noneMatch(m -> m.owner().startsWith("org/openjdk/jmh/")), "no jar's code");
        }
    }
}
