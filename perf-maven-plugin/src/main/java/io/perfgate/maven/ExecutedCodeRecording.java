package io.perfgate.maven;

import io.perfgate.affected.ExecutedCodeJson;
import io.perfgate.affected.ExecutedCodeRecorder;
import io.perfgate.config.PerfProperties;
import io.perfgate.forkprofile.RecordingForks;
import io.perfgate.gate.InvalidSettingException;
import io.perfgate.gate.SettingParser;
import io.perfgate.results.PerfResults;
import io.perfgate.results.Provenance;
import io.perfgate.workspace.CompareException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.maven.plugin.MojoExecutionException;
import org.eclipse.aether.RepositorySystem;
import org.eclipse.aether.artifact.DefaultArtifact;
import org.eclipse.aether.resolution.ArtifactResolutionException;

/**
 * {@code perf.executedCode} in a goal that measures (perf:run, and perf:baseline when it runs the benchmarks): after
 * a complete run, the map of the code each benchmark ran ({@link ExecutedCodeRecorder}) written beside the results,
 * {@code executed-code.json.gz}, for perf:record to keep in the history. JaCoCo's agent
 * ({@code org.jacoco:org.jacoco.agent:<jacoco.version>:jar:runtime}) is resolved as the profiler is, through Maven.
 * Recording never fails the build: what cannot be recorded is a warning.
 */
final class ExecutedCodeRecording {
    static final String AGENT_GROUP_ID = "org.jacoco";
    static final String AGENT_ARTIFACT_ID = "org.jacoco.agent";
    static final String AGENT_CLASSIFIER = "runtime";
    /** Where the recording forks' files go, under the output directory. */
    static final String WORK_DIRECTORY = "executed-code";

    private final PerfGoal goal;
    private final Measurement measurement;
    private final RepositorySystem repositorySystem;
    private final boolean records;

    /**
     * @param setting {@code perf.executedCode} as given
     * @param affected {@code perf.affected}: what {@code auto} goes by
     * @throws MojoExecutionException for a bad setting, before anything is measured
     */
    ExecutedCodeRecording(PerfGoal goal, Measurement measurement, RepositorySystem repositorySystem, String setting,
            boolean affected) throws MojoExecutionException {
        this.goal = goal;
        this.measurement = measurement;
        this.repositorySystem = repositorySystem;
        ExecutedCodeRecorder.Setting choice;
        try {
            choice = setting == null || setting.trim().isEmpty() ? ExecutedCodeRecorder.Setting.AUTO
                    : SettingParser.choice(PerfProperties.EXECUTED_CODE, setting, ExecutedCodeRecorder.Setting.class);
        } catch (InvalidSettingException e) {
            throw PerfGoal.badSetting(e);
        }
        this.records = choice.records(affected);
        if (!records) {
            goal.perfLog().debug(PerfProperties.EXECUTED_CODE + "=" + choice.name().toLowerCase(java.util.Locale.ROOT)
                    + " with " + PerfProperties.AFFECTED + "=" + affected + ": the code the benchmarks ran is not"
                    + " recorded");
        }
    }

    /** The map beside {@code resultsFile}: where perf:run writes it and perf:record looks for it. */
    static Path mapFile(Path resultsFile) {
        return resultsFile.toAbsolutePath().resolveSibling(ExecutedCodeJson.FILE_NAME);
    }

    /**
     * Removes the map an earlier run left beside {@code resultsFile}, before measuring: a map is this run's or
     * absent, so a failed run (which writes no results.json and no map) leaves none for perf:record.
     */
    static void removeStale(Path resultsFile, PerfGoal goal) throws MojoExecutionException {
        Path map = mapFile(resultsFile);
        try {
            if (Files.deleteIfExists(map)) {
                goal.perfLog().debug("Removed the previous run's " + map);
            }
        } catch (IOException e) {
            throw new MojoExecutionException("Cannot remove the previous run's " + map + ": " + e.getMessage(), e);
        }
    }

    /** After a complete run that wrote {@code written} to {@code resultsFile}: the map, when the setting asks. */
    void record(PerfResults written, Path resultsFile) throws MojoExecutionException {
        if (!records) {
            return;
        }
        String commit = Provenance.of(written).commit();
        if (!ExecutedCodeJson.isFullCommit(commit)) {
            goal.getLog().warn(PerfProperties.EXECUTED_CODE + ": the code the benchmarks ran was not recorded: the"
                    + " run names no commit to keep the map under (" + (commit == null ? "none" : commit) + "; is the"
                    + " project in a git repository?)");
            return;
        }
        String version = PluginVersion.jacoco();
        Path agent;
        try {
            agent = ProfilerArtifacts.resolve(new DefaultArtifact(AGENT_GROUP_ID, AGENT_ARTIFACT_ID, AGENT_CLASSIFIER,
                    "jar", version), goal.project(), repositorySystem, goal.session().getRepositorySession());
        } catch (ArtifactResolutionException e) {
            goal.getLog().warn(PerfProperties.EXECUTED_CODE + ": the code the benchmarks ran was not recorded: "
                    + AGENT_GROUP_ID + ":" + AGENT_ARTIFACT_ID + ":jar:" + AGENT_CLASSIFIER + ":" + version
                    + " could not be resolved (" + e.getMessage() + "); build once online so that it reaches the"
                    + " local repository");
            return;
        }
        List<Path> classpath = measurement.testClasspath();
        RecordingForks forks;
        try {
            forks = RecordingForks.of(measurement.recordingLauncher(WORK_DIRECTORY), classpath);
        } catch (CompareException e) {
            goal.getLog().warn(PerfProperties.EXECUTED_CODE + ": the code the benchmarks ran was not recorded: "
                    + e.getMessage());
            return;
        }
        new ExecutedCodeRecorder(forks, agent, classpath,
                resultsFile.toAbsolutePath().resolveSibling(WORK_DIRECTORY), goal.perfLog())
                .recordInto(written.benchmarks(), commit, mapFile(resultsFile));
    }
}
