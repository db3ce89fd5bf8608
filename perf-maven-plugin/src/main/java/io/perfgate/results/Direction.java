package io.perfgate.results;

import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Set;

/** Which way a metric moves when things get better. */
public enum Direction {
    LOWER_IS_BETTER("lower"),
    HIGHER_IS_BETTER("higher");

    private final String json;

    Direction(String json) {
        this.json = json;
    }

    /** The word used in results.json and report.json: {@code lower} or {@code higher}. */
    public String json() {
        return json;
    }

    /** The words a results or report file may use: {@code lower}, {@code higher}. */
    public static Set<String> jsonValues() {
        Set<String> words = new LinkedHashSet<>();
        for (Direction d : values()) {
            words.add(d.json);
        }
        return words;
    }

    public static Direction fromJson(String value) {
        for (Direction d : values()) {
            if (d.json.equals(value)) {
                return d;
            }
        }
        throw new IllegalArgumentException("'" + value + "' is not a direction; use 'lower' or 'higher'");
    }

    /**
     * Infers the direction of a JMH primary metric. The unit decides when it can ("ops/s" is a rate,
     * "ns/op" a cost); the mode decides otherwise, since throughput is the only JMH mode whose score
     * grows when code gets faster.
     */
    public static Direction infer(String mode, String unit) {
        String u = unit == null ? "" : unit.trim().toLowerCase(Locale.ROOT);
        if (u.startsWith("ops/")) {
            return HIGHER_IS_BETTER;
        }
        if (u.endsWith("/op")) {
            return LOWER_IS_BETTER;
        }
        return BenchmarkResult.MODE_THROUGHPUT.equals(mode) ? HIGHER_IS_BETTER : LOWER_IS_BETTER;
    }
}
