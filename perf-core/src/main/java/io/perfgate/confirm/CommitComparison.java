package io.perfgate.confirm;

import io.perfgate.config.PerfProperties;
import io.perfgate.env.EnvironmentFingerprint;
import io.perfgate.forkprofile.ComparisonProfiler;
import io.perfgate.gate.Gate;
import io.perfgate.gate.GateReport;
import io.perfgate.gate.GateSettings;
import io.perfgate.interleaved.BenchmarkLauncher;
import io.perfgate.interleaved.InterleavedResults;
import io.perfgate.interleaved.InterleavedRun;
import io.perfgate.interleaved.InterleavedSchedule;
import io.perfgate.interleaved.Side;
import io.perfgate.interleaved.StopRule;
import io.perfgate.log.PerfLog;
import io.perfgate.profile.ProfileEvidence;
import io.perfgate.profile.ProfileMode;
import io.perfgate.profile.ProfilerSetup;
import io.perfgate.report.MethodologyWriter;
import io.perfgate.results.BenchmarkId;
import io.perfgate.results.Calibration;
import io.perfgate.results.PerfResults;
import io.perfgate.results.Provenance;
import io.perfgate.results.ResultsJson;
import io.perfgate.scenariorunner.ScenarioDefinition;
import io.perfgate.workspace.BaseBuilder;
import io.perfgate.workspace.BaseCheckout;
import io.perfgate.workspace.BaseRef;
import io.perfgate.workspace.CheckoutPaths;
import io.perfgate.workspace.CompareException;
import io.perfgate.workspace.GitRepository;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.BiPredicate;

/**
 * Two versions of the code measured side by side on this machine, for the benchmarks asked for: a commit (the
 * base) against another commit or the working tree (the candidate), in seeded interleaved rounds with the stop rule
 * of perf:compare (or, confirming rows that FAILed, its confirming form, {@link Request#confirming}), judged by the
 * gate. Each commit is checked out exactly (no merge base) with
 * {@code git worktree add --detach} under the output directory, built as perf:compare builds its base, and removed
 * again whatever happens. perf:check calls it to confirm a FAIL against the baseline's commit
 * ({@link FailConfirmation}); a change point of the history is confirmed the same way, commit against commit.
 */
public final class CommitComparison {
    private final BaseBuilder builder;
    private final BenchmarkLauncher launcher;
    private final PerfLog log;

    public CommitComparison(BaseBuilder builder, BenchmarkLauncher launcher, PerfLog log) {
        this.builder = Objects.requireNonNull(builder);
        this.launcher = Objects.requireNonNull(launcher);
        this.log = Objects.requireNonNull(log);
    }

    /** What to compare, where the running build is, and how the rounds run. Immutable. */
    public static final class Request {
        private final CheckoutPaths paths;
        private final List<Path> workingTreeClasspath;
        private final GateSettings settings;
        private final String base;
        private final String candidate;
        private final List<String> benchmarks;
        private final long seed;
        private final boolean adaptive;
        private final int maxForks;
        private final Calibration calibration;
        private final String toolVersion;
        private final String goal;
        private final Path resultsDirectory;
        private final ProfilerSetup profiling;
        private final BiPredicate<BenchmarkId, String> confirmed;

        /**
         * @param paths where the running build is; the checkouts go below its output directory
         * @param workingTreeClasspath the working tree's test classpath, measured when the candidate is not a commit
         * @param settings the gate's settings; the rounds are judged at the stop rule's decision level
         */
        public Request(CheckoutPaths paths, List<Path> workingTreeClasspath, GateSettings settings) {
            this(paths, new ArrayList<>(workingTreeClasspath), settings, null, null, new ArrayList<>(),
                    InterleavedSchedule.randomSeed(), true, Integer.parseInt(PerfProperties.DEFAULT_MAX_FORKS), null,
                    "unknown", "perf:compare", paths.outputDirectory().resolve("side-by-side"), null, null);
        }

        private Request(CheckoutPaths paths, List<Path> workingTreeClasspath, GateSettings settings, String base,
                String candidate, List<String> benchmarks, long seed, boolean adaptive, int maxForks,
                Calibration calibration, String toolVersion, String goal, Path resultsDirectory,
                ProfilerSetup profiling, BiPredicate<BenchmarkId, String> confirmed) {
            this.paths = Objects.requireNonNull(paths);
            this.workingTreeClasspath = List.copyOf(workingTreeClasspath);
            this.settings = Objects.requireNonNull(settings);
            this.base = base;
            this.candidate = candidate;
            this.benchmarks = List.copyOf(benchmarks);
            this.seed = seed;
            this.adaptive = adaptive;
            this.maxForks = maxForks;
            this.calibration = calibration;
            this.toolVersion = Objects.requireNonNull(toolVersion);
            this.goal = Objects.requireNonNull(goal);
            this.resultsDirectory = Objects.requireNonNull(resultsDirectory);
            this.profiling = profiling;
            this.confirmed = confirmed;
        }

        private Request with(String base, String candidate, List<String> benchmarks, long seed, boolean adaptive,
                int maxForks, Calibration calibration, String toolVersion, String goal, Path resultsDirectory) {
            return new Request(paths, workingTreeClasspath, settings, base, candidate, benchmarks, seed, adaptive,
                    maxForks, calibration, toolVersion, goal, resultsDirectory, profiling, confirmed);
        }

        /**
         * Profiles what {@code setup}'s mode selects of the verdicts (perf:compare's {@code perf.profile}) while both
         * checkouts are still built, under {@code <results directory>/profiles}; null or mode none: no profiling.
         */
        public Request profiling(ProfilerSetup setup) {
            return new Request(paths, workingTreeClasspath, settings, base, candidate, benchmarks, seed, adaptive,
                    maxForks, calibration, toolVersion, goal, resultsDirectory, setup, confirmed);
        }

        /**
         * The rounds confirm the rows {@code rows} accepts (a result's id and a metric's name) and stop as soon as
         * each is FAIL or ruled out ({@link StopRule#confirming}); without it they stop as perf:compare's do.
         */
        public Request confirming(BiPredicate<BenchmarkId, String> rows) {
            return new Request(paths, workingTreeClasspath, settings, base, candidate, benchmarks, seed, adaptive,
                    maxForks, calibration, toolVersion, goal, resultsDirectory, profiling, rows);
        }

        /** The commit-ish measured as the base, and the one measured as the candidate (null: the working tree). */
        public Request commits(String baseCommit, String candidateCommit) {
            return with(Objects.requireNonNull(baseCommit), candidateCommit, benchmarks, seed, adaptive, maxForks,
                    calibration, toolVersion, goal, resultsDirectory);
        }

        /** The benchmarks to measure, as the launcher names them (a scenario as {@code scenario <id>}). */
        public Request benchmarks(List<String> names) {
            return with(base, candidate, names, seed, adaptive, maxForks, calibration, toolVersion, goal,
                    resultsDirectory);
        }

        /** The rounds: their order's seed, adaptive stopping, the most rounds and the stored between-fork noise. */
        public Request rounds(long seedValue, boolean adaptiveStop, int mostRounds, Calibration stored) {
            return with(base, candidate, benchmarks, seedValue, adaptiveStop, mostRounds, stored, toolVersion, goal,
                    resultsDirectory);
        }

        /** The tool's version and the goal, as the results name what measured them. */
        public Request describedAs(String version, String goalName) {
            return with(base, candidate, benchmarks, seed, adaptive, maxForks, calibration, version, goalName,
                    resultsDirectory);
        }

        /** Where both sides' results are written ({@code base-results.json}, {@code results.json}). */
        public Request resultsDirectory(Path directory) {
            return with(base, candidate, benchmarks, seed, adaptive, maxForks, calibration, toolVersion, goal,
                    directory);
        }

        /** Whether the comparison profiles after its rounds ({@link #profiling}, a mode other than none). */
        public boolean profiles() {
            return profiling != null && profiling.mode() != ProfileMode.NONE;
        }

        public CheckoutPaths paths() {
            return paths;
        }

        public List<String> benchmarks() {
            return benchmarks;
        }

        public Path resultsDirectory() {
            return resultsDirectory;
        }
    }

    /** Both sides' verdicts, and what they cost. */
    public static final class Result {
        private final GateReport report;
        private final InterleavedResults rounds;
        private final String baseCommit;
        private final String baseShort;
        private final String candidate;
        private final Duration build;
        private final Duration measurement;
        private final List<ProfileEvidence> profiles;

        Result(GateReport report, InterleavedResults rounds, String baseCommit, String baseShort, String candidate,
                Duration build, Duration measurement, List<ProfileEvidence> profiles) {
            this.report = report;
            this.rounds = rounds;
            this.baseCommit = baseCommit;
            this.baseShort = baseShort;
            this.candidate = candidate;
            this.build = build;
            this.measurement = measurement;
            this.profiles = List.copyOf(profiles);
        }

        /** The profiles taken after the rounds (empty without {@link Request#profiling}, or nothing selected). */
        public List<ProfileEvidence> profiles() {
            return profiles;
        }

        /** The gate's verdicts on the side-by-side rounds, the base as its baseline. */
        public GateReport report() {
            return report;
        }

        /** Every benchmark's rounds, how each stopped, and the forks that failed. */
        public InterleavedResults rounds() {
            return rounds;
        }

        public String baseCommit() {
            return baseCommit;
        }

        /** The base commit's short id, as messages name it. */
        public String baseShort() {
            return baseShort;
        }

        /** {@code the working tree}, or {@code commit <short id>}. */
        public String candidate() {
            return candidate;
        }

        /** The wall time the checkouts and their builds took. */
        public Duration build() {
            return build;
        }

        /** The wall time the rounds took. */
        public Duration measurement() {
            return measurement;
        }

        /** The most rounds any benchmark ran: the rounds the comparison took. */
        public int maxRounds() {
            return rounds.benchmarks().stream().mapToInt(InterleavedRun.BenchmarkProgress::rounds).max().orElse(0);
        }

        /**
         * The rounds {@code benchmark} ran (a result's name; a scenario's results are named without the
         * {@code scenario } prefix the launcher knows it by); 0 when it was not measured.
         */
        public int roundsOf(String benchmark) {
            for (InterleavedRun.BenchmarkProgress p : rounds.benchmarks()) {
                if (p.benchmark().equals(benchmark)
                        || p.benchmark().equals(ScenarioDefinition.SUITE_PREFIX + benchmark)) {
                    return p.rounds();
                }
            }
            return 0;
        }

        /** Why {@code benchmark} has no verdict side by side: its fork failed; null when nothing failed. */
        public String failureOf(String benchmark) {
            for (InterleavedRun.BenchmarkProgress p : rounds.benchmarks()) {
                if (p.failed() && (p.benchmark().equals(benchmark)
                        || p.benchmark().equals(ScenarioDefinition.SUITE_PREFIX + benchmark))) {
                    return p.reason();
                }
            }
            return null;
        }
    }

    /**
     * Checks out and builds the base commit (and the candidate commit, when one is given), measures the benchmarks
     * asked for on both in interleaved rounds, writes both sides' results and judges them.
     *
     * @throws CompareException when a commit is unknown or does not build, or no benchmark asked for is on both
     *     sides
     */
    public Result compare(Request request) throws CompareException, IOException {
        if (request.base == null || request.benchmarks.isEmpty()) {
            throw new IllegalArgumentException("a comparison needs a base commit and benchmarks: " + request.base
                    + ", " + request.benchmarks);
        }
        StopRule rule;
        try {
            rule = new StopRule(request.adaptive, request.maxForks, request.settings, request.calibration);
            if (request.confirmed != null) {
                rule = rule.confirming(request.confirmed);
            }
        } catch (IllegalArgumentException e) {
            throw new CompareException(e.getMessage(), e);
        }
        CheckoutPaths paths = request.paths;
        GitRepository git = GitRepository.open(paths.moduleDirectory());
        BaseRef base = BaseRef.exactly(git, git.resolveCommit(request.base),
                paths.moduleDirectory(), paths.reactorRoot(), paths.outputDirectory(), "commit-");
        BaseRef candidate = request.candidate == null ? null
                : BaseRef.exactly(git, git.resolveCommit(request.candidate), paths.moduleDirectory(),
                        paths.reactorRoot(), paths.outputDirectory(), "commit-");
        requireModule(git, base, paths);
        if (candidate != null) {
            requireModule(git, candidate, paths);
        }
        if (candidate != null && candidate.base().equals(base.base())) {
            throw new CompareException("Both sides are commit " + base.baseShort() + "; compare two different commits,"
                    + " or a commit against the working tree");
        }
        String candidateLabel = candidate == null ? "the working tree" : "commit " + candidate.baseShort();
        Files.createDirectories(request.resultsDirectory);
        long started = System.nanoTime();
        try (BaseCheckout baseCheckout = BaseCheckout.open(git, base, builder, paths,
                buildLog(request, base), log);
                BaseCheckout candidateCheckout = candidate == null ? null
                        : BaseCheckout.open(git, candidate, builder, paths, buildLog(request, candidate), log)) {
            Duration build = Duration.ofNanos(System.nanoTime() - started);
            List<Path> baseClasspath = baseCheckout.classpath();
            List<Path> candidateClasspath = candidateCheckout == null ? request.workingTreeClasspath
                    : candidateCheckout.classpath();
            List<String> measured = onBothSides(request.benchmarks, baseClasspath, candidateClasspath,
                    "commit " + base.baseShort(), candidateLabel);
            long roundsStarted = System.nanoTime();
            InterleavedRun run = new InterleavedRun(new InterleavedSchedule(request.seed), rule, log)
                    .settings(launcher.settings()).fixedLengths(b -> launcher.fixedLength(candidateClasspath, b))
                    .sides("commit " + base.baseShort() + " and " + candidateLabel);
            InterleavedResults outcome = run.run(measured, (side, benchmark, round) -> launcher.runFork(
                    side == Side.BASE ? baseClasspath : candidateClasspath, benchmark,
                    side == Side.BASE ? "base" : "candidate", round));
            Duration measurement = Duration.ofNanos(System.nanoTime() - roundsStarted);

            String createdAt = Instant.now().truncatedTo(ChronoUnit.SECONDS).toString();
            String status = outcome.failures().isEmpty() ? PerfResults.STATUS_COMPLETE : PerfResults.STATUS_PARTIAL;
            PerfResults baseResults = results(request, Side.BASE, base, outcome, rule, createdAt, status);
            PerfResults candidateResults = results(request, Side.CANDIDATE, candidate, outcome, rule, createdAt,
                    status);
            Path baseFile = request.resultsDirectory.resolve(InterleavedResults.BASE_RESULTS);
            Path candidateFile = request.resultsDirectory.resolve(InterleavedResults.RESULTS);
            ResultsJson.write(baseResults, baseFile);
            ResultsJson.write(candidateResults, candidateFile);
            GateReport report = new Gate(request.settings.withAlpha(rule.decisionAlpha()))
                    .toolVersion(request.toolVersion).baselineCommand(request.goal + " (it measures both sides)")
                    .check(baseResults, baseFile.toString(), candidateResults, candidateFile.toString());
            List<ProfileEvidence> profiles = new ArrayList<>();
            if (request.profiles()) {
                // while both checkouts are still built; profiling never changes the verdicts it follows
                Path profilesDirectory = request.resultsDirectory.resolve(MethodologyWriter.PROFILES_DIRECTORY);
                ComparisonProfiler.clearStale(profilesDirectory);
                profiles.addAll(new ComparisonProfiler(launcher, request.profiling, log).profile(report,
                        baseClasspath, candidateClasspath, profilesDirectory, request.seed));
            }
            return new Result(report, outcome, base.base(), base.baseShort(), candidateLabel, build, measurement,
                    profiles);
        }
    }

    /**
     * The module must be in the commit: one added since, or a project that lies in another project's repository
     * without being committed there, has nothing to build, which is said before anything is checked out.
     */
    private static void requireModule(GitRepository git, BaseRef ref, CheckoutPaths paths)
            throws CompareException {
        Path pom = git.relativize(paths.moduleDirectory()).resolve("pom.xml");
        if (!git.hasFile(ref.base(), pom)) {
            throw new CompareException("commit " + ref.baseShort() + " has no " + pom.toString().replace('\\', '/')
                    + ": the module is not in it");
        }
    }

    private static Path buildLog(Request request, BaseRef ref) {
        return request.resultsDirectory.resolve("build-" + ref.baseShort() + ".log");
    }

    /** The benchmarks asked for that both sides have; the others are logged. */
    private List<String> onBothSides(List<String> asked, List<Path> baseClasspath, List<Path> candidateClasspath,
            String baseLabel, String candidateLabel) throws CompareException {
        List<String> onBase = launcher.discover(baseClasspath, baseLabel);
        List<String> onCandidate = launcher.discover(candidateClasspath, candidateLabel);
        List<String> both = new ArrayList<>();
        for (String name : asked) {
            if (!onBase.contains(name)) {
                log.info(name + " is not in " + baseLabel + ": not measured side by side");
            } else if (!onCandidate.contains(name)) {
                log.info(name + " is not in " + candidateLabel + ": not measured side by side");
            } else {
                both.add(name);
            }
        }
        if (both.isEmpty()) {
            throw new CompareException("None of " + String.join(", ", asked) + " is both in " + baseLabel + " and in "
                    + candidateLabel + "; nothing to measure side by side");
        }
        return both;
    }

    /** One side's results, with the commit it was built from; the machine and JVM are the same for both. */
    private PerfResults results(Request request, Side side, BaseRef commit,
            InterleavedResults outcome, StopRule rule, String createdAt, String status) {
        Map<String, String> provenance = new LinkedHashMap<>();
        provenance.put(Provenance.ROLE, side == Side.BASE ? Provenance.ROLE_BASE : Provenance.ROLE_CANDIDATE);
        Map<String, String> environment = new LinkedHashMap<>(launcher.environment());
        if (commit != null) {
            provenance.put(Provenance.COMMIT, commit.base());
            provenance.put(Provenance.SUBJECT, commit.baseSubject());
            environment.put(EnvironmentFingerprint.GIT_COMMIT, commit.base());
            environment.put(EnvironmentFingerprint.GIT_DIRTY, "false");
        }
        provenance.put(Provenance.MEASURED_WITH, request.goal + ", side by side, interleaved");
        provenance.put(Provenance.COMPARISON_ALPHA, Double.toString(rule.decisionAlpha()));
        Map<String, String> settings = new LinkedHashMap<>(launcher.settings());
        settings.put(PerfProperties.SEED, Long.toString(request.seed));
        settings.put(PerfProperties.ADAPTIVE, Boolean.toString(request.adaptive));
        settings.put(PerfProperties.MAX_FORKS, Integer.toString(request.maxForks));
        return PerfResults.builder().status(status).createdAt(createdAt).toolVersion(request.toolVersion)
                .environment(environment).settings(settings).provenance(provenance)
                .benchmarks(outcome.results(side)).build();
    }
}
