package io.perfgate.forkprofile;

import io.perfgate.config.PerfProperties;
import io.perfgate.files.AtomicFiles;
import io.perfgate.files.FileNames;
import io.perfgate.gate.GateReport;
import io.perfgate.interleaved.BenchmarkLauncher;
import io.perfgate.interleaved.Side;
import io.perfgate.log.PerfLog;
import io.perfgate.profile.Attribution;
import io.perfgate.profile.BaselineProfiles;
import io.perfgate.profile.ChildJvmCpuShares;
import io.perfgate.profile.CostPerOp;
import io.perfgate.profile.DifferentialFlameGraph;
import io.perfgate.profile.FlameGraphs;
import io.perfgate.profile.ProfileEvidence;
import io.perfgate.profile.ProfileMode;
import io.perfgate.profile.ProfiledCode;
import io.perfgate.profile.ProfilerAgent;
import io.perfgate.profile.ProfilerChoice;
import io.perfgate.profile.ProfilerSetup;
import io.perfgate.profile.StackProfile;
import io.perfgate.scenariorunner.ScenarioDefinition;
import io.perfgate.text.Durations;
import io.perfgate.workspace.CompareException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Profiles the benchmarks a comparison judged, after the measurement and never in the forks it judged (a profiler
 * changes timings): one extra fork per side and benchmark, base and candidate in a seeded order, each recorded
 * with async-profiler (or JFR where async-profiler cannot load), then attributed ({@link Attribution}), drawn
 * ({@link FlameGraphs}, {@link DifferentialFlameGraph}) and written to {@code profiles/<benchmark>/}. Profiling
 * never changes a verdict and never fails the build: what goes wrong is logged as a warning with what to do.
 */
public final class ComparisonProfiler {
    /** Fewer samples than this give shares too rough to read without a warning (+-5 points at 100). */
    static final long FEW_SAMPLES = 100;

    private final BenchmarkLauncher launcher;
    private final ProfilerSetup setup;
    private final PerfLog log;
    private final ProfilingForks forks;
    private final Map<String, StackProfile> recorded = new LinkedHashMap<>();
    private final List<ProfileEvidence> written = new ArrayList<>();

    public ComparisonProfiler(BenchmarkLauncher launcher, ProfilerSetup setup, PerfLog log) {
        this.launcher = launcher;
        this.setup = setup;
        this.log = log;
        this.forks = new ProfilingForks(launcher, setup, log);
    }

    /** The working tree's side of its profiling forks, which only the goal can give: the launcher, the classpath. */
    public interface WorkingTree<X extends Exception> {
        BenchmarkLauncher launcher() throws X;

        List<Path> testClasspath() throws X;
    }

    /**
     * Profiles {@code targets} in the working tree only, one extra fork each, into {@code profilesDirectory}
     * (cleared of an earlier run's profiles first, even when there are no targets), each attributed against its
     * profile in {@code stored} where there is one. Benchmarks that cannot be listed skip the profiling with a
     * warning: profiling never fails the build.
     *
     * @return the profiler, with what it recorded; null when nothing was profiled
     * @throws IOException when the earlier profiles cannot be cleared
     */
    public static <X extends Exception> ComparisonProfiler profileWorkingTree(List<ProfileTarget> targets,
            ProfilerSetup setup, BaselineProfiles stored, Path profilesDirectory, WorkingTree<X> tree, PerfLog log)
            throws IOException, X {
        clearStale(profilesDirectory);
        if (targets.isEmpty()) {
            return null;
        }
        BenchmarkLauncher launcher = tree.launcher();
        try {
            launcher.discover(tree.testClasspath(), "working tree");
        } catch (CompareException e) {
            log.warn("Profiling skipped: " + e.getMessage() + ".");
            return null;
        }
        ComparisonProfiler profiler = new ComparisonProfiler(launcher, setup, log);
        profiler.profile(targets, null, tree.testClasspath(), profilesDirectory, 0, stored);
        return profiler;
    }

    /** Removes the profile directories an earlier run left (those holding an attribution.json), so none is reused. */
    public static void clearStale(Path profilesDirectory) throws IOException {
        if (!Files.isDirectory(profilesDirectory)) {
            return;
        }
        List<Path> ours;
        try (Stream<Path> dirs = Files.list(profilesDirectory)) {
            ours = dirs.filter(d -> Files.isRegularFile(d.resolve(ProfileEvidence.FILE_NAME)))
                    .collect(Collectors.toList());
        }
        for (Path dir : ours) {
            try (Stream<Path> files = Files.walk(dir)) {
                for (Path p : files.sorted(Comparator.reverseOrder()).collect(Collectors.toList())) {
                    Files.deleteIfExists(p);
                }
            }
        }
    }

    /**
     * Profiles what the setup's mode selects of {@code report}.
     *
     * @param baseClasspath the base's classpath, still built
     * @return the evidence written, one per benchmark profiled
     */
    public List<ProfileEvidence> profile(GateReport report, List<Path> baseClasspath, List<Path> candidateClasspath,
            Path profilesDirectory, long seed) {
        return profile(select(report, setup.mode(), log), baseClasspath, candidateClasspath, profilesDirectory, seed,
                null);
    }

    /** What {@code mode} selects of the report, saying so when a regressions-only selection is empty. */
    public static List<ProfileTarget> select(GateReport report, ProfileMode mode, PerfLog log) {
        List<ProfileTarget> targets = ProfileTarget.fromReport(report, mode);
        if (targets.isEmpty() && mode == ProfileMode.REGRESSIONS) {
            log.info("Profiling: nothing FAILed or WARNed, so nothing to profile (" + PerfProperties.PROFILE
                    + "=regressions; all profiles every benchmark)");
        }
        return targets;
    }

    /**
     * Profiles {@code targets}, whatever the mode: one extra fork per side each.
     *
     * @param baseClasspath the base's classpath, still built; null where there is no base to run, and only the
     *     candidate is profiled
     * @param stored the profiles stored with the baseline, the "before" of a target when there is no base to run;
     *     null when there are none
     * @return the evidence written, one per target profiled
     */
    public List<ProfileEvidence> profile(List<ProfileTarget> targets, List<Path> baseClasspath,
            List<Path> candidateClasspath, Path profilesDirectory, long seed, BaselineProfiles stored) {
        List<ProfileEvidence> evidence = written;
        evidence.clear();
        recorded.clear();
        if (targets.isEmpty()) {
            return new ArrayList<>();
        }
        boolean onDemand = targets.stream().allMatch(t -> t.candidateCost() == null);
        boolean judged = targets.stream().noneMatch(t -> t.candidateCost() == null
                || ProfileEvidence.MEASURED.equals(t.label()));
        forks.use(firstAgent(judged));
        if (forks.agent() == null) {
            return new ArrayList<>();
        }
        long started = System.nanoTime();
        announce(targets, baseClasspath != null, onDemand, judged);
        for (ProfileTarget t : targets) {
            try {
                ProfileEvidence e = profileOne(t, baseClasspath, candidateClasspath, profilesDirectory, seed,
                        stored == null ? null : stored.get(t.key()));
                if (e != null) {
                    evidence.add(e);
                }
            } catch (IOException | RuntimeException e) {
                log.warn("Profiling " + t.displayName() + " failed: " + e.getMessage() + (onDemand ? ""
                        : ". The verdict stands") + "; " + PerfProperties.PROFILE + "=none turns profiling off.");
            }
        }
        log.info("Profiling took " + Durations.format(Duration.ofNanos(System.nanoTime() - started)) + "; profiles in "
                + profilesDirectory);
        return new ArrayList<>(evidence);
    }

    /** Says what is profiled, how, and (after a comparison) that the verdicts stand. */
    private void announce(List<ProfileTarget> targets, boolean withBase, boolean onDemand, boolean judged) {
        List<String> launched = new ArrayList<>();
        for (ProfileTarget t : targets) {
            String scenario = launcher.scenarioFor(t.benchmark());
            launched.add(scenario != null ? scenario : t.benchmark());
        }
        log.info("Profiling " + ScenarioDefinition.counted(launched) + (onDemand
                ? ":" : " (" + PerfProperties.PROFILE + "=" + setup.mode().name().toLowerCase(Locale.ROOT) + "):")
                + " one extra" + (withBase ? " fork per side" : " fork of the working tree") + " with "
                + forks.agent().name() + (onDemand ? "" : ", after the measurement")
                + (judged ? "; the verdicts stand" : ""));
    }

    /** The profiler to start with, or null (with a warning) when the choice cannot be had. */
    private ProfilerAgent firstAgent(boolean judged) {
        if (setup.choice() == ProfilerChoice.JFR) {
            return ProfilerAgent.flightRecorder();
        }
        if (setup.asyncProfiler() != null) {
            return setup.asyncProfiler();
        }
        if (setup.choice() == ProfilerChoice.ASYNC) {
            log.warn("Profiling skipped: async-profiler is not available (" + setup.asyncProfilerMissing() + ") and "
                    + PerfProperties.PROFILER + "=async allows no other profiler."
                    + (judged ? " The verdicts stand; use " : " Use ") + PerfProperties.PROFILER
                    + "=auto to fall back to JFR.");
            return null;
        }
        log.warn("async-profiler is not available (" + setup.asyncProfilerMissing() + "): profiling with JFR instead,"
                + " which records fewer samples and only monitor waits over 10 ms");
        return ProfilerAgent.flightRecorder();
    }

    /**
     * The profile of each target's candidate (the working tree) recorded by the last {@link #profile} call, by
     * results key: what perf:baseline stores beside the baseline.
     */
    public Map<String, StackProfile> recordedProfiles() {
        return recorded;
    }

    /** The evidence the last {@link #profile} call wrote, one per target profiled. */
    public List<ProfileEvidence> evidence() {
        return written;
    }

    /** The profiler the last {@link #profile} call ended with; null when it profiled nothing. */
    public ProfilerAgent agent() {
        return forks.agent();
    }

    /**
     * One target: its forks recorded ({@link ProfilingForks}), the change attributed, the flame graphs drawn and
     * the evidence written into the target's own directory; null when a side could not be recorded.
     */
    private ProfileEvidence profileOne(ProfileTarget t, List<Path> baseClasspath, List<Path> candidateClasspath,
            Path profilesDirectory, long seed, StackProfile storedBase) throws IOException {
        Path dir = profilesDirectory.resolve(directoryName(t.displayName()));
        Files.createDirectories(dir);
        String scenario = launcher.scenarioFor(t.benchmark());
        String name = scenario != null ? scenario : t.benchmark();
        ProfiledCode code = launcher.profiledCode(name);
        Map<Side, ProfiledFork> recordings = forks.record(t, name, code,
                ProfilingForks.order(t, baseClasspath != null, seed), baseClasspath, candidateClasspath, dir);
        if (recordings == null) {
            return null;
        }
        StackProfile candidate = recordings.get(Side.CANDIDATE).profile();
        recorded.put(t.key(), candidate);
        boolean baseRecorded = recordings.containsKey(Side.BASE);
        StackProfile base = baseRecorded ? recordings.get(Side.BASE).profile()
                : storedBefore(t, storedBase, candidate);
        warnAboutSamples(t, base, candidate);
        Attribution attribution = attribute(t, base, candidate, recordings);
        List<String> files = new ArrayList<>();
        if (base != null) {
            AtomicFiles.writeString(dir.resolve("diff.html"), DifferentialFlameGraph.html(t.displayName(), base,
                    candidate));
            files.add("diff.html");
        }
        List<Path> children = scenario == null ? new ArrayList<>() : childRecordings(dir);
        ChildJvmCpuShares processes = readChildren(t, children);
        children.removeAll(processes.unreadable().keySet());
        files.addAll(flameGraphs(t, dir, baseRecorded ? base : null, candidate, code, children));
        if (baseRecorded) {
            files.add(ProfilingForks.recordingName(Side.BASE));
        }
        files.add(ProfilingForks.recordingName(Side.CANDIDATE));
        if (scenario != null) {
            files.addAll(childRecordingNames(t, children, processes));
        }
        ProfilerAgent agent = forks.agent();
        ProfileEvidence evidence = new ProfileEvidence(t.displayName(), t.label(), agent.name(), agent.events(),
                attribution, files, dir, processes);
        evidence.write();
        return evidence;
    }

    /**
     * The profile stored with the baseline as the "before" of {@code t}, where there is no base to run: null
     * when none was stored, when the baseline has no cost for it, or (with a warning) when another profiler
     * recorded it.
     */
    private StackProfile storedBefore(ProfileTarget t, StackProfile stored, StackProfile candidate) {
        if (stored == null) {
            return null;
        }
        if (!stored.timeSampling().equals(candidate.timeSampling())) {
            log.warn("Profiling " + t.displayName() + ": the profile stored with the baseline has "
                    + stored.timeSampling() + " samples and this one " + candidate.timeSampling()
                    + " samples (another profiler), so they are not compared; the working tree's profile is"
                    + " written alone");
            return null;
        }
        return t.baseCost() != null ? stored : null;
    }

    /** Warns when the profiles hold too few samples of the measured code for their shares to be read as exact. */
    private void warnAboutSamples(ProfileTarget t, StackProfile base, StackProfile candidate) {
        long fewest = base == null ? candidate.timeSamples() : Math.min(base.timeSamples(), candidate.timeSamples());
        if (fewest > 0 && fewest < FEW_SAMPLES) {
            // a share p of n samples is known to about sqrt(p (1 - p) / n): at most 0.5 / sqrt(n)
            log.warn(String.format(Locale.ROOT, "Profiling %s: only %d samples of the measured code, so a share is"
                    + " known to about %.0f points either way; profile a longer run (more or longer measurement"
                    + " iterations, or a scenario's warm runs)", t.displayName(), fewest, 50 / Math.sqrt(fewest)));
        }
        if (candidate.timeSamples() == 0 || base != null && base.timeSamples() == 0) {
            log.warn("Profiling " + t.displayName() + ": the " + (candidate.timeSamples() == 0 ? "candidate"
                    : "base") + "'s profile has no samples of the benchmark's threads; the attribution is empty");
        }
    }

    /**
     * The change attributed in the benchmark's unit: with the costs the comparison measured, or for a target
     * profiled on demand (no measured cost), with what the profiled forks themselves measured.
     */
    private static Attribution attribute(ProfileTarget t, StackProfile base, StackProfile candidate,
            Map<Side, ProfiledFork> recordings) {
        CostPerOp baseCost = t.baseCost();
        double baseBytes = t.baseBytes();
        CostPerOp candidateCost = t.candidateCost();
        double candidateBytes = t.candidateBytes();
        if (candidateCost == null) {
            // profiled on demand: the profiled forks' own scores are the only costs there are
            ProfiledFork candidateFork = recordings.get(Side.CANDIDATE);
            candidateCost = candidateFork.costPerOp(t);
            candidateBytes = candidateFork.bytesPerOp(t);
            ProfiledFork baseFork = recordings.get(Side.BASE);
            if (baseFork != null) {
                baseCost = baseFork.costPerOp(t);
                baseBytes = baseFork.bytesPerOp(t);
            }
        }
        return Attribution.compute(base, base == null ? null : baseCost, baseBytes, candidate, candidateCost,
                candidateBytes, t.timeChanged());
    }

    /** The recordings of the JVMs a scenario started, read; those that cannot be, named in a warning. */
    private ChildJvmCpuShares readChildren(ProfileTarget t, List<Path> children) {
        ChildJvmCpuShares processes = children.isEmpty() ? ChildJvmCpuShares.none()
                : ChildJvmCpuShares.read(children, forks.agent().isAsyncProfiler());
        if (!processes.unreadable().isEmpty()) {
            List<String> cut = new ArrayList<>();
            processes.unreadable().forEach((file, why) -> cut.add(file.getFileName() + " (" + firstLine(why)
                    + ")"));
            log.warn("Profiling " + t.displayName() + ": " + cut.size() + " recording(s) of the JVMs the scenario"
                    + " started could not be read and are left out: " + String.join(", ", cut) + ". A JVM killed"
                    + " before it finished writing leaves such a file. Give the JVMs the scenario profiles time to"
                    + " exit when asked to stop: YARN kills a container yarn.nodemanager.sleep-delay-before-"
                    + "sigkill.ms after SIGTERM (250 ms by default); 3000 in the scenario's cluster configuration"
                    + " is ample, and more than 5000 outlasts the wait for threads after tear-down");
        }
        return processes;
    }

    /**
     * The flame graph pages of each side and of each readable recording of the JVMs a scenario started, by file
     * name; none (with a warning) without the converter or when it fails.
     *
     * @param recordedBase the base's profile when a base fork recorded it; null otherwise
     */
    private List<String> flameGraphs(ProfileTarget t, Path dir, StackProfile recordedBase, StackProfile candidate,
            ProfiledCode code, List<Path> children) {
        List<String> files = new ArrayList<>();
        if (setup.converterJar() == null) {
            log.warn("No flame graph pages per side: " + setup.converterMissing() + "; the attribution and the"
                    + " differential view are written");
            return files;
        }
        FlameGraphs graphs = new FlameGraphs(setup.java(), setup.converterJar());
        try {
            if (recordedBase != null) {
                files.addAll(graphs.write(dir.resolve(ProfilingForks.recordingName(Side.BASE)), Side.BASE.label(),
                        recordedBase, t.displayName(), code));
            }
            files.addAll(graphs.write(dir.resolve(ProfilingForks.recordingName(Side.CANDIDATE)),
                    Side.CANDIDATE.label(), candidate, t.displayName(), code));
            for (Path child : children) {
                try {
                    files.add(graphs.writeWhole(child, t.displayName() + ": " + child.getFileName()));
                } catch (IOException e) {
                    log.warn("No flame graph of " + child.getFileName() + ": " + e.getMessage());
                }
            }
        } catch (IOException e) {
            log.warn("Flame graphs of " + t.displayName() + " could not be drawn: " + e.getMessage()
                    + "; the attribution and the differential view are written");
        }
        return files;
    }

    /** The file names of the scenario's readable child recordings, which the log names (or says why none). */
    private List<String> childRecordingNames(ProfileTarget t, List<Path> children, ChildJvmCpuShares processes) {
        List<String> names = new ArrayList<>();
        children.forEach(child -> names.add(child.getFileName().toString()));
        log.info("Profiling " + t.displayName() + ": " + (names.isEmpty() && !processes.unreadable().isEmpty()
                ? "no readable recording of the JVMs the scenario started" : names.isEmpty() ? "the scenario"
                + " started no profiled JVM (ScenarioContext.profilerJvmOptions hands out the options for the"
                + " JVMs it starts)" : names.size() + " recording(s) of the JVMs the scenario started: "
                + String.join(", ", names)));
        return names;
    }

    /** The recordings of the JVMs a scenario started: {@code <side>-<process>...jfr} beside the sides' own. */
    static List<Path> childRecordings(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(f -> {
                String n = f.getFileName().toString();
                return n.endsWith(".jfr") && (n.startsWith("base-") || n.startsWith("candidate-"));
            }).sorted().collect(Collectors.toList());
        }
    }

    /** The first line of a message, which is what a one-line warning quotes. */
    static String firstLine(String text) {
        if (text == null) {
            return "no message";
        }
        int nl = text.indexOf('\n');
        return nl < 0 ? text : text.substring(0, nl);
    }

    /**
     * A directory name for a benchmark: its display name with anything but letters, digits, dots and dashes
     * replaced, since the recording paths inside it go into profiler options that split at commas and equals signs
     * ({@code -XX:StartFlightRecording=filename=...,settings=...}); a long one (@Param values) shortened by the
     * rule of {@link FileNames}, the whole name being in its attribution.json.
     */
    static String directoryName(String displayName) {
        return FileNames.fit(displayName.replaceAll("[^A-Za-z0-9._-]+", "_"), "");
    }
}
