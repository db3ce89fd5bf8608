package io.perfgate.workspace;

import io.perfgate.config.PerfProperties;
import io.perfgate.jmh.CommandLines;
import io.perfgate.log.PerfLog;
import io.perfgate.process.ExternalCommand;
import io.perfgate.process.Platform;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Builds the benchmark module of the base checkout with the Maven and the JDK of the running build, up to
 * {@code test-compile} with tests skipped, and asks the dependency plugin for its test classpath. It tries
 * offline first (the local repository usually has everything the base needs) and goes online only when
 * the offline build failed for want of an artifact.
 */
public final class BaseBuild implements BaseBuilder {
    /** Pinned, so an offline build can find it once cached; 3.7.0 runs on Maven 3.6.3 and later. */
    static final String DEPENDENCY_PLUGIN = "org.apache.maven.plugins:maven-dependency-plugin:3.7.0";
    static final String CLASSPATH_FILE = "perf-base-classpath.txt";
    private static final int LOG_TAIL_LINES = 40;

    private final Path mavenHome;
    private final Path javaHome;
    private final Path localRepository;
    private final Path userSettings;
    private final Path globalSettings;
    private final Path userToolchains;
    private final Path globalToolchains;
    private final boolean sessionOffline;
    private final List<String> activeProfiles;
    private final Map<String, String> userProperties;
    private final Duration timeout;

    private BaseBuild(Builder b) {
        this.mavenHome = b.mavenHome;
        this.javaHome = b.javaHome;
        this.localRepository = b.localRepository;
        this.userSettings = b.userSettings;
        this.globalSettings = b.globalSettings;
        this.userToolchains = b.userToolchains;
        this.globalToolchains = b.globalToolchains;
        this.sessionOffline = b.offline;
        this.activeProfiles = Collections.unmodifiableList(new ArrayList<>(b.activeProfiles));
        this.userProperties = Collections.unmodifiableMap(new LinkedHashMap<>(b.userProperties));
        this.timeout = b.timeout;
    }

    public static Builder builder(Path mavenHome) {
        return new Builder(mavenHome);
    }

    /**
     * Builds {@code moduleRelativePath} (relative to {@code reactorRoot}, empty for the root itself) and returns
     * its test classpath: test classes, classes, then dependencies.
     *
     * @param testOutput the module's test output directory relative to the module, e.g. target/test-classes
     * @param mainOutput the module's main output directory relative to the module, e.g. target/classes
     * @param logFile where the build's output goes; its tail is quoted when the build fails
     */
    @Override
    public List<Path> buildClasspath(Path reactorRoot, Path moduleRelativePath, Path testOutput, Path mainOutput,
            Path logFile, PerfLog log) throws CompareException {
        return buildClasspath("the base", reactorRoot, moduleRelativePath, testOutput, mainOutput, logFile, log);
    }

    @Override
    public List<Path> buildClasspath(String what, Path reactorRoot, Path moduleRelativePath, Path testOutput,
            Path mainOutput, Path logFile, PerfLog log) throws CompareException {
        Path module = reactorRoot.resolve(moduleRelativePath).normalize();
        Path classpathFile = module.resolve("target").resolve(CLASSPATH_FILE);
        List<String> command = command(reactorRoot, moduleRelativePath, classpathFile, true);
        // the whole command, quoted for a POSIX shell, so that it can be pasted to rebuild by hand (a '|' in
        // perf.includes would otherwise end the command)
        log.info("Building " + what + ": " + CommandLines.toShell(command));
        ExternalCommand.Result result = run(command, reactorRoot, logFile);
        if (!result.succeeded() && !sessionOffline && !result.timedOut && mentionsOffline(logFile)) {
            log.info("The offline build of " + what + " lacks artifacts; building it again online");
            command = command(reactorRoot, moduleRelativePath, classpathFile, false);
            result = run(command, reactorRoot, logFile);
        }
        if (!result.succeeded()) {
            String why = result.timedOut ? "did not finish within " + timeout.toMinutes() + " minutes"
                    : "failed (exit code " + result.exitCode + ")";
            throw new CompareException("The " + (what.startsWith("the base") ? "base commit" : what)
                    + " does not build: mvn " + why + ". From its log, "
                    + logFile + ":\n" + tail(logFile));
        }
        List<Path> classpath = new ArrayList<>();
        classpath.add(module.resolve(testOutput));
        classpath.add(module.resolve(mainOutput));
        String dependencies;
        try {
            dependencies = new String(Files.readAllBytes(classpathFile), StandardCharsets.UTF_8).trim();
        } catch (IOException e) {
            throw new CompareException("The base built, but the dependency plugin wrote no classpath to "
                    + classpathFile + " (see " + logFile + ")", e);
        }
        for (String entry : dependencies.split(java.io.File.pathSeparator)) {
            if (!entry.trim().isEmpty()) {
                classpath.add(Path.of(entry.trim()));
            }
        }
        return classpath;
    }

    /** The command line; {@code offline} adds {@code -o} (always, when the running session is offline). */
    List<String> command(Path reactorRoot, Path moduleRelativePath, Path classpathFile, boolean offline) {
        List<String> c = new ArrayList<>();
        c.add(mavenHome.resolve("bin").resolve(Platform.isWindows() ? "mvn.cmd" : "mvn").toString());
        c.add("-B");
        c.add("-ntp");
        if (offline || sessionOffline) {
            c.add("-o");
        }
        c.add("-f");
        c.add(reactorRoot.resolve("pom.xml").toString());
        String module = moduleRelativePath.toString();
        if (!module.isEmpty()) {
            c.add("-pl");
            c.add(module);
            c.add("-am");
        }
        if (userSettings != null) {
            c.add("-s");
            c.add(userSettings.toString());
        }
        if (globalSettings != null) {
            c.add("-gs");
            c.add(globalSettings.toString());
        }
        // a build that selects a JDK by toolchain (Apache Avro's) fails without the toolchains file it was given
        if (userToolchains != null) {
            c.add("-t");
            c.add(userToolchains.toString());
        }
        if (globalToolchains != null) {
            c.add("-gt");
            c.add(globalToolchains.toString());
        }
        if (!activeProfiles.isEmpty()) {
            c.add("-P");
            c.add(String.join(",", activeProfiles));
        }
        userProperties.forEach((k, v) -> c.add("-D" + k + "=" + v));
        if (localRepository != null) {
            c.add("-Dmaven.repo.local=" + localRepository);
        }
        c.add("-DskipTests");
        c.add("-D" + PerfProperties.SKIP + "=true");
        // A relative file is resolved against each module's basedir, so modules built with -am do not overwrite
        // the benchmark module's classpath file.
        c.add("-Dmdep.outputFile=target/" + CLASSPATH_FILE);
        c.add("-Dmdep.includeScope=test");
        c.add("test-compile");
        c.add(DEPENDENCY_PLUGIN + ":build-classpath");
        return c;
    }

    private ExternalCommand.Result run(List<String> command, Path directory, Path logFile) throws CompareException {
        try {
            ExternalCommand cmd = new ExternalCommand(command, directory).timeout(timeout).logTo(logFile);
            if (javaHome != null) {
                cmd.environment("JAVA_HOME", javaHome.toString());
            }
            return cmd.run();
        } catch (IOException e) {
            throw new CompareException("Cannot run Maven to build the base (" + e.getMessage() + "); is "
                    + mavenHome + " a Maven installation?", e);
        }
    }

    private static boolean mentionsOffline(Path logFile) {
        try {
            String log = new String(Files.readAllBytes(logFile), StandardCharsets.UTF_8);
            return log.contains("offline mode") || log.contains("in offline") || log.contains("Cannot access")
                    && log.contains("offline");
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * What to quote from a failed build's log: its {@code [ERROR]} lines without Maven's closing boilerplate (the
     * compiler's messages are among them), or the last lines when there are none.
     */
    static String tail(Path logFile) {
        try {
            List<String> lines = Files.readAllLines(logFile, StandardCharsets.UTF_8);
            List<String> errors = new ArrayList<>();
            for (String line : lines) {
                String text = line.startsWith("[ERROR]") ? line.substring("[ERROR]".length()).trim() : null;
                if (text != null && !text.isEmpty() && !isBoilerplate(text) && errors.size() < LOG_TAIL_LINES) {
                    errors.add(line);
                }
            }
            List<String> quoted = errors.isEmpty() ? lines.subList(Math.max(0, lines.size() - LOG_TAIL_LINES),
                    lines.size()) : errors;
            StringBuilder sb = new StringBuilder();
            for (String line : quoted) {
                sb.append("  | ").append(line).append('\n');
            }
            return sb.toString();
        } catch (IOException e) {
            return "  (the log cannot be read: " + e.getMessage() + ")\n";
        }
    }

    private static boolean isBoilerplate(String text) {
        return text.startsWith("To see the full stack trace") || text.startsWith("Re-run Maven")
                || text.startsWith("For more information") || text.startsWith("[Help ")
                || text.startsWith("After correcting the problems") || text.startsWith("mvn <args>");
    }

    public static final class Builder {
        private final Path mavenHome;
        private Path javaHome;
        private Path localRepository;
        private Path userSettings;
        private Path globalSettings;
        private Path userToolchains;
        private Path globalToolchains;
        private boolean offline;
        private final List<String> activeProfiles = new ArrayList<>();
        private final Map<String, String> userProperties = new LinkedHashMap<>();
        private Duration timeout = Duration.ofMinutes(30);

        private Builder(Path mavenHome) {
            this.mavenHome = mavenHome;
        }

        public Builder javaHome(Path javaHome) {
            this.javaHome = javaHome;
            return this;
        }

        public Builder localRepository(Path localRepository) {
            this.localRepository = localRepository;
            return this;
        }

        /** Settings files of the running build, when they exist. */
        public Builder settings(Path userSettings, Path globalSettings) {
            this.userSettings = userSettings != null && Files.isRegularFile(userSettings) ? userSettings : null;
            this.globalSettings = globalSettings != null && Files.isRegularFile(globalSettings) ? globalSettings
                    : null;
            return this;
        }

        /** Toolchains files of the running build ({@code -t}, {@code -gt}), when they exist. */
        public Builder toolchains(Path userToolchains, Path globalToolchains) {
            this.userToolchains = userToolchains != null && Files.isRegularFile(userToolchains) ? userToolchains
                    : null;
            this.globalToolchains = globalToolchains != null && Files.isRegularFile(globalToolchains)
                    ? globalToolchains : null;
            return this;
        }

        public Builder offline(boolean offline) {
            this.offline = offline;
            return this;
        }

        public Builder activeProfiles(List<String> profiles) {
            this.activeProfiles.clear();
            this.activeProfiles.addAll(profiles);
            return this;
        }

        /**
         * User properties to pass on, so the base compiles as the working tree did; {@code maven.repo.local} is set
         * on its own, and {@code perf.skip=true} is added last so no perf goal runs in the base build.
         */
        public Builder userProperties(Map<String, String> properties) {
            this.userProperties.clear();
            properties.forEach((k, v) -> {
                if (!"maven.repo.local".equals(k) && !PerfProperties.SKIP.equals(k)) {
                    this.userProperties.put(k, v);
                }
            });
            return this;
        }

        public Builder timeout(Duration timeout) {
            this.timeout = timeout;
            return this;
        }

        public BaseBuild build() {
            return new BaseBuild(this);
        }
    }
}
