package io.perfgate.jmh;

import io.perfgate.results.BenchmarkResult;
import java.util.Locale;

/** JMH's benchmark modes, by the short labels JMH writes in its JSON and the enum names it writes in BenchmarkList. */
public enum JmhMode {
    THROUGHPUT(BenchmarkResult.MODE_THROUGHPUT, "Throughput"),
    AVERAGE_TIME(BenchmarkResult.MODE_AVERAGE_TIME, "AverageTime"),
    SAMPLE_TIME(BenchmarkResult.MODE_SAMPLE_TIME, "SampleTime"),
    SINGLE_SHOT_TIME(BenchmarkResult.MODE_SINGLE_SHOT, "SingleShotTime"),
    ALL("all", "All");

    private final String label;
    private final String jmhName;

    JmhMode(String label, String jmhName) {
        this.label = label;
        this.jmhName = jmhName;
    }

    /** The short label: {@code thrpt}, {@code avgt}, {@code sample}, {@code ss}, {@code all}. */
    public String label() {
        return label;
    }

    /** The name of JMH's {@code Mode} constant: {@code AverageTime} ... */
    public String jmhName() {
        return jmhName;
    }

    /** Accepts the short label or JMH's constant name, in any case; null when it is neither. */
    public static JmhMode find(String text) {
        String t = text.trim();
        for (JmhMode m : values()) {
            if (m.label.equalsIgnoreCase(t) || m.jmhName.equalsIgnoreCase(t)
                    || m.name().equalsIgnoreCase(t.replace('-', '_'))) {
                return m;
            }
        }
        return null;
    }

    /** The modes a benchmark in this mode really runs in: {@link #ALL} is every other mode. */
    public JmhMode[] expand() {
        return this == ALL ? new JmhMode[] {THROUGHPUT, AVERAGE_TIME, SAMPLE_TIME, SINGLE_SHOT_TIME}
                : new JmhMode[] {this};
    }

    @Override
    public String toString() {
        return label.toLowerCase(Locale.ROOT);
    }
}
