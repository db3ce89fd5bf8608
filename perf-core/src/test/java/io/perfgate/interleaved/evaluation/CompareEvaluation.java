package io.perfgate.interleaved.evaluation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.perfgate.gate.ForkValues;
import io.perfgate.gate.Gate;
import io.perfgate.gate.GateReport;
import io.perfgate.gate.GateRow;
import io.perfgate.gate.GateSettings;
import io.perfgate.gate.Metric;
import io.perfgate.interleaved.InterleavedResults;
import io.perfgate.interleaved.InterleavedRun;
import io.perfgate.interleaved.InterleavedSchedule;
import io.perfgate.interleaved.JmhLauncher;
import io.perfgate.interleaved.Side;
import io.perfgate.interleaved.StopRule;
import io.perfgate.jmh.JmhOptions;
import io.perfgate.results.BenchmarkResult;
import io.perfgate.results.Calibration;
import io.perfgate.results.Fork;
import io.perfgate.results.PerfResults;
import io.perfgate.stats.Power;
import io.perfgate.stats.Quantiles;
import io.perfgate.stats.Verdict;
import io.perfgate.testing.LogLines;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The A/A and slowdown study of perf:compare, run on a real machine with real JMH forks (see
 * {@code src/site/markdown/evidence/evidence.md}, section "Pre-merge comparisons"). Not a unit test: it takes tens of minutes.
 *
 * <p>Each <em>session</em> is one interleaved comparison of the three {@link EvaluationBenchmarks}, run for the
 * fixed maximum of rounds ({@code perf.maxForks}, default 15) with the same launcher, schedule and gate as
 * perf:compare. The base side runs with work factor 1.0; the candidate with 1.0 (A/A) or 1.2 (a 20 % slowdown).
 * Adaptive stopping is then replayed on the prefixes of the same forks: its decision after round k uses only
 * rounds 1..k, exactly what a run that stopped there would have had, so each comparison yields both the adaptive
 * verdict (and its rounds) and the fixed-maximum verdict on one set of measurements.
 *
 * <p>Raw forks are appended to a JSON-lines file after every session, so the study can run in several sittings;
 * {@code --summarize} recomputes every verdict from that file. It also replays {@link RoundPairedRule}, a
 * round-paired alternative to the gate's two-sample rule, on the same forks, and prints how strongly the two forks
 * of a round move together, and adaptive stopping with a stored calibration: each comparison's rounds sized with
 * the noise of the file's previous A/A session of that benchmark, its first {@value #CALIBRATION_FORKS} forks a
 * side (what {@code perf:calibrate} measures by default), pooled with the rounds' own.
 *
 * <pre>
 * run:        java -cp ... io.perfgate.interleaved.evaluation.CompareEvaluation --out FILE --aa 14 --slow 7
 *             [--warmup 2x200ms] [--measurement 5x200ms]   (fork length; the benchmarks' annotations otherwise)
 *             [--benchmarks cpu|hashing]                     (a subset of the three; all by default)
 * summarize:  java -cp ... io.perfgate.interleaved.evaluation.CompareEvaluation --out FILE --summarize
 * </pre>
 */
public final class CompareEvaluation {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final double SLOWDOWN = 1.2;
    /** Forks per half of {@code perf:calibrate} by default, as replayed from an earlier A/A session. */
    static final int CALIBRATION_FORKS = 10;

    private CompareEvaluation() {
    }

    public static void main(String[] args) throws Exception {
        Map<String, String> opts = new LinkedHashMap<>();
        for (int i = 0; i < args.length; i++) {
            if (args[i].equals("--summarize")) {
                opts.put("summarize", "true");
            } else {
                opts.put(args[i].substring(2), args[++i]);
            }
        }
        Path out = Path.of(opts.getOrDefault("out", "target/compare-evaluation.jsonl"));
        int maxRounds = Integer.parseInt(opts.getOrDefault("max", "15"));
        if (!opts.containsKey("summarize")) {
            int aa = Integer.parseInt(opts.getOrDefault("aa", "0"));
            int slow = Integer.parseInt(opts.getOrDefault("slow", "0"));
            long seed = Long.parseLong(opts.getOrDefault("seed", Long.toString(System.currentTimeMillis())));
            List<Double> plan = new ArrayList<>();
            // alternate the conditions, so a change of the machine's load over the study hits both
            for (int i = 0; i < Math.max(aa, slow); i++) {
                if (i < aa) {
                    plan.add(1.0);
                }
                if (i < slow) {
                    plan.add(SLOWDOWN);
                }
            }
            for (int s = 0; s < plan.size(); s++) {
                long sessionSeed = seed + s;
                long start = System.nanoTime();
                ObjectNode record = session(plan.get(s), maxRounds, sessionSeed, out.toAbsolutePath().getParent(),
                        opts.get("warmup"), opts.get("measurement"), opts.get("benchmarks"));
                record.put("seconds", (System.nanoTime() - start) / 1e9);
                Files.createDirectories(out.toAbsolutePath().getParent());
                Files.write(out, (JSON.writeValueAsString(record) + "\n").getBytes(StandardCharsets.UTF_8),
                        StandardOpenOption.CREATE, StandardOpenOption.APPEND);
                System.out.printf(Locale.ROOT, "session %d/%d (factor %.1f, seed %d) done in %.0f s%n", s + 1,
                        plan.size(), plan.get(s), sessionSeed, record.get("seconds").asDouble());
            }
        }
        summarize(out, maxRounds);
    }

    private static List<Path> classpath() {
        List<Path> cp = new ArrayList<>();
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            cp.add(Path.of(entry));
        }
        return cp;
    }

    /**
     * A launcher of one side. {@code warmup} and {@code measurement} ("5x200ms", or null for the benchmarks'
     * annotations) set the fork length; {@code only} ("cpu|hashing", or null for all) picks benchmarks.
     */
    private static JmhLauncher launcher(double factor, Path work, String warmup, String measurement,
            String only) throws Exception {
        String include = EvaluationBenchmarks.class.getName() + (only == null ? "" : "\\.(" + only + ")$");
        JmhOptions.Builder builder = JmhOptions.builder().includes(include)
                .jvmArgs("-D" + EvaluationBenchmarks.WORK_FACTOR + "=" + factor);
        if (warmup != null) {
            String[] countAndTime = iterations("--warmup", warmup);
            builder.warmupIterations(countAndTime[0]).warmupTime(countAndTime[1]);
        }
        if (measurement != null) {
            String[] countAndTime = iterations("--measurement", measurement);
            builder.measurementIterations(countAndTime[0]).measurementTime(countAndTime[1]);
        }
        JmhOptions options = builder.build();
        return new JmhLauncher(options, Path.of(System.getProperty("java.home"), "bin", "java"), work);
    }

    /** "5x200ms" as {"5", "200ms"}. */
    private static String[] iterations(String option, String value) {
        String[] parts = value.split("x", 2);
        if (parts.length != 2 || !parts[0].matches("[0-9]+")) {
            throw new IllegalArgumentException(option + " " + value + ": expected COUNTxTIME, e.g. 5x200ms");
        }
        return parts;
    }

    /** One interleaved comparison at the fixed maximum; returns the raw forks of both sides. */
    private static ObjectNode session(double factor, int maxRounds, long seed, Path dir, String warmup,
            String measurement, String only) throws Exception {
        Path work = Files.createTempDirectory(dir, "eval-forks");
        JmhLauncher base = launcher(1.0, work, warmup, measurement, only);
        JmhLauncher candidate = launcher(factor, work, warmup, measurement, only);
        List<Path> cp = classpath();
        List<String> benchmarks = base.discover(cp, "base");
        candidate.discover(cp, "candidate");
        StopRule fixed = new StopRule(false, maxRounds, GateSettings.defaults());
        InterleavedResults outcome = new InterleavedRun(new InterleavedSchedule(seed), fixed, new LogLines())
                .run(benchmarks, (side, b, round) -> (side == Side.BASE ? base : candidate).runFork(cp, b,
                        side.label(), round));
        ObjectNode record = JSON.createObjectNode();
        record.put("factor", factor);
        record.put("seed", seed);
        record.put("maxRounds", maxRounds);
        record.put("load", loadAverage());
        record.put("warmup", warmup == null ? "annotations (1x100ms)" : warmup);
        record.put("measurement", measurement == null ? "annotations (3x100ms)" : measurement);
        ObjectNode forks = record.putObject("benchmarks");
        for (InterleavedRun.BenchmarkProgress p : outcome.benchmarks()) {
            ObjectNode b = forks.putObject(p.benchmark());
            b.put("seconds", p.nanos() / 1e9);
            b.put("failed", p.failed());
            b.set("base", forksJson(p.results(Side.BASE)));
            b.set("candidate", forksJson(p.results(Side.CANDIDATE)));
        }
        deleteTree(work);
        return record;
    }

    private static String loadAverage() {
        try {
            return new String(Files.readAllBytes(Path.of("/proc/loadavg")), StandardCharsets.UTF_8).trim();
        } catch (IOException e) {
            return "";
        }
    }

    private static ArrayNode forksJson(List<BenchmarkResult> results) {
        ArrayNode a = JSON.createArrayNode();
        if (results.isEmpty()) {
            return a;
        }
        BenchmarkResult r = results.get(0);
        for (Fork f : r.forks()) {
            ArrayNode it = a.addArray();
            for (double v : f.primary()) {
                it.add(v);
            }
        }
        return a;
    }

    private static BenchmarkResult result(String name, JsonNode forks, int rounds) {
        BenchmarkResult.Builder b = BenchmarkResult.builder(name).mode("avgt").unit("us/op");
        for (int i = 0; i < Math.min(rounds, forks.size()); i++) {
            double[] it = new double[forks.get(i).size()];
            for (int j = 0; j < it.length; j++) {
                it[j] = forks.get(i).get(j).asDouble();
            }
            b.addFork(new Fork(it, Collections.emptyMap(), Collections.emptyMap()));
        }
        return b.build();
    }

    private static PerfResults results(BenchmarkResult r) {
        return PerfResults.builder().createdAt("replay").toolVersion("evaluation").addBenchmark(r).build();
    }

    /** The gate's median comparison of two results, at {@code alpha}. */
    static GateRow judge(BenchmarkResult base, BenchmarkResult candidate, double alpha) {
        GateReport report = new Gate(GateSettings.defaults().withAlpha(alpha)).check(results(base), results(candidate));
        for (GateRow c : report.comparisons()) {
            if (c.metric() == Metric.MEDIAN) {
                return c;
            }
        }
        throw new IllegalStateException("no median comparison for " + base.benchmark());
    }

    /** The first k forks of a result. */
    static BenchmarkResult prefix(BenchmarkResult r, int k) {
        return r.toBuilder().forks(r.forks().subList(0, Math.min(k, r.forks().size()))).build();
    }

    /**
     * The round at which adaptive stopping would have stopped, replayed on the prefixes of a fixed-maximum run:
     * the look after round k sees rounds 1..k only, as in a run that stopped there.
     */
    static int adaptiveStop(StopRule adaptive, BenchmarkResult base, BenchmarkResult candidate, int maxRounds) {
        for (int k = 1; k <= maxRounds; k++) {
            StopRule.Look look = adaptive.look(k, Collections.singletonList(prefix(base, k)),
                    Collections.singletonList(prefix(candidate, k)));
            if (look.status().stops()) {
                return k;
            }
        }
        return maxRounds;
    }

    static void summarize(Path file, int maxRounds) throws IOException {
        if (!Files.exists(file)) {
            System.out.println("no sessions in " + file);
            return;
        }
        GateSettings settings = GateSettings.defaults();
        StopRule adaptive = new StopRule(true, maxRounds, settings);
        Map<String, int[]> byCondition = new TreeMap<>();
        Map<String, double[]> ratios = new TreeMap<>();
        Map<String, List<Double>> forkSpread = new TreeMap<>();
        // A file may hold sittings of different fork lengths: all of them are named.
        Set<String> forkLengths = new LinkedHashSet<>();
        RoundPairedRule paired = new RoundPairedRule(settings.medianFail(), settings.medianMin());
        Map<String, int[]> pairedByCondition = new TreeMap<>();
        Map<String, List<Double>> withinRound = new TreeMap<>();
        // adaptive stopping with the calibration of the benchmark's previous A/A session in the file
        Map<String, Calibration.Entry> lastAa = new TreeMap<>();
        Map<String, int[]> calibratedByCondition = new TreeMap<>();
        int sessions = 0;
        double seconds = 0;
        StringBuilder rows = new StringBuilder();
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            if (line.trim().isEmpty()) {
                continue;
            }
            JsonNode record = JSON.readTree(line);
            sessions++;
            seconds += record.get("seconds").asDouble();
            double factor = record.get("factor").asDouble();
            forkLengths.add("warmup " + record.path("warmup").asText("annotations (1x100ms)") + ", measurement "
                    + record.path("measurement").asText("annotations (3x100ms)"));
            for (java.util.Iterator<Map.Entry<String, JsonNode>> it = record.get("benchmarks").fields();
                    it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                String name = e.getKey();
                JsonNode b = e.getValue();
                int rounds = Math.min(b.get("base").size(), b.get("candidate").size());
                if (b.get("failed").asBoolean() || rounds < maxRounds) {
                    rows.append(String.format(Locale.ROOT, "skipped %s (only %d rounds)%n", name, rounds));
                    continue;
                }
                BenchmarkResult base = result(name, b.get("base"), maxRounds);
                BenchmarkResult candidate = result(name, b.get("candidate"), maxRounds);
                int stop = adaptiveStop(adaptive, base, candidate, maxRounds);
                GateRow adaptiveVerdict = judge(prefix(base, stop), prefix(candidate, stop),
                        adaptive.decisionAlpha());
                GateRow fixedVerdict = judge(base, candidate, settings.alpha());
                String condition = String.format(Locale.ROOT, "%s x%.1f", shortName(name), factor);
                int[] c = byCondition.computeIfAbsent(condition, k -> new int[8]);
                c[0]++;
                c[1] += adaptiveVerdict.verdict() == Verdict.FAIL ? 1 : 0;
                c[2] += fixedVerdict.verdict() == Verdict.FAIL ? 1 : 0;
                c[3] += stop;
                c[4] += adaptiveVerdict.verdict() == fixedVerdict.verdict() ? 1 : 0;
                c[5] += isFail(adaptiveVerdict) == isFail(fixedVerdict) ? 1 : 0;
                c[6] += adaptiveVerdict.verdict() == Verdict.WARN ? 1 : 0;
                c[7] += fixedVerdict.verdict() == Verdict.WARN ? 1 : 0;
                forkSpread.computeIfAbsent(condition, k -> new ArrayList<>())
                        .add(logSpreadOfForkMedians(base));
                RoundPairedRule.Replay pairedReplay = paired.replay(base, candidate, maxRounds, settings.alpha());
                int[] pc = pairedByCondition.computeIfAbsent(condition, k -> new int[5]);
                pc[0]++;
                pc[1] += pairedReplay.adaptiveFail() ? 1 : 0;
                pc[2] += pairedReplay.fixedFail() ? 1 : 0;
                pc[3] += pairedReplay.adaptiveStop();
                pc[4] += pairedReplay.adaptiveFail() == pairedReplay.fixedFail() ? 1 : 0;
                withinRound.computeIfAbsent(condition, k -> new ArrayList<>()).add(withinRoundCorrelation(base,
                        candidate));
                Calibration.Entry stored = lastAa.get(name);
                if (stored != null) {
                    StopRule calibrated = new StopRule(true, maxRounds, settings, new Calibration("replay",
                            StopRule.POWER, settings.alpha(), Collections.singletonMap(base.id(), stored)));
                    int calibratedStop = adaptiveStop(calibrated, base, candidate, maxRounds);
                    GateRow calibratedVerdict = judge(prefix(base, calibratedStop),
                            prefix(candidate, calibratedStop), calibrated.decisionAlpha());
                    int[] cc = calibratedByCondition.computeIfAbsent(condition, k -> new int[7]);
                    cc[0]++;
                    cc[1] += calibratedVerdict.verdict() == Verdict.FAIL ? 1 : 0;
                    cc[2] += calibratedVerdict.verdict() == Verdict.WARN ? 1 : 0;
                    cc[3] += calibratedStop;
                    cc[4] += stop;
                    cc[5] += calibratedVerdict.verdict() == fixedVerdict.verdict() ? 1 : 0;
                    cc[6] += adaptiveVerdict.verdict() == Verdict.FAIL ? 1 : 0;
                }
                if (factor == 1.0) {
                    // the between-fork CV as perf:calibrate computes it: the fork values the gate tests, pooled
                    ForkValues medians = ForkValues.of(prefix(base, CALIBRATION_FORKS),
                            prefix(candidate, CALIBRATION_FORKS), Metric.MEDIAN);
                    lastAa.put(name, new Calibration.Entry(CALIBRATION_FORKS, Power.forkCv(medians.baseline(),
                            medians.candidate()), Double.NaN, settings.medianFail(), Double.NaN, 0, "PASS"));
                }
                double[] r = ratios.computeIfAbsent(condition, k -> new double[2]);
                r[0] += Math.log(fixedVerdict.ratio());
                r[1]++;
                rows.append(String.format(Locale.ROOT, "%-22s seed %-14d stop %2d  adaptive %-12s fixed %-12s"
                        + " R(15) %.3f%n", condition, record.get("seed").asLong(), stop, adaptiveVerdict.verdict(),
                        fixedVerdict.verdict(), fixedVerdict.ratio()));
            }
        }
        System.out.print(rows);
        System.out.printf(Locale.ROOT, "%n%d sessions, %.0f min of measurement; forks: %s%n", sessions,
                seconds / 60, String.join("; ", forkLengths));
        System.out.printf(Locale.ROOT, "%-22s %5s %14s %11s %14s %13s %14s %9s%n", "condition", "n",
                "FAIL adaptive", "FAIL fixed", "WARN adaptive", "WARN fixed", "mean rounds", "same");
        int[] total = new int[8];
        for (Map.Entry<String, int[]> e : byCondition.entrySet()) {
            int[] c = e.getValue();
            double[] r = ratios.get(e.getKey());
            System.out.printf(Locale.ROOT, "%-22s %5d %14d %11d %14d %13d %8.1f/%-5d %4d/%-4d  mean ratio %.3f"
                    + "  fork SD %.3f%n", e.getKey(), c[0], c[1], c[2], c[6], c[7], c[3] / (double) c[0], maxRounds,
                    c[4], c[0], Math.exp(r[0] / r[1]),
                    Quantiles.median(forkSpread.get(e.getKey()).stream().mapToDouble(Double::doubleValue).toArray()));
            for (int i = 0; i < total.length; i++) {
                total[i] += c[i];
            }
        }
        if (total[0] > 0) {
            System.out.printf(Locale.ROOT, "all: %d comparisons, %.1f rounds on average against %d (%.0f %% fewer);"
                    + " same verdict %d/%d, same FAIL/no-FAIL %d/%d%n", total[0], total[3] / (double) total[0],
                    maxRounds, 100 * (1 - total[3] / (double) total[0] / maxRounds), total[4], total[0], total[5],
                    total[0]);
        }
        System.out.printf(Locale.ROOT, "%nAdaptive stopping with a stored calibration (the benchmark's previous A/A"
                + " session in this file, its first %d forks a side, pooled with the rounds' own); comparisons without"
                + " an earlier A/A session are left out:%n", CALIBRATION_FORKS);
        System.out.printf(Locale.ROOT, "%-22s %5s %14s %14s %14s %14s %12s%n", "condition", "n", "FAIL calibrated",
                "FAIL adaptive", "WARN calibrated", "rounds calibr.", "rounds adapt.");
        int[] calibratedTotal = new int[7];
        for (Map.Entry<String, int[]> e : calibratedByCondition.entrySet()) {
            int[] c = e.getValue();
            System.out.printf(Locale.ROOT, "%-22s %5d %14d %14d %14d %14.1f %12.1f  same as fixed %d/%d%n",
                    e.getKey(), c[0], c[1], c[6], c[2], c[3] / (double) c[0], c[4] / (double) c[0], c[5], c[0]);
            for (int i = 0; i < calibratedTotal.length; i++) {
                calibratedTotal[i] += c[i];
            }
        }
        if (calibratedTotal[0] > 0) {
            System.out.printf(Locale.ROOT, "all: %d comparisons, %.1f rounds with the calibration against %.1f without"
                    + " (fixed %d); same verdict as the fixed maximum %d/%d%n", calibratedTotal[0],
                    calibratedTotal[3] / (double) calibratedTotal[0], calibratedTotal[4] / (double) calibratedTotal[0],
                    maxRounds, calibratedTotal[5], calibratedTotal[0]);
        }
        System.out.printf(Locale.ROOT, "%nRound-paired alternative (exact signed-rank on per-round log ratios; not the"
                + " gate's rule, see RoundPairedRule):%n");
        System.out.printf(Locale.ROOT, "%-22s %5s %14s %11s %14s %9s %17s%n", "condition", "n", "FAIL adaptive",
                "FAIL fixed", "mean rounds", "same", "within-round r");
        int[] pairedTotal = new int[5];
        for (Map.Entry<String, int[]> e : pairedByCondition.entrySet()) {
            int[] c = e.getValue();
            System.out.printf(Locale.ROOT, "%-22s %5d %14d %11d %8.1f/%-5d %4d/%-4d %11.2f%n", e.getKey(), c[0], c[1],
                    c[2], c[3] / (double) c[0], maxRounds, c[4], c[0],
                    Quantiles.median(withinRound.get(e.getKey()).stream().mapToDouble(Double::doubleValue).toArray()));
            for (int i = 0; i < pairedTotal.length; i++) {
                pairedTotal[i] += c[i];
            }
        }
        if (pairedTotal[0] > 0) {
            System.out.printf(Locale.ROOT, "all: %.1f rounds on average against %d (%.0f %% fewer); same FAIL/no-FAIL"
                    + " %d/%d%n", pairedTotal[3] / (double) pairedTotal[0], maxRounds,
                    100 * (1 - pairedTotal[3] / (double) pairedTotal[0] / maxRounds), pairedTotal[4], pairedTotal[0]);
        }
    }

    /**
     * The Pearson correlation, across rounds, of the logs of the base and candidate fork medians: how much of the
     * fork-to-fork spread the two forks of a round share (a drift of the machine, a slow spell).
     */
    static double withinRoundCorrelation(BenchmarkResult base, BenchmarkResult candidate) {
        double[] x = logForkMedians(base);
        double[] y = logForkMedians(candidate);
        int n = Math.min(x.length, y.length);
        double mx = java.util.Arrays.stream(x, 0, n).average().orElse(0);
        double my = java.util.Arrays.stream(y, 0, n).average().orElse(0);
        double sxy = 0;
        double sxx = 0;
        double syy = 0;
        for (int i = 0; i < n; i++) {
            sxy += (x[i] - mx) * (y[i] - my);
            sxx += (x[i] - mx) * (x[i] - mx);
            syy += (y[i] - my) * (y[i] - my);
        }
        return sxx == 0 || syy == 0 ? 0 : sxy / Math.sqrt(sxx * syy);
    }

    /** The log of each fork's median, in fork (round) order. */
    static double[] logForkMedians(BenchmarkResult r) {
        return r.forks().stream().mapToDouble(f -> Math.log(f.primaryMedian())).toArray();
    }

    /** The standard deviation of the logs of a side's fork medians: the fork-to-fork noise the gate sees. */
    static double logSpreadOfForkMedians(BenchmarkResult r) {
        double[] logs = logForkMedians(r);
        double mean = java.util.Arrays.stream(logs).average().orElse(0);
        double squares = java.util.Arrays.stream(logs).map(x -> (x - mean) * (x - mean)).sum();
        return logs.length < 2 ? 0 : Math.sqrt(squares / (logs.length - 1));
    }

    private static boolean isFail(GateRow c) {
        return c.verdict() == Verdict.FAIL;
    }

    private static String shortName(String name) {
        return name.substring(name.lastIndexOf('.') + 1);
    }

    private static void deleteTree(Path dir) throws IOException {
        try (java.util.stream.Stream<Path> s = Files.walk(dir)) {
            s.sorted(Collections.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }
}
