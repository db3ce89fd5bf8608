package io.perfgate.baseline;

import io.perfgate.forkprofile.ComparisonProfiler;
import io.perfgate.forkprofile.ProfileTarget;
import io.perfgate.profile.BaselineProfiles;
import java.util.List;

/**
 * Profiles benchmarks of the working tree, one extra fork each. Against a stored baseline no base build exists,
 * so only the working tree is profiled; the goal supplies this, as launching a fork needs the build's JVM and
 * classpath.
 *
 * @param <X> what the goal's side may throw
 */
@FunctionalInterface
public interface WorkingTreeProfiling<X extends Exception> {
    /**
     * Profiles {@code targets} (clearing an earlier run's profiles even when there are none), each attributed
     * against its profile in {@code stored} where there is one.
     *
     * @param stored the profiles recorded with the baseline, or null
     * @return the profiler, with what it recorded; null when nothing was profiled
     */
    ComparisonProfiler profile(List<ProfileTarget> targets, BaselineProfiles stored) throws X;
}
