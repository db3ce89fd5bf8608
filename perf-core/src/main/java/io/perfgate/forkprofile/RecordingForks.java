package io.perfgate.forkprofile;

import io.perfgate.affected.ExecutedCodeRecorder;
import io.perfgate.interleaved.BenchmarkLauncher;
import io.perfgate.interleaved.InterleavedRun;
import io.perfgate.jmh.InvalidOptionException;
import io.perfgate.jmh.JmhOptions;
import io.perfgate.workspace.CompareException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The short forks {@code perf.executedCode} records in ({@link ExecutedCodeRecorder}), launched as the profiling
 * forks are: one extra fork of one benchmark, pinned to one parameter set, with an agent on its JVM's command line
 * ({@link BenchmarkLauncher#runProfiledFork}). The launcher's options make them short (a warm-up iteration and a
 * measurement iteration); nothing they measure is kept.
 */
public final class RecordingForks implements ExecutedCodeRecorder.Forks {
    /** The side label of the forks' files, {@code executed-code-jmh.json}. */
    static final String LABEL = "executed-code";

    private final BenchmarkLauncher launcher;
    private final List<Path> classpath;

    private RecordingForks(BenchmarkLauncher launcher, List<Path> classpath) {
        this.launcher = launcher;
        this.classpath = new ArrayList<>(classpath);
    }

    /**
     * The options of a recording fork: the goal's ({@code given}: the selection, parameters, modes, threads, JVM
     * arguments, timeout), made short. One warm-up and one measurement iteration of 200 ms each run the benchmark's
     * setup, its method through the interpreter and the first compilations, which is the code a longer fork runs;
     * no JMH profiler, whose work is not the benchmark's.
     */
    public static JmhOptions shortOptions(JmhOptions.Builder given) throws InvalidOptionException {
        return given.forks("1").warmupIterations("1").warmupTime("200ms").measurementIterations("1")
                .measurementTime("200ms").profilers(JmhOptions.NONE).build();
    }

    /**
     * The forks of {@code launcher} (whose options are the short ones) on {@code classpath}, the benchmarks found
     * there first, as every launch of this launcher needs.
     *
     * @throws CompareException when the classpath holds no benchmark list
     */
    public static RecordingForks of(BenchmarkLauncher launcher, List<Path> classpath) throws CompareException {
        RecordingForks forks = new RecordingForks(launcher, classpath);
        launcher.discover(forks.classpath, "working tree");
        return forks;
    }

    @Override
    public void run(String benchmark, Map<String, String> params, List<String> jvmArgs, Path directory)
            throws ExecutedCodeRecorder.ForkFailedException {
        try {
            launcher.runProfiledFork(classpath, benchmark, params, LABEL, jvmArgs, null, directory);
        } catch (InterleavedRun.ForkFailedException | UnsupportedOperationException e) {
            throw new ExecutedCodeRecorder.ForkFailedException(e.getMessage(), e);
        }
    }
}
