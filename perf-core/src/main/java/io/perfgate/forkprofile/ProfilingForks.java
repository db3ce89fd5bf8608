package io.perfgate.forkprofile;

import io.perfgate.interleaved.BenchmarkLauncher;
import io.perfgate.interleaved.InterleavedRun;
import io.perfgate.interleaved.Side;
import io.perfgate.log.PerfLog;
import io.perfgate.profile.JfrProfiles;
import io.perfgate.profile.ProfiledCode;
import io.perfgate.profile.ProfilerAgent;
import io.perfgate.profile.ProfilerChoice;
import io.perfgate.profile.ProfilerSetup;
import io.perfgate.results.BenchmarkResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The profiling forks of one target: one per side, each with the profiler attached and its recording read. Holds
 * the profiler, since async-profiler that does not load under {@code perf.profiler=auto} gives way to JFR for this
 * and every later fork. A fork writes its files into the target's directory named after its side
 * ({@code <side>.jfr}, the JVMs a scenario starts as {@code <side>-<process>...jfr}, the harness's
 * {@code <side>-...} files); a target that ends without every side read leaves none of them, so that nothing is
 * listed as a profile artifact that no evidence stands on.
 */
final class ProfilingForks {
    private final BenchmarkLauncher launcher;
    private final ProfilerSetup setup;
    private final PerfLog log;
    private ProfilerAgent agent;

    ProfilingForks(BenchmarkLauncher launcher, ProfilerSetup setup, PerfLog log) {
        this.launcher = launcher;
        this.setup = setup;
        this.log = log;
    }

    /** Starts the next forks with {@code first}. */
    void use(ProfilerAgent first) {
        agent = first;
    }

    /** The profiler the forks run with now; null before {@link #use}. */
    ProfilerAgent agent() {
        return agent;
    }

    /** The file a side's fork records the benchmark's JVM into, in the target's directory. */
    static String recordingName(Side side) {
        return side.label() + ".jfr";
    }

    /**
     * The sides to profile, in an order seeded per target (a side recorded first does not always meet a cooler or
     * warmer machine); the candidate alone where there is no base to run.
     */
    static List<Side> order(ProfileTarget t, boolean withBase, long seed) {
        boolean baseFirst = new Random(seed ^ t.key().hashCode()).nextBoolean();
        return !withBase ? Collections.singletonList(Side.CANDIDATE)
                : baseFirst ? Arrays.asList(Side.BASE, Side.CANDIDATE) : Arrays.asList(Side.CANDIDATE, Side.BASE);
    }

    /**
     * One fork per side of {@code order}, read, all with the same profiler: when the profiler changes after a side
     * was recorded, every side is recorded again. Null (with a warning) when a side could not be recorded; then,
     * as when reading fails, the sides' files are removed from {@code dir}, and {@code dir} too when that empties it.
     *
     * @param name the benchmark or scenario as the launcher knows it
     * @param baseClasspath the base's classpath; null when {@code order} holds only the candidate
     */
    Map<Side, ProfiledFork> record(ProfileTarget t, String name, ProfiledCode code, List<Side> order,
            List<Path> baseClasspath, List<Path> candidateClasspath, Path dir) throws IOException {
        Map<Side, ProfiledFork> recordings;
        try {
            recordings = recordSameProfiler(t, name, code, order, baseClasspath, candidateClasspath, dir);
        } catch (IOException | RuntimeException e) {
            try {
                discard(dir, order);
            } catch (IOException cleanup) {
                e.addSuppressed(cleanup);
            }
            throw e;
        }
        if (recordings == null) {
            discard(dir, order);
        }
        return recordings;
    }

    private Map<Side, ProfiledFork> recordSameProfiler(ProfileTarget t, String name, ProfiledCode code,
            List<Side> order, List<Path> baseClasspath, List<Path> candidateClasspath, Path dir) throws IOException {
        Map<Side, ProfiledFork> recordings = new EnumMap<>(Side.class);
        ProfilerAgent first = agent;
        for (int attempt = 0; attempt < 2 && recordings.size() < order.size(); attempt++) {
            recordings.clear();
            for (Side side : order) {
                ProfiledFork r = recordOne(t, name, code, side, side == Side.BASE ? baseClasspath
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
        return recordings.size() < order.size() ? null : recordings;
    }

    /**
     * One profiling fork of one side, read; null (with a warning) when no profiler could record it. When
     * async-profiler does not load under {@code perf.profiler=auto}, JFR takes over for this and later forks.
     */
    private ProfiledFork recordOne(ProfileTarget t, String name, ProfiledCode code, Side side,
            List<Path> classpath, Path dir) throws IOException {
        Path recording = dir.resolve(recordingName(side));
        while (true) {
            // what an earlier fork of this side left (another profiler's, a failed one's) is not this fork's
            removeFiles(dir, side);
            String problem;
            try {
                List<BenchmarkResult> results = launcher.runProfiledFork(classpath, name, t.params(), side.label(),
                        agent.jvmArgs(recording), agent.childJvmOption(dir, side.label()), dir);
                if (Files.isRegularFile(recording) && Files.size(recording) > 0) {
                    return new ProfiledFork(JfrProfiles.read(recording, code.stacks()), results);
                }
                problem = "the fork ended without writing " + recording;
            } catch (InterleavedRun.ForkFailedException e) {
                problem = e.getMessage();
            }
            if (agent.isAsyncProfiler() && setup.choice() == ProfilerChoice.AUTO) {
                log.warn("async-profiler did not work in the " + side.label() + "'s profiling fork of "
                        + t.displayName() + " (" + ComparisonProfiler.firstLine(problem)
                        + "): profiling with JFR instead");
                agent = ProfilerAgent.flightRecorder();
                continue;
            }
            log.warn("Could not profile " + t.displayName() + " (" + side.label() + ", " + agent.name() + "): "
                    + ComparisonProfiler.firstLine(problem) + (t.candidateCost() == null ? "."
                    : ". The verdict stands."));
            return null;
        }
    }

    /** Removes the files of {@code sides}' forks from {@code dir}, and {@code dir} when nothing else is left in it. */
    private static void discard(Path dir, List<Side> sides) throws IOException {
        for (Side side : sides) {
            removeFiles(dir, side);
        }
        try (Stream<Path> left = Files.list(dir)) {
            if (left.findAny().isPresent()) {
                return;
            }
        }
        Files.deleteIfExists(dir);
    }

    /** Removes what one side's fork wrote into {@code dir}: {@code <side>.jfr} and every {@code <side>-...} file. */
    private static void removeFiles(Path dir, Side side) throws IOException {
        List<Path> written;
        try (Stream<Path> files = Files.list(dir)) {
            written = files.filter(f -> {
                String n = f.getFileName().toString();
                return n.equals(recordingName(side)) || n.startsWith(side.label() + "-");
            }).collect(Collectors.toList());
        }
        for (Path file : written) {
            Files.deleteIfExists(file);
        }
    }
}
