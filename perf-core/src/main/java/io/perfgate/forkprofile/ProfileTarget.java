package io.perfgate.forkprofile;

import io.perfgate.gate.ForkValues;
import io.perfgate.gate.GateReport;
import io.perfgate.gate.GateRow;
import io.perfgate.gate.Metric;
import io.perfgate.profile.CostPerOp;
import io.perfgate.profile.ProfileEvidence;
import io.perfgate.profile.ProfileMode;
import io.perfgate.results.BenchmarkId;
import io.perfgate.results.BenchmarkResult;
import io.perfgate.results.Fork;
import io.perfgate.results.PerfResults;
import io.perfgate.scenariorunner.ScenarioDefinition;
import io.perfgate.stats.Verdict;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * One benchmark (with its parameters and mode) or scenario to profile, and what is known of its cost: the gate's
 * medians when a comparison judged it, the run's median when perf:run or perf:baseline measured it, or nothing when
 * it is profiled on demand (perf:profile), where the profiled fork's own score is all there is.
 */
public final class ProfileTarget {
    /** The verdicts that {@code perf.profile=regressions} profiles. */
    static final Set<Verdict> REGRESSIONS = EnumSet.of(Verdict.FAIL, Verdict.WARN);

    private final String displayName;
    private final String benchmark;
    private final Map<String, String> params;
    private final String mode;
    private final String label;
    private final CostPerOp baseCost;
    private final CostPerOp candidateCost;
    private final double baseBytes;
    private final double candidateBytes;
    private final boolean timeChanged;

    private ProfileTarget(String displayName, String benchmark, Map<String, String> params, String mode, String label,
            CostPerOp baseCost, CostPerOp candidateCost, double baseBytes, double candidateBytes,
            boolean timeChanged) {
        this.displayName = displayName;
        this.benchmark = benchmark;
        this.params = Collections.unmodifiableMap(new TreeMap<>(params));
        this.mode = mode;
        this.label = label;
        this.baseCost = baseCost;
        this.candidateCost = candidateCost;
        this.baseBytes = baseBytes;
        this.candidateBytes = candidateBytes;
        this.timeChanged = timeChanged;
    }

    /** The benchmarks and scenarios {@code mode} selects from a gate's report, in its order, with its medians. */
    public static List<ProfileTarget> fromReport(GateReport report, ProfileMode mode) {
        Map<BenchmarkId, GateRow> medians = new LinkedHashMap<>();
        Map<BenchmarkId, GateRow> allocations = new LinkedHashMap<>();
        Map<BenchmarkId, Verdict> worst = new LinkedHashMap<>();
        for (GateRow c : report.comparisons()) {
            if (c.metric() == Metric.MEDIAN) {
                medians.put(c.id(), c);
            } else if (c.metric() == Metric.ALLOCATION) {
                allocations.put(c.id(), c);
            }
            worst.merge(c.id(), c.verdict(), (a, b) -> Verdict.worst(java.util.Arrays.asList(a, b)));
        }
        List<ProfileTarget> selected = new ArrayList<>();
        if (mode == ProfileMode.NONE) {
            return selected;
        }
        Set<String> inTwoModes = inTwoModes(medians.keySet());
        for (GateRow c : medians.values()) {
            Verdict verdict = worst.get(c.id());
            if (mode == ProfileMode.ALL || REGRESSIONS.contains(verdict)) {
                GateRow a = allocations.get(c.id());
                boolean timeChanged = c.verdict() == Verdict.FAIL || c.verdict() == Verdict.WARN
                        || c.verdict() == Verdict.IMPROVED;
                selected.add(new ProfileTarget(name(c.displayName(), c.id(), inTwoModes), c.benchmark(), c.params(),
                        c.mode(), verdict.name(),
                        CostPerOp.of(c.baselineMedian(), c.unit()), CostPerOp.of(c.currentMedian(), c.unit()),
                        a == null ? Double.NaN : a.baselineMedian(), a == null ? Double.NaN : a.currentMedian(),
                        timeChanged));
            }
        }
        return selected;
    }

    /** Every benchmark and scenario of a run's results that has forks, with the run's median as its cost. */
    public static List<ProfileTarget> fromResults(PerfResults results) {
        List<ProfileTarget> targets = new ArrayList<>();
        Set<BenchmarkId> ids = new LinkedHashSet<>();
        results.benchmarks().forEach(r -> ids.add(r.id()));
        Set<String> inTwoModes = inTwoModes(ids);
        for (BenchmarkResult r : results.benchmarks()) {
            double[] medians = ForkValues.of(null, r, Metric.MEDIAN).candidate();
            if (medians.length == 0) {
                continue;
            }
            double[] bytes = ForkValues.of(null, r, Metric.ALLOCATION).candidate();
            targets.add(new ProfileTarget(name(r.displayName(), r.id(), inTwoModes), r.benchmark(), r.params(),
                    r.mode(), ProfileEvidence.MEASURED, null,
                    CostPerOp.of(Fork.median(medians), r.unit()), Double.NaN,
                    bytes.length == 0 ? Double.NaN : Fork.median(bytes), false));
        }
        return targets;
    }

    /**
     * A benchmark or scenario as the launcher discovered it ({@code scenario <id>} for a scenario), with parameter
     * values, profiled without a measurement: its cost per operation is taken from the profiled fork itself.
     */
    public static ProfileTarget unmeasured(String discovered, Map<String, String> params) {
        boolean scenario = discovered.startsWith(ScenarioDefinition.SUITE_PREFIX);
        String benchmark = scenario ? discovered.substring(ScenarioDefinition.SUITE_PREFIX.length()) : discovered;
        String displayName = BenchmarkResult.displayName(scenario ? BenchmarkResult.KIND_SCENARIO
                : BenchmarkResult.KIND_JMH, benchmark, new java.util.TreeMap<>(params));
        // one profiled fork per side establishes no change of time: the frames get none of it to share
        return new ProfileTarget(displayName, benchmark, params, null, ProfileEvidence.PROFILED_ON_DEMAND, null, null,
                Double.NaN, Double.NaN, false);
    }

    /** The keys ({@link BenchmarkId#key()}) that more than one of {@code ids} has: benchmarks in several modes. */
    private static Set<String> inTwoModes(Set<BenchmarkId> ids) {
        Set<String> keys = new HashSet<>();
        Set<String> twice = new HashSet<>();
        ids.forEach(id -> {
            if (!keys.add(id.key())) {
                twice.add(id.key());
            }
        });
        return twice;
    }

    /** A target's name: the benchmark's, with the mode where it is profiled in several (each has a directory). */
    private static String name(String displayName, BenchmarkId id, Set<String> inTwoModes) {
        return inTwoModes.contains(id.key()) ? id.withMode(displayName) : displayName;
    }

    /**
     * The benchmark's name and parameters, {@link BenchmarkId#key()}: what a profile is stored by, as a profiling
     * fork runs every mode of its parameter set.
     */
    public String key() {
        return BenchmarkResult.key(benchmark, params);
    }

    /**
     * The mode whose costs the target carries ({@link #baseCost()}, {@link #candidateCost()}); null for a target
     * profiled on demand, whose fork's every mode is profiled alike.
     */
    public String mode() {
        return mode;
    }

    public String displayName() {
        return displayName;
    }

    public String benchmark() {
        return benchmark;
    }

    public Map<String, String> params() {
        return params;
    }

    /** The verdict it was profiled for (FAIL, WARN, PASS ...), or {@link ProfileEvidence#MEASURED}, or
     * {@link ProfileEvidence#PROFILED_ON_DEMAND}. */
    public String label() {
        return label;
    }

    /** The base's measured cost per operation; null where no base was measured. */
    public CostPerOp baseCost() {
        return baseCost;
    }

    /** The candidate's measured cost per operation; null when only the profiled fork can say. */
    public CostPerOp candidateCost() {
        return candidateCost;
    }

    public double baseBytes() {
        return baseBytes;
    }

    public double candidateBytes() {
        return candidateBytes;
    }

    /**
     * Whether a change of time between the sides is established, so frames get shares of it: a comparison's FAIL,
     * WARN or IMPROVED on the median. Never on demand: one profiled fork per side cannot tell a change from noise
     * (on Commons Text a 1.8 % difference between two forks gave one frame "647 % of the speed-up").
     */
    public boolean timeChanged() {
        return timeChanged;
    }
}
