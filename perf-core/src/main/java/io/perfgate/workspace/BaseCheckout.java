package io.perfgate.workspace;

import io.perfgate.log.PerfLog;
import java.nio.file.Path;
import java.util.List;

/**
 * The base of a comparison checked out with {@code git worktree add --detach} under the output directory and built
 * there with the running build's Maven; closing it removes the worktree, whatever happened, and never touches the
 * user's checkout. perf:compare (and perf:check with {@code perf.against}) measures the base on it, perf:profile
 * profiles it.
 */
public final class BaseCheckout implements AutoCloseable {
    /** The base build's log, under the output directory. */
    public static final String BASE_BUILD_LOG = "base-build.log";

    private final GitRepository git;
    private final Path directory;
    private final PerfLog log;
    private List<Path> classpath;

    private BaseCheckout(GitRepository git, Path directory, PerfLog log) {
        this.git = git;
        this.directory = directory;
        this.log = log;
    }

    /** Checks out {@code ref}'s base and builds it; the worktree is removed again when the build fails. */
    public static BaseCheckout open(GitRepository git, BaseRef ref, BaseBuilder builder,
            CheckoutPaths paths, PerfLog log) throws CompareException {
        return open(git, ref, builder, paths, paths.outputDirectory().resolve(BASE_BUILD_LOG), log);
    }

    /** As {@link #open(GitRepository, BaseRef, BaseBuilder, CheckoutPaths, PerfLog)}, the build's
     * output going to {@code buildLog}. */
    public static BaseCheckout open(GitRepository git, BaseRef ref, BaseBuilder builder,
            CheckoutPaths paths, Path buildLog, PerfLog log) throws CompareException {
        git.addWorktree(ref.checkout, ref.base());
        BaseCheckout checkout = new BaseCheckout(git, ref.checkout, log);
        try {
            checkout.classpath = builder.buildClasspath(ref.buildLabel(), ref.checkout.resolve(ref.rootInRepo.toString()),
                    ref.moduleFromRoot, paths.testOutput(), paths.mainOutput(), buildLog, log);
            return checkout;
        } catch (CompareException | RuntimeException e) {
            checkout.close();
            throw e;
        }
    }

    /** The benchmark module's test classpath in the base's build. */
    public List<Path> classpath() {
        return classpath;
    }

    /** Removes the worktree; when git cannot, says how to do it by hand. */
    @Override
    public void close() {
        try {
            git.removeWorktree(directory);
        } catch (CompareException e) {
            log.info("Could not remove the base checkout: " + e.getMessage()
                    + "; remove it with: git worktree remove --force " + directory);
        }
    }
}
