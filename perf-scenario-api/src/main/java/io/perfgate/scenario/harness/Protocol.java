package io.perfgate.scenario.harness;

import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * The contract between perf-maven-plugin (the parent) and {@link ScenarioMain} (the scenario JVM): the keys
 * of the spec file the parent writes, the progress markers the child prints, and the records of the result
 * file the child writes. Both sides compile against these constants; the format version changes whenever a
 * record changes meaning.
 *
 * <p>Result file: UTF-8 lines of tab-separated fields; the first field names the record.
 * <pre>
 * perf-scenario-result  1
 * scenario              &lt;id&gt;
 * alloc-method          all-threads | live-threads | none
 * setup-ms              &lt;ms&gt;
 * run                   warmup|measured  &lt;index from 1&gt;  wall-ms=&lt;ms&gt;  cpu-ms=...  (name=value fields)
 * metric                warmup|measured  &lt;index&gt;  &lt;name&gt;  &lt;value&gt;
 * teardown-ms           &lt;ms&gt;
 * leftover-thread       &lt;name&gt;  &lt;state&gt;  &lt;top stack frame&gt;
 * child-process         &lt;pid of a descendant still alive just before exit&gt;
 * error                 &lt;phase&gt;  &lt;exception class: message&gt;
 * end
 * </pre>
 * The file is rewritten (atomically) after every phase, so a parent that had to kill a hung JVM still
 * finds what completed before. {@code end} is written only when the JVM finished normally.
 */
public final class Protocol {
    private Protocol() {
    }

    /** Version of the result file and marker format. */
    public static final int FORMAT_VERSION = 1;

    /** The harness's main class, launched by the parent. */
    public static final String MAIN_CLASS = "io.perfgate.scenario.harness.ScenarioMain";

    // ---- spec file (java.util.Properties), path given as the only argument
    public static final String SPEC_ID = "scenario.id";
    public static final String SPEC_CLASS = "scenario.class";
    /** Instead of {@link #SPEC_CLASS}: an existing test, {@code com.acme.FooTest#method}, run through JUnit. */
    public static final String SPEC_TEST = "scenario.test";
    public static final String SPEC_WORK_DIR = "work.dir";
    public static final String SPEC_RESULT_FILE = "result.file";
    public static final String SPEC_WARMUP_RUNS = "runs.warmup";
    public static final String SPEC_MEASURED_RUNS = "runs.measured";
    /** How long tear-down may leave non-daemon threads and child processes to finish, in ms. */
    public static final String SPEC_THREAD_GRACE_MS = "threads.grace.ms";
    /**
     * When the run is profiled: the JVM option that profiles a JVM the scenario starts, with {@code {process}} where
     * the process's name goes ({@link io.perfgate.scenario.ScenarioContext#profilerJvmOptions}).
     */
    public static final String SPEC_CHILD_PROFILER = "profiler.child";
    /** Prefix of scenario parameters: {@code param.inputMiB=10}. */
    public static final String SPEC_PARAM_PREFIX = "param.";

    // ---- markers on standard output: "##perf-scenario## <event> key=value ..."
    public static final String MARKER = "##perf-scenario##";
    /** A phase starts: {@code phase name=setup} or {@code phase name=run kind=measured index=2 of=5}. */
    public static final String EVENT_PHASE = "phase";
    /** A run ended: {@code run-done kind=measured index=2 of=5 wall-ms=1234.5}. */
    public static final String EVENT_RUN_DONE = "run-done";
    /** A phase failed: {@code error phase=setup}. The result file holds the exception. */
    public static final String EVENT_ERROR = "error";

    // ---- phases, as named in markers and error records
    public static final String PHASE_LOAD = "load";
    public static final String PHASE_SETUP = "setup";
    public static final String PHASE_RUN = "run";
    public static final String PHASE_TEARDOWN = "teardown";
    /** After tear-down: waiting for threads, writing results, exiting. */
    public static final String PHASE_EXIT = "exit";

    public static final String KIND_WARMUP = "warmup";
    public static final String KIND_MEASURED = "measured";

    // ---- result file records
    public static final String REC_HEADER = "perf-scenario-result";
    public static final String REC_SCENARIO = "scenario";
    public static final String REC_ALLOC_METHOD = "alloc-method";
    public static final String REC_SETUP_MS = "setup-ms";
    public static final String REC_RUN = "run";
    public static final String REC_METRIC = "metric";
    public static final String REC_TEARDOWN_MS = "teardown-ms";
    public static final String REC_LEFTOVER_THREAD = "leftover-thread";
    /**
     * The pid of a child process still alive when the harness is about to exit. The parent cannot find such a
     * child once the JVM has exited (it is re-parented), and a child that lives only between two of the
     * parent's snapshots would otherwise go unnoticed.
     */
    public static final String REC_CHILD_PROCESS = "child-process";
    public static final String REC_ERROR = "error";
    public static final String REC_END = "end";

    // ---- fields of a run record
    public static final String WALL_MS = "wall-ms";
    /** CPU time of the whole scenario JVM (all its threads, GC and JIT included). */
    public static final String CPU_MS = "cpu-ms";
    /** CPU time of child processes that ended during the run (Linux only; e.g. YARN containers). */
    public static final String CHILDREN_CPU_MS = "children-cpu-ms";
    public static final String GC_COUNT = "gc-count";
    public static final String GC_MS = "gc-ms";
    public static final String ALLOC_BYTES = "alloc-bytes";
    /** Sum of the heap memory pools' peak usage during the run. */
    public static final String HEAP_PEAK_BYTES = "heap-peak-bytes";
    public static final String LATENCY_COUNT = "latency-count";
    /** Prefix of latency quantiles in ms, e.g. {@code latency-p0.95}. */
    public static final String LATENCY_QUANTILE_PREFIX = "latency-p";

    /** Latency quantiles the harness computes (type 7), whatever the count; the parent decides what to keep. */
    public static final double[] LATENCY_QUANTILES = {0.50, 0.90, 0.95, 0.99};

    /** How the allocated bytes were counted. */
    public static final String ALLOC_ALL_THREADS = "all-threads";
    public static final String ALLOC_LIVE_THREADS = "live-threads";
    public static final String ALLOC_NONE = "none";

    /** Exit status of a JVM whose scenario threw (the result file names the phase). */
    public static final int EXIT_SCENARIO_FAILED = 2;
    /** Exit status of a JVM whose tear-down left non-daemon threads running. */
    public static final int EXIT_LEFTOVER_THREADS = 3;
    /** Exit status of a JVM given an unreadable spec. */
    public static final int EXIT_BAD_SPEC = 4;

    /** Metric names the harness itself records; a scenario's own metric may not use them. */
    public static final Set<String> RESERVED_METRIC_NAMES = Collections.unmodifiableSet(new LinkedHashSet<>(
            Arrays.asList("wall", "cpu", "cpu.children", "gc.count", "gc.time", "alloc", "heap.peak",
                    "setup.time", "teardown.time", "latency.count")));

    /** Whether {@code name} may name a scenario's own metric: letters, digits, {@code . _ -}, 1-100 chars. */
    public static boolean isValidMetricName(String name) {
        if (name == null || name.isEmpty() || name.length() > 100) {
            return false;
        }
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            boolean ok = c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '.'
                    || c == '_' || c == '-';
            if (!ok) {
                return false;
            }
        }
        return true;
    }

    /** Makes free text fit one tab-separated field: tabs and line breaks become spaces. */
    public static String field(String text) {
        if (text == null) {
            return "";
        }
        StringBuilder sb = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            sb.append(c == '\t' || c == '\n' || c == '\r' ? ' ' : c);
        }
        return sb.toString();
    }
}
