package io.perfgate.report;

import io.perfgate.files.AtomicFiles;
import io.perfgate.json.JsonFormatException;
import io.perfgate.profile.ProfileEvidence;
import io.perfgate.results.ResultsFormatException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * {@code perf:methodology} without Maven: reads what the check left in the output directory, renders the
 * block in the asked format and writes it atomically to {@code methodology.<ext>} beside report.json.
 */
public final class MethodologyWriter {
    /** The directory, under the output directory, where profilers are told to write (and where we look). */
    public static final String PROFILES_DIRECTORY = "profiles";

    private MethodologyWriter() {
    }

    /** The rendered block and where it was written. */
    public static final class Written {
        private final String text;
        private final Path file;

        Written(String text, Path file) {
            this.text = text;
            this.file = file;
        }

        public String text() {
            return text;
        }

        public Path file() {
            return file;
        }
    }

    /**
     * @param outputDirectory the plugin's output directory ({@code target/perf}), holding report.json
     * @param basedir the project directory: relative paths in the report are resolved, and profile paths
     *     shown, against it
     * @throws ReportFormatException when report.json is missing or malformed (the message says to run the check)
     */
    public static Written write(Path outputDirectory, Path basedir, MethodologyFormat format)
            throws ReportFormatException, ResultsFormatException, IOException {
        Path reportFile = outputDirectory.resolve(ReportJson.FILE_NAME);
        if (!Files.isRegularFile(reportFile)) {
            throw new ReportFormatException(reportFile, "", "file does not exist; run perf:check first "
                    + "(e.g. mvn verify -Pperf), which writes the report this goal reads");
        }
        String text = render(CheckArtifacts.load(reportFile, basedir), outputDirectory, basedir, format);
        Path file = outputDirectory.resolve("methodology." + format.extension());
        AtomicFiles.writeString(file, text);
        return new Written(text, file);
    }

    /**
     * The block of what the check left behind, with the profiles and their evidence found in the output directory.
     *
     * @throws ReportFormatException when a profile's attribution.json is malformed
     */
    static String render(CheckArtifacts in, Path outputDirectory, Path basedir, MethodologyFormat format)
            throws ReportFormatException, IOException {
        List<String> evidence = new ArrayList<>();
        try {
            for (ProfileEvidence e : ProfileEvidence.readAll(outputDirectory.resolve(PROFILES_DIRECTORY))) {
                evidence.add(ProfileSummary.evidence(e, shown(e.directory(), basedir)));
            }
        } catch (JsonFormatException e) {
            throw new ReportFormatException(Paths.get(String.valueOf(e.source())), e.path(), e.problem(), e);
        }
        Methodology methodology = MethodologyContent.from(in, profiles(outputDirectory, basedir), evidence);
        return format.renderer().render(methodology);
    }

    /**
     * Profile artifacts that exist: every file under {@code <outputDirectory>/profiles/}, and JFR recordings
     * or collapsed stacks anywhere in the output directory (where JMH's profilers put them when told to).
     * Sorted, shown relative to {@code basedir} when inside it.
     */
    static List<String> profiles(Path outputDirectory, Path basedir) throws IOException {
        List<Path> found = new ArrayList<>();
        if (Files.isDirectory(outputDirectory)) {
            try (Stream<Path> files = Files.walk(outputDirectory)) {
                files.filter(Files::isRegularFile)
                        .filter(p -> isUnder(p, outputDirectory.resolve(PROFILES_DIRECTORY)) || isProfile(p))
                        .filter(p -> !p.getFileName().toString().startsWith("."))
                        .forEach(found::add);
            }
        }
        return found.stream().map(p -> shown(p, basedir)).sorted().collect(Collectors.toList());
    }

    /** A path as the block shows it: relative to the project when inside it, with forward slashes. */
    static String shown(Path path, Path basedir) {
        Path base = basedir == null ? null : basedir.toAbsolutePath().normalize();
        Path abs = path.toAbsolutePath().normalize();
        return (base != null && abs.startsWith(base) ? base.relativize(abs) : abs).toString().replace('\\', '/');
    }

    private static boolean isUnder(Path file, Path dir) {
        return file.toAbsolutePath().normalize().startsWith(dir.toAbsolutePath().normalize());
    }

    private static boolean isProfile(Path file) {
        String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
        return name.endsWith(".jfr") || name.endsWith(".collapsed") || name.endsWith(".jfr.gz");
    }
}
