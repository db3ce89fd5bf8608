package io.perfgate.gate;

import io.perfgate.results.BenchmarkResult;
import io.perfgate.results.Fork;
import io.perfgate.results.Percentiles;
import io.perfgate.stats.SteadyState;
import java.util.ArrayList;
import java.util.List;

import static io.perfgate.results.Percentiles.P95;

/**
 * Why a metric of a benchmark cannot be judged: the data of a side is incomplete or unusable, its forks trend,
 * the p95 or a secondary metric was not recorded on both sides. Each method returns the reason the report shows,
 * or null when there is none.
 */
final class Judgeability {
    private Judgeability() {
    }

    /** Why a declared secondary metric cannot be tested, or null. */
    static String secondaryProblem(BenchmarkResult base, BenchmarkResult cur, String name) {
        if (!base.secondaryMetrics().containsKey(name)) {
            return "only the current results recorded " + name + "; record a new baseline to gate it";
        }
        for (BenchmarkResult b : new BenchmarkResult[] {base, cur}) {
            String side = b == base ? "baseline" : "current results";
            int missing = 0;
            for (Fork f : b.forks()) {
                double v = f.secondaryMedian(name);
                if (Double.isNaN(v)) {
                    missing++;
                } else if (!(v > 0) || Double.isInfinite(v)) {
                    // the test works on log ratios
                    return "a run of the " + side + " recorded " + name + " = " + AllocationCheck.number(v)
                            + "; the test needs values above 0";
                }
            }
            if (missing > 0) {
                return missing + " of " + b.forks().size() + " runs of the " + side + " did not record " + name;
            }
        }
        return null;
    }

    /**
     * For a scenario, null when every run on both sides recorded its p95; otherwise why the p95 is not gated. A p95
     * from some runs only would compare different sets of runs, so the gate takes all or none.
     */
    static String scenarioP95Missing(BenchmarkResult base, BenchmarkResult cur) {
        int missing = 0;
        int runs = 0;
        for (BenchmarkResult b : new BenchmarkResult[] {base, cur}) {
            for (Fork f : b.forks()) {
                runs++;
                if (!f.percentiles().containsKey(P95)) {
                    missing++;
                }
            }
        }
        if (missing == 0) {
            return null;
        }
        boolean jvms = NotGated.Spread.ofJvms(base) || NotGated.Spread.ofJvms(cur);
        return missing + " of " + runs + (jvms ? " warm JVMs had a run that recorded" : " runs recorded")
                + " fewer than " + Percentiles.MIN_SAMPLES_FOR_P95 + " latencies; record more latencies per run to"
                + " gate the p95";
    }

    /** Why a side's data cannot be judged, or null. */
    static String dataProblem(BenchmarkResult b, String side, boolean scenario) {
        if (!b.warnings().isEmpty()) {
            return "incomplete data in the " + side + ": " + String.join("; ", b.warnings());
        }
        if (b.forks().isEmpty()) {
            return scenario ? "the " + side + " hold no runs for it; raise <coldRuns>, or <warmJvms> and <warmRuns>"
                    : "the " + side + " hold no forks for it (raw data missing; JMH's -Djmh.json.rawData=false?)";
        }
        for (int i = 0; i < b.forks().size(); i++) {
            double m = b.forks().get(i).primaryMedian();
            if (!(m > 0) || !Double.isFinite(m)) {
                return (scenario ? "run " : "fork ") + (i + 1) + " of the " + side + " has no usable measurement ("
                        + (b.forks().get(i).primary().length == 0 ? "no iterations" : "median " + m) + ")";
            }
        }
        return null;
    }

    static String p95Missing(BenchmarkResult base, BenchmarkResult cur, double[] baseP95, double[] curP95) {
        if (baseP95.length > 0 && curP95.length > 0) {
            return null;
        }
        if (baseP95.length > 0 || curP95.length > 0) {
            return "only the " + (baseP95.length > 0 ? "baseline (" + base.mode() + ")" : "current results ("
                    + cur.mode() + ")") + " recorded per-fork p95 values; measure both in the same mode";
        }
        if (BenchmarkResult.KIND_SCENARIO.equals(cur.kind())) {
            return "the runs record no latency distribution of their own";
        }
        return cur.mode() + " mode records no latency distribution; use Mode.SampleTime to gate the p95";
    }

    /**
     * The INCONCLUSIVE reason when more than 20 % of a side's forks trend across their measurement iterations
     * (the stats package's Kendall test), else null. Adds to {@code untested} the reason when no fork of a side
     * was long enough to test.
     */
    static String unstableForks(BenchmarkResult base, BenchmarkResult cur, List<String> untested) {
        String reason = null;
        for (BenchmarkResult b : new BenchmarkResult[] {cur, base}) {
            List<double[]> iterations = new ArrayList<>();
            b.forks().forEach(f -> iterations.add(f.primary()));
            SteadyState.Assessment a = SteadyState.assess(iterations);
            if (a.isInconclusive() && reason == null) {
                reason = "in the " + (b == cur ? "current results" : "baseline") + ", " + a.reason();
            }
            if (a.untestableForks() == iterations.size()) {
                untested.add(a.reason());
            }
        }
        return reason;
    }
}
