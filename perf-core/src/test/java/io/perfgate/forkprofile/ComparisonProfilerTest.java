package io.perfgate.forkprofile;

import static io.perfgate.testing.Results.around;
import static io.perfgate.testing.Results.avgt;
import static io.perfgate.testing.Results.results;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.perfgate.gate.Gate;
import io.perfgate.gate.GateReport;
import io.perfgate.gate.GateSettings;
import io.perfgate.interleaved.BenchmarkLauncher;
import io.perfgate.interleaved.InterleavedRun;
import io.perfgate.profile.Attribution;
import io.perfgate.profile.BaselineProfiles;
import io.perfgate.profile.JfrProfiles;
import io.perfgate.profile.ProfileEvidence;
import io.perfgate.profile.ProfileMode;
import io.perfgate.profile.ProfiledCode;
import io.perfgate.profile.ProfilerAgent;
import io.perfgate.profile.ProfilerChoice;
import io.perfgate.profile.ProfilerSetup;
import io.perfgate.profile.StackProfile;
import io.perfgate.results.BenchmarkResult;
import io.perfgate.testing.LogLines;
import io.perfgate.testing.Recordings;
import io.perfgate.workspace.CompareException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ComparisonProfilerTest {
    private static final String SLOWER = "com.acme.Bench.slower";
    private static final String SAME = "com.acme.Bench.same";
    private static final List<Path> BASE = Collections.singletonList(Paths.get("base-classes"));
    private static final List<Path> CANDIDATE = Collections.singletonList(Paths.get("candidate-classes"));

    @TempDir
    static Path shared;
    static Path recording;

    @TempDir
    Path dir;

    @BeforeAll
    static void record() throws Exception {
        recording = Recordings.benchmarkLike(shared.resolve("recording.jfr"), 300);
    }

    /** One benchmark twice as slow (FAIL), one unchanged (PASS). */
    static GateReport report() {
        return new Gate(GateSettings.defaults()).toolVersion("test").check(
                results(avgt(SLOWER, around(10, 0.01, 10, 1)), avgt(SAME, around(5, 0.01, 10, 2))), "base.json",
                results(avgt(SLOWER, around(20, 0.01, 10, 3)), avgt(SAME, around(5, 0.01, 10, 4))), "results.json");
    }

    /** A harness whose profiling forks write the recording made above, or fail where async-profiler is asked. */
    static class RecordingLauncher implements BenchmarkLauncher {
        final List<String> forks = new ArrayList<>();
        final boolean asyncProfilerFails;
        /** What each profiling fork reports as its score: none, unless a test sets it. */
        List<BenchmarkResult> scored = new ArrayList<>();

        RecordingLauncher(boolean asyncProfilerFails) {
            this.asyncProfilerFails = asyncProfilerFails;
        }

        @Override
        public List<BenchmarkResult> runProfiledFork(List<Path> classpath, String benchmark,
                Map<String, String> params, String sideLabel, List<String> jvmArgs, String childJvmOption,
                Path directory) throws InterleavedRun.ForkFailedException {
            String arg = jvmArgs.get(0);
            forks.add(sideLabel + " " + benchmark + " " + (arg.startsWith("-agentpath") ? "async" : "jfr") + " "
                    + classpath);
            if (arg.startsWith("-agentpath") && asyncProfilerFails) {
                throw new InterleavedRun.ForkFailedException("Could not find agent library");
            }
            Path target = Paths.get(arg.substring(arg.lastIndexOf('=') + 1));
            try {
                Files.copy(recording, target, StandardCopyOption.REPLACE_EXISTING);
            } catch (IOException e) {
                throw new InterleavedRun.ForkFailedException(e.getMessage(), e);
            }
            return scored;
        }

        @Override
        public List<String> discover(List<Path> classpath, String sideLabel) {
            throw new UnsupportedOperationException();
        }

        @Override
        public List<BenchmarkResult> runFork(List<Path> classpath, String benchmark, String sideLabel, int round) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Map<String, String> environment() {
            return Collections.emptyMap();
        }

        @Override
        public Map<String, String> settings() {
            return Collections.emptyMap();
        }
    }

    private static ProfilerSetup setup(ProfileMode mode, ProfilerChoice choice, boolean asyncAvailable) {
        return new ProfilerSetup(mode, choice, asyncAvailable ? ProfilerAgent.asyncProfiler(Paths.get(
                "/nowhere/libasyncProfiler.so"), "4.2") : null, asyncAvailable ? null : "not in the local repository",
                null, "jfr-converter not resolved", Paths.get("java"));
    }

    @Test
    void regressionsProfilesWhatFailedOnBothSidesAndWritesTheEvidence() throws Exception {
        RecordingLauncher launcher = new RecordingLauncher(false);
        LogLines log = new LogLines();
        List<ProfileEvidence> evidence = new ComparisonProfiler(launcher, setup(ProfileMode.REGRESSIONS,
                ProfilerChoice.AUTO, true), log).profile(report(), BASE, CANDIDATE, dir, 7);

        assertEquals(1, evidence.size());
        assertEquals(2, launcher.forks.size(), "one fork per side: " + launcher.forks);
        assertTrue(launcher.forks.contains("base " + SLOWER + " async [base-classes]"), launcher.forks.toString());
        assertTrue(launcher.forks.contains("candidate " + SLOWER + " async [candidate-classes]"));
        ProfileEvidence e = evidence.get(0);
        assertEquals("FAIL", e.verdict());
        assertEquals("async-profiler 4.2", e.profiler());
        ProfileEvidence read = ProfileEvidence.read(dir.resolve("Bench.slower").resolve(ProfileEvidence.FILE_NAME));
        assertEquals(e.attribution().methods().get(0).method(), read.attribution().methods().get(0).method());
        assertEquals(20, read.attribution().after(), 0.5);
        assertTrue(Files.isRegularFile(dir.resolve("Bench.slower/diff.html")));
        assertTrue(log.warnings().stream().anyMatch(w -> w.startsWith("No flame graph pages per side:"
                + " jfr-converter not resolved")), log.warnings().toString());
    }

    @Test
    void whereAsyncProfilerDoesNotLoadJfrTakesOverAndSaysSo() throws Exception {
        RecordingLauncher launcher = new RecordingLauncher(true);
        LogLines log = new LogLines();
        List<ProfileEvidence> evidence = new ComparisonProfiler(launcher, setup(ProfileMode.ALL,
                ProfilerChoice.AUTO, true), log).profile(report(), BASE, CANDIDATE, dir, 7);

        assertEquals(2, evidence.size(), "all: the unchanged benchmark too");
        assertEquals("JDK Flight Recorder", evidence.get(0).profiler());
        assertEquals(5, launcher.forks.size(), "one failed async fork, then JFR for all four: " + launcher.forks);
        assertTrue(log.warnings().get(0).startsWith("async-profiler did not work in the "), log.warnings().get(0));
        assertTrue(log.warnings().get(0).endsWith("(Could not find agent library): profiling with JFR instead"));
    }

    @Test
    void whenAsyncProfilerFailsOnTheSecondSideBothSidesAreRecordedAgainWithJfr() throws Exception {
        RecordingLauncher launcher = new RecordingLauncher(false) {
            @Override
            public List<BenchmarkResult> runProfiledFork(List<Path> classpath, String benchmark,
                    Map<String, String> params, String sideLabel, List<String> jvmArgs, String childJvmOption,
                    Path directory) throws InterleavedRun.ForkFailedException {
                if (forks.size() == 1 && jvmArgs.get(0).startsWith("-agentpath")) {
                    forks.add(sideLabel + " async failed");
                    throw new InterleavedRun.ForkFailedException("agent crashed");
                }
                return super.runProfiledFork(classpath, benchmark, params, sideLabel, jvmArgs, childJvmOption,
                        directory);
            }
        };
        List<ProfileEvidence> evidence = new ComparisonProfiler(launcher, setup(ProfileMode.REGRESSIONS,
                ProfilerChoice.AUTO, true), new LogLines()).profile(report(), BASE, CANDIDATE, dir, 7);
        assertEquals("JDK Flight Recorder", evidence.get(0).profiler());
        assertEquals(5, launcher.forks.size(), launcher.forks.toString());
        assertTrue(launcher.forks.get(0).endsWith(" async " + (launcher.forks.get(0).startsWith("base") ? BASE
                : CANDIDATE)), "the first side with async-profiler: " + launcher.forks);
        assertEquals(3, launcher.forks.stream().filter(f -> f.contains(" jfr ")).count(),
                "the second side with JFR, then both again with JFR: " + launcher.forks);
    }

    @Test
    void aFailedForkLeavesNoFileThatTheMethodologyWouldListAsAProfileArtifact() throws Exception {
        RecordingLauncher launcher = new RecordingLauncher(false) {
            @Override
            public List<BenchmarkResult> runProfiledFork(List<Path> classpath, String benchmark,
                    Map<String, String> params, String sideLabel, List<String> jvmArgs, String childJvmOption,
                    Path directory) throws InterleavedRun.ForkFailedException {
                if (benchmark.equals(SAME)) {
                    return super.runProfiledFork(classpath, benchmark, params, sideLabel, jvmArgs, childJvmOption,
                            directory);
                }
                // as JMH's fork does when it dies: its result file begun, the recording created and left empty
                try {
                    Files.writeString(directory.resolve(sideLabel + "-jmh.json"), "[");
                    Files.createFile(directory.resolve(sideLabel + ".jfr"));
                } catch (IOException e) {
                    throw new IllegalStateException(e);
                }
                throw new InterleavedRun.ForkFailedException("the fork exited with code 1");
            }
        };
        LogLines log = new LogLines();
        List<ProfileEvidence> evidence = new ComparisonProfiler(launcher, setup(ProfileMode.ALL,
                ProfilerChoice.JFR, false), log).profile(report(), BASE, CANDIDATE, dir, 7);

        assertEquals(1, evidence.size(), log.warnings().toString());
        assertTrue(log.warnings().stream().anyMatch(w -> w.startsWith("Could not profile Bench.slower (")),
                log.warnings().toString());
        assertFalse(Files.exists(dir.resolve("Bench.slower")), "neither the failed side's files nor the other"
                + " side's recording, which no evidence stands on");
        assertTrue(Files.isRegularFile(dir.resolve("Bench.same/candidate.jfr")), "the profiled benchmark's kept");
        assertTrue(Files.isRegularFile(dir.resolve("Bench.same/base.jfr")));
    }

    @Test
    void whenNoProfilerCanBeHadNothingIsMeasuredAndTheWarningSaysWhatToDo() {
        RecordingLauncher launcher = new RecordingLauncher(true);
        LogLines log = new LogLines();
        List<ProfileEvidence> evidence = new ComparisonProfiler(launcher, setup(ProfileMode.REGRESSIONS,
                ProfilerChoice.ASYNC, false), log).profile(report(), BASE, CANDIDATE, dir, 7);

        assertTrue(evidence.isEmpty());
        assertTrue(launcher.forks.isEmpty());
        assertEquals("Profiling skipped: async-profiler is not available (not in the local repository) and"
                + " perf.profiler=async allows no other profiler. The verdicts stand; use perf.profiler=auto to fall"
                + " back to JFR.", log.warnings().get(0));
    }

    @Test
    void noneAndNothingToProfileRunNoFork() {
        RecordingLauncher launcher = new RecordingLauncher(false);
        LogLines log = new LogLines();
        assertTrue(new ComparisonProfiler(launcher, ProfilerSetup.none(), log).profile(report(), BASE, CANDIDATE,
                dir, 7).isEmpty());
        GateReport allPass = new Gate(GateSettings.defaults()).toolVersion("test").check(
                results(avgt(SAME, around(5, 0.01, 10, 2))), "base.json",
                results(avgt(SAME, around(5, 0.01, 10, 4))), "results.json");
        assertTrue(new ComparisonProfiler(launcher, setup(ProfileMode.REGRESSIONS, ProfilerChoice.AUTO, true), log)
                .profile(allPass, BASE, CANDIDATE, dir, 7).isEmpty());
        assertTrue(launcher.forks.isEmpty());
        assertTrue(log.infos().contains("Profiling: nothing FAILed or WARNed, so nothing to profile"
                + " (perf.profile=regressions; all profiles every benchmark)"), log.infos().toString());
    }

    /**
     * A benchmark's directory is named after its display name, @Param values included, which the user does not choose
     * freely: two long ones that differ only in their last value get directories of their own, each within what a
     * file system takes.
     */
    @Test
    void longDisplayNamesThatDifferAtTheEndGetDirectoriesOfTheirOwn() {
        String stem = "io.acme.CodecBench.decode {payload=" + "a".repeat(300);
        String one = ComparisonProfiler.directoryName(stem + ", size=1}");
        String two = ComparisonProfiler.directoryName(stem + ", size=2}");

        assertNotEquals(one, two);
        assertTrue(one.length() <= io.perfgate.files.FileNames.LIMIT, one);
        assertTrue(one.startsWith("io.acme.CodecBench.decode_payload_aaa"), one);
        assertEquals("io.acme.CodecBench.decode_size_1_", ComparisonProfiler.directoryName(
                "io.acme.CodecBench.decode {size=1}"), "a short name is kept");
    }

    @Test
    void staleProfilesOfAnEarlierRunAreRemovedAndOthersKept() throws Exception {
        Files.createDirectories(dir.resolve("Old.bench"));
        Files.writeString(dir.resolve("Old.bench").resolve(ProfileEvidence.FILE_NAME), "{}");
        Files.writeString(dir.resolve("Old.bench").resolve("base.jfr"), "x");
        Files.createDirectories(dir.resolve("mine"));
        Files.writeString(dir.resolve("mine/notes.txt"), "kept");
        ComparisonProfiler.clearStale(dir);
        assertFalse(Files.exists(dir.resolve("Old.bench")));
        assertTrue(Files.exists(dir.resolve("mine/notes.txt")));
    }

    /** The working tree as a goal gives it: the launcher that {@code discovers} (or fails to), the classpath. */
    private static ComparisonProfiler.WorkingTree<RuntimeException> workingTree(RecordingLauncher launcher,
            String discoveryProblem, List<String> asked) {
        return new ComparisonProfiler.WorkingTree<RuntimeException>() {
            @Override
            public BenchmarkLauncher launcher() {
                asked.add("launcher");
                return new BenchmarkLauncher() {
                    @Override
                    public List<BenchmarkResult> runProfiledFork(List<Path> classpath, String benchmark,
                            Map<String, String> params, String sideLabel, List<String> jvmArgs,
                            String childJvmOption, Path directory) throws InterleavedRun.ForkFailedException {
                        return launcher.runProfiledFork(classpath, benchmark, params, sideLabel, jvmArgs,
                                childJvmOption, directory);
                    }

                    @Override
                    public List<String> discover(List<Path> classpath, String sideLabel) throws CompareException {
                        asked.add("discover " + sideLabel + " " + classpath);
                        if (discoveryProblem != null) {
                            throw new CompareException(discoveryProblem);
                        }
                        return List.of(SLOWER, SAME);
                    }

                    @Override
                    public List<BenchmarkResult> runFork(List<Path> classpath, String benchmark, String sideLabel,
                            int round) {
                        throw new UnsupportedOperationException();
                    }

                    @Override
                    public Map<String, String> environment() {
                        return Collections.emptyMap();
                    }

                    @Override
                    public Map<String, String> settings() {
                        return Collections.emptyMap();
                    }
                };
            }

            @Override
            public List<Path> testClasspath() {
                return CANDIDATE;
            }
        };
    }

    @Test
    void theWorkingTreeAloneIsProfiledIntoADirectoryClearedOfEarlierProfiles() throws Exception {
        Files.createDirectories(dir.resolve("Old.bench"));
        Files.writeString(dir.resolve("Old.bench").resolve(ProfileEvidence.FILE_NAME), "{}");
        RecordingLauncher launcher = new RecordingLauncher(false);
        List<String> asked = new ArrayList<>();
        LogLines log = new LogLines();
        ComparisonProfiler profiler = ComparisonProfiler.profileWorkingTree(ProfileTarget.fromReport(report(),
                ProfileMode.REGRESSIONS), setup(ProfileMode.REGRESSIONS, ProfilerChoice.JFR, false), null, dir,
                workingTree(launcher, null, asked), log);

        assertFalse(Files.exists(dir.resolve("Old.bench")));
        assertEquals(List.of("launcher", "discover working tree [candidate-classes]"), asked);
        assertEquals(Collections.singletonList("candidate " + SLOWER + " jfr [candidate-classes]"), launcher.forks);
        assertTrue(profiler.recordedProfiles().containsKey(SLOWER));
    }

    @Test
    void nothingToProfileOnlyClearsTheEarlierProfiles() throws Exception {
        Files.createDirectories(dir.resolve("Old.bench"));
        Files.writeString(dir.resolve("Old.bench").resolve(ProfileEvidence.FILE_NAME), "{}");
        List<String> asked = new ArrayList<>();
        LogLines log = new LogLines();
        assertNull(ComparisonProfiler.profileWorkingTree(List.of(), setup(ProfileMode.ALL, ProfilerChoice.JFR,
                false), null, dir, workingTree(new RecordingLauncher(false), null, asked), log));
        assertFalse(Files.exists(dir.resolve("Old.bench")));
        assertEquals(List.of(), asked, "no launcher is made for nothing");
        assertEquals(List.of(), log.lines());
    }

    @Test
    void benchmarksThatCannotBeListedSkipTheProfilingWithAWarning() throws Exception {
        RecordingLauncher launcher = new RecordingLauncher(false);
        LogLines log = new LogLines();
        assertNull(ComparisonProfiler.profileWorkingTree(ProfileTarget.fromReport(report(), ProfileMode.REGRESSIONS),
                setup(ProfileMode.REGRESSIONS, ProfilerChoice.JFR, false), null, dir,
                workingTree(launcher, "no META-INF/BenchmarkList in the working tree", new ArrayList<>()), log));
        assertEquals(List.of("Profiling skipped: no META-INF/BenchmarkList in the working tree."), log.warnings());
        assertEquals(List.of(), launcher.forks);
    }

    @Test
    void againstAStoredBaselineTheStoredProfileIsTheBeforeAndTheBaselinesMedianItsCost() throws Exception {
        RecordingLauncher launcher = new RecordingLauncher(false);
        StackProfile stored = JfrProfiles.read(recording, ProfiledCode.JMH.stacks());
        BaselineProfiles profiles = new BaselineProfiles("abc", "JDK Flight Recorder", "cpu",
                Collections.singletonMap(SLOWER, stored));
        List<ProfileTarget> targets = ProfileTarget.fromReport(report(), ProfileMode.REGRESSIONS);
        ComparisonProfiler profiler = new ComparisonProfiler(launcher, setup(ProfileMode.REGRESSIONS,
                ProfilerChoice.JFR, false), new LogLines());
        List<ProfileEvidence> evidence = profiler.profile(targets, null, CANDIDATE, dir, 7, profiles);

        assertEquals(Collections.singletonList("candidate " + SLOWER + " jfr [candidate-classes]"), launcher.forks);
        Attribution a = evidence.get(0).attribution();
        assertTrue(a.hasBase(), "the stored profile is the before");
        assertEquals(stored.timeSamples(), a.samplesBefore());
        assertEquals(10, a.before(), 0.5);
        assertEquals(20, a.after(), 0.5);
        // the same stacks on both sides: each frame's share of the slowdown is its share of the samples
        assertEquals(1.0, a.methods().stream().mapToDouble(Attribution.MethodCost::shareOfChange).sum(), 0.2);
        assertTrue(Files.isRegularFile(dir.resolve("Bench.slower/diff.html")));
        assertFalse(evidence.get(0).files().contains("base.jfr"), "no base was recorded here");
        assertEquals(stored.timeSamples(), profiler.recordedProfiles().get(SLOWER).timeSamples());
    }

    @Test
    void aStoredProfileOfAnotherSamplingIsNotComparedAndTheWarningSaysWhy() throws Exception {
        RecordingLauncher launcher = new RecordingLauncher(false);
        StackProfile wallClock = new StackProfile(Collections.emptyMap(), Collections.singletonMap(
                java.util.Arrays.asList("a.B.run", "a.B.work"), 100L), Collections.emptyMap(), Collections.emptyMap());
        LogLines log = new LogLines();
        List<ProfileEvidence> evidence = new ComparisonProfiler(launcher, setup(ProfileMode.REGRESSIONS,
                ProfilerChoice.JFR, false), log).profile(ProfileTarget.fromReport(report(), ProfileMode.REGRESSIONS),
                null, CANDIDATE, dir, 7, new BaselineProfiles("abc", "async-profiler 4.2", "wall",
                        Collections.singletonMap(SLOWER, wallClock)));
        assertFalse(evidence.get(0).attribution().hasBase());
        assertTrue(log.warnings().stream().anyMatch(w -> w.contains("the profile stored with the baseline has"
                + " wall-clock samples and this one cpu samples")), log.warnings().toString());
    }

    @Test
    void onDemandTheProfiledForksOwnScoresAreTheCostsAndEachParameterCombinationIsOneFork() throws Exception {
        RecordingLauncher launcher = new RecordingLauncher(false) {
            @Override
            public List<BenchmarkResult> runProfiledFork(List<Path> classpath, String benchmark,
                    Map<String, String> params, String sideLabel, List<String> jvmArgs, String childJvmOption,
                    Path directory) throws InterleavedRun.ForkFailedException {
                super.runProfiledFork(classpath, benchmark, params, sideLabel, jvmArgs, childJvmOption, directory);
                double score = sideLabel.equals("base") ? 4 : 6;
                return Collections.singletonList(avgt(benchmark, new double[] {score}).toBuilder().params(params)
                        .build());
            }
        };
        List<ProfileTarget> targets = java.util.Arrays.asList(
                ProfileTarget.unmeasured(SLOWER, Collections.singletonMap("size", "10")),
                ProfileTarget.unmeasured(SLOWER, Collections.singletonMap("size", "20")));
        LogLines log = new LogLines();
        List<ProfileEvidence> evidence = new ComparisonProfiler(launcher, setup(ProfileMode.ALL,
                ProfilerChoice.JFR, false), log).profile(targets, BASE, CANDIDATE, dir, 7, null);

        assertEquals(2, evidence.size(), log.warnings().toString());
        assertEquals(4, launcher.forks.size(), launcher.forks.toString());
        ProfileEvidence e = evidence.get(0);
        assertEquals("Bench.slower (size=10)", e.benchmark());
        assertEquals(ProfileEvidence.PROFILED_ON_DEMAND, e.verdict());
        assertEquals(4, e.attribution().before(), 1e-9);
        assertEquals(6, e.attribution().after(), 1e-9);
        String explained = io.perfgate.report.ProfileSummary.explained(e, "->");
        assertTrue(explained.startsWith("Scored in the profiled forks (one per side, profiler attached;"
                + " perf:compare measures the change) 4.00 -> 6.00 ns/op, a change one fork per side does not"
                + " establish, so the frames get no share of it"), explained);
        // two forks cannot tell a change from noise: no frame gets a share of it
        assertTrue(e.attribution().methods().stream().allMatch(m -> Double.isNaN(m.shareOfChange())));
        long samples = e.attribution().samplesAfter();
        assertTrue(samples >= ComparisonProfiler.FEW_SAMPLES || log.warnings().stream().anyMatch(w -> w.startsWith(
                "Profiling Bench.slower (size=10): only " + samples + " samples of the measured code, so a share is"
                        + " known to about")), log.warnings().toString());
    }
}
