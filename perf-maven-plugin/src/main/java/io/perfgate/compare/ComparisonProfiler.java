package io.perfgate.compare;

import io.perfgate.config.PerfProperties;
import io.perfgate.files.AtomicFiles;
import io.perfgate.gate.Comparison;
import io.perfgate.gate.GateReport;
import io.perfgate.gate.Metric;
import io.perfgate.log.PerfLog;
import io.perfgate.profile.Attribution;
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
import io.perfgate.stats.Verdict;
import io.perfgate.text.Durations;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
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
    /** The verdicts that {@code perf.profile=regressions} profiles. */
    static final Set<Verdict> REGRESSIONS = EnumSet.of(Verdict.FAIL, Verdict.WARN);

    private final BenchmarkLauncher launcher;
    private final ProfilerSetup setup;
    private final PerfLog log;
    private ProfilerAgent agent;

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

    /** The comparisons of one benchmark (with its parameters). */
    static final class Target {
        final String key;
        Comparison median;
        Comparison allocation;
        Verdict worst;

        Target(String key) {
            this.key = key;
        }
    }

    /** Whether {@code mode} selects anything of the report to profile. */
    public static boolean anythingToProfile(GateReport report, ProfileMode mode) {
        return mode != ProfileMode.NONE && !targets(report, mode).isEmpty();
    }

    /** The benchmarks and scenarios {@code mode} selects from the report, in its order. */
    static List<Target> targets(GateReport report, ProfileMode mode) {
        Map<String, Target> byKey = new LinkedHashMap<>();
        for (Comparison c : report.comparisons()) {
            Target t = byKey.computeIfAbsent(c.key(), Target::new);
            if (c.metric() == Metric.MEDIAN) {
                t.median = c;
            } else if (c.metric() == Metric.ALLOCATION) {
                t.allocation = c;
            }
            if (t.worst == null || c.verdict().ordinal() < t.worst.ordinal()) {
                t.worst = c.verdict();
            }
        }
        List<Target> selected = new ArrayList<>();
        for (Target t : byKey.values()) {
            if (t.median != null && (mode == ProfileMode.ALL || mode == ProfileMode.REGRESSIONS
                    && REGRESSIONS.contains(t.worst))) {
                selected.add(t);
            }
        }
        return selected;
    }

    /**
     * Profiles what the setup's mode selects of {@code report}.
     *
     * @param baseClasspath the base's classpath, still built; null where there is no base to run (perf:check against
     *     a stored baseline), and only the candidate is profiled
     * @return the evidence written, one per benchmark profiled
     */
    public List<ProfileEvidence> profile(GateReport report, List<Path> baseClasspath, List<Path> candidateClasspath,
            Path profilesDirectory, long seed) {
        List<ProfileEvidence> evidence = new ArrayList<>();
        if (setup.mode() == ProfileMode.NONE) {
            return evidence;
        }
        List<Target> targets = targets(report, setup.mode());
        if (targets.isEmpty()) {
            if (setup.mode() == ProfileMode.REGRESSIONS) {
                log.info("Profiling: nothing FAILed or WARNed, so nothing to profile (" + PerfProperties.PROFILE
                        + "=regressions; all profiles every benchmark)");
            }
            return evidence;
        }
        agent = firstAgent();
        if (agent == null) {
            return evidence;
        }
        long started = System.nanoTime();
        log.info("Profiling " + targets.size() + (targets.size() == 1 ? " benchmark" : " benchmarks") + " ("
                + PerfProperties.PROFILE + "=" + setup.mode().name().toLowerCase(Locale.ROOT) + "): one extra"
                + (baseClasspath == null ? " fork of the working tree" : " fork per side") + " with " + agent.name()
                + ", after the measurement; the verdicts stand");
        if (baseClasspath == null) {
            log.info("Only the working tree can be profiled against a stored baseline: perf:compare -D"
                    + PerfProperties.AGAINST + "=<ref> (or this goal with it) profiles both sides and attributes the"
                    + " change between them");
        }
        for (Target t : targets) {
            try {
                ProfileEvidence e = profileOne(t, baseClasspath, candidateClasspath, profilesDirectory, seed);
                if (e != null) {
                    evidence.add(e);
                }
            } catch (IOException | RuntimeException e) {
                log.warn("Profiling " + t.median.displayName() + " failed: " + e.getMessage() + ". The verdict"
                        + " stands; " + PerfProperties.PROFILE + "=none turns profiling off.");
            }
        }
        log.info("Profiling took " + Durations.format(Duration.ofNanos(System.nanoTime() - started)) + "; profiles in "
                + profilesDirectory);
        return evidence;
    }

    /** The profiler to start with, or null (with a warning) when the choice cannot be had. */
    private ProfilerAgent firstAgent() {
        if (setup.choice() == ProfilerChoice.JFR) {
            return ProfilerAgent.flightRecorder();
        }
        if (setup.asyncProfiler() != null) {
            return setup.asyncProfiler();
        }
        if (setup.choice() == ProfilerChoice.ASYNC) {
            log.warn("Profiling skipped: async-profiler is not available (" + setup.asyncProfilerMissing() + ") and "
                    + PerfProperties.PROFILER + "=async allows no other profiler. The verdicts stand; use "
                    + PerfProperties.PROFILER + "=auto to fall back to JFR.");
            return null;
        }
        log.warn("async-profiler is not available (" + setup.asyncProfilerMissing() + "): profiling with JFR instead,"
                + " which records fewer samples and only monitor waits over 10 ms");
        return ProfilerAgent.flightRecorder();
    }

    private ProfileEvidence profileOne(Target t, List<Path> baseClasspath, List<Path> candidateClasspath,
            Path profilesDirectory, long seed) throws IOException {
        Comparison c = t.median;
        Path dir = profilesDirectory.resolve(directoryName(c.displayName()));
        Files.createDirectories(dir);
        boolean baseFirst = new Random(seed ^ c.key().hashCode()).nextBoolean();
        String[] order = baseClasspath == null ? new String[] {"candidate"}
                : baseFirst ? new String[] {"base", "candidate"} : new String[] {"candidate", "base"};
        String scenario = launcher.scenarioFor(c.benchmark());
        String name = scenario != null ? scenario : c.benchmark();
        ProfiledCode code = launcher.profiledCode(name);
        Map<String, StackProfile> profiles = new LinkedHashMap<>();
        ProfilerAgent first = agent;
        for (int attempt = 0; attempt < 2 && profiles.size() < order.length; attempt++) {
            profiles.clear();
            for (String side : order) {
                StackProfile p = record(c, name, code, side, side.equals("base") ? baseClasspath
                        : candidateClasspath, dir);
                if (p == null) {
                    return null;
                }
                profiles.put(side, p);
                if (agent != first) {
                    first = agent;
                    if (profiles.size() > 1) {
                        // the profiler changed after a side was recorded: both sides again, with the same one
                        profiles.clear();
                        break;
                    }
                }
            }
        }
        if (profiles.size() < order.length) {
            return null;
        }
        StackProfile base = profiles.get("base");
        StackProfile candidate = profiles.get("candidate");
        if (candidate.timeSamples() == 0 || base != null && base.timeSamples() == 0) {
            log.warn("Profiling " + c.displayName() + ": the " + (candidate.timeSamples() == 0 ? "candidate" : "base")
                    + "'s profile has no samples of the benchmark's threads; the attribution is empty");
        }
        double baseBytes = t.allocation == null ? Double.NaN : t.allocation.baselineMedian();
        double candidateBytes = t.allocation == null ? Double.NaN : t.allocation.currentMedian();
        boolean timeChanged = c.verdict() == Verdict.FAIL || c.verdict() == Verdict.WARN
                || c.verdict() == Verdict.IMPROVED;
        Attribution attribution = Attribution.compute(base, CostPerOp.of(c.baselineMedian(), c.unit()), baseBytes,
                candidate, CostPerOp.of(c.currentMedian(), c.unit()), candidateBytes, timeChanged);
        List<String> files = new ArrayList<>();
        if (base != null) {
            AtomicFiles.writeString(dir.resolve("diff.html"), DifferentialFlameGraph.html(c.displayName(), base,
                    candidate));
            files.add("diff.html");
        }
        List<Path> children = scenario == null ? new ArrayList<>() : childRecordings(dir);
        if (setup.converterJar() != null) {
            FlameGraphs graphs = new FlameGraphs(setup.java(), setup.converterJar());
            try {
                if (base != null) {
                    files.addAll(graphs.write(dir.resolve("base.jfr"), "base", base, c.displayName(), code));
                }
                files.addAll(graphs.write(dir.resolve("candidate.jfr"), "candidate", candidate, c.displayName(),
                        code));
                for (Path child : children) {
                    files.add(graphs.writeWhole(child, c.displayName() + ": " + child.getFileName()));
                }
            } catch (IOException e) {
                log.warn("Flame graphs of " + c.displayName() + " could not be drawn: " + e.getMessage()
                        + "; the attribution and the differential view are written");
            }
        } else {
            log.warn("No flame graph pages per side: " + setup.converterMissing() + "; the attribution and the"
                    + " differential view are written");
        }
        if (base != null) {
            files.add("base.jfr");
        }
        files.add("candidate.jfr");
        if (scenario != null) {
            List<String> names = new ArrayList<>();
            children.forEach(child -> names.add(child.getFileName().toString()));
            files.addAll(names);
            log.info("Profiling " + c.displayName() + ": " + (names.isEmpty() ? "the scenario started no profiled"
                    + " JVM (ScenarioContext.profilerJvmOptions hands out the options for the JVMs it starts)"
                    : names.size() + " recording(s) of the JVMs the scenario started: " + String.join(", ", names)));
        }
        ProfileEvidence evidence = new ProfileEvidence(c.displayName(), t.worst.name(), agent.name(), agent.events(),
                attribution, files, dir);
        evidence.write();
        return evidence;
    }

    /**
     * One profiling fork of one side, read; null (with a warning) when no profiler could record it. When
     * async-profiler does not load under {@code perf.profiler=auto}, JFR takes over for this and later forks.
     */
    private StackProfile record(Comparison c, String name, ProfiledCode code, String side, List<Path> classpath,
            Path dir) throws IOException {
        Path recording = dir.resolve(side + ".jfr");
        while (true) {
            Files.deleteIfExists(recording);
            String problem;
            try {
                launcher.runProfiledFork(classpath, name, c.params(), side, agent.jvmArgs(recording),
                        agent.childJvmOption(dir, side), dir);
                if (Files.isRegularFile(recording) && Files.size(recording) > 0) {
                    return JfrProfiles.read(recording, code.stacks());
                }
                problem = "the fork ended without writing " + recording;
            } catch (InterleavedRun.ForkFailedException e) {
                problem = e.getMessage();
            }
            if (agent.isAsyncProfiler() && setup.choice() == ProfilerChoice.AUTO) {
                log.warn("async-profiler did not work in the " + side + "'s profiling fork of " + c.displayName()
                        + " (" + firstLine(problem) + "): profiling with JFR instead");
                agent = ProfilerAgent.flightRecorder();
                continue;
            }
            log.warn("Could not profile " + c.displayName() + " (" + side + ", " + agent.name() + "): "
                    + firstLine(problem) + ". The verdict stands.");
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

    /** A directory name for a benchmark: its display name with anything a file system might refuse replaced. */
    static String directoryName(String displayName) {
        String name = displayName.replaceAll("[^A-Za-z0-9._=,-]+", "_");
        return name.length() > 150 ? name.substring(0, 150) : name;
    }
}
