package io.perfgate.report;

import io.perfgate.config.PerfProperties;
import io.perfgate.files.AtomicFiles;
import io.perfgate.gate.GateReport;
import io.perfgate.gate.InvalidSettingException;
import io.perfgate.gate.Outcome;
import io.perfgate.gate.SettingParser;
import io.perfgate.log.PerfLog;
import io.perfgate.profile.ProfileEvidence;
import io.perfgate.text.Markup;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What perf:check and perf:compare leave for the pull request after writing their reports: the verdict appended to
 * the GitHub Actions job summary, and the comment body {@code pr-comment.md} a CI recipe posts. Neither can change
 * the verdict: a summary that cannot be written is a warning naming the file.
 */
public final class PullRequestOutputs {
    /** When the comment body is written ({@code perf.comment}). */
    public enum CommentMode {
        /** On every check: the recipe updates its one comment, so it always shows the latest push. */
        ALWAYS,
        /** Only when the outcome is not PASS; otherwise no file (an earlier one is removed). */
        PROBLEMS,
        /** Never. */
        NEVER
    }

    /** The settings of perf:check and perf:compare for these outputs. */
    public static final class Settings {
        private final boolean githubSummary;
        private final CommentMode comment;
        private final String reportUrl;
        private final String module;

        private Settings(boolean githubSummary, CommentMode comment, String reportUrl, String module) {
            this.githubSummary = githubSummary;
            this.comment = comment;
            this.reportUrl = reportUrl;
            this.module = module;
        }

        /**
         * Parses {@code perf.comment} and {@code perf.reportUrl}.
         *
         * @param githubSummary {@code perf.githubSummary}, read by the one switch rule
         * @param comment {@code perf.comment}: {@code always}, {@code problems} or {@code never}
         * @param reportUrl {@code perf.reportUrl}, or empty
         * @param module the module's artifactId in a multi-module build, or null
         */
        public static Settings parse(boolean githubSummary, String comment, String reportUrl, String module)
                throws InvalidSettingException {
            CommentMode mode = SettingParser.choice(PerfProperties.COMMENT,
                    comment == null || comment.trim().isEmpty() ? PerfProperties.DEFAULT_COMMENT : comment,
                    CommentMode.class);
            String url = reportUrl == null || reportUrl.trim().isEmpty() ? null : reportUrl.trim();
            return new Settings(githubSummary, mode, url, module);
        }
    }

    private PullRequestOutputs() {
    }

    /**
     * Writes the comment body as {@code perf.comment} asks and, on GitHub Actions, appends the verdict to the job
     * summary. {@code perf.comment=problems} with nothing to look at writes no file.
     *
     * @param reports the report files just written, in the output directory
     * @param outputShown the output directory as the log names it ({@code target/perf})
     * @param basedir the project directory, against which the methodology block resolves the files it names
     * @return the comment body's file, when written
     * @throws IOException when the comment body cannot be written (the job summary's problems are only warned of)
     */
    public static Optional<Path> write(GateReport report, List<ProfileEvidence> profiles, List<Path> reports,
            Path outputDirectory, String outputShown, Path basedir, Settings settings, CiEnvironment ci,
            PerfLog log) throws IOException {
        if (settings.githubSummary) {
            ci.githubStepSummary().ifPresent(file -> appendSummary(file, report, settings.module, log));
        }
        Path file = outputDirectory.resolve(PullRequestComment.FILE_NAME);
        // ReportWriter.deleteStale removed it before the measurement; this holds for any caller
        Files.deleteIfExists(file);
        boolean post = settings.comment == CommentMode.ALWAYS
                || settings.comment == CommentMode.PROBLEMS && report.outcome() != Outcome.PASS;
        if (!post) {
            if (settings.comment == CommentMode.PROBLEMS) {
                log.info("No pull-request comment: nothing needs a look (" + PerfProperties.COMMENT + "=problems)");
            }
            return Optional.empty();
        }
        PullRequestComment.Links links = new PullRequestComment.Links(settings.reportUrl,
                ci.githubRunUrl().orElse(null), outputShown, mainReport(reports), flameGraphs(profiles,
                outputDirectory));
        String body = PullRequestComment.render(report, settings.module, links,
                methodology(report, outputDirectory, basedir, log));
        AtomicFiles.writeString(file, body);
        return Optional.of(file);
    }

    /** Appends report.md's verdict; a file that cannot be written costs only the summary. */
    private static void appendSummary(String file, GateReport report, String module, PerfLog log) {
        String verdict = (module == null ? "" : "Module " + Markup.markdown(module) + "\n\n")
                + MarkdownReport.verdict(report) + "\n";
        try {
            Files.write(Paths.get(file), verdict.getBytes(StandardCharsets.UTF_8), StandardOpenOption.CREATE,
                    StandardOpenOption.APPEND, StandardOpenOption.WRITE);
            log.info("Verdict added to the GitHub job summary " + file);
        } catch (IOException | RuntimeException e) {
            log.warn("Cannot append the verdict to the GitHub job summary " + file + " (" + CiEnvironment
                    .GITHUB_STEP_SUMMARY + "): " + e + "; the verdict is unchanged. -D" + PerfProperties.GITHUB_SUMMARY
                    + "=false leaves the summary alone");
        }
    }

    /** The report a reader opens first: report.html, else report.md, else the first written; null for none. */
    static String mainReport(List<Path> reports) {
        for (String name : new String[] {HtmlReport.FILE_NAME, ReportWriter.Format.MARKDOWN.fileName()}) {
            for (Path p : reports) {
                if (p.getFileName().toString().equals(name)) {
                    return name;
                }
            }
        }
        return reports.isEmpty() ? null : reports.get(0).getFileName().toString();
    }

    /** The flame graphs (the HTML files) of each profiled benchmark, relative to the output directory. */
    private static Map<String, List<String>> flameGraphs(List<ProfileEvidence> profiles, Path outputDirectory) {
        Map<String, List<String>> all = new LinkedHashMap<>();
        Path base = outputDirectory.toAbsolutePath().normalize();
        for (ProfileEvidence e : profiles) {
            List<String> files = new ArrayList<>();
            for (String name : e.files()) {
                if (name.endsWith(".html")) {
                    Path file = e.directory().resolve(name).toAbsolutePath().normalize();
                    files.add((file.startsWith(base) ? base.relativize(file) : file).toString().replace('\\', '/'));
                }
            }
            if (!files.isEmpty()) {
                all.put(e.benchmark() + " (" + e.verdict() + ")", files);
            }
        }
        return all;
    }

    /** The Markdown methodology block of this report, or null (said in the debug log) when it cannot be made. */
    private static String methodology(GateReport report, Path outputDirectory, Path basedir, PerfLog log) {
        Path reportFile = outputDirectory.resolve(ReportWriter.Format.JSON.fileName());
        try {
            return MethodologyWriter.render(CheckArtifacts.lenient(report, reportFile, basedir), outputDirectory,
                    basedir, MethodologyFormat.MARKDOWN);
        } catch (ReportFormatException | IOException | RuntimeException e) {
            log.debug("The pull-request comment has no methodology block: " + e.getMessage());
            return null;
        }
    }
}
