package io.perfgate.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two builds, each in its own clone, recording into one origin at the same time, back to back: every record must
 * land. Each append is about ten git processes (fetch, plumbing, push), so the two clones race for the branch for
 * real and many pushes meet a branch that moved. The unit suite records 5 times each (about 4 s);
 * {@code .ci/history-concurrency} runs the 20 times each ({@code -Dhistory.concurrency.records=20}).
 */
class ConcurrentRecordingTest {
    private static final int BUILDS = 2;
    private static final int RECORDS_EACH = Integer.getInteger("history.concurrency.records", 5);

    @Test
    void everyRecordOfTwoBuildsRecordingAtOnceLands(@TempDir Path dir) throws Exception {
        Assumptions.assumeTrue(GitFixture.gitAvailable(), "git is not on the PATH");
        Path origin = GitFixture.origin(dir);
        SyntheticRuns runs = new SyntheticRuns(3, 2);
        Instant t = Instant.parse("2026-11-27T02:00:00Z");
        List<String> written = Collections.synchronizedList(new ArrayList<>());
        List<String> notShared = Collections.synchronizedList(new ArrayList<>());
        CountDownLatch start = new CountDownLatch(1);
        long started = System.nanoTime();
        ExecutorService pool = Executors.newFixedThreadPool(BUILDS);
        try {
            List<Future<?>> builds = new ArrayList<>();
            for (int b = 0; b < BUILDS; b++) {
                Path clone = GitFixture.cloneOf(origin, dir.resolve("build" + b));
                GitBranchStore store = GitBranchStore.open(clone, "perf-history", "origin");
                Random random = new Random(b);
                builds.add(pool.submit(() -> {
                    start.await();
                    for (int i = 0; i < RECORDS_EACH; i++) {
                        Instant at = t.plusSeconds(i);
                        HistoryRecord record = HistoryRecord.create(runs.run(at, "c0ffee", 2, 2),
                                new RunOrigin(at, "c0ffee", null, "main", null), random);
                        HistoryStore.Appended appended = store.append(record);
                        written.add(record.name());
                        if (!appended.isShared()) {
                            notShared.add(record.name() + ": " + appended.notShared());
                        }
                    }
                    return null;
                }));
            }
            start.countDown();
            for (Future<?> build : builds) {
                build.get();
            }
        } finally {
            pool.shutdownNow();
        }

        System.out.printf(Locale.ROOT, "history concurrency: %d builds x %d records appended in %.1f s%n", BUILDS,
                RECORDS_EACH, (System.nanoTime() - started) / 1e9);
        assertEquals(List.of(), notShared);
        Path reader = GitFixture.cloneOf(origin, dir.resolve("reader"));
        List<String> warnings = new ArrayList<>();
        List<String> landed = GitBranchStore.open(reader, "perf-history", "origin").list(warnings::add).stream()
                .map(HistoryRecord::name).collect(Collectors.toList());
        assertEquals(BUILDS * RECORDS_EACH, written.size());
        assertEquals(written.stream().sorted().collect(Collectors.toList()), landed);
        assertTrue(warnings.isEmpty(), warnings.toString());
    }
}
