package io.perfgate.gate;

import static io.perfgate.config.PerfProperties.ENVIRONMENT_POLICY;
import static io.perfgate.config.PerfProperties.FAIL_ON_INCONCLUSIVE;
import static io.perfgate.config.PerfProperties.FAIL_ON_MISSING;
import static io.perfgate.config.PerfProperties.FAIL_ON_MISSING_BASELINE;
import static io.perfgate.config.PerfProperties.FAIL_ON_NEW;
import static io.perfgate.config.PerfProperties.FAIL_ON_NO_COMPARISONS;

import io.perfgate.config.PerfProperties;
import io.perfgate.env.EnvironmentFingerprint;
import io.perfgate.env.StealTime;
import io.perfgate.results.BenchmarkResult;
import io.perfgate.results.MetricInfo;
import io.perfgate.results.PerfResults;
import io.perfgate.results.Provenance;
import io.perfgate.stats.Direction;
import io.perfgate.stats.OrderStatisticInterval;
import io.perfgate.stats.Quantiles;
import io.perfgate.stats.ShiftComparison;
import io.perfgate.stats.ShiftTest;
import io.perfgate.stats.Thresholds;
import io.perfgate.stats.Verdict;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * The check: current results against a baseline, by the decision rule of statistics.md. Maven-free; the
 * {@code check} goal and the {@code compare} goal both call it.
 *
 * <p>Per benchmark x params x mode it gates the median, the p95 (when the mode records a latency distribution)
 * and the allocation per operation ({@code gc.alloc.rate.norm}, by tolerance), or a scenario's gated secondary
 * metrics, each on the per-fork values {@link ForkValues} defines: {@link JudgedMetrics} lists them. One fork is
 * one observation. Comparisons that cannot be judged (too few forks, raw data missing, unstable forks, a refused
 * environment) are INCONCLUSIVE with the reason, and so is a median FAIL within the noise floor that
 * {@code perf:calibrate} saved in the baseline ({@link NoiseFloor}).
 *
 * <pre>{@code
 * GateReport report = new Gate(GateSettings.defaults()).check(baseline, current);
 * if (report.failsBuild()) ...
 * }</pre>
 */
public final class Gate {

    /** How many names a message lists before it says how many more there are. */
    private static final int FEW_NAMES = 3;

    private final GateSettings settings;
    private String toolVersion = "unknown";
    private String goal = GateReport.CHECK;
    private Clock clock = Clock.systemUTC();
    private String baselineCommand = "mvn clean test-compile perf:baseline";
    /** Benchmarks the comparison never measured, with why; reported NOT RUN. */
    private final Map<String, String> notRun = new LinkedHashMap<>();
    /** Notes about how this gate came to judge as it does, added to its reports. */
    private final List<String> notes = new ArrayList<>();

    public Gate(GateSettings settings) {
        this.settings = Objects.requireNonNull(settings, "settings");
    }

    /** The plugin version written into the report. */
    public Gate toolVersion(String version) {
        this.toolVersion = Objects.requireNonNull(version);
        return this;
    }

    /** The goal that judges, as the reports name it ({@link GateReport#goal()}); perf:check unless set. */
    public Gate goal(String goal) {
        this.goal = Objects.requireNonNull(goal);
        return this;
    }

    /** The clock for the report's timestamp (tests fix it). */
    public Gate clock(Clock clock) {
        this.clock = Objects.requireNonNull(clock);
        return this;
    }

    /** The command that records a baseline in this project, quoted in messages about a missing baseline. */
    public Gate baselineCommand(String command) {
        this.baselineCommand = Objects.requireNonNull(command);
        return this;
    }

    /**
     * Benchmarks the comparison selected but never measured ({@code perf.budget} ran out first), each with why: they
     * are in neither side's results, so without this they would be missing from the report without a word. Each is
     * reported NOT RUN, and the outcome is at best WARN.
     */
    public Gate notRun(Map<String, String> reasons) {
        notRun.putAll(reasons);
        return this;
    }

    /**
     * Notes the comparison that measured the results has to add (perf:compare's fork plans, {@code
     * perf.forkPlan=auto}): every report shows them.
     */
    public Gate notes(List<String> comparisonNotes) {
        notes.addAll(comparisonNotes);
        return this;
    }

    public GateSettings settings() {
        return settings;
    }

    /** Compares results handed over in memory (the {@code compare} goal: both sides measured in this build). */
    public GateReport check(PerfResults baseline, PerfResults current) {
        return check(baseline, null, current, null);
    }

    /**
     * Compares {@code current} with {@code baseline}.
     *
     * @param baselineFile where the baseline came from, for the report (may be null)
     * @param currentFile where the current results came from (may be null)
     */
    public GateReport check(PerfResults baseline, String baselineFile, PerfResults current, String currentFile) {
        Objects.requireNonNull(baseline, "baseline");
        Objects.requireNonNull(current, "current");
        double comparisonAlpha = comparisonAlpha(current);
        if (comparisonAlpha < settings.alpha()) {
            // results of perf:compare's adaptive rounds (e.g. its shards, merged) keep the level their stop rule
            // needs: judged at the full alpha, a two-look comparison would fail more often than alpha
            Gate levelled = new Gate(settings.withAlpha(comparisonAlpha)).toolVersion(toolVersion).goal(goal)
                    .clock(clock).baselineCommand(baselineCommand).notRun(notRun).notes(notes);
            levelled.notes.add("These results come from interleaved rounds with adaptive stopping (provenance "
                    + Provenance.COMPARISON_ALPHA + " = " + comparisonAlpha + "), so they are judged at"
                    + " that level, as perf:compare judged them, not at " + PerfProperties.ALPHA + " = "
                    + settings.alpha());
            return levelled.check(baseline, baselineFile, current, currentFile);
        }
        Prepared prepared = prepare(baseline, baselineFile, current, currentFile);
        new DecisionPass(settings).decide(Collections.singletonList(prepared.pending),
                Collections.singletonList(prepared.report), baseline.calibration(), "");
        return finish(prepared);
    }

    /**
     * Several treatments against one baseline, all measured in the same interleaved rounds: one report per
     * treatment, in the order given, each judged by the rule of {@link #check}. The multiplicity step
     * ({@code perf.multiplicity}) runs once over the tested comparisons of every treatment together, so K counts
     * benchmarks x metrics x treatments and each report says so.
     *
     * @param treatments each treatment's results, by name, in the order of the reports
     */
    public List<GateReport> checkTreatments(PerfResults baseline, String baselineFile,
            Map<String, PerfResults> treatments) {
        Objects.requireNonNull(baseline, "baseline");
        if (treatments.isEmpty()) {
            throw new IllegalArgumentException("no treatment to judge");
        }
        double comparisonAlpha = comparisonAlpha(treatments.values().iterator().next());
        if (comparisonAlpha < settings.alpha()) {
            return new Gate(settings.withAlpha(comparisonAlpha)).toolVersion(toolVersion).goal(goal).clock(clock)
                    .baselineCommand(baselineCommand).checkTreatments(baseline, baselineFile, treatments);
        }
        List<Prepared> prepared = new ArrayList<>();
        List<List<PendingComparison>> pending = new ArrayList<>();
        List<GateReport.Builder> reports = new ArrayList<>();
        for (Map.Entry<String, PerfResults> t : treatments.entrySet()) {
            Prepared p = prepare(baseline, baselineFile, t.getValue(), t.getKey());
            prepared.add(p);
            pending.add(p.pending);
            reports.add(p.report);
        }
        new DecisionPass(settings).decide(pending, reports, baseline.calibration(),
                " across " + treatments.size() + (treatments.size() == 1 ? " treatment" : " treatments"));
        List<GateReport> done = new ArrayList<>();
        for (Prepared p : prepared) {
            done.add(finish(p));
        }
        return done;
    }

    /** One pair of sides, its comparisons prepared, waiting for the decision pass. */
    private static final class Prepared {
        GateReport.Builder report;
        List<PendingComparison> pending;
        BenchmarkPairing pairing;
        String shard;
    }

    /** Everything of {@link #check} before the decision pass: the pairing and each comparison's test. */
    private Prepared prepare(PerfResults baseline, String baselineFile, PerfResults current, String currentFile) {
        GateReport.Builder report = start(current, currentFile)
                .baseline(new GateReport.Source(baselineFile, baseline.createdAt(), baseline.toolVersion(),
                        baseline.environment(), baseline.provenance()));

        List<EnvironmentDifference> diffs = EnvironmentDifference.of(baseline, current);
        report.environment(settings.environmentPolicy(), diffs);
        StealTime.checkNote(StealTime.fromField(baseline.environment().get(EnvironmentFingerprint.CPU_STEAL)),
                StealTime.fromField(current.environment().get(EnvironmentFingerprint.CPU_STEAL)))
                .ifPresent(report::addNote);
        String refusal = null;
        if (!diffs.isEmpty() && settings.environmentPolicy() == EnvironmentPolicy.STRICT) {
            List<String> fields = new ArrayList<>();
            diffs.forEach(d -> fields.add(d.field()));
            refusal = "the environment differs from the baseline's (" + String.join(", ", fields)
                    + ") and " + ENVIRONMENT_POLICY + "=strict";
            report.addOtherFailure("The environment differs from the baseline's in " + diffs.size()
                    + (diffs.size() == 1 ? " field" : " fields") + " (" + String.join(", ", fields)
                    + ") and " + ENVIRONMENT_POLICY + "=strict, so no comparison was judged. Record a baseline on"
                    + " this machine with: " + baselineCommand + ", or set " + ENVIRONMENT_POLICY + "=warn.");
        }

        BenchmarkPairing pairing = BenchmarkPairing.of(baseline, current, settings);
        String shard = current.settings().get(PerfProperties.SHARD);
        if (shard == null) {
            // one shard may well run only benchmarks new since the baseline; perf:merge then perf:check judge all
            nothingCompared(pairing, current, currentFile, baselineFile == null ? "the baseline"
                    : "the baseline " + baselineFile, "record the baseline again with: " + baselineCommand,
                    PerfProperties.BASELINE, report);
        }
        pairing.duplicates.forEach(report::addNote);
        pairing.ignored.forEach(report::addIgnoredBenchmark);
        List<PendingComparison> pending = new ArrayList<>();
        List<String> untested = new ArrayList<>();
        List<String> warmScenarios = new ArrayList<>();
        for (BenchmarkPairing.Pair pair : pairing.pairs) {
            BenchmarkResult cur = pair.current;
            compareBenchmark(pair.baseline, cur, pair.settings, refusal, pending, untested, report);
            if (BenchmarkResult.KIND_SCENARIO.equals(cur.kind()) && "warm".equals(cur.params().get("runs"))
                    && !(recordsWarmJvms(baseline, cur.benchmark()) && recordsWarmJvms(current, cur.benchmark()))) {
                warmScenarios.add(cur.displayName());
            }
        }
        if (!untested.isEmpty()) {
            // One note for all: with JMH's default 5 iterations this holds for every benchmark.
            report.addNote(untested.size() + (untested.size() == 1 ? " benchmark side has" : " benchmark sides have")
                    + " no fork long enough for the trend test (" + untested.get(0) + ")");
        }
        if (!warmScenarios.isEmpty()) {
            // Results from before warm JVMs were the unit hold one fork per warm run, all from one JVM: the test
            // then sees run-to-run noise only (scenarios.md measured +44 % in an A/A of such runs)
            report.addNote(String.join(", ", warmScenarios) + ": a side's warm runs come from one JVM (results"
                    + " recorded before each warm JVM became one observation), so the test does not see how one warm"
                    + " JVM differs from the next; record the baseline again to compare warm JVMs (see the"
                    + " scenarios page, \"Cold and warm runs\")");
        }
        checkRules(baseline, current, report);
        Prepared prepared = new Prepared();
        prepared.report = report;
        prepared.pending = pending;
        prepared.pairing = pairing;
        prepared.shard = shard;
        return prepared;
    }

    /** Everything of {@link #check} after the decision pass: membership, failures, notes, the report. */
    private GateReport finish(Prepared prepared) {
        GateReport.Builder report = prepared.report;
        BenchmarkPairing pairing = prepared.pairing;
        String shard = prepared.shard;
        List<PendingComparison> pending = prepared.pending;
        pairing.added.forEach(report::addNewBenchmark);
        if (shard != null && !pairing.missing.isEmpty()) {
            // one shard runs part of the suite: the rest of the baseline is other shards' to judge, and perf:merge
            // then perf:check names any benchmark that no shard ran
            report.addNote(pairing.missing.size() + (pairing.missing.size() == 1 ? " benchmark" : " benchmarks")
                    + " of the baseline ran in other shards than this one (" + PerfProperties.SHARD + "=" + shard
                    + "); perf:merge and perf:check judge the whole suite");
            listMembershipFailures(pairing.added, Collections.emptyList(), report);
        } else {
            pairing.missing.forEach(report::addMissingBenchmark);
            listMembershipFailures(pairing.added, pairing.missing, report);
        }
        listInconclusiveFailure(pending, report);
        notes.forEach(report::addNote);
        notRun.forEach(report::addNotRun);
        return report.build();
    }

    /** True when the results say how many warm JVMs measured the scenario, so each warm fork is a JVM. */
    private static boolean recordsWarmJvms(PerfResults results, String scenario) {
        return results.settings().containsKey(PerfProperties.scenarioSetting(scenario, "warmJvms"));
    }

    /** The level an interleaved comparison judged these results at, or +infinity when they are no such results. */
    private static double comparisonAlpha(PerfResults results) {
        String recorded = results.provenance().get(Provenance.COMPARISON_ALPHA);
        if (recorded == null) {
            return Double.POSITIVE_INFINITY;
        }
        // ResultsJson has checked it is a level (above 0, below 1)
        return Double.parseDouble(recorded);
    }

    /**
     * The report when there is no baseline: a note with the command that records one, or a failure with
     * {@code perf.failOnMissingBaseline=true}.
     */
    public GateReport noBaseline(PerfResults current, String currentFile, String baselineFile) {
        return noBaseline(current, currentFile, baselineFile, null);
    }

    /**
     * As {@link #noBaseline(PerfResults, String, String)}, where the history was to be the baseline but holds too
     * few runs: the message says how many it holds, how many it needs and how to get them, in place of a bare "no
     * baseline" whose remedy (recording a file) is not what a check against the history needs.
     *
     * @param baselineFile the missing file the history stood in for, or null when {@code perf.baseline=history}
     * @param tooFewRuns what the history holds and needs ({@code the git branch ... holds 2 runs of main ...}),
     *        or null when no history was tried
     */
    public GateReport noBaseline(PerfResults current, String currentFile, String baselineFile, String tooFewRuns) {
        GateReport.Builder report = start(current, currentFile);
        String where = baselineFile == null ? "" : " at " + baselineFile;
        String record = "ecord one with: " + baselineCommand + (baselineFile == null ? "" : ", then commit "
                + baselineFile);
        String message;
        if (tooFewRuns == null) {
            message = "No baseline" + where + (settings.failOnMissingBaseline() ? " and " + FAIL_ON_MISSING_BASELINE
                    + "=true. R" : ": nothing to compare. R") + record;
        } else {
            // asked for the history, a baseline file would not be read: only more runs help
            message = "No baseline" + where + (settings.failOnMissingBaseline() ? " and " + FAIL_ON_MISSING_BASELINE
                    + "=true" : "") + (baselineFile == null ? ": " : ", and ") + tooFewRuns
                    + (baselineFile == null ? "" : ", or a baseline file with: " + baselineCommand + ", then commit "
                            + baselineFile);
        }
        if (settings.failOnMissingBaseline()) {
            report.addOtherFailure(message);
        } else {
            report.addNote(message);
        }
        return report.build();
    }

    GateReport.Builder start(PerfResults current, String currentFile) {
        return GateReport.builder()
                .goal(goal)
                .createdAt(Instant.now(clock).truncatedTo(ChronoUnit.SECONDS).toString())
                .toolVersion(toolVersion)
                .current(new GateReport.Source(currentFile, current.createdAt(), current.toolVersion(),
                        current.environment(), current.provenance()))
                .environment(settings.environmentPolicy(), new ArrayList<>())
                .settings(settings.describe())
                .failOnRegression(settings.failOnRegression())
                .multiplicity(settings.multiplicity(), 0, true);
    }

    // ------------------------------------------------------------------ one benchmark

    private void compareBenchmark(BenchmarkResult base, BenchmarkResult cur, BenchmarkSettings bs,
            String envRefusal, List<PendingComparison> pending, List<String> untested, GateReport.Builder report) {
        boolean scenario = BenchmarkResult.KIND_SCENARIO.equals(cur.kind());
        String dataProblem = Judgeability.dataProblem(base, "baseline", scenario);
        if (dataProblem == null) {
            dataProblem = Judgeability.dataProblem(cur, "current results", scenario);
        }
        String refusal = envRefusal != null ? envRefusal : dataProblem;
        // A scenario "fork" is one run with one value: there are no iterations to test for a trend.
        String unstable = refusal == null && !scenario ? Judgeability.unstableForks(base, cur, untested) : null;

        JudgedMetrics metrics = JudgedMetrics.of(base, cur, bs);
        metrics.notGated().forEach(report::addNotGated);
        for (JudgedMetrics.Judged m : metrics.judged()) {
            double[] baseValues = m.values().baseline();
            double[] curValues = m.values().candidate();
            if (m.metric() == Metric.ALLOCATION) {
                // a tolerance, not a test: unstable forks do not make it unjudgeable
                PendingComparison p = new PendingComparison(null, Metric.ALLOCATION, m.direction(), null, refusal, 0);
                p.decided = AllocationCheck.judge(base, cur, bs, baseValues, curValues, refusal);
                pending.add(p);
                continue;
            }
            PendingComparison p = prepare(base, cur, bs, m.metric(), m.unit(), m.direction(), m.thresholds(),
                    baseValues, curValues, refusal != null ? refusal : unstable);
            if (m.metric() == Metric.SECONDARY) {
                p.row.secondaryMetric(m.name(), m.unit(), m.direction());
                p.label = m.name();
            }
            pending.add(p);
        }
    }

    private PendingComparison prepare(BenchmarkResult base, BenchmarkResult cur, BenchmarkSettings bs, Metric metric,
            String unit, Direction direction, Thresholds thresholds, double[] baseValues, double[] curValues,
            String refusal) {
        GateRow.Builder row = GateRow.builder().benchmark(cur).metric(metric, unit, direction)
                .forks(baseValues.length, curValues.length)
                .thresholds(thresholds.fail(), thresholds.minEffect(), thresholds.alpha()).rule(bs.rule());
        medians(row, baseValues, curValues);
        if (baseValues.length == 0 || curValues.length == 0) {
            PendingComparison p = new PendingComparison(row, metric, direction, null, refusal, settings.minForks());
            String why = refusal != null ? refusal : "the " + (baseValues.length == 0 ? "baseline" : "current results")
                    + " hold no values for it";
            p.decided = row.verdict(Verdict.INCONCLUSIVE, metric.label(direction) + " is not judged: " + why).build();
            return p;
        }
        ShiftComparison test = ShiftTest.compare(baseValues, curValues, direction, thresholds);
        return new PendingComparison(row, metric, direction, test, refusal, settings.minForks());
    }

    private static void medians(GateRow.Builder row, double[] base, double[] cur) {
        if (base.length > 0) {
            OrderStatisticInterval i = Quantiles.medianInterval(base, ShiftTest.DISPLAY_CONFIDENCE);
            row.baselineMedian(i.estimate(), i.isBounded() ? i.lower() : Double.NaN,
                    i.isBounded() ? i.upper() : Double.NaN);
        }
        if (cur.length > 0) {
            OrderStatisticInterval i = Quantiles.medianInterval(cur, ShiftTest.DISPLAY_CONFIDENCE);
            row.currentMedian(i.estimate(), i.isBounded() ? i.lower() : Double.NaN,
                    i.isBounded() ? i.upper() : Double.NaN);
        }
    }

    // ------------------------------------------------------------------ all benchmarks

    private void checkRules(PerfResults baseline, PerfResults current, GateReport.Builder report) {
        for (RuleSet.ParsedRule r : settings.rules().rules()) {
            boolean matches = false;
            for (PerfResults side : new PerfResults[] {current, baseline}) {
                for (BenchmarkResult b : side.benchmarks()) {
                    matches |= r.matches(b.key());
                }
            }
            if (!matches) {
                report.addNote(r.label() + " matches no benchmark; check its <pattern> (a regular expression"
                        + " searched in names like " + example(current, baseline) + ")");
            }
        }
    }

    private static String example(PerfResults current, PerfResults baseline) {
        PerfResults side = current.benchmarks().isEmpty() ? baseline : current;
        return side.benchmarks().isEmpty() ? "com.acme.MyBench.method:size=10" : side.benchmarks().get(0).key();
    }

    void listMembershipFailures(List<BenchmarkRef> added, List<BenchmarkRef> missing,
            GateReport.Builder report) {
        if (settings.failOnNewBenchmarks() && !added.isEmpty()) {
            report.addOtherFailure(count(added.size()) + " new since the baseline and"
                    + " " + FAIL_ON_NEW + "=true: " + names(added)
                    + ". Record a new baseline with: " + baselineCommand);
        }
        if (settings.failOnMissingBenchmarks() && !missing.isEmpty()) {
            int n = missing.size();
            report.addOtherFailure((n == 1 ? "1 benchmark" : n + " benchmarks") + " of the baseline did not run and"
                    + " " + FAIL_ON_MISSING + "=true: " + names(missing)
                    + ". Run them, or record a new baseline with: " + baselineCommand);
        }
    }

    /**
     * With {@code perf.failOnNoComparisons=true} (the default): a check that compared nothing fails the build, since
     * that is a broken set-up (all renamed, the baseline of another module, results of a run that measured nothing),
     * not a pass; the message says what each side held and what to do. Against a baseline file and against the
     * history alike ({@link HistoryGate}): whatever the baseline is, nothing compared is no verdict on the change.
     * A run whose benchmarks a rule all ignores compares nothing on purpose, and so does a comparison whose two sides
     * hold nothing ({@code perf.affected} found no benchmark the patch reaches): neither is this case.
     *
     * @param baselineShown the baseline as the message names it: {@code the baseline src/perf/baseline.json}
     * @param renew what to do when the benchmarks were renamed
     * @param baselineProperty the property that chooses the baseline, to check when it is another module's
     */
    void nothingCompared(BenchmarkPairing pairing, PerfResults current, String currentShown, String baselineShown,
            String renew, String baselineProperty, GateReport.Builder report) {
        if (!settings.failOnNoComparisons() || !pairing.pairs.isEmpty()) {
            return;
        }
        String allow = "to let a check that compares nothing pass, set " + FAIL_ON_NO_COMPARISONS + "=false.";
        if (!pairing.added.isEmpty()) {
            Set<String> bothSides = keys(pairing.added, Collections.emptySet());
            bothSides.retainAll(keys(pairing.missing, Collections.emptySet()));
            Set<String> run = keys(pairing.added, bothSides);
            Set<String> others = keys(pairing.missing, bothSides);
            report.addOtherFailure((run.size() == 1 ? "The one benchmark of this run (" + firstFew(run) + ") is not"
                    : "None of the " + run.size() + " benchmarks of this run (" + firstFew(run) + ") is")
                    + " in " + baselineShown + ", which holds "
                    + (others.isEmpty() ? "none" : others.size() + (others.size() == 1 ? " other" : " others") + " ("
                            + firstFew(others) + ")")
                    + ": nothing was compared. If the benchmarks were renamed, " + renew + "; if the baseline is"
                    + " another module's or suite's, check " + baselineProperty + " and " + PerfProperties.INCLUDES
                    + "; " + allow);
            return;
        }
        boolean comparisonChoseNothing = pairing.missing.isEmpty()
                && current.settings().containsKey(PerfProperties.AGAINST);
        if (!current.benchmarks().isEmpty() || comparisonChoseNothing) {
            return;
        }
        Set<String> held = keys(pairing.missing, Collections.emptySet());
        report.addOtherFailure("The results" + (currentShown == null ? "" : " " + currentShown) + " hold no"
                + " benchmark, and " + (held.isEmpty() ? "neither does " + baselineShown
                        : baselineShown + " holds " + held.size() + " (" + firstFew(held) + ")")
                + ": nothing was compared. A run that measured nothing is no pass: check that " + PerfProperties.RESULTS
                + " names the results of perf:run in this module and that " + PerfProperties.INCLUDES + " and "
                + PerfProperties.EXCLUDES + " select its benchmarks; " + allow);
    }

    /** The benchmarks' keys; with the mode for those in {@code withMode} (a key both sides hold, in other modes). */
    private static Set<String> keys(List<BenchmarkRef> refs, Set<String> withMode) {
        Set<String> keys = new LinkedHashSet<>();
        refs.forEach(r -> keys.add(withMode.contains(r.key()) ? r.id().toString() : r.key()));
        return keys;
    }

    /** The first few names, and how many more: a message stays readable for a suite of hundreds. */
    private static String firstFew(Set<String> names) {
        List<String> list = new ArrayList<>(names);
        int shown = Math.min(FEW_NAMES, list.size());
        return String.join(", ", list.subList(0, shown))
                + (list.size() > shown ? " and " + (list.size() - shown) + " more" : "");
    }

    /** With {@code perf.failOnInconclusive=true}: the comparisons that were not judged fail the build. */
    void listInconclusiveFailure(List<PendingComparison> decided, GateReport.Builder report) {
        if (!settings.failOnInconclusive()) {
            return;
        }
        Set<String> names = new LinkedHashSet<>();
        int n = 0;
        for (PendingComparison p : decided) {
            GateRow c = p.decided;
            if (c.verdict() == Verdict.INCONCLUSIVE) {
                names.add(c.displayName());
                n++;
            }
        }
        if (n > 0) {
            report.addOtherFailure(n + (n == 1 ? " comparison was" : " comparisons were") + " not judged (INCONCLUSIVE)"
                    + " and " + FAIL_ON_INCONCLUSIVE + "=true: " + String.join(", ", names) + ". Each reason is"
                    + " listed above; fix it (more forks, a stable machine, complete results), or set "
                    + FAIL_ON_INCONCLUSIVE + "=false to warn only.");
        }
    }

    private static String count(int n) {
        return n == 1 ? "1 benchmark is" : n + " benchmarks are";
    }

    private static String names(List<BenchmarkRef> refs) {
        List<String> names = new ArrayList<>();
        refs.forEach(r -> names.add(r.key()));
        return String.join(", ", names);
    }
}
