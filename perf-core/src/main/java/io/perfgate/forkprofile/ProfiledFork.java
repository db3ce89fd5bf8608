package io.perfgate.forkprofile;

import io.perfgate.gate.ForkValues;
import io.perfgate.gate.Metric;
import io.perfgate.profile.CostPerOp;
import io.perfgate.profile.StackProfile;
import io.perfgate.results.BenchmarkResult;
import io.perfgate.results.Fork;
import java.util.List;

/** One profiling fork's recording, read, and what the fork measured with the profiler attached. */
final class ProfiledFork {
    private final StackProfile profile;
    private final List<BenchmarkResult> results;

    ProfiledFork(StackProfile profile, List<BenchmarkResult> results) {
        this.profile = profile;
        this.results = results;
    }

    StackProfile profile() {
        return profile;
    }

    /** The time per operation the fork measured for {@code t}: the cost of a target profiled on demand. */
    CostPerOp costPerOp(ProfileTarget t) {
        BenchmarkResult result = result(t);
        return CostPerOp.of(value(t, Metric.MEDIAN), result == null ? "" : result.unit());
    }

    /** The bytes per operation the fork measured for {@code t}, NaN when it reported none. */
    double bytesPerOp(ProfileTarget t) {
        return value(t, Metric.ALLOCATION);
    }

    /** The fork's result for the target's parameters (the only one when it reported one), or null. */
    private BenchmarkResult result(ProfileTarget t) {
        for (BenchmarkResult result : results) {
            if (result.params().equals(t.params()) || results.size() == 1) {
                return result;
            }
        }
        return null;
    }

    /**
     * What the fork measured of {@code metric} for {@code t} (the median of its iterations: time per operation or
     * bytes per operation), NaN when it reported none.
     */
    private double value(ProfileTarget t, Metric metric) {
        BenchmarkResult result = result(t);
        double[] values = result == null ? new double[0] : ForkValues.of(null, result, metric).candidate();
        return values.length == 0 ? Double.NaN : Fork.median(values);
    }
}
