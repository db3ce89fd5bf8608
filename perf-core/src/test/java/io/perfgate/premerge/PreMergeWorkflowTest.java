package io.perfgate.premerge;

import static io.perfgate.workspace.GitRepositoryTest.git;
import static io.perfgate.workspace.GitRepositoryTest.write;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.perfgate.affected.ExecutedCode;
import io.perfgate.affected.ExecutedCodeSelectionTest;
import io.perfgate.confirm.BisectExitCode;
import io.perfgate.interleaved.BenchmarkLauncher;
import io.perfgate.interleaved.FakeForks;
import io.perfgate.log.PerfLog;
import io.perfgate.results.BenchmarkResult;
import io.perfgate.results.PerfResults;
import io.perfgate.results.Provenance;
import io.perfgate.results.ResultsJson;
import io.perfgate.testing.Golden;
import io.perfgate.testing.Javac;
import io.perfgate.testing.LogLines;
import io.perfgate.text.CommitIds;
import io.perfgate.workspace.BaseBuilder;
import io.perfgate.workspace.CheckoutPaths;
import io.perfgate.workspace.CompareException;
import io.perfgate.workspace.GitRepository;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PreMergeWorkflowTest {
    @TempDir
    Path tmp;
    private Path repo;
    private Path module;
    private String baseCommit;
    private final LogLines log = new LogLines();

    @BeforeEach
    void makeRepository() throws Exception {
        repo = tmp.resolve("repo");
        module = repo.resolve("bench");
        write(repo.resolve("pom.xml"), "<project/>");
        write(module.resolve("pom.xml"), "<project/>");
        write(module.resolve("speed.txt"), "100");
        write(repo.resolve(".gitignore"), "target/\n");
        git(repo, "init", "-q", "-b", "main");
        git(repo, "add", "-A");
        git(repo, "commit", "-q", "-m", "base version");
        baseCommit = git(repo, "rev-parse", "HEAD");
        git(repo, "checkout", "-q", "-b", "patch");
        write(module.resolve("speed.txt"), "150");
        git(repo, "commit", "-q", "-am", "slower");
        git(repo, "stash", "list");
        write(module.resolve("notes.txt"), "uncommitted and untracked");
    }

    /** "Builds" by reading speed.txt of the checkout: the classpath's single entry carries the speed. */
    private static final class SpeedFileBuilder implements BaseBuilder {
        Path seenRoot;
        Path seenModule;

        @Override
        public List<Path> buildClasspath(Path reactorRoot, Path module, Path testOutput, Path mainOutput,
                Path logFile, PerfLog log) throws CompareException {
            seenRoot = reactorRoot;
            seenModule = module;
            try {
                String speed = new String(Files.readAllBytes(reactorRoot.resolve(module).resolve("speed.txt")),
                        StandardCharsets.UTF_8).trim();
                return Collections.singletonList(Path.of("speed-" + speed));
            } catch (IOException e) {
                throw new CompareException("no speed.txt", e);
            }
        }
    }

    private static class SpeedLauncher implements BenchmarkLauncher {
        final Random random = new Random(3);

        @Override
        public List<String> discover(List<Path> classpath, String sideLabel) throws CompareException {
            return Arrays.asList("x.Bench.run");
        }

        @Override
        public List<BenchmarkResult> runFork(List<Path> classpath, String benchmark, String sideLabel, int round) {
            double speed = Double.parseDouble(classpath.get(0).toString().substring("speed-".length()));
            return Collections.singletonList(FakeForks.result(benchmark, FakeForks.fork(random, speed, 0.01, 3)));
        }

        @Override
        public Map<String, String> environment() {
            return Collections.singletonMap("cpu.cores", "2");
        }

        @Override
        public Map<String, String> settings() {
            return Collections.singletonMap("perf.warmupIterations", "1");
        }
    }

    private CompareRequest request(String against) {
        return CompareRequest.builder().against(against).moduleDirectory(module).reactorRoot(repo)
                .outputDirectory(module.resolve("target/perf")).candidateClasspath(
                        Collections.singletonList(Path.of("speed-150")))
                .seed(11).maxForks(10).toolVersion("test").build();
    }

    private String state() throws Exception {
        return String.join("\n---\n", git(repo, "status", "--porcelain"), git(repo, "branch", "-a", "-v"),
                git(repo, "stash", "list"), git(repo, "worktree", "list"), git(repo, "rev-parse", "HEAD"));
    }

    /**
     * The reports of a comparison name the goal that ran it: before, a perf:compare wrote a report.md and a console
     * table headed "perf:check".
     */
    @Test
    void theReportsNameTheGoalThatRan() throws Exception {
        PreMergeResult result = new PreMergeWorkflow(new SpeedFileBuilder(), new SpeedLauncher(), log)
                .run(request("main"));

        String markdown = new String(Files.readAllBytes(module.resolve("target/perf/report.md")),
                StandardCharsets.UTF_8);
        assertTrue(markdown.startsWith("## perf:compare: " + result.report().outcome() + " - "), markdown);
        assertFalse(markdown.contains("perf:check"), markdown);
        String consoleHead = io.perfgate.report.ConsoleReport.render(result.report()).get(0).text();
        assertTrue(consoleHead.startsWith("perf:compare ") && consoleHead.contains(" vs baseline "), consoleHead);
    }

    @Test
    void measuresBothSidesAndNamesTheBaseCommitWithoutTouchingTheCheckout() throws Exception {
        String before = state();
        SpeedFileBuilder builder = new SpeedFileBuilder();
        PreMergeResult result = new PreMergeWorkflow(builder, new SpeedLauncher(), log).run(request("main"));

        assertEquals(Path.of("bench"), builder.seenModule);
        assertTrue(builder.seenRoot.toString().contains("target/perf/base-"), builder.seenRoot.toString());
        assertEquals(baseCommit, result.baseCommit());
        assertTrue(result.dirty());
        assertTrue(log.infos().stream().anyMatch(l -> l.matches("Base: [0-9a-f]+ \"base version\", the merge base"
                + " of HEAD \\([0-9a-f]+\\) and main")), log.toString());
        PerfResults base = ResultsJson.read(module.resolve("target/perf/base-results.json"));
        PerfResults candidate = ResultsJson.read(module.resolve("target/perf/results.json"));
        assertEquals(baseCommit, base.provenance().get("git.commit"));
        assertEquals("base version", base.provenance().get("git.subject"));
        assertEquals("11", base.settings().get("perf.seed"));
        // adaptive, so judged at alpha / 2; a later check of these files (merged shards) judges them alike
        assertEquals("0.025", base.provenance().get(Provenance.COMPARISON_ALPHA));
        assertEquals("0.025", candidate.provenance().get(Provenance.COMPARISON_ALPHA));
        assertEquals("true", candidate.provenance().get("git.dirty"));
        // a 50 % slowdown settles at the first look: 5 forks a side
        assertEquals(5, base.benchmarks().get(0).forks().size());
        assertEquals(5, candidate.benchmarks().get(0).forks().size());
        assertTrue(candidate.benchmarks().get(0).forks().get(0).primaryMedian() > 140);
        assertTrue(base.benchmarks().get(0).forks().get(0).primaryMedian() < 110);
        assertEquals(0.025, result.decisionAlpha(), 1e-12);

        // the gate judged it at alpha / 2, named the benchmark, and the reports name the base commit
        assertTrue(result.report().failsBuild());
        assertEquals(1, result.report().regressions().size());
        assertTrue(result.report().regressions().get(0).contains("Bench.run"), result.report().regressions().get(0));
        assertEquals(0.025, result.report().comparisons().get(0).alpha(), 1e-12);
        String markdown = new String(Files.readAllBytes(module.resolve("target/perf/report.md")),
                StandardCharsets.UTF_8);
        assertTrue(markdown.contains(baseCommit), markdown);
        assertTrue(Files.exists(module.resolve("target/perf/report.json")));
        assertTrue(Files.exists(module.resolve("target/perf/TEST-perf.xml")));
        assertEquals(BisectExitCode.BAD, result.bisectExitCode());

        // what perf:compare says: every benchmark was measured, the outcome, and which benchmark got slower
        String against = "perf:compare against base " + result.baseShort() + " (merge base of HEAD and main): ";
        assertFalse(result.measurementFailure().isPresent());
        assertEquals(against + result.report().outcome() + " - " + result.report().summary(), result.summary());
        assertTrue(result.regressionMessage("target/perf/report.json").startsWith(against + "Bench.run slower; ")
                || result.regressionMessage("target/perf/report.json").startsWith(against + "x.Bench.run slower; "),
                result.regressionMessage("target/perf/report.json"));
        List<Path> written = result.writtenFiles();
        assertEquals(module.resolve("target/perf/base-results.json"), written.get(written.size() - 2));
        assertEquals(module.resolve("target/perf/results.json"), written.get(written.size() - 1));

        assertEquals(before, state());
        assertFalse(Files.exists(builder.seenRoot));
        try (java.util.stream.Stream<Path> s = Files.list(module.resolve("target/perf"))) {
            assertTrue(s.noneMatch(p -> p.getFileName().toString().startsWith("base-")
                    && Files.isDirectory(p)));
        }
    }

    @Test
    void perfCheckWithAgainstNamesItselfAsTheGoalThatCompared() throws Exception {
        // the README's profile: perf:check compares; its summary, failure and the base's provenance say perf:check
        CompareRequest request = request("main").toBuilder().goal("perf:check").build();
        PreMergeResult result = new PreMergeWorkflow(new SpeedFileBuilder(), new SpeedLauncher(), log).run(request);
        String against = "perf:check against base " + result.baseShort() + " (merge base of HEAD and main): ";
        assertTrue(result.summary().startsWith(against), result.summary());
        assertTrue(result.regressionMessage(null).startsWith(against), result.regressionMessage(null));
        PerfResults base = ResultsJson.read(module.resolve("target/perf/base-results.json"));
        assertEquals("perf:check, interleaved with the candidate", base.provenance().get("measuredWith"));
    }

    @Test
    void anUnchangedBenchmarkPasses() throws Exception {
        CompareRequest aa = request("main").toBuilder().candidateClasspath(
                Collections.singletonList(Path.of("speed-100"))).build();
        PreMergeResult result = new PreMergeWorkflow(new SpeedFileBuilder(), new SpeedLauncher(), log).run(aa);
        assertFalse(result.report().failsBuild());
        assertEquals(io.perfgate.stats.Verdict.PASS, result.report().comparisons().get(0).verdict());
        assertEquals(5, result.rounds().benchmarks().get(0).rounds());
        assertEquals(BisectExitCode.GOOD, result.bisectExitCode());
    }

    @Test
    void aBaseThatDoesNotBuildIsReportedAndItsCheckoutRemoved() throws Exception {
        String before = state();
        BaseBuilder failing = (root, mod, t, m, logFile, l) -> {
            throw new CompareException("The base commit does not build: mvn failed (exit code 1). Last lines: ...");
        };
        CompareException e = assertThrows(CompareException.class,
                () -> new PreMergeWorkflow(failing, new SpeedLauncher(), log).run(request("main")));
        assertTrue(e.getMessage().startsWith("The base commit does not build"), e.getMessage());
        assertEquals(before, state());
        assertFalse(Files.exists(module.resolve("target/perf/results.json")));
    }

    /** perf:profile with perf.against checks out and builds the base as a comparison does, and removes it alike. */
    @Test
    void profilingAgainstABaseRemovesItsCheckoutWhateverHappens() throws Exception {
        String before = state();
        CheckoutPaths paths = request("main").paths();
        List<Path> candidate = Collections.singletonList(Path.of("speed-150"));
        BaseBuilder failing = (root, mod, t, m, logFile, l) -> {
            throw new CompareException("The base commit does not build");
        };
        CompareException broken = assertThrows(CompareException.class, () -> new PreMergeWorkflow(failing,
                new SpeedLauncher(), log).profileOnly("main", paths, candidate, 1, null));
        assertEquals("The base commit does not build", broken.getMessage());
        assertEquals(before, state());

        SpeedFileBuilder builder = new SpeedFileBuilder();
        SpeedLauncher disjoint = new SpeedLauncher() {
            @Override
            public List<String> discover(List<Path> classpath, String sideLabel) {
                return Collections.singletonList(classpath.get(0).toString().equals("speed-100") ? "x.Old.run"
                        : "x.New.run");
            }
        };
        CompareException none = assertThrows(CompareException.class, () -> new PreMergeWorkflow(builder, disjoint,
                log).profileOnly("main", paths, candidate, 1, null));
        assertTrue(none.getMessage().startsWith("No benchmark selected in the working tree (1) also exists in the"
                + " base "), none.getMessage());
        assertEquals(Path.of("bench"), builder.seenModule, "the base was built");
        assertTrue(log.infos().contains("x.New.run is new (not in the base): not profiled; without perf.against"
                + " perf:profile profiles the working tree alone"), log.toString());
        assertEquals(before, state());
    }

    @Test
    void aWorkingTreeWithoutBenchmarksIsRefusedBeforeTheBaseIsBuilt() throws Exception {
        String before = state();
        SpeedFileBuilder builder = new SpeedFileBuilder();
        SpeedLauncher none = new SpeedLauncher() {
            @Override
            public List<String> discover(List<Path> classpath, String sideLabel) throws CompareException {
                throw new CompareException("The " + sideLabel + " has no JMH benchmarks");
            }
        };
        CompareException e = assertThrows(CompareException.class,
                () -> new PreMergeWorkflow(builder, none, log).run(request("main")));
        assertEquals("The working tree has no JMH benchmarks", e.getMessage());
        assertEquals(null, builder.seenRoot, "the base was checked out and built before the working tree was looked at");
        assertEquals(before, state());
    }

    @Test
    void anUnknownOrOptionLikeRefIsRefusedBeforeAnythingIsCheckedOut() throws Exception {
        String before = state();
        PreMergeWorkflow comparison = new PreMergeWorkflow(new SpeedFileBuilder(), new SpeedLauncher(), log);
        CompareException unknown = assertThrows(CompareException.class, () -> comparison.run(request("origin/nope")));
        assertTrue(unknown.getMessage().contains("'origin/nope' names no commit"), unknown.getMessage());
        CompareException option = assertThrows(CompareException.class,
                () -> comparison.run(request("--upload-pack=x")));
        assertTrue(option.getMessage().contains("would be read as an option"), option.getMessage());
        assertEquals(before, state());
    }

    @Test
    void benchmarksOnOneSideOnlyAreNamedAndNotCompared() throws Exception {
        SpeedLauncher launcher = new SpeedLauncher() {
            @Override
            public List<String> discover(List<Path> classpath, String sideLabel) {
                return classpath.get(0).toString().equals("speed-100") ? Arrays.asList("x.Bench.run", "x.Bench.old")
                        : Arrays.asList("x.Bench.run", "x.Bench.added");
            }
        };
        PreMergeResult result = new PreMergeWorkflow(new SpeedFileBuilder(), launcher, log).run(request("main"));
        assertEquals(Collections.singletonList("x.Bench.added"), result.newBenchmarks());
        assertEquals(Collections.singletonList("x.Bench.old"), result.removedBenchmarks());
        assertEquals(1, result.candidate().benchmarks().size());
        assertTrue(log.infos().contains("x.Bench.added is new (not in the base): not compared"), log.toString());
    }

    /**
     * A shard left with nothing (fewer compared benchmarks than shards) says so in one line and succeeds, with
     * reports of no comparison and results files the merge takes as that shard's part: before, it stopped the build
     * with "Shard 2/2 has nothing to compare".
     */
    @Test
    void anEmptyShardSaysSoAndSucceedsAndItsResultsMergeWithTheOthers() throws Exception {
        SpeedFileBuilder builder = new SpeedFileBuilder();
        PreMergeWorkflow workflow = new PreMergeWorkflow(builder, new SpeedLauncher(), log);
        Path perf = module.resolve("target/perf");
        Path shards = Files.createDirectories(tmp.resolve("shards"));

        PreMergeResult first = workflow.run(request("main").toBuilder().shard(shard("1/2")).build());
        assertEquals(1, first.candidate().benchmarks().size());
        assertTrue(log.infos().contains("Shard 1/2 (perf.shard): 1 of the 1 benchmark both sides have: x.Bench.run"),
                log.toString());
        Files.copy(perf.resolve("results.json"), shards.resolve("candidate-1.json"));
        Files.copy(perf.resolve("base-results.json"), shards.resolve("base-1.json"));

        PreMergeResult empty = workflow.run(request("main").toBuilder().shard(shard("2/2")).build());
        assertTrue(log.infos().contains("Shard 2/2 (perf.shard): nothing to compare here: both sides have 1"
                + " benchmark for 2 shards (shard 1 compares it)"), log.toString());
        assertEquals(Path.of("bench"), builder.seenModule, "the base is built before the shard knows it is empty");
        assertEquals(0, empty.candidate().benchmarks().size());
        assertEquals(0, empty.report().comparisons().size());
        assertFalse(empty.report().failsBuild());
        assertEquals("2/2", empty.candidate().settings().get("perf.shard"));
        String markdown = new String(Files.readAllBytes(perf.resolve("report.md")), StandardCharsets.UTF_8);
        assertTrue(markdown.startsWith("## perf:compare: PASS - "), markdown);
        // the report says why it compared nothing; the summary says that it did
        assertTrue(markdown.contains("- Shard 2/2 (perf.shard): nothing to compare here: both sides have 1 benchmark"
                + " for 2 shards (shard 1 compares it)\n"), markdown);
        assertTrue(empty.summary().endsWith(": PASS - nothing compared"), empty.summary());
        Files.copy(perf.resolve("results.json"), shards.resolve("candidate-2.json"));
        Files.copy(perf.resolve("base-results.json"), shards.resolve("base-2.json"));

        // perf:merge of each side takes the empty shard as its part of the suite
        for (String side : new String[] {"candidate", "base"}) {
            io.perfgate.shard.ShardMerge.Merged merged = io.perfgate.shard.ShardMerge.merge(Arrays.asList(
                    new io.perfgate.shard.ShardMerge.Input(shards.resolve(side + "-1.json"),
                            ResultsJson.read(shards.resolve(side + "-1.json"))),
                    new io.perfgate.shard.ShardMerge.Input(shards.resolve(side + "-2.json"),
                            ResultsJson.read(shards.resolve(side + "-2.json")))));
            assertEquals(1, merged.results().benchmarks().size(), side);
            assertEquals(null, merged.results().settings().get("perf.shard"), side);
        }
    }

    private static io.perfgate.shard.Shard shard(String value) throws Exception {
        return io.perfgate.shard.Shard.parse("perf.shard", value);
    }

    /** Real class files, so that perf.affected selects: D and A reach the changed class, B and C do not. */
    private List<Path> affectedClasses(String side, String constant) throws Exception {
        Path src = Files.createDirectories(tmp.resolve(side + "-src/p"));
        Path out = Files.createDirectories(tmp.resolve(side + "-classes"));
        List<String> args = new java.util.ArrayList<>(Arrays.asList("-d", out.toString(), "--release", "11"));
        Map<String, String> sources = new java.util.LinkedHashMap<>();
        sources.put("Changed", "package p; class Changed { static int v() { return " + constant + "; } }");
        sources.put("Same", "package p; class Same { static int v() { return 1; } }");
        sources.put("ABench", "package p; public class ABench { public int run() { return Changed.v(); } }");
        sources.put("BBench", "package p; public class BBench { public int run() { return Same.v(); } }");
        sources.put("CBench", "package p; public class CBench { public int run() { return Same.v(); } }");
        sources.put("DBench", "package p; public class DBench { public int run() { return Changed.v(); } }");
        for (Map.Entry<String, String> e : sources.entrySet()) {
            Path file = src.resolve(e.getKey() + ".java");
            Files.write(file, e.getValue().getBytes(StandardCharsets.UTF_8));
            args.add(file.toString());
        }
        assertEquals(0, javax.tools.ToolProvider.getSystemJavaCompiler().run(null, null, null,
                args.toArray(new String[0])), "javac");
        return Collections.singletonList(out);
    }

    /** The four benchmarks of {@link #affectedClasses}, A to D taking 4, 3, 2 and 1 s a fork, alike on both sides. */
    private static SpeedLauncher affectedLauncher() {
        Map<String, Double> seconds = Map.of("p.ABench.run", 4.0, "p.BBench.run", 3.0, "p.CBench.run", 2.0,
                "p.DBench.run", 1.0);
        return new SpeedLauncher() {
            @Override
            public List<String> discover(List<Path> classpath, String sideLabel) {
                return Arrays.asList("p.ABench.run", "p.BBench.run", "p.CBench.run", "p.DBench.run");
            }

            @Override
            public List<BenchmarkResult> runFork(List<Path> classpath, String benchmark, String sideLabel,
                    int round) {
                return Collections.singletonList(FakeForks.result(benchmark, FakeForks.fork(random, 100, 0.01, 3)));
            }

            @Override
            public double expectedSeconds(List<Path> classpath, String benchmark) {
                return seconds.get(benchmark);
            }
        };
    }

    /**
     * The shards deal what perf.affected selected, by expected time: A (4 s a fork) and D (1 s) are selected of A, B
     * (3 s), C (2 s) and D. Dealt before the selection, as before, shard 1 got A and D and shard 2 (B, C) compared
     * nothing; dealt after it, each shard compares one, and with four shards two say they have nothing to compare.
     */
    @Test
    void theShardsDealWhatPerfAffectedSelected() throws Exception {
        List<Path> baseClasses = affectedClasses("base", "1");
        List<Path> candidateClasses = affectedClasses("candidate", "2");
        BaseBuilder builder = (root, mod, testOutput, mainOutput, logFile, l) -> baseClasses;
        SpeedLauncher launcher = affectedLauncher();
        java.util.function.Function<String, CompareRequest> sharded = shard -> {
            try {
                return request("main").toBuilder().candidateClasspath(candidateClasses).affected(true)
                        .shard(shard(shard)).build();
            } catch (Exception e) {
                throw new AssertionError(e);
            }
        };
        PreMergeWorkflow workflow = new PreMergeWorkflow(builder, launcher, log);

        assertEquals(List.of("p.ABench.run"), compared(workflow.run(sharded.apply("1/2"))));
        assertTrue(log.infos().contains("Shard 1/2 (perf.shard): 1 of the 2 benchmarks perf.affected selected:"
                + " p.ABench.run"), log.toString());
        assertEquals(List.of("p.DBench.run"), compared(workflow.run(sharded.apply("2/2"))));

        PreMergeResult third = workflow.run(sharded.apply("3/4"));
        assertEquals(List.of(), compared(third));
        assertTrue(log.infos().contains("Shard 3/4 (perf.shard): nothing to compare here: perf.affected selected 2"
                + " benchmarks for 4 shards (shards 1 and 2 compare them)"), log.toString());
        assertFalse(third.report().failsBuild());
    }

    private static List<String> compared(PreMergeResult result) {
        return result.candidate().benchmarks().stream().map(BenchmarkResult::benchmark)
                .collect(java.util.stream.Collectors.toList());
    }

    /**
     * A patch that perf.affected finds no benchmark reaching leaves every shard empty, and each succeeds: before,
     * one benchmark a shard was dealt first, and each shard's selection of nothing measured nothing too.
     */
    @Test
    void aSelectionOfNothingLeavesEveryShardEmptyAndSucceeding() throws Exception {
        List<Path> baseClasses = affectedClasses("base", "1");
        List<Path> candidateClasses = affectedClasses("candidate", "1");
        BaseBuilder builder = (root, mod, testOutput, mainOutput, logFile, l) -> baseClasses;
        PreMergeResult result = new PreMergeWorkflow(builder, affectedLauncher(), log).run(request("main")
                .toBuilder().candidateClasspath(candidateClasses).affected(true).shard(shard("1/3")).build());
        assertEquals(0, result.candidate().benchmarks().size(), log.toString());
        assertFalse(result.report().failsBuild());
        assertTrue(log.infos().contains("Shard 1/3 (perf.shard): nothing to compare here: perf.affected selected no"
                + " benchmark"), log.toString());
    }

    /**
     * A budget that cannot cover the suite no longer refuses it: the benchmarks run in their order while it lasts;
     * one whose fewest rounds alone need more than the budget is NOT RUN, in the report, which is then no PASS.
     */
    @Test
    void aBudgetShortOfTheSuiteRunsWhatFitsAndReportsTheRestNotRun() throws Exception {
        SpeedLauncher launcher = new SpeedLauncher() {
            @Override
            public List<String> discover(List<Path> classpath, String sideLabel) {
                return Arrays.asList("x.Long.run", "x.Short.run");
            }

            @Override
            public double expectedSeconds(List<Path> classpath, String benchmark) {
                return benchmark.equals("x.Long.run") ? 200 : 1;
            }
        };
        CompareRequest request = request("HEAD").toBuilder().budget(java.time.Duration.ofMinutes(15)).build();
        PreMergeResult result = new PreMergeWorkflow(new SpeedFileBuilder(), launcher, log).run(request);

        assertEquals(java.util.Set.of("x.Short.run"), result.candidate().benchmarks().stream()
                .map(BenchmarkResult::benchmark).collect(java.util.stream.Collectors.toSet()));
        assertEquals(1, result.report().notRun().size(), result.report().notRun().toString());
        assertTrue(result.report().notRun().get(0).startsWith("x.Long.run: its 5 rounds need about 33 min 20 s"),
                result.report().notRun().toString());
        assertEquals(io.perfgate.gate.Outcome.WARN, result.report().outcome());
        assertEquals("partial", result.candidate().status());
        assertTrue(log.infos().contains("Order (most likely changed first: nearest to a changed class, shortest"
                + " fork): x.Short.run (may reach a change, 1.0 s a fork); x.Long.run (may reach a change, 3 min 20 s"
                + " a fork)"), log.toString());
        assertTrue(log.any("perf.budget = 15 min: the comparison at its fewest rounds (5 forks per side) needs about"
                + " 33 min 30 s for 2 benchmarks, so benchmarks enter the rounds in their order while it lasts"),
                log.toString());
    }

    /**
     * perf.forkPlan=auto: the first rounds' forks differ by about 10 % where the stored calibration measured 1 % at
     * full length, so every report carries the note that the verdict stands but effect sizes come from a fixed run.
     */
    @Test
    void shortForksThatDisagreeWithTheCalibrationLeaveANoteInTheReports() throws Exception {
        SpeedLauncher launcher = new SpeedLauncher() {
            @Override
            public List<BenchmarkResult> runFork(List<Path> classpath, String benchmark, String sideLabel, int round,
                    int measurementIterations) {
                // the same speed on both sides, forks that differ by 10 %
                return Collections.singletonList(FakeForks.result(benchmark, FakeForks.fork(random, 100, 0.10,
                        measurementIterations > 0 ? measurementIterations : 10)));
            }

            @Override
            public boolean lengthPlannable(List<Path> classpath, String benchmark) {
                return true;
            }

            @Override
            public int measurementIterations(List<Path> classpath, String benchmark) {
                return 10;
            }

            @Override
            public double plannedIterationSeconds(List<Path> classpath, String benchmark) {
                return 0.5;
            }
        };
        io.perfgate.results.Calibration calibration = new io.perfgate.results.Calibration("2026-11-20T10:00:00Z", 0.8,
                0.05, Collections.singletonMap(FakeForks.result("x.Bench.run").id(),
                        new io.perfgate.results.Calibration.Entry(10, 0.01, 0.005, 0.05, 0.02, 10, "PASS")));
        CompareRequest request = request("HEAD").toBuilder().forkPlanAuto(true).calibration(calibration).build();
        PreMergeResult result = new PreMergeWorkflow(new SpeedFileBuilder(), launcher, log).run(request);

        String note = result.report().notes().stream().filter(n -> n.contains("short forks")).findFirst()
                .orElseThrow(() -> new AssertionError(result.report().notes().toString()));
        assertTrue(note.startsWith("x.Bench.run [avgt]: its short forks' noise (CV "), note);
        assertTrue(note.contains(") disagrees with the calibration of 2026-11-20 (CV 1.0 %, p "), note);
        assertTrue(note.endsWith("quote effect sizes from a -Dperf.forkPlan=fixed run"), note);
        String markdown = new String(Files.readAllBytes(module.resolve("target/perf/report.md")),
                StandardCharsets.UTF_8);
        assertTrue(markdown.contains("disagrees with the calibration of 2026-11-20"), markdown);
        String json = new String(Files.readAllBytes(module.resolve("target/perf/report.json")),
                StandardCharsets.UTF_8);
        assertTrue(json.contains("disagrees with the calibration of 2026-11-20"), json);
        assertTrue(io.perfgate.report.ConsoleReport.render(result.report()).stream()
                .anyMatch(l -> l.text().contains("disagrees with the calibration of 2026-11-20")));
    }

    /** Against HEAD itself the base is HEAD, said as such: the candidate is the uncommitted change. */
    @Test
    void againstHeadNamesHeadAsTheBase() throws Exception {
        new PreMergeWorkflow(new SpeedFileBuilder(), new SpeedLauncher(), log).run(request("HEAD"));
        assertTrue(log.infos().stream().anyMatch(l -> l.matches("Base: [0-9a-f]+ \"slower\", HEAD itself \\(HEAD\\)")),
                log.toString());
        assertFalse(log.any("the merge base of HEAD"), log.toString());
    }

    /** The two-class project of issue 43, built: the base from main, the candidate with the slower worker. */
    private final class PluginsBuilder implements BaseBuilder {
        final Path classes;

        PluginsBuilder(Path classes) {
            this.classes = classes;
        }

        @Override
        public List<Path> buildClasspath(Path reactorRoot, Path module, Path testOutput, Path mainOutput,
                Path logFile, PerfLog log) {
            return Collections.singletonList(classes);
        }
    }

    /** Both benchmarks on both sides; the slow one slower on the candidate's classpath. */
    private static final class PluginsLauncher extends SpeedLauncher {
        final Path candidate;

        PluginsLauncher(Path candidate) {
            this.candidate = candidate;
        }

        @Override
        public List<String> discover(List<Path> classpath, String sideLabel) {
            return ExecutedCodeSelectionTest.BENCHMARKS;
        }

        @Override
        public List<BenchmarkResult> runFork(List<Path> classpath, String benchmark, String sideLabel, int round) {
            double speed = benchmark.contains("Slow") && classpath.get(0).equals(candidate) ? 150 : 100;
            return Collections.singletonList(FakeForks.result(benchmark, FakeForks.fork(random, speed, 0.01, 3)));
        }
    }

    /** The maps a history keeps: {@code map} at its commit. */
    private static ExecutedCodeMaps.Source kept(ExecutedCode map) {
        return new ExecutedCodeMaps.Source() {
            @Override
            public String describe() {
                return "git branch perf-history";
            }

            @Override
            public Set<String> commits() {
                return map == null ? Set.of() : Set.of(map.commit());
            }

            @Override
            public ExecutedCode read(String commit) {
                return map;
            }
        };
    }

    /** What perf.affected logged, the commits named by their role. */
    private String affectedLines() {
        List<String> lines = new java.util.ArrayList<>();
        for (String line : log.lines()) {
            if (line.contains("perf.affected") || line.startsWith("[INFO]   ") || line.contains("is new")) {
                lines.add(line.replace(CommitIds.abbreviate(baseCommit), "<merge base>"));
            }
        }
        return String.join("\n", lines) + "\n";
    }

    private PreMergeResult twoClassProject(ExecutedCode map) throws Exception {
        Path base = Javac.compile(tmp, "base", ExecutedCodeSelectionTest.plugins(ExecutedCodeSelectionTest.SLOW_WORK));
        Path candidate = Javac.compile(tmp, "candidate",
                ExecutedCodeSelectionTest.plugins(ExecutedCodeSelectionTest.SLOWER_WORK));
        CompareRequest request = request("main").toBuilder().candidateClasspath(Collections.singletonList(candidate))
                .affected(true).executedCode(kept(map)).build();
        return new PreMergeWorkflow(new PluginsBuilder(base), new PluginsLauncher(candidate), log).run(request);
    }

    /**
     * Issue 43's project of two classes: the registry loads each worker by name. By the map of what each benchmark
     * ran, only the benchmark that runs the changed worker is compared; the other is skipped, saying why.
     */
    @Test
    void theMapOfExecutedCodeSelectsOnlyTheBenchmarkThatRunsTheChangedWorker() throws Exception {
        ExecutedCode recorded = new ExecutedCode(baseCommit, ExecutedCodeSelectionTest.map().executed());
        PreMergeResult result = twoClassProject(recorded);
        assertEquals(List.of("bench.SlowBench.run"), result.candidate().benchmarks().stream()
                .map(BenchmarkResult::benchmark).collect(java.util.stream.Collectors.toList()));
        Golden.assertMatches("premerge/affected-by-executed-code.log", affectedLines());
    }

    /** Without a map, the class analysis selects both (it cannot see past Class.forName), and the log says so. */
    @Test
    void withoutAMapTheClassAnalysisSelectsBothAndSaysWhy() throws Exception {
        PreMergeResult result = twoClassProject(null);
        assertEquals(2, result.candidate().benchmarks().size());
        Golden.assertMatches("premerge/affected-by-classes.log", affectedLines());
    }
}
