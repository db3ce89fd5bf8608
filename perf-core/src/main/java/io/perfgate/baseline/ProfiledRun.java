package io.perfgate.baseline;

import io.perfgate.log.PerfLog;
import io.perfgate.forkprofile.ComparisonProfiler;
import io.perfgate.forkprofile.ProfileTarget;
import io.perfgate.profile.ProfileEvidence;
import io.perfgate.results.PerfResults;
import io.perfgate.results.ResultsFormatException;
import io.perfgate.results.ResultsJson;
import io.perfgate.run.PerfRun;
import io.perfgate.run.RunFailedException;
import io.perfgate.run.RunRequest;
import java.util.List;

/**
 * perf:run: the run, then, with {@code perf.profile=all}, one profiling fork of every benchmark it measured, read
 * back from the results it wrote. A run judges nothing, so there is nothing else to profile.
 */
public final class ProfiledRun {
    private ProfiledRun() {
    }

    /**
     * Runs {@code request}, then profiles what it measured when {@code profiling} is not null.
     *
     * @return what the profiling forks recorded; empty when nothing was profiled
     */
    public static <X extends Exception> List<ProfileEvidence> run(RunRequest request,
            WorkingTreeProfiling<X> profiling, PerfLog log)
            throws RunFailedException, ResultsFormatException, X {
        PerfRun.execute(request, log);
        if (profiling == null) {
            return List.of();
        }
        PerfResults measured = ResultsJson.read(request.resultsFile());
        ComparisonProfiler profiler = profiling.profile(ProfileTarget.fromResults(measured), null);
        return profiler == null ? List.of() : profiler.evidence();
    }
}
