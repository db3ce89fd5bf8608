package io.perfgate.premerge;

import io.perfgate.affected.AffectedBenchmarks;
import io.perfgate.affected.ChangedMethods;
import io.perfgate.affected.ExecutedCodeSelection;
import io.perfgate.config.PerfProperties;
import io.perfgate.env.EnvironmentFingerprint;
import io.perfgate.env.StealTime;
import io.perfgate.forkprofile.ComparisonProfiler;
import io.perfgate.forkprofile.ProfileTarget;
import io.perfgate.gate.Gate;
import io.perfgate.gate.GateReport;
import io.perfgate.interleaved.BenchmarkLauncher;
import io.perfgate.interleaved.InterleavedResults;
import io.perfgate.interleaved.InterleavedRun;
import io.perfgate.interleaved.InterleavedSchedule;
import io.perfgate.interleaved.Side;
import io.perfgate.interleaved.StopRule;
import io.perfgate.log.PerfLog;
import io.perfgate.planning.FirstRoundsPlan;
import io.perfgate.planning.ForkNoiseAgreement;
import io.perfgate.planning.HistoryStart;
import io.perfgate.planning.SuiteOrder;
import io.perfgate.profile.ProfileEvidence;
import io.perfgate.profile.ProfilerSetup;
import io.perfgate.report.MethodologyWriter;
import io.perfgate.report.ReportWriter;
import io.perfgate.results.PerfResults;
import io.perfgate.results.Provenance;
import io.perfgate.results.ResultsJson;
import io.perfgate.scenariorunner.ScenarioDefinition;
import io.perfgate.shard.Budget;
import io.perfgate.shard.Shard;
import io.perfgate.shard.ShardException;
import io.perfgate.stats.ForkPlan;
import io.perfgate.workspace.BaseBuilder;
import io.perfgate.workspace.BaseCheckout;
import io.perfgate.workspace.BaseRef;
import io.perfgate.workspace.CheckoutPaths;
import io.perfgate.workspace.CompareException;
import io.perfgate.workspace.GitRepository;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.function.ToDoubleFunction;
import java.util.function.ToIntFunction;

/**
 * {@code perf:compare}: measures the working tree against the merge base of HEAD and a ref, on this machine, in
 * randomized interleaved rounds. The base is checked out with {@code git worktree add --detach} under the output
 * directory, built with the running build's Maven, and removed again whatever happens; the user's checkout,
 * index, branches and stash are never touched. Both sides are written in the results schema
 * ({@code base-results.json}, {@code results.json}) for the gate.
 */
public final class PreMergeWorkflow {

    private final BaseBuilder baseBuilder;
    private final BenchmarkLauncher launcher;
    private final PerfLog log;

    public PreMergeWorkflow(BaseBuilder baseBuilder, BenchmarkLauncher launcher, PerfLog log) {
        this.baseBuilder = baseBuilder;
        this.launcher = launcher;
        this.log = log;
    }

    /** A path as people type it: relative to the module when inside it. */
    private static String shown(CompareRequest request, Path file) {
        Path module = request.paths().moduleDirectory().toAbsolutePath().normalize();
        Path abs = file.toAbsolutePath().normalize();
        return abs.startsWith(module) ? module.relativize(abs).toString() : abs.toString();
    }

    /**
     * {@code perf.affected}: the benchmarks of {@code common} and {@code added} the patch can affect, each logged with
     * why, and the others each with why not. By the newest map of the code each benchmark ran at or before the merge
     * base where the history keeps one ({@link ExecutedCodeMaps}); else, saying so, by the class analysis. A benchmark
     * the base does not have ({@code added}) is always selected.
     */
    private AffectedBenchmarks.Selection affected(CompareRequest request, List<String> common, List<String> added,
            List<Path> baseClasspath, GitRepository git, BaseRef ref) throws CompareException {
        List<Path> candidateClasspath = request.candidateClasspath();
        ExecutedCodeMaps.Found found = ExecutedCodeMaps.newest(git, ref.base(), request.executedCode());
        if (found.warning) {
            log.warn(found.line);
        } else {
            log.info(found.line);
        }
        List<String> benchmarks = new ArrayList<>(common);
        benchmarks.addAll(added);
        AffectedBenchmarks.Selection selection;
        try {
            if (found.map != null) {
                selection = ExecutedCodeSelection.select(benchmarks, added, found.map,
                        ChangedMethods.between(candidateClasspath, baseClasspath));
            } else {
                selection = AffectedBenchmarks.select(common, candidateClasspath, baseClasspath);
                AffectedBenchmarks.Selection byClasses = selection;
                added.forEach(b -> byClasses.selected.put(b, ExecutedCodeSelection.NEW_IN_PATCH));
            }
        } catch (IOException e) {
            throw new CompareException("Cannot tell which benchmarks the patch affects (" + PerfProperties.AFFECTED
                    + "): " + e.getMessage(), e);
        }
        int n = selection.changed.size();
        String what = selection.byExecutedCode ? (n == 1 ? " change" : " changes")
                : (n == 1 ? " class differs" : " classes differ");
        log.info(PerfProperties.AFFECTED + ": " + n + what + " between base and candidate"
                + (n == 0 ? "" : " (" + String.join(", ", selection.changed.subList(0, Math.min(5, n)))
                        + (n > 5 ? ", ..." : "") + ")") + "; " + selection.selected.size() + " of "
                + benchmarks.size() + " benchmarks selected");
        selection.selected.forEach((b, why) -> log.info("  " + b + ": " + why));
        selection.skipped.forEach((b, why) -> log.info("  not affected, not compared: " + b + ": " + why));
        if (selection.selected.isEmpty()) {
            log.info(PerfProperties.AFFECTED + (selection.byExecutedCode
                    ? ": no benchmark ran a changed method, so nothing is measured"
                    : ": no benchmark reaches a changed class, so nothing is measured"));
        }
        return selection;
    }

    /**
     * What the class analysis says of {@code compared} for their order ({@link SuiteOrder}) when {@code perf.affected}
     * is off: the same analysis, not logged, nothing left out; null (the order then goes without it) when the class
     * files cannot be read.
     */
    private AffectedBenchmarks.Selection forOrder(Set<String> compared, List<Path> candidateClasspath,
            List<Path> baseClasspath) {
        List<String> benchmarks = new ArrayList<>();
        compared.forEach(b -> {
            if (!b.startsWith(ScenarioDefinition.SUITE_PREFIX)) {
                benchmarks.add(b);
            }
        });
        try {
            return AffectedBenchmarks.select(benchmarks, candidateClasspath, baseClasspath);
        } catch (IOException e) {
            log.info("The order leaves out which classes changed: " + e.getMessage());
            return null;
        }
    }

    public PreMergeResult run(CompareRequest request) throws CompareException, IOException {
        long started = System.nanoTime();
        StopRule rule;
        try {
            rule = new StopRule(request.adaptive(), request.maxForks(), request.settings(), request.calibration());
        } catch (IllegalArgumentException e) {
            throw new CompareException(e.getMessage(), e);
        }
        GitRepository git = GitRepository.open(request.paths().moduleDirectory());
        ReportWriter.deleteStale(request.outputDirectory());
        Path profilesDirectory = request.outputDirectory().resolve(MethodologyWriter.PROFILES_DIRECTORY);
        ComparisonProfiler.clearStale(profilesDirectory);
        BaseRef ref = BaseRef.resolve(git, request.against(), request.paths().moduleDirectory(), request.paths().reactorRoot(),
                request.outputDirectory(), log);
        String blindSpot = git.outsideReactor(git.changedPaths(ref.base(), null), request.paths().reactorRoot(),
                "side");
        if (blindSpot != null) {
            log.warn(blindSpot);
        }
        List<String> candidateBenchmarks = selectSuite(request);
        try (BaseCheckout checkout = BaseCheckout.open(git, ref, baseBuilder, request.paths(), log)) {
            List<Path> baseClasspath = checkout.classpath();
            Pairing pairing = pair(request, candidateBenchmarks, baseClasspath, ref, git);
            // dealt only now: the selection decides what there is to deal, so the shards finish together
            List<String> selected = new ArrayList<>(pairing.compared);
            ShardPart part = shardPart(request, selected);
            pairing.compared = new LinkedHashSet<>(part.compared);
            checkBudget(request, part.compared, selected);
            Optional<StealTime> before = StealTime.read();
            InterleavedResults outcome = rounds(request, rule, pairing, baseClasspath, started);
            OptionalDouble steal = StealTime.share(before, StealTime.read());

            double decisionAlpha = rule.decisionAlpha();
            String createdAt = Instant.now().truncatedTo(ChronoUnit.SECONDS).toString();
            Map<String, String> settings = settings(request);
            String status = outcome.failures().isEmpty() && outcome.notRun().isEmpty() ? PerfResults.STATUS_COMPLETE
                    : PerfResults.STATUS_PARTIAL;
            PerfResults baseResults = baseResults(request, ref, outcome, decisionAlpha, createdAt, settings, status);
            PerfResults candidateResults = candidateResults(request, ref, outcome, decisionAlpha, createdAt, settings,
                    status);

            Path baseFile = request.outputDirectory().resolve(InterleavedResults.BASE_RESULTS);
            Path candidateFile = request.outputDirectory().resolve(InterleavedResults.RESULTS);
            ResultsJson.write(baseResults, baseFile);
            ResultsJson.write(candidateResults, candidateFile);
            log.info("Wrote " + baseFile + " and " + candidateFile);

            GateReport report = new Gate(request.settings().withAlpha(decisionAlpha))
                    .toolVersion(request.toolVersion()).goal(request.goal()).notRun(outcome.notRun()).baselineCommand("mvn verify -D" + PerfProperties.AGAINST
                            + "=<ref> (" + request.goal() + " measures the base itself)")
                    .notes(notes(outcome, part))
                    .check(baseResults, shown(request, baseFile), candidateResults, shown(request, candidateFile));
            // profiled while the base's build still exists, and before the reports, which show the profiles
            List<ProfileEvidence> profiles = new ComparisonProfiler(launcher, request.profiling(), log).profile(report,
                    baseClasspath, request.candidateClasspath(), profilesDirectory, request.seed());
            List<Path> reports = ReportWriter.write(report, request.outputDirectory(), request.reportFormats());
            return new PreMergeResult(request.goal(), request.against(), ref.base(), ref.baseShort(), ref.head(), ref.dirty(),
                    outcome, baseResults, candidateResults, baseFile, candidateFile, pairing.added, pairing.removed,
                    decisionAlpha, report, reports, steal, profiles);
        }
    }

    /**
     * The working tree's benchmarks, before the base is built: without benchmarks there is nothing to compare, and
     * building the base would be minutes spent before saying so. Which of them this shard compares is decided
     * after the selection ({@link #shardPart}).
     */
    private List<String> selectSuite(CompareRequest request) throws CompareException {
        List<String> candidateBenchmarks = launcher.discover(request.candidateClasspath(), "working tree");
        if ((request.shard() != null || request.budget() != null) && launcher.expectedTimesSource() != null) {
            for (String line : launcher.expectedTimesSource().split("\\R")) {
                log.info(line);
            }
        }
        return candidateBenchmarks;
    }

    /**
     * This shard's part of {@code selected} (what both sides have, narrowed by {@code perf.affected}), dealt out by
     * expected time ({@link Shard#select}); all of it without a shard. The deal sorts by time and name, so agents
     * that see the same base and candidate deal the same, whatever order the selection came in. A shard left
     * with nothing says so and compares nothing: no verdict is lost, as the other shards compare everything.
     */
    private ShardPart shardPart(CompareRequest request, List<String> selected) {
        Shard shard = request.shard();
        ShardPart part = new ShardPart();
        part.compared = selected;
        if (shard == null) {
            return part;
        }
        ToDoubleFunction<String> seconds = name -> expectedForkSeconds(request, name);
        List<String> mine = shard.select(selected, name -> name, seconds);
        String selector = request.affected() ? PerfProperties.AFFECTED + " selected" : "both sides have";
        if (mine.isEmpty()) {
            List<Integer> busy = Shard.occupied(selected, name -> name, seconds, shard.total());
            part.nothingHere = "Shard " + shard + " (" + PerfProperties.SHARD + "): nothing to compare here: "
                    + selector + (selected.isEmpty() ? " no benchmark" : " " + ScenarioDefinition.counted(selected)
                            + " for " + shard.total() + " shards (" + shardsNamed(busy) + (busy.size() == 1
                                    ? " compares " + (selected.size() == 1 ? "it)" : "them)") : " compare them)"));
            log.info(part.nothingHere);
        } else {
            log.info("Shard " + shard + " (" + PerfProperties.SHARD + "): " + mine.size() + " of the "
                    + ScenarioDefinition.counted(selected) + " " + selector + ": " + String.join(", ", mine));
        }
        part.compared = mine;
        return part;
    }

    /** The rounds' notes for the reports, and first, for a shard with nothing to compare, the line that says why. */
    private static List<String> notes(InterleavedResults outcome, ShardPart part) {
        List<String> notes = new ArrayList<>();
        if (part.nothingHere != null) {
            notes.add(part.nothingHere);
        }
        notes.addAll(outcome.notes());
        return notes;
    }

    /** What this shard compares; and, when that is nothing, the line that says why, for the log and the reports. */
    private static final class ShardPart {
        List<String> compared;
        String nothingHere;
    }

    /** {@code shard 2}, {@code shards 1 and 2}, {@code shards 1, 2 and 3}. */
    private static String shardsNamed(List<Integer> numbers) {
        if (numbers.size() == 1) {
            return "shard " + numbers.get(0);
        }
        List<String> all = new ArrayList<>();
        numbers.forEach(n -> all.add(Integer.toString(n)));
        return "shards " + String.join(", ", all.subList(0, all.size() - 1)) + " and " + all.get(all.size() - 1);
    }

    /**
     * Checks {@code compared}, this shard's part of {@code selected}, against the time budget at the fewest rounds.
     * The fewest rounds of one benchmark at least must fit: more than that, and the rounds admit the benchmarks in
     * their order while the budget lasts ({@code InterleavedRun.admission}), the rest reported NOT RUN.
     */
    private void checkBudget(CompareRequest request, List<String> compared, List<String> selected)
            throws CompareException {
        int fewestRounds = request.adaptive() ? Math.min(StopRule.FIRST_LOOK, request.maxForks()) : request.maxForks();
        double whole = 0;
        double cheapest = Double.POSITIVE_INFINITY;
        for (String b : compared) {
            double seconds = 2.0 * fewestRounds * expectedForkSeconds(request, b);
            whole += seconds;
            cheapest = Math.min(cheapest, seconds);
        }
        if (request.budget() != null && cheapest * 1000 <= request.budget().toMillis()) {
            if (whole * 1000 > request.budget().toMillis()) {
                log.info(String.format(java.util.Locale.ROOT, "%s = %s: the comparison at its fewest rounds (%d"
                        + " forks per side) needs about %s for %s, so benchmarks enter the rounds in their order"
                        + " while it lasts; those it cannot reach are reported NOT RUN, without a verdict",
                        PerfProperties.BUDGET, io.perfgate.text.Durations.format(request.budget()), fewestRounds,
                        InterleavedRun.duration((long) (whole * 1e9)), ScenarioDefinition.counted(compared)));
            }
            return;
        }
        try {
            Budget.check(request.budget(), compared, selected, name -> name,
                    name -> 2.0 * fewestRounds * expectedForkSeconds(request, name),
                    ScenarioDefinition::counted,
                    "The comparison at its fewest rounds (" + fewestRounds + " forks per side)",
                    "fewer rounds with -D" + PerfProperties.MAX_FORKS + ", or shorter iterations with -D"
                            + PerfProperties.MEASUREMENT_ITERATIONS + " and -D" + PerfProperties.MEASUREMENT_TIME);
        } catch (ShardException e) {
            throw new CompareException(e.getMessage(), e);
        }
    }

    /** What both sides have, and so is compared; what only one side has is listed, not compared. */
    private static final class Pairing {
        Set<String> compared;
        /** The class analysis of the compared benchmarks, for their order; null without one. */
        AffectedBenchmarks.Selection analysis;
        List<String> added;
        List<String> removed;
    }

    /**
     * Pairs the working tree's benchmarks with the base's: those both have are compared (with {@code perf.affected}
     * only those the patch can affect, and every scenario), the others are logged.
     */
    private Pairing pair(CompareRequest request, List<String> candidateBenchmarks, List<Path> baseClasspath,
            BaseRef ref, GitRepository git) throws CompareException {
        String baseShort = ref.baseShort();
        Pairing pairing = new Pairing();
        List<String> baseBenchmarks = launcher.discover(baseClasspath, "base " + baseShort);
        Set<String> common = new LinkedHashSet<>(candidateBenchmarks);
        common.retainAll(baseBenchmarks);
        pairing.added = new ArrayList<>(candidateBenchmarks);
        pairing.added.removeAll(baseBenchmarks);
        pairing.removed = new ArrayList<>(baseBenchmarks);
        pairing.removed.removeAll(candidateBenchmarks);
        for (String b : pairing.added) {
            log.info(b + " is new (not in the base): not compared");
        }
        for (String b : pairing.removed) {
            log.info(b + " is in the base but not in the working tree: not compared");
        }
        if (request.affected()) {
            // scenarios run the whole project: no class analysis can rule one out
            List<String> scenarios = new ArrayList<>();
            List<String> benchmarks = new ArrayList<>();
            common.forEach(name -> (name.startsWith(ScenarioDefinition.SUITE_PREFIX) ? scenarios : benchmarks).add(name));
            List<String> added = new ArrayList<>();
            pairing.added.forEach(name -> {
                if (!name.startsWith(ScenarioDefinition.SUITE_PREFIX)) {
                    added.add(name);
                }
            });
            pairing.analysis = affected(request, benchmarks, added, baseClasspath, git, ref);
            // a new benchmark is selected, but has no base to be compared with: reported as new above
            common = new LinkedHashSet<>(pairing.analysis.selected.keySet());
            common.removeAll(added);
            for (String scenario : scenarios) {
                log.info("  " + scenario + ": a scenario, always compared (" + PerfProperties.AFFECTED
                        + " follows benchmark classes only)");
                common.add(scenario);
            }
        }
        if (common.isEmpty() && !request.affected()) {
            throw new CompareException("No benchmark selected in the working tree (" + candidateBenchmarks.size()
                    + ") also exists in the base " + baseShort + " (" + baseBenchmarks.size() + "); nothing to"
                    + " compare. Check " + PerfProperties.INCLUDES + ", or compare against a ref that has the"
                    + " benchmarks.");
        }
        pairing.compared = common;
        if (!request.affected() && common.size() > 1) {
            pairing.analysis = forOrder(common, request.candidateClasspath(), baseClasspath);
        }
        return pairing;
    }

    /**
     * Both sides of the compared benchmarks in seeded interleaved rounds, the most likely to have changed first
     * ({@link SuiteOrder}), until {@code rule} stops each benchmark or the budget ends.
     */
    private InterleavedResults rounds(CompareRequest request, StopRule rule, Pairing pairing,
            List<Path> baseClasspath, long started) {
        java.util.function.ToDoubleFunction<String> forkSeconds = b -> expectedForkSeconds(request, b);
        SuiteOrder order = SuiteOrder.of(new ArrayList<>(pairing.compared), pairing.analysis,
                SuiteOrder.pastChanges(request.history()), forkSeconds);
        if (pairing.compared.size() > 1) {
            log.info(order.line());
        }
        InterleavedRun run = new InterleavedRun(new InterleavedSchedule(request.seed()), rule, log)
                .admission(forkSeconds).settings(launcher.settings())
                .fixedLengths(b -> launcher.fixedLength(request.candidateClasspath(), b));
        request.limitRounds(run, started, log);
        if (request.forkPlanAuto()) {
            ToIntFunction<String> full = benchmark -> launcher.measurementIterations(request.candidateClasspath(),
                    benchmark);
            java.util.function.Predicate<String> plannable = benchmark -> launcher.lengthPlannable(
                    request.candidateClasspath(), benchmark);
            // where the history holds a run of the benchmark, its noise sets where the first rounds start
            Map<String, Integer> fromHistory = new LinkedHashMap<>();
            for (String b : request.history().isEmpty() ? Collections.<String>emptyList() : order.benchmarks()) {
                HistoryStart start = plannable.test(b) ? HistoryStart.of(b, request.history(), rule,
                        full.applyAsInt(b), launcher.plannedIterationSeconds(request.candidateClasspath(), b)) : null;
                if (start != null) {
                    fromHistory.put(b, start.iterations());
                    log.info(start.line());
                }
            }
            // the short forks' noise is set against the benchmark's own at full length, for the report's notes
            run.planner(new FirstRoundsPlan(rule, launcher.settings(), full,
                    ForkNoiseAgreement.of(request.calibration(), request.history())), plannable)
                    .startLength(benchmark -> fromHistory.getOrDefault(benchmark, startIterations(request, benchmark)));
        }
        // both sides of a round run the same fork length: a plan changes it for both at once
        return run.run(order.benchmarks(), (side, benchmark, round) -> launcher.runFork(
                side == Side.BASE ? baseClasspath : request.candidateClasspath(), benchmark,
                side == Side.BASE ? "base" : "candidate", round, run.measurementIterations(benchmark)));
    }

    /**
     * The measurement iterations the first rounds of {@code benchmark} run: under {@code perf.forkPlan=auto} the
     * fewest fine iterations the steady-state test judges (all of them where the settings' time fills fewer), so that
     * every planned fork measures in the same iteration time and the plan lengthens where needed; else 0, the
     * settings'.
     */
    private int startIterations(CompareRequest request, String benchmark) {
        return request.forkPlanAuto() ? Math.min(launcher.measurementIterations(request.candidateClasspath(),
                benchmark), ForkPlan.MIN_ITERATIONS) : 0;
    }

    /** One fork of {@code benchmark} as the first rounds run it: what the shards, the order and the budget weigh. */
    private double expectedForkSeconds(CompareRequest request, String benchmark) {
        return launcher.expectedSeconds(request.candidateClasspath(), benchmark, startIterations(request, benchmark));
    }

    /** The settings both sides' results record: the launcher's and the comparison's own. */
    private Map<String, String> settings(CompareRequest request) {
        Map<String, String> settings = new LinkedHashMap<>(launcher.settings());
        settings.put(PerfProperties.AGAINST, request.against());
        settings.put(PerfProperties.SEED, Long.toString(request.seed()));
        if (request.shard() != null) {
            settings.put(PerfProperties.SHARD, request.shard().toString());
        }
        settings.put(PerfProperties.ADAPTIVE, Boolean.toString(request.adaptive()));
        settings.put(PerfProperties.MAX_FORKS, Integer.toString(request.maxForks()));
        if (request.forkPlanAuto()) {
            settings.put(PerfProperties.FORK_PLAN, PerfProperties.FORK_PLAN_AUTO);
        }
        return settings;
    }

    /** The base's side of the rounds, with its provenance: which commit, merge base of what, measured how. */
    private PerfResults baseResults(CompareRequest request, BaseRef ref, InterleavedResults outcome,
            double decisionAlpha, String createdAt, Map<String, String> settings, String status) {
        Map<String, String> baseProvenance = new LinkedHashMap<>();
        baseProvenance.put(Provenance.ROLE, Provenance.ROLE_BASE);
        baseProvenance.put(Provenance.COMMIT, ref.base());
        baseProvenance.put(Provenance.SUBJECT, ref.baseSubject());
        baseProvenance.put(Provenance.AGAINST, request.against());
        baseProvenance.put(Provenance.AGAINST_COMMIT, ref.refCommit());
        baseProvenance.put(Provenance.MEASURED_WITH, request.goal() + ", interleaved with the candidate");
        baseProvenance.put(Provenance.COMPARISON_ALPHA, Double.toString(decisionAlpha));
        // one machine, one JVM: the base's fingerprint is the candidate's, but for the commit it was built from
        Map<String, String> baseEnvironment = new LinkedHashMap<>(launcher.environment());
        baseEnvironment.put(EnvironmentFingerprint.GIT_COMMIT, ref.base());
        baseEnvironment.put(EnvironmentFingerprint.GIT_DIRTY, "false");
        return PerfResults.builder().status(status).createdAt(createdAt)
                .toolVersion(request.toolVersion()).command(request.command()).environment(baseEnvironment)
                .settings(settings).provenance(baseProvenance).benchmarks(outcome.results(Side.BASE)).build();
    }

    /** The working tree's side of the rounds, with its provenance: HEAD, whether it was changed, and its base. */
    private PerfResults candidateResults(CompareRequest request, BaseRef ref, InterleavedResults outcome,
            double decisionAlpha, String createdAt, Map<String, String> settings, String status) {
        Map<String, String> candidateProvenance = new LinkedHashMap<>();
        candidateProvenance.put(Provenance.ROLE, Provenance.ROLE_CANDIDATE);
        candidateProvenance.put(Provenance.COMMIT, ref.head());
        candidateProvenance.put(Provenance.DIRTY, Boolean.toString(ref.dirty()));
        candidateProvenance.put(Provenance.BASE, ref.base());
        candidateProvenance.put(Provenance.COMPARISON_ALPHA, Double.toString(decisionAlpha));
        return PerfResults.builder().status(status).createdAt(createdAt)
                .toolVersion(request.toolVersion()).command(request.command()).environment(launcher.environment())
                .settings(settings).provenance(candidateProvenance).benchmarks(outcome.results(Side.CANDIDATE))
                .build();
    }

    /**
     * perf:profile with {@code perf.against}: resolves and builds the base as a comparison does, then profiles
     * each benchmark (and scenario) both sides have, one fork per side and parameter combination, base and
     * candidate in a seeded order, and measures nothing else. The costs per operation are the profiled forks' own
     * scores, which the evidence says.
     *
     * @return the evidence written under {@code <outputDirectory>/profiles}
     */
    public List<ProfileEvidence> profileOnly(String against, CheckoutPaths paths, List<Path> candidateClasspath,
            long seed, ProfilerSetup setup) throws CompareException, IOException {
        GitRepository git = GitRepository.open(paths.moduleDirectory());
        Path profilesDirectory = paths.outputDirectory().resolve(MethodologyWriter.PROFILES_DIRECTORY);
        ComparisonProfiler.clearStale(profilesDirectory);
        BaseRef ref = BaseRef.resolve(git, against, paths.moduleDirectory(), paths.reactorRoot(),
                paths.outputDirectory(), log);
        List<String> candidateBenchmarks = launcher.discover(candidateClasspath, "working tree");
        try (BaseCheckout checkout = BaseCheckout.open(git, ref, baseBuilder, paths, log)) {
            List<Path> baseClasspath = checkout.classpath();
            List<String> baseBenchmarks = launcher.discover(baseClasspath, "base " + ref.baseShort());
            List<ProfileTarget> targets = new ArrayList<>();
            for (String name : candidateBenchmarks) {
                if (!baseBenchmarks.contains(name)) {
                    log.info(name + " is new (not in the base): not profiled; without " + PerfProperties.AGAINST
                            + " perf:profile profiles the working tree alone");
                    continue;
                }
                for (Map<String, String> params : launcher.parameterCombinations(candidateClasspath, name)) {
                    targets.add(ProfileTarget.unmeasured(name, params));
                }
            }
            if (targets.isEmpty()) {
                throw new CompareException("No benchmark selected in the working tree (" + candidateBenchmarks.size()
                        + ") also exists in the base " + ref.baseShort() + "; nothing to profile on both sides. Check "
                        + PerfProperties.INCLUDES + ", or leave out " + PerfProperties.AGAINST
                        + " to profile the working tree alone.");
            }
            return new ComparisonProfiler(launcher, setup, log).profile(targets, baseClasspath, candidateClasspath,
                    profilesDirectory, seed, null);
        }
    }
}
