package io.perfgate.maven;

import io.perfgate.config.PerfProperties;
import io.perfgate.env.StealTime;
import io.perfgate.gate.GateReport;
import io.perfgate.gate.InvalidSettingException;
import io.perfgate.confirm.BisectExitCode;
import io.perfgate.premerge.PreMergeResult;
import io.perfgate.premerge.TreatmentComparison;
import io.perfgate.profile.ProfileEvidence;
import io.perfgate.report.CiEnvironment;
import io.perfgate.report.ProfileSummary;
import io.perfgate.report.PullRequestComment;
import io.perfgate.report.PullRequestOutputs;
import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;

/**
 * What perf:check and perf:compare write besides the reports, and say of them in the log: the list of reports, the
 * job summary and pull-request comment ({@code perf.githubSummary}, {@code perf.comment}, {@code perf.reportUrl}),
 * and for {@code git bisect run} the exit code; then the outcome as Maven's. None of it changes the verdict.
 */
final class ComparisonOutputs {
    private final PerfGoal goal;
    private final Path directory;
    private final String githubSummary;
    private final String comment;
    private final String reportUrl;

    /** With {@code perf.githubSummary}, {@code perf.comment} and {@code perf.reportUrl} as given. */
    ComparisonOutputs(PerfGoal goal, File outputDirectory, String githubSummary, String comment, String reportUrl) {
        this.goal = goal;
        this.directory = outputDirectory == null ? null : outputDirectory.toPath();
        this.githubSummary = githubSummary;
        this.comment = comment;
        this.reportUrl = reportUrl;
    }

    /**
     * A comparison's outcome in the log and the outputs beside its reports, then as Maven's outcome: a measurement
     * that failed is an error of the build, a regression its failure.
     *
     * @param bisect whether to write the exit code for {@code git bisect run}
     */
    void concluded(PreMergeResult result, boolean bisect) throws MojoExecutionException, MojoFailureException {
        StealTime.log(result.stealShare(), "the rounds", goal.perfLog());
        goal.logReport(result.report());
        ProfileSummary.consoleLines(result.profiles()).forEach(goal.getLog()::info);
        List<String> files = listed(result.writtenFiles());
        pullRequest(result.report(), result.profiles(), result.writtenFiles());
        if (bisect) {
            writeBisectExitCode(result.bisectExitCode());
        }
        Optional<String> measurementFailure = result.measurementFailure();
        if (measurementFailure.isPresent()) {
            throw new MojoExecutionException(measurementFailure.get());
        }
        goal.getLog().info(result.summary());
        if (result.report().failsBuild()) {
            throw new MojoFailureException(result.regressionMessage(files.get(0)));
        }
    }

    /** A comparison of treatments' outcome in the log, then as Maven's outcome. */
    void concluded(TreatmentComparison.Result result) throws MojoExecutionException, MojoFailureException {
        result.summary().consoleLines().forEach(goal.getLog()::info);
        List<String> files = listed(result.writtenFiles());
        if (result.measurementFailure().isPresent()) {
            throw new MojoExecutionException("perf:" + goal.goal() + ": " + result.measurementFailure().get());
        }
        if (result.failsBuild()) {
            throw new MojoFailureException("perf:" + goal.goal() + " with " + PerfProperties.TREATMENTS + ": "
                    + result.regressionMessage(files.get(0)));
        }
    }

    /** The reports' names as people type them, said in one line. */
    List<String> listed(List<Path> written) {
        List<String> files = new ArrayList<>();
        written.forEach(p -> files.add(goal.display(p)));
        goal.getLog().info("Reports: " + String.join(", ", files));
        return files;
    }

    /** The job summary on GitHub Actions and the pull-request comment body, after the reports. */
    void pullRequest(GateReport report, List<ProfileEvidence> profiles, List<Path> reports)
            throws MojoExecutionException {
        PullRequestOutputs.Settings settings;
        try {
            settings = PullRequestOutputs.Settings.parse(githubSummary(), comment, reportUrl,
                    ReactorBenchmarks.isReactor(goal.session()) ? goal.project().getArtifactId() : null);
        } catch (InvalidSettingException e) {
            throw PerfGoal.badSetting(e);
        }
        try {
            PullRequestOutputs.write(report, profiles, reports, directory, goal.display(directory),
                    goal.project().getBasedir().toPath(), settings, CiEnvironment.of(System.getenv()), goal.perfLog())
                    .ifPresent(file -> goal.getLog().info("Pull-request comment: " + goal.display(file)));
        } catch (IOException e) {
            throw new MojoExecutionException("perf:" + goal.goal() + " could not write "
                    + goal.display(directory.resolve(PullRequestComment.FILE_NAME)) + ": " + e.getMessage(), e);
        }
    }

    /** {@code perf.githubSummary}, read by the one switch rule. */
    boolean githubSummary() throws MojoExecutionException {
        return PerfGoal.flag(PerfProperties.GITHUB_SUMMARY, githubSummary, PerfProperties.DEFAULT_TRUE);
    }

    /** Removes an earlier comparison's exit code, which a skipped one must not leave for {@code git bisect run}. */
    void clearBisectExitCode() throws MojoExecutionException {
        try {
            BisectExitCode.clear(directory);
        } catch (IOException e) {
            throw new MojoExecutionException("Cannot remove the old " + BisectExitCode.FILE_NAME + " in "
                    + goal.display(directory) + ": " + e.getMessage(), e);
        }
    }

    void writeBisectExitCode(int code) throws MojoExecutionException {
        try {
            Path file = BisectExitCode.write(directory, code);
            goal.getLog().info("git bisect: exit code " + code + " written to " + goal.display(file));
        } catch (IOException e) {
            throw new MojoExecutionException("Cannot write " + BisectExitCode.FILE_NAME + ": " + e.getMessage(), e);
        }
    }

    /** An output that could not be written, as the goal says it. */
    MojoExecutionException couldNotWrite(IOException e) {
        return new MojoExecutionException("perf:" + goal.goal() + " could not write to " + goal.display(directory)
                + ": " + e.getMessage(), e);
    }
}
