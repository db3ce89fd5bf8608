package io.perfgate.jmh;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Follows JMH's human-readable output line by line ({@code # Benchmark:}, {@code # Parameters:},
 * {@code # Fork: k of n}, {@code Iteration n: score unit}, {@code Result ...}) and turns it into
 * {@link JmhProgressListener} events, so that perf:run can log progress and notice failures while JMH runs.
 * Numbers here are for people only: the results come from JMH's JSON file.
 */
public final class JmhOutputParser {
    private static final Pattern FORK = Pattern.compile("# (Warmup )?Fork: (\\d+) of (\\d+)");
    private static final Pattern ITERATION = Pattern.compile("Iteration\\s+\\d+:\\s+(.*)");
    private static final Pattern PARAM = Pattern.compile("(\\w+) = (.*?)(?=, \\w+ = |$)");
    private static final Pattern WARMUP_ITERATION = Pattern.compile("# Warmup Iteration\\s+\\d+:\\s+(.*)");
    /** {@code # Warmup: 3 iterations, 1 s each} (also {@code # Measurement:}); "single-shot each" is not timed. */
    private static final Pattern ITERATION_TIME = Pattern.compile("# (Warmup|Measurement): \\d+ iterations?, (.+) each.*");
    private static final Pattern NUMBER = Pattern.compile("-?[0-9]+(?:[.,][0-9]+)?(?:[eE][-+]?[0-9]+)?");

    /**
     * Lines by which JMH reports a failed benchmark. Errors of JMH itself (bad arguments, no benchmark found) are
     * left to its exit code: a benchmark may well print a line starting with "ERROR" and carry on.
     */
    private static final String[] FAILURE_STARTS = {
        "<forked VM failed", "<failed to invoke the VM", "<host VM has been interrupted", "<binary link had failed",
        "Benchmark had encountered error",
    };

    private final JmhProgressListener listener;

    private String benchmark = "?";
    private String mode = "";
    private Map<String, String> params = new LinkedHashMap<>();
    private JmhRunHeader run;
    private boolean runAnnounced;

    private boolean inFork;
    private boolean forkFailed;
    private int fork;
    private int forks;
    private boolean warmupFork;
    private final List<Double> scores = new ArrayList<>();
    private String unit = "";
    private final List<Double> warmupScores = new ArrayList<>();
    private double warmupIterationSeconds = Double.NaN;
    private double measurementIterationSeconds = Double.NaN;

    private String failure;
    private boolean failureReportComplete;

    public JmhOutputParser(JmhProgressListener listener) {
        this.listener = listener;
    }

    /** Feeds one line of JMH's output (without the line end). */
    public void line(String line) {
        if (line.startsWith("# JMH version:")) {
            closeFork();
            failureSectionEnds();
            benchmark = "?";
            mode = "";
            params = new LinkedHashMap<>();
            run = null;
            runAnnounced = false;
            warmupIterationSeconds = Double.NaN;
            measurementIterationSeconds = Double.NaN;
        } else if (line.startsWith("# Warmup: ") || line.startsWith("# Measurement: ")) {
            Matcher m = ITERATION_TIME.matcher(line);
            double seconds = m.matches() ? seconds(m.group(2)) : Double.NaN;
            if (line.startsWith("# Warmup: ")) {
                warmupIterationSeconds = seconds;
            } else {
                measurementIterationSeconds = seconds;
            }
        } else if (line.startsWith("# Benchmark mode: ")) {
            mode = line.substring("# Benchmark mode: ".length()).trim();
        } else if (line.startsWith("# Benchmark: ")) {
            benchmark = line.substring("# Benchmark: ".length()).trim();
            run = new JmhRunHeader(benchmark, mode, params);
        } else if (line.startsWith("# Parameters: (") && line.endsWith(")")) {
            params = parseParams(line.substring("# Parameters: (".length(), line.length() - 1));
            run = new JmhRunHeader(benchmark, mode, params);
        } else if (line.startsWith("# Run progress") || line.startsWith("# Run complete")
                || line.startsWith("Result \"") || line.startsWith("Secondary result \"")) {
            closeFork();
            failureSectionEnds();
        } else if (line.startsWith("</stderr>")) {
            failureSectionEnds();
        } else if (line.startsWith("# Fork: ") || line.startsWith("# Warmup Fork: ")) {
            Matcher m = FORK.matcher(line);
            if (m.lookingAt()) {
                closeFork();
                failureSectionEnds();
                startFork(m.group(1) != null, Integer.parseInt(m.group(2)), Integer.parseInt(m.group(3)));
            }
        } else if (line.startsWith("Iteration ") && inFork && !warmupFork) {
            Matcher m = ITERATION.matcher(line);
            if (m.matches()) {
                scores.add(score(m.group(1)));
            }
        } else if (line.startsWith("# Warmup Iteration") && inFork && !warmupFork) {
            Matcher m = WARMUP_ITERATION.matcher(line);
            if (m.matches()) {
                warmupScores.add(score(m.group(1)));
            }
        }
        if (isFailure(line)) {
            if (failure == null) {
                failure = line.trim();
            }
            forkFailed = true;
            listener.failureReported(currentRun(), line.trim());
        }
    }

    /** The process ended: a fork still open ends with it. */
    public void end() {
        closeFork();
        failureSectionEnds();
    }

    /** The run JMH is on, or a placeholder before its header. */
    public JmhRunHeader currentRun() {
        return run != null ? run : new JmhRunHeader(benchmark, mode, params);
    }

    /** The first line that reported a failure, or null. */
    public String failure() {
        return failure;
    }

    /** True once JMH has printed the whole report of the failure (the stack trace or the fork's output tail). */
    public boolean failureReportComplete() {
        return failureReportComplete;
    }

    static boolean isFailure(String line) {
        if (line.contains("<failure")) {
            return true;
        }
        for (String start : FAILURE_STARTS) {
            if (line.startsWith(start)) {
                return true;
            }
        }
        return false;
    }

    private void failureSectionEnds() {
        if (failure != null) {
            failureReportComplete = true;
        }
    }

    private void startFork(boolean warmup, int k, int n) {
        JmhRunHeader header = currentRun();
        if (!runAnnounced) {
            runAnnounced = true;
            listener.runStarted(header);
        }
        inFork = true;
        forkFailed = false;
        warmupFork = warmup;
        fork = k;
        forks = n;
        scores.clear();
        warmupScores.clear();
        unit = "";
        listener.forkStarted(header, k, n, warmup);
    }

    private void closeFork() {
        if (!inFork) {
            return;
        }
        inFork = false;
        if (forkFailed) {
            return;
        }
        // JMH prints an iteration time for single-shot runs too, though each iteration is one call
        boolean singleShot = mode.startsWith("Single shot");
        ForkWarmup warmup = warmupFork ? ForkWarmup.NONE : new ForkWarmup(doubles(warmupScores),
                singleShot ? Double.NaN : warmupIterationSeconds, singleShot ? Double.NaN : measurementIterationSeconds);
        listener.forkFinished(currentRun(), fork, forks, warmupFork, doubles(scores), unit, warmup);
    }

    private static double[] doubles(List<Double> list) {
        double[] values = new double[list.size()];
        for (int i = 0; i < values.length; i++) {
            values[i] = list.get(i);
        }
        return values;
    }

    /**
     * {@code 12.345 ns/op}, {@code 156.122 ±(99.9%) 41.174 us/op}, {@code ≈ 10⁻⁴ s/op}, {@code 12,345 ns/op}; NaN
     * when JMH printed no number.
     */
    private double score(String text) {
        String[] tokens = text.trim().split("\\s+");
        if (tokens.length < 2) {
            return Double.NaN;
        }
        unit = tokens[tokens.length - 1];
        Matcher m = NUMBER.matcher(tokens[0]);
        return m.matches() ? Double.parseDouble(tokens[0].replace(',', '.')) : Double.NaN;
    }

    /** {@code 1 s}, {@code 250 ms}, {@code 500 us} in seconds; NaN for anything else (e.g. {@code single-shot}). */
    static double seconds(String time) {
        String[] parts = time.trim().split("\\s+");
        if (parts.length != 2 || !NUMBER.matcher(parts[0]).matches()) {
            return Double.NaN;
        }
        double amount = Double.parseDouble(parts[0].replace(',', '.'));
        switch (parts[1]) {
            case "s": return amount;
            case "ms": return amount / 1e3;
            case "us": case "\u03bcs": return amount / 1e6;
            case "ns": return amount / 1e9;
            case "min": return amount * 60;
            default: return Double.NaN;
        }
    }

    static Map<String, String> parseParams(String text) {
        Map<String, String> map = new LinkedHashMap<>();
        Matcher m = PARAM.matcher(text);
        while (m.find()) {
            map.put(m.group(1), m.group(2));
        }
        return map;
    }
}
