package io.perfgate.mainline;

import io.perfgate.gate.GateSettings;
import io.perfgate.history.HistoryStore;
import io.perfgate.trend.ChangePointOptions;
import java.nio.file.Path;
import java.util.Objects;

/**
 * What {@code perf:trend} analyses: the store, the branch whose runs form the series (null: {@code main}, else
 * {@code master}), the module in a reactor (null: any), the detector's options, where the outputs go and, when
 * asked, where the history is exported as Otava's CSV (null: not exported).
 */
public final class TrendRequest {
    private final HistoryStore store;
    private final String branch;
    private final String module;
    private final ChangePointOptions options;
    private final GateSettings settings;
    private final Path outputDirectory;
    private final Path otavaCsv;

    public TrendRequest(HistoryStore store, String branch, String module, ChangePointOptions options,
            GateSettings settings, Path outputDirectory, Path otavaCsv) {
        this.store = Objects.requireNonNull(store, "store");
        this.branch = branch == null || branch.trim().isEmpty() ? null : branch.trim();
        this.module = module;
        this.options = Objects.requireNonNull(options, "options");
        this.settings = Objects.requireNonNull(settings, "settings");
        this.outputDirectory = Objects.requireNonNull(outputDirectory, "outputDirectory");
        this.otavaCsv = otavaCsv;
    }

    public HistoryStore store() {
        return store;
    }

    /** The branch asked for, or null for the default ({@code main}, else {@code master}). */
    public String branch() {
        return branch;
    }

    public String module() {
        return module;
    }

    public ChangePointOptions options() {
        return options;
    }

    /** The gate settings: per-benchmark rules that ignore a benchmark or force its direction apply here too. */
    public GateSettings settings() {
        return settings;
    }

    public Path outputDirectory() {
        return outputDirectory;
    }

    public Path otavaCsv() {
        return otavaCsv;
    }
}
