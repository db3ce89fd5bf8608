package io.perfgate.premerge;

import io.perfgate.config.PerfProperties;
import io.perfgate.env.EnvironmentFingerprint;
import io.perfgate.files.FileNames;
import io.perfgate.gate.Gate;
import io.perfgate.gate.GateReport;
import io.perfgate.gate.GateRow;
import io.perfgate.interleaved.BenchmarkLauncher;
import io.perfgate.interleaved.InterleavedResults;
import io.perfgate.interleaved.InterleavedRun;
import io.perfgate.interleaved.InterleavedSchedule;
import io.perfgate.interleaved.StopRule;
import io.perfgate.log.PerfLog;
import io.perfgate.report.ReportWriter;
import io.perfgate.report.TreatmentSummary;
import io.perfgate.results.PerfResults;
import io.perfgate.results.Provenance;
import io.perfgate.results.ResultsJson;
import io.perfgate.scenariorunner.ScenarioDefinition;
import io.perfgate.shard.Budget;
import io.perfgate.shard.ShardException;
import io.perfgate.stats.Power;
import io.perfgate.workspace.BaseBuilder;
import io.perfgate.workspace.BaseCheckout;
import io.perfgate.workspace.BaseRef;
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
import java.util.Set;

/**
 * {@code perf:compare} with {@code perf.treatments}: several treatments against one baseline, all measured in the
 * same interleaved rounds on this machine (Avro's run-perf.sh, done in one comparison). Each side is a ref measured
 * exactly as it is (no merge base), or the working tree; each distinct commit is checked out and built once,
 * however many sides name it. Every round runs one fork of every side of each benchmark still running, in an
 * order drawn from the seed; the stop rule looks at each treatment against the baseline on its own. The gate judges
 * every treatment against the baseline with its own rule, in one multiplicity step over all of them
 * ({@link Gate#checkTreatments}).
 */
public final class TreatmentComparison {
    /** Where each side's results and each treatment's own reports go, under the output directory. */
    public static final String DIRECTORY = "treatments";

    private final BaseBuilder builder;
    private final BenchmarkLauncher launcher;
    private final PerfLog log;

    public TreatmentComparison(BaseBuilder builder, BenchmarkLauncher launcher, PerfLog log) {
        this.builder = builder;
        this.launcher = launcher;
        this.log = log;
    }

    /** A side with the commit it resolved to and the classpath it runs on. */
    private static final class ResolvedSide {
        Treatment side;
        String commit;
        String shortId;
        String subject;
        boolean dirty;
        List<Path> classpath;
    }

    public Result run(CompareRequest request) throws CompareException, IOException {
        long started = System.nanoTime();
        if (request.treatments().isEmpty()) {
            throw new IllegalArgumentException("no treatments in the request");
        }
        StopRule rule;
        try {
            // "did my optimisation help?" is as much the question as "is it slower?"
            rule = new StopRule(request.adaptive(), request.maxForks(), request.settings(), request.calibration())
                    .bothWays();
        } catch (IllegalArgumentException e) {
            throw new CompareException(e.getMessage(), e);
        }
        GitRepository git = GitRepository.open(request.paths().moduleDirectory());
        Path directory = request.outputDirectory().resolve(DIRECTORY);
        // a plain comparison's report.json left from an earlier build must not be read as this one's verdict
        ReportWriter.deleteStale(request.outputDirectory());
        List<Treatment> all = new ArrayList<>();
        all.add(request.baseline());
        all.addAll(request.treatments());
        List<ResolvedSide> sides = resolve(git, all, request.paths().reactorRoot());
        List<BaseCheckout> checkouts = new ArrayList<>();
        try {
            build(git, request, sides, checkouts);
            List<String> benchmarks = common(request, sides);
            InterleavedResults outcome = rounds(request, rule, sides, benchmarks, started);
            return judge(request, rule, sides, outcome, directory);
        } finally {
            for (BaseCheckout c : checkouts) {
                c.close();
            }
        }
    }

    /** Each side's commit; a ref git does not know is refused naming its entry. */
    private List<ResolvedSide> resolve(GitRepository git, List<Treatment> all, Path reactorRoot)
            throws CompareException {
        String head = git.head();
        boolean dirty = git.isDirty();
        List<ResolvedSide> sides = new ArrayList<>();
        for (int i = 0; i < all.size(); i++) {
            Treatment t = all.get(i);
            ResolvedSide s = new ResolvedSide();
            s.side = t;
            if (t.workingTree()) {
                s.commit = head;
                s.shortId = git.shortId(head) + (dirty ? " with uncommitted changes" : "");
                s.subject = "the working tree";
                s.dirty = dirty;
            } else {
                try {
                    s.commit = git.resolveCommit(t.ref());
                } catch (CompareException e) {
                    throw new CompareException((i == 0 ? "The baseline (" + PerfProperties.AGAINST + ") "
                            : PerfProperties.TREATMENTS + " entry '" + t.entry() + "': ")
                            + "'" + t.ref() + "' is not a ref of this repository (" + e.getMessage() + "); give a"
                            + " branch, tag or commit, or " + Treatment.WORKING_TREE + " for the working tree", e);
                }
                s.shortId = git.shortId(s.commit);
                s.subject = git.subject(s.commit);
            }
            if (i > 0) {
                String blindSpot = git.outsideReactor(git.changedPaths(sides.get(0).commit, t.workingTree() ? null
                        : s.commit), reactorRoot, "side");
                if (blindSpot != null) {
                    log.warn(PerfProperties.TREATMENTS + " entry '" + t.name() + "': " + blindSpot);
                }
            }
            log.info((i == 0 ? "Baseline '" : "Treatment '") + t.name() + "': " + t.ref() + " at " + s.shortId
                    + (t.workingTree() ? "" : " \"" + s.subject + "\"")
                    + (t.jvmArgs().isEmpty() ? "" : ", with " + String.join(" ", t.jvmArgs())));
            sides.add(s);
        }
        return sides;
    }

    /**
     * Checks out and builds each distinct commit once (the working tree is used as it is), and gives every side
     * the classpath of its commit. Each build's output goes to {@code build-<commit>.log}.
     */
    private void build(GitRepository git, CompareRequest request, List<ResolvedSide> sides,
            List<BaseCheckout> checkouts) throws CompareException {
        Map<String, List<Path>> built = new LinkedHashMap<>();
        Map<String, List<String>> namesByCommit = new LinkedHashMap<>();
        for (ResolvedSide s : sides) {
            if (!s.side.workingTree()) {
                namesByCommit.computeIfAbsent(s.commit, k -> new ArrayList<>()).add(s.side.name());
            }
        }
        for (ResolvedSide s : sides) {
            if (s.side.workingTree()) {
                s.classpath = request.candidateClasspath();
                continue;
            }
            List<Path> classpath = built.get(s.commit);
            if (classpath == null) {
                log.info("Building " + s.shortId + " once for " + String.join(", ", namesByCommit.get(s.commit)));
                BaseRef ref = BaseRef.exactly(git, s.commit,
                        request.paths().moduleDirectory(), request.paths().reactorRoot(), request.outputDirectory(),
                        "side-");
                BaseCheckout checkout = BaseCheckout.open(git, ref, builder, request.paths(),
                        request.outputDirectory().resolve("build-" + s.shortId + ".log"), log);
                checkouts.add(checkout);
                classpath = checkout.classpath();
                built.put(s.commit, classpath);
            }
            s.classpath = classpath;
        }
        log.info(built.size() + (built.size() == 1 ? " commit" : " commits") + " built for " + sides.size()
                + " sides");
    }

    /**
     * The benchmarks every side has, in the baseline's order (with the run's includes and excludes), this shard's
     * part of them, checked against the budget at the fewest rounds.
     */
    private List<String> common(CompareRequest request, List<ResolvedSide> sides) throws CompareException {
        Map<List<Path>, List<String>> discovered = new LinkedHashMap<>();
        List<String> common = null;
        Set<String> partial = new LinkedHashSet<>();
        for (ResolvedSide s : sides) {
            List<String> names = discovered.get(s.classpath);
            if (names == null) {
                names = launcher.discover(s.classpath, s.side.name() + " (" + s.shortId + ")");
                discovered.put(s.classpath, names);
            }
            if (common == null) {
                common = new ArrayList<>(names);
            } else {
                for (String b : common) {
                    if (!names.contains(b)) {
                        partial.add(b);
                    }
                }
                for (String b : names) {
                    if (!common.contains(b)) {
                        partial.add(b);
                    }
                }
                common.retainAll(names);
            }
        }
        for (String b : partial) {
            log.info(b + " is not on every side: not compared");
        }
        if (common.isEmpty()) {
            throw new CompareException("No selected benchmark is on every side (" + sides.size() + " sides); nothing"
                    + " to compare. Check " + PerfProperties.INCLUDES + " and the refs of " + PerfProperties.AGAINST
                    + " and " + PerfProperties.TREATMENTS + ".");
        }
        List<Path> baselineClasspath = sides.get(0).classpath;
        if (request.shard() != null) {
            List<String> suite = common;
            common = request.shard().select(suite, name -> name,
                    name -> launcher.expectedSeconds(baselineClasspath, name));
            if (common.isEmpty()) {
                // as in a comparison of two sides: the other shards compare everything, so no verdict is lost
                log.info("Shard " + request.shard() + " (" + PerfProperties.SHARD + "): nothing to compare here: "
                        + ScenarioDefinition.counted(suite) + " on every side for " + request.shard().total()
                        + " shards");
            } else {
                log.info("Shard " + request.shard() + " (" + PerfProperties.SHARD + "): " + common.size()
                        + " of the " + suite.size() + " benchmarks on every side");
            }
        }
        int fewestRounds = request.adaptive() ? Math.min(StopRule.FIRST_LOOK, request.maxForks()) : request.maxForks();
        try {
            Budget.check(request.budget(), common, common, name -> name,
                    name -> sides.size() * fewestRounds * launcher.expectedSeconds(baselineClasspath, name),
                    ScenarioDefinition::counted,
                    "The comparison of " + sides.size() + " sides at its fewest rounds (" + fewestRounds
                            + " forks per side)",
                    "fewer treatments, fewer rounds with -D" + PerfProperties.MAX_FORKS + ", or shorter iterations"
                            + " with -D" + PerfProperties.MEASUREMENT_ITERATIONS + " and -D"
                            + PerfProperties.MEASUREMENT_TIME);
        } catch (ShardException e) {
            throw new CompareException(e.getMessage(), e);
        }
        return common;
    }

    private InterleavedResults rounds(CompareRequest request, StopRule rule, List<ResolvedSide> sides,
            List<String> benchmarks, long started) {
        List<String> names = new ArrayList<>();
        sides.forEach(s -> names.add(s.side.name()));
        InterleavedRun run = new InterleavedRun(new InterleavedSchedule(request.seed()), rule, log).arms(names)
                .settings(launcher.settings()).fixedLengths(b -> launcher.fixedLength(sides.get(0).classpath, b))
                .sides("baseline " + names.get(0) + " and " + (names.size() - 1) + (names.size() == 2 ? " treatment (" : " treatments (")
                        + String.join(", ", names.subList(1, names.size())) + ")");
        request.limitRounds(run, started, log);
        return run.runArms(benchmarks, (arm, benchmark, round) -> launcher.runFork(sides.get(arm).classpath,
                benchmark, names.get(arm), round, sides.get(arm).side.jvmArgs()));
    }

    private Result judge(CompareRequest request, StopRule rule, List<ResolvedSide> sides, InterleavedResults outcome,
            Path directory) throws IOException {
        double decisionAlpha = rule.decisionAlpha();
        String createdAt = Instant.now().truncatedTo(ChronoUnit.SECONDS).toString();
        String status = outcome.failures().isEmpty() ? PerfResults.STATUS_COMPLETE : PerfResults.STATUS_PARTIAL;
        Map<String, String> settings = new LinkedHashMap<>(launcher.settings());
        settings.put(PerfProperties.AGAINST, request.baseline().ref());
        List<String> entries = new ArrayList<>();
        request.treatments().forEach(t -> entries.add(t.entry()));
        settings.put(PerfProperties.TREATMENTS, String.join("; ", entries));
        settings.put(PerfProperties.SEED, Long.toString(request.seed()));
        settings.put(PerfProperties.ADAPTIVE, Boolean.toString(request.adaptive()));
        settings.put(PerfProperties.MAX_FORKS, Integer.toString(request.maxForks()));
        if (request.shard() != null) {
            settings.put(PerfProperties.SHARD, request.shard().toString());
        }
        List<Path> files = new ArrayList<>();
        PerfResults baseline = null;
        String baselineFile = null;
        Map<String, PerfResults> treatments = new LinkedHashMap<>();
        for (int arm = 0; arm < sides.size(); arm++) {
            ResolvedSide s = sides.get(arm);
            Map<String, String> provenance = new LinkedHashMap<>();
            provenance.put(Provenance.ROLE, arm == 0 ? Provenance.ROLE_BASE : Provenance.ROLE_CANDIDATE);
            provenance.put(Provenance.COMMIT, s.commit);
            provenance.put(Provenance.DIRTY, Boolean.toString(s.dirty));
            provenance.put(Provenance.AGAINST, s.side.ref());
            provenance.put(Provenance.MEASURED_WITH, request.goal() + " with " + PerfProperties.TREATMENTS + ", side "
                    + s.side.name() + (s.side.jvmArgs().isEmpty() ? "" : " with " + String.join(" ",
                            s.side.jvmArgs())) + ", interleaved with " + (sides.size() - 1) + " other sides");
            provenance.put(Provenance.COMPARISON_ALPHA, Double.toString(decisionAlpha));
            Map<String, String> environment = new LinkedHashMap<>(launcher.environment());
            environment.put(EnvironmentFingerprint.GIT_COMMIT, s.commit);
            PerfResults results = PerfResults.builder().status(status).createdAt(createdAt)
                    .toolVersion(request.toolVersion()).command(request.command()).environment(environment)
                    .settings(settings).provenance(provenance).benchmarks(outcome.results(arm)).build();
            Path file = directory.resolve(FileNames.fit(s.side.name(), "-results.json"));
            ResultsJson.write(results, file);
            files.add(file);
            String shown = DIRECTORY + "/" + file.getFileName();
            if (arm == 0) {
                baseline = results;
                baselineFile = shown;
            } else {
                treatments.put(s.side.name(), results);
            }
        }
        List<GateReport> reports = new Gate(request.settings().withAlpha(decisionAlpha))
                .toolVersion(request.toolVersion()).goal(request.goal()).baselineCommand("mvn verify -D" + PerfProperties.AGAINST
                        + "=<ref> -D" + PerfProperties.TREATMENTS + "=... (" + request.goal()
                        + " measures every side itself)")
                .checkTreatments(baseline, baselineFile, treatments);
        List<TreatmentSummary.SideInfo> infos = new ArrayList<>();
        for (ResolvedSide s : sides) {
            infos.add(new TreatmentSummary.SideInfo(s.side.name(), s.side.ref(), s.shortId, s.side.jvmArgs()));
        }
        List<Path> reportFiles = new ArrayList<>();
        for (int t = 0; t < reports.size(); t++) {
            reportFiles.addAll(ReportWriter.write(reports.get(t), directory.resolve(FileNames.fit(
                    sides.get(t + 1).side.name(), "")),
                    request.reportFormats()));
        }
        TreatmentSummary summary = new TreatmentSummary(infos.get(0), infos.subList(1, infos.size()), reports,
                request.command(), aaNoise(rule, sides, outcome, reports));
        List<Path> written = new ArrayList<>(summary.write(request.outputDirectory()));
        written.addAll(reportFiles);
        written.addAll(files);
        return new Result(summary, outcome, written);
    }

    /**
     * When every side is the same commit with the same arguments (Avro's "one branch, four names"), every change is
     * noise: per benchmark metric, the between-fork noise of all sides pooled, the smallest slowdown a treatment of
     * these forks would detect with 80 % power (the figure perf:calibrate gives), and the largest change seen.
     * Empty when the sides differ.
     */
    static List<TreatmentSummary.Noise> aaNoise(StopRule rule, List<ResolvedSide> sides, InterleavedResults outcome,
            List<GateReport> reports) {
        Set<String> distinct = new LinkedHashSet<>();
        sides.forEach(s -> distinct.add(s.commit + " " + s.shortId + " " + s.side.jvmArgs()));
        if (distinct.size() != 1) {
            return Collections.emptyList();
        }
        List<TreatmentSummary.Noise> noise = new ArrayList<>();
        for (InterleavedRun.BenchmarkProgress p : outcome.benchmarks()) {
            List<List<StopRule.MetricSamples>> perTreatment = new ArrayList<>();
            for (int arm = 1; arm < sides.size(); arm++) {
                perTreatment.add(rule.watched(p.results(0), p.results(arm)));
            }
            for (int m = 0; m < perTreatment.get(0).size(); m++) {
                StopRule.MetricSamples first = perTreatment.get(0).get(m);
                List<double[]> values = new ArrayList<>();
                values.add(first.baseline);
                int fewest = Integer.MAX_VALUE;
                for (List<StopRule.MetricSamples> t : perTreatment) {
                    if (m < t.size()) {
                        values.add(t.get(m).candidate);
                        fewest = Math.min(fewest, t.get(m).candidate.length);
                    }
                }
                double cv = Power.forkCv(values.toArray(new double[0][]));
                double detectable = fewest < 2 || !(cv > 0) ? Double.NaN : Power.detectableSlowdown(
                        first.baseline.length, fewest, cv, new io.perfgate.stats.Thresholds(first.thresholds.fail(),
                                first.thresholds.minEffect(), rule.decisionAlpha()), Power.DEFAULT_POWER);
                noise.add(new TreatmentSummary.Noise(first.describe(), cv, detectable,
                        largestChange(reports, first)));
            }
        }
        return noise;
    }

    /** The change of largest size any treatment's report shows for the metric. */
    private static double largestChange(List<GateReport> reports, StopRule.MetricSamples m) {
        double largest = Double.NaN;
        for (GateReport r : reports) {
            for (GateRow c : r.comparisons()) {
                if (c.id().equals(m.benchmark.id()) && c.metricName().equals(m.name) && !Double.isNaN(c.change())
                        && (Double.isNaN(largest) || Math.abs(c.change()) > Math.abs(largest))) {
                    largest = c.change();
                }
            }
        }
        return largest;
    }

    /** What the comparison of treatments measured and judged, and what the goal says of it. */
    public static final class Result {
        private final TreatmentSummary summary;
        private final InterleavedResults rounds;
        private final List<Path> files;

        Result(TreatmentSummary summary, InterleavedResults rounds, List<Path> files) {
            this.summary = summary;
            this.rounds = rounds;
            this.files = Collections.unmodifiableList(files);
        }

        public TreatmentSummary summary() {
            return summary;
        }

        public InterleavedResults rounds() {
            return rounds;
        }

        /** summary.csv and the other tables first, then each treatment's reports and each side's results. */
        public List<Path> writtenFiles() {
            return files;
        }

        /** Why the comparison cannot be judged: benchmarks a side could not measure; empty when all were. */
        public Optional<String> measurementFailure() {
            List<String> failures = rounds.failures();
            return failures.isEmpty() ? Optional.empty() : Optional.of(failures.size() + " benchmark(s) could not"
                    + " be measured: " + String.join("; ", failures));
        }

        public boolean failsBuild() {
            return summary.failsBuild();
        }

        /** The build failure's message: which treatments are slower, and where the table is. */
        public String regressionMessage(String table) {
            List<String> slower = summary.regressions();
            return (slower.isEmpty() ? "the gate failed" : "slower than the baseline: " + String.join("; ", slower))
                    + "; see " + table;
        }
    }
}
