package io.perfgate.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.perfgate.testing.Recordings;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Collections;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ChildJvmCpuSharesTest {
    @TempDir
    Path dir;

    @Test
    void theProcessNameIsWhatTheScenarioGaveItWithoutItsNumberAndPid() {
        assertEquals("tez-task", ChildJvmCpuShares.processName("candidate-tez-task-2-41234.jfr", "candidate", true));
        assertEquals("node-2", ChildJvmCpuShares.processName("base-node-2-1.jfr", "base", false));
        assertEquals("am", ChildJvmCpuShares.processName("base-am-1-977.jfr", "base", true));
        assertNull(ChildJvmCpuShares.processName("base.jfr", "base", false), "the side's own recording");
        assertNull(ChildJvmCpuShares.processName("candidate-am.jfr", "candidate", false));
        assertNull(ChildJvmCpuShares.processName("base-am-1.html", "base", false));
    }

    @Test
    void eachProcessNameGetsItsSidesSharesOfCpuSamples() throws Exception {
        Path recording = Recordings.benchmarkLike(dir.resolve("r.jfr"), 400);
        Path base = Files.copy(recording, dir.resolve("base-worker-1-100.jfr"));
        Path candidate1 = Files.copy(recording, dir.resolve("candidate-worker-1-200.jfr"));
        Path candidate2 = Files.copy(recording, dir.resolve("candidate-worker-2-201.jfr"));
        ChildJvmCpuShares children = ChildJvmCpuShares.read(Arrays.asList(base, candidate1, candidate2), true);

        assertEquals(1, children.processes().size());
        ChildJvmCpuShares.Process worker = children.processes().get(0);
        assertEquals("worker", worker.name());
        assertEquals(1, worker.recordingsBefore());
        assertEquals(2, worker.recordingsAfter());
        assertTrue(worker.samplesBefore() > 0);
        assertEquals(2 * worker.samplesBefore(), worker.samplesAfter(), "two recordings of the same, read together");
        // the same recording on both sides: every method keeps its share
        for (ChildJvmCpuShares.MethodShare m : worker.methods()) {
            assertEquals(m.before(), m.after(), 1e-9, m.method());
        }
        assertTrue(worker.methods().stream().anyMatch(m -> m.method().startsWith("io.perfgate.testing.Recordings")),
                worker.methods().toString());
    }

    @Test
    void aRecordingCutShortIsLeftOutAndNamedWithoutCostingTheOthers() throws Exception {
        // a JVM killed while it recorded (SIGKILL) leaves a file without its end: the rest must still be read
        Path recording = Recordings.benchmarkLike(dir.resolve("r.jfr"), 300);
        Path am = Files.copy(recording, dir.resolve("candidate-am-1-10.jfr"));
        Path task = Files.copy(recording, dir.resolve("candidate-task-1-11.jfr"));
        byte[] whole = Files.readAllBytes(recording);
        Path killed = Files.write(dir.resolve("candidate-task-1-12.jfr"), Arrays.copyOf(whole, whole.length / 2));
        Path empty = Files.write(dir.resolve("candidate-task-1-13.jfr"), new byte[0]);

        ChildJvmCpuShares children = ChildJvmCpuShares.read(Arrays.asList(am, task, killed, empty), true);

        assertEquals(Arrays.asList("am", "task"), children.processes().stream().map(ChildJvmCpuShares.Process::name)
                .collect(java.util.stream.Collectors.toList()));
        ChildJvmCpuShares.Process tasks = children.processes().get(1);
        assertEquals(1, tasks.recordingsAfter(), "only the readable recording is counted");
        assertEquals(children.processes().get(0).samplesAfter(), tasks.samplesAfter());
        assertEquals(new java.util.TreeSet<>(Arrays.asList(killed, empty)), children.unreadable().keySet());
        children.unreadable().values().forEach(why -> assertTrue(!why.isEmpty(), "a reason: " + why));
    }

    @Test
    void withoutABaseOnlyTheCandidatesSharesAreKnown() throws Exception {
        Path recording = Recordings.benchmarkLike(dir.resolve("r.jfr"), 300);
        Path candidate = Files.copy(recording, dir.resolve("candidate-am-1.jfr"));
        ChildJvmCpuShares.Process am = ChildJvmCpuShares.read(Collections.singletonList(candidate), false).processes()
                .get(0);
        assertEquals(-1, am.samplesBefore());
        assertTrue(Double.isNaN(am.methods().get(0).before()));
        double total = am.methods().stream().mapToDouble(ChildJvmCpuShares.MethodShare::after).sum();
        assertTrue(total <= 1.0 + 1e-9 && am.methods().get(0).after() > 0, "shares of the samples: " + total);
    }

    @Test
    void theTableTravelsInAttributionJson() throws Exception {
        Path recording = Recordings.benchmarkLike(dir.resolve("r.jfr"), 300);
        ChildJvmCpuShares children = ChildJvmCpuShares.read(Arrays.asList(Files.copy(recording, dir.resolve(
                "base-am-1.jfr")), Files.copy(recording, dir.resolve("candidate-am-1.jfr"))), false);
        StackProfile profile = JfrProfiles.read(recording, ProfiledCode.JMH.stacks());
        Attribution a = Attribution.compute(null, null, Double.NaN, profile, CostPerOp.of(5, "s"), Double.NaN);
        Path written = new ProfileEvidence("job (runs=cold)", "FAIL", "JDK Flight Recorder", "cpu", a,
                Collections.singletonList("candidate.jfr"), dir, children).write();
        ChildJvmCpuShares.Process read = ProfileEvidence.read(written).children().processes().get(0);
        ChildJvmCpuShares.Process made = children.processes().get(0);
        assertEquals("am", read.name());
        assertEquals(made.samplesBefore(), read.samplesBefore());
        assertEquals(made.methods().get(0).method(), read.methods().get(0).method());
        assertEquals(made.methods().get(0).after(), read.methods().get(0).after(), 1e-12);
    }
}
