package io.perfgate.report;

import io.perfgate.gate.GateRow;
import io.perfgate.gate.ForkValues;
import io.perfgate.gate.GateReport;
import io.perfgate.results.BenchmarkResult;
import io.perfgate.results.PerfResults;
import io.perfgate.results.ResultsFormatException;
import io.perfgate.results.ResultsJson;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What {@code perf:check} left behind, read back for the methodology block and the HTML report: report.json
 * and the two results files it names (the current results and the baseline, or the base branch's results in
 * pre-merge mode). The report is required; a results file that no longer exists only costs the per-fork
 * values (the reason is kept in {@link #unavailable()}), but one that exists and cannot be read is an error.
 */
public final class CheckArtifacts {
    private final Path reportFile;
    private final GateReport report;
    private final PerfResults current;
    private final PerfResults baseline;
    private final List<String> unavailable;

    public CheckArtifacts(Path reportFile, GateReport report, PerfResults current, PerfResults baseline,
            List<String> unavailable) {
        this.reportFile = reportFile;
        this.report = Objects.requireNonNull(report, "report");
        this.current = current;
        this.baseline = baseline;
        this.unavailable = Collections.unmodifiableList(new ArrayList<>(unavailable));
    }

    /**
     * Reads {@code reportFile} and the results files it names. Relative names are tried against
     * {@code basedir} (the project, where the check ran) and then against the report's own directory.
     *
     * @throws ReportFormatException when report.json is missing or malformed
     * @throws ResultsFormatException when a named results file exists but is malformed
     */
    public static CheckArtifacts load(Path reportFile, Path basedir) throws ReportFormatException,
            ResultsFormatException {
        GateReport report = ReportJson.read(reportFile);
        List<String> unavailable = new ArrayList<>();
        PerfResults current = results(report.current(), "current results", reportFile, basedir, unavailable);
        // a check against the history names its runs, not a file to read
        PerfResults baseline = report.baseline() == null || report.againstHistory() ? null
                : results(report.baseline(), "baseline", reportFile, basedir, unavailable);
        return new CheckArtifacts(reportFile, report, current, baseline, unavailable);
    }

    /**
     * For a report at hand (the check writing report.html): reads the results files it names, and never fails;
     * a file that cannot be read only costs its per-fork values, and the reason is kept.
     *
     * @param reportFile where report.json is (or would be) written; relative names are looked up from there
     */
    public static CheckArtifacts lenient(GateReport report, Path reportFile, Path basedir) {
        List<String> unavailable = new ArrayList<>();
        PerfResults current = lenientResults(report.current(), "current results", reportFile, basedir, unavailable);
        PerfResults baseline = report.baseline() == null || report.againstHistory() ? null
                : lenientResults(report.baseline(), "baseline", reportFile, basedir, unavailable);
        return new CheckArtifacts(reportFile, report, current, baseline, unavailable);
    }

    private static PerfResults lenientResults(GateReport.Source side, String what, Path reportFile, Path basedir,
            List<String> unavailable) {
        try {
            return results(side, what, reportFile, basedir, unavailable);
        } catch (ResultsFormatException e) {
            unavailable.add(what + ": " + e.getMessage());
            return null;
        }
    }

    private static PerfResults results(GateReport.Source side, String what, Path reportFile, Path basedir,
            List<String> unavailable) throws ResultsFormatException {
        if (side.file() == null || side.file().isEmpty()) {
            unavailable.add(what + ": report.json names no file");
            return null;
        }
        Optional<Path> file = locate(side.file(), reportFile, basedir);
        if (!file.isPresent()) {
            unavailable.add(what + ": " + side.file() + " no longer exists");
            return null;
        }
        return ResultsJson.read(file.get());
    }

    /**
     * Finds a results file named in report.json. The check writes names relative to the project
     * ({@code src/perf/baseline.json}); the report sits in the project's output directory, so a relative name
     * is tried against {@code basedir} when known, then against the report's directory and each of its parents,
     * and last as a file beside the report. An absolute name is taken as it is.
     */
    static Optional<Path> locate(String name, Path reportFile, Path basedir) {
        Path given;
        try {
            given = Path.of(name);
        } catch (java.nio.file.InvalidPathException e) {
            return Optional.empty();
        }
        List<Path> candidates = new ArrayList<>();
        if (given.isAbsolute()) {
            candidates.add(given);
        } else {
            if (basedir != null) {
                candidates.add(basedir.resolve(given));
            }
            Path dir = reportFile == null ? null : reportFile.toAbsolutePath().getParent();
            for (Path d = dir; d != null; d = d.getParent()) {
                candidates.add(d.resolve(given));
            }
            if (dir != null) {
                candidates.add(dir.resolve(given.getFileName()));
            }
        }
        return candidates.stream().filter(Files::isRegularFile).findFirst();
    }

    public Path reportFile() {
        return reportFile;
    }

    public GateReport report() {
        return report;
    }

    /** The current results, or null when the file is gone. */
    public PerfResults current() {
        return current;
    }

    /** The baseline's (or base branch's) results, or null when there is none or the file is gone. */
    public PerfResults baseline() {
        return baseline;
    }

    /** Why per-fork values are missing, one sentence per file; empty when both files were read. */
    public List<String> unavailable() {
        return unavailable;
    }

    /** The benchmark behind a comparison in the current results. */
    Optional<BenchmarkResult> currentBenchmark(GateRow c) {
        return find(current, c);
    }

    Optional<BenchmarkResult> baselineBenchmark(GateRow c) {
        return find(baseline, c);
    }

    private static Optional<BenchmarkResult> find(PerfResults results, GateRow c) {
        if (results == null) {
            return Optional.empty();
        }
        return results.find(c.id());
    }

    /**
     * The per-fork (per-run) values the gate compared for a median, p95 or allocation row, both sides; a side whose
     * results are not available has none.
     */
    ForkValues forkValues(GateRow c) {
        return ForkValues.of(baselineBenchmark(c).orElse(null), currentBenchmark(c).orElse(null), c.metric());
    }
}
