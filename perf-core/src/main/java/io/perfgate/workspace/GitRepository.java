package io.perfgate.workspace;

import static io.perfgate.text.CommitIds.abbreviate;

import io.perfgate.process.ExternalCommand;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * The few git operations a pre-merge comparison needs, all read-only for the user's checkout: resolving
 * a ref, finding the merge base, and adding (then removing) a detached worktree for the base commit. It
 * never checks out, stashes, resets or commits in the user's working tree. Every call passes its arguments
 * as a list to git, and every user-given ref is validated first and placed after {@code --end-of-options}.
 */
public final class GitRepository {
    private static final Pattern FULL_SHA = Pattern.compile("[0-9a-f]{40}([0-9a-f]{24})?");
    /** Revision suffixes a user may reasonably add to a ref: {@code ~2}, {@code ^}, {@code ^2}. */
    private static final Pattern REVISION_SUFFIX = Pattern.compile("((~|\\^)[0-9]*)+$");

    private final String gitExecutable;
    private final Path topLevel;

    private GitRepository(String gitExecutable, Path topLevel) {
        this.gitExecutable = gitExecutable;
        this.topLevel = topLevel;
    }

    /**
     * Opens the repository that contains {@code directory}.
     *
     * @throws CompareException when git is missing or the directory is not inside a git working tree
     */
    public static GitRepository open(Path directory) throws CompareException {
        return open("git", directory);
    }

    static GitRepository open(String gitExecutable, Path directory) throws CompareException {
        ExternalCommand.Result r;
        try {
            r = new ExternalCommand(Arrays.asList(gitExecutable, "rev-parse", "--show-toplevel"), directory)
                    .timeout(Duration.ofMinutes(1)).run();
        } catch (IOException e) {
            throw new CompareException("Cannot run git (" + e.getMessage() + "). perf:compare needs git on the"
                    + " PATH to check out the base commit.", e);
        }
        if (!r.succeeded() || r.stdout.trim().isEmpty()) {
            throw new CompareException(directory + " is not inside a git working tree (git said: "
                    + firstLine(r.stderr) + "). perf:compare measures the base commit of a git repository;"
                    + " run it from a clone, or use perf:check with a stored baseline.");
        }
        return new GitRepository(gitExecutable, Paths.get(r.stdout.trim()));
    }

    /** The root of the working tree. */
    public Path topLevel() {
        return topLevel;
    }

    /**
     * Checks that {@code ref} can only be read as a revision: it follows git's ref-name rules
     * ({@code git check-ref-format --allow-onelevel}), may end in {@code ~n} or {@code ^n}, and cannot be taken
     * for an option.
     *
     * @throws IllegalArgumentException naming what is wrong
     */
    public static void validateRef(String ref) {
        if (ref == null || ref.trim().isEmpty()) {
            throw new IllegalArgumentException("the ref is empty; give a branch, tag or commit, e.g. origin/main");
        }
        if (ref.startsWith("-")) {
            throw new IllegalArgumentException("'" + ref + "' starts with '-' and would be read as an option;"
                    + " give a branch, tag or commit, e.g. origin/main");
        }
        String name = REVISION_SUFFIX.matcher(ref).replaceFirst("");
        if ("HEAD".equals(name) || name.toLowerCase(Locale.ROOT).matches("[0-9a-f]{4,64}")) {
            return;
        }
        String problem = refNameProblem(name);
        if (problem != null) {
            throw new IllegalArgumentException("'" + ref + "' is not a valid ref name: " + problem);
        }
    }

    /** git's check-ref-format rules, with one-level names allowed; null when the name is fine. */
    static String refNameProblem(String name) {
        if (name.isEmpty()) {
            return "it is empty";
        }
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (c < 0x20 || c == 0x7f) {
                return "it contains a control character";
            }
            if (" ~^:?*[\\".indexOf(c) >= 0) {
                return "it contains '" + c + "'";
            }
        }
        if (name.contains("..")) {
            return "it contains '..'";
        }
        if (name.contains("@{")) {
            return "it contains '@{'";
        }
        if ("@".equals(name)) {
            return "'@' alone is not a ref";
        }
        if (name.startsWith("/") || name.endsWith("/") || name.contains("//")) {
            return "it has an empty path component";
        }
        if (name.endsWith(".")) {
            return "it ends with '.'";
        }
        for (String component : name.split("/")) {
            if (component.startsWith(".")) {
                return "a component starts with '.'";
            }
            if (component.endsWith(".lock")) {
                return "a component ends with '.lock'";
            }
        }
        return null;
    }

    /**
     * The full commit id {@code ref} names.
     *
     * @throws CompareException when the ref is malformed or names no commit
     */
    public String resolveCommit(String ref) throws CompareException {
        try {
            validateRef(ref);
        } catch (IllegalArgumentException e) {
            throw new CompareException(e.getMessage());
        }
        ExternalCommand.Result r = git("rev-parse", "--verify", "--quiet", "--end-of-options", ref + "^{commit}");
        String sha = r.stdout.trim();
        if (!r.succeeded() || !FULL_SHA.matcher(sha).matches()) {
            throw new CompareException("'" + ref + "' names no commit in " + topLevel + ". Check the spelling,"
                    + " or fetch it first (e.g. git fetch origin main; on CI clones use fetch-depth: 0).");
        }
        return sha;
    }

    /** The best common ancestor of two commits. */
    public String mergeBase(String commitA, String commitB) throws CompareException {
        requireSha(commitA);
        requireSha(commitB);
        ExternalCommand.Result r = git("merge-base", commitA, commitB);
        String sha = r.stdout.trim();
        if (!r.succeeded() || !FULL_SHA.matcher(sha).matches()) {
            throw new CompareException("Commits " + abbreviate(commitA) + " and " + abbreviate(commitB)
                    + " have no common ancestor; a shallow clone has too little history (fetch with depth 0)"
                    + " or the ref belongs to another project.");
        }
        return sha;
    }

    /**
     * The commits after {@code from} up to and including {@code to} along {@code to}'s first parents, oldest first:
     * the range a bisection searches ({@code git rev-list --first-parent --reverse from..to}).
     *
     * @throws CompareException when {@code from} is not an ancestor of {@code to}, or git fails
     */
    public List<String> firstParentRange(String from, String to) throws CompareException {
        requireSha(from);
        requireSha(to);
        if (!git("merge-base", "--is-ancestor", from, to).succeeded()) {
            throw new CompareException("commit " + abbreviate(from) + " is not an ancestor of " + abbreviate(to)
                    + " here, so there is no range to search between them (a rewritten history, or a shallow clone:"
                    + " fetch with depth 0)");
        }
        ExternalCommand.Result r = git("rev-list", "--first-parent", "--reverse", from + ".." + to);
        if (!r.succeeded()) {
            throw new CompareException("git rev-list " + abbreviate(from) + ".." + abbreviate(to) + " failed: "
                    + firstLine(r.stderr));
        }
        List<String> commits = new ArrayList<>();
        for (String line : r.stdout.split("\\R")) {
            if (!line.trim().isEmpty()) {
                commits.add(line.trim());
            }
        }
        return commits;
    }

    /**
     * {@code commit} and its first-parent ancestors, newest first, at most {@code limit} of them
     * ({@code git rev-list --first-parent --max-count=limit commit}): the commits of the main line a map of executed
     * code may have been recorded at. Fewer in a shallow clone, which has no more.
     */
    public List<String> firstParentAncestors(String commit, int limit) throws CompareException {
        requireSha(commit);
        ExternalCommand.Result r = git("rev-list", "--first-parent", "--max-count=" + limit, commit);
        if (!r.succeeded()) {
            throw new CompareException("git rev-list " + abbreviate(commit) + " failed: " + firstLine(r.stderr));
        }
        List<String> commits = new ArrayList<>();
        for (String line : r.stdout.split("\\R")) {
            if (!line.trim().isEmpty()) {
                commits.add(line.trim());
            }
        }
        return commits;
    }

    /** HEAD's commit id. */
    public String head() throws CompareException {
        return resolveCommit("HEAD");
    }

    /** A short unambiguous id for messages and directory names. */
    public String shortId(String commit) throws CompareException {
        requireSha(commit);
        ExternalCommand.Result r = git("rev-parse", "--short=10", commit);
        return r.succeeded() ? r.stdout.trim() : abbreviate(commit);
    }

    /** The commit's subject line, for messages. */
    public String subject(String commit) throws CompareException {
        requireSha(commit);
        ExternalCommand.Result r = git("log", "-1", "--format=%s", commit);
        return r.succeeded() ? r.stdout.trim() : "";
    }

    /**
     * The paths (relative to the working tree root, with forward slashes) that differ between {@code from} and
     * {@code to}, or between {@code from} and the working tree's tracked files when {@code to} is null.
     */
    public List<String> changedPaths(String from, String to) throws CompareException {
        requireSha(from);
        if (to != null) {
            requireSha(to);
        }
        ExternalCommand.Result r = to == null ? git("diff", "--name-only", from)
                : git("diff", "--name-only", from, to);
        if (!r.succeeded()) {
            throw new CompareException("git diff --name-only " + abbreviate(from) + " failed: " + firstLine(r.stderr));
        }
        List<String> paths = new ArrayList<>();
        r.stdout.lines().map(String::trim).filter(l -> !l.isEmpty()).forEach(paths::add);
        return paths;
    }

    /**
     * The warning for a comparison whose reactor does not hold all it changes: the paths of {@code changed} outside
     * {@code reactorRoot} are built by neither side (both take them from the local Maven repository), so the rounds
     * cannot see them; null when every changed path is inside.
     */
    public String outsideReactor(List<String> changed, Path reactorRoot, String sides) throws CompareException {
        String root = relativize(reactorRoot).toString().replace('\\', '/');
        List<String> outside = new ArrayList<>();
        for (String p : changed) {
            // only what a build compiles or packages: a README or a CI file outside is no blind spot
            boolean built = p.endsWith(".java") || p.endsWith("pom.xml") || p.contains("src/main/");
            if (built && !root.isEmpty() && !p.startsWith(root + "/")) {
                outside.add(p);
            }
        }
        if (outside.isEmpty()) {
            return null;
        }
        return outside.size() + (outside.size() == 1 ? " changed file lies" : " changed files lie") + " outside"
                + " the reactor this build runs (" + root + "): " + String.join(", ", outside.subList(0,
                        Math.min(3, outside.size()))) + (outside.size() > 3 ? ", ..." : "") + ". Neither " + sides
                + " builds them; both take those modules from the local Maven repository, so the comparison cannot"
                + " see that change. Run from the top of the project with -pl <this module> -am.";
    }

    /** Whether the working tree has uncommitted or untracked changes (which are measured as they are). */
    public boolean isDirty() throws CompareException {
        ExternalCommand.Result r = git("status", "--porcelain", "--untracked-files=normal");
        return r.succeeded() && !r.stdout.trim().isEmpty();
    }

    /** Whether {@code commit} has the file {@code path}, relative to the working tree root. */
    public boolean hasFile(String commit, Path path) throws CompareException {
        requireSha(commit);
        String name = path.toString().replace('\\', '/');
        // "<commit>:<path>" names a blob; -e only says whether it exists
        return git("cat-file", "-e", commit + ":" + name).succeeded();
    }

    /** Where {@code path} lies relative to the working tree root (e.g. the module directory). */
    public Path relativize(Path path) throws CompareException {
        try {
            Path real = path.toRealPath();
            Path root = topLevel.toRealPath();
            if (!real.startsWith(root)) {
                throw new CompareException(path + " is not inside the git working tree " + topLevel);
            }
            return root.relativize(real);
        } catch (IOException e) {
            throw new CompareException("cannot resolve " + path + ": " + e.getMessage(), e);
        }
    }

    /**
     * Adds a detached worktree of {@code commit} at {@code directory}. git records it under
     * {@code .git/worktrees}; {@link #removeWorktree} takes it away again.
     */
    public void addWorktree(Path directory, String commit) throws CompareException {
        requireSha(commit);
        if (Files.exists(directory)) {
            removeWorktree(directory);
        } else if (worktrees().contains(directory.toAbsolutePath().toString())) {
            // a comparison killed before it removed its worktree (or while git was adding it, which leaves it
            // locked), whose directory went since (mvn clean): git still has it registered and refuses to add it
            // again; forced twice, remove clears the record even when locked, and prune any other missing one
            git("worktree", "remove", "--force", "--force", directory.toAbsolutePath().toString());
            git("worktree", "prune");
        }
        // Both arguments are ours: an absolute path (never starting with '-') and a verified commit id.
        ExternalCommand.Result r = git("worktree", "add", "--detach", directory.toAbsolutePath().toString(), commit);
        if (!r.succeeded()) {
            // git says what went wrong last ("fatal: ..."), after its progress line
            throw new CompareException("git could not check out the base commit " + abbreviate(commit) + " into "
                    + directory + ": " + lastLine(r.stderr));
        }
    }

    /** Removes a worktree made by {@link #addWorktree}, with anything built in it, and prunes git's record. */
    public void removeWorktree(Path directory) throws CompareException {
        ExternalCommand.Result r = git("worktree", "remove", "--force", "--force",
                directory.toAbsolutePath().toString());
        if (Files.exists(directory)) {
            try {
                deleteRecursively(directory);
            } catch (IOException e) {
                throw new CompareException("cannot delete the base checkout " + directory + ": " + e.getMessage()
                        + (r.succeeded() ? "" : " (git worktree remove said: " + firstLine(r.stderr) + ")"), e);
            }
        }
        git("worktree", "prune");
    }

    /** The paths of all worktrees git knows of, the main one first. */
    public List<String> worktrees() throws CompareException {
        ExternalCommand.Result r = git("worktree", "list", "--porcelain");
        List<String> paths = new ArrayList<>();
        for (String line : r.stdout.split("\n")) {
            if (line.startsWith("worktree ")) {
                paths.add(line.substring("worktree ".length()).trim());
            }
        }
        return paths;
    }

    private ExternalCommand.Result git(String... args) throws CompareException {
        List<String> command = new ArrayList<>();
        command.add(gitExecutable);
        command.addAll(Arrays.asList(args));
        try {
            return new ExternalCommand(command, topLevel).timeout(Duration.ofMinutes(5))
                    .environment("GIT_TERMINAL_PROMPT", "0").run();
        } catch (IOException e) {
            throw new CompareException("git " + args[0] + " failed: " + e.getMessage(), e);
        }
    }

    private static void requireSha(String commit) {
        if (commit == null || !FULL_SHA.matcher(commit).matches()) {
            throw new IllegalArgumentException("expected a full commit id, got '" + commit + "'");
        }
    }

    /** The last line of {@code text} (git's "fatal: ..." comes after its progress lines), or the empty string. */
    private static String lastLine(String text) {
        String[] lines = (text == null ? "" : text.trim()).split("\\R");
        return lines[lines.length - 1].trim();
    }

    static String firstLine(String text) {
        String t = text == null ? "" : text.trim();
        int nl = t.indexOf('\n');
        return nl < 0 ? t : t.substring(0, nl);
    }

    private static void deleteRecursively(Path root) throws IOException {
        try (java.util.stream.Stream<Path> walk = Files.walk(root)) {
            List<Path> paths = new ArrayList<>();
            walk.forEach(paths::add);
            for (int i = paths.size() - 1; i >= 0; i--) {
                Files.deleteIfExists(paths.get(i));
            }
        }
    }
}
