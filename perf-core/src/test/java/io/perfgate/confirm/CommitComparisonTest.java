package io.perfgate.confirm;

import static io.perfgate.workspace.GitRepositoryTest.git;
import static io.perfgate.workspace.GitRepositoryTest.write;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.perfgate.gate.GateRow;
import io.perfgate.gate.GateSettings;
import io.perfgate.gate.Metric;
import io.perfgate.interleaved.BenchmarkLauncher;
import io.perfgate.interleaved.FakeForks;
import io.perfgate.log.PerfLog;
import io.perfgate.results.BenchmarkResult;
import io.perfgate.results.PerfResults;
import io.perfgate.results.ResultsJson;
import io.perfgate.stats.Verdict;
import io.perfgate.testing.LogLines;
import io.perfgate.workspace.BaseBuilder;
import io.perfgate.workspace.CheckoutPaths;
import io.perfgate.workspace.CompareException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Commit against commit, as a change point of the history is confirmed: both are checked out and "built" (the
 * build reads the commit's speed.txt), measured interleaved, judged, and removed again.
 */
class CommitComparisonTest {
    @TempDir
    Path tmp;
    private Path repo;
    private String before;
    private String after;
    private final List<String> built = new ArrayList<>();
    private final LogLines log = new LogLines();

    @BeforeEach
    void makeRepository() throws Exception {
        repo = tmp.resolve("repo");
        write(repo.resolve("pom.xml"), "<project/>");
        write(repo.resolve("speed.txt"), "100");
        write(repo.resolve(".gitignore"), "target/\n");
        git(repo, "init", "-q", "-b", "main");
        git(repo, "add", "-A");
        git(repo, "commit", "-q", "-m", "before");
        before = git(repo, "rev-parse", "HEAD");
        write(repo.resolve("speed.txt"), "150");
        git(repo, "commit", "-q", "-am", "after: slower");
        after = git(repo, "rev-parse", "HEAD");
        write(repo.resolve("speed.txt"), "100"); // the working tree, not measured here
    }

    private CommitComparison comparison() {
        BaseBuilder builder = (root, module, testOutput, mainOutput, logFile, l) -> {
            try {
                String speed = new String(Files.readAllBytes(root.resolve(module).resolve("speed.txt")),
                        StandardCharsets.UTF_8).trim();
                built.add(root.getFileName().toString());
                return List.of(Path.of("speed-" + speed));
            } catch (IOException e) {
                throw new CompareException("no speed.txt", e);
            }
        };
        Random random = new Random(7);
        BenchmarkLauncher launcher = new BenchmarkLauncher() {
            @Override
            public List<String> discover(List<Path> classpath, String sideLabel) {
                return List.of("x.Bench.run", "x.Bench.other");
            }

            @Override
            public List<BenchmarkResult> runFork(List<Path> classpath, String benchmark, String sideLabel,
                    int round) {
                double speed = Double.parseDouble(classpath.get(0).toString().substring("speed-".length()));
                return List.of(FakeForks.result(benchmark, FakeForks.fork(random, speed, 0.01, 3)));
            }

            @Override
            public Map<String, String> environment() {
                return Map.of("cpu.cores", "2");
            }

            @Override
            public Map<String, String> settings() {
                return Map.of();
            }
        };
        return new CommitComparison(builder, launcher, log);
    }

    private CommitComparison.Request request() {
        return new CommitComparison.Request(new CheckoutPaths(repo, repo, repo.resolve("target/perf"),
                Path.of("target/test-classes"), Path.of("target/classes")), List.of(Path.of("speed-100")),
                GateSettings.defaults()).rounds(3, true, 10, null).benchmarks(List.of("x.Bench.run"));
    }

    @Test
    void measuresTwoCommitsSideBySideAndRemovesBothCheckouts() throws Exception {
        CommitComparison.Result result = comparison().compare(request().commits(before, after));

        String beforeShort = git(repo, "rev-parse", "--short=10", before);
        String afterShort = git(repo, "rev-parse", "--short=10", after);
        assertEquals(List.of("commit-" + beforeShort, "commit-" + afterShort), built);
        assertEquals(before, result.baseCommit());
        assertEquals("commit " + afterShort, result.candidate());
        GateRow median = result.report().comparisons().stream().filter(c -> c.metric() == Metric.MEDIAN)
                .findFirst().orElseThrow();
        assertEquals(Verdict.FAIL, median.verdict(), median.toString());
        assertTrue(median.change() > 0.4 && median.change() < 0.6, median.toString());
        // only the benchmark asked for
        assertEquals(1, result.rounds().benchmarks().size());
        assertEquals(result.roundsOf("x.Bench.run"), result.maxRounds());
        PerfResults candidate = ResultsJson.read(repo.resolve("target/perf/side-by-side/results.json"));
        assertEquals(after, candidate.provenance().get("git.commit"));
        assertTrue(log.infos().stream().anyMatch(l -> l.startsWith("Interleaving 1 benchmark, commit " + beforeShort
                + " and commit " + afterShort)), log.toString());
        assertEquals(1, git(repo, "worktree", "list").lines().count());
    }

    @Test
    void theSameCommitOnBothSidesIsRefused() {
        CompareException e = assertThrows(CompareException.class,
                () -> comparison().compare(request().commits(after, "HEAD")));
        assertTrue(e.getMessage().startsWith("Both sides are commit "), e.getMessage());
        assertTrue(built.isEmpty());
    }
}
