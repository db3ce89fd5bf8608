package io.perfgate.results;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The content of {@code results.json} (schema 1), and of a baseline, which is a results file with a
 * provenance block. See {@code src/site/markdown/reference/results-schema.md} for the documented format.
 */
public final class PerfResults {
    /** The schema version this code writes and reads. */
    public static final int SCHEMA = 1;

    /** Every benchmark that was asked for ran to the end. */
    public static final String STATUS_COMPLETE = "complete";
    /** The run stopped early; such a file is never accepted as a baseline without {@code perf.force}. */
    public static final String STATUS_PARTIAL = "partial";

    private final String status;
    private final String createdAt;
    private final String toolVersion;
    private final String command;
    private final Map<String, String> environment;
    private final Map<String, String> settings;
    private final Map<String, String> provenance;
    private final String jmhRawFile;
    private final List<BenchmarkResult> benchmarks;
    private final Calibration calibration;

    private PerfResults(Builder b) {
        this.status = Objects.requireNonNull(b.status, "status");
        this.createdAt = Objects.requireNonNull(b.createdAt, "createdAt");
        this.toolVersion = Objects.requireNonNull(b.toolVersion, "toolVersion");
        this.command = b.command;
        this.environment = Collections.unmodifiableMap(new LinkedHashMap<>(b.environment));
        this.settings = Collections.unmodifiableMap(new LinkedHashMap<>(b.settings));
        this.provenance = Collections.unmodifiableMap(new LinkedHashMap<>(b.provenance));
        this.jmhRawFile = b.jmhRawFile;
        this.benchmarks = Collections.unmodifiableList(new ArrayList<>(b.benchmarks));
        this.calibration = b.calibration;
    }

    public static Builder builder() {
        return new Builder();
    }

    public Builder toBuilder() {
        Builder b = new Builder().status(status).createdAt(createdAt).toolVersion(toolVersion).command(command)
                .jmhRawFile(jmhRawFile).calibration(calibration);
        b.environment.putAll(environment);
        b.settings.putAll(settings);
        b.provenance.putAll(provenance);
        b.benchmarks.addAll(benchmarks);
        return b;
    }

    public String status() {
        return status;
    }

    public boolean isComplete() {
        return STATUS_COMPLETE.equals(status);
    }

    /** ISO-8601 instant of the run. */
    public String createdAt() {
        return createdAt;
    }

    public String toolVersion() {
        return toolVersion;
    }

    /** The command line that reproduces the run, or null. */
    public String command() {
        return command;
    }

    /** The environment fingerprint: flat, ordered field names to values (see {@code EnvironmentFingerprint}). */
    public Map<String, String> environment() {
        return environment;
    }

    /** The options in force for the run, by property name ({@code perf.forks} ...). */
    public Map<String, String> settings() {
        return settings;
    }

    /**
     * For a baseline: who recorded it, when, from which commit ({@link Provenance} names the fields and reads them).
     * Empty for plain results.
     */
    public Map<String, String> provenance() {
        return provenance;
    }

    /** File name, next to results.json, of JMH's own JSON output; null when there was none. */
    public String jmhRawFile() {
        return jmhRawFile;
    }

    public List<BenchmarkResult> benchmarks() {
        return benchmarks;
    }

    /** The noise floor measured by {@code perf:calibrate}, saved in a baseline; null when there is none. */
    public Calibration calibration() {
        return calibration;
    }

    /** The first result of benchmark {@code id} (a results file holds each once). */
    public Optional<BenchmarkResult> find(BenchmarkId id) {
        return benchmarks.stream().filter(b -> b.id().equals(id)).findFirst();
    }

    public static final class Builder {
        private String status = STATUS_COMPLETE;
        private String createdAt;
        private String toolVersion;
        private String command;
        private final Map<String, String> environment = new LinkedHashMap<>();
        private final Map<String, String> settings = new LinkedHashMap<>();
        private final Map<String, String> provenance = new LinkedHashMap<>();
        private String jmhRawFile;
        private final List<BenchmarkResult> benchmarks = new ArrayList<>();
        private Calibration calibration;

        public Builder status(String status) {
            this.status = status;
            return this;
        }

        public Builder createdAt(String createdAt) {
            this.createdAt = createdAt;
            return this;
        }

        public Builder toolVersion(String toolVersion) {
            this.toolVersion = toolVersion;
            return this;
        }

        public Builder command(String command) {
            this.command = command;
            return this;
        }

        public Builder environment(Map<String, String> environment) {
            this.environment.clear();
            this.environment.putAll(environment);
            return this;
        }

        public Builder settings(Map<String, String> settings) {
            this.settings.clear();
            this.settings.putAll(settings);
            return this;
        }

        public Builder provenance(Map<String, String> provenance) {
            this.provenance.clear();
            this.provenance.putAll(provenance);
            return this;
        }

        public Builder jmhRawFile(String jmhRawFile) {
            this.jmhRawFile = jmhRawFile;
            return this;
        }

        public Builder addBenchmark(BenchmarkResult benchmark) {
            this.benchmarks.add(benchmark);
            return this;
        }

        public Builder benchmarks(List<BenchmarkResult> benchmarks) {
            this.benchmarks.clear();
            this.benchmarks.addAll(benchmarks);
            return this;
        }

        /** The optional calibration section; null removes it. */
        public Builder calibration(Calibration calibration) {
            this.calibration = calibration;
            return this;
        }

        public PerfResults build() {
            return new PerfResults(this);
        }
    }
}
