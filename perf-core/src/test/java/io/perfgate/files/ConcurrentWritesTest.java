package io.perfgate.files;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.perfgate.gate.BaselineRecorder;
import io.perfgate.results.BenchmarkResult;
import io.perfgate.results.PerfResults;
import io.perfgate.results.ResultsFormatException;
import io.perfgate.results.ResultsJson;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Builds that record the same baseline at once, and a build killed while writing it, in separate JVMs as in real
 * life: whatever moment a reader looks, the baseline is one writer's whole file, never a torn or mixed one.
 */
class ConcurrentWritesTest {
    private static final int WRITERS = 4;
    private static final int RECORDS_EACH = 15;
    private static final int KILLS = 20;

    @TempDir
    Path dir;

    @Test
    void buildsRecordingAtOnceLeaveOneWritersWholeFile() throws Exception {
        Path baseline = dir.resolve("src/perf/baseline.json");
        List<Process> writers = new ArrayList<>();
        for (int tag = 1; tag <= WRITERS; tag++) {
            writers.add(start("record", baseline.toString(), Integer.toString(tag), Integer.toString(RECORDS_EACH)));
        }
        Set<Integer> seen = new HashSet<>();
        int reads = 0;
        while (writers.stream().anyMatch(Process::isAlive)) {
            if (Files.exists(baseline)) {
                seen.add(wholeFileTag(baseline));
                reads++;
            }
        }
        for (Process writer : writers) {
            assertEquals(0, writer.waitFor(), "a writer failed: " + errorOf(writer));
        }
        int last = wholeFileTag(baseline);
        assertTrue(last >= 1 && last <= WRITERS, "the last file is one writer's: " + last);
        assertTrue(reads > 0, "the test read the baseline while it was being written");
        assertEquals(Arrays.asList("baseline.json"), fileNames(baseline.getParent()),
                "no lock or temporary file is left once every build is done (seen: " + seen + ")");
    }

    @Test
    void aBuildKilledWhileWritingLeavesTheOldFileOrTheNew() throws Exception {
        Path baseline = dir.resolve("src/perf/baseline.json");
        new BaselineRecorder("test", Clock.systemUTC()).record(BaselineWriterProcess.tagged(7), "first", baseline,
                false);
        long seed = System.nanoTime();
        Random random = new Random(seed);
        for (int kill = 0; kill < KILLS; kill++) {
            Process writer = start("loop", baseline.toString(), "8", "9");
            awaitLine(writer, "writing");
            Thread.sleep(random.nextInt(300));
            writer.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
            int tag = wholeFileTag(baseline);
            assertTrue(tag == 7 || tag == 8 || tag == 9, "kill " + kill + " (seed " + seed + ") left " + tag);
        }
        // what a killed writer left beside the file (a lock file, temporaries) does not stop the next build,
        // which clears it
        new BaselineRecorder("test", Clock.systemUTC()).record(BaselineWriterProcess.tagged(10), "after", baseline,
                false);
        assertEquals(10, wholeFileTag(baseline));
        assertEquals(Arrays.asList("baseline.json"), fileNames(baseline.getParent()));
    }

    @Test
    void aLockHeldByAnotherBuildIsWaitedForThenNamed() throws Exception {
        Path baseline = dir.resolve("src/perf/baseline.json");
        Process holder = start("hold", baseline.toString());
        try {
            awaitLine(holder, "locked");
            IOException e = assertThrows(IOException.class, () -> AtomicFiles.lock(baseline, Duration.ofMillis(300)));
            assertEquals("Another build has been writing " + AtomicFiles.followLinks(baseline) + " for more than 0 s"
                    + " (it holds " + AtomicFiles.lockFile(AtomicFiles.followLinks(baseline)) + "); wait for it to"
                    + " finish, or stop it, and try again.", e.getMessage());
        } finally {
            holder.destroyForcibly().waitFor();
        }
        try (AtomicFiles.Lock lock = AtomicFiles.lock(baseline, Duration.ofSeconds(5))) {
            assertTrue(Files.exists(AtomicFiles.lockFile(AtomicFiles.followLinks(baseline))),
                    "a killed holder's lock is free again");
        }
    }

    /**
     * The one tag that every value and the provenance of the file carry; fails when the file does not read as a
     * baseline or mixes writers.
     */
    private static int wholeFileTag(Path baseline) throws IOException {
        PerfResults read;
        try {
            read = ResultsJson.readBaseline(baseline);
        } catch (ResultsFormatException e) {
            fail("a reader saw a torn baseline: " + e.getMessage());
            throw new AssertionError(e);
        }
        assertEquals(BaselineWriterProcess.BENCHMARKS, read.benchmarks().size(), "benchmarks in the file");
        Set<Integer> tags = new HashSet<>();
        for (BenchmarkResult b : read.benchmarks()) {
            b.forks().forEach(f -> Arrays.stream(f.primary()).forEach(v -> tags.add(BaselineWriterProcess.tagOf(v))));
        }
        assertEquals(1, tags.size(), "values of several writers in one file: " + tags);
        int tag = tags.iterator().next();
        String named = read.provenance().get("results.file");
        if (!"first".equals(named) && !"after".equals(named)) {
            assertEquals(BaselineWriterProcess.tagName(tag), named, "the provenance belongs to another write");
        }
        return tag;
    }

    private static Process start(String... args) throws IOException {
        List<String> command = new ArrayList<>();
        command.add(Paths.get(System.getProperty("java.home"), "bin", "java").toString());
        command.add("-Xmx256m");
        // another build on the same machine: the same java.io.tmpdir, where the lock files are
        command.add("-Djava.io.tmpdir=" + System.getProperty("java.io.tmpdir"));
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(BaselineWriterProcess.class.getName());
        command.addAll(Arrays.asList(args));
        return new ProcessBuilder(command).redirectErrorStream(false).start();
    }

    private static void awaitLine(Process process, String line) throws IOException {
        BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(),
                StandardCharsets.UTF_8));
        for (String read = out.readLine(); read != null; read = out.readLine()) {
            if (read.equals(line)) {
                return;
            }
        }
        fail("the writer ended before it started writing: " + errorOf(process));
    }

    private static String errorOf(Process process) {
        try {
            return new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            return e.toString();
        }
    }

    private static List<String> fileNames(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.map(p -> p.getFileName().toString()).sorted().collect(Collectors.toList());
        }
    }
}
