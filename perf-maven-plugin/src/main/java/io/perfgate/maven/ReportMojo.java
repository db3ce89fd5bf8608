package io.perfgate.maven;

import io.perfgate.config.PerfProperties;
import io.perfgate.report.CheckArtifacts;
import io.perfgate.report.HtmlReport;
import io.perfgate.report.ReportFormatException;
import io.perfgate.report.ReportJson;
import io.perfgate.results.ResultsFormatException;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.apache.maven.doxia.sink.Sink;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.reporting.MavenReport;
import org.apache.maven.reporting.MavenReportException;

/**
 * The HTML report of the last {@code perf:check}: the verdict table and, for every benchmark, a picture of the
 * per-fork values of the baseline and the candidate on one axis and of the slowdown ratio's interval against
 * the limits. Inline SVG, no JavaScript, nothing fetched from the network.
 *
 * <p>Run on its own ({@code mvn -Pperf perf:report}, with the plugin in the {@code perf} profile) it writes {@code target/perf/report.html}, as {@code perf:check}
 * does. Listed under {@code <reporting>}, it is the "Performance report" page of {@code mvn site}:
 *
 * <pre>{@code
 * <reporting>
 *   <plugins>
 *     <plugin>
 *       <groupId>io.perfgate</groupId>
 *       <artifactId>perf-maven-plugin</artifactId>
 *       <version>...</version>
 *     </plugin>
 *   </plugins>
 * </reporting>
 * }</pre>
 *
 * <p>It reads {@code report.json} and the results files it names, so the check must have run first, e.g.
 * {@code mvn verify -Pperf site}. Without a report the site leaves the page out and says why.
 *
 * @since 0.1.0
 */
@Mojo(name = "report", threadSafe = true)
public class ReportMojo extends AbstractPerfMojo implements MavenReport {
    /** Name of the site page, without extension. */
    static final String OUTPUT_NAME = "perf-report";

    /**
     * The plugin's output directory: {@code report.json} is read from it and, when the goal runs on its own,
     * {@code report.html} is written to it.
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.OUTPUT_DIRECTORY, defaultValue = PerfProperties.DEFAULT_OUTPUT_DIRECTORY)
    private File outputDirectory;

    /** Set by maven-site-plugin: the directory of the site's pages. */
    @Parameter(defaultValue = "${project.reporting.outputDirectory}", readonly = true, required = true)
    private File reportOutputDirectory;

    // ------------------------------------------------------------------ standalone: perf:report

    public ReportMojo() {
        super("report");
    }

    @Override
    public void executeGoal() throws MojoExecutionException {
        try {
            Path file = HtmlReport.write(outputDirectory.toPath(), project.getBasedir().toPath());
            getLog().info("HTML report written to " + file);
        } catch (ReportFormatException | ResultsFormatException e) {
            throw new MojoExecutionException(e.getMessage(), e);
        } catch (IOException e) {
            throw new MojoExecutionException("Cannot write the HTML report to " + outputDirectory + ": "
                    + e.getMessage(), e);
        }
    }

    // ------------------------------------------------------------------ as a report of mvn site

    @Override
    public void generate(Sink sink, Locale locale) throws MavenReportException {
        CheckArtifacts in;
        try {
            in = CheckArtifacts.load(reportFile(), project.getBasedir().toPath());
        } catch (ReportFormatException | ResultsFormatException e) {
            throw new MavenReportException(e.getMessage(), e);
        }
        sink.head();
        sink.title();
        sink.text(getName(locale));
        sink.title_();
        sink.head_();
        sink.body();
        // the page is built as HTML (the same as report.html) so that the SVG reaches the site untouched
        sink.rawText(HtmlReport.fragment(in));
        sink.body_();
        if (reportOutputDirectory != null) {
            // the page links the flame graphs relative to itself: they go beside it in the site
            try {
                HtmlReport.copyProfiles(in, reportOutputDirectory.toPath());
            } catch (IOException e) {
                throw new MavenReportException("Cannot copy the profiles the report links into "
                        + reportOutputDirectory + ": " + e.getMessage(), e);
            }
        }
        sink.flush();
        sink.close();
    }

    @Override
    public boolean canGenerateReport() {
        try {
            if (skipFlagReason() != null) {
                return false;
            }
        } catch (MojoExecutionException e) {
            // the reporting interface allows no exception here: say why the page is missing
            getLog().error(e.getMessage() + "; the performance report is left out of the site");
            return false;
        }
        if (!Files.isRegularFile(reportFile())) {
            getLog().info("No " + reportFile() + ": the performance report is left out of the site. Run the check "
                    + "first, e.g. mvn verify -Pperf site");
            return false;
        }
        return true;
    }

    private Path reportFile() {
        return outputDirectory.toPath().resolve(ReportJson.FILE_NAME);
    }

    @Override
    public String getOutputPath() {
        return OUTPUT_NAME;
    }

    /** Still implemented: site plugins before 3.20 (reporting API 3) call only this one. */
    @Override
    @SuppressWarnings("deprecation")
    public String getOutputName() {
        return OUTPUT_NAME;
    }

    @Override
    public String getCategoryName() {
        return CATEGORY_PROJECT_REPORTS;
    }

    @Override
    public String getName(Locale locale) {
        return "Performance report";
    }

    @Override
    public String getDescription(Locale locale) {
        return "Verdicts of the last perf:check, with the per-fork values of every benchmark against its baseline.";
    }

    @Override
    public void setReportOutputDirectory(File directory) {
        this.reportOutputDirectory = directory;
    }

    @Override
    public File getReportOutputDirectory() {
        return reportOutputDirectory;
    }

    @Override
    public boolean isExternalReport() {
        return false;
    }
}
