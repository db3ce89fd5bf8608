package io.perfgate.maven;

import io.perfgate.baseline.BaselineException;
import io.perfgate.config.PerfProperties;
import io.perfgate.config.UnknownProperties;
import io.perfgate.files.WriteLocation;
import io.perfgate.gate.GateReport;
import io.perfgate.gate.InvalidSettingException;
import io.perfgate.gate.SettingParser;
import io.perfgate.log.PerfLog;
import io.perfgate.report.ConsoleReport;
import io.perfgate.report.ReportWriter;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Collections;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.WeakHashMap;
import org.apache.maven.execution.MavenSession;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugin.descriptor.PluginDescriptor;
import org.apache.maven.plugin.logging.Log;
import org.apache.maven.project.MavenProject;

/**
 * What every goal shares, whichever base class it has: the one place that decides whether the goal runs
 * ({@link #runGoal()}: asks {@link #skipReason()}, logs a skip with its reason in the goal's format, and otherwise
 * runs {@link #executeGoal()}), and the helpers between the core and Maven (the log, paths as people type them, the
 * gate's table). The two base classes that implement it, {@link AbstractPerfMojo} and {@link AbstractJmhMojo}, hold
 * the skip switch and the build's objects; there are two so that no goal inherits a parameter it does not read.
 */
interface PerfGoal {
    /** Maven's log (every Mojo has it). */
    Log getLog();

    MavenProject project();

    MavenSession session();

    PluginDescriptor plugin();

    /** The goal's name, as in {@code perf:<goal>}. */
    String goal();

    /** {@code perf.skip} as given. */
    String skipSetting();

    /** The goal's work, once it is known not to be skipped. */
    void executeGoal() throws MojoExecutionException, MojoFailureException;

    /** Why the goal does nothing in this module, or null to run it; goals add their reasons to the skip flag's. */
    default String skipReason() throws MojoExecutionException {
        return skipFlagReason();
    }

    /**
     * Removes what a previous run left that a skipped run must not leave in place, before the skip is decided;
     * nothing by default.
     */
    default void clearStaleOutputs() throws MojoExecutionException {
    }

    /** The log line of a skip. */
    default String skipMessage(String reason) {
        return skipped(goal(), reason);
    }

    /** The goal's lifecycle: unknown properties warned of, stale outputs cleared, the skip decided, the work done. */
    default void runGoal() throws MojoExecutionException, MojoFailureException {
        warnOfUnknownProperties();
        clearStaleOutputs();
        String reason = skipReason();
        if (reason != null) {
            getLog().info(skipMessage(reason));
            return;
        }
        executeGoal();
    }

    /** The reason when {@code perf.skip} is set, else null. */
    default String skipFlagReason() throws MojoExecutionException {
        return flag(PerfProperties.SKIP, skipSetting(), PerfProperties.DEFAULT_FALSE) ? PerfProperties.SKIP + "=true"
                : null;
    }

    /**
     * Warns, once per build, of every {@code perf.*} user or system property that no goal of this plugin reads, with
     * the nearest known name: Maven itself ignores them, and a typo would silently leave the setting at its
     * default. First of all, since a misspelt {@code perf.skip} matters too.
     */
    private void warnOfUnknownProperties() {
        MavenSession session = session();
        if (session == null || session.getRequest() == null
                || CheckedBuilds.ALL.putIfAbsent(session.getRequest(), Boolean.TRUE) != null) {
            return;
        }
        Set<String> given = new TreeSet<>();
        for (Properties p : Arrays.asList(session.getUserProperties(), session.getSystemProperties())) {
            if (p != null) {
                given.addAll(p.stringPropertyNames());
            }
        }
        UnknownProperties.warnings(given).forEach(getLog()::warn);
    }

    /**
     * A switch parameter, by the one rule of every {@code perf.*} switch ({@link SettingParser#flag}): {@code true}
     * or {@code false} in any case, empty for {@code defaultValue} (the parameter's {@code defaultValue}), nothing
     * else. Maven's own conversion reads {@code yes} or {@code ture} as false, which would silently turn a switch
     * off; so every switch is a {@code String} parameter read through here.
     */
    static boolean flag(String property, String value, String defaultValue) throws MojoExecutionException {
        try {
            return SettingParser.flag(property, value, defaultValue);
        } catch (InvalidSettingException e) {
            throw new MojoExecutionException(e.getMessage(), e);
        }
    }

    /** A bad setting, as Maven reports it: an error of the build that names the property. */
    static MojoExecutionException badSetting(InvalidSettingException e) {
        return new MojoExecutionException(e.getMessage(), e);
    }

    /** The common form of a skip line, e.g. {@code perf:run skipped: perf.skip=true}. */
    static String skipped(String goal, String reason) {
        return "perf:" + goal + " skipped: " + reason;
    }

    /** The report files {@code perf.reportFormats} asks for (perf:check, perf:compare). */
    static Set<ReportWriter.Format> parseReportFormats(String value) throws MojoExecutionException {
        try {
            return ReportWriter.parseFormats(PerfProperties.REPORT_FORMATS, value);
        } catch (InvalidSettingException e) {
            throw badSetting(e);
        }
    }

    /** Maven's log behind the core's logging interface. */
    default PerfLog perfLog() {
        return new MavenPerfLog(getLog());
    }

    /** A path as people type it: relative to the module when inside it ({@code target/perf/results.json}). */
    default String display(Path path) {
        return MavenCommands.relative(project(), path);
    }

    /**
     * Says in the log where {@code file} is really written when that is through a symbolic link or outside the
     * project (the top of the reactor), both of which are allowed on purpose; silent otherwise.
     *
     * @return whether it said so: the file is then not simply this checkout's to commit
     */
    default boolean noteWriteLocation(String what, Path file) {
        try {
            Optional<String> note = WriteLocation.note(what, file, projectRoot());
            note.ifPresent(getLog()::info);
            return note.isPresent();
        } catch (IOException e) {
            // the write that follows meets the same problem and reports it with its consequence
            getLog().debug("Cannot tell where " + file + " leads: " + e.getMessage());
            return false;
        }
    }

    /** The top of the build (the reactor's root project), where files the build writes are expected to be. */
    default Path projectRoot() {
        MavenSession session = session();
        MavenProject top = session != null && session.getTopLevelProject() != null ? session.getTopLevelProject()
                : project();
        return top.getBasedir().toPath();
    }

    /** Maps a stored-baseline workflow's failure to Maven's: bad input or I/O, an error of the build. */
    default MojoExecutionException failure(BaselineException e) {
        if (e.detail() != null) {
            getLog().debug(e.detail());
        }
        return new MojoExecutionException(e.getMessage(), e.getCause());
    }

    /** This plugin's goal with full coordinates, for commands that repeat a run. */
    default String qualifiedGoal(String name) {
        PluginDescriptor plugin = plugin();
        return plugin.getGroupId() + ":" + plugin.getArtifactId() + ":" + plugin.getVersion() + ":" + name;
    }

    /** The gate's table and findings, at the levels perf:check uses. */
    default void logReport(GateReport report) {
        Log log = getLog();
        for (ConsoleReport.Line line : ConsoleReport.render(report)) {
            switch (line.level()) {
                case ERROR:
                    log.error(line.text());
                    break;
                case WARNING:
                    log.warn(line.text());
                    break;
                default:
                    log.info(line.text());
            }
        }
    }

    /**
     * The builds whose {@code perf.*} properties were checked, so that a reactor of 40 modules and 3 goals warns of
     * a misspelt property once, not 120 times. Keyed by the session's request, which every module's session shares
     * (a parallel build clones the session per module); weakly, so that a daemon that keeps the plugin loaded
     * (mvnd) forgets a finished build.
     */
    final class CheckedBuilds {
        static final Map<Object, Boolean> ALL = Collections.synchronizedMap(new WeakHashMap<>());

        private CheckedBuilds() {
        }
    }
}
