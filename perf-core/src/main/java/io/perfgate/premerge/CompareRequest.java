package io.perfgate.premerge;

import io.perfgate.config.PerfProperties;
import io.perfgate.gate.GateSettings;
import io.perfgate.history.HistoryRecord;
import io.perfgate.interleaved.InterleavedRun;
import io.perfgate.interleaved.InterleavedSchedule;
import io.perfgate.log.PerfLog;
import io.perfgate.profile.ProfilerSetup;
import io.perfgate.report.ReportWriter;
import io.perfgate.results.Calibration;
import io.perfgate.shard.Shard;
import io.perfgate.shard.ShardTime;
import io.perfgate.workspace.CheckoutPaths;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/** What {@code perf:compare} was asked to do, with the paths of the running build. Immutable. */
public final class CompareRequest {
    private final String against;
    /** Where the base is checked out and built from, and where the comparison writes. */
    private final CheckoutPaths paths;
    private final List<Path> candidateClasspath;
    private final long seed;
    private final boolean adaptive;
    private final boolean forkPlanAuto;
    private final boolean affected;
    private final int maxForks;
    private final GateSettings settings;
    private final String command;
    private final String toolVersion;
    private final Set<ReportWriter.Format> reportFormats;
    private final String goal;
    private final Shard shard;
    private final Duration budget;
    private final ShardTime shardTime;
    private final ProfilerSetup profiling;
    private final Calibration calibration;
    private final Treatment baseline;
    private final List<Treatment> treatments;
    private final List<HistoryRecord> history;
    private final ExecutedCodeMaps.Source executedCode;

    private CompareRequest(Builder b) {
        this.against = Objects.requireNonNull(b.against, "against");
        Path module = Objects.requireNonNull(b.moduleDirectory, "moduleDirectory");
        this.paths = new CheckoutPaths(module, b.reactorRoot != null ? b.reactorRoot : module,
                Objects.requireNonNull(b.outputDirectory, "outputDirectory"), b.testOutput, b.mainOutput);
        this.candidateClasspath = Collections.unmodifiableList(new ArrayList<>(b.candidateClasspath));
        this.seed = b.seed;
        this.adaptive = b.adaptive;
        this.forkPlanAuto = b.forkPlanAuto;
        this.affected = b.affected;
        this.maxForks = b.maxForks;
        this.settings = Objects.requireNonNull(b.settings, "settings");
        this.command = b.command;
        this.toolVersion = Objects.requireNonNull(b.toolVersion, "toolVersion");
        this.reportFormats = Collections.unmodifiableSet(EnumSet.copyOf(b.reportFormats));
        this.goal = Objects.requireNonNull(b.goal, "goal");
        this.shard = b.shard;
        this.budget = b.budget;
        this.shardTime = b.shardTime;
        this.profiling = b.profiling;
        this.calibration = b.calibration;
        this.treatments = Collections.unmodifiableList(new ArrayList<>(b.treatments));
        this.history = Collections.unmodifiableList(new ArrayList<>(b.history));
        this.executedCode = b.executedCode;
        this.baseline = b.baseline != null ? b.baseline
                : new Treatment(PerfProperties.DEFAULT_BASELINE_NAME, against, Collections.emptyList());
    }

    public static Builder builder() {
        return new Builder();
    }

    public Builder toBuilder() {
        return new Builder().against(against).paths(paths).candidateClasspath(candidateClasspath)
                .seed(seed).adaptive(adaptive).forkPlanAuto(forkPlanAuto).affected(affected).maxForks(maxForks).settings(settings).command(command)
                .toolVersion(toolVersion).reportFormats(reportFormats).goal(goal).shard(shard).budget(budget)
                .shardTime(shardTime).profiling(profiling).calibration(calibration).treatments(baseline, treatments)
                .history(history).executedCode(executedCode);
    }

    /**
     * The treatments to measure against {@link #baseline()} ({@code perf.treatments}); empty for the comparison of
     * the working tree against its base.
     */
    public List<Treatment> treatments() {
        return treatments;
    }

    /** The baseline of a comparison of treatments: {@code perf.against} exactly, with its name and arguments. */
    public Treatment baseline() {
        return baseline;
    }

    /**
     * The between-fork noise {@code perf:calibrate} stored in the baseline, which the rounds of adaptive stopping
     * are sized with together with the noise the rounds measure ({@link io.perfgate.interleaved.StopRule}); null when none is stored.
     */
    public Calibration calibration() {
        return calibration;
    }

    /** What profiling is asked for once the verdicts are in ({@code perf.profile}, {@code perf.profiler}). */
    public ProfilerSetup profiling() {
        return profiling;
    }

    /** The history's records, oldest first, that order the suite ({@link io.perfgate.planning.SuiteOrder#pastChanges}); empty without one. */
    public List<HistoryRecord> history() {
        return history;
    }

    /**
     * Where {@code perf.affected} looks for the map of the code each benchmark ran (the history store, read-only);
     * null: none, so the class analysis selects.
     */
    public ExecutedCodeMaps.Source executedCode() {
        return executedCode;
    }

    /**
     * Holds {@code run}'s rounds to {@code perf.budget}, whose time counts from {@code startedNanos} (the goal's
     * start, from {@link System#nanoTime}: the base's build comes out of it), or to {@code perf.shardTime}, saying so.
     */
    void limitRounds(InterleavedRun run, long startedNanos, PerfLog log) {
        if (budget != null) {
            run.budget(budget.minusNanos(System.nanoTime() - startedNanos));
        }
        if (shardTime != null) {
            Instant now = Instant.now();
            log.info(shardTime.line(now));
            run.shardTime(shardTime.left(now));
        }
    }

    /** The longest the comparison may take, base build included ({@code perf.budget}), or null. */
    public Duration budget() {
        return budget;
    }

    /**
     * When a shard's rounds past each benchmark's fewest end ({@code perf.shardTime}), or null: not a shard, a
     * {@link #budget} given, or the limit lifted.
     */
    public ShardTime shardTime() {
        return shardTime;
    }

    /** The part of the selected benchmarks this comparison measures, or null for all. */
    public Shard shard() {
        return shard;
    }

    /** Where the base is checked out and built from. */
    public CheckoutPaths paths() {
        return paths;
    }

    /** The ref given in {@code perf.against}; the base is its merge base with HEAD. */
    public String against() {
        return against;
    }

    /** Where the comparison writes its results, reports and profiles: {@code paths().outputDirectory()}. */
    public Path outputDirectory() {
        return paths.outputDirectory();
    }

    public List<Path> candidateClasspath() {
        return candidateClasspath;
    }

    public long seed() {
        return seed;
    }

    public boolean adaptive() {
        return adaptive;
    }

    /**
     * {@code perf.forkPlan=auto}: benchmarks without a calibrated plan take their fork length and count from the
     * first rounds' noise ({@link io.perfgate.planning.FirstRoundsPlan}).
     */
    public boolean forkPlanAuto() {
        return forkPlanAuto;
    }

    /**
     * Whether only the benchmarks the patch can affect are compared ({@code perf.affected}): those that ran a changed
     * method by the map of executed code, else those that reach a changed class.
     */
    public boolean affected() {
        return affected;
    }

    public int maxForks() {
        return maxForks;
    }

    /** The gate's settings (thresholds, rules, alpha); the comparison decides at alpha / 2 when adaptive. */
    public GateSettings settings() {
        return settings;
    }

    public String command() {
        return command;
    }

    public String toolVersion() {
        return toolVersion;
    }

    /** The report files to write ({@code perf.reportFormats}). */
    public Set<ReportWriter.Format> reportFormats() {
        return reportFormats;
    }

    /**
     * The goal that runs the comparison, as its messages name it: {@code perf:compare}, or {@code perf:check} with
     * {@code perf.against}.
     */
    public String goal() {
        return goal;
    }

    public static final class Builder {
        private String against;
        private Path moduleDirectory;
        private Path reactorRoot;
        private Path outputDirectory;
        private Path testOutput = Path.of("target", "test-classes");
        private Path mainOutput = Path.of("target", "classes");
        private final List<Path> candidateClasspath = new ArrayList<>();
        private long seed = InterleavedSchedule.randomSeed();
        private Shard shard;
        private Duration budget;
        private ShardTime shardTime;
        private ProfilerSetup profiling = ProfilerSetup.none();
        private Calibration calibration;
        private Treatment baseline;
        private final List<Treatment> treatments = new ArrayList<>();
        private final List<HistoryRecord> history = new ArrayList<>();

        private ExecutedCodeMaps.Source executedCode;

        /** Where {@code perf.affected} looks for maps of executed code; null: nowhere. */
        public Builder executedCode(ExecutedCodeMaps.Source source) {
            this.executedCode = source;
            return this;
        }

        /** The history's records, oldest first: benchmarks whose past runs changed more often run earlier. */
        public Builder history(List<HistoryRecord> records) {
            this.history.clear();
            this.history.addAll(records);
            return this;
        }

        /** Several treatments against one baseline; no treatments: the working tree against its base. */
        public Builder treatments(Treatment baseline, List<Treatment> treatments) {
            this.baseline = baseline;
            this.treatments.clear();
            this.treatments.addAll(treatments);
            return this;
        }

        public Builder calibration(Calibration calibration) {
            this.calibration = calibration;
            return this;
        }

        /** The wall time the comparison may take, base build included; null: no limit. */
        public Builder profiling(ProfilerSetup profiling) {
            this.profiling = profiling;
            return this;
        }

        public Builder shardTime(ShardTime time) {
            this.shardTime = time;
            return this;
        }

        public Builder budget(Duration budget) {
            this.budget = budget;
            return this;
        }

        /** Compares only this shard's part of the working tree's selected benchmarks; null for all. */
        public Builder shard(Shard shard) {
            this.shard = shard;
            return this;
        }
        private boolean adaptive = Boolean.parseBoolean(PerfProperties.DEFAULT_TRUE);
        private boolean forkPlanAuto;
        private boolean affected;

        public Builder affected(boolean affected) {
            this.affected = affected;
            return this;
        }
        private int maxForks = Integer.parseInt(PerfProperties.DEFAULT_MAX_FORKS);
        private GateSettings settings = GateSettings.defaults();
        private String command;
        private String toolVersion = "unknown";
        private Set<ReportWriter.Format> reportFormats = EnumSet.allOf(ReportWriter.Format.class);
        private String goal = "perf:compare";

        public Builder against(String against) {
            this.against = against;
            return this;
        }

        public Builder moduleDirectory(Path moduleDirectory) {
            this.moduleDirectory = moduleDirectory;
            return this;
        }

        public Builder reactorRoot(Path reactorRoot) {
            this.reactorRoot = reactorRoot;
            return this;
        }

        public Builder outputDirectory(Path outputDirectory) {
            this.outputDirectory = outputDirectory;
            return this;
        }

        /** The module, the top-level project, the output directory and the class directories, as one. */
        public Builder paths(CheckoutPaths paths) {
            return moduleDirectory(paths.moduleDirectory()).reactorRoot(paths.reactorRoot())
                    .outputDirectory(paths.outputDirectory()).outputs(paths.testOutput(), paths.mainOutput());
        }

        /** Both relative to the module directory. */
        public Builder outputs(Path testOutput, Path mainOutput) {
            this.testOutput = testOutput;
            this.mainOutput = mainOutput;
            return this;
        }

        public Builder candidateClasspath(List<Path> classpath) {
            this.candidateClasspath.clear();
            this.candidateClasspath.addAll(classpath);
            return this;
        }

        public Builder seed(long seed) {
            this.seed = seed;
            return this;
        }

        public Builder adaptive(boolean adaptive) {
            this.adaptive = adaptive;
            return this;
        }

        public Builder forkPlanAuto(boolean auto) {
            this.forkPlanAuto = auto;
            return this;
        }

        public Builder maxForks(int maxForks) {
            this.maxForks = maxForks;
            return this;
        }

        public Builder settings(GateSettings settings) {
            this.settings = settings;
            return this;
        }

        public Builder command(String command) {
            this.command = command;
            return this;
        }

        public Builder toolVersion(String toolVersion) {
            this.toolVersion = toolVersion;
            return this;
        }

        public Builder reportFormats(Set<ReportWriter.Format> formats) {
            this.reportFormats = formats.isEmpty() ? EnumSet.noneOf(ReportWriter.Format.class) : EnumSet.copyOf(formats);
            return this;
        }

        public Builder goal(String goal) {
            this.goal = goal;
            return this;
        }

        public CompareRequest build() {
            return new CompareRequest(this);
        }
    }
}
