package io.perfgate.maven;

import io.perfgate.config.PerfProperties;
import io.perfgate.report.MethodologyFormat;
import io.perfgate.report.MethodologyWriter;
import io.perfgate.report.ReportFormatException;
import io.perfgate.results.ResultsFormatException;
import java.io.File;
import java.io.IOException;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * Writes the methodology block of the last {@code perf:check}: hardware, OS, JDK and JVM flags, the command that
 * reproduces the run, the runs (forks x iterations, or scenario runs), the decision rule in one sentence, a
 * before/after table (median and p95 with 95 % intervals, change with its interval, p-value, verdict), the
 * baseline's provenance and the candidate commit, the profile artifacts found, and a one-line vote such as
 * {@code +1 perf} or {@code -1 perf: 2 regressions}. The block is printed and written to
 * {@code target/perf/methodology.jira} (or {@code .md}, {@code .txt}).
 *
 * <p>It reads {@code report.json} and the two results files it names, so run it after {@code perf:check}:
 * {@code mvn verify -Pperf perf:methodology}, or on its own later.
 *
 * @since 0.1.0
 */
@Mojo(name = "methodology", threadSafe = true)
public class MethodologyMojo extends AbstractPerfMojo {
    /**
     * The plugin's output directory: {@code report.json} is read from it, profile artifacts are looked for in
     * its {@code profiles/} sub-directory, and the block is written to it.
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.OUTPUT_DIRECTORY, defaultValue = PerfProperties.DEFAULT_OUTPUT_DIRECTORY)
    private File outputDirectory;

    /**
     * The markup: {@code jira} (JIRA wiki markup, for a ticket comment), {@code markdown} (GitHub-flavoured, for
     * a pull request) or {@code text} (aligned plain text, for e-mail).
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.FORMAT, defaultValue = PerfProperties.DEFAULT_FORMAT)
    private String format;

    public MethodologyMojo() {
        super("methodology");
    }

    @Override
    public void executeGoal() throws MojoExecutionException {
        MethodologyFormat markup;
        try {
            markup = MethodologyFormat.parse(format);
        } catch (IllegalArgumentException e) {
            throw new MojoExecutionException(PerfProperties.FORMAT + ": " + e.getMessage());
        }
        MethodologyWriter.Written written;
        try {
            written = MethodologyWriter.write(outputDirectory.toPath(), project.getBasedir().toPath(), markup);
        } catch (ReportFormatException e) {
            throw new MojoExecutionException(e.getMessage() + ". It was left as it is; run perf:check (or perf:compare)"
                    + " again, which writes it anew", e);
        } catch (ResultsFormatException e) {
            throw new MojoExecutionException(e.getMessage() + ". It was left as it is; measure again with perf:run,"
                    + " which writes the results anew", e);
        } catch (IOException e) {
            throw new MojoExecutionException("Cannot write the methodology block to " + outputDirectory + ": "
                    + e.getMessage(), e);
        }
        for (String line : written.text().split("\n")) {
            getLog().info(line);
        }
        getLog().info("Methodology block written to " + written.file());
    }
}
