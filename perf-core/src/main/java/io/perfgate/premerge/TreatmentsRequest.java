package io.perfgate.premerge;

import io.perfgate.config.PerfProperties;
import io.perfgate.log.PerfLog;
import io.perfgate.workspace.CompareException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * A comparison of treatments ({@code perf.treatments}) against one baseline ({@code perf.against} as it is, not its
 * merge base) as a request for {@link io.perfgate.premerge.TreatmentComparison}: the sides parsed and checked, and
 * the command that repeats the comparison given the treatments' own properties. It belongs with the treatments; it
 * sits here, in the floor above them, until they have a package of their own.
 */
public final class TreatmentsRequest {
    private TreatmentsRequest() {
    }

    /**
     * Warns of {@code perf.baselineJvmArgs} given without treatments: the baseline's own settings name a side of a
     * comparison of treatments, and alone they would silently do nothing.
     */
    public static void warnOfBaselineSettingsAlone(String baselineJvmArgs, PerfLog log) {
        if (baselineJvmArgs != null && !baselineJvmArgs.trim().isEmpty()) {
            log.warn(PerfProperties.BASELINE_JVM_ARGS + " is ignored: it gives the baseline's forks arguments of"
                    + " their own only in a comparison of treatments (" + PerfProperties.TREATMENTS + "); to give both"
                    + " sides arguments use " + PerfProperties.JVM_ARGS);
        }
    }

    /**
     * {@code comparison} (the working tree against its base) turned into the treatments against {@code against}.
     *
     * @param repeatCommand the command that repeats a comparison, given the properties it adds to the usual ones
     * @throws CompareException for a treatment or baseline setting that cannot be measured, naming the property
     */
    public static CompareRequest of(CompareRequest comparison, String against, String baselineName,
            String baselineJvmArgs, String treatments, Function<Map<String, String>, String> repeatCommand)
            throws CompareException {
        Treatment base = Treatment.baseline(baselineName, against, baselineJvmArgs);
        List<Treatment> list = Treatment.parseAll(treatments, base.name());
        Map<String, String> properties = new LinkedHashMap<>();
        List<String> entries = new ArrayList<>();
        list.forEach(t -> entries.add(t.entry()));
        properties.put(PerfProperties.TREATMENTS, String.join("; ", entries));
        properties.put(PerfProperties.BASELINE_NAME, base.name());
        if (!base.jvmArgs().isEmpty()) {
            properties.put(PerfProperties.BASELINE_JVM_ARGS, String.join(" ", base.jvmArgs()));
        }
        return comparison.toBuilder().treatments(base, list).command(repeatCommand.apply(properties)).build();
    }
}
