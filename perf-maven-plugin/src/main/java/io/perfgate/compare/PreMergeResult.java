package io.perfgate.compare;

import io.perfgate.gate.GateReport;
import io.perfgate.results.PerfResults;
import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import java.util.OptionalDouble;

/** What a pre-merge comparison measured, before the gate judges it. */
public final class PreMergeResult {
    private final String baseCommit;
    private final String baseShort;
    private final String headCommit;
    private final boolean dirty;
    private final InterleavedOutcome rounds;
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

    PreMergeResult(String baseCommit, String baseShort, String headCommit, boolean dirty, InterleavedOutcome rounds,
            PerfResults base, PerfResults candidate, Path baseFile, Path candidateFile, List<String> newBenchmarks,
            List<String> removedBenchmarks, double decisionAlpha, GateReport report,
            List<Path> reportFiles, OptionalDouble stealShare) {
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
    }

    /** The share of CPU time the hypervisor took while the rounds ran; empty where the machine does not say. */
    public OptionalDouble stealShare() {
        return stealShare;
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
        java.util.List<io.perfgate.stats.Verdict> verdicts = new java.util.ArrayList<>();
        report.comparisons().forEach(c -> verdicts.add(c.verdict()));
        if (!rounds.failures().isEmpty() && !verdicts.contains(io.perfgate.stats.Verdict.FAIL)) {
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

    public InterleavedOutcome rounds() {
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
