package io.perfgate.premerge;

import io.perfgate.confirm.BisectExitCode;
import io.perfgate.gate.GateReport;
import io.perfgate.gate.GateRow;
import io.perfgate.interleaved.InterleavedResults;
import io.perfgate.profile.ProfileEvidence;
import io.perfgate.report.ConsoleReport;
import io.perfgate.results.PerfResults;
import io.perfgate.stats.Verdict;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * What a pre-merge comparison measured, the gate's verdicts on it, and what the goal that ran it (perf:compare, or
 * perf:check with perf.against) says about them.
 */
public final class PreMergeResult {
    private final String goal;
    private final String against;
    private final String baseCommit;
    private final String baseShort;
    private final String headCommit;
    private final boolean dirty;
    private final InterleavedResults rounds;
    private final PerfResults base;
    private final PerfResults candidate;
    private final Path baseFile;
    private final Path candidateFile;
    private final List<String> newBenchmarks;
    private final List<String> removedBenchmarks;
    private final double decisionAlpha;
    private final GateReport report;
    private final List<Path> reportFiles;
    private final OptionalDouble stealShare;
    private final List<ProfileEvidence> profiles;

    PreMergeResult(String goal, String against, String baseCommit, String baseShort, String headCommit, boolean dirty,
            InterleavedResults rounds, PerfResults base, PerfResults candidate, Path baseFile, Path candidateFile,
            List<String> newBenchmarks, List<String> removedBenchmarks, double decisionAlpha, GateReport report,
            List<Path> reportFiles, OptionalDouble stealShare, List<ProfileEvidence> profiles) {
        this.goal = goal;
        this.against = against;
        this.baseCommit = baseCommit;
        this.baseShort = baseShort;
        this.headCommit = headCommit;
        this.dirty = dirty;
        this.rounds = rounds;
        this.base = base;
        this.candidate = candidate;
        this.baseFile = baseFile;
        this.candidateFile = candidateFile;
        this.newBenchmarks = Collections.unmodifiableList(newBenchmarks);
        this.removedBenchmarks = Collections.unmodifiableList(removedBenchmarks);
        this.decisionAlpha = decisionAlpha;
        this.report = report;
        this.reportFiles = Collections.unmodifiableList(reportFiles);
        this.stealShare = stealShare;
        this.profiles = Collections.unmodifiableList(profiles);
    }

    /** What profiling found, one per benchmark profiled (none with perf.profile=none or nothing to profile). */
    public List<ProfileEvidence> profiles() {
        return profiles;
    }

    /** The share of CPU time the hypervisor took while the rounds ran; empty where the machine does not say. */
    public OptionalDouble stealShare() {
        return stealShare;
    }

    /** The files written: the reports asked for, then the base's and the candidate's results. */
    public List<Path> writtenFiles() {
        List<Path> files = new ArrayList<>(reportFiles);
        files.add(baseFile);
        files.add(candidateFile);
        return files;
    }

    /**
     * Why the comparison cannot be judged: benchmarks that could not be measured on either side; empty when every
     * benchmark was measured.
     */
    public Optional<String> measurementFailure() {
        if (rounds.failures().isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(prefix() + rounds.failures().size() + " benchmark(s) could not be measured: "
                + String.join("; ", rounds.failures()));
    }

    /** The closing line of perf:compare: the outcome and its counts. */
    public String summary() {
        return prefix() + report.outcome() + " - " + report.summary();
    }

    /**
     * The message of the build failure when the report fails the build: the benchmarks that got slower, then the
     * gate's summary pointing to {@code mainReport} (as shown to the user; null when no file was written).
     */
    public String regressionMessage(String mainReport) {
        List<String> regressed = new ArrayList<>();
        for (GateRow c : report.comparisons()) {
            if (c.verdict() == Verdict.FAIL && !regressed.contains(c.displayName())) {
                regressed.add(c.displayName());
            }
        }
        return prefix() + (regressed.isEmpty() ? "" : String.join(", ", regressed) + " slower; ")
                + ConsoleReport.failureSummary(report, mainReport);
    }

    private String prefix() {
        return goal + " against base " + baseShort + " (merge base of HEAD and " + against + "): ";
    }

    /** The report files written (report.json, report.md, TEST-perf.xml, as asked). */
    public List<Path> reportFiles() {
        return reportFiles;
    }

    /** The gate's verdicts on base versus candidate (also written as report.json, report.md, TEST-perf.xml). */
    public GateReport report() {
        return report;
    }

    /** The answer for git bisect run: 0, 1 or 125 (see {@link BisectExitCode}). */
    public int bisectExitCode() {
        List<Verdict> verdicts = new ArrayList<>();
        report.comparisons().forEach(c -> verdicts.add(c.verdict()));
        if (!rounds.failures().isEmpty() && !verdicts.contains(Verdict.FAIL)) {
            return BisectExitCode.SKIP;
        }
        return BisectExitCode.of(verdicts);
    }

    public String baseCommit() {
        return baseCommit;
    }

    public String baseShort() {
        return baseShort;
    }

    public String headCommit() {
        return headCommit;
    }

    public boolean dirty() {
        return dirty;
    }

    public InterleavedResults rounds() {
        return rounds;
    }

    public PerfResults base() {
        return base;
    }

    public PerfResults candidate() {
        return candidate;
    }

    public Path baseFile() {
        return baseFile;
    }

    public Path candidateFile() {
        return candidateFile;
    }

    public List<String> newBenchmarks() {
        return newBenchmarks;
    }

    public List<String> removedBenchmarks() {
        return removedBenchmarks;
    }

    /** The one-sided level the gate must use on these results: alpha / 2 when stopping was adaptive. */
    public double decisionAlpha() {
        return decisionAlpha;
    }
}
