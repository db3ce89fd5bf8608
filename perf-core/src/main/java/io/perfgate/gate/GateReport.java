package io.perfgate.gate;

import io.perfgate.config.PerfProperties;
import io.perfgate.stats.Multiplicity;
import io.perfgate.stats.Verdict;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What {@code perf:check} found: the comparisons with their verdicts, the benchmarks that could not be
 * compared, the environment differences, and the messages that fail the build. Renderers in
 * {@code io.perfgate.report} turn it into the console table, report.json, report.md and TEST-perf.xml;
 * {@code ReportJson} reads report.json back into this model.
 */
public final class GateReport {
    /** The report.json schema version this code writes and reads. */
    public static final int SCHEMA = 1;
    /** The goal a report names when none is given: the check against a stored baseline or the history. */
    public static final String CHECK = "perf:check";

    private final String goal;
    private final Outcome outcome;
    private final String createdAt;
    private final String toolVersion;
    private final Source baseline;
    private final Source current;
    private final EnvironmentPolicy environmentPolicy;
    private final List<EnvironmentDifference> environmentDifferences;
    private final Map<String, String> settings;
    private final Multiplicity.Mode multiplicity;
    private final int tested;
    private final boolean holmCanFail;
    private final List<GateRow> comparisons;
    private final List<NotGated> notGated;
    private final List<BenchmarkRef> newBenchmarks;
    private final List<BenchmarkRef> missingBenchmarks;
    private final List<BenchmarkRef> ignoredBenchmarks;
    private final List<String> notes;
    private final List<String> notRun;
    private final List<String> regressions;
    private final List<String> otherFailures;
    private final boolean failOnRegression;

    private GateReport(Builder b) {
        this.goal = Objects.requireNonNull(b.goal, "goal");
        this.createdAt = Objects.requireNonNull(b.createdAt, "createdAt");
        this.toolVersion = Objects.requireNonNull(b.toolVersion, "toolVersion");
        this.baseline = b.baseline;
        this.current = Objects.requireNonNull(b.current, "current");
        this.environmentPolicy = Objects.requireNonNull(b.environmentPolicy, "environmentPolicy");
        this.environmentDifferences = copy(b.environmentDifferences);
        this.settings = Collections.unmodifiableMap(new LinkedHashMap<>(b.settings));
        this.multiplicity = Objects.requireNonNull(b.multiplicity, "multiplicity");
        this.tested = b.tested;
        this.holmCanFail = b.holmCanFail;
        this.comparisons = copy(b.comparisons);
        this.notGated = copy(b.notGated);
        this.newBenchmarks = copy(b.newBenchmarks);
        this.missingBenchmarks = copy(b.missingBenchmarks);
        this.ignoredBenchmarks = copy(b.ignoredBenchmarks);
        this.notes = copy(b.notes);
        this.notRun = copy(b.notRun);
        this.regressions = copy(b.regressions);
        this.otherFailures = copy(b.otherFailures);
        this.failOnRegression = b.failOnRegression;
        this.outcome = b.outcome != null ? b.outcome : decideOutcome();
    }

    private static <T> List<T> copy(List<T> list) {
        return Collections.unmodifiableList(new ArrayList<>(list));
    }

    private Outcome decideOutcome() {
        if (failsBuild()) {
            return Outcome.FAIL;
        }
        boolean attention = !regressions.isEmpty() || baseline == null || !environmentDifferences.isEmpty()
                || !newBenchmarks.isEmpty() || !missingBenchmarks.isEmpty() || !notRun.isEmpty()
                || comparisons.stream()
                        .anyMatch(c -> c.verdict() == Verdict.WARN || c.verdict() == Verdict.INCONCLUSIVE);
        return attention ? Outcome.WARN : Outcome.PASS;
    }

    public static Builder builder() {
        return new Builder();
    }

    /**
     * The goal that judged, as its reports and log name it: {@code perf:check}, or {@code perf:compare} (also
     * perf:check with {@code perf.against}, which runs the comparison under its own name).
     */
    public String goal() {
        return goal;
    }

    /**
     * The verdict in one line, as the console ends with it and report.md and the pull-request comment open with it:
     * {@code perf:compare: WARN - no regression in 2 comparisons (2 INCONCLUSIVE)}.
     */
    public String headline() {
        return goal + ": " + outcome + " - " + summary();
    }

    /** PASS, WARN or FAIL; FAIL exactly when {@link #failsBuild()}. */
    public Outcome outcome() {
        return outcome;
    }

    /**
     * The gate's vote on the change, as a reviewer casts one: -1 when a comparison regressed (even one let through
     * by {@code perf.failOnRegression=false}) or the build failed for another reason; 0 when nothing was compared,
     * or no time or throughput comparison reached a verdict (an allocation tolerance alone is not a performance
     * verdict); +1 otherwise, naming the verdicts that still need a look.
     */
    public Vote vote() {
        long fails = count(Verdict.FAIL);
        List<String> reasons = new ArrayList<>();
        if (fails > 0) {
            reasons.add(fails + (fails == 1 ? " regression" : " regressions"));
        }
        int other = otherFailures.size();
        if (other > 0) {
            reasons.add(other + (other == 1 ? " other failure" : " other failures"));
        }
        if (!reasons.isEmpty()) {
            return new Vote(-1, String.join(", ", reasons));
        }
        if (baseline == null || comparisons.isEmpty()) {
            return new Vote(0, "nothing was compared" + (baseline == null ? " (no baseline)" : ""));
        }
        boolean judged = comparisons.stream()
                .anyMatch(c -> c.metric() != Metric.ALLOCATION && c.verdict() != Verdict.INCONCLUSIVE);
        if (!judged) {
            return new Vote(0, "nothing was judged (" + count(Verdict.INCONCLUSIVE) + " INCONCLUSIVE)");
        }
        List<String> open = new ArrayList<>();
        if (!notRun.isEmpty()) {
            open.add(notRun.size() + " NOT RUN");
        }
        for (Verdict v : new Verdict[] {Verdict.WARN, Verdict.INCONCLUSIVE}) {
            long n = count(v);
            if (n > 0) {
                open.add(n + " " + v.name());
            }
        }
        return new Vote(1, String.join(", ", open));
    }

    /** True when the build must fail: a regression with {@code failOnRegression}, or another failure. */
    public boolean failsBuild() {
        return !otherFailures.isEmpty() || (failOnRegression && !regressions.isEmpty());
    }

    /** ISO-8601 instant the report was made. */
    public String createdAt() {
        return createdAt;
    }

    public String toolVersion() {
        return toolVersion;
    }

    /** The baseline side, or null when there was no baseline. */
    public Source baseline() {
        return baseline;
    }

    public Source current() {
        return current;
    }

    public EnvironmentPolicy environmentPolicy() {
        return environmentPolicy;
    }

    public List<EnvironmentDifference> environmentDifferences() {
        return environmentDifferences;
    }

    /** The gate's settings by property name, as text. */
    public Map<String, String> settings() {
        return settings;
    }

    public Multiplicity.Mode multiplicity() {
        return multiplicity;
    }

    /** K: the number of comparisons that were tested (median and p95 rows with a p-value). */
    public int tested() {
        return tested;
    }

    /** False when Holm's correction, at the fork counts at hand, cannot reject even the most extreme result. */
    public boolean holmCanFail() {
        return holmCanFail;
    }

    public List<GateRow> comparisons() {
        return comparisons;
    }

    public List<NotGated> notGated() {
        return notGated;
    }

    /** Benchmarks in the current results but not in the baseline. */
    public List<BenchmarkRef> newBenchmarks() {
        return newBenchmarks;
    }

    /** Benchmarks in the baseline that did not run this time. */
    public List<BenchmarkRef> missingBenchmarks() {
        return missingBenchmarks;
    }

    /** Benchmarks left out by a rule with {@code <ignore>true</ignore>}. */
    public List<BenchmarkRef> ignoredBenchmarks() {
        return ignoredBenchmarks;
    }

    /** Things a reader should know that are not verdicts: multiplicity warnings, rules matching nothing ... */
    public List<String> notes() {
        return notes;
    }

    /**
     * Benchmarks the comparison never measured ({@code perf.budget} ran out before their turn), "name: why": they
     * have no verdict, so the outcome is at best WARN and each is in the notes as NOT RUN.
     */
    public List<String> notRun() {
        return notRun;
    }

    /** One line per FAIL comparison, the measured value before the limit. */
    public List<String> regressions() {
        return regressions;
    }

    /** Failures that are not regressions: a missing baseline, new or missing benchmarks, or a strict environment
     * mismatch, each when configured to fail. */
    public List<String> otherFailures() {
        return otherFailures;
    }

    /**
     * True when the baseline is the history of runs ({@link HistoryGate}): each row then tests the current run against
     * a prediction interval over the past runs, not forks against forks.
     */
    public boolean againstHistory() {
        return PerfProperties.BASELINE_HISTORY.equals(
                settings.get(PerfProperties.BASELINE));
    }

    public boolean failOnRegression() {
        return failOnRegression;
    }

    public long count(Verdict verdict) {
        return comparisons.stream().filter(c -> c.verdict() == verdict).count();
    }

    /** Counts by verdict, every verdict present (zeros included), in severity order. */
    public Map<Verdict, Long> verdictCounts() {
        Map<Verdict, Long> m = new EnumMap<>(Verdict.class);
        for (Verdict v : Verdict.values()) {
            m.put(v, count(v));
        }
        return m;
    }

    /**
     * One line for the end of the build: {@code 2 regressions in 14 comparisons}, or {@code no regression in
     * 14 comparisons (1 WARN, 2 INCONCLUSIVE)}, or {@code nothing compared}. Regressions that do not fail the build
     * say so, since the outcome is then WARN beside FAIL rows: {@code 3 regressions (FAIL, reported only:
     * perf.failOnRegression=false) in 10 comparisons (3 WARN)}.
     */
    public String summary() {
        int n = comparisons.size();
        String of = " in " + n + (n == 1 ? " comparison" : " comparisons");
        long fails = count(Verdict.FAIL);
        StringBuilder sb = new StringBuilder();
        if (baseline == null) {
            sb.append("no baseline; nothing compared");
        } else if (n == 0) {
            sb.append("nothing compared");
        } else if (fails == 0) {
            sb.append("no regression").append(of);
        } else {
            sb.append(fails).append(fails == 1 ? " regression" : " regressions");
            if (!failOnRegression) {
                sb.append(" (FAIL, reported only: ").append(PerfProperties.FAIL_ON_REGRESSION).append("=false)");
            }
            sb.append(of);
        }
        List<String> parts = new ArrayList<>();
        for (Verdict v : new Verdict[] {Verdict.WARN, Verdict.INCONCLUSIVE, Verdict.IMPROVED}) {
            long c = count(v);
            if (c > 0) {
                parts.add(c + " " + v);
            }
        }
        if (!parts.isEmpty()) {
            sb.append(" (").append(String.join(", ", parts)).append(')');
        }
        return sb.toString();
    }

    /** A vote of +1, 0 or -1 with what it rests on; see {@link GateReport#vote()}. */
    public static final class Vote {
        private final int score;
        private final String reason;

        Vote(int score, String reason) {
            this.score = score;
            this.reason = reason;
        }

        /** +1, 0 or -1. */
        public int score() {
            return score;
        }

        /**
         * What the vote rests on: {@code 2 regressions, 1 other failure} for -1, {@code nothing was compared (no
         * baseline)} for 0, the open verdicts ({@code 1 WARN, 2 INCONCLUSIVE}) or nothing for +1.
         */
        public String reason() {
            return reason;
        }
    }

    /** One side of the comparison: where its results came from and in which environment. */
    public static final class Source {
        private final String file;
        private final String createdAt;
        private final String toolVersion;
        private final Map<String, String> environment;
        private final Map<String, String> provenance;

        public Source(String file, String createdAt, String toolVersion, Map<String, String> environment,
                Map<String, String> provenance) {
            this.file = file;
            this.createdAt = createdAt;
            this.toolVersion = toolVersion;
            this.environment = Collections.unmodifiableMap(new LinkedHashMap<>(environment));
            this.provenance = Collections.unmodifiableMap(new LinkedHashMap<>(provenance));
        }

        /** The file read, as given (may be null for results handed over in memory). */
        public String file() {
            return file;
        }

        public String createdAt() {
            return createdAt;
        }

        public String toolVersion() {
            return toolVersion;
        }

        public Map<String, String> environment() {
            return environment;
        }

        /** For a baseline: who recorded it and from which commit; empty for plain results. */
        public Map<String, String> provenance() {
            return provenance;
        }
    }

    public static final class Builder {
        private String goal = CHECK;
        private Outcome outcome;
        private String createdAt;
        private String toolVersion;
        private Source baseline;
        private Source current;
        private EnvironmentPolicy environmentPolicy = EnvironmentPolicy.WARN;
        private final List<EnvironmentDifference> environmentDifferences = new ArrayList<>();
        private final Map<String, String> settings = new LinkedHashMap<>();
        private Multiplicity.Mode multiplicity = Multiplicity.Mode.NONE;
        private int tested;
        private boolean holmCanFail = true;
        private final List<GateRow> comparisons = new ArrayList<>();
        private final List<NotGated> notGated = new ArrayList<>();
        private final List<BenchmarkRef> newBenchmarks = new ArrayList<>();
        private final List<BenchmarkRef> missingBenchmarks = new ArrayList<>();
        private final List<BenchmarkRef> ignoredBenchmarks = new ArrayList<>();
        private final List<String> notes = new ArrayList<>();
        private final List<String> notRun = new ArrayList<>();
        private final List<String> regressions = new ArrayList<>();
        private final List<String> otherFailures = new ArrayList<>();
        private boolean failOnRegression = true;

        private Builder() {
        }

        /** The goal that judged ({@link GateReport#goal()}); {@value GateReport#CHECK} unless set. */
        public Builder goal(String goal) {
            this.goal = goal;
            return this;
        }

        /** Sets the outcome as read from a file; left unset, it follows from the content. */
        public Builder outcome(Outcome outcome) {
            this.outcome = outcome;
            return this;
        }

        public Builder createdAt(String createdAt) {
            this.createdAt = createdAt;
            return this;
        }

        public Builder toolVersion(String toolVersion) {
            this.toolVersion = toolVersion;
            return this;
        }

        public Builder baseline(Source baseline) {
            this.baseline = baseline;
            return this;
        }

        public Builder current(Source current) {
            this.current = current;
            return this;
        }

        public Builder environment(EnvironmentPolicy policy, List<EnvironmentDifference> differences) {
            this.environmentPolicy = policy;
            this.environmentDifferences.clear();
            this.environmentDifferences.addAll(differences);
            return this;
        }

        public Builder settings(Map<String, String> settings) {
            this.settings.clear();
            this.settings.putAll(settings);
            return this;
        }

        public Builder multiplicity(Multiplicity.Mode mode, int tested, boolean holmCanFail) {
            this.multiplicity = mode;
            this.tested = tested;
            this.holmCanFail = holmCanFail;
            return this;
        }

        public Builder addComparison(GateRow c) {
            comparisons.add(c);
            return this;
        }

        public Builder comparisons(List<GateRow> list) {
            comparisons.clear();
            comparisons.addAll(list);
            return this;
        }

        public Builder addNotGated(NotGated n) {
            notGated.add(n);
            return this;
        }

        public Builder addNewBenchmark(BenchmarkRef b) {
            newBenchmarks.add(b);
            return this;
        }

        public Builder addMissingBenchmark(BenchmarkRef b) {
            missingBenchmarks.add(b);
            return this;
        }

        public Builder addIgnoredBenchmark(BenchmarkRef b) {
            ignoredBenchmarks.add(b);
            return this;
        }

        public Builder addNote(String note) {
            notes.add(note);
            return this;
        }

        /** A benchmark never measured, and why; it is also added to the notes, which every report shows. */
        public Builder addNotRun(String benchmark, String reason) {
            notRun.add(benchmark + ": " + reason);
            notes.add("NOT RUN " + benchmark + ": " + reason + "; no verdict (measure it with a larger "
                    + PerfProperties.BUDGET + ", or in its own run with -D" + PerfProperties.INCLUDES + ")");
            return this;
        }

        public Builder addRegression(String line) {
            regressions.add(line);
            return this;
        }

        public Builder addOtherFailure(String line) {
            otherFailures.add(line);
            return this;
        }

        public Builder failOnRegression(boolean failOnRegression) {
            this.failOnRegression = failOnRegression;
            return this;
        }

        public GateReport build() {
            return new GateReport(this);
        }
    }
}
