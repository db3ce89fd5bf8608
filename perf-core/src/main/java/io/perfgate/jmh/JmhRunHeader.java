package io.perfgate.jmh;

import io.perfgate.results.BenchmarkId;
import io.perfgate.results.BenchmarkResult;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/** The header JMH prints before each run: benchmark, mode and parameter values. */
public final class JmhRunHeader {
    private final String benchmark;
    private final String mode;
    private final Map<String, String> params;

    public JmhRunHeader(String benchmark, String mode, Map<String, String> params) {
        this.benchmark = benchmark;
        this.mode = mode;
        this.params = Collections.unmodifiableMap(new LinkedHashMap<>(params));
    }

    /** Full name, e.g. {@code com.acme.StringBench.concat}; "?" before JMH printed one. */
    public String benchmark() {
        return benchmark;
    }

    /** JMH's long mode label, e.g. {@code Average time, time/op}; empty when unknown. */
    public String mode() {
        return mode;
    }

    public Map<String, String> params() {
        return params;
    }

    /** {@code StringBench.concat (size=10)}: class and method, then the parameters. */
    public String displayName() {
        int lastDot = benchmark.lastIndexOf('.');
        int prevDot = lastDot > 0 ? benchmark.lastIndexOf('.', lastDot - 1) : -1;
        StringBuilder sb = new StringBuilder(benchmark.substring(prevDot + 1));
        if (!params.isEmpty()) {
            sb.append(" (");
            String sep = "";
            for (Map.Entry<String, String> e : params.entrySet()) {
                sb.append(sep).append(e.getKey()).append('=').append(e.getValue());
                sep = ", ";
            }
            sb.append(')');
        }
        return sb.toString();
    }

    @Override
    public String toString() {
        return displayName();
    }

    /** The results' id of a mode from JMH's long label in its run header ("Average time, time/op": avgt). */
    public static String shortMode(String longLabel) {
        if (longLabel.startsWith("Throughput")) {
            return BenchmarkResult.MODE_THROUGHPUT;
        }
        if (longLabel.startsWith("Average")) {
            return BenchmarkResult.MODE_AVERAGE_TIME;
        }
        if (longLabel.startsWith("Sampling")) {
            return BenchmarkResult.MODE_SAMPLE_TIME;
        }
        if (longLabel.startsWith("Single shot")) {
            return BenchmarkResult.MODE_SINGLE_SHOT;
        }
        return longLabel;
    }

    /** Which result this run makes: its benchmark, parameters and the mode's id. */
    public BenchmarkId resultId() {
        return BenchmarkId.of(benchmark(), params(), shortMode(mode()));
    }
}
