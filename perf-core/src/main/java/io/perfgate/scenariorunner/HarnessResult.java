package io.perfgate.scenariorunner;

import io.perfgate.scenario.harness.Protocol;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The result file of one scenario JVM, as written by {@code ScenarioMain} (format in {@link Protocol}). */
final class HarnessResult {
    /** One run: its kind ({@code warmup} or {@code measured}), index from 1, measured fields and own metrics. */
    static final class Run {
        final String kind;
        final int index;
        final Map<String, Double> fields;
        final Map<String, Double> metrics = new LinkedHashMap<>();

        Run(String kind, int index, Map<String, Double> fields) {
            this.kind = kind;
            this.index = index;
            this.fields = fields;
        }

        boolean measured() {
            return Protocol.KIND_MEASURED.equals(kind);
        }

        double field(String name) {
            Double v = fields.get(name);
            return v == null ? Double.NaN : v;
        }
    }

    String allocationMethod = Protocol.ALLOC_NONE;
    double setUpMillis = Double.NaN;
    double tearDownMillis = Double.NaN;
    final List<Run> runs = new ArrayList<>();
    /** "name (STATE) at frame" of each non-daemon thread left after tear-down. */
    final List<String> leftoverThreads = new ArrayList<>();
    /** Pids of children the scenario JVM still had just before it exited. */
    final List<Long> childProcesses = new ArrayList<>();
    String errorPhase;
    String errorWhere;
    String errorMessage;
    boolean ended;

    boolean failed() {
        return errorPhase != null;
    }

    List<Run> measuredRuns() {
        List<Run> list = new ArrayList<>();
        for (Run r : runs) {
            if (r.measured()) {
                list.add(r);
            }
        }
        return Collections.unmodifiableList(list);
    }

    /** Null when the file does not exist (the JVM died before writing it). */
    static HarnessResult readIfPresent(Path file) throws IOException {
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            return null;
        }
        return parse(file, lines);
    }

    static HarnessResult parse(Path file, List<String> lines) throws IOException {
        HarnessResult r = new HarnessResult();
        if (lines.isEmpty() || !lines.get(0).startsWith(Protocol.REC_HEADER + "\t")) {
            throw new IOException(file + " is not a scenario result file (no '" + Protocol.REC_HEADER + "' header)");
        }
        String version = lines.get(0).substring(Protocol.REC_HEADER.length() + 1).trim();
        if (!version.equals(Integer.toString(Protocol.FORMAT_VERSION))) {
            throw new IOException(file + " has format " + version + ", expected " + Protocol.FORMAT_VERSION
                    + "; is an older perf-scenario-api first on the project's test classpath?");
        }
        for (int i = 1; i < lines.size(); i++) {
            String line = lines.get(i);
            if (line.isEmpty()) {
                continue;
            }
            String[] f = line.split("\t", -1);
            try {
                switch (f[0]) {
                    case Protocol.REC_SCENARIO:
                        break;
                    case Protocol.REC_ALLOC_METHOD:
                        r.allocationMethod = f[1];
                        break;
                    case Protocol.REC_SETUP_MS:
                        r.setUpMillis = Double.parseDouble(f[1]);
                        break;
                    case Protocol.REC_TEARDOWN_MS:
                        r.tearDownMillis = Double.parseDouble(f[1]);
                        break;
                    case Protocol.REC_RUN: {
                        Map<String, Double> fields = new LinkedHashMap<>();
                        for (int j = 3; j < f.length; j++) {
                            int eq = f[j].indexOf('=');
                            fields.put(f[j].substring(0, eq), Double.parseDouble(f[j].substring(eq + 1)));
                        }
                        r.runs.add(new Run(f[1], Integer.parseInt(f[2]), fields));
                        break;
                    }
                    case Protocol.REC_METRIC:
                        r.run(f[1], Integer.parseInt(f[2])).metrics.put(f[3], Double.parseDouble(f[4]));
                        break;
                    case Protocol.REC_LEFTOVER_THREAD:
                        r.leftoverThreads.add(f[1] + " (" + f[2] + (f.length > 3 ? " at " + f[3] : "") + ")");
                        break;
                    case Protocol.REC_CHILD_PROCESS:
                        r.childProcesses.add(Long.parseLong(f[1]));
                        break;
                    case Protocol.REC_ERROR:
                        if (r.errorPhase == null) {
                            r.errorPhase = f[1];
                            r.errorWhere = f[2];
                            r.errorMessage = f[3];
                        }
                        break;
                    case Protocol.REC_END:
                        r.ended = true;
                        break;
                    default:
                        // Records added by a newer harness of the same format version are ignored.
                        break;
                }
            } catch (RuntimeException e) {
                throw new IOException(file + ", line " + (i + 1) + ": cannot read '" + line + "': " + e, e);
            }
        }
        return r;
    }

    private Run run(String kind, int index) {
        for (Run run : runs) {
            if (run.kind.equals(kind) && run.index == index) {
                return run;
            }
        }
        throw new IllegalArgumentException("a metric of " + kind + " run " + index + " comes before that run");
    }
}
