package io.perfgate.baseline;

import io.perfgate.config.PerfProperties;
import io.perfgate.confirm.FailConfirmation;
import io.perfgate.forkprofile.ComparisonProfiler;
import io.perfgate.forkprofile.ProfileTarget;
import io.perfgate.gate.Gate;
import io.perfgate.gate.GateReport;
import io.perfgate.gate.GateSettings;
import io.perfgate.log.PerfLog;
import io.perfgate.profile.BaselineProfiles;
import io.perfgate.profile.ProfileEvidence;
import io.perfgate.profile.ProfileMode;
import io.perfgate.report.ConsoleReport;
import io.perfgate.report.ReportWriter;
import io.perfgate.results.PerfResults;
import io.perfgate.results.ResultsFormatException;
import io.perfgate.results.ResultsJson;
import io.perfgate.run.PerfRun;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * {@code perf:check} against the stored baseline: reads the current results and the baseline afresh (so it also
 * judges results made elsewhere), judges them with the gate, profiles the working tree's FAIL and WARN benchmarks
 * where {@code perf.profile} asks (attributed against the profiles stored with the baseline where perf:baseline
 * recorded them), writes the reports and, when the build must fail, says why and how to accept an intended
 * slowdown. The goal logs the result and maps it to the build's outcome.
 */
public final class BaselineCheck {
    private final PerfLog log;

    public BaselineCheck(PerfLog log) {
        this.log = Objects.requireNonNull(log);
    }

    /** What to judge, against what, and where the reports go. */
    public static final class Request {
        private final Path results;
        private final StoredBaseline baseline;
        private final Path outputDirectory;
        private GateSettings settings;
        private Set<ReportWriter.Format> formats;
        private ProfileMode profileMode;
        private String toolVersion;
        private String recordCommand;
        private String acceptCommand;
        private Function<Path, String> display;
        private HistoryBaseline history;
        private FailConfirmation confirmation;

        public Request(Path results, StoredBaseline baseline, Path outputDirectory) {
            this.results = Objects.requireNonNull(results);
            this.baseline = Objects.requireNonNull(baseline);
            this.outputDirectory = Objects.requireNonNull(outputDirectory);
        }

        public Request settings(GateSettings value) {
            settings = Objects.requireNonNull(value);
            return this;
        }

        public Request reportFormats(Set<ReportWriter.Format> value) {
            formats = Objects.requireNonNull(value);
            return this;
        }

        /** What {@code perf.profile} selects for profiling among the verdicts. */
        public Request profileMode(ProfileMode value) {
            profileMode = Objects.requireNonNull(value);
            return this;
        }

        public Request toolVersion(String value) {
            toolVersion = Objects.requireNonNull(value);
            return this;
        }

        /** The command that records a baseline, named when there is none or it does not read. */
        public Request recordCommand(String value) {
            recordCommand = Objects.requireNonNull(value);
            return this;
        }

        /** The command that records the judged results as the baseline, named when a slowdown fails the build. */
        public Request acceptCommand(String value) {
            acceptCommand = Objects.requireNonNull(value);
            return this;
        }

        /** A path as people type it (relative to the module when inside it), for messages. */
        public Request display(Function<Path, String> value) {
            display = Objects.requireNonNull(value);
            return this;
        }

        /**
         * Judges against the history of runs instead of the baseline file, where it has enough comparable runs
         * ({@code perf.baseline=history}, or no baseline file); otherwise the check goes on with the file.
         */
        public Request history(HistoryBaseline value) {
            history = Objects.requireNonNull(value);
            return this;
        }

        /** {@code perf.confirm}: FAIL rows measured again side by side against the baseline's commit; unset: not. */
        public Request confirmation(FailConfirmation value) {
            confirmation = Objects.requireNonNull(value);
            return this;
        }

        /** Every part set: the goal has no defaults to fall back on here, the parameters hold them. */
        void requireComplete() {
            List<Object> parts = Arrays.asList(settings, formats, profileMode, toolVersion, recordCommand,
                    acceptCommand, display);
            if (parts.contains(null)) {
                throw new IllegalStateException("incomplete request: " + parts);
            }
        }
    }

    /** The verdicts, the profiles recorded, the reports written and, when the build fails, why. */
    public static final class Result {
        private final GateReport report;
        private final List<ProfileEvidence> profiles;
        private final List<Path> writtenFiles;
        private final String failureMessage;

        Result(GateReport report, List<ProfileEvidence> profiles, List<Path> writtenFiles, String failureMessage) {
            this.report = report;
            this.profiles = Collections.unmodifiableList(profiles);
            this.writtenFiles = Collections.unmodifiableList(writtenFiles);
            this.failureMessage = failureMessage;
        }

        public GateReport report() {
            return report;
        }

        public List<ProfileEvidence> profiles() {
            return profiles;
        }

        /** The reports written, in the order of {@link ReportWriter#write}. */
        public List<Path> writtenFiles() {
            return writtenFiles;
        }

        /** Why the build fails, naming the main report; empty when it passes. */
        public Optional<String> failureMessage() {
            return Optional.ofNullable(failureMessage);
        }
    }

    /**
     * Judges, profiles and writes the reports.
     *
     * @param profiling profiles the working tree; called once, with no targets when nothing is to be profiled
     */
    public <X extends Exception> Result run(Request request, WorkingTreeProfiling<X> profiling)
            throws BaselineException, X {
        request.requireComplete();
        requireResults(request);
        Gate gate = new Gate(request.settings).toolVersion(request.toolVersion)
                .baselineCommand(request.recordCommand);
        GateReport report = confirm(request, judge(request, gate));
        List<ProfileEvidence> profiles = profileWorkingTree(request, report, profiling);
        List<Path> written = writeReports(request, report);
        return new Result(report, profiles, written, failureMessage(request, report, written));
    }

    /** No results is an error, not a pass; a failed perf:run's partial results are not judged. */
    private static void requireResults(Request request) throws BaselineException {
        Path resultsPath = request.results;
        if (!Files.exists(resultsPath)) {
            Path partial = resultsPath.toAbsolutePath().resolveSibling(PerfRun.RESULTS_PARTIAL);
            if (Files.exists(partial)) {
                throw new BaselineException("No results at " + request.display.apply(resultsPath) + ": the last"
                        + " perf:run failed and left only " + request.display.apply(partial) + " (status partial),"
                        + " which is not checked. Fix the failure and run again.", null);
            }
            throw new BaselineException("No results at " + request.display.apply(resultsPath) + "; run perf:run"
                    + " first (bind it in the same profile as perf:check), or set " + PerfProperties.RESULTS
                    + " to a results.json made elsewhere", null);
        }
    }

    /** Clears the last check's reports, reads both files and judges them; without a baseline, says so. */
    private static GateReport judge(Request request, Gate gate) throws BaselineException {
        Path resultsPath = request.results;
        Path outputPath = request.outputDirectory;
        StoredBaseline baseline = request.baseline;
        try {
            ReportWriter.deleteStale(outputPath);
            PerfResults current = ResultsJson.read(resultsPath);
            if (request.history != null) {
                Optional<GateReport> againstHistory = request.history.judge(current,
                        request.display.apply(resultsPath), gate);
                if (againstHistory.isPresent()) {
                    return againstHistory.get();
                }
            }
            // perf.baseline=history names no file: with too few runs (said above) there is no baseline file either
            boolean historyOnly = request.history != null && request.history.asked();
            if (!historyOnly && baseline.exists()) {
                PerfResults stored = baseline.read(request.recordCommand);
                return gate.check(stored, baseline.shown(), current, request.display.apply(resultsPath));
            }
            return gate.noBaseline(current, request.display.apply(resultsPath), historyOnly ? null : baseline.shown(),
                    request.history == null ? null : request.history.tooFewRuns());
        } catch (ResultsFormatException e) {
            // the baseline's own message is made in StoredBaseline.read; this one is about the results just measured
            throw BaselineException.withoutCause(e.getMessage() + ". It was left as it is; measure again with"
                    + " perf:run, which writes the results anew", e);
        } catch (IOException e) {
            throw new BaselineException("Cannot clear old reports in " + request.display.apply(outputPath) + ": "
                    + e.getMessage(), e);
        }
    }

    /**
     * A FAIL against a baseline measured earlier is measured again side by side before it fails the build: against
     * the baseline file's commit, or against the commit of the newest run of the history judged against.
     */
    private static GateReport confirm(Request request, GateReport judged) {
        if (request.confirmation == null) {
            return judged;
        }
        // against the history the baseline is many runs; the newest is the one the working tree grew from
        String commit = judged.againstHistory() && request.history != null ? request.history.newestCommit()
                : FailConfirmation.baselineCommit(judged);
        return request.confirmation.confirm(judged, commit);
    }

    /**
     * Against a stored baseline there is no base build to run, so only the working tree is profiled (what
     * {@code perf.profile} selects), in one extra fork each, and attributed against the profiles stored with the
     * baseline where perf:baseline recorded them; otherwise the log says how to get a before and after.
     */
    private <X extends Exception> List<ProfileEvidence> profileWorkingTree(Request request, GateReport report,
            WorkingTreeProfiling<X> profiling) throws X {
        List<ProfileTarget> targets = ComparisonProfiler.select(report, request.profileMode, log);
        BaselineProfiles stored = null;
        if (!targets.isEmpty()) {
            stored = request.baseline.matchingProfiles();
            if (stored == null) {
                log.info("Only the working tree can be profiled against a stored baseline that has no profiles:"
                        + " perf:baseline -D" + PerfProperties.PROFILE + "=all stores them beside it, and then this"
                        + " goal attributes a slowdown before and after; perf:compare -D" + PerfProperties.AGAINST
                        + "=<ref> profiles both sides now");
            } else {
                log.info("Attributing against the profiles stored with the baseline in "
                        + request.display.apply(BaselineProfiles.besides(request.baseline.file())) + " ("
                        + stored.profiler() + ")");
            }
        }
        ComparisonProfiler profiler = profiling.profile(targets, stored);
        return profiler == null ? new ArrayList<>() : profiler.evidence();
    }

    private static List<Path> writeReports(Request request, GateReport report) throws BaselineException {
        try {
            return ReportWriter.write(report, request.outputDirectory, request.formats);
        } catch (IOException e) {
            throw new BaselineException("Cannot write the reports to " + request.display.apply(request.outputDirectory)
                    + ": " + e.getMessage(), e);
        }
    }

    /**
     * Why the build fails, naming the main report (report.md when written, else the first); for a slowdown also the
     * command that accepts it; null when the build passes.
     */
    private static String failureMessage(Request request, GateReport report, List<Path> written) {
        if (!report.failsBuild()) {
            return null;
        }
        Path outputPath = request.outputDirectory;
        String mainReport = written.isEmpty() ? null : request.display.apply(written.contains(
                outputPath.resolve("report.md")) ? outputPath.resolve("report.md") : written.get(0));
        String message = ConsoleReport.failureSummary(report, mainReport);
        if (!report.regressions().isEmpty() && report.failOnRegression()) {
            message += ". If the slowdown is intended, record these results as the baseline (nothing is measured"
                    + " again): " + request.acceptCommand;
        }
        return message;
    }
}
