package io.perfgate.history;

import io.perfgate.files.AtomicFiles;
import io.perfgate.results.BenchmarkResult;
import io.perfgate.results.Fork;
import io.perfgate.results.MetricInfo;
import io.perfgate.results.PerfResults;
import io.perfgate.results.ResultsFormatException;
import io.perfgate.results.ResultsJson;
import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Paths;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Random;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * One measured run in the history: a {@code results.json} document (every fork's values, the environment
 * fingerprint, the run's settings) whose provenance says where and when it was measured ({@link RunOrigin}), under
 * a name no other build can choose. The format is the results format, read and written by {@code ResultsJson};
 * a store adds only its file extension and, where the medium does not compress, gzip.
 *
 * <p>Every value is kept to {@link #SIGNIFICANT_DIGITS} significant digits: a relative rounding of at most
 * 0.0005 %, 600 times below the smallest noise seen (0.3 % within one CI job), while JMH's full 17 digits are
 * noise that no compression can shrink. This is what keeps a year of nightly runs of a
 * 200-benchmark suite small (see the history store's page for the measured size).
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
    /** The precision of the values a record keeps. */
    static final int SIGNIFICANT_DIGITS = 6;
    private static final MathContext PRECISION = new MathContext(SIGNIFICANT_DIGITS, RoundingMode.HALF_EVEN);

    private final String name;
    private final PerfResults results;

    private HistoryRecord(String name, PerfResults results) {
        this.name = name;
        this.results = results;
    }

    /** A new record of {@code results}, with {@code origin} added to their provenance and a fresh name. */
    public static HistoryRecord create(PerfResults results, RunOrigin origin, Random random) {
        List<BenchmarkResult> benchmarks = new ArrayList<>();
        for (BenchmarkResult b : results.benchmarks()) {
            List<Fork> forks = new ArrayList<>();
            for (Fork f : b.forks()) {
                Map<String, Double> percentiles = new LinkedHashMap<>();
                f.percentiles().forEach((k, v) -> percentiles.put(k, round(v)));
                Map<String, double[]> secondary = new LinkedHashMap<>();
                f.secondary().forEach((k, v) -> {
                    if (!derived(b, k)) {
                        secondary.put(k, round(v));
                    }
                });
                forks.add(new Fork(round(f.primary()), percentiles, secondary, f.seconds()));
            }
            benchmarks.add(b.toBuilder().forks(forks).withoutSecondaryMetric(MetricInfo.ALLOCATION_RATE).build());
        }
        PerfResults recorded = results.toBuilder().provenance(origin.addTo(results.provenance()))
                .benchmarks(benchmarks).build();
        return new HistoryRecord(newName(origin, random), recorded);
    }

    /**
     * Whether a JMH benchmark's secondary metric is left out of the record: the allocation rate in MB/s, whose digits
     * are as random as the score's (it is the bytes per operation over the time per operation, both kept). It alone
     * made a year of a 200-benchmark suite with the gc profiler's metrics 80 MB instead of the 50 MB budget.
     */
    private static boolean derived(BenchmarkResult b, String metric) {
        return !BenchmarkResult.KIND_SCENARIO.equals(b.kind()) && MetricInfo.ALLOCATION_RATE.equals(metric);
    }

    /** Reads a stored record; {@code name} is named in any error. */
    public static HistoryRecord parse(String name, String json) throws ResultsFormatException {
        if (!isName(name)) {
            throw new IllegalArgumentException("'" + name + "' is not a history record's name");
        }
        return new HistoryRecord(name, ResultsJson.parse(Paths.get(name), json));
    }

    static double[] round(double[] values) {
        double[] rounded = new double[values.length];
        for (int i = 0; i < values.length; i++) {
            rounded[i] = round(values[i]);
        }
        return rounded;
    }

    /** {@code value} to {@link #SIGNIFICANT_DIGITS} significant digits; infinities and NaN as they are. */
    static double round(double value) {
        return Double.isFinite(value) ? new BigDecimal(value).round(PRECISION).doubleValue() : value;
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

    /**
     * What makes two records one run: a digest of when the results were made and every fork's values of every
     * benchmark (as a record keeps them), and nothing that recording adds (the name, the time it was recorded, the
     * build's link). Two measurements never give the same values to 6 digits across all their forks, so equal
     * digests mean one run recorded twice, or a record copied by hand.
     */
    public String runDigest() {
        StringBuilder text = new StringBuilder(String.valueOf(results.createdAt())).append('\n');
        for (BenchmarkResult b : results.benchmarks()) {
            text.append(b.id().storedKey()).append('\n');
            for (Fork f : b.forks()) {
                for (double v : f.primary()) {
                    text.append(round(v)).append(' ');
                }
                text.append('\n');
            }
        }
        return AtomicFiles.sha256Hex(text.toString().getBytes(StandardCharsets.UTF_8));
    }

    /**
     * {@code records} (oldest first) with every later copy of a run left out and named to {@code skipped} with the
     * copy it repeats, so that a run recorded twice counts once in every estimate.
     *
     * @param where a record's place, for the message
     */
    static List<HistoryRecord> distinctRuns(List<HistoryRecord> records, Function<String, String> where,
            Consumer<String> skipped) {
        Map<String, HistoryRecord> first = new HashMap<>();
        List<HistoryRecord> distinct = new ArrayList<>();
        for (HistoryRecord r : records) {
            HistoryRecord earlier = first.putIfAbsent(r.runDigest(), r);
            if (earlier == null) {
                distinct.add(r);
            } else {
                skipped.accept(where.apply(r.name()) + ": the same run as " + where.apply(earlier.name())
                        + " (the same results recorded twice); counted once");
            }
        }
        return distinct;
    }

    /** The commit part of a record's name: the same for every record of one commit. */
    static String commitPart(String name) {
        int end = name.lastIndexOf('-');
        int start = name.lastIndexOf('-', end - 1);
        return start < 0 || end < 0 ? "" : name.substring(start + 1, end);
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
