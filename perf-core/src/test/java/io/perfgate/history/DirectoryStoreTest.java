package io.perfgate.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DirectoryStoreTest {
    private static final Instant T = Instant.parse("2026-11-27T02:00:00Z");
    private final SyntheticRuns runs = new SyntheticRuns(7, 4);
    private final Random random = new Random(11);

    private HistoryRecord record(int day) {
        Instant at = T.plusSeconds(86_400L * day);
        String commit = String.format("%040x", day + 1);
        return HistoryRecord.create(runs.run(at, commit, 3, 5), new RunOrigin(at, commit, null, "main", null),
                random);
    }

    @Test
    void listsRecordsOldestFirstWithTheirValues(@TempDir Path dir) throws Exception {
        DirectoryStore store = new DirectoryStore(dir.resolve("history"));
        List<HistoryRecord> written = List.of(record(40), record(2), record(31));
        for (HistoryRecord r : written) {
            assertTrue(store.append(r).isShared());
        }

        List<String> warnings = new ArrayList<>();
        List<HistoryRecord> read = store.list(warnings::add);

        assertEquals(List.of(), warnings);
        assertEquals(List.of(written.get(1).name(), written.get(2).name(), written.get(0).name()),
                read.stream().map(HistoryRecord::name).collect(Collectors.toList()));
        assertEquals(written.get(1).json(), read.get(0).json());
        assertTrue(Files.isRegularFile(dir.resolve("history").resolve(written.get(0).name() + ".json.gz")));
    }

    @Test
    void aRecordThatDoesNotReadIsSkippedWithAWarningNamingIt(@TempDir Path dir) throws Exception {
        DirectoryStore store = new DirectoryStore(dir);
        HistoryRecord good = record(1);
        HistoryRecord bad = record(2);
        store.append(good);
        Path badFile = dir.resolve(bad.name() + DirectoryStore.EXTENSION);
        Files.createDirectories(badFile.getParent());
        Files.write(badFile, DirectoryStore.gzip("{\"schema\": 1, \"benchmarks\": ["));
        Path notGzip = dir.resolve(record(3).name() + DirectoryStore.EXTENSION);
        Files.writeString(notGzip, "plain text");

        List<String> warnings = new ArrayList<>();
        List<HistoryRecord> read = store.list(warnings::add);

        assertEquals(List.of(good.name()), read.stream().map(HistoryRecord::name).collect(Collectors.toList()));
        assertEquals(2, warnings.size(), warnings.toString());
        assertTrue(warnings.get(0).contains(bad.name()), warnings.get(0));
        assertTrue(warnings.get(1).contains(notGzip.toString()), warnings.get(1));
    }

    @Test
    void aMissingDirectoryIsAnEmptyHistory(@TempDir Path dir) throws Exception {
        assertEquals(List.of(), new DirectoryStore(dir.resolve("none")).list(w -> { }));
    }

    @Test
    void otherFilesAreNotRecords(@TempDir Path dir) throws IOException, HistoryException {
        Files.writeString(dir.resolve("README.md"), "the perf history");
        assertEquals(List.of(), new DirectoryStore(dir).list(w -> { }));
    }

    @Test
    void aRecordCopiedByHandIsReadOnceWithAWarningNamingBothFiles(@TempDir Path dir) throws Exception {
        DirectoryStore store = new DirectoryStore(dir);
        HistoryRecord original = record(1);
        store.append(original);
        store.append(record(2));
        Path originalFile = dir.resolve(original.name() + DirectoryStore.EXTENSION);
        Path copy = dir.resolve(record(3).name() + DirectoryStore.EXTENSION);
        Files.copy(originalFile, copy);

        List<String> warnings = new ArrayList<>();
        List<HistoryRecord> read = store.list(warnings::add);

        assertEquals(2, read.size());
        assertEquals(original.name(), read.get(0).name());
        assertEquals(List.of(copy + ": the same run as " + originalFile
                + " (the same results recorded twice); counted once"), warnings);
    }

    /** Bytes a text reading would corrupt: every byte value, as a gzip'd map holds them. */
    static byte[] binary() {
        byte[] bytes = new byte[512];
        for (int i = 0; i < bytes.length; i++) {
            bytes[i] = (byte) i;
        }
        return bytes;
    }

    @Test
    void keepsAndListsMapsOfExecutedCodeBesideTheRecordsWithoutListingThemAsRecords(@TempDir Path dir)
            throws Exception {
        DirectoryStore store = new DirectoryStore(dir.resolve("history"));
        String commit = String.format("%040x", 43);
        assertEquals(java.util.Set.of(), store.executedCodeCommits());
        assertEquals(null, store.executedCode(commit));
        HistoryRecord record = record(1);
        store.append(record);

        HistoryStore.Appended saved = store.saveExecutedCode(commit, binary());

        Path file = dir.resolve("history").resolve("executed-code").resolve(commit + ".json.gz");
        assertEquals(file.toString(), saved.location());
        assertTrue(java.util.Arrays.equals(binary(), Files.readAllBytes(file)));
        assertEquals(java.util.Set.of(commit), store.executedCodeCommits());
        assertTrue(java.util.Arrays.equals(binary(), store.executedCode(commit)));
        List<String> skipped = new ArrayList<>();
        assertEquals(List.of(record.name()), store.list(skipped::add).stream().map(HistoryRecord::name)
                .collect(Collectors.toList()));
        assertEquals(List.of(), skipped);
        store.saveExecutedCode(commit, new byte[] {1, 2, 3});
        assertTrue(java.util.Arrays.equals(new byte[] {1, 2, 3}, store.executedCode(commit)), "replaced");
        HistoryException e = org.junit.jupiter.api.Assertions.assertThrows(HistoryException.class,
                () -> store.saveExecutedCode("../../etc", binary()));
        assertEquals("'../../etc' is not a full commit id (40 or 64 lowercase hex digits), so no map of executed"
                + " code is kept under it", e.getMessage());
    }
}
