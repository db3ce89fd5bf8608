package io.perfgate.profile;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The profiler a profiling fork loads, as the JVM options that load it. Both write a JFR recording, so one reader
 * ({@link JfrProfiles}) and one converter serve both.
 */
public final class ProfilerAgent {
    /** Contended monitor entries shorter than this are not recorded by async-profiler. */
    static final String LOCK_THRESHOLD = "10us";
    /** async-profiler's sampling interval, CPU and wall clock: a few thousand samples in a fork of a few seconds. */
    static final String CPU_INTERVAL = "1ms";

    private final String name;
    private final String events;
    private final Path library;

    private ProfilerAgent(String name, String events, Path library) {
        this.name = name;
        this.events = events;
        this.library = library;
    }

    /** async-profiler from its native library, e.g. {@code libasyncProfiler.so}. */
    public static ProfilerAgent asyncProfiler(Path library, String version) {
        return new ProfilerAgent("async-profiler " + version, "cpu and wall clock every " + CPU_INTERVAL
                + ", allocation samples, monitor contention over " + LOCK_THRESHOLD, library);
    }

    /** The JDK's own Flight Recorder with its {@code profile} settings. */
    public static ProfilerAgent flightRecorder() {
        return new ProfilerAgent("JDK Flight Recorder", "settings=profile: execution samples, allocation samples,"
                + " monitor contention over 10 ms", null);
    }

    public boolean isAsyncProfiler() {
        return library != null;
    }

    /** The profiler's name and version, as the reports quote it. */
    public String name() {
        return name;
    }

    /** What it records. */
    public String events() {
        return events;
    }

    /**
     * The option, with {@code {process}} for the process's name, that makes a JVM a scenario starts record into
     * {@code directory} as {@code <side>-<process>[-<pid>].jfr} (async-profiler adds the process id, so that the
     * many JVMs started with one option string stay apart; JFR's file name cannot).
     */
    public String childJvmOption(Path directory, String side) {
        String name = side + "-{process}" + (library != null ? "-%p" : "") + ".jfr";
        return jvmArgs(directory.resolve(name)).get(0);
    }

    /** The options that make a JVM record into {@code recording} from its start and write it when it exits. */
    public List<String> jvmArgs(Path recording) {
        List<String> args = new ArrayList<>();
        String file = recording.toAbsolutePath().toString();
        if (library != null) {
            args.add("-agentpath:" + library.toAbsolutePath() + "=start,event=cpu,interval=" + CPU_INTERVAL
                    + ",wall=" + CPU_INTERVAL + ",alloc,lock=" + LOCK_THRESHOLD + ",jfr,file=" + file);
        } else {
            args.add("-XX:StartFlightRecording=settings=profile,dumponexit=true,filename=" + file);
        }
        return args;
    }
}
