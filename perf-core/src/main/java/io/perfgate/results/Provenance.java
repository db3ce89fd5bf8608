package io.perfgate.results;

import io.perfgate.env.EnvironmentFingerprint;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The provenance block of a results file: its field names, which {@code perf:baseline} and the pre-merge comparison
 * write, and typed accessors for what the reports read back. A commit or a dirty flag the provenance lacks is taken
 * from the environment fingerprint, where every run records them.
 */
public final class Provenance {
    /** Which side of an interleaved comparison the file holds: {@link #ROLE_BASE} or {@link #ROLE_CANDIDATE}. */
    public static final String ROLE = "role";
    public static final String ROLE_BASE = "base";
    public static final String ROLE_CANDIDATE = "candidate";
    /** The commit measured; the same name as the fingerprint's. */
    public static final String COMMIT = EnvironmentFingerprint.GIT_COMMIT;
    /** {@code true} when the working tree measured had changes not committed; the same name as the fingerprint's. */
    public static final String DIRTY = EnvironmentFingerprint.GIT_DIRTY;
    /** The commit field of baselines written by hand or by other tools, read when {@link #COMMIT} is absent. */
    static final String LEGACY_COMMIT = "commit";
    /** A history record's parent of the commit measured, the branch it was on and the CI build that measured it. */
    public static final String PARENT = "git.parent";
    public static final String BRANCH = "git.branch";
    public static final String BUILD_URL = "ci.buildUrl";
    /** The base's commit subject. */
    public static final String SUBJECT = "git.subject";
    /** The ref the base was taken from, as the user gave it ({@code perf.against}), and the commit it named. */
    public static final String AGAINST = "git.against";
    public static final String AGAINST_COMMIT = "git.againstCommit";
    /** The candidate's base commit. */
    public static final String BASE = "git.base";
    /** How the base was measured, e.g. {@code perf:compare, interleaved with the candidate}. */
    public static final String MEASURED_WITH = "measuredWith";
    /** ISO-8601 instant the baseline was recorded. */
    public static final String RECORDED_AT = "recordedAt";
    /** The plugin and version that recorded the baseline. */
    public static final String RECORDED_WITH = "recordedWith";
    /** Who recorded the baseline, in baselines written by other tools; {@link #LEGACY_USER} in older ones. */
    public static final String RECORDED_BY = "recordedBy";
    static final String LEGACY_USER = "user";
    /** The results the baseline was recorded from: when they were made, their file and their command. */
    public static final String RESULTS_CREATED_AT = "results.createdAt";
    public static final String RESULTS_FILE = "results.file";
    public static final String RESULTS_COMMAND = "results.command";
    /** {@code true} when {@code perf.force} recorded results despite problems; they are in {@link #FORCED_DESPITE}. */
    public static final String FORCED = "forced";
    public static final String FORCED_DESPITE = "forcedDespite";
    /**
     * The field of both sides of an interleaved comparison: the one-sided level its rounds were judged at (alpha / 2
     * with adaptive stopping's two looks), so that a later check of the same results, e.g. of merged shards, judges
     * them at that level and not at the full alpha.
     */
    public static final String COMPARISON_ALPHA = "comparison.alpha";
    /** The shards a merged file came from: {@code 1/3 a.json, 2/3 b.json, ...}. */
    public static final String MERGED_FROM = "mergedFrom";
    /** Each shard's interleaving seed, when the merged shards were comparisons. */
    public static final String SHARD_SEEDS = "shardSeeds";
    /** Why a baseline was recorded ({@code perf.reason}): above all, why an accepted slowdown is expected. */
    public static final String REASON = "reason";

    private final Map<String, String> provenance;
    private final Map<String, String> environment;

    private Provenance(Map<String, String> provenance, Map<String, String> environment) {
        this.provenance = Collections.unmodifiableMap(new LinkedHashMap<>(provenance));
        this.environment = Collections.unmodifiableMap(new LinkedHashMap<>(environment));
    }

    /** The provenance of a file, with its environment fingerprint for what the provenance lacks. */
    public static Provenance of(Map<String, String> provenance, Map<String, String> environment) {
        return new Provenance(provenance, environment);
    }

    public static Provenance of(PerfResults results) {
        return of(results.provenance(), results.environment());
    }

    /** The commit measured, trimmed; null when no field records one ({@code none} outside git). */
    public String commit() {
        return first(provenance.get(COMMIT), provenance.get(LEGACY_COMMIT),
                environment.get(EnvironmentFingerprint.GIT_COMMIT));
    }

    /** True when the working tree measured had changes not committed. */
    public boolean dirty() {
        return "true".equalsIgnoreCase(first(provenance.get(DIRTY), environment.get(EnvironmentFingerprint.GIT_DIRTY)));
    }

    /** {@link #ROLE_BASE}, {@link #ROLE_CANDIDATE}, or null outside an interleaved comparison. */
    public String role() {
        return provenance.get(ROLE);
    }

    /** True for the base of an interleaved comparison, measured in the same command as the candidate. */
    public boolean isBase() {
        return ROLE_BASE.equals(role());
    }

    public boolean isCandidate() {
        return ROLE_CANDIDATE.equals(role());
    }

    /** The ref the base was taken from, trimmed, or null. */
    public String against() {
        return first(provenance.get(AGAINST));
    }

    /** When the baseline was recorded, trimmed, or null. */
    public String recordedAt() {
        return first(provenance.get(RECORDED_AT));
    }

    /** Who recorded the baseline, trimmed, or null. */
    public String recordedBy() {
        return first(provenance.get(RECORDED_BY), provenance.get(LEGACY_USER));
    }

    /** Why the baseline was recorded, as given, or null. */
    public String reason() {
        return provenance.get(REASON);
    }

    private static String first(String... values) {
        for (String v : values) {
            if (v != null && !v.trim().isEmpty()) {
                return v.trim();
            }
        }
        return null;
    }
}
