package io.perfgate.affected;

import io.perfgate.config.PerfProperties;
import io.perfgate.log.PerfLog;
import io.perfgate.results.BenchmarkId;
import io.perfgate.results.BenchmarkResult;
import io.perfgate.text.Durations;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.jacoco.core.analysis.Analyzer;
import org.jacoco.core.analysis.CoverageBuilder;
import org.jacoco.core.analysis.IClassCoverage;
import org.jacoco.core.analysis.IMethodCoverage;
import org.jacoco.core.data.ExecutionData;
import org.jacoco.core.tools.ExecFileLoader;

/**
 * {@code perf.executedCode}: which of the project's methods each benchmark ran, recorded after the measurement in
 * one short extra fork per benchmark and parameter set with JaCoCo's agent attached (never in a measured fork: the
 * agent's probes cost time). Each fork writes its execution data to a file of its own; JaCoCo's analysis reads it
 * against the project's class directories (the classpath's directories, not its jars: a dependency's code is not
 * the project's), and a method counts as run when any of its instructions was (static initialisers included). The
 * classes JMH generates for the benchmarks are left out: they change only with the benchmarks themselves.
 *
 * <p>A fork that fails, or ends without its execution data, is a warning with the reason, and its benchmark is left
 * out of the map: {@code perf.affected} then treats it as unrecorded, never as running nothing. Recording never
 * fails the build.
 */
public final class ExecutedCodeRecorder {
    /** Where JMH's generated classes live: {@code <benchmark's package>/jmh_generated/}. */
    private static final String JMH_GENERATED = "/jmh_generated/";

    /** {@code perf.executedCode}: when a measuring goal records the map. */
    public enum Setting {
        /** Where {@code perf.affected} is true for the project: the map is what it selects by. */
        AUTO,
        TRUE,
        FALSE;

        /** Whether to record, given {@code perf.affected} as the project sets it. */
        public boolean records(boolean affected) {
            return this == TRUE || this == AUTO && affected;
        }
    }

    /** One short fork of a benchmark: the harness that launches it ({@code forkprofile.RecordingForks}). */
    @FunctionalInterface
    public interface Forks {
        /**
         * Runs one short fork of {@code benchmark} pinned to the parameter values {@code params}, its JVM started
         * with {@code jvmArgs} as well; its files go to {@code directory}.
         *
         * @throws ForkFailedException when the fork did not run to its end, saying why
         */
        void run(String benchmark, Map<String, String> params, List<String> jvmArgs, Path directory)
                throws ForkFailedException;
    }

    /** A recording fork that did not run to its end. */
    public static final class ForkFailedException extends Exception {
        private static final long serialVersionUID = 1L;

        public ForkFailedException(String message, Throwable cause) {
            super(message, cause);
        }
    }

    /** What a recording made: the map (null when no fork recorded anything) and what it cost. */
    public static final class Recording {
        private final ExecutedCode code;
        private final int benchmarks;
        private final int parameterSets;
        private final int forks;
        private final List<String> failed;
        private final Duration took;

        Recording(ExecutedCode code, int benchmarks, int parameterSets, int forks, List<String> failed,
                Duration took) {
            this.code = code;
            this.benchmarks = benchmarks;
            this.parameterSets = parameterSets;
            this.forks = forks;
            this.failed = failed;
            this.took = took;
        }

        /** The map; null when no fork recorded anything. */
        public ExecutedCode code() {
            return code;
        }

        /** The benchmarks and parameter sets recorded, the forks run, the benchmarks left out. */
        public int benchmarks() {
            return benchmarks;
        }

        public int parameterSets() {
            return parameterSets;
        }

        public int forks() {
            return forks;
        }

        public List<String> failed() {
            return failed;
        }

        public Duration took() {
            return took;
        }

        /**
         * The one line that says what recording cost: {@code perf.executedCode: recorded the code 65 benchmarks (131
         * parameter sets) ran in 131 short forks, 2 min 10 s, 48 KB (the map perf.affected selects by)}.
         */
        public String line(long bytes) {
            return PerfProperties.EXECUTED_CODE + ": recorded the code " + count(benchmarks, "benchmark") + " ("
                    + count(parameterSets, "parameter set") + ") ran in " + count(forks, "short fork") + ", "
                    + Durations.format(took) + ", " + kilobytes(bytes) + " (the map " + PerfProperties.AFFECTED
                    + " selects by)" + (failed.isEmpty() ? "" : "; " + failed.size() + " left out (see the warnings)");
        }
    }

    private final Forks forks;
    private final Path agentJar;
    private final List<Path> classDirectories;
    private final Path workDirectory;
    private final PerfLog log;

    /**
     * @param forks what launches one short fork
     * @param agentJar JaCoCo's agent, {@code org.jacoco:org.jacoco.agent:<version>:jar:runtime}
     * @param classpath the benchmarks' classpath: its directories are the project's code
     * @param workDirectory where the forks' execution data go (one file per fork, replaced by the next recording)
     */
    public ExecutedCodeRecorder(Forks forks, Path agentJar, List<Path> classpath, Path workDirectory, PerfLog log) {
        this.forks = Objects.requireNonNull(forks, "forks");
        this.agentJar = agentJar.toAbsolutePath();
        this.classDirectories = new ArrayList<>();
        for (Path entry : classpath) {
            if (Files.isDirectory(entry)) {
                classDirectories.add(entry);
            }
        }
        this.workDirectory = workDirectory;
        this.log = log;
    }

    /**
     * One short fork per JMH benchmark and parameter set of {@code measured} (scenarios are not recorded), read into
     * the map of {@code commit}; each of a parameter set's results (one per mode) gets what its fork ran.
     */
    public Recording record(List<BenchmarkResult> measured, String commit) {
        long start = System.nanoTime();
        Map<String, Map<Map<String, String>, List<BenchmarkId>>> targets = new LinkedHashMap<>();
        for (BenchmarkResult r : measured) {
            if (BenchmarkResult.KIND_JMH.equals(r.kind())) {
                targets.computeIfAbsent(r.benchmark(), k -> new LinkedHashMap<>())
                        .computeIfAbsent(r.params(), k -> new ArrayList<>()).add(r.id());
            }
        }
        Map<BenchmarkId, Set<ExecutedCode.Method>> executed = new TreeMap<>();
        List<String> failed = new ArrayList<>();
        Set<String> recorded = new TreeSet<>();
        int sets = 0;
        int forksRun = 0;
        for (Map.Entry<String, Map<Map<String, String>, List<BenchmarkId>>> benchmark : targets.entrySet()) {
            for (Map.Entry<Map<String, String>, List<BenchmarkId>> set : benchmark.getValue().entrySet()) {
                forksRun++;
                BenchmarkId shown = set.getValue().get(0);
                String name = shown.displayName(BenchmarkResult.KIND_JMH);
                Path exec = workDirectory.resolve(String.format(Locale.ROOT, "fork-%03d.exec", forksRun));
                try {
                    Set<ExecutedCode.Method> ran = recordOne(benchmark.getKey(), set.getKey(), exec);
                    set.getValue().forEach(id -> executed.put(id, ran));
                    recorded.add(benchmark.getKey());
                    sets++;
                } catch (ForkFailedException e) {
                    failed.add(name);
                    log.warn(PerfProperties.EXECUTED_CODE + ": could not record the code " + name + " ran ("
                            + firstLine(e.getMessage()) + "); it is left out of the map, and "
                            + PerfProperties.AFFECTED + " treats it as unrecorded");
                }
            }
        }
        ExecutedCode code = executed.isEmpty() ? null : new ExecutedCode(commit, executed);
        return new Recording(code, recorded.size(), sets, forksRun, failed,
                Duration.ofNanos(System.nanoTime() - start));
    }

    /**
     * {@link #record}, then the map written to {@code file} whole, and the one line of what it cost. When no fork
     * recorded anything, no map is written (and one an earlier run left is removed): a map of no benchmark would
     * only hide an older, useful one.
     *
     * @return the recording, its map null when none was written
     */
    public Recording recordInto(List<BenchmarkResult> measured, String commit, Path file) {
        Recording recording = record(measured, commit);
        try {
            if (recording.code() == null) {
                Files.deleteIfExists(file);
                log.warn(PerfProperties.EXECUTED_CODE + ": no map of the code the benchmarks ran was written: "
                        + (recording.forks() == 0 ? "the run measured no JMH benchmark"
                                : "none of the " + recording.forks() + " recording forks recorded anything"));
                return recording;
            }
            long bytes = ExecutedCodeJson.write(recording.code(), file);
            log.info(recording.line(bytes));
            return recording;
        } catch (IOException e) {
            log.warn(PerfProperties.EXECUTED_CODE + ": the map of the code the benchmarks ran could not be written to "
                    + file + " (" + e.getMessage() + "); nothing was recorded");
            return new Recording(null, 0, 0, recording.forks(), recording.failed(), recording.took());
        }
    }

    /** The methods one fork ran: the fork with the agent writing to {@code exec}, then its data read. */
    private Set<ExecutedCode.Method> recordOne(String benchmark, Map<String, String> params, Path exec)
            throws ForkFailedException {
        try {
            Files.createDirectories(workDirectory);
            // the agent appends (each mode's JVM adds to the file): what an earlier recording left is not this one's
            Files.deleteIfExists(exec);
        } catch (IOException e) {
            throw new ForkFailedException("cannot write to " + workDirectory + ": " + e.getMessage(), e);
        }
        forks.run(benchmark, params, List.of(agentOption(exec)), workDirectory);
        try {
            if (!Files.isRegularFile(exec) || Files.size(exec) == 0) {
                throw new ForkFailedException("the fork ended without writing " + exec, null);
            }
            return methodsRun(exec);
        } catch (IOException e) {
            throw new ForkFailedException("cannot read " + exec + ": " + e.getMessage(), e);
        }
    }

    /**
     * JaCoCo's agent, writing to {@code exec} when the JVM exits. Without {@code includes} it instruments every
     * class the application loader loads; only the project's are read back, and a short fork does not mind the rest.
     */
    String agentOption(Path exec) {
        return "-javaagent:" + agentJar + "=destfile=" + exec.toAbsolutePath()
                + ",output=file,dumponexit=true,jmx=false";
    }

    /**
     * The project's methods with an instruction run in {@code exec}: only the classes the execution data names are
     * looked up in the class directories and analysed, so a fork costs its own classes, not the project's.
     */
    Set<ExecutedCode.Method> methodsRun(Path exec) throws IOException {
        ExecFileLoader loader = new ExecFileLoader();
        loader.load(exec.toFile());
        CoverageBuilder coverage = new CoverageBuilder();
        Analyzer analyzer = new Analyzer(loader.getExecutionDataStore(), coverage);
        for (ExecutionData data : loader.getExecutionDataStore().getContents()) {
            if (!data.hasHits() || data.getName().contains(JMH_GENERATED)) {
                continue;
            }
            for (Path directory : classDirectories) {
                Path classFile = directory.resolve(data.getName() + ".class");
                if (Files.isRegularFile(classFile)) {
                    // the first directory that holds the class is where the fork loaded it from
                    analyzer.analyzeClass(Files.readAllBytes(classFile), classFile.toString());
                    break;
                }
            }
        }
        Set<ExecutedCode.Method> ran = new TreeSet<>();
        for (IClassCoverage c : coverage.getClasses()) {
            for (IMethodCoverage m : c.getMethods()) {
                if (m.getInstructionCounter().getCoveredCount() > 0) {
                    ran.add(new ExecutedCode.Method(c.getName(), m.getName(), m.getDesc()));
                }
            }
        }
        return ran;
    }

    /** {@code 48 KB}, {@code 512 bytes}. */
    static String kilobytes(long bytes) {
        return bytes < 1024 ? bytes + " bytes" : Math.round(bytes / 1024.0) + " KB";
    }

    private static String count(int n, String what) {
        return n + " " + what + (n == 1 ? "" : "s");
    }

    private static String firstLine(String message) {
        if (message == null) {
            return "no reason given";
        }
        int nl = message.indexOf('\n');
        return (nl < 0 ? message : message.substring(0, nl)).trim();
    }
}
