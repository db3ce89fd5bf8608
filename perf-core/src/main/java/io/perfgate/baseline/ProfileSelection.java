package io.perfgate.baseline;

import io.perfgate.log.PerfLog;
import io.perfgate.workspace.BaseBuilder;
import io.perfgate.interleaved.BenchmarkLauncher;
import io.perfgate.workspace.CheckoutPaths;
import io.perfgate.workspace.CompareException;
import io.perfgate.forkprofile.ComparisonProfiler;
import io.perfgate.interleaved.InterleavedSchedule;
import io.perfgate.premerge.PreMergeWorkflow;
import io.perfgate.forkprofile.ProfileTarget;
import io.perfgate.profile.ProfileEvidence;
import io.perfgate.profile.ProfilerSetup;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * perf:profile: the whole selection profiled, measuring nothing else. Alone, every benchmark the working tree has,
 * once per parameter combination; against a ref, each benchmark both sides have, base and candidate in a random
 * order, attributed before and after.
 */
public final class ProfileSelection {
    private final BaseBuilder baseBuilder;
    private final BenchmarkLauncher launcher;
    private final PerfLog log;

    public ProfileSelection(BaseBuilder baseBuilder, BenchmarkLauncher launcher, PerfLog log) {
        this.baseBuilder = baseBuilder;
        this.launcher = launcher;
        this.log = log;
    }

    /**
     * Profiles the selection.
     *
     * @param against the ref to profile against, or null or empty for the working tree alone
     * @param workingTree profiles targets of the working tree (the goal's; it clears the old profiles first)
     * @return what was recorded; empty when nothing was profiled (the log says why)
     */
    public <X extends Exception> List<ProfileEvidence> profile(String against, CheckoutPaths paths,
            List<Path> classpath, ProfilerSetup setup, WorkingTreeProfiling<X> workingTree)
            throws CompareException, IOException, X {
        if (against != null && !against.trim().isEmpty()) {
            log.info("perf:profile: profiling the working tree and its base against " + against.trim());
            return new PreMergeWorkflow(baseBuilder, launcher, log).profileOnly(against.trim(), paths, classpath,
                    InterleavedSchedule.randomSeed(), setup);
        }
        List<ProfileTarget> targets = new ArrayList<>();
        for (String name : launcher.discover(classpath, "working tree")) {
            for (Map<String, String> params : launcher.parameterCombinations(classpath, name)) {
                targets.add(ProfileTarget.unmeasured(name, params));
            }
        }
        ComparisonProfiler profiler = workingTree.profile(targets, null);
        return profiler == null ? new ArrayList<>() : profiler.evidence();
    }
}
