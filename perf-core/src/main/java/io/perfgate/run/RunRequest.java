package io.perfgate.run;

import io.perfgate.config.PerfProperties;
import io.perfgate.jmh.JmhOptions;
import io.perfgate.scenariorunner.ScenarioDefinition;
import io.perfgate.jmh.ForkTimes;
import io.perfgate.scenariorunner.ScenarioTimes;
import io.perfgate.shard.Shard;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/** Everything perf:run needs, gathered by the Mojo from Maven; see {@link PerfRun}. */
public final class RunRequest {
    private final JmhOptions options;
    private final List<Path> classDirectories;
    private final Path mainClassDirectory;
    private final List<Path> classpath;
    private final Path java;
    private final Path projectDirectory;
    private final Path resultsFile;
    private final Map<String, String> extraSettings;
    private final Map<String, String> extraUserSettings;
    private final String pluginGoal;
    private final String pomArgument;
    private final List<String> profiles;
    private final String module;
    private final String pluginVersion;
    private final String mavenVersion;
    private final Clock clock;
    private final List<ScenarioDefinition> scenarios;
    private final Shard shard;
    private final Duration budget;
    private final ScenarioTimes scenarioTimes;
    private final ForkTimes forkTimes;

    private RunRequest(Builder b) {
        this.options = Objects.requireNonNull(b.options, "options");
        this.classDirectories = Collections.unmodifiableList(new ArrayList<>(b.classDirectories));
        this.mainClassDirectory = b.mainClassDirectory;
        this.classpath = Collections.unmodifiableList(new ArrayList<>(b.classpath));
        this.java = Objects.requireNonNull(b.java, "java");
        this.projectDirectory = Objects.requireNonNull(b.projectDirectory, "projectDirectory");
        this.resultsFile = Objects.requireNonNull(b.resultsFile, "resultsFile");
        this.extraSettings = Collections.unmodifiableMap(new LinkedHashMap<>(b.extraSettings));
        this.extraUserSettings = Collections.unmodifiableMap(new LinkedHashMap<>(b.extraUserSettings));
        this.pluginGoal = Objects.requireNonNull(b.pluginGoal, "pluginGoal");
        this.pomArgument = b.pomArgument;
        this.profiles = Collections.unmodifiableList(new ArrayList<>(b.profiles));
        this.module = b.module;
        this.pluginVersion = Objects.requireNonNull(b.pluginVersion, "pluginVersion");
        this.mavenVersion = b.mavenVersion;
        this.clock = b.clock;
        this.scenarios = Collections.unmodifiableList(new ArrayList<>(b.scenarios));
        this.shard = b.shard;
        this.budget = b.budget;
        this.scenarioTimes = b.scenarioTimes;
        this.forkTimes = b.forkTimes;
    }

    public static Builder builder() {
        return new Builder();
    }

    public JmhOptions options() {
        return options;
    }

    /** Class output directories whose META-INF/BenchmarkList is read: test classes, then main classes if asked. */
    public List<Path> classDirectories() {
        return classDirectories;
    }

    /**
     * The project's main classes directory, or null: when it is not among {@link #classDirectories()} yet holds
     * the benchmarks, the error says to include it.
     */
    public Path mainClassDirectory() {
        return mainClassDirectory;
    }

    /** The project's test classpath, for the benchmark JVM. */
    public List<Path> classpath() {
        return classpath;
    }

    /** The {@code java} executable of the benchmark JVM. */
    public Path java() {
        return java;
    }

    public Path projectDirectory() {
        return projectDirectory;
    }

    /** {@code target/perf/results.json}; JMH's raw JSON and output log go next to it. */
    public Path resultsFile() {
        return resultsFile;
    }

    public Path outputDirectory() {
        return resultsFile.toAbsolutePath().getParent();
    }

    /** Settings of perf:run that are not JMH options (e.g. perf.useToolchain), by property name. */
    public Map<String, String> extraSettings() {
        return extraSettings;
    }

    /** Those of {@link #extraSettings()} the user changed from their default, for the reproducing command. */
    public Map<String, String> extraUserSettings() {
        return extraUserSettings;
    }

    /** {@code io.perfgate:perf-maven-plugin:0.1.0-SNAPSHOT:run}. */
    public String pluginGoal() {
        return pluginGoal;
    }

    /** {@code -f <path>} for the reproducing command when the project is not where Maven was started; or null. */
    public String pomArgument() {
        return pomArgument;
    }

    /** The Maven profiles the build was started with ({@code -P}), for the reproducing command. */
    public List<String> profiles() {
        return profiles;
    }

    /** The module's artifactId in a multi-module build, recorded so that reports name it; null otherwise. */
    public String module() {
        return module;
    }

    public String pluginVersion() {
        return pluginVersion;
    }

    public String mavenVersion() {
        return mavenVersion;
    }

    public Clock clock() {
        return clock;
    }

    /** The longest the measurement may take ({@code perf.budget}), or null. */
    public Duration budget() {
        return budget;
    }

    /** The part of the suite this run measures, or null for all of it. */
    public Shard shard() {
        return shard;
    }

    /** What each scenario's JVMs are expected to take, for the shard and the budget. */
    public ScenarioTimes scenarioTimes() {
        return scenarioTimes;
    }

    /** What each benchmark's forks are expected to take, for the shard and the budget. */
    public ForkTimes forkTimes() {
        return forkTimes;
    }

    /** The end-to-end scenarios to run after the JMH benchmarks, already filtered by perf.scenarioIncludes. */
    public List<ScenarioDefinition> scenarios() {
        return scenarios;
    }

    public static final class Builder {
        private JmhOptions options;
        private final List<Path> classDirectories = new ArrayList<>();
        private Path mainClassDirectory;
        private final List<Path> classpath = new ArrayList<>();
        private Path java;
        private Path projectDirectory;
        private Path resultsFile;
        private final Map<String, String> extraSettings = new LinkedHashMap<>();
        private final Map<String, String> extraUserSettings = new LinkedHashMap<>();
        private String pluginGoal;
        private String pomArgument;
        private final List<String> profiles = new ArrayList<>();
        private String module;
        private String pluginVersion;
        private String mavenVersion;
        private Clock clock = Clock.systemDefaultZone();
        private final List<ScenarioDefinition> scenarios = new ArrayList<>();
        private Shard shard;
        private Duration budget;
        private ScenarioTimes scenarioTimes = ScenarioTimes.guessed();
        private ForkTimes forkTimes = ForkTimes.none();

        /** What the benchmarks' forks took when last recorded; as planned unless set. */
        public Builder forkTimes(ForkTimes times) {
            this.forkTimes = Objects.requireNonNull(times, "forkTimes");
            return this;
        }

        /** What the scenarios' JVMs took when last recorded; guessed unless set. */
        public Builder scenarioTimes(ScenarioTimes times) {
            this.scenarioTimes = Objects.requireNonNull(times, "scenarioTimes");
            return this;
        }

        /** Refuses a plan expected to take longer, before it measures anything; null: no limit. */
        public Builder budget(Duration budget) {
            this.budget = budget;
            return this;
        }

        public Builder options(JmhOptions options) {
            this.options = options;
            return this;
        }

        public Builder classDirectories(List<Path> dirs) {
            classDirectories.clear();
            classDirectories.addAll(dirs);
            return this;
        }

        /** The main classes directory, read only for advice when it is not among the class directories. */
        public Builder mainClassDirectory(Path dir) {
            this.mainClassDirectory = dir;
            return this;
        }

        public Builder classpath(List<Path> classpath) {
            this.classpath.clear();
            this.classpath.addAll(classpath);
            return this;
        }

        public Builder java(Path java) {
            this.java = java;
            return this;
        }

        public Builder projectDirectory(Path dir) {
            this.projectDirectory = dir;
            return this;
        }

        public Builder resultsFile(Path file) {
            this.resultsFile = file;
            return this;
        }

        /** A setting by property name; {@code userSet} when it differs from its default. */
        public Builder setting(String property, String value, boolean userSet) {
            extraSettings.put(property, value);
            if (userSet) {
                extraUserSettings.put(property, value);
            }
            return this;
        }

        public Builder pluginGoal(String goal) {
            this.pluginGoal = goal;
            return this;
        }

        public Builder profiles(List<String> profiles) {
            this.profiles.clear();
            if (profiles != null) {
                this.profiles.addAll(profiles);
            }
            return this;
        }

        public Builder pomArgument(String pomArgument) {
            this.pomArgument = pomArgument;
            return this;
        }

        public Builder module(String module) {
            this.module = module;
            return this;
        }

        public Builder pluginVersion(String version) {
            this.pluginVersion = version;
            return this;
        }

        public Builder mavenVersion(String version) {
            this.mavenVersion = version;
            return this;
        }

        public Builder clock(Clock clock) {
            this.clock = clock;
            return this;
        }

        /**
         * Runs only this shard's part of the selected benchmarks and scenarios (null: all), and records it in the
         * settings and the reproducing command.
         */
        public Builder shard(Shard shard) {
            this.shard = shard;
            if (shard != null) {
                setting(PerfProperties.SHARD, shard.toString(), true);
            }
            return this;
        }

        public Builder scenarios(List<ScenarioDefinition> scenarios) {
            this.scenarios.clear();
            this.scenarios.addAll(scenarios);
            return this;
        }

        public RunRequest build() {
            return new RunRequest(this);
        }
    }
}
