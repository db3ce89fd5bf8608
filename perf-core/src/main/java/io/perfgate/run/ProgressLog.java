package io.perfgate.run;

import io.perfgate.jmh.ForkWarmup;
import io.perfgate.jmh.JmhProgressListener;
import io.perfgate.jmh.JmhRunHeader;
import io.perfgate.jmh.PlannedBenchmark;
import io.perfgate.jmh.RunPlan;
import io.perfgate.log.PerfLog;
import io.perfgate.results.BenchmarkId;
import io.perfgate.results.BenchmarkResult;
import io.perfgate.results.Fork;
import io.perfgate.text.Durations;
import java.math.BigDecimal;
import java.math.MathContext;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.time.Clock;
import java.time.Duration;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Locale;
import java.util.function.LongSupplier;

/**
 * Logs a line as each fork starts and ends (benchmark, parameters, fork k of n, the fork's score) and keeps an
 * estimate of the time left: the plan's expected time of the forks still to run, scaled by how long the forks so
 * far really took against their expected time.
 */
final class ProgressLog implements JmhProgressListener {
    private static final DateTimeFormatter CLOCK = DateTimeFormatter.ofPattern("HH:mm");

    private final PerfLog log;
    private final Clock clock;
    private final LongSupplier nanoTime;
    private final List<PlannedBenchmark> benchmarks;
    private final int totalForks;

    private final long totalExpectedNanos;

    private PlannedBenchmark current;
    private int forksDone;
    private long expectedDoneNanos;
    private long actualDoneNanos;
    private long forkStartedAt;
    /** Wall seconds of the measured forks, in order, by result key and mode ({@link #key}). */
    private final Map<BenchmarkId, List<Double>> forkSeconds = new HashMap<>();
    /** What the measured forks spent on warm-up, in order, by the same key. */
    private final Map<BenchmarkId, List<Fork.Warmup>> forkWarmups = new HashMap<>();

    ProgressLog(RunPlan plan, PerfLog log, Clock clock, LongSupplier nanoTime) {
        this.log = log;
        this.clock = clock;
        this.nanoTime = nanoTime;
        this.benchmarks = plan.benchmarks();
        this.totalForks = plan.totalForks();
        this.totalExpectedNanos = plan.expected().toNanos();
    }

    /** The estimate before anything ran, e.g. {@code 7 min 20 s (ends about 14:32)}. */
    String estimate(Duration expected) {
        return Durations.format(expected) + " (ends about " + endsAt(expected) + ")";
    }

    /** Called before each JMH launch with its first benchmark; JMH's run headers then say which one runs. */
    void benchmarkStarting(PlannedBenchmark b) {
        current = b;
    }

    @Override
    public void runStarted(JmhRunHeader run) {
        for (PlannedBenchmark b : benchmarks) {
            if (b.name().equals(run.benchmark())) {
                current = b;
            }
        }
    }

    @Override
    public void forkStarted(JmhRunHeader run, int fork, int forks, boolean warmup) {
        forkStartedAt = nanoTime.getAsLong();
        log.info(prefix(run) + (warmup ? "warmup fork " : "fork ") + fork + " of " + forks + " started");
    }

    @Override
    public void forkFinished(JmhRunHeader run, int fork, int forks, boolean warmup, double[] scores, String unit,
            ForkWarmup warmupIterations) {
        if (!warmup) {
            forkWarmups.computeIfAbsent(run.resultId(), k -> new ArrayList<>()).add(warmupIterations.record(scores));
        }
        forkFinished(run, fork, forks, warmup, scores, unit);
    }

    @Override
    public void forkFinished(JmhRunHeader run, int fork, int forks, boolean warmup, double[] scores, String unit) {
        long elapsed = nanoTime.getAsLong() - forkStartedAt;
        String prefix = prefix(run);
        forksDone++;
        if (current != null) {
            expectedDoneNanos += current.expectedFork().toNanos();
        }
        actualDoneNanos += elapsed;
        if (!warmup) {
            forkSeconds.computeIfAbsent(run.resultId(), k -> new ArrayList<>()).add(elapsed / 1e9);
        }
        StringBuilder line = new StringBuilder(prefix).append(warmup ? "warmup fork " : "fork ").append(fork)
                .append(" of ").append(forks).append(" done in ").append(Durations.format(Duration.ofNanos(elapsed)));
        if (!warmup && scores.length > 0) {
            line.append(": ").append(score(scores)).append(' ').append(unit).append(" (median of ")
                    .append(scores.length).append(scores.length == 1 ? " iteration)" : " iterations)");
        }
        int forksLeft = totalForks - forksDone;
        Duration timeLeft = left();
        line.append("; ").append(forksLeft).append(forksLeft == 1 ? " fork left, ETA " : " forks left, ETA ")
                .append(Durations.format(timeLeft)).append(" (about ").append(endsAt(timeLeft)).append(')');
        log.info(line.toString());
    }

    @Override
    public void failureReported(JmhRunHeader run, String line) {
        log.warn(prefix(run) + "JMH reports a failure: " + line);
    }

    @Override
    public void waiting(String reason) {
        log.info(JmhProgressListener.waitingLine(reason));
    }

    /**
     * {@code result} with the wall time of each of its forks as this log saw them, so that the next run can weigh
     * the benchmark by what its forks took, and what each spent on warm-up; unchanged when the forks seen are not
     * exactly its forks.
     */
    BenchmarkResult withForkSeconds(BenchmarkResult result) {
        BenchmarkId key = result.id();
        List<Double> seconds = forkSeconds.get(key);
        if (seconds == null || seconds.size() != result.forks().size()) {
            return result;
        }
        List<Fork.Warmup> warmups = forkWarmups.get(key);
        boolean warmupsMatch = warmups != null && warmups.size() == seconds.size();
        List<Fork> timed = new ArrayList<>();
        for (int i = 0; i < seconds.size(); i++) {
            Fork f = result.forks().get(i).withSeconds(seconds.get(i));
            timed.add(warmupsMatch ? f.withWarmup(warmups.get(i)) : f);
        }
        return result.toBuilder().forks(timed).build();
    }

    /** Time left: the expected time of the forks still to run, scaled by the ratio of actual to expected so far. */
    Duration left() {
        long remaining = Math.max(0, totalExpectedNanos - expectedDoneNanos);
        double ratio = expectedDoneNanos > 0 ? (double) actualDoneNanos / expectedDoneNanos : 1.0;
        return Duration.ofNanos((long) (remaining * ratio));
    }

    private String prefix(JmhRunHeader run) {
        int width = Integer.toString(totalForks).length();
        return String.format(Locale.ROOT, "[%" + width + "d/%d] %s %s: ", Math.min(forksDone + 1, totalForks),
                totalForks, run.displayName(), shortMode(run.mode()));
    }

    private String endsAt(Duration left) {
        return ZonedDateTime.now(clock).plus(left).format(CLOCK);
    }

    static String shortMode(String longLabel) {
        return JmhRunHeader.shortMode(longLabel);
    }

    /** The median of the iteration scores, to four significant digits; thousands grouped. */
    static String score(double[] scores) {
        double[] finite = Arrays.stream(scores).filter(Double::isFinite).sorted().toArray();
        if (finite.length == 0) {
            return "n/a";
        }
        int mid = finite.length / 2;
        double median = finite.length % 2 == 1 ? finite[mid] : (finite[mid - 1] + finite[mid]) / 2;
        if (Math.abs(median) >= 10_000) {
            return new DecimalFormat("#,##0", DecimalFormatSymbols.getInstance(Locale.ROOT)).format(median);
        }
        return BigDecimal.valueOf(median).round(new MathContext(4)).stripTrailingZeros().toPlainString();
    }
}
