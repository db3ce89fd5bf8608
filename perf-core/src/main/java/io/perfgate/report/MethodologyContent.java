package io.perfgate.report;

import io.perfgate.config.PerfProperties;
import io.perfgate.env.EnvironmentFingerprint;
import io.perfgate.env.StealTime;
import io.perfgate.gate.GateRow;
import io.perfgate.gate.EnvironmentDifference;
import io.perfgate.gate.GateReport;
import io.perfgate.gate.GateSettings;
import io.perfgate.gate.Metric;
import io.perfgate.gate.NotGated;
import io.perfgate.results.BenchmarkResult;
import io.perfgate.results.Fork;
import io.perfgate.results.MachineTime;
import io.perfgate.results.PerfResults;
import io.perfgate.stats.Multiplicity;
import io.perfgate.stats.StatsText;
import io.perfgate.results.Provenance;
import io.perfgate.stats.Verdict;
import io.perfgate.text.CommitIds;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Decides what a methodology block says, from the check's report and results. Everything here is fact taken
 * from the files (environment fingerprint, settings, counts, thresholds actually applied); nothing is
 * assumed, and a fact the files do not hold is left out rather than guessed.
 */
public final class MethodologyContent {
    private MethodologyContent() {
    }

    /**
     * @param in the report and results of the check
     * @param profiles profile artifacts found, as paths to show (relative to the project)
     */
    public static Methodology from(CheckArtifacts in, List<String> profiles) {
        return from(in, profiles, new ArrayList<>());
    }

    /**
     * @param profiles profile artifacts found, as paths to show (relative to the project)
     * @param evidence what profiling attributed, one entry per benchmark ({@link ProfileSummary#evidence})
     */
    public static Methodology from(CheckArtifacts in, List<String> profiles, List<String> evidence) {
        GateReport r = in.report();
        Map<String, String> env = r.current().environment();
        Methodology.Builder m = Methodology.builder().vote(vote(r));
        headline(in).forEach(m::headline);

        String hardware = hardware(env);
        if (hardware != null) {
            m.item("Hardware", hardware);
        }
        String os = join(" ", env.get(EnvironmentFingerprint.OS_NAME), env.get(EnvironmentFingerprint.OS_KERNEL));
        if (os != null) {
            m.item("OS", os);
        }
        String jdk = jdk(env);
        if (jdk != null) {
            m.item("JDK", jdk);
        }
        String runs = runs(in);
        if (runs != null) {
            m.item("Runs", runs);
        }
        String machine = machineTime(in);
        if (machine != null) {
            m.item("Machine time", machine);
        }
        if (!r.comparisons().isEmpty()) {
            m.item("Decision rule", decisionRule(in));
        }
        if (r.baseline() != null) {
            m.item("Baseline", side(r.baseline(), true));
        }
        m.item("Candidate", side(r.current(), false));

        String command = in.current() != null && in.current().command() != null ? in.current().command()
                : env.get(EnvironmentFingerprint.COMMAND);
        m.command(command);
        if (r.baseline() != null && provenance(r.baseline()).isBase()) {
            // perf:compare (or perf:check with perf.against) measured both sides in this one command
            m.commandLabel("Command (measures both sides, interleaved)");
        } else if (in.baseline() != null && in.baseline().command() != null
                && !in.baseline().command().equals(command)) {
            m.baselineCommand(in.baseline().command());
        }

        for (RowView row : RowView.rows(r)) {
            // a metric not gated is shown only as a p95 with the figures it is of, among its benchmark's rows
            NotGated n = row.notGated();
            if (n == null || (n.metric() == Metric.P95 && n.spread() != null && compared(r, n))) {
                m.row(new Methodology.Row(row.benchmark(), row.metricLabel(), row.baseline(), row.current(),
                        row.change(), row.p(), row.verdict()));
            }
        }
        if (!r.comparisons().isEmpty()) {
            m.tableCaption(caption(r));
        }
        profiles.forEach(m::profile);
        evidence.forEach(m::profileEvidence);
        notes(in, m);
        return m.build();
    }

    // ------------------------------------------------------------------ the headline

    /** At most this many headline sentences; the table has the rest. */
    static final int HEADLINES = 3;

    /**
     * The sentences a reviewer reads first, one per headline result, in the form committers use: the regressions;
     * without any, the improvements; without those, the warnings; without any of these, the first results. Each
     * gives the median and the p95 before and after, and says what the p95 is of.
     */
    static List<String> headline(CheckArtifacts in) {
        GateReport r = in.report();
        List<GateRow> medians = new ArrayList<>();
        for (GateRow c : r.comparisons()) {
            if (c.metric() == Metric.MEDIAN) {
                medians.add(c);
            }
        }
        List<GateRow> chosen = new ArrayList<>();
        for (Verdict v : new Verdict[] {Verdict.FAIL, Verdict.IMPROVED, Verdict.WARN}) {
            for (GateRow c : medians) {
                if (c.verdict() == v) {
                    chosen.add(c);
                }
            }
            if (!chosen.isEmpty()) {
                break;
            }
        }
        if (chosen.isEmpty()) {
            chosen.addAll(medians);
        }
        String before = r.baseline() == null ? "baseline" : sideLabel(r.baseline(), true);
        String after = sideLabel(r.current(), false);
        List<String> sentences = new ArrayList<>();
        for (GateRow c : chosen.subList(0, Math.min(HEADLINES, chosen.size()))) {
            String[] p95 = p95(in, c);
            sentences.add(name(c, r) + ": before (" + before + "): median " + Units.value(c.baselineMedian(), c.unit())
                    + p95[0] + "; after (" + after + "): median " + Units.value(c.currentMedian(), c.unit()) + p95[1]
                    + " (" + p95[2] + ").");
        }
        if (chosen.size() > HEADLINES) {
            int more = chosen.size() - HEADLINES;
            sentences.add("And " + more + " more " + chosen.get(0).verdict() + (more == 1 ? " result" : " results")
                    + " in the table.");
        }
        return sentences;
    }

    /**
     * ", p95 X" before and after, and what the p95 is of: the gated p95 of SampleTime latencies where the check has
     * one, else the p95 of the per-fork values (fork scores, or run times of a scenario), from the results files.
     */
    private static String[] p95(CheckArtifacts in, GateRow median) {
        GateReport r = in.report();
        boolean scenario = BenchmarkResult.KIND_SCENARIO.equals(kindOf(in, median));
        for (GateRow c : r.comparisons()) {
            if (c.metric() == Metric.P95 && c.id().equals(median.id())) {
                return new String[] {", p95 " + Units.value(c.baselineMedian(), c.unit()),
                        ", p95 " + Units.value(c.currentMedian(), c.unit()),
                        "p95 of " + (scenario ? "per-request" : "per-operation") + " latency, the median of each"
                                + " side's " + (scenario ? "runs'" : "forks'") + " own p95, gated"};
            }
        }
        for (NotGated n : r.notGated()) {
            if (n.metric() == Metric.P95 && n.spread() != null && n.id().equals(median.id())) {
                NotGated.Spread spread = n.spread();
                return new String[] {", p95 " + Units.value(spread.baseline(), spread.unit()),
                        ", p95 " + Units.value(spread.current(), spread.unit()),
                        spread.describe("p95") + ", not gated: a p95 of so few values sits near their maximum"};
            }
        }
        return new String[] {"", "", "no p95 recorded"};
    }

    /**
     * How the headline names a side: "main at 1a2b3c4" and "this patch on top" for a comparison, "the baseline at
     * 1a2b3c4" and "commit 5d6e7f8" (or "this build") for a check.
     */
    static String sideLabel(GateReport.Source s, boolean baseline) {
        Provenance prov = provenance(s);
        String commit = prov.commit();
        String at = commit != null && !EnvironmentFingerprint.NONE.equals(commit) ? CommitIds.abbreviate(commit)
                : null;
        boolean dirty = prov.dirty();
        if (prov.isBase()) {
            String against = prov.against();
            return (against != null ? against : "the base") + (at == null ? "" : " at " + at);
        }
        if (prov.isCandidate()) {
            return "this patch on top" + (dirty ? ", uncommitted" : at == null ? "" : ", " + at);
        }
        if (baseline) {
            return "the baseline" + (at == null ? "" : " at " + at);
        }
        return at == null ? "this build" : "commit " + at + (dirty ? " with uncommitted changes" : "");
    }

    // ------------------------------------------------------------------ the vote

    /**
     * The gate's vote in the form a mailing list reads it: {@code +1 perf}, {@code +1 perf (1 WARN)},
     * {@code -1 perf: 2 regressions}, {@code 0 perf: nothing was compared (no baseline)}. The gate decides it.
     */
    static String vote(GateReport r) {
        GateReport.Vote v = r.vote();
        if (v.score() > 0) {
            return "+1 perf" + (v.reason().isEmpty() ? "" : " (" + v.reason() + ")");
        }
        return v.score() + " perf: " + v.reason();
    }

    // ------------------------------------------------------------------ set-up lines

    static String hardware(Map<String, String> env) {
        List<String> parts = new ArrayList<>();
        add(parts, env.get(EnvironmentFingerprint.CPU_MODEL));
        String cores = env.get(EnvironmentFingerprint.CPU_CORES);
        if (present(cores)) {
            parts.add(cores + ("1".equals(cores.trim()) ? " core" : " cores"));
        }
        String memory = memory(env.get(EnvironmentFingerprint.MEMORY_TOTAL));
        if (memory != null) {
            parts.add(memory + " RAM");
        }
        List<String> extra = new ArrayList<>();
        String quota = env.get(EnvironmentFingerprint.CONTAINER_CPU_QUOTA);
        if (present(quota) && !EnvironmentFingerprint.NONE.equalsIgnoreCase(quota.trim())) {
            extra.add("container CPU quota " + quota.trim());
        }
        String governor = env.get(EnvironmentFingerprint.CPU_GOVERNOR);
        if (present(governor)) {
            extra.add("CPU governor " + governor.trim());
        }
        if (parts.isEmpty() && extra.isEmpty()) {
            return null;
        }
        String text = String.join(", ", parts);
        if (!extra.isEmpty()) {
            text += (text.isEmpty() ? "" : "; ") + String.join(", ", extra);
        }
        return text;
    }

    /** Bytes become GiB with one decimal; anything else (already "16 GiB") is kept as written. */
    static String memory(String value) {
        if (!present(value)) {
            return null;
        }
        String v = value.trim();
        if (v.matches("\\d+")) {
            double gib = Long.parseLong(v) / (1024.0 * 1024 * 1024);
            return String.format(Locale.ROOT, "%.1f GiB", gib);
        }
        return v;
    }

    static String jdk(Map<String, String> env) {
        String version = join(" ", env.get(EnvironmentFingerprint.JAVA_VENDOR),
                env.get(EnvironmentFingerprint.JAVA_VERSION));
        String vm = env.get(EnvironmentFingerprint.JAVA_VM);
        List<String> parts = new ArrayList<>();
        if (version != null) {
            parts.add(version + (present(vm) ? " (" + vm.trim() + ")" : ""));
        } else if (present(vm)) {
            parts.add(vm.trim());
        }
        String gc = env.get(EnvironmentFingerprint.JVM_GC);
        if (present(gc)) {
            parts.add("GC " + gc.trim());
        }
        if (env.containsKey(EnvironmentFingerprint.JVM_ARGS)) {
            String args = env.get(EnvironmentFingerprint.JVM_ARGS);
            parts.add("JVM flags: " + (present(args) ? args.trim() : "none"));
        }
        return parts.isEmpty() ? null : String.join("; ", parts);
    }

    /** Forks and iterations for JMH, runs for scenarios, for each side. */
    static String runs(CheckArtifacts in) {
        GateReport r = in.report();
        List<String> parts = new ArrayList<>();
        Set<String> kinds = kinds(in);
        for (String kind : kinds) {
            List<GateRow> ofKind = new ArrayList<>();
            for (GateRow c : r.comparisons()) {
                if (kind.equals(kindOf(in, c)) && c.metric() == Metric.MEDIAN) {
                    ofKind.add(c);
                }
            }
            boolean jmh = BenchmarkResult.KIND_JMH.equals(kind);
            StringBuilder sb = new StringBuilder();
            Set<String> names = new TreeSet<>();
            ofKind.forEach(c -> names.add(c.benchmark()));
            if (jmh) {
                String version = r.current().environment().get(EnvironmentFingerprint.JMH_VERSION);
                sb.append("JMH").append(present(version) ? " " + version.trim() : "").append(": ");
                sb.append(forks(ofKind, "forks", r));
                String perFork = iterations(in);
                if (perFork != null) {
                    sb.append(", ").append(perFork);
                }
                sb.append(" (").append(names.size()).append(names.size() == 1 ? " benchmark" : " benchmarks").append(')');
            } else {
                // a scenario's cold runs (fresh JVMs) and warm runs (one JVM) are two benchmarks, params runs=...
                Map<String, List<GateRow>> byRuns = new LinkedHashMap<>();
                for (GateRow c : ofKind) {
                    byRuns.computeIfAbsent(c.params().getOrDefault("runs", ""), k -> new ArrayList<>()).add(c);
                }
                List<String> runs = new ArrayList<>();
                byRuns.forEach((k, cs) -> runs.add("warm".equals(k) ? forks(cs, "warm JVMs", r) + warmRunsEach(in, cs)
                        : forks(cs, k.isEmpty() ? "runs" : k + " runs", r)));
                sb.append("scenarios: ").append(String.join(", ", runs)).append(" (").append(names.size())
                        .append(names.size() == 1 ? " scenario" : " scenarios").append(')');
            }
            parts.add(sb.toString());
        }
        if (parts.isEmpty()) {
            return null;
        }
        String order = runOrder(in);
        return String.join("; ", parts) + (order == null ? "" : "; " + order) + "; report median + p95";
    }

    /**
     * " (each the median of 5 warm runs)": a warm JVM is one observation, summarised by the median of its runs;
     * the count comes from the current side's recorded scenario settings, when all the scenarios agree on it.
     */
    private static String warmRunsEach(CheckArtifacts in, List<GateRow> warm) {
        if (in.current() == null) {
            return "";
        }
        Set<String> counts = new TreeSet<>();
        for (GateRow c : warm) {
            String n = in.current().settings().get(PerfProperties.scenarioSetting(c.benchmark(), "warmRuns"));
            if (n != null) {
                counts.add(n.trim());
            }
        }
        if (counts.size() != 1) {
            return "";
        }
        String n = counts.iterator().next();
        // one run per JVM has no median to speak of: the run is the observation
        return "1".equals(n) ? " (each its one warm run)" : " (each the median of its " + n + " warm runs)";
    }

    private static Set<String> kinds(CheckArtifacts in) {
        Set<String> kinds = new TreeSet<>();
        for (GateRow c : in.report().comparisons()) {
            kinds.add(kindOf(in, c));
        }
        return kinds;
    }

    private static String kindOf(CheckArtifacts in, GateRow c) {
        return in.currentBenchmark(c).map(BenchmarkResult::kind).orElse(BenchmarkResult.KIND_JMH);
    }

    /**
     * The usual fork counts, with the benchmarks that differ named: {@code 10 forks per side
     * (CacheBench.evict: baseline 3)}.
     */
    private static String forks(List<GateRow> cs, String unit, GateReport r) {
        Map<String, Integer> counts = new LinkedHashMap<>();
        for (GateRow c : cs) {
            counts.merge(c.baselineForks() + "/" + c.currentForks(), 1, Integer::sum);
        }
        String usual = null;
        for (String k : counts.keySet()) {
            if (usual == null || counts.get(k) > counts.get(usual)) {
                usual = k;
            }
        }
        if (usual == null) {
            return unit + " not recorded";
        }
        String[] pair = usual.split("/");
        String text = r.againstHistory() ? "history " + pair[0] + " runs, candidate " + pair[1] + " " + unit
                : pair[0].equals(pair[1]) ? pair[1] + " " + unit + " per side"
                : "baseline " + pair[0] + " " + unit + ", candidate " + pair[1] + " " + unit;
        List<String> others = new ArrayList<>();
        for (GateRow c : cs) {
            if (!usual.equals(c.baselineForks() + "/" + c.currentForks())) {
                List<String> sides = new ArrayList<>();
                if (!pair[0].equals(Integer.toString(c.baselineForks()))) {
                    sides.add("baseline " + c.baselineForks());
                }
                if (!pair[1].equals(Integer.toString(c.currentForks()))) {
                    sides.add("candidate " + c.currentForks());
                }
                others.add(name(c, r) + ": " + String.join(", ", sides));
            }
        }
        return others.isEmpty() ? text : text + " (" + String.join("; ", others) + ")";
    }

    /**
     * The machine time the JMH forks spent against the old fixed defaults ({@link MachineTime}): of both sides when
     * this command measured them (perf:compare, against the same forks at the fixed length), else of the candidate
     * (against 10 forks a benchmark); null when no fork's wall time was recorded.
     */
    static String machineTime(CheckArtifacts in) {
        MachineTime machine = machine(in);
        return machine == null ? null : machine.describe();
    }

    /** {@link #machineTime}'s figure; null when no fork's wall time was recorded or the results are not there. */
    static MachineTime machine(CheckArtifacts in) {
        if (in.current() == null) {
            return null;
        }
        GateReport r = in.report();
        List<BenchmarkResult> forks = new ArrayList<>(in.current().benchmarks());
        boolean bothSides = r.baseline() != null && provenance(r.baseline()).isBase() && in.baseline() != null;
        if (bothSides) {
            forks.addAll(in.baseline().benchmarks());
        }
        MachineTime machine = MachineTime.of(forks, in.current().settings(), bothSides
                || present(in.current().settings().get(PerfProperties.AGAINST)) ? MachineTime.Counterfactual.SAME_FORKS
                        : MachineTime.Counterfactual.FIXED_FORKS);
        return machine.known() ? machine : null;
    }

    /** {@code each 1 x 100 ms warm-up + 5 x 100 ms measurement iterations}, from the settings and the data. */
    private static String iterations(CheckArtifacts in) {
        Map<String, String> s = in.current() == null ? new HashMap<>() : in.current().settings();
        int min = Integer.MAX_VALUE;
        int max = 0;
        if (in.current() != null) {
            for (BenchmarkResult b : in.current().benchmarks()) {
                if (!BenchmarkResult.KIND_JMH.equals(b.kind())) {
                    continue;
                }
                for (Fork f : b.forks()) {
                    min = Math.min(min, f.primary().length);
                    max = Math.max(max, f.primary().length);
                }
            }
        }
        String measured = max == 0 ? s.get(PerfProperties.MEASUREMENT_ITERATIONS)
                : min == max ? Integer.toString(max) : min + "-" + max;
        if (!present(measured)) {
            return null;
        }
        StringBuilder sb = new StringBuilder("each ");
        String warmup = s.get(PerfProperties.WARMUP_ITERATIONS);
        if (present(warmup)) {
            sb.append(warmup.trim()).append(times(s.get(PerfProperties.WARMUP_TIME))).append(" warm-up + ");
        }
        sb.append(measured).append(times(s.get(PerfProperties.MEASUREMENT_TIME))).append(" measurement iterations");
        String threads = s.get(PerfProperties.THREADS);
        if (present(threads) && !"1".equals(threads.trim())) {
            sb.append(", ").append(threads.trim()).append(" threads");
        }
        return sb.toString();
    }

    private static String times(String time) {
        return present(time) ? " x " + time.trim() : "";
    }

    /** Interleaved (same job) or one after the other (stored baseline), from the settings. */
    private static String runOrder(CheckArtifacts in) {
        Map<String, String> s = new LinkedHashMap<>();
        if (in.current() != null) {
            s.putAll(in.current().settings());
        }
        s.putAll(in.report().settings());
        String against = s.get(PerfProperties.AGAINST);
        if (present(against)) {
            String seed = s.get(PerfProperties.SEED);
            return "baseline (" + against.trim() + ") and candidate forks in randomly interleaved rounds on one machine"
                    + (present(seed) ? ", seed " + seed.trim() : "");
        }
        return null;
    }

    /**
     * One sentence, e.g. "exact one-sided Mann-Whitney on per-fork medians (log scale, Hodges-Lehmann ratio),
     * alpha 0.05; FAIL when the ratio >= 1.10 and its lower bound > 1.05; p95: 1.20 / 1.10". The numbers
     * are the ones the comparisons were judged by (the most common among those without a per-benchmark rule).
     */
    static String decisionRule(CheckArtifacts in) {
        GateReport r = in.report();
        Map<Metric, List<GateRow>> global = new LinkedHashMap<>();
        int ruled = 0;
        for (GateRow c : r.comparisons()) {
            if (c.rule() != null && !c.rule().isEmpty()) {
                ruled++;
                continue;
            }
            global.computeIfAbsent(c.metric(), k -> new ArrayList<>()).add(c);
        }
        boolean scenarios = kinds(in).contains(BenchmarkResult.KIND_SCENARIO);
        boolean jmh = kinds(in).contains(BenchmarkResult.KIND_JMH);
        String perJvm = "per-JVM values: a cold run, or a warm JVM's median run";
        String units = jmh && scenarios ? "per-fork medians (" + perJvm + " for scenarios)"
                : scenarios ? perJvm : "per-fork medians";
        StringBuilder sb = r.againstHistory()
                ? new StringBuilder("prediction interval over ").append(r.settings().get(PerfProperties.HISTORY_RUNS))
                        .append(" runs: each past run one observation, the median of its ").append(units)
                        .append(", the current run one more (log scale, one-sided Student t prediction bound)")
                : new StringBuilder("exact one-sided Mann-Whitney on ").append(units)
                        .append(" (log scale, Hodges-Lehmann ratio)");
        double[] median = mostCommon(global.get(Metric.MEDIAN));
        double[] p95 = mostCommon(global.get(Metric.P95));
        double[] main = median != null ? median : p95;
        if (main != null && !Double.isNaN(main[2])) {
            sb.append(", alpha ").append(decimal(main[2]));
        }
        if (median != null) {
            sb.append("; FAIL when the ratio >= ").append(Numbers.ratioThreshold(median[0]))
                    .append(" and its lower bound > ").append(Numbers.ratioThreshold(median[1]))
                    .append(r.againstHistory() ? " (the current run beyond the prediction bound)" : "");
        }
        if (p95 != null) {
            sb.append(median == null ? "; p95: FAIL when the ratio >= " + Numbers.ratioThreshold(p95[0])
                    + " and its lower bound > " + Numbers.ratioThreshold(p95[1])
                    : "; p95: " + Numbers.ratioThreshold(p95[0]) + " / " + Numbers.ratioThreshold(p95[1]));
        }
        List<GateRow> alloc = global.get(Metric.ALLOCATION);
        if (alloc != null && !alloc.isEmpty()) {
            GateRow a = alloc.get(0);
            sb.append("; allocation: FAIL when B/op grows by more than max(")
                    .append(StatsText.percent(a.failThreshold())).append(", ").append(decimal(a.allowedBytes()))
                    .append(" B/op)");
        }
        if (ruled > 0) {
            sb.append("; per-benchmark rules set the limits of ").append(ruled)
                    .append(ruled == 1 ? " comparison" : " comparisons");
        }
        if (r.multiplicity() != Multiplicity.Mode.NONE) {
            sb.append("; ").append(GateSettings.multiplicityId(r.multiplicity())).append(" correction over K = ")
                    .append(r.tested())
                    .append(" tests");
        } else {
            sb.append("; K = ").append(r.tested()).append(" tests, no multiplicity correction");
        }
        return sb.toString();
    }

    /** {fail, minEffect, alpha} shared by most of the comparisons, or null when there are none. */
    private static double[] mostCommon(Collection<GateRow> cs) {
        if (cs == null || cs.isEmpty()) {
            return null;
        }
        Map<String, double[]> byKey = new LinkedHashMap<>();
        Map<String, Integer> counts = new HashMap<>();
        for (GateRow c : cs) {
            double[] t = {c.failThreshold(), c.minEffect(), c.alpha()};
            String key = t[0] + "/" + t[1] + "/" + t[2];
            byKey.putIfAbsent(key, t);
            counts.merge(key, 1, Integer::sum);
        }
        String best = null;
        for (String k : byKey.keySet()) {
            if (best == null || counts.get(k) > counts.get(best)) {
                best = k;
            }
        }
        return byKey.get(best);
    }

    private static String decimal(double v) {
        return new java.math.BigDecimal(Double.toString(v)).stripTrailingZeros().toPlainString();
    }

    /** {@code commit 1a2b3c4d5e (2026-11-20T09:00:00Z), src/perf/baseline.json, on Intel ..., 16 cores}. */
    static String side(GateReport.Source s, boolean baseline) {
        Map<String, String> env = s.environment();
        Provenance prov = provenance(s);
        List<String> parts = new ArrayList<>();
        String commit = prov.commit();
        String when = first(prov.recordedAt(), s.createdAt(), env.get(EnvironmentFingerprint.TIMESTAMP));
        if (commit != null) {
            boolean dirty = prov.dirty();
            parts.add("commit " + CommitIds.abbreviate(commit) + (dirty ? " with uncommitted changes" : "")
                    + (when == null ? "" : " (" + when + ")"));
        } else if (when != null) {
            parts.add("recorded " + when);
        }
        if (s.file() != null) {
            String module = env.get(EnvironmentFingerprint.MAVEN_MODULE);
            parts.add(module == null ? s.file() : "module " + module + " " + s.file());
        }
        if (baseline) {
            String by = prov.recordedBy();
            if (by != null) {
                parts.add("by " + by);
            }
            String reason = prov.reason();
            if (reason != null) {
                parts.add("recorded because: " + reason);
            }
            // the machine as the fingerprint records it (it records no host name)
            String cores = env.get(EnvironmentFingerprint.CPU_CORES);
            String machine = join(", ", env.get(EnvironmentFingerprint.CPU_MODEL),
                    present(cores) ? cores.trim() + " cores" : null);
            if (machine != null) {
                parts.add("on " + machine);
            }
        }
        String steal = env.get(EnvironmentFingerprint.CPU_STEAL);
        if (StealTime.fromField(steal).isPresent()) {
            parts.add("hypervisor steal " + steal.trim() + " while measuring");
        }
        return parts.isEmpty() ? "not recorded" : String.join(", ", parts);
    }

    private static Provenance provenance(GateReport.Source s) {
        return Provenance.of(s.provenance(), s.environment());
    }

    private static String caption(GateReport r) {
        if (r.againstHistory()) {
            return "Before: the geometric mean of the past runs' medians with the 95 % prediction interval of a run of"
                    + " unchanged code; after: the median of this run's per-fork values. Change: this run against the"
                    + " past runs' mean, with its 95 % prediction interval. p: one-sided Student t prediction p-value"
                    + " of a slowdown beyond the minimum effect"
                    + (r.multiplicity() != Multiplicity.Mode.NONE
                            ? ", " + GateSettings.multiplicityId(r.multiplicity()) + "-adjusted" : "")
                    + "; allocation is judged by its tolerance on the runs' medians, without a test.";
        }
        return "Before and after: median of the per-fork values with a distribution-free 95 % interval. "
                + "Change: Hodges-Lehmann estimate in the measured unit's direction, with its 95 % interval. "
                + "p: exact one-sided Mann-Whitney p-value of a slowdown beyond the minimum effect"
                + (r.multiplicity() != Multiplicity.Mode.NONE
                        ? ", " + GateSettings.multiplicityId(r.multiplicity()) + "-adjusted" : "")
                + "; allocation is judged by its tolerance, without a test.";
    }

    private static String name(GateRow c, GateReport r) {
        return RowView.of(c, r).benchmark();
    }

    private static boolean compared(GateReport r, NotGated n) {
        return r.comparisons().stream().anyMatch(c -> c.id().equals(n.id()));
    }

    private static void notes(CheckArtifacts in, Methodology.Builder m) {
        GateReport r = in.report();
        r.regressions().forEach(m::note);
        for (GateRow c : r.comparisons()) {
            // FAIL lines are the regressions above; the reasons of the open verdicts say what to do next
            if ((c.verdict() == Verdict.INCONCLUSIVE || c.verdict() == Verdict.WARN) && !c.reason().isEmpty()) {
                m.note(name(c, r) + " " + c.metricName() + " " + c.verdict().name() + ": " + c.reason());
            }
        }
        r.otherFailures().forEach(m::note);
        if (!r.environmentDifferences().isEmpty()) {
            List<String> diffs = new ArrayList<>();
            for (EnvironmentDifference d : r.environmentDifferences()) {
                diffs.add(d.describe());
            }
            m.note("Environment differs from the baseline (policy " + r.environmentPolicy().id() + "): "
                    + String.join("; ", diffs));
        }
        refs(m, "New benchmarks, not in the baseline", r.newBenchmarks());
        refs(m, "Missing benchmarks, in the baseline but not run", r.missingBenchmarks());
        refs(m, "Ignored by a rule", r.ignoredBenchmarks());
        r.notes().forEach(m::note);
    }

    private static void refs(Methodology.Builder m, String label, List<io.perfgate.gate.BenchmarkRef> refs) {
        if (refs.isEmpty()) {
            return;
        }
        List<String> names = new ArrayList<>();
        refs.forEach(ref -> names.add(ref.displayName()));
        m.note(label + ": " + String.join(", ", names));
    }

    // ------------------------------------------------------------------ small helpers

    private static boolean present(String s) {
        return s != null && !s.trim().isEmpty();
    }

    private static void add(List<String> parts, String s) {
        if (present(s)) {
            parts.add(s.trim());
        }
    }

    private static String join(String separator, String... values) {
        List<String> parts = new ArrayList<>();
        for (String v : values) {
            add(parts, v);
        }
        return parts.isEmpty() ? null : String.join(separator, parts);
    }

    private static String first(String... values) {
        for (String v : values) {
            if (present(v)) {
                return v.trim();
            }
        }
        return null;
    }
}
