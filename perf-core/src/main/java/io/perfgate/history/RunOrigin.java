package io.perfgate.history;

import io.perfgate.results.PerfResults;
import io.perfgate.results.Provenance;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * Where and when a recorded run comes from: the commit measured, its parent, the branch, the time it was recorded
 * and the CI build's page. Any of them but the time may be unknown (null), e.g. outside git or outside CI.
 */
public final class RunOrigin {
    private final Instant recordedAt;
    private final String commit;
    private final String parent;
    private final String branch;
    private final String buildUrl;

    public RunOrigin(Instant recordedAt, String commit, String parent, String branch, String buildUrl) {
        this.recordedAt = Objects.requireNonNull(recordedAt, "recordedAt");
        this.commit = commit;
        this.parent = parent;
        this.branch = branch;
        this.buildUrl = buildUrl;
    }

    /** The origin a record's provenance states. */
    static RunOrigin of(PerfResults results, Instant recordedAt) {
        Map<String, String> p = results.provenance();
        return new RunOrigin(recordedAt, Provenance.of(results).commit(), p.get(Provenance.PARENT),
                p.get(Provenance.BRANCH), p.get(Provenance.BUILD_URL));
    }

    public Instant recordedAt() {
        return recordedAt;
    }

    public String commit() {
        return commit;
    }

    public String parent() {
        return parent;
    }

    public String branch() {
        return branch;
    }

    public String buildUrl() {
        return buildUrl;
    }

    /** {@code provenance} with this origin's fields set; unknown ones left out. */
    Map<String, String> addTo(Map<String, String> provenance) {
        Map<String, String> p = new LinkedHashMap<>(provenance);
        p.put(Provenance.RECORDED_AT, recordedAt.toString());
        putKnown(p, Provenance.COMMIT, commit);
        putKnown(p, Provenance.PARENT, parent);
        putKnown(p, Provenance.BRANCH, branch);
        putKnown(p, Provenance.BUILD_URL, buildUrl);
        return p;
    }

    private static void putKnown(Map<String, String> map, String key, String value) {
        if (value != null && !value.isEmpty()) {
            map.put(key, value);
        }
    }
}
