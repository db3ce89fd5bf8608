package io.perfgate.baseline;

import io.perfgate.config.PerfProperties;
import io.perfgate.files.FileNames;
import io.perfgate.log.PerfLog;
import io.perfgate.run.PerfRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import java.util.function.Function;

/**
 * Which results perf:baseline records: those of the last run; else, only when forced, the partial results a failed
 * run left; else, when there are none at all, those of a run made first with perf:run's options. Nothing is
 * measured or written when the baseline file cannot be written.
 */
public final class ResultsToRecord {
    /** Runs the benchmarks as perf:run does, or says in the log why it does not (perf:run's own skip reasons). */
    @FunctionalInterface
    public interface Measuring<X extends Exception> {
        void run() throws X;
    }

    private ResultsToRecord() {
    }

    /**
     * The results file to record, or empty when the run made first found no benchmarks or scenarios in this module
     * ({@code foundNone}), which is said in the log.
     *
     * @throws BaselineException when the baseline cannot be written, when only partial results exist and
     *         {@code forced} is false, or when the run made first left no results
     */
    public static <X extends Exception> Optional<Path> find(Path results, Path baseline, boolean forced,
            Function<Path, String> display, Measuring<X> measure, BooleanSupplier foundNone, PerfLog log)
            throws BaselineException, X {
        String baselineName = display.apply(baseline);
        Optional<String> unwritable = FileNames.unwritable(PerfProperties.BASELINE, baseline);
        if (unwritable.isPresent()) {
            throw new BaselineException(unwritable.get(), null);
        }
        Path partial = results.toAbsolutePath().resolveSibling(PerfRun.RESULTS_PARTIAL);
        if (!Files.exists(results) && Files.exists(partial)) {
            if (!forced) {
                throw new BaselineException("Refusing to write the baseline " + baselineName + ": the last perf:run"
                        + " failed and left only " + display.apply(partial) + " (status partial). Fix the failure and"
                        + " run again, or pass -D" + PerfProperties.FORCE + "=true to record the partial results.",
                        null);
            }
            return Optional.of(partial);
        }
        if (!Files.exists(results)) {
            log.info("No results at " + display.apply(results) + ": running the benchmarks first");
            measure.run();
            if (!Files.exists(results) && foundNone.getAsBoolean()) {
                log.info("perf:baseline skipped: perf:run found no benchmarks or scenarios in this module");
                return Optional.empty();
            }
            if (!Files.exists(results)) {
                // perf:run skipped itself (pom packaging, maven.test.skip) and said why
                throw new BaselineException("No results at " + display.apply(results) + " to record; the baseline "
                        + baselineName + " was not touched.", null);
            }
        }
        return Optional.of(results);
    }
}
