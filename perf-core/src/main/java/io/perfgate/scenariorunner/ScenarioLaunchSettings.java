package io.perfgate.scenariorunner;

import io.perfgate.scenario.harness.ScenarioMain;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

/** How scenario JVMs are launched: the JDK, the classpath, and where their files go. */
public final class ScenarioLaunchSettings {
    private final Path javaHome;
    private final List<Path> projectClasspath;
    private final List<Path> harnessClasspath;
    private final Path outputDirectory;
    private final Path basedir;
    private final Duration killGrace;
    private final Duration threadGrace;

    private ScenarioLaunchSettings(Builder b) {
        this.javaHome = Objects.requireNonNull(b.javaHome, "javaHome");
        this.projectClasspath = Collections.unmodifiableList(new ArrayList<>(b.projectClasspath));
        this.harnessClasspath = Collections.unmodifiableList(new ArrayList<>(
                b.harnessClasspath != null ? b.harnessClasspath : Collections.singletonList(harnessLocation())));
        this.outputDirectory = Objects.requireNonNull(b.outputDirectory, "outputDirectory");
        this.basedir = b.basedir != null ? b.basedir : Paths.get("").toAbsolutePath();
        this.killGrace = b.killGrace;
        this.threadGrace = b.threadGrace;
    }

    public static Builder builder() {
        return new Builder();
    }

    /** The JDK a {@code bin/java} executable belongs to: the scenario JVMs' {@code JAVA_HOME}. */
    public static Path javaHomeOf(Path java) {
        return java.toAbsolutePath().getParent().getParent();
    }

    /**
     * The jar (or classes directory) holding the harness, taken from where this plugin loaded it, so scenario
     * JVMs run the harness of the plugin's own version.
     */
    public static Path harnessLocation() {
        try {
            return Paths.get(ScenarioMain.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException | RuntimeException e) {
            throw new IllegalStateException("cannot locate the perf-scenario-api jar of the plugin: " + e, e);
        }
    }

    /** The JDK that runs scenarios; also {@code JAVA_HOME} of their JVMs, so cluster containers use it too. */
    public Path javaHome() {
        return javaHome;
    }

    /** The project's test classpath, in order. */
    public List<Path> projectClasspath() {
        return projectClasspath;
    }

    /** Put before the project's classpath: the harness and the API of the plugin's version. */
    public List<Path> harnessClasspath() {
        return harnessClasspath;
    }

    /** {@code target/perf}; each scenario writes under {@code scenarios/<id>/}. */
    public Path outputDirectory() {
        return outputDirectory;
    }

    /** The project's base directory, passed to scenario JVMs as {@code -Dbasedir}. */
    public Path basedir() {
        return basedir;
    }

    /** How long a process asked to stop (SIGTERM) may take before it is killed. */
    public Duration killGrace() {
        return killGrace;
    }

    /** How long tear-down may leave threads and child processes to finish. */
    public Duration threadGrace() {
        return threadGrace;
    }

    public static final class Builder {
        private Path javaHome = Paths.get(System.getProperty("java.home"));
        private List<Path> projectClasspath = new ArrayList<>();
        private List<Path> harnessClasspath;
        private Path outputDirectory;
        private Path basedir;
        private Duration killGrace = Duration.ofSeconds(5);
        private Duration threadGrace = Duration.ofSeconds(5);

        public Builder javaHome(Path javaHome) {
            this.javaHome = javaHome;
            return this;
        }

        public Builder projectClasspath(List<Path> classpath) {
            this.projectClasspath = new ArrayList<>(classpath);
            return this;
        }

        public Builder harnessClasspath(List<Path> classpath) {
            this.harnessClasspath = new ArrayList<>(classpath);
            return this;
        }

        public Builder outputDirectory(Path outputDirectory) {
            this.outputDirectory = outputDirectory;
            return this;
        }

        public Builder basedir(Path basedir) {
            this.basedir = basedir;
            return this;
        }

        public Builder killGrace(Duration killGrace) {
            this.killGrace = killGrace;
            return this;
        }

        public Builder threadGrace(Duration threadGrace) {
            this.threadGrace = threadGrace;
            return this;
        }

        public ScenarioLaunchSettings build() {
            return new ScenarioLaunchSettings(this);
        }
    }
}
