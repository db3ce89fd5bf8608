package io.perfgate.scenariorunner;

import io.perfgate.results.BenchmarkResult;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What {@link ScenarioRunner} measured: the results to add to {@code results.json}, and the settings to add to
 * its {@code settings} block ({@code perf.scenario.<id>.coldRuns} ...), which the methodology prints.
 */
public final class ScenarioResults {
    private final List<BenchmarkResult> results;
    private final Map<String, String> settings;

    ScenarioResults(List<BenchmarkResult> results, Map<String, String> settings) {
        this.results = Collections.unmodifiableList(new ArrayList<>(results));
        this.settings = Collections.unmodifiableMap(new LinkedHashMap<>(settings));
    }

    /** For each scenario, a result with params {@code runs=cold} and one with {@code runs=warm} (when run). */
    public List<BenchmarkResult> results() {
        return results;
    }

    public Map<String, String> settings() {
        return settings;
    }
}
