package io.perfgate.history;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.perfgate.process.ExternalCommand;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * How big the history branch grows: nightly runs of a 200-benchmark suite (10 forks of 10 iterations of the score,
 * full-precision doubles; {@code -Dhistory.size.gc=true} adds the gc profiler's four metrics to every fork) appended to a git branch store, then the
 * repository packed ({@code git gc}) and its pack measured. The budget: a year (365 runs) under 50 MB. The unit
 * suite appends 5 runs and holds their size per run times 365 to the budget (deltas between runs only shrink the
 * pack as it grows); {@code .ci/history-size} appends the whole year ({@code -Dhistory.size.runs=365}) and prints
 * the figure.
 */
class HistorySizeTest {
    private static final int BENCHMARKS = 200;
    private static final int FORKS = 10;
    private static final int ITERATIONS = 10;
    private static final long BUDGET_BYTES = 50L * 1024 * 1024;
    private static final int RUNS = Integer.getInteger("history.size.runs", 5);
    private static final boolean GC_PROFILER = Boolean.parseBoolean(System.getProperty("history.size.gc", "false"));

    @Test
    void aYearOfNightlyRunsOfA200BenchmarkSuiteStaysUnder50Mb(@TempDir Path dir) throws Exception {
        Assumptions.assumeTrue(GitFixture.gitAvailable(), "git is not on the PATH");
        Path origin = GitFixture.origin(dir);
        Path clone = GitFixture.cloneOf(origin, dir.resolve("clone"));
        GitBranchStore git = GitBranchStore.open(clone, "perf-history", null);
        DirectoryStore directory = new DirectoryStore(dir.resolve("directory-store"));
        SyntheticRuns suite = new SyntheticRuns(42, BENCHMARKS, GC_PROFILER);
        Random random = new Random(42);
        Instant first = Instant.parse("2026-01-01T02:00:00Z");
        long started = System.nanoTime();
        for (int night = 0; night < RUNS; night++) {
            Instant at = first.plusSeconds(86_400L * night + random.nextInt(600));
            String commit = String.format("%040x", new java.math.BigInteger(160, random));
            HistoryRecord record = HistoryRecord.create(suite.run(at, commit, FORKS, ITERATIONS),
                    new RunOrigin(at, commit, null, "main", null), random);
            git.append(record);
            directory.append(record);
        }
        long appendMillis = (System.nanoTime() - started) / 1_000_000;
        ExternalCommand.Result gc = GitFixture.run(Duration.ofMinutes(30), clone, "gc", "--quiet", "--prune=now");
        assertTrue(gc.succeeded(), "git gc: " + gc.stderr + (gc.timedOut ? " (timed out)" : ""));
        long pack = 0;
        try (Stream<Path> files = Files.list(clone.resolve(".git/objects/pack"))) {
            for (Path p : (Iterable<Path>) files::iterator) {
                pack += Files.size(p);
            }
        }
        long directoryBytes;
        try (Stream<Path> files = Files.walk(dir.resolve("directory-store"))) {
            directoryBytes = files.filter(Files::isRegularFile).mapToLong(p -> p.toFile().length()).sum();
        }
        String countObjects = GitFixture.git(clone, "count-objects", "-vH");
        long perYear = pack * 365 / RUNS;
        System.out.printf(Locale.ROOT, "history size: %d runs of %d benchmarks x %d forks x %d iterations%s:"
                + " git pack %.1f MB (%.0f kB a run, %.1f MB a year), directory store %.1f MB; appended in %d s%n%s%n",
                RUNS, BENCHMARKS, FORKS, ITERATIONS, GC_PROFILER ? " with the gc profiler's 4 metrics" : "", pack / 1e6, pack / 1e3 / RUNS, perYear / 1e6,
                directoryBytes / 1e6, appendMillis / 1000, countObjects);
        assertTrue(perYear < BUDGET_BYTES, "a year of runs would take " + perYear + " bytes");
    }
}
