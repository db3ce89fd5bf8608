package io.perfgate.history;

import io.perfgate.results.PerfResults;
import io.perfgate.results.ResultsFormatException;
import io.perfgate.results.ResultsJson;
import java.nio.file.Paths;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import java.util.Objects;
import java.util.Random;
import java.util.regex.Pattern;

/**
 * One measured run in the history: a {@code results.json} document (every fork's values, the environment
 * fingerprint, the run's settings) whose provenance says where and when it was measured ({@link RunOrigin}), under
 * a name no other build can choose. The format is the results format, read and written by {@code ResultsJson};
 * a store adds only its file extension and, where the medium does not compress, gzip.
 *
 * <p>A name is {@code yyyy/MM/<UTC time to the millisecond>-<commit>-<random>}: its text order is the order in
 * which runs were recorded, the month directories keep each git tree small, and the random part keeps two builds
 * of one commit recording in the same millisecond apart, so concurrent appends never write the same path.
 */
public final class HistoryRecord {
    private static final DateTimeFormatter NAME_TIME =
            DateTimeFormatter.ofPattern("yyyy/MM/yyyyMMdd'T'HHmmssSSS'Z'", Locale.ROOT).withZone(ZoneOffset.UTC);
    private static final Pattern NAME = Pattern.compile("\\d{4}/\\d{2}/\\d{8}T\\d{9}Z-[0-9a-z]+-[0-9a-z]{8}");
    private static final int COMMIT_CHARS = 12;

    private final String name;
    private final PerfResults results;

    private HistoryRecord(String name, PerfResults results) {
        this.name = name;
        this.results = results;
    }

    /** A new record of {@code results}, with {@code origin} added to their provenance and a fresh name. */
    public static HistoryRecord create(PerfResults results, RunOrigin origin, Random random) {
        PerfResults recorded = results.toBuilder().provenance(origin.addTo(results.provenance())).build();
        return new HistoryRecord(newName(origin, random), recorded);
    }

    /** Reads a stored record; {@code name} is named in any error. */
    public static HistoryRecord parse(String name, String json) throws ResultsFormatException {
        if (!isName(name)) {
            throw new IllegalArgumentException("'" + name + "' is not a history record's name");
        }
        return new HistoryRecord(name, ResultsJson.parse(Paths.get(name), json));
    }

    static String newName(RunOrigin origin, Random random) {
        String commit = origin.commit() == null ? "nocommit" : origin.commit().toLowerCase(Locale.ROOT);
        if (!commit.matches("[0-9a-z]+")) {
            commit = "nocommit";
        }
        commit = commit.substring(0, Math.min(COMMIT_CHARS, commit.length()));
        String padded = "00000000" + Long.toString(random.nextLong() & Long.MAX_VALUE, 36);
        return NAME_TIME.format(origin.recordedAt()) + "-" + commit + "-" + padded.substring(padded.length() - 8);
    }

    /** True for a name {@link #create} makes. */
    static boolean isName(String name) {
        return NAME.matcher(name).matches();
    }

    /** The store-independent name, e.g. {@code 2026/11/20261127T145940123Z-6904bea1c2d3-k3x9q0ab}. */
    public String name() {
        return name;
    }

    public PerfResults results() {
        return results;
    }

    /** Where and when the run was measured, as the record states it. */
    public RunOrigin origin() {
        return RunOrigin.of(results, recordedAt());
    }

    /** When the run was recorded: the time in its name, which orders the history. */
    public Instant recordedAt() {
        String time = name.substring(8, 8 + 19);
        return DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmssSSS'Z'", Locale.ROOT).withZone(ZoneOffset.UTC)
                .parse(time, Instant::from);
    }

    /** The record's document, as the results format writes it. */
    public String json() {
        return ResultsJson.toJson(results);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof HistoryRecord && ((HistoryRecord) o).name.equals(name);
    }

    @Override
    public int hashCode() {
        return Objects.hash(name);
    }

    @Override
    public String toString() {
        return name;
    }
}
