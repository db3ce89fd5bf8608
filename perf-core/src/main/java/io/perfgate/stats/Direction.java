package io.perfgate.stats;

import java.util.LinkedHashSet;
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
}
