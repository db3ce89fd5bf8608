package io.perfgate.baseline;

import io.perfgate.config.PerfProperties;
import io.perfgate.env.EnvironmentFingerprint;
import io.perfgate.env.StealTime;
import io.perfgate.files.AtomicFiles;
import io.perfgate.files.WriteLocation;
import io.perfgate.forkprofile.ComparisonProfiler;
import io.perfgate.forkprofile.ProfileTarget;
import io.perfgate.gate.BaselineRecorder;
import io.perfgate.gate.BaselineRefusedException;
import io.perfgate.json.JsonFormatException;
import io.perfgate.log.PerfLog;
import io.perfgate.profile.BaselineProfiles;
import io.perfgate.profile.ProfileMode;
import io.perfgate.results.BenchmarkResult;
import io.perfgate.results.Calibration;
import io.perfgate.results.PerfResults;
import io.perfgate.results.Provenance;
import io.perfgate.results.ResultsFormatException;
import io.perfgate.results.ResultsJson;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * The baseline as the goals share it: the file perf:baseline records (with the profiles it may keep beside it),
 * perf:check judges against ({@link BaselineCheck}) and perf:calibrate saves its calibration into. Each operation
 * says in the log what it did to the file, and fails with a {@link BaselineException} whose message says what to
 * do.
 */
public final class StoredBaseline {
    private final Path file;
    private final Path projectRoot;
    private final Function<Path, String> display;
    private final PerfLog log;

    /**
     * @param projectRoot the top of the build: a baseline written outside it, or through a link, is said so
     * @param display a path as people type it (relative to the module when inside it), for messages
     */
    public StoredBaseline(Path file, Path projectRoot, Function<Path, String> display, PerfLog log) {
        this.file = Objects.requireNonNull(file);
        this.projectRoot = Objects.requireNonNull(projectRoot);
        this.display = Objects.requireNonNull(display);
        this.log = Objects.requireNonNull(log);
    }

    public Path file() {
        return file;
    }

    /** The file as messages name it. */
    String shown() {
        return display.apply(file);
    }

    boolean exists() {
        return Files.exists(file);
    }

    // ------------------------------------------------------------------ perf:check

    /** The baseline, read strictly; a damaged one names {@code recordCommand}, which records a new one. */
    PerfResults read(String recordCommand) throws BaselineException {
        try {
            return ResultsJson.readBaseline(file);
        } catch (ResultsFormatException e) {
            throw BaselineException.withoutCause("The baseline cannot be read: " + e.getMessage()
                    + ". It was left as it is: restore it from version control, or record a new one with: "
                    + recordCommand, e);
        }
    }

    /** The profiles stored with the baseline, or null (with a warning when they exist but cannot be used). */
    BaselineProfiles matchingProfiles() {
        Path profiles = BaselineProfiles.besides(file);
        if (!Files.isRegularFile(profiles) || !Files.isRegularFile(file)) {
            return null;
        }
        String again = " Record them again with the baseline: perf:baseline -D" + PerfProperties.PROFILE + "=all.";
        try {
            BaselineProfiles stored = BaselineProfiles.read(profiles);
            if (!stored.baselineSha256().equals(BaselineProfiles.sha256(file))) {
                log.warn("The profiles in " + display.apply(profiles) + " were recorded with another baseline than "
                        + shown() + " (its SHA-256 differs), so they are not used as the before." + again);
                return null;
            }
            return stored;
        } catch (JsonFormatException e) {
            log.warn("The profiles stored with the baseline cannot be read: " + e.getMessage() + "; they are"
                    + " not used." + again);
        } catch (IOException e) {
            log.warn("Cannot read " + shown() + " to match its profiles: " + e.getMessage());
        }
        return null;
    }

    // ------------------------------------------------------------------ perf:baseline

    /**
     * Records {@code results} as the baseline with {@code recorder} (refused for a bad run unless {@code forced}),
     * says what was recorded, and with {@code perf.profile=all} profiles every benchmark just recorded and stores
     * the profiles beside it.
     *
     * @param reason why this baseline is recorded, kept in its provenance when not blank
     * @return the baseline as written
     */
    public <X extends Exception> PerfResults record(Path results, BaselineRecorder recorder, boolean forced,
            String reason, ProfileMode profileMode, WorkingTreeProfiling<X> profiling) throws BaselineException, X {
        String baselineName = shown();
        String resultsName = display.apply(results);
        PerfResults current;
        try {
            current = ResultsJson.read(results);
        } catch (ResultsFormatException e) {
            throw BaselineException.withoutCause(e.getMessage() + ". The baseline " + baselineName
                    + " was not touched.", e);
        }
        log.info("Recording " + resultsName + " (measured " + current.createdAt() + ") as the baseline");
        boolean elsewhere = noteWriteLocation();
        PerfResults written;
        try {
            written = recorder.record(current, resultsName, file, forced, reason);
        } catch (BaselineRefusedException e) {
            throw new BaselineException("Refusing to write the baseline " + baselineName + " from " + resultsName
                    + ": " + e.getMessage(), e);
        } catch (IOException e) {
            throw new BaselineException("Cannot write the baseline " + baselineName + ": " + e.getMessage(), e);
        }
        int forks = 0;
        for (BenchmarkResult b : written.benchmarks()) {
            forks += b.forks().size();
        }
        if (written.provenance().containsKey(Provenance.FORCED)) {
            log.warn("Recorded despite: " + written.provenance().get(Provenance.FORCED_DESPITE) + " ("
                    + PerfProperties.FORCE + "=true)");
        }
        String commit = written.provenance().get(Provenance.COMMIT);
        log.info("Recorded baseline " + baselineName + " from " + resultsName + ": "
                + written.benchmarks().size() + " benchmarks, " + forks + " forks"
                + (commit == null ? "" : ", commit " + commit)
                + (written.provenance().containsKey(Provenance.REASON) ? ", reason: "
                        + written.provenance().get(Provenance.REASON) : "")
                + (elsewhere ? "; perf:check reads it from there."
                        : ". Commit it so perf:check gates later builds."));
        StealTime.baselineWarning(StealTime.fromField(written.environment().get(EnvironmentFingerprint.CPU_STEAL)))
                .ifPresent(log::warn);
        recordProfiles(written, profileMode, profiling);
        return written;
    }

    /**
     * With {@code perf.profile=all}, profiles every benchmark just recorded (one extra fork each, of the working
     * tree) and stores the profiles beside the baseline, tied to its bytes, for perf:check to attribute against.
     * Otherwise removes profiles of an earlier baseline, which would only be refused later.
     */
    private <X extends Exception> void recordProfiles(PerfResults written, ProfileMode profileMode,
            WorkingTreeProfiling<X> profiling) throws BaselineException, X {
        Path profiles = BaselineProfiles.besides(file);
        String shown = display.apply(profiles);
        try {
            if (profileMode != ProfileMode.ALL) {
                if (Files.deleteIfExists(profiles)) {
                    log.info("Removed " + shown + ": it held the profiles of the previous baseline. -D"
                            + PerfProperties.PROFILE + "=all records new ones with the baseline.");
                }
                return;
            }
            List<ProfileTarget> targets = ProfileTarget.fromResults(written);
            ComparisonProfiler profiler = profiling.profile(targets, null);
            if (profiler == null || profiler.recordedProfiles().isEmpty()) {
                Files.deleteIfExists(profiles);
                log.warn("No profile was recorded, so none is stored with the baseline (which is recorded);"
                        + " the warnings above say why");
                return;
            }
            new BaselineProfiles(BaselineProfiles.sha256(file), profiler.agent().name(),
                    profiler.agent().events(), profiler.recordedProfiles()).write(profiles);
            List<String> missing = new ArrayList<>();
            targets.stream().filter(t -> !profiler.recordedProfiles().containsKey(t.key()))
                    .forEach(t -> missing.add(t.displayName()));
            log.info("Stored the profiles of " + profiler.recordedProfiles().size() + " of "
                    + targets.size() + " benchmarks with the baseline in " + shown + " (" + profiler.agent().name()
                    + "); commit it with the baseline, and perf:check attributes a slowdown before and after"
                    + (missing.isEmpty() ? "" : ". Not profiled: " + String.join(", ", missing)));
        } catch (IOException e) {
            throw new BaselineException("The baseline " + shown() + " is recorded, but its"
                    + " profiles could not be written to " + shown + ": " + e.getMessage(), e);
        }
    }

    // ------------------------------------------------------------------ perf:calibrate

    /**
     * Refuses a calibration that is to be saved into a baseline that does not exist, before an A/A run of several
     * minutes rather than after it.
     */
    public void requireForCalibration(String recordCommand) throws BaselineException {
        if (!Files.isRegularFile(file)) {
            throw new BaselineException("There is no baseline at " + shown() + " to save the calibration into."
                    + " Record one first with: " + recordCommand + ", or run perf:calibrate without -D"
                    + PerfProperties.CALIBRATE_SAVE + "=true.", null);
        }
    }

    /**
     * Stores {@code calibration} in the baseline's {@code calibration} section, keeping the rest, under the
     * baseline's lock and atomically, and warns when the baseline was recorded in another environment.
     */
    public void saveCalibration(Calibration calibration, Map<String, String> environment) throws BaselineException {
        noteWriteLocation();
        try {
            List<String> differences = saveInto(file, calibration, environment);
            log.info("Calibration saved into the baseline " + shown());
            if (!differences.isEmpty()) {
                log.warn("The baseline was recorded in another environment than this calibration: "
                        + String.join("; ", differences));
            }
        } catch (IOException e) {
            throw new BaselineException("Cannot save the calibration into " + shown() + ": "
                    + e.getMessage() + ". The baseline was left as it was.", e);
        }
    }

    /**
     * Writes {@code calibration} into the baseline's {@code calibration} section.
     *
     * @return differences between the baseline's environment and the calibration's, for a warning
     */
    static List<String> saveInto(Path baseline, Calibration calibration, Map<String, String> environment)
            throws BaselineException, IOException {
        if (!Files.isRegularFile(baseline)) {
            throw new BaselineException("There is no baseline at " + baseline + " to save the calibration into."
                    + " Record one first with perf:baseline, or run perf:calibrate without"
                    + " -D" + PerfProperties.CALIBRATE_SAVE + "=true.", null);
        }
        try (AtomicFiles.Lock lock = AtomicFiles.lock(baseline)) {
            PerfResults current;
            try {
                current = ResultsJson.readBaseline(baseline);
            } catch (ResultsFormatException e) {
                throw new BaselineException("The baseline cannot take the calibration: " + e.getMessage(), e);
            }
            List<String> differences = new ArrayList<>();
            for (Map.Entry<String, String> e : environment.entrySet()) {
                String theirs = current.environment().get(e.getKey());
                if (current.environment().containsKey(e.getKey()) && !Objects.equals(theirs, e.getValue())) {
                    differences.add(e.getKey() + ": baseline " + theirs + ", calibration " + e.getValue());
                }
            }
            ResultsJson.write(current.toBuilder().calibration(calibration).build(), baseline);
            return differences;
        }
    }

    /**
     * Says in the log where the baseline is really written when that is through a symbolic link or outside the
     * project, both of which are allowed on purpose; silent otherwise.
     *
     * @return whether it said so: the file is then not simply this checkout's to commit
     */
    private boolean noteWriteLocation() {
        try {
            Optional<String> note = WriteLocation.note("The baseline", file, projectRoot);
            note.ifPresent(log::info);
            return note.isPresent();
        } catch (IOException e) {
            // the write that follows meets the same problem and reports it with its consequence
            log.debug("Cannot tell where " + file + " leads: " + e.getMessage());
            return false;
        }
    }
}
