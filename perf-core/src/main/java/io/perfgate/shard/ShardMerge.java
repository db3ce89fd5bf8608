package io.perfgate.shard;

import io.perfgate.config.PerfProperties;
import io.perfgate.env.EnvironmentFingerprint;
import io.perfgate.results.BenchmarkId;
import io.perfgate.results.BenchmarkResult;
import io.perfgate.results.PerfResults;
import io.perfgate.results.Provenance;
import io.perfgate.results.ResultsFormatException;
import io.perfgate.results.ResultsJson;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;

/**
 * Combines the results of the shards of one suite into the results of the whole suite, which perf:check then
 * judges as one run (so its multiplicity correction, its new and missing benchmarks and its verdict cover the
 * suite). Shards that cannot belong together are refused, naming the file: a shard missing or given twice, or
 * shards measured with other settings, from another commit or with another plugin version.
 */
public final class ShardMerge {
    /** Settings each shard has its own value of: which shard it is, and the seed of its interleaved order. */
    private static final Set<String> PER_SHARD_SETTINGS = new HashSet<>(Arrays.asList(PerfProperties.SHARD,
            PerfProperties.SEED));
    /**
     * Fingerprint fields that differ between shards by nature: each agent has its own clock, command line and
     * steal. Everything else that differs (the machine) is reported, not refused: agents of one CI pool are meant
     * to be alike, and the merged check compares the environment with the baseline's anyway.
     */
    private static final Set<String> PER_AGENT = new HashSet<>(Arrays.asList(EnvironmentFingerprint.TIMESTAMP,
            EnvironmentFingerprint.COMMAND, EnvironmentFingerprint.CPU_STEAL));

    private ShardMerge() {
    }

    /** One shard's results and the file they came from. */
    public static final class Input {
        final Path file;
        final PerfResults results;

        public Input(Path file, PerfResults results) {
            this.file = Objects.requireNonNull(file);
            this.results = Objects.requireNonNull(results);
        }
    }

    /** The merged results, and what the log should say about differences that were accepted. */
    public static final class Merged {
        private final PerfResults results;
        private final List<String> notes;
        private final String selectedNothing;

        Merged(PerfResults results, List<String> notes, String selectedNothing) {
            this.results = results;
            this.notes = Collections.unmodifiableList(notes);
            this.selectedNothing = selectedNothing;
        }

        /** Why the merged comparison holds no benchmark, for the log; null when it holds some. */
        public String selectedNothing() {
            return selectedNothing;
        }

        public PerfResults results() {
            return results;
        }

        /** How the shards' machines differ: accepted, and worth a warning. */
        public List<String> notes() {
            return notes;
        }
    }

    /**
     * Reads every {@code *.json} file of {@code directory} as one shard's results and merges them.
     *
     * @throws ShardException when the directory does not exist or holds no results, or the shards do not belong
     *     together
     * @throws ResultsFormatException when a file is not a results file
     */
    public static Merged mergeDirectory(Path directory) throws ShardException, ResultsFormatException, IOException {
        if (!Files.isDirectory(directory)) {
            throw new ShardException(directory + " does not exist: put each shard's results.json there (one file per"
                    + " agent, under any name ending in .json), or give the directory with -D" + PerfProperties.SHARDS);
        }
        List<Path> files = new ArrayList<>();
        try (DirectoryStream<Path> json = Files.newDirectoryStream(directory, "*.json")) {
            json.forEach(files::add);
        }
        Collections.sort(files);
        if (files.isEmpty()) {
            throw new ShardException(directory + " holds no .json file: put each shard's results.json there (one"
                    + " file per agent, under any name ending in .json)");
        }
        List<Input> inputs = new ArrayList<>();
        Map<Path, ResultsFormatException> unreadable = new LinkedHashMap<>();
        Set<String> rawFiles = new HashSet<>();
        for (Path file : files) {
            try {
                PerfResults results = ResultsJson.read(file);
                inputs.add(new Input(file, results));
                if (results.jmhRawFile() != null) {
                    rawFiles.add(results.jmhRawFile());
                }
            } catch (ResultsFormatException e) {
                unreadable.put(file, e);
            }
        }
        // JMH's own JSON, which perf:run writes beside its results file, is no shard: skip what a results file
        // names as its raw file, and refuse anything else that is not a results file
        for (Map.Entry<Path, ResultsFormatException> e : unreadable.entrySet()) {
            if (!rawFiles.contains(e.getKey().getFileName().toString())) {
                throw e.getValue();
            }
        }
        return merge(inputs);
    }

    /**
     * Merges {@code inputs}, one per shard, in any order.
     *
     * @throws ShardException naming the file and what keeps it from the others
     */
    public static Merged merge(List<Input> inputs) throws ShardException {
        if (inputs.isEmpty()) {
            throw new ShardException("there are no shard results to merge");
        }
        Numbered shards = number(inputs);
        requireEveryShard(shards);
        List<Input> ordered = new ArrayList<>(shards.byIndex.values());
        Input one = ordered.get(0);
        List<String> notes = new ArrayList<>();
        Map<String, String> settings = new LinkedHashMap<>();
        Map<String, String> seenIn = new LinkedHashMap<>();
        List<BenchmarkResult> benchmarks = new ArrayList<>();
        Map<BenchmarkId, Path> benchmarkIn = new LinkedHashMap<>();
        // one shard at a time, all its checks before the next shard's, so the first problem found is reported
        for (Input in : ordered) {
            PerfResults r = in.results;
            same(one, in, "the plugin version", one.results.toolVersion(), r.toolVersion());
            same(one, in, "the commit (" + EnvironmentFingerprint.GIT_COMMIT + ")",
                    one.results.environment().get(EnvironmentFingerprint.GIT_COMMIT),
                    r.environment().get(EnvironmentFingerprint.GIT_COMMIT));
            addSettings(in, settings, seenIn);
            notes.addAll(environmentNotes(one, in));
            addBenchmarks(in, benchmarks, benchmarkIn);
        }
        String selectedNothing = null;
        if (benchmarks.isEmpty() && one.results.settings().containsKey(PerfProperties.AGAINST)) {
            // perf:compare's shards hold nothing when its selection (perf.affected) kept nothing: a verdict, not a
            // set-up to refuse, and perf:check passes a comparison whose two sides chose nothing
            selectedNothing = "None of the " + ordered.size() + " comparison shards compared a benchmark: the"
                    + " comparison selected none (" + PerfProperties.AFFECTED + " found no benchmark the patch"
                    + " reaches), so the merged results hold none either";
        } else if (benchmarks.isEmpty()) {
            // merged, they would be a run of nothing, which perf:check would judge only to say so
            List<String> files = new ArrayList<>();
            ordered.forEach(in -> files.add(in.file.toString()));
            throw new ShardException("none of the " + ordered.size() + " shards holds a benchmark ("
                    + String.join(", ", files) + "): there is nothing to merge. Each shard's perf:run says in its"
                    + " log what it ran; check " + PerfProperties.INCLUDES + " and that the shards measured this"
                    + " module's benchmarks");
        }
        boolean complete = true;
        String createdAt = one.results.createdAt();
        for (Input in : ordered) {
            complete &= in.results.isComplete();
            if (in.results.createdAt().compareTo(createdAt) > 0) {
                createdAt = in.results.createdAt(); // the suite is done when its last shard is
            }
        }
        PerfResults merged = one.results.toBuilder()
                .status(complete ? PerfResults.STATUS_COMPLETE : PerfResults.STATUS_PARTIAL)
                .createdAt(createdAt)
                .settings(settings)
                .provenance(provenance(one, shards))
                .benchmarks(benchmarks)
                .build();
        return new Merged(merged, notes, selectedNothing);
    }

    /** The shards by their index K, all of one N. */
    private static final class Numbered {
        final Map<Integer, Input> byIndex = new TreeMap<>();
        int total;
    }

    /** Each input's shard K/N: every input is one shard, each K once, all of one N. */
    private static Numbered number(List<Input> inputs) throws ShardException {
        Numbered shards = new Numbered();
        Integer total = null;
        Input first = null;
        for (Input in : inputs) {
            String value = in.results.settings().get(PerfProperties.SHARD);
            if (value == null) {
                throw new ShardException(in.file + " has no " + PerfProperties.SHARD + " setting: it holds a whole"
                        + " run, not one shard's; merge only what runs with -D" + PerfProperties.SHARD + "=K/N wrote");
            }
            Shard shard = Shard.parse(in.file + ": " + PerfProperties.SHARD, value);
            if (total == null) {
                total = shard.total();
                first = in;
            } else if (shard.total() != total) {
                throw new ShardException(in.file + " is shard " + shard + ", but " + first.file + " is shard "
                        + first.results.settings().get(PerfProperties.SHARD) + ": the shards of one suite share N");
            }
            Input twice = shards.byIndex.put(shard.index(), in);
            if (twice != null) {
                throw new ShardException("shard " + shard + " is given twice: " + twice.file + " and " + in.file
                        + "; keep the one of this build");
            }
        }
        shards.total = total;
        return shards;
    }

    /** Refuses a suite with a shard missing, naming the ones there are. */
    private static void requireEveryShard(Numbered shards) throws ShardException {
        int total = shards.total;
        List<String> missing = new ArrayList<>();
        for (int k = 1; k <= total; k++) {
            if (!shards.byIndex.containsKey(k)) {
                missing.add(k + "/" + total);
            }
        }
        if (!missing.isEmpty()) {
            List<String> have = new ArrayList<>();
            for (Map.Entry<Integer, Input> e : shards.byIndex.entrySet()) {
                have.add(e.getKey() + "/" + total + " (" + e.getValue().file + ")");
            }
            throw new ShardException((missing.size() == 1 ? "shard " : "shards ") + String.join(", ", missing)
                    + (missing.size() == 1 ? " is" : " are") + " missing: there are " + String.join(", ", have)
                    + ". Wait for every agent's results, or run the missing shard, before merging");
        }
    }

    /**
     * Adds the settings of {@code in} to those of the shards before it ({@code seenIn}: which file each came from),
     * refusing a setting with another value or one that an earlier shard has and this one lacks.
     */
    private static void addSettings(Input in, Map<String, String> settings, Map<String, String> seenIn)
            throws ShardException {
        PerfResults r = in.results;
        for (Map.Entry<String, String> s : r.settings().entrySet()) {
            if (PER_SHARD_SETTINGS.contains(s.getKey())) {
                continue;
            }
            String before = settings.putIfAbsent(s.getKey(), s.getValue());
            if (before == null) {
                seenIn.put(s.getKey(), in.file.toString());
            } else if (!before.equals(s.getValue())) {
                throw new ShardException(in.file + " was measured with " + s.getKey() + "=" + s.getValue()
                        + ", " + seenIn.get(s.getKey()) + " with " + s.getKey() + "=" + before + ": every shard"
                        + " must run with the same settings but " + PerfProperties.SHARD);
            }
        }
        for (Map.Entry<String, String> s : settings.entrySet()) {
            // a scenario's own settings are only in the shard that ran it
            if (!PerfProperties.isScenarioSetting(s.getKey()) && !r.settings().containsKey(s.getKey())) {
                throw new ShardException(in.file + " has no " + s.getKey() + " setting, which "
                        + seenIn.get(s.getKey()) + " has (" + s.getValue() + "): every shard must run with the"
                        + " same settings but " + PerfProperties.SHARD);
            }
        }
    }

    /** How the machine of {@code in} differs from that of the first shard: reported, not refused. */
    private static List<String> environmentNotes(Input one, Input in) {
        List<String> notes = new ArrayList<>();
        PerfResults r = in.results;
        for (Map.Entry<String, String> e : r.environment().entrySet()) {
            String ours = one.results.environment().get(e.getKey());
            if (!PER_AGENT.contains(e.getKey()) && ours != null && !ours.equals(e.getValue())) {
                notes.add("shard " + r.settings().get(PerfProperties.SHARD) + " ran with " + e.getKey() + " = "
                        + e.getValue() + ", shard " + one.results.settings().get(PerfProperties.SHARD) + " with "
                        + ours);
            }
        }
        return notes;
    }

    /** Adds the benchmarks of {@code in}, refusing one that an earlier shard has ({@code benchmarkIn}) too. */
    private static void addBenchmarks(Input in, List<BenchmarkResult> benchmarks, Map<BenchmarkId, Path> benchmarkIn)
            throws ShardException {
        for (BenchmarkResult b : in.results.benchmarks()) {
            BenchmarkId id = b.id();
            Path before = benchmarkIn.putIfAbsent(id, in.file);
            if (before != null) {
                throw new ShardException(id + " is in " + before + " and in " + in.file + ": each benchmark"
                        + " belongs to one shard, so these are not shards of one run (were they run with"
                        + " different " + PerfProperties.INCLUDES + "?)");
            }
            benchmarks.add(b);
        }
    }

    /** The first shard's provenance, naming every shard's file and, for comparisons, each shard's seed. */
    private static Map<String, String> provenance(Input one, Numbered shards) {
        Map<String, String> provenance = new LinkedHashMap<>(one.results.provenance());
        List<String> parts = new ArrayList<>();
        // each agent of a comparison draws its own interleaving order; the order changes no measured value
        List<String> seeds = new ArrayList<>();
        for (Map.Entry<Integer, Input> e : shards.byIndex.entrySet()) {
            parts.add(e.getKey() + "/" + shards.total + " " + e.getValue().file.getFileName());
            PerfResults r = e.getValue().results;
            String seed = r.settings().get(PerfProperties.SEED);
            if (seed != null) {
                seeds.add(r.settings().get(PerfProperties.SHARD) + " " + PerfProperties.SEED + "=" + seed);
            }
        }
        provenance.put(Provenance.MERGED_FROM, String.join(", ", parts));
        if (!seeds.isEmpty()) {
            provenance.put(Provenance.SHARD_SEEDS, String.join(", ", seeds));
        }
        return provenance;
    }

    private static void same(Input one, Input in, String what, String ours, String theirs) throws ShardException {
        if (!Objects.equals(ours, theirs)) {
            throw new ShardException(in.file + " was measured with " + what + " " + theirs + ", " + one.file
                    + " with " + ours + ": the shards of one suite come from one build of one commit");
        }
    }
}
