package io.perfgate.mainline;

import io.perfgate.gate.GateSettings;
import io.perfgate.history.HistoryStore;
import io.perfgate.history.MainBranches;
import io.perfgate.trend.ChangePointOptions;
import java.nio.file.Path;
import java.util.Objects;

/**
 * What {@code perf:trend} analyses: the store, the main branches whose runs form the series ({@code perf.mainBranch}), the module in a reactor (null: any), the detector's options, where the outputs go and, when
 * asked, where the history is exported as Otava's CSV (null: not exported).
 */
public final class TrendRequest {
    private final HistoryStore store;
    private final MainBranches mainBranches;
    private final String module;
    private final ChangePointOptions options;
    private final GateSettings settings;
    private final Path outputDirectory;
    private final Path otavaCsv;
    private final ChangeConfirmation confirmation;
    private final boolean save;

    public TrendRequest(HistoryStore store, MainBranches mainBranches, String module, ChangePointOptions options,
            GateSettings settings, Path outputDirectory, Path otavaCsv) {
        this(store, mainBranches, module, options, settings, outputDirectory, otavaCsv, null, true);
    }

    private TrendRequest(HistoryStore store, MainBranches mainBranches, String module, ChangePointOptions options,
            GateSettings settings, Path outputDirectory, Path otavaCsv, ChangeConfirmation confirmation,
            boolean save) {
        this.confirmation = confirmation;
        this.save = save;
        this.store = Objects.requireNonNull(store, "store");
        this.mainBranches = Objects.requireNonNull(mainBranches, "mainBranches");
        this.module = module;
        this.options = Objects.requireNonNull(options, "options");
        this.settings = Objects.requireNonNull(settings, "settings");
        this.outputDirectory = Objects.requireNonNull(outputDirectory, "outputDirectory");
        this.otavaCsv = otavaCsv;
    }

    public HistoryStore store() {
        return store;
    }

    /** Which runs are the main line's. */
    public MainBranches mainBranches() {
        return mainBranches;
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

    /** Confirms the slowdowns found side by side ({@code perf.confirm}); without it nothing is measured. */
    public TrendRequest confirming(ChangeConfirmation sideBySide) {
        return new TrendRequest(store, mainBranches, module, options, settings, outputDirectory, otavaCsv,
                sideBySide, save);
    }

    /**
     * Whether the reported points are saved into the store ({@code perf.trendSave}); false analyses only: nothing
     * is written to the store, the outputs are written to the output directory as always.
     */
    public TrendRequest saving(boolean saveIntoStore) {
        return new TrendRequest(store, mainBranches, module, options, settings, outputDirectory, otavaCsv,
                confirmation, saveIntoStore);
    }

    public boolean save() {
        return save;
    }

    /** Null: slowdowns are not measured side by side. */
    public ChangeConfirmation confirmation() {
        return confirmation;
    }
}
