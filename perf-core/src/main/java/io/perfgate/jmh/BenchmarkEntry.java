package io.perfgate.jmh;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * One line of {@code META-INF/BenchmarkList}: a benchmark method in one mode, with what its JMH annotations set
 * ({@code @Fork}, {@code @Warmup}, {@code @Measurement}, {@code @OutputTimeUnit}, {@code @Threads},
 * {@code @Param}). A null value means the annotation does not set it.
 */
public final class BenchmarkEntry {
    private final String userClass;
    private final String method;
    private final JmhMode mode;
    private final Integer threads;
    private final Integer warmupIterations;
    private final JmhTime warmupTime;
    private final Integer measurementIterations;
    private final JmhTime measurementTime;
    private final Integer forks;
    private final Integer warmupForks;
    private final String timeUnit;
    private final Map<String, List<String>> params;

    BenchmarkEntry(String userClass, String method, JmhMode mode, Integer threads, Integer warmupIterations,
            JmhTime warmupTime, Integer measurementIterations, JmhTime measurementTime, Integer forks,
            Integer warmupForks, String timeUnit, Map<String, List<String>> params) {
        this.userClass = userClass;
        this.method = method;
        this.mode = mode;
        this.threads = threads;
        this.warmupIterations = warmupIterations;
        this.warmupTime = warmupTime;
        this.measurementIterations = measurementIterations;
        this.measurementTime = measurementTime;
        this.forks = forks;
        this.warmupForks = warmupForks;
        this.timeUnit = timeUnit;
        this.params = Collections.unmodifiableMap(new TreeMap<>(params));
    }

    /** The full name JMH matches includes against: {@code com.acme.StringBench.concat}. */
    public String name() {
        return userClass + "." + method;
    }

    public String userClass() {
        return userClass;
    }

    public String method() {
        return method;
    }

    /** The mode from {@code @BenchmarkMode}, or Throughput, which JMH records when there is none. */
    public JmhMode mode() {
        return mode;
    }

    public Integer threads() {
        return threads;
    }

    public Integer warmupIterations() {
        return warmupIterations;
    }

    public JmhTime warmupTime() {
        return warmupTime;
    }

    public Integer measurementIterations() {
        return measurementIterations;
    }

    public JmhTime measurementTime() {
        return measurementTime;
    }

    public Integer forks() {
        return forks;
    }

    public Integer warmupForks() {
        return warmupForks;
    }

    /** JMH's {@code -tu} label of {@code @OutputTimeUnit}: {@code ns}, {@code us} ... */
    public String timeUnit() {
        return timeUnit;
    }

    /** {@code @Param} names and their values in the annotation (empty list: none given), sorted by name. */
    public Map<String, List<String>> params() {
        return params;
    }

    @Override
    public String toString() {
        Map<String, Object> fields = new LinkedHashMap<>();
        fields.put("mode", mode);
        fields.put("forks", forks);
        fields.put("warmup", warmupIterations + " x " + warmupTime);
        fields.put("measurement", measurementIterations + " x " + measurementTime);
        fields.put("params", params);
        return name() + fields;
    }
}
