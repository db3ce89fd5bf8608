package io.perfgate.gate;

import static io.perfgate.config.PerfProperties.FORCE;

import io.perfgate.env.EnvironmentFingerprint;
import io.perfgate.files.AtomicFiles;
import io.perfgate.results.BenchmarkResult;
import io.perfgate.results.PerfResults;
import io.perfgate.results.Provenance;
import io.perfgate.results.ResultsFormatException;
import io.perfgate.results.ResultsJson;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Records results as the baseline ({@code perf:baseline}). A baseline is what every later build is judged
 * against, so it is written only from a complete run (unless forced), with its provenance, under a file lock,
 * atomically, and only after the text about to be written has been read back by the strict reader.
 */
public final class BaselineRecorder {
    private final String toolVersion;
    private final Clock clock;

    public BaselineRecorder(String toolVersion, Clock clock) {
        this.toolVersion = Objects.requireNonNull(toolVersion);
        this.clock = Objects.requireNonNull(clock);
    }

    /** Why these results must not become a baseline; empty when they may. */
    public static List<String> problems(PerfResults results) {
        List<String> problems = new ArrayList<>();
        if (!results.isComplete()) {
            problems.add("the run is " + results.status() + ": a benchmark failed or the run was stopped early");
        }
        if (results.benchmarks().isEmpty()) {
            problems.add("the results hold no benchmark");
        }
        for (BenchmarkResult b : results.benchmarks()) {
            if (b.forks().isEmpty()) {
                problems.add(b.id() + " has no forks");
            } else if (!b.warnings().isEmpty()) {
                problems.add(b.id() + ": " + String.join("; ", b.warnings()));
            }
        }
        return problems;
    }

    /**
     * Writes {@code results} to {@code baselineFile} with a provenance block.
     *
     * @param resultsFile where the results were read from, recorded in the provenance (may be null)
     * @param force write even when {@link #problems(PerfResults)} finds some; they are recorded in the provenance
     * @return the baseline as written
     * @throws BaselineRefusedException when the results are unfit and {@code force} is false; nothing is written.
     *     Its message lists the problems and what to do, without the file names, which the caller knows
     * @throws IOException when the lock cannot be taken or the file cannot be written; the old file is intact
     */
    public PerfResults record(PerfResults results, String resultsFile, Path baselineFile, boolean force)
            throws BaselineRefusedException, IOException {
        return record(results, resultsFile, baselineFile, force, null);
    }

    /**
     * As {@link #record(PerfResults, String, Path, boolean)}, keeping {@code reason} (why this baseline is recorded,
     * e.g. why an accepted slowdown is expected) in the provenance when it is not blank.
     */
    public PerfResults record(PerfResults results, String resultsFile, Path baselineFile, boolean force,
            String reason) throws BaselineRefusedException, IOException {
        List<String> problems = problems(results);
        if (!problems.isEmpty() && !force) {
            throw new BaselineRefusedException(String.join("; ", problems)
                    + ". Fix the run and record again, or pass -D" + FORCE + "=true to record it anyway.", problems);
        }
        Map<String, String> provenance = provenance(results, resultsFile, problems);
        if (reason != null && !reason.trim().isEmpty()) {
            provenance.put(Provenance.REASON, reason.trim());
        }
        PerfResults baseline = results.toBuilder().provenance(provenance).build();
        String json = ResultsJson.toJson(baseline);
        try {
            ResultsJson.parse(baselineFile, json);
        } catch (ResultsFormatException e) {
            // A baseline the gate cannot read back would break every later build: never write one.
            throw new IOException("Not writing " + baselineFile + ": the serialised results do not read back ("
                    + e.getMessage() + "). This is a bug in perf-maven-plugin; the old baseline is unchanged.", e);
        }
        try (AtomicFiles.Lock lock = AtomicFiles.lock(baselineFile)) {
            AtomicFiles.writeString(baselineFile, json);
        }
        return baseline;
    }

    private Map<String, String> provenance(PerfResults results, String resultsFile, List<String> problems) {
        Map<String, String> p = new LinkedHashMap<>();
        p.put(Provenance.RECORDED_AT, Instant.now(clock).truncatedTo(ChronoUnit.SECONDS).toString());
        p.put(Provenance.RECORDED_WITH, "perf-maven-plugin " + toolVersion);
        copy(results.environment(), EnvironmentFingerprint.GIT_COMMIT, Provenance.COMMIT, p);
        copy(results.environment(), EnvironmentFingerprint.GIT_DIRTY, Provenance.DIRTY, p);
        p.put(Provenance.RESULTS_CREATED_AT, results.createdAt());
        if (resultsFile != null) {
            p.put(Provenance.RESULTS_FILE, resultsFile);
        }
        if (results.command() != null) {
            p.put(Provenance.RESULTS_COMMAND, results.command());
        }
        if (!problems.isEmpty()) {
            p.put(Provenance.FORCED, "true");
            p.put(Provenance.FORCED_DESPITE, String.join("; ", problems));
        }
        return p;
    }

    private static void copy(Map<String, String> from, String key, String toKey, Map<String, String> to) {
        String v = from.get(key);
        if (v != null) {
            to.put(toKey, v);
        }
    }
}
