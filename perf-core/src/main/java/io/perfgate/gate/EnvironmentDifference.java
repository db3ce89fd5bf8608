package io.perfgate.gate;

import io.perfgate.config.PerfProperties;
import io.perfgate.env.EnvironmentFingerprint;
import io.perfgate.results.PerfResults;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * One field of the environment fingerprint, or one run setting ({@code perf.forks}, {@code perf.measurementTime},
 * ...), whose value differs between baseline and current results. Both kinds fall under
 * {@code perf.environmentPolicy}: either makes the two sides different experiments.
 */
public final class EnvironmentDifference {
    /**
     * Fields that differ between any two runs by nature, so comparing them says nothing. The check reports the
     * steal of both runs in a note of its own instead ({@link io.perfgate.env.StealTime#checkNote}).
     */
    public static final Set<String> ALWAYS_DIFFERENT = Collections.unmodifiableSet(
            new LinkedHashSet<>(Arrays.asList(EnvironmentFingerprint.TIMESTAMP, EnvironmentFingerprint.GIT_COMMIT,
                    EnvironmentFingerprint.GIT_DIRTY, EnvironmentFingerprint.COMMAND,
                    EnvironmentFingerprint.CPU_STEAL)));
    /**
     * Fields a run without JMH (scenarios only) cannot know and records as {@link #UNKNOWN}; such a value differs
     * from a known one without saying anything about the machine.
     */
    public static final Set<String> UNKNOWN_WITHOUT_JMH = Collections.unmodifiableSet(
            new LinkedHashSet<>(Arrays.asList(EnvironmentFingerprint.JVM_ARGS, EnvironmentFingerprint.JMH_VERSION)));
    /**
     * The run settings that change what a fork measures: a baseline measured with other forks, iterations, times,
     * modes, threads, parameters, JVM arguments or profilers is not the same experiment. (Which benchmarks ran
     * shows as new or missing benchmarks; the JVM, its arguments and JMH's version are fingerprint fields.)
     */
    public static final List<String> RUN_SETTINGS = Collections.unmodifiableList(Arrays.asList(
            PerfProperties.FORKS, PerfProperties.WARMUP_ITERATIONS, PerfProperties.WARMUP_TIME,
            PerfProperties.MEASUREMENT_ITERATIONS, PerfProperties.MEASUREMENT_TIME, PerfProperties.MODE,
            PerfProperties.TIME_UNIT, PerfProperties.THREADS, PerfProperties.PARAMS, PerfProperties.JVM_ARGS,
            PerfProperties.PROFILERS, PerfProperties.JMH_ARGS));
    /** The value a fingerprint records for a field it could not find out. */
    public static final String UNKNOWN = EnvironmentFingerprint.UNKNOWN;

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
     * Everything that makes {@code baseline} another experiment than {@code current}: the fingerprint fields that
     * differ ({@link #between}), then the run settings ({@link #runSettings}). The check against a baseline reports
     * them under {@code perf.environmentPolicy}; the check against the history leaves out the runs that have any.
     */
    public static List<EnvironmentDifference> of(PerfResults baseline, PerfResults current) {
        List<EnvironmentDifference> diffs = new ArrayList<>(between(baseline.environment(), current.environment()));
        diffs.addAll(runSettings(baseline.settings(), current.settings()));
        return diffs;
    }

    /**
     * The fields that differ, in the baseline's field order, then fields only the current results have.
     * Fields in {@link #ALWAYS_DIFFERENT} are skipped, and so are those of {@link #UNKNOWN_WITHOUT_JMH} when either
     * side's value is {@link #UNKNOWN}.
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
            if (UNKNOWN_WITHOUT_JMH.contains(f) && (UNKNOWN.equals(b) || UNKNOWN.equals(c))) {
                continue;
            }
            if (EnvironmentFingerprint.MAVEN_MODULE.equals(f) && (b == null || c == null)) {
                // recorded only in a reactor: a results file from a single-module build does not know it
                continue;
            }
            if (!Objects.equals(b, c)) {
                diffs.add(new EnvironmentDifference(f, b, c));
            }
        }
        return diffs;
    }

    /**
     * The {@link #RUN_SETTINGS} whose effective values differ between the two results' {@code settings}. A setting
     * one side did not record (results from an older plugin, a scenarios-only run) is unknown, not a difference.
     */
    public static List<EnvironmentDifference> runSettings(Map<String, String> baseline, Map<String, String> current) {
        List<EnvironmentDifference> diffs = new ArrayList<>();
        for (String setting : RUN_SETTINGS) {
            String b = baseline.get(setting);
            String c = current.get(setting);
            if (b != null && c != null && !b.equals(c)) {
                diffs.add(new EnvironmentDifference(setting, b, c));
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
