package io.perfgate.confirm;

import io.perfgate.config.PerfProperties;
import io.perfgate.files.AtomicFiles;
import io.perfgate.stats.Verdict;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;

/**
 * The answer for {@code git bisect run}: 0 = good (no regression), 1 = bad (a benchmark FAILs), 125 = skip this
 * commit (INCONCLUSIVE, a WARN that more forks might settle, or a build that never got this far). Maven can only
 * exit with 0 or 1, so the goal writes the code to a file and a one-line shell command turns it into the exit
 * status; a missing file (the commit does not compile, the goal crashed) means 125.
 */
public final class BisectExitCode {
    public static final int GOOD = 0;
    public static final int BAD = 1;
    public static final int SKIP = 125;
    /** Name of the file, in the output directory ({@code target/perf}). */
    public static final String FILE_NAME = "bisect-exit-code";

    private BisectExitCode() {
    }

    /** FAIL anywhere is bad; otherwise anything unsettled skips; only PASS and IMPROVED throughout are good. */
    public static int of(Collection<Verdict> verdicts) {
        if (verdicts.isEmpty()) {
            return SKIP;
        }
        if (verdicts.contains(Verdict.FAIL)) {
            return BAD;
        }
        for (Verdict v : verdicts) {
            if (v != Verdict.PASS && v != Verdict.IMPROVED) {
                return SKIP;
            }
        }
        return GOOD;
    }

    /** Removes a code left by an earlier run, so a run that dies early is read as 125, not as the old answer. */
    public static void clear(Path outputDirectory) throws IOException {
        Files.deleteIfExists(outputDirectory.resolve(FILE_NAME));
    }

    public static Path write(Path outputDirectory, int code) throws IOException {
        Path file = outputDirectory.resolve(FILE_NAME);
        AtomicFiles.writeString(file, code + "\n");
        return file;
    }

    /** The command to give {@code git bisect run}, for the log and the docs. */
    public static String command(String goodCommit, String mavenCommand) {
        return "git bisect run sh -c 'rm -f target/perf/" + FILE_NAME + "; " + mavenCommand
                + " -D" + PerfProperties.AGAINST + "=" + goodCommit + " -D" + PerfProperties.BISECT
                + "=true; exit $(cat target/perf/" + FILE_NAME
                + " 2>/dev/null || echo " + SKIP + ")'";
    }
}
