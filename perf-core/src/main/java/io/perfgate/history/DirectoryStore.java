package io.perfgate.history;

import io.perfgate.files.AtomicFiles;
import io.perfgate.results.ResultsFormatException;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;

/**
 * The history in a plain directory, for local use and for CI caches or artifacts: one gzip'd results document per
 * run, {@code <root>/<record name>.json.gz}. gzip because a file system does not compress, and the JSON of a run's
 * forks shrinks to about a third. Each file is written whole or not at all, and names never collide, so several
 * builds may write into one directory at once.
 */
public final class DirectoryStore implements HistoryStore {
    static final String EXTENSION = ".json.gz";
    /** How deep below the root a record's file is: {@code yyyy/MM/<file>}. */
    private static final int RECORD_DEPTH = 3;

    private final Path root;

    public DirectoryStore(Path root) {
        this.root = root;
    }

    @Override
    public Appended append(HistoryRecord record) throws HistoryException {
        Path file = file(record.name());
        try {
            AtomicFiles.write(file, gzip(record.json()));
        } catch (IOException e) {
            throw new HistoryException("cannot write the history record " + file + ": " + e.getMessage(), e);
        }
        return Appended.shared(file.toString());
    }

    @Override
    public List<HistoryRecord> list(Consumer<String> skipped) throws HistoryException {
        return list(name -> true, skipped);
    }

    @Override
    public List<HistoryRecord> list(Predicate<String> accepted, Consumer<String> skipped) throws HistoryException {
        if (!Files.isDirectory(root)) {
            return List.of();
        }
        List<String> names;
        try (Stream<Path> walk = Files.walk(root)) {
            names = walk.filter(Files::isRegularFile).map(p -> root.relativize(p).toString().replace('\\', '/'))
                    .filter(n -> n.endsWith(EXTENSION) && !n.startsWith(EXECUTED_CODE_DIRECTORY + "/"))
                    .map(n -> n.substring(0, n.length() - EXTENSION.length()))
                    .filter(accepted).sorted().collect(Collectors.toList());
        } catch (IOException | java.io.UncheckedIOException e) {
            throw new HistoryException("cannot list the history in " + root + ": " + e.getMessage(), e);
        }
        List<HistoryRecord> records = new ArrayList<>();
        for (String name : names) {
            Path file = file(name);
            if (!HistoryRecord.isName(name)) {
                skipped.accept(file + ": not a history record's name");
                continue;
            }
            try {
                records.add(HistoryRecord.parse(name, gunzip(file)));
            } catch (IOException | ResultsFormatException e) {
                skipped.accept(file + ": " + e.getMessage());
            }
        }
        return HistoryRecord.distinctRuns(records, this::locate, skipped);
    }

    @Override
    public String locate(String name) {
        return file(name).toString();
    }

    /**
     * Removes the temporary files ({@code .<name>.<number>.tmp}) that records and {@code changes.json} written by
     * killed builds left, once older than {@link #STALE_TEMPORARY_AGE}: records take no lock (their names never
     * collide), so the age alone tells a dead writer's file from a live one's.
     */
    @Override
    public List<String> removeStaleTemporaries() {
        // records are at <root>/yyyy/MM/, changes.json at the root: no deeper, whatever else the directory holds
        return removeStale(root, RECORD_DEPTH, STALE_TEMPORARY_AGE,
                p -> Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS)
                        && AtomicFiles.isTemporary(p.getFileName().toString()));
    }

    /** Removes what {@code stale} accepts, down to {@code depth} below {@code directory}, older than {@code age}. */
    private static List<String> removeStale(Path directory, int depth, Duration age, Predicate<Path> stale) {
        List<String> removed = new ArrayList<>();
        if (!Files.isDirectory(directory)) {
            return removed;
        }
        Instant before = Instant.now().minus(age);
        List<Path> found;
        try (Stream<Path> walk = Files.walk(directory, depth)) {
            found = walk.filter(stale).collect(Collectors.toList());
        } catch (IOException | java.io.UncheckedIOException e) {
            return removed; // tidying up is never a reason to stop a record
        }
        for (Path p : found) {
            try {
                if (Files.getLastModifiedTime(p, LinkOption.NOFOLLOW_LINKS).toInstant().isBefore(before)) {
                    long bytes = Files.size(p);
                    Files.delete(p);
                    removed.add(sized(p, bytes));
                }
            } catch (IOException e) {
                // another build removed it first, or it is not ours to remove
            }
        }
        return removed;
    }

    @Override
    public String reportedChanges() throws HistoryException {
        Path file = root.resolve(REPORTED_CHANGES);
        if (!Files.isRegularFile(file)) {
            return null;
        }
        try {
            return new String(Files.readAllBytes(file), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new HistoryException("cannot read the reported change points " + file + ": " + e.getMessage(), e);
        }
    }

    @Override
    public Appended saveReportedChanges(String json) throws HistoryException {
        Path file = root.resolve(REPORTED_CHANGES);
        try {
            AtomicFiles.writeString(file, json);
        } catch (IOException e) {
            throw new HistoryException("cannot write the reported change points " + file + ": " + e.getMessage(), e);
        }
        return Appended.shared(file.toString());
    }

    @Override
    public Appended saveExecutedCode(String commit, byte[] gzippedJson) throws HistoryException {
        Path file = root.resolve(ExecutedCodeFiles.path(commit));
        try {
            AtomicFiles.write(file, gzippedJson);
        } catch (IOException e) {
            throw new HistoryException("cannot write the map of executed code " + file + ": " + e.getMessage(), e);
        }
        return Appended.shared(file.toString());
    }

    @Override
    public java.util.Set<String> executedCodeCommits() throws HistoryException {
        Path directory = root.resolve(EXECUTED_CODE_DIRECTORY);
        java.util.Set<String> commits = new java.util.TreeSet<>();
        if (!Files.isDirectory(directory)) {
            return commits;
        }
        try (Stream<Path> files = Files.list(directory)) {
            files.filter(Files::isRegularFile).map(f -> ExecutedCodeFiles.commitOf(f.getFileName().toString()))
                    .filter(c -> c != null).forEach(commits::add);
        } catch (IOException | java.io.UncheckedIOException e) {
            throw new HistoryException("cannot list the maps of executed code in " + directory + ": "
                    + e.getMessage(), e);
        }
        return commits;
    }

    @Override
    public byte[] executedCode(String commit) throws HistoryException {
        Path file = root.resolve(ExecutedCodeFiles.path(commit));
        try {
            return Files.isRegularFile(file) ? Files.readAllBytes(file) : null;
        } catch (IOException e) {
            throw new HistoryException("cannot read the map of executed code " + file + ": " + e.getMessage(), e);
        }
    }

    /** The directory, as given (it may not exist). */
    public Path root() {
        return root;
    }

    @Override
    public String describe() {
        return "directory " + root;
    }

    /** {@code /ci/cache/perf-history/2026/11/.x.json.gz.123.tmp (5.9 MB)}: what the log says was removed. */
    static String sized(Path p, long bytes) {
        return p + " (" + String.format(Locale.ROOT, "%.1f MB", bytes / 1e6) + ")";
    }

    private Path file(String name) {
        return root.resolve(name + EXTENSION);
    }

    static byte[] gzip(String text) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (GZIPOutputStream out = new GZIPOutputStream(bytes)) {
            out.write(text.getBytes(StandardCharsets.UTF_8));
        }
        return bytes.toByteArray();
    }

    private static String gunzip(Path file) throws IOException {
        try (InputStream in = new GZIPInputStream(Files.newInputStream(file))) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
