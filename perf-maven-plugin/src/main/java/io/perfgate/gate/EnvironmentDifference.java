package io.perfgate.gate;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/** One field of the environment fingerprint whose value differs between baseline and current results. */
public final class EnvironmentDifference {
    /** Fields that differ between any two runs by nature, so comparing them says nothing. */
    public static final Set<String> ALWAYS_DIFFERENT = Collections.unmodifiableSet(
            new LinkedHashSet<>(Arrays.asList("timestamp", "git.commit", "git.dirty", "command")));

    private final String field;
    private final String baseline;
    private final String current;

    public EnvironmentDifference(String field, String baseline, String current) {
        this.field = Objects.requireNonNull(field);
        this.baseline = baseline;
        this.current = current;
    }

    /** The fingerprint field, e.g. {@code cpu.model}. */
    public String field() {
        return field;
    }

    /** The baseline's value, or null when the baseline has no such field. */
    public String baseline() {
        return baseline;
    }

    /** The current value, or null when the current results have no such field. */
    public String current() {
        return current;
    }

    /** {@code cpu.model: "Xeon E5" (baseline) vs "EPYC 7B13" (current)}. */
    public String describe() {
        return field + ": " + quote(baseline) + " (baseline) vs " + quote(current) + " (current)";
    }

    private static String quote(String v) {
        return v == null ? "absent" : "\"" + v + "\"";
    }

    /**
     * The fields that differ, in the baseline's field order, then fields only the current results have.
     * Fields in {@link #ALWAYS_DIFFERENT} are skipped.
     */
    public static List<EnvironmentDifference> between(Map<String, String> baseline, Map<String, String> current) {
        Set<String> fields = new LinkedHashSet<>(baseline.keySet());
        fields.addAll(current.keySet());
        List<EnvironmentDifference> diffs = new ArrayList<>();
        for (String f : fields) {
            if (ALWAYS_DIFFERENT.contains(f)) {
                continue;
            }
            String b = baseline.get(f);
            String c = current.get(f);
            if (!Objects.equals(b, c)) {
                diffs.add(new EnvironmentDifference(f, b, c));
            }
        }
        return diffs;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof EnvironmentDifference)) {
            return false;
        }
        EnvironmentDifference d = (EnvironmentDifference) o;
        return d.field.equals(field) && Objects.equals(d.baseline, baseline) && Objects.equals(d.current, current);
    }

    @Override
    public int hashCode() {
        return Objects.hash(field, baseline, current);
    }

    @Override
    public String toString() {
        return describe();
    }
}
