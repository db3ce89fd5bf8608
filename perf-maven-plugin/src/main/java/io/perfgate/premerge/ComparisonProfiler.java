package io.perfgate.premerge;

import io.perfgate.config.PerfProperties;
import io.perfgate.files.AtomicFiles;
import io.perfgate.gate.ForkValues;
import io.perfgate.gate.GateReport;
import io.perfgate.gate.Metric;
import io.perfgate.log.PerfLog;
import io.perfgate.profile.Attribution;
import io.perfgate.profile.BaselineProfiles;
import io.perfgate.profile.ChildJvmCpuShares;
import io.perfgate.profile.CostPerOp;
import io.perfgate.profile.DifferentialFlameGraph;
import io.perfgate.profile.FlameGraphs;
import io.perfgate.profile.JfrProfiles;
import io.perfgate.profile.ProfileEvidence;
import io.perfgate.profile.ProfileMode;
import io.perfgate.profile.ProfiledCode;
import io.perfgate.profile.ProfilerAgent;
import io.perfgate.profile.ProfilerChoice;
import io.perfgate.profile.ProfilerSetup;
import io.perfgate.profile.StackProfile;
import io.perfgate.results.BenchmarkResult;
import io.perfgate.results.Fork;
import io.perfgate.scenariorunner.ScenarioDefinition;
import io.perfgate.text.Durations;
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
import java.util.Random;
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
    private ProfilerAgent agent;
    private final Map<String, StackProfile> recorded = new LinkedHashMap<>();
    private final List<ProfileEvidence> written = new ArrayList<>();

    public ComparisonProfiler(BenchmarkLauncher launcher, ProfilerSetup setup, PerfLog log) {
        this.launcher = launcher;
        this.setup = setup;
        this.log = log;
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
        agent = firstAgent(judged);
        if (agent == null) {
            return new ArrayList<>();
        }
        long started = System.nanoTime();
        List<String> launched = new ArrayList<>();
        for (ProfileTarget t : targets) {
            String scenario = launcher.scenarioFor(t.benchmark());
            launched.add(scenario != null ? scenario : t.benchmark());
        }
        log.info("Profiling " + ScenarioDefinition.counted(launched) + (onDemand
                ? ":" : " (" + PerfProperties.PROFILE + "=" + setup.mode().name().toLowerCase(Locale.ROOT) + "):")
                + " one extra"
                + (baseClasspath == null ? " fork of the working tree" : " fork per side") + " with " + agent.name()
                + (onDemand ? "" : ", after the measurement") + (judged ? "; the verdicts stand" : ""));
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
                    + PerfProperties.PROFILER + "=async allows no other profiler." + (judged ? " The verdicts stand; use "
                    : " Use ") + PerfProperties.PROFILER + "=auto to fall back to JFR.");
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
        return agent;
    }

    /** One profiling fork's recording, read, and the score the fork measured with the profiler attached. */
    private static final class Recording {
        final StackProfile profile;
        final List<BenchmarkResult> results;

        Recording(StackProfile profile, List<BenchmarkResult> results) {
            this.profile = profile;
            this.results = results;
        }
    }

    private ProfileEvidence profileOne(ProfileTarget t, List<Path> baseClasspath, List<Path> candidateClasspath,
            Path profilesDirectory, long seed, StackProfile storedBase) throws IOException {
        Path dir = profilesDirectory.resolve(directoryName(t.displayName()));
        Files.createDirectories(dir);
        boolean baseFirst = new Random(seed ^ t.key().hashCode()).nextBoolean();
        String[] order = baseClasspath == null ? new String[] {"candidate"}
                : baseFirst ? new String[] {"base", "candidate"} : new String[] {"candidate", "base"};
        String scenario = launcher.scenarioFor(t.benchmark());
        String name = scenario != null ? scenario : t.benchmark();
        ProfiledCode code = launcher.profiledCode(name);
        Map<String, Recording> recordings = new LinkedHashMap<>();
        ProfilerAgent first = agent;
        for (int attempt = 0; attempt < 2 && recordings.size() < order.length; attempt++) {
            recordings.clear();
            for (String side : order) {
                Recording r = record(t, name, code, side, side.equals("base") ? baseClasspath
                        : candidateClasspath, dir);
                if (r == null) {
                    return null;
                }
                recordings.put(side, r);
                if (agent != first) {
                    first = agent;
                    if (recordings.size() > 1) {
                        // the profiler changed after a side was recorded: both sides again, with the same one
                        recordings.clear();
                        break;
                    }
                }
            }
        }
        if (recordings.size() < order.length) {
            return null;
        }
        StackProfile candidate = recordings.get("candidate").profile;
        recorded.put(t.key(), candidate);
        StackProfile base = recordings.containsKey("base") ? recordings.get("base").profile : null;
        CostPerOp baseCost = t.baseCost();
        if (base == null && storedBase != null) {
            if (!storedBase.timeSampling().equals(candidate.timeSampling())) {
                log.warn("Profiling " + t.displayName() + ": the profile stored with the baseline has "
                        + storedBase.timeSampling() + " samples and this one " + candidate.timeSampling()
                        + " samples (another profiler), so they are not compared; the working tree's profile is"
                        + " written alone");
            } else if (baseCost != null) {
                base = storedBase;
            }
        }
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
        CostPerOp candidateCost = t.candidateCost();
        double baseBytes = t.baseBytes();
        double candidateBytes = t.candidateBytes();
        if (candidateCost == null) {
            // profiled on demand: the profiled forks' own scores are the only costs there are
            candidateCost = CostPerOp.of(profiledValue(recordings.get("candidate"), t, Metric.MEDIAN),
                    profiledUnit(recordings.get("candidate"), t));
            candidateBytes = profiledValue(recordings.get("candidate"), t, Metric.ALLOCATION);
            if (recordings.containsKey("base")) {
                baseCost = CostPerOp.of(profiledValue(recordings.get("base"), t, Metric.MEDIAN),
                        profiledUnit(recordings.get("base"), t));
                baseBytes = profiledValue(recordings.get("base"), t, Metric.ALLOCATION);
            }
        }
        Attribution attribution = Attribution.compute(base, base == null ? null : baseCost, baseBytes,
                candidate, candidateCost, candidateBytes, t.timeChanged());
        List<String> files = new ArrayList<>();
        if (base != null) {
            AtomicFiles.writeString(dir.resolve("diff.html"), DifferentialFlameGraph.html(t.displayName(), base,
                    candidate));
            files.add("diff.html");
        }
        boolean baseRecorded = recordings.containsKey("base");
        List<Path> children = scenario == null ? new ArrayList<>() : childRecordings(dir);
        ChildJvmCpuShares processes = children.isEmpty() ? ChildJvmCpuShares.none()
                : ChildJvmCpuShares.read(children, agent.isAsyncProfiler());
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
            children.removeAll(processes.unreadable().keySet());
        }
        if (setup.converterJar() != null) {
            FlameGraphs graphs = new FlameGraphs(setup.java(), setup.converterJar());
            try {
                if (baseRecorded) {
                    files.addAll(graphs.write(dir.resolve("base.jfr"), "base", base, t.displayName(), code));
                }
                files.addAll(graphs.write(dir.resolve("candidate.jfr"), "candidate", candidate, t.displayName(),
                        code));
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
        } else {
            log.warn("No flame graph pages per side: " + setup.converterMissing() + "; the attribution and the"
                    + " differential view are written");
        }
        if (baseRecorded) {
            files.add("base.jfr");
        }
        files.add("candidate.jfr");
        if (scenario != null) {
            List<String> names = new ArrayList<>();
            children.forEach(child -> names.add(child.getFileName().toString()));
            files.addAll(names);
            log.info("Profiling " + t.displayName() + ": " + (names.isEmpty() && !processes.unreadable().isEmpty()
                    ? "no readable recording of the JVMs the scenario started" : names.isEmpty() ? "the scenario"
                    + " started no profiled JVM (ScenarioContext.profilerJvmOptions hands out the options for the"
                    + " JVMs it starts)" : names.size() + " recording(s) of the JVMs the scenario started: "
                    + String.join(", ", names)));
        }
        ProfileEvidence evidence = new ProfileEvidence(t.displayName(), t.label(), agent.name(), agent.events(),
                attribution, files, dir, processes);
        evidence.write();
        return evidence;
    }

    /** The profiled fork's result for the target's parameters (the only one when it reported one), or null. */
    private static BenchmarkResult profiledResult(Recording r, ProfileTarget t) {
        for (BenchmarkResult result : r.results) {
            if (result.params().equals(t.params()) || r.results.size() == 1) {
                return result;
            }
        }
        return null;
    }

    /**
     * What the profiled fork measured of {@code metric} for {@code t} (the median of its iterations: time per
     * operation or bytes per operation), NaN when it reported none.
     */
    private static double profiledValue(Recording r, ProfileTarget t, Metric metric) {
        BenchmarkResult result = profiledResult(r, t);
        double[] values = result == null ? new double[0] : ForkValues.of(null, result, metric).candidate();
        return values.length == 0 ? Double.NaN : Fork.median(values);
    }

    private static String profiledUnit(Recording r, ProfileTarget t) {
        BenchmarkResult result = profiledResult(r, t);
        return result == null ? "" : result.unit();
    }

    /**
     * One profiling fork of one side, read; null (with a warning) when no profiler could record it. When
     * async-profiler does not load under {@code perf.profiler=auto}, JFR takes over for this and later forks.
     */
    private Recording record(ProfileTarget t, String name, ProfiledCode code, String side, List<Path> classpath,
            Path dir) throws IOException {
        Path recording = dir.resolve(side + ".jfr");
        while (true) {
            Files.deleteIfExists(recording);
            String problem;
            try {
                List<BenchmarkResult> results = launcher.runProfiledFork(classpath, name, t.params(), side,
                        agent.jvmArgs(recording), agent.childJvmOption(dir, side), dir);
                if (Files.isRegularFile(recording) && Files.size(recording) > 0) {
                    return new Recording(JfrProfiles.read(recording, code.stacks()), results);
                }
                problem = "the fork ended without writing " + recording;
            } catch (InterleavedRun.ForkFailedException e) {
                problem = e.getMessage();
            }
            if (agent.isAsyncProfiler() && setup.choice() == ProfilerChoice.AUTO) {
                log.warn("async-profiler did not work in the " + side + "'s profiling fork of " + t.displayName()
                        + " (" + firstLine(problem) + "): profiling with JFR instead");
                agent = ProfilerAgent.flightRecorder();
                continue;
            }
            log.warn("Could not profile " + t.displayName() + " (" + side + ", " + agent.name() + "): "
                    + firstLine(problem) + (t.candidateCost() == null ? "." : ". The verdict stands."));
            return null;
        }
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

    private static String firstLine(String text) {
        if (text == null) {
            return "no message";
        }
        int nl = text.indexOf('\n');
        return nl < 0 ? text : text.substring(0, nl);
    }

    /**
     * A directory name for a benchmark: its display name with anything but letters, digits, dots and dashes
     * replaced, since the recording paths inside it go into profiler options that split at commas and equals signs
     * ({@code -XX:StartFlightRecording=filename=...,settings=...}).
     */
    static String directoryName(String displayName) {
        String name = displayName.replaceAll("[^A-Za-z0-9._-]+", "_");
        return name.length() > 150 ? name.substring(0, 150) : name;
    }
}
