package io.perfgate.shard;

import static io.perfgate.testing.Results.around;
import static io.perfgate.testing.Results.avgt;
import static io.perfgate.testing.Results.results;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.perfgate.results.BenchmarkResult;
import io.perfgate.results.PerfResults;
import io.perfgate.results.Provenance;
import io.perfgate.results.ResultsFormatException;
import io.perfgate.results.ResultsJson;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ShardMergeTest {

    private static PerfResults shard(String shard, String... benchmarks) {
        List<BenchmarkResult> list = new ArrayList<>();
        for (String name : benchmarks) {
            list.add(avgt(name, around(100, 0.02, 5, name.hashCode())));
        }
        Map<String, String> settings = new LinkedHashMap<>();
        settings.put("perf.includes", ".*");
        settings.put("perf.forks", "10");
        settings.put("perf.shard", shard);
        return results().toBuilder().settings(settings).benchmarks(list).build();
    }

    private static ShardMerge.Input in(String file, PerfResults results) {
        return new ShardMerge.Input(Paths.get("shards", file), results);
    }

    @Test
    void theShardsMakeOneRunOfTheWholeSuite() throws Exception {
        ShardMerge.Merged merged = ShardMerge.merge(Arrays.asList(
                in("c.json", shard("3/3", "a.C.m")),
                in("a.json", shard("1/3", "a.A.m", "a.D.m")),
                in("b.json", shard("2/3", "a.B.m"))));

        PerfResults suite = merged.results();
        assertEquals(Arrays.asList("a.A.m", "a.D.m", "a.B.m", "a.C.m"),
                suite.benchmarks().stream().map(BenchmarkResult::key).collect(Collectors.toList()));
        assertEquals(PerfResults.STATUS_COMPLETE, suite.status());
        assertEquals(null, suite.settings().get("perf.shard"), "the merged run is the whole suite");
        assertEquals("10", suite.settings().get("perf.forks"));
        assertEquals("1/3 a.json, 2/3 b.json, 3/3 c.json", suite.provenance().get("mergedFrom"));
        assertEquals(0, merged.notes().size());
    }

    /**
     * A shard with nothing to run is one part of the suite, and merges; shards that all ran nothing would merge into a
     * run of nothing, which is refused here rather than judged as nothing by perf:check.
     */
    @Test
    void anEmptyShardMergesButShardsOfNothingAreRefused() throws Exception {
        PerfResults suite = ShardMerge.merge(Arrays.asList(in("a.json", shard("1/2", "a.A.m")),
                in("b.json", shard("2/2")))).results();
        assertEquals(1, suite.benchmarks().size());

        ShardException e = assertThrows(ShardException.class, () -> ShardMerge.merge(Arrays.asList(
                in("a.json", shard("1/2")), in("b.json", shard("2/2")))));
        assertEquals("none of the 2 shards holds a benchmark (" + Paths.get("shards", "a.json") + ", "
                + Paths.get("shards", "b.json") + "): there is nothing to merge. Each shard's perf:run says in its"
                + " log what it ran; check perf.includes and that the shards measured this module's benchmarks",
                e.getMessage());
    }

    /**
     * perf:compare's shards all hold nothing when perf.affected selected nothing: that merges (into results of
     * nothing, which perf:check passes as a comparison that chose nothing), with a note; before, it was refused as
     * a run of nothing.
     */
    @Test
    void comparisonShardsThatSelectedNothingMerge() throws Exception {
        PerfResults a = shard("1/2");
        Map<String, String> settings = new LinkedHashMap<>(a.settings());
        settings.put("perf.against", "origin/main");
        ShardMerge.Merged merged = ShardMerge.merge(Arrays.asList(in("a.json", a.toBuilder().settings(settings)
                .build()), in("b.json", shard("2/2").toBuilder().settings(with(settings, "perf.shard", "2/2"))
                .build())));
        assertEquals(0, merged.results().benchmarks().size());
        assertEquals("None of the 2 comparison shards compared a benchmark: the comparison selected none"
                + " (perf.affected found no benchmark the patch reaches), so the merged results hold none either",
                merged.selectedNothing());
        assertEquals(List.of(), merged.notes());
    }

    private static Map<String, String> with(Map<String, String> settings, String key, String value) {
        Map<String, String> changed = new LinkedHashMap<>(settings);
        changed.put(key, value);
        return changed;
    }

    @Test
    void onePartialShardMakesThePartialSuite() throws Exception {
        PerfResults partial = shard("2/2", "a.B.m").toBuilder().status(PerfResults.STATUS_PARTIAL).build();
        assertEquals(PerfResults.STATUS_PARTIAL, ShardMerge.merge(Arrays.asList(in("a.json", shard("1/2", "a.A.m")),
                in("b.json", partial))).results().status());
    }

    @Test
    void aMissingShardIsNamed() {
        ShardException e = assertThrows(ShardException.class, () -> ShardMerge.merge(Arrays.asList(
                in("a.json", shard("1/3", "a.A.m")), in("c.json", shard("3/3", "a.C.m")))));
        assertEquals("shard 2/3 is missing: there are 1/3 (" + Paths.get("shards", "a.json") + "), 3/3 ("
                + Paths.get("shards", "c.json") + "). Wait for every agent's results, or run the missing shard,"
                + " before merging", e.getMessage());
    }

    @Test
    void aShardGivenTwiceIsNamed() {
        ShardException e = assertThrows(ShardException.class, () -> ShardMerge.merge(Arrays.asList(
                in("a.json", shard("1/2", "a.A.m")), in("again.json", shard("1/2", "a.A.m")))));
        assertEquals("shard 1/2 is given twice: " + Paths.get("shards", "a.json") + " and "
                + Paths.get("shards", "again.json") + "; keep the one of this build", e.getMessage());
    }

    @Test
    void shardsOfAnotherSplitAreRefused() {
        ShardException e = assertThrows(ShardException.class, () -> ShardMerge.merge(Arrays.asList(
                in("a.json", shard("1/2", "a.A.m")), in("b.json", shard("2/3", "a.B.m")))));
        assertEquals(Paths.get("shards", "b.json") + " is shard 2/3, but " + Paths.get("shards", "a.json")
                + " is shard 1/2: the shards of one suite share N", e.getMessage());
    }

    @Test
    void aWholeRunIsNotAShard() {
        PerfResults whole = results(avgt("a.A.m", around(100, 0.02, 5, 1)));
        ShardException e = assertThrows(ShardException.class, () -> ShardMerge.merge(Arrays.asList(
                in("whole.json", whole))));
        assertTrue(e.getMessage().startsWith(Paths.get("shards", "whole.json") + " has no perf.shard setting"),
                e.getMessage());
    }

    @Test
    void shardsMeasuredWithOtherSettingsAreRefusedNamingTheSetting() {
        PerfResults other = shard("2/2", "a.B.m");
        Map<String, String> settings = new LinkedHashMap<>(other.settings());
        settings.put("perf.forks", "5");
        ShardException e = assertThrows(ShardException.class, () -> ShardMerge.merge(Arrays.asList(
                in("a.json", shard("1/2", "a.A.m")), in("b.json", other.toBuilder().settings(settings).build()))));
        assertEquals(Paths.get("shards", "b.json") + " was measured with perf.forks=5, "
                + Paths.get("shards", "a.json") + " with perf.forks=10: every shard must run with the same settings"
                + " but perf.shard", e.getMessage());
    }

    @Test
    void shardsOfAnotherCommitOrPluginVersionAreRefused() {
        PerfResults b = shard("2/2", "a.B.m");
        Map<String, String> env = new LinkedHashMap<>(b.environment());
        env.put("git.commit", "fedcba9876543210");
        ShardException commit = assertThrows(ShardException.class, () -> ShardMerge.merge(Arrays.asList(
                in("a.json", shard("1/2", "a.A.m")), in("b.json", b.toBuilder().environment(env).build()))));
        assertEquals(Paths.get("shards", "b.json") + " was measured with the commit (git.commit) fedcba9876543210, "
                + Paths.get("shards", "a.json") + " with 0123456789abcdef: the shards of one suite come from one"
                + " build of one commit", commit.getMessage());
        ShardException version = assertThrows(ShardException.class, () -> ShardMerge.merge(Arrays.asList(
                in("a.json", shard("1/2", "a.A.m")), in("b.json", b.toBuilder().toolVersion("0.2.0").build()))));
        assertTrue(version.getMessage().contains("with the plugin version 0.2.0"), version.getMessage());
    }

    @Test
    void aBenchmarkInTwoShardsIsRefused() {
        ShardException e = assertThrows(ShardException.class, () -> ShardMerge.merge(Arrays.asList(
                in("a.json", shard("1/2", "a.A.m")), in("b.json", shard("2/2", "a.A.m")))));
        assertTrue(e.getMessage().startsWith("a.A.m [avgt] is in " + Paths.get("shards", "a.json") + " and in "),
                e.getMessage());
    }

    @Test
    void agentsOnOtherMachinesAreListedNotRefused() throws Exception {
        PerfResults b = shard("2/2", "a.B.m");
        Map<String, String> env = new LinkedHashMap<>(b.environment());
        env.put("cpu.model", "Other CPU");
        env.put("timestamp", "2026-11-20T10:05:00Z");
        ShardMerge.Merged merged = ShardMerge.merge(Arrays.asList(in("a.json", shard("1/2", "a.A.m")),
                in("b.json", b.toBuilder().environment(env).build())));
        assertEquals(Arrays.asList("shard 2/2 ran with cpu.model = Other CPU, shard 1/2 with Test CPU @ 3.0GHz"),
                merged.notes());
    }

    @Test
    void aScenarioSettingComesWithTheShardThatRanIt() throws Exception {
        PerfResults b = shard("2/2", "a.B.m");
        Map<String, String> settings = new LinkedHashMap<>(b.settings());
        settings.put("perf.scenario.wordcount.coldRuns", "3");
        PerfResults suite = ShardMerge.merge(Arrays.asList(in("a.json", shard("1/2", "a.A.m")),
                in("b.json", b.toBuilder().settings(settings).build()))).results();
        assertEquals("3", suite.settings().get("perf.scenario.wordcount.coldRuns"));
    }

    @Test
    void aDirectoryOfShardFilesIsMergedAndItsProblemsNamed(@TempDir Path dir) throws Exception {
        Path shards = dir.resolve("shards");
        ShardException none = assertThrows(ShardException.class, () -> ShardMerge.mergeDirectory(shards));
        assertTrue(none.getMessage().startsWith(shards + " does not exist"), none.getMessage());
        Files.createDirectories(shards);
        ResultsJson.write(shard("1/2", "a.A.m"), shards.resolve("agent-1.json"));
        ResultsJson.write(shard("2/2", "a.B.m"), shards.resolve("agent-2.json"));
        Files.write(shards.resolve("notes.txt"), "not a shard".getBytes());
        assertEquals(2, ShardMerge.mergeDirectory(shards).results().benchmarks().size());
        // JMH's raw JSON that perf:run wrote beside a shard's results is skipped; any other JSON is refused
        ResultsJson.write(shard("2/2", "a.B.m").toBuilder().jmhRawFile("jmh-results.json").build(),
                shards.resolve("agent-2.json"));
        Files.write(shards.resolve("jmh-results.json"), "[ ]".getBytes());
        assertEquals(2, ShardMerge.mergeDirectory(shards).results().benchmarks().size());
        Files.write(shards.resolve("stray.json"), "[ ]".getBytes());
        ResultsFormatException stray = assertThrows(ResultsFormatException.class,
                () -> ShardMerge.mergeDirectory(shards));
        assertEquals(shards.resolve("stray.json") + ": expected a JSON object at the top level", stray.getMessage());
    }

    /**
     * The shards of perf:compare: each agent draws its own interleaving seed, which changes no measured value, and
     * the level its rounds were judged at travels with the merged results, so perf:check judges them alike.
     */
    @Test
    void comparisonShardsWithTheirOwnSeedsMergeAndKeepTheirLevel() throws Exception {
        List<ShardMerge.Input> inputs = new ArrayList<>();
        String[][] parts = {{"1/2", "a.A.m", "101"}, {"2/2", "a.B.m", "202"}};
        for (String[] part : parts) {
            PerfResults r = shard(part[0], part[1]);
            Map<String, String> settings = new LinkedHashMap<>(r.settings());
            settings.put("perf.against", "origin/main");
            settings.put("perf.seed", part[2]);
            Map<String, String> provenance = new LinkedHashMap<>();
            provenance.put("role", "candidate");
            provenance.put(Provenance.COMPARISON_ALPHA, "0.025");
            inputs.add(in(part[0].charAt(0) + ".json", r.toBuilder().settings(settings).provenance(provenance)
                    .build()));
        }
        PerfResults suite = ShardMerge.merge(inputs).results();
        assertEquals(null, suite.settings().get("perf.seed"), "no one seed ordered the whole suite");
        assertEquals("origin/main", suite.settings().get("perf.against"));
        assertEquals("1/2 perf.seed=101, 2/2 perf.seed=202", suite.provenance().get(Provenance.SHARD_SEEDS));
        assertEquals("0.025", suite.provenance().get(Provenance.COMPARISON_ALPHA));
    }
}
