package io.perfgate.scenario.harness;

import io.perfgate.scenario.ScenarioContext;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/** The {@link ScenarioContext} of one scenario JVM; the harness opens and closes a run around each call. */
final class HarnessContext implements ScenarioContext {
    private final String scenarioId;
    private final Map<String, String> parameters;
    private final Path workDirectory;
    private final String childProfiler;
    private final Map<String, AtomicInteger> profiledChildren = new ConcurrentHashMap<>();
    private volatile boolean inRun;
    private volatile boolean warmup;
    private volatile Map<String, Double> metrics = new ConcurrentHashMap<>();
    private volatile LatencyBuffer latencies = new LatencyBuffer();

    HarnessContext(String scenarioId, Map<String, String> parameters, Path workDirectory) {
        this(scenarioId, parameters, workDirectory, "");
    }

    /** @param childProfiler the option that profiles a child JVM, with {@code {process}}; empty when not profiling */
    HarnessContext(String scenarioId, Map<String, String> parameters, Path workDirectory, String childProfiler) {
        this.scenarioId = scenarioId;
        this.parameters = Collections.unmodifiableMap(new LinkedHashMap<>(parameters));
        this.workDirectory = workDirectory;
        this.childProfiler = childProfiler == null ? "" : childProfiler;
    }

    @Override
    public List<String> profilerJvmOptions(String process) {
        if (process == null || !process.matches("[A-Za-z0-9._-]+")) {
            throw new IllegalArgumentException("profilerJvmOptions(\"" + process + "\"): name the process with"
                    + " letters, digits, '.', '_' or '-'");
        }
        if (childProfiler.isEmpty()) {
            return Collections.emptyList();
        }
        int n = profiledChildren.computeIfAbsent(process, k -> new AtomicInteger()).incrementAndGet();
        return Collections.singletonList(childProfiler.replace("{process}", process + "-" + n));
    }

    void beginRun(boolean isWarmup) {
        metrics = new ConcurrentHashMap<>();
        latencies = new LatencyBuffer();
        warmup = isWarmup;
        inRun = true;
    }

    void endRun() {
        inRun = false;
    }

    Map<String, Double> metrics() {
        return metrics;
    }

    LatencyBuffer latencies() {
        return latencies;
    }

    @Override
    public String scenarioId() {
        return scenarioId;
    }

    @Override
    public Map<String, String> parameters() {
        return parameters;
    }

    @Override
    public String parameter(String name) {
        String value = parameters.get(name);
        if (value == null) {
            throw new IllegalArgumentException("scenario '" + scenarioId + "' needs the parameter '" + name
                    + "'; set it under <parameters> of the scenario in the POM");
        }
        return value;
    }

    @Override
    public String parameter(String name, String defaultValue) {
        String value = parameters.get(name);
        return value == null ? defaultValue : value;
    }

    @Override
    public int intParameter(String name, int defaultValue) {
        String value = parameters.get(name);
        if (value == null) {
            return defaultValue;
        }
        try {
            return Integer.parseInt(value.trim());
        } catch (NumberFormatException e) {
            throw badValue(name, value, "an integer");
        }
    }

    @Override
    public long longParameter(String name, long defaultValue) {
        String value = parameters.get(name);
        if (value == null) {
            return defaultValue;
        }
        try {
            return Long.parseLong(value.trim());
        } catch (NumberFormatException e) {
            throw badValue(name, value, "an integer");
        }
    }

    @Override
    public double doubleParameter(String name, double defaultValue) {
        String value = parameters.get(name);
        if (value == null) {
            return defaultValue;
        }
        try {
            double d = Double.parseDouble(value.trim());
            if (Double.isNaN(d) || Double.isInfinite(d)) {
                throw badValue(name, value, "a finite number");
            }
            return d;
        } catch (NumberFormatException e) {
            throw badValue(name, value, "a number");
        }
    }

    @Override
    public boolean booleanParameter(String name, boolean defaultValue) {
        String value = parameters.get(name);
        if (value == null) {
            return defaultValue;
        }
        String v = value.trim().toLowerCase(Locale.ROOT);
        if (v.equals("true")) {
            return true;
        }
        if (v.equals("false")) {
            return false;
        }
        throw badValue(name, value, "true or false");
    }

    private IllegalArgumentException badValue(String name, String value, String expected) {
        return new IllegalArgumentException("parameter '" + name + "' of scenario '" + scenarioId + "' is '"
                + value + "', expected " + expected);
    }

    @Override
    public Path workDirectory() {
        return workDirectory;
    }

    @Override
    public boolean isWarmup() {
        return warmup;
    }

    @Override
    public void recordMetric(String name, double value) {
        checkMetric(name, value);
        metrics.put(name, value);
    }

    @Override
    public void addToMetric(String name, double delta) {
        checkMetric(name, delta);
        metrics.merge(name, delta, Double::sum);
    }

    private void checkMetric(String name, double value) {
        if (!Protocol.isValidMetricName(name)) {
            throw new IllegalArgumentException("metric name '" + name
                    + "' must be 1-100 letters, digits, '.', '_' or '-'");
        }
        if (Protocol.RESERVED_METRIC_NAMES.contains(name)) {
            throw new IllegalArgumentException("metric name '" + name
                    + "' is measured by the harness itself; choose another name");
        }
        if (Double.isNaN(value) || Double.isInfinite(value)) {
            throw new IllegalArgumentException("metric '" + name + "' must be a finite number, was " + value);
        }
        requireRun("recordMetric");
    }

    @Override
    public void recordLatencyNanos(long nanos) {
        if (nanos < 0) {
            throw new IllegalArgumentException("a latency cannot be negative: " + nanos + " ns");
        }
        requireRun("recordLatencyNanos");
        latencies.add(nanos);
    }

    private void requireRun(String method) {
        if (!inRun) {
            throw new IllegalStateException(method + " is only possible inside Scenario.run: values recorded in "
                    + "set-up or tear-down belong to no run");
        }
    }
}
