package io.perfgate.history;

import static io.perfgate.text.CommitIds.abbreviate;

import io.perfgate.config.PerfProperties;
import io.perfgate.process.ExternalCommand;
import io.perfgate.results.ResultsFormatException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Consumer;
import java.util.function.Predicate;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The history on a branch of the project's own repository (by default {@code perf-history}), one results document
 * per run, {@code <record name>.json}. Plain JSON, not gzip: git compresses every object itself and, in a pack,
 * stores one run as a delta of another, which gzip'd bytes would defeat.
 *
 * <p>Only git's plumbing writes it: the record becomes a blob ({@code hash-object -w}), the branch's tree is read
 * into a temporary index of its own ({@code GIT_INDEX_FILE}), the blob added, a tree and a commit made
 * ({@code write-tree}, {@code commit-tree}) and the branch moved with a compare-and-swap ({@code update-ref} with
 * the old value). The user's working tree, index, HEAD and stash are never touched.
 *
 * <p>With a remote, the record is pushed. When another build pushed first the push is rejected; then the branch is
 * fetched, the record re-applied on top of the fetched tip (a record never shares a path with another, so this
 * cannot conflict) and pushed again after a random pause that doubles each time, up to {@link #PUSH_ATTEMPTS}
 * times. When the push cannot succeed (no rights, no
 * network) the record stays on the local branch and the next successful append sends it along.
 *
 * <p>It writes to, and reads, a history branch only: one that does not exist yet (it is created as an orphan, its
 * first commit holding {@link #MARKER}), or one whose top level holds nothing but the marker, {@code changes.json}
 * and year directories, the layout this store writes (branches made before the marker existed have it added by the
 * next write). Any other branch, local or fetched from any remote, is refused before anything is written: a
 * mistyped {@code perf.historyBranch=main} must never commit a record beside a project's code, nor push it.
 */
public final class GitBranchStore implements HistoryStore {
    public static final int PUSH_ATTEMPTS = 10;
    /** The first wait before pushing again; it doubles with each rejection, up to {@link #MAX_BACKOFF}. */
    private static final Duration FIRST_BACKOFF = Duration.ofMillis(100);
    private static final Duration MAX_BACKOFF = Duration.ofSeconds(5);
    static final String EXTENSION = ".json";
    private static final String NO_COMMIT = "0000000000000000000000000000000000000000";
    private static final Duration GIT_TIMEOUT = Duration.ofMinutes(2);
    /**
     * The file at the root of every history branch, so that people who come across the branch know what it is; only
     * this store writes it.
     */
    static final String MARKER = ".perf-history";
    static final String MARKER_TEXT = "The history of benchmark runs of perf-maven-plugin (perf:record, perf:trend):"
            + " one results document per run under <year>/<month>/, the change points perf:trend reported in "
            + REPORTED_CHANGES + ", and per commit the code each benchmark ran under " + EXECUTED_CODE_DIRECTORY
            + "/.\nOnly the plugin writes this branch, and it writes to no branch that holds"
            + " anything else. Never merge it into a code branch.\n";
    /** The top-level directories of the records, {@code yyyy} (see {@link HistoryRecord#name()}). */
    private static final Pattern YEAR = Pattern.compile("\\d{4}");
    /** The temporary directories of the index a commit is built in, in the system's temporary directory. */
    private static final String INDEX_PREFIX = "perf-history-index";
    /** How many of a refused branch's entries its message names. */
    private static final int ENTRIES_SHOWN = 5;

    private final Git git;
    private final String branch;
    private final String remote;
    /** Why the history is not fetched nor pushed although a remote was asked for, or null. */
    private final String localOnly;

    private GitBranchStore(Git git, String branch, String remote, String localOnly) {
        this.git = git;
        this.branch = branch;
        this.remote = remote;
        this.localOnly = localOnly;
    }

    /**
     * The branch {@code branch} of the repository holding {@code directory}, pushed to {@code remote} (null: kept
     * local).
     *
     * @throws IllegalArgumentException when the branch or remote name is not valid (bad configuration)
     * @throws HistoryException when {@code directory} is not in a git repository, or the branch is checked out
     */
    public static GitBranchStore open(Path directory, String branch, String remote) throws HistoryException {
        return open("git", directory, branch, remote);
    }

    static GitBranchStore open(String gitExecutable, Path directory, String branch, String remote)
            throws HistoryException {
        Git git = new Git(gitExecutable, directory, GIT_TIMEOUT);
        if (branch == null || branch.startsWith("-") || !git.run("check-ref-format", "refs/heads/" + branch)
                .succeeded()) {
            throw new IllegalArgumentException("'" + branch + "' is not a valid branch name for the history");
        }
        if (remote != null && (remote.isEmpty() || remote.startsWith("-") || remote.matches(".*\\s.*"))) {
            throw new IllegalArgumentException("'" + remote + "' is not a valid git remote for the history");
        }
        ExternalCommand.Result top = git.run("rev-parse", "--show-toplevel");
        if (!top.succeeded()) {
            throw new HistoryException(directory + " is not inside a git repository (git said: " + Git.said(top)
                    + "), so the history cannot be kept on the branch " + branch);
        }
        ExternalCommand.Result head = git.run("symbolic-ref", "--quiet", "HEAD");
        if (head.succeeded() && head.stdout.trim().equals("refs/heads/" + branch)) {
            throw new HistoryException("the history branch " + branch + " is the branch checked out in "
                    + top.stdout.trim() + "; the history is written beside the working tree, never into it");
        }
        if (remote != null && isRemoteName(remote) && git.output("remote").lines().noneMatch(remote::equals)) {
            // said once by the caller, instead of a failed fetch and a failed push each with git's words
            return new GitBranchStore(git, branch, null, "No remote '" + remote + "' in " + top.stdout.trim()
                    + ": the history branch " + branch + " stays local (not fetched, not pushed). "
                    + PerfProperties.HISTORY_REMOTE + " names the remote that shares it.");
        }
        return new GitBranchStore(git, branch, remote, null);
    }

    /** A remote's name, not a URL or path, which git fetches from without a configured remote. */
    private static boolean isRemoteName(String remote) {
        return !remote.contains("/") && !remote.contains(":") && !remote.contains("\\");
    }

    @Override
    public String localOnly() {
        return localOnly;
    }

    private String localRef() {
        return "refs/heads/" + branch;
    }

    private String remoteRef() {
        return "refs/remotes/" + remote + "/" + branch;
    }

    @Override
    public Appended append(HistoryRecord record) throws HistoryException {
        return put(utf8(record.json()), record.name() + EXTENSION, "history record");
    }

    @Override
    public Appended saveReportedChanges(String json) throws HistoryException {
        return put(utf8(json), REPORTED_CHANGES, "reported change points");
    }

    /**
     * Kept gzip'd as they come, although git compresses too: the map is read and written whole, and the bytes the
     * recorder wrote are the bytes perf:compare reads, in a directory store or on the branch.
     */
    @Override
    public Appended saveExecutedCode(String commit, byte[] gzippedJson) throws HistoryException {
        return put(gzippedJson, ExecutedCodeFiles.path(commit), "map of executed code");
    }

    /** The maps on the fetched branch and on the local one (maps not pushed yet). */
    @Override
    public java.util.Set<String> executedCodeCommits() throws HistoryException {
        java.util.Set<String> commits = new java.util.TreeSet<>();
        for (String tip : tips()) {
            for (String line : git.output("ls-tree", "--name-only", "--full-tree", tip, EXECUTED_CODE_DIRECTORY + "/")
                    .split("\n")) {
                String commit = ExecutedCodeFiles.commitOf(line.substring(line.lastIndexOf('/') + 1));
                if (commit != null) {
                    commits.add(commit);
                }
            }
        }
        return commits;
    }

    @Override
    public byte[] executedCode(String commit) throws HistoryException {
        String path = ExecutedCodeFiles.path(commit);
        List<String> tips = new ArrayList<>();
        addIfPresent(tips, newestTip());
        tips.addAll(tips());
        Path file;
        try {
            file = Files.createTempFile("perf-executed-code", ExecutedCodeFiles.EXTENSION);
        } catch (IOException e) {
            throw new HistoryException("cannot create a temporary file to read " + locateFile(path) + ": "
                    + e.getMessage(), e);
        }
        try {
            for (String tip : tips) {
                // bytes, not text: git's output as text would corrupt the gzip
                if (git.run(null, file, Map.of(), "cat-file", "blob", tip + ":" + path).succeeded()) {
                    return Files.readAllBytes(file);
                }
            }
            return null;
        } catch (IOException e) {
            throw new HistoryException("cannot read " + locateFile(path) + ": " + e.getMessage(), e);
        } finally {
            try {
                Files.deleteIfExists(file);
            } catch (IOException e) {
                // a temporary file left behind is harmless
            }
        }
    }

    /** The fetched tip (fetched first) and the local one, those that exist; a code branch is refused. */
    private List<String> tips() throws HistoryException {
        List<String> tips = new ArrayList<>();
        if (remote != null) {
            fetch();
            addIfPresent(tips, git.resolve(remoteRef()));
        }
        requireHistoryBranch();
        addIfPresent(tips, git.resolve(localRef()));
        return tips;
    }

    private static byte[] utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    @Override
    public String reportedChanges() throws HistoryException {
        String tip = newestTip();
        if (tip == null) {
            return null;
        }
        ExternalCommand.Result r = git.run("cat-file", "blob", tip + ":" + REPORTED_CHANGES);
        return r.succeeded() ? r.stdout : null;
    }

    /**
     * The tip whose documents are the newest: the local branch when it holds the fetched one (records not pushed
     * yet), else the fetched one (another build pushed since). Fetches first when there is a remote; without
     * network the last fetched state counts (reading the records has already warned about it).
     */
    private String newestTip() throws HistoryException {
        String remoteTip = null;
        if (remote != null) {
            fetch();
            remoteTip = git.resolve(remoteRef());
        }
        requireHistoryBranch();
        String localTip = git.resolve(localRef());
        if (remoteTip == null || localTip == null) {
            return localTip == null ? remoteTip : localTip;
        }
        return isAncestor(localTip, remoteTip) ? remoteTip : localTip;
    }

    /** Writes {@code content} at {@code path} of the branch and pushes it, with the retries {@link #append} has. */
    private Appended put(byte[] content, String path, String what) throws HistoryException {
        if (remote == null) {
            requireHistoryBranch();
            return Appended.shared(branch + "@" + abbreviate(commitLocally(null, blobs(content, what), path)));
        }
        String why = null;
        String tip = null;
        String[] blobs = null;
        for (int attempt = 1; attempt <= PUSH_ATTEMPTS; attempt++) {
            ExternalCommand.Result fetched = fetch();
            // after every fetch: the remote's branch of that name may be another project's code
            requireHistoryBranch();
            if (blobs == null) {
                blobs = blobs(content, what);
            }
            tip = commitLocally(git.resolve(remoteRef()), blobs, path);
            if (fetched != null) {
                why = "git fetch " + remote + " " + branch + " failed: " + Git.said(fetched);
                break;
            }
            ExternalCommand.Result pushed = git.run("push", "--porcelain", "--quiet", "--", remote,
                    tip + ":" + localRef());
            if (pushed.succeeded()) {
                git.run("update-ref", remoteRef(), tip);
                return Appended.shared(branch + "@" + abbreviate(tip) + " pushed to " + remote);
            }
            if (!isRace(pushed)) {
                why = "git push " + remote + " " + branch + " failed: " + Git.said(pushed);
                break;
            }
            why = "git push " + remote + " " + branch + " was rejected " + attempt + " times: other builds pushed"
                    + " first each time";
            if (attempt < PUSH_ATTEMPTS && !backOff(attempt)) {
                break;
            }
        }
        return Appended.keptLocally(branch + "@" + abbreviate(tip), why);
    }

    /** The document's blob and the marker's, stored in git's object database. */
    private String[] blobs(byte[] content, String what) throws HistoryException {
        return new String[] {hashObject(content, what), hashObject(utf8(MARKER_TEXT), "marker " + MARKER)};
    }

    private String hashObject(byte[] content, String what) throws HistoryException {
        ExternalCommand.Result hashed = git.run(content, null, Map.of(), "hash-object", "-w", "--stdin");
        if (!hashed.succeeded()) {
            throw new HistoryException("git could not store the " + what + " in " + git.directory() + ": "
                    + Git.said(hashed));
        }
        return hashed.stdout.trim();
    }

    /**
     * Refuses the branch unless every copy of it here, the local branch and each remote's (as last fetched), is a
     * history branch or does not exist.
     *
     * @throws NotAHistoryBranchException naming the copy and what it holds
     */
    private void requireHistoryBranch() throws HistoryException {
        List<String> refs = new ArrayList<>(List.of(localRef()));
        String tracking = git.output("for-each-ref", "--format=%(refname)", "refs/remotes/*/" + branch);
        for (String ref : tracking.split("\n")) {
            addIfPresent(refs, ref.trim().isEmpty() ? null : ref.trim());
        }
        for (String ref : refs) {
            String tip = git.resolve(ref);
            List<String> foreign = tip == null ? List.of() : foreignEntries(tip);
            if (!foreign.isEmpty()) {
                String shown = ref.substring(ref.startsWith("refs/heads/") ? "refs/heads/".length()
                        : "refs/remotes/".length());
                String listed = String.join(", ", foreign.subList(0, Math.min(ENTRIES_SHOWN, foreign.size())))
                        + (foreign.size() > ENTRIES_SHOWN ? " and " + (foreign.size() - ENTRIES_SHOWN) + " more" : "");
                throw new NotAHistoryBranchException("the branch '" + shown + "' holds " + listed + ": not a perf"
                        + " history branch (which holds only " + MARKER + ", " + REPORTED_CHANGES + ", "
                        + EXECUTED_CODE_DIRECTORY + "/ and year directories), so it is left as it is; choose another " + PerfProperties.HISTORY_BRANCH);
            }
        }
    }

    /** The top-level entries of {@code tip}'s tree that this store does not write, directories with a slash. */
    private List<String> foreignEntries(String tip) throws HistoryException {
        List<String> foreign = new ArrayList<>();
        for (String entry : git.output("ls-tree", "-z", tip).split("\0")) {
            int tab = entry.indexOf('\t');
            if (tab < 0) {
                continue;
            }
            String[] meta = entry.substring(0, tab).split(" ");
            String name = entry.substring(tab + 1);
            boolean tree = meta.length == 3 && "tree".equals(meta[1]);
            boolean blob = meta.length == 3 && "blob".equals(meta[1]);
            boolean ours = tree ? YEAR.matcher(name).matches() || EXECUTED_CODE_DIRECTORY.equals(name)
                    : blob && (MARKER.equals(name) || REPORTED_CHANGES.equals(name));
            if (!ours) {
                foreign.add(tree ? name + "/" : name);
            }
        }
        return foreign;
    }

    /**
     * Waits a random time, up to twice as long after each rejection, so that builds recording at the same moment
     * stop meeting at the remote; false when interrupted.
     */
    private static boolean backOff(int rejections) {
        long ceiling = Math.min(MAX_BACKOFF.toMillis(), FIRST_BACKOFF.toMillis() << Math.min(rejections, 20));
        try {
            Thread.sleep(ThreadLocalRandom.current().nextLong(ceiling / 2, ceiling + 1));
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** Fetches the branch; null when it worked or the remote has no such branch yet, else git's answer. */
    private ExternalCommand.Result fetch() throws HistoryException {
        ExternalCommand.Result r = git.run("fetch", "--quiet", "--no-tags", "--", remote,
                "+" + localRef() + ":" + remoteRef());
        if (r.succeeded()) {
            return null;
        }
        if (r.stderr.contains("couldn't find remote ref")) {
            git.run("update-ref", "-d", remoteRef());
            return null;
        }
        return r;
    }

    /** A push refused because the remote branch moved on: worth fetching and trying again. */
    private static boolean isRace(ExternalCommand.Result push) {
        String text = push.stdout + "\n" + push.stderr;
        return text.contains("[rejected]") || text.contains("non-fast-forward") || text.contains("fetch first")
                || text.contains("cannot lock ref");
    }

    /**
     * Moves the local branch to a commit holding everything of {@code remoteTip} (may be null), everything of the
     * local branch and the new blob; returns that commit. Another writer moving the local branch in between only
     * makes it try again, on top of that writer's commit.
     */
    private String commitLocally(String remoteTip, String[] blobs, String path) throws HistoryException {
        for (int attempt = 1; ; attempt++) {
            String localTip = git.resolve(localRef());
            String commit = commitUnion(remoteTip, localTip, blobs, path);
            ExternalCommand.Result moved = git.run("update-ref", "-m", message(path), localRef(), commit,
                    localTip == null ? NO_COMMIT : localTip);
            if (moved.succeeded()) {
                return commit;
            }
            if (attempt >= PUSH_ATTEMPTS * 4) {
                throw new HistoryException("the local branch " + branch + " kept moving while the history record "
                        + path + " was added: " + Git.said(moved));
            }
        }
    }

    /** {@code blobs}: the document's, then the marker's, written in every commit (the same blob each time). */
    private String commitUnion(String remoteTip, String localTip, String[] blobs, String path)
            throws HistoryException {
        List<String> parents = new ArrayList<>();
        if (remoteTip != null) {
            parents.add(remoteTip);
        }
        if (localTip != null && !localTip.equals(remoteTip) && !isAncestor(localTip, remoteTip)) {
            if (remoteTip != null && isAncestor(remoteTip, localTip)) {
                parents.clear();
            }
            parents.add(localTip);
        }
        Path indexDirectory;
        try {
            indexDirectory = Files.createTempDirectory(INDEX_PREFIX);
        } catch (IOException e) {
            throw new HistoryException("cannot create a temporary index for the history: " + e.getMessage(), e);
        }
        Map<String, String> index = Map.of("GIT_INDEX_FILE", indexDirectory.resolve("index").toString());
        try {
            List<String> readTree = new ArrayList<>(List.of("read-tree"));
            if (parents.isEmpty()) {
                readTree.add("--empty");
            }
            parents.forEach(p -> readTree.add(p + "^{tree}"));
            check(git.run(null, index, readTree.toArray(new String[0])), "read-tree");
            check(git.run(null, index, "update-index", "--add", "--cacheinfo", "100644," + blobs[0] + "," + path,
                    "--cacheinfo", "100644," + blobs[1] + "," + MARKER), "update-index");
            String tree = check(git.run(null, index, "write-tree"), "write-tree");
            List<String> commitTree = new ArrayList<>(List.of("commit-tree", tree));
            parents.forEach(p -> commitTree.addAll(List.of("-p", p)));
            commitTree.addAll(List.of("-m", message(path)));
            return check(git.run(commitTree.toArray(new String[0])), "commit-tree");
        } finally {
            deleteQuietly(indexDirectory);
        }
    }

    private static String message(String path) {
        return (REPORTED_CHANGES.equals(path) ? "perf:trend " : "perf:record ") + path;
    }

    private boolean isAncestor(String ancestor, String descendant) throws HistoryException {
        return descendant != null && git.run("merge-base", "--is-ancestor", ancestor, descendant).succeeded();
    }

    private String check(ExternalCommand.Result r, String what) throws HistoryException {
        if (!r.succeeded()) {
            throw new HistoryException("git " + what + " failed while adding to the history branch " + branch + ": "
                    + Git.said(r));
        }
        return r.stdout.trim();
    }

    @Override
    public List<HistoryRecord> list(Consumer<String> skipped) throws HistoryException {
        return list(name -> true, skipped);
    }

    @Override
    public List<HistoryRecord> list(Predicate<String> names, Consumer<String> skipped) throws HistoryException {
        List<String> tips = new ArrayList<>();
        if (remote != null) {
            ExternalCommand.Result fetched = fetch();
            if (fetched != null) {
                skipped.accept("could not fetch the history from " + remote + " (" + Git.said(fetched)
                        + "); reading the local branch " + branch + " only");
            }
            addIfPresent(tips, git.resolve(remoteRef()));
        }
        // a code branch is refused, not parsed: its .json files are no records, and a warning each would bury why
        requireHistoryBranch();
        addIfPresent(tips, git.resolve(localRef()));
        Map<String, String> blobs = new TreeMap<>();
        for (String tip : tips) {
            for (String line : git.output("ls-tree", "-r", "--full-tree", tip).split("\n")) {
                int tab = line.indexOf('\t');
                String[] meta = tab < 0 ? new String[0] : line.substring(0, tab).split(" ");
                if (meta.length == 3 && "blob".equals(meta[1]) && line.endsWith(EXTENSION)
                        && !line.endsWith("\t" + REPORTED_CHANGES)
                        && names.test(line.substring(tab + 1, line.length() - EXTENSION.length()))) {
                    blobs.put(line.substring(tab + 1, line.length() - EXTENSION.length()), meta[2]);
                }
            }
        }
        Map<String, String> texts = contents(new ArrayList<>(new LinkedHashSet<>(blobs.values())));
        List<HistoryRecord> records = new ArrayList<>();
        blobs.forEach((name, blob) -> {
            String where = locate(name);
            if (!HistoryRecord.isName(name)) {
                skipped.accept(where + ": not a history record's name");
                return;
            }
            String text = texts.get(blob);
            if (text == null) {
                skipped.accept(where + ": git cannot read its object " + blob);
                return;
            }
            try {
                records.add(HistoryRecord.parse(name, text));
            } catch (ResultsFormatException e) {
                skipped.accept(where + ": " + e.getMessage());
            }
        });
        return HistoryRecord.distinctRuns(records, this::locate, skipped);
    }

    /**
     * Removes the temporary index directories that builds killed while writing left in the system's temporary
     * directory, once older than {@link #STALE_TEMPORARY_AGE} (a live writer's is seconds old).
     */
    @Override
    public List<String> removeStaleTemporaries() {
        List<String> removed = new ArrayList<>();
        Path temporary = Paths.get(System.getProperty("java.io.tmpdir"));
        long before = System.currentTimeMillis() - STALE_TEMPORARY_AGE.toMillis();
        try (DirectoryStream<Path> found = Files.newDirectoryStream(temporary, INDEX_PREFIX + "*")) {
            for (Path p : found) {
                if (Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)
                        && Files.getLastModifiedTime(p, LinkOption.NOFOLLOW_LINKS).toMillis() < before) {
                    long bytes = size(p);
                    deleteQuietly(p);
                    if (Files.notExists(p, LinkOption.NOFOLLOW_LINKS)) {
                        removed.add(DirectoryStore.sized(p, bytes));
                    }
                }
            }
        } catch (IOException | RuntimeException e) {
            // tidying up is never a reason to stop a record
        }
        return removed;
    }

    @Override
    public String locate(String name) {
        return locateFile(name + EXTENSION);
    }

    /** {@code perf-history:executed-code/<commit>.json.gz}: a file of the branch, for messages. */
    private String locateFile(String path) {
        return branch + ":" + path;
    }

    /** The blobs' texts, read in one {@code git cat-file --batch}. */
    private Map<String, String> contents(List<String> blobs) throws HistoryException {
        Map<String, String> texts = new TreeMap<>();
        if (blobs.isEmpty()) {
            return texts;
        }
        ExternalCommand.Result r = git.run(String.join("\n", blobs) + "\n", Map.of(), "cat-file", "--batch");
        if (!r.succeeded()) {
            throw new HistoryException("git cat-file could not read the history branch " + branch + ": "
                    + Git.said(r));
        }
        byte[] out = r.stdout.getBytes(StandardCharsets.UTF_8);
        int at = 0;
        while (at < out.length) {
            int nl = at;
            while (nl < out.length && out[nl] != '\n') {
                nl++;
            }
            String[] header = new String(out, at, nl - at, StandardCharsets.UTF_8).split(" ");
            if (header.length != 3) {
                break;
            }
            int size = Integer.parseInt(header[2]);
            texts.put(header[0], new String(out, nl + 1, size, StandardCharsets.UTF_8));
            at = nl + 1 + size + 1;
        }
        return texts;
    }

    @Override
    public String describe() {
        return "git branch " + branch + (remote == null ? "" : " (pushed to " + remote + ")");
    }

    private static void addIfPresent(List<String> list, String value) {
        if (value != null && !list.contains(value)) {
            list.add(value);
        }
    }

    private static long size(Path directory) {
        try (Stream<Path> walk = Files.walk(directory)) {
            return walk.filter(Files::isRegularFile).mapToLong(f -> f.toFile().length()).sum();
        } catch (IOException | RuntimeException e) {
            return 0;
        }
    }

    private static void deleteQuietly(Path directory) {
        try (Stream<Path> walk = Files.walk(directory)) {
            walk.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException | RuntimeException e) {
            // a temporary index left behind is harmless
        }
    }
}
