package io.perfgate.report;

import io.perfgate.files.AtomicFiles;
import io.perfgate.gate.GateReport;
import io.perfgate.results.MachineTime;
import io.perfgate.gate.InvalidSettingException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/** Writes the report files of {@code perf:check} into one directory, each atomically. */
public final class ReportWriter {
    /** A report file: its format name in {@code perf.reportFormats} and its file name. */
    public enum Format {
        JSON("json", ReportJson.FILE_NAME),
        MARKDOWN("md", "report.md"),
        JUNIT("junit", "TEST-perf.xml"),
        /** One page with a picture per benchmark; reads the results files the report names (see HtmlReport). */
        HTML("html", HtmlReport.FILE_NAME);

        private final String id;
        private final String fileName;

        Format(String id, String fileName) {
            this.id = id;
            this.fileName = fileName;
        }

        public String id() {
            return id;
        }

        public String fileName() {
            return fileName;
        }
    }

    private ReportWriter() {
    }

    /**
     * Parses {@code json,md,junit,html} (any subset, any order; {@code none} for no files).
     *
     * @param setting the property name, for the error message
     */
    public static Set<Format> parseFormats(String setting, String text) throws InvalidSettingException {
        Set<Format> formats = EnumSet.noneOf(Format.class);
        if (text == null || text.trim().isEmpty() || text.trim().equalsIgnoreCase("none")) {
            return formats;
        }
        for (String part : text.split(",")) {
            String id = part.trim().toLowerCase(Locale.ROOT);
            Format found = null;
            for (Format f : Format.values()) {
                if (f.id.equals(id)) {
                    found = f;
                }
            }
            if (found == null) {
                throw new InvalidSettingException(setting, setting + " = '" + text + "': '" + part.trim()
                        + "' is not a report format; write a comma-separated list of json, md, junit and html, or none");
            }
            formats.add(found);
        }
        return formats;
    }

    /**
     * Removes report files (and the pull-request comment body) of an earlier build, so a failed check never leaves a
     * stale report behind.
     */
    public static void deleteStale(Path directory) throws IOException {
        for (Format f : Format.values()) {
            Files.deleteIfExists(directory.resolve(f.fileName));
        }
        Files.deleteIfExists(directory.resolve(PullRequestComment.FILE_NAME));
    }

    /** Writes the asked formats; returns the files written. */
    public static List<Path> write(GateReport report, Path directory, Set<Format> formats) throws IOException {
        List<Path> written = new ArrayList<>();
        // the results files the report names hold the forks' wall times: what the run spent, for every format
        CheckArtifacts artifacts = CheckArtifacts.lenient(report, directory.resolve(Format.JSON.fileName), null);
        MachineTime machine = MethodologyContent.machine(artifacts);
        for (Format f : formats) {
            Path file = directory.resolve(f.fileName);
            String content = f == Format.HTML ? HtmlReport.page(artifacts) : render(report, f, machine);
            AtomicFiles.writeString(file, content);
            written.add(file);
        }
        return written;
    }

    static String render(GateReport report, Format format) {
        return render(report, format, null);
    }

    /** @param machine what the run's forks spent against the fixed defaults, or null where not known */
    static String render(GateReport report, Format format, MachineTime machine) {
        switch (format) {
            case JSON:
                return ReportJson.toJson(report, machine);
            case MARKDOWN:
                return MarkdownReport.render(report, machine);
            default:
                return JUnitXmlReport.render(report);
        }
    }
}
