package io.perfgate.interleaved;

import io.perfgate.config.PerfProperties;
import io.perfgate.results.BenchmarkResult;
import io.perfgate.results.MachineTime;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** What the rounds produced: both sides' forks per benchmark, the rounds each used, and the time saved. */
public final class InterleavedResults {
    /** The files both sides of a comparison are written to, in the results schema, for the gate. */
    public static final String BASE_RESULTS = "base-results.json";
    public static final String RESULTS = "results.json";

    private final List<InterleavedRun.BenchmarkProgress> benchmarks;
    private final int maxRounds;
    private final long seed;
    private final List<String> arms;

    /** The rounds of a comparison of two sides, base and candidate. */
    public InterleavedResults(List<InterleavedRun.BenchmarkProgress> benchmarks, int maxRounds, long seed) {
        this(benchmarks, maxRounds, seed, java.util.Arrays.asList(Side.BASE.label(), Side.CANDIDATE.label()));
    }

    InterleavedResults(List<InterleavedRun.BenchmarkProgress> benchmarks, int maxRounds, long seed,
            List<String> arms) {
        this.benchmarks = Collections.unmodifiableList(new ArrayList<>(benchmarks));
        this.maxRounds = maxRounds;
        this.seed = seed;
        this.arms = Collections.unmodifiableList(new ArrayList<>(arms));
    }

    private Map<String, String> settings;

    private MachineTime.ForkLengths fixedLengths;

    InterleavedResults fixedLengths(MachineTime.ForkLengths lengths) {
        this.fixedLengths = lengths;
        return this;
    }

    /** The harness settings, for {@link #machineTime}; null leaves it out of the summary. */
    InterleavedResults settings(Map<String, String> harnessSettings) {
        this.settings = harnessSettings;
        return this;
    }

    /**
     * The machine time every side's forks spent against the same forks at the old fixed length; null without the
     * harness settings.
     */
    public MachineTime machineTime() {
        if (settings == null) {
            return null;
        }
        List<BenchmarkResult> all = new ArrayList<>();
        for (int arm = 0; arm < arms.size(); arm++) {
            all.addAll(results(arm));
        }
        return MachineTime.of(all, settings, MachineTime.Counterfactual.SAME_FORKS, fixedLengths);
    }

    /** The sides by name, the baseline first. */
    public List<String> arms() {
        return arms;
    }

    public List<InterleavedRun.BenchmarkProgress> benchmarks() {
        return benchmarks;
    }

    public long seed() {
        return seed;
    }

    public int maxRounds() {
        return maxRounds;
    }

    /** Every result of one side, benchmark by benchmark. */
    public List<BenchmarkResult> results(Side side) {
        return results(side == Side.BASE ? 0 : 1);
    }

    /** Every result of side {@code arm} (0 the baseline), benchmark by benchmark. */
    public List<BenchmarkResult> results(int arm) {
        List<BenchmarkResult> all = new ArrayList<>();
        for (InterleavedRun.BenchmarkProgress p : benchmarks) {
            all.addAll(p.results(arm));
        }
        return all;
    }

    /**
     * What the report says of the benchmarks' fork plans ({@code perf.forkPlan=auto}): where the short forks' noise
     * disagrees with the benchmark's own at full length.
     */
    public List<String> notes() {
        List<String> notes = new ArrayList<>();
        for (InterleavedRun.BenchmarkProgress p : benchmarks) {
            notes.addAll(p.notes);
        }
        return notes;
    }

    /** Benchmarks whose forks failed, with the reason. */
    public List<String> failures() {
        List<String> failures = new ArrayList<>();
        for (InterleavedRun.BenchmarkProgress p : benchmarks) {
            if (p.failed()) {
                failures.add(p.benchmark() + ": " + p.reason());
            }
        }
        return failures;
    }

    /**
     * Benchmarks {@code perf.budget} never admitted into the rounds, each with why: no fork on either side, so no
     * verdict; the gate names them NOT RUN ({@code Gate#notRun}).
     */
    public Map<String, String> notRun() {
        Map<String, String> notRun = new LinkedHashMap<>();
        for (InterleavedRun.BenchmarkProgress p : benchmarks) {
            if (p.notRun()) {
                notRun.put(p.benchmark(), p.reason());
            }
        }
        return notRun;
    }

    public int totalRounds() {
        int sum = 0;
        for (InterleavedRun.BenchmarkProgress p : benchmarks) {
            sum += p.rounds();
        }
        return sum;
    }

    /** Seconds the fixed maximum would have taken, estimated from each benchmark's mean time per round. */
    public double estimatedFixedSeconds() {
        double sum = 0;
        for (InterleavedRun.BenchmarkProgress p : benchmarks) {
            int roundsRun = Math.max(p.rounds(), 1);
            sum += p.nanos() / 1e9 / roundsRun * (p.failed() ? p.rounds() : maxRounds);
        }
        return sum;
    }

    public double spentSeconds() {
        double sum = 0;
        for (InterleavedRun.BenchmarkProgress p : benchmarks) {
            sum += p.nanos() / 1e9;
        }
        return sum;
    }

    /**
     * E.g. "Rounds per benchmark: Foo.bar 5, Foo.baz 15 -- 10.0 on average against a fixed 15: about 1 min 40 s
     * (33 %) saved".
     */
    public String summary() {
        StringBuilder sb = new StringBuilder("Rounds per benchmark (each round is one fork of each side):");
        for (InterleavedRun.BenchmarkProgress p : benchmarks) {
            sb.append("\n  ").append(p.benchmark()).append(": ").append(p.rounds());
            if (arms.size() > 2) {
                // each treatment stops on its own look; the baseline runs while any of them does
                List<String> perTreatment = new ArrayList<>();
                for (int arm = 1; arm < arms.size(); arm++) {
                    perTreatment.add(arms.get(arm) + " " + p.rounds(arm));
                }
                sb.append(" (").append(String.join(", ", perTreatment)).append(')');
                if (p.failed()) {
                    sb.append(" (stopped: ").append(p.reason()).append(')');
                }
                continue;
            }
            if (p.failed()) {
                sb.append(" (stopped: ").append(p.reason()).append(')');
            } else if (p.notRun()) {
                sb.append(" (NOT RUN, no verdict: ").append(p.reason()).append(')');
            } else if (p.stop() == StopRule.Status.SETTLED_PASS) {
                sb.append(" (settled: no slowdown of the limit)");
            } else if (p.stop() == StopRule.Status.SETTLED_FAIL) {
                sb.append(" (settled: slowdown beyond the limit)");
            } else if (p.stop() == StopRule.Status.ENOUGH_FOR_NOISE) {
                sb.append(" (unsettled: as many rounds as its noise needs)");
            } else if (p.stop() == StopRule.Status.BUDGET) {
                sb.append(" (unsettled when ").append(PerfProperties.BUDGET).append(" ran out)");
            } else if (p.stop() == StopRule.Status.SHARD_TIME) {
                sb.append(" (unsettled when ").append(PerfProperties.SHARD_TIME).append(" came)");
            }
        }
        if (benchmarks.isEmpty()) {
            return sb.append(" none").toString();
        }
        double average = totalRounds() / (double) benchmarks.size();
        double fixed = estimatedFixedSeconds();
        double spent = spentSeconds();
        double saved = Math.max(0, fixed - spent);
        sb.append(String.format(Locale.ROOT, "%n  %.1f rounds on average against a fixed %d: %s spent, about %s"
                + " (%.0f %%) saved against the fixed maximum", average, maxRounds,
                InterleavedRun.duration((long) (spent * 1e9)), InterleavedRun.duration((long) (saved * 1e9)),
                fixed > 0 ? 100 * saved / fixed : 0.0));
        MachineTime machine = machineTime();
        if (machine != null && machine.known()) {
            sb.append("\n  ").append(machine.line());
        }
        return sb.toString();
    }
}
