package io.perfgate.workspace;

import io.perfgate.log.PerfLog;
import java.nio.file.Path;

/** The base of a comparison: the merge base of HEAD and the ref, and where its worktree goes. */
public final class BaseRef {
    private String refCommit;
    private String head;
    private String base;
    private String baseShort;
    private boolean dirty;
    private String baseSubject;
    Path rootInRepo;
    Path moduleFromRoot;
    Path checkout;
    /** True for a given commit measured as it is, not the merge base of a comparison. */
    boolean exact;

    /** The commit the ref names. */
    public String refCommit() {
        return refCommit;
    }

    /** HEAD's commit. */
    public String head() {
        return head;
    }

    /** The commit measured as the base. */
    public String base() {
        return base;
    }

    /** The base's short id, for messages. */
    public String baseShort() {
        return baseShort;
    }

    /** True when the working tree has uncommitted changes, which the candidate side measures as they are. */
    public boolean dirty() {
        return dirty;
    }

    /** The base commit's subject line, for messages. */
    public String baseSubject() {
        return baseSubject;
    }

    /** How the build log names this side: "the base", or "commit <short id>". */
    String buildLabel() {
        return exact ? "commit " + baseShort : "the base " + baseShort;
    }

    /** Resolves the base of {@code against} and logs which commits the sides are. */
    public static BaseRef resolve(GitRepository git, String against, Path moduleDirectory, Path reactorRoot,
            Path outputDirectory, PerfLog log) throws CompareException {
        BaseRef r = new BaseRef();
        r.refCommit = git.resolveCommit(against);
        r.head = git.head();
        r.base = git.mergeBase(r.head, r.refCommit);
        r.baseShort = git.shortId(r.base);
        r.dirty = git.isDirty();
        r.baseSubject = git.subject(r.base);
        if (r.base.equals(r.head)) {
            // perf.against=HEAD (or a ref at HEAD): the base is HEAD itself, and "the merge base of HEAD and
            // HEAD" would only puzzle
            log.info("Base: " + r.baseShort + " \"" + r.baseSubject + "\", HEAD itself (" + against + ")");
        } else {
            log.info("Base: " + r.baseShort + " \"" + r.baseSubject + "\", the merge base of HEAD ("
                    + git.shortId(r.head) + ") and " + against + (r.refCommit.equals(r.base) ? "" : " (" + git.shortId(r.refCommit)
                    + ")"));
        }
        log.info("Candidate: the working tree" + (r.dirty ? ", with its uncommitted changes, as it is" : ""));
        if (r.base.equals(r.head) && !r.dirty) {
            log.info("HEAD is the base and nothing is changed: this measures the build against itself (A/A)");
        }

        r.locate(git, moduleDirectory, reactorRoot, outputDirectory, "base-");
        return r;
    }

    /**
     * One given commit, measured as it is (no merge base): the baseline's commit a FAIL is confirmed against,
     * or either end of a change point. Its worktree goes to {@code <outputDirectory>/<prefix><short id>}.
     */
    public static BaseRef exactly(GitRepository git, String commit, Path moduleDirectory, Path reactorRoot,
            Path outputDirectory, String prefix) throws CompareException {
        BaseRef r = new BaseRef();
        r.refCommit = commit;
        r.head = git.head();
        r.base = commit;
        r.exact = true;
        r.baseShort = git.shortId(commit);
        r.dirty = false;
        r.baseSubject = git.subject(commit);
        r.locate(git, moduleDirectory, reactorRoot, outputDirectory, prefix);
        return r;
    }

    /** Where the module and the top-level project lie in the checkout, and where the checkout goes. */
    private void locate(GitRepository git, Path moduleDirectory, Path reactorRoot, Path outputDirectory,
            String prefix) throws CompareException {
        Path moduleInRepo = git.relativize(moduleDirectory);
        rootInRepo = git.relativize(reactorRoot);
        boolean rootIsTopLevel = rootInRepo.toString().isEmpty();
        if (!rootIsTopLevel && !moduleInRepo.startsWith(rootInRepo)) {
            throw new CompareException("the module " + moduleDirectory + " is not under the top-level"
                    + " project " + reactorRoot);
        }
        moduleFromRoot = rootIsTopLevel ? moduleInRepo : rootInRepo.relativize(moduleInRepo);
        checkout = outputDirectory.resolve(prefix + baseShort).toAbsolutePath();
    }
}
