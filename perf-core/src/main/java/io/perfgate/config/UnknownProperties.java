package io.perfgate.config;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;

/**
 * The {@code perf.*} properties a build was given that no goal of the plugin reads. Maven ignores a property nobody
 * asks for, so {@code -Dperf.failOnRegresion=false} would pass without a word and the gate would keep failing
 * builds (or {@code -Dperf.medianFail=20%} keep judging at 10 %); a warning with the nearest known name turns the
 * typo into something a person sees.
 */
public final class UnknownProperties {
    /**
     * {@code perf.*} names that are no property of the plugin but are set on purpose, each for a stated reason:
     * {@code perf.version} names the plugin's own version in builds that call it by coordinates
     * ({@code io.perfgate:perf-maven-plugin:${perf.version}:trend}), as this project's integration tests do.
     */
    static final Set<String> NOT_OURS = Set.of("perf.version");

    private UnknownProperties() {
    }

    /**
     * One warning per name in {@code given} that starts with {@code perf.} and is no property of the plugin, in
     * the names' order: {@code perf.failOnRegresion is not a property of perf-maven-plugin; did you mean
     * perf.failOnRegression?}, or, with no known name near it, where the properties are listed.
     */
    public static List<String> warnings(Collection<String> given) {
        Set<String> known = PerfProperties.names();
        List<String> warnings = new ArrayList<>();
        for (String name : new TreeSet<>(given)) {
            if (!name.startsWith(PerfProperties.PREFIX) || known.contains(name) || NOT_OURS.contains(name)) {
                continue;
            }
            String nearest = nearest(name, known);
            warnings.add(name + " is not a property of perf-maven-plugin; " + (nearest != null
                    ? "did you mean " + nearest + "?"
                    : "it is ignored (the properties are listed on the plugin's Configuration page, and by"
                            + " mvn io.perfgate:perf-maven-plugin:help -Ddetail)"));
        }
        return warnings;
    }

    /**
     * The known name nearest to {@code name} by edit distance, case ignored, when it is near enough to be the
     * one meant: at most 2 edits, or a third of the name after {@code perf.} for longer ones; else null.
     */
    static String nearest(String name, Collection<String> known) {
        String typed = name.toLowerCase(Locale.ROOT);
        int allowed = Math.max(2, (name.length() - PerfProperties.PREFIX.length()) / 3);
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (String candidate : known) {
            int d = distance(typed, candidate.toLowerCase(Locale.ROOT));
            if (d < bestDistance) {
                best = candidate;
                bestDistance = d;
            }
        }
        return bestDistance <= allowed ? best : null;
    }

    /** Levenshtein's distance: the fewest insertions, deletions and substitutions that turn a into b. */
    static int distance(String a, String b) {
        int[] previous = new int[b.length() + 1];
        int[] current = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            previous[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            current[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int substitution = previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
                current[j] = Math.min(substitution, Math.min(previous[j], current[j - 1]) + 1);
            }
            int[] swap = previous;
            previous = current;
            current = swap;
        }
        return previous[b.length()];
    }
}
