package io.perfgate.run;

import io.perfgate.jmh.ForkTimes;
import io.perfgate.log.PerfLog;
import io.perfgate.results.Calibration;
import io.perfgate.results.PerfResults;
import io.perfgate.results.ResultsJson;
import io.perfgate.scenariorunner.ScenarioDefinition;
import io.perfgate.scenariorunner.ScenarioTimes;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * What the stored baseline recorded, read once to estimate a run before it starts: the scenario JVMs' and the forks'
 * times that split a suite into shards and hold it to a budget, the calibration perf:calibrate stored for the fork
 * plans and the adaptive rounds. Only the baseline: it is committed, so every CI agent reads the same times and
 * computes the same shards, where a results file left in {@code target/} by an earlier shard would split the suite
 * differently on the next.
 */
public final class BaselineEstimates {
    private final Path file;
    private final String shown;
    private final PerfLog log;
    /** {@link #results()}, once read. */
    private Optional<PerfResults> results;

    /**
     * @param file  the baseline, which need not exist
     * @param shown the baseline as the log names it (relative to the module)
     */
    public BaselineEstimates(Path file, String shown, PerfLog log) {
        this.file = file;
        this.shown = shown;
        this.log = log;
    }

    /** The baseline as the log names it. */
    public String shown() {
        return shown;
    }

    /**
     * The baseline, read once; empty when there is none, and empty with a warning naming it when it does not read:
     * an estimate must not stop a goal that does not judge against it (perf:check names a damaged baseline where it
     * does).
     */
    public Optional<PerfResults> results() {
        if (results == null) {
            results = ResultsJson.readForEstimates(file, problem -> log.warn("What " + shown + " recorded is not"
                    + " used to estimate this run (each scenario JVM counts as "
                    + ScenarioTimes.GUESSED_JVM.toMinutes() + " min, each benchmark as its plan says, and adaptive"
                    + " rounds follow their own noise): " + problem));
        }
        return results;
    }

    /** The calibration perf:calibrate stored in the baseline, or null. */
    public Calibration calibration() {
        return results().map(PerfResults::calibration).orElse(null);
    }

    /**
     * What the JVMs of {@code selected} took as the baseline recorded them; guessed where it holds none (and nothing
     * is read when there are no scenarios).
     */
    public ScenarioTimes scenarioTimes(List<ScenarioDefinition> selected) {
        return selected.isEmpty() ? ScenarioTimes.guessed()
                : results().map(r -> ScenarioTimes.recordedIn(r, shown)).orElseGet(ScenarioTimes::guessed);
    }

    /**
     * What the benchmarks' forks took as the baseline recorded them, when the build runs only part of the suite
     * ({@code perf.shard}) or within a time ({@code perf.budget}); nothing is read otherwise.
     */
    public ForkTimes forkTimes(boolean partOfSuite) {
        if (!partOfSuite) {
            return ForkTimes.none();
        }
        return results().map(r -> ForkTimes.recordedIn(r, shown)).orElseGet(ForkTimes::none);
    }

    /**
     * The between-fork noise perf:calibrate stored, which adaptive stopping sizes the rounds with (said in the log);
     * null without adaptive stopping or a stored calibration (a baseline that does not read is passed over with a
     * warning: the comparison does not judge against it).
     */
    public Calibration storedCalibration(boolean adaptive) {
        if (!adaptive) {
            return null;
        }
        Calibration calibration = calibration();
        if (calibration != null) {
            int benchmarks = calibration.benchmarks().size();
            log.info("Rounds sized with the between-fork noise perf:calibrate stored in " + shown + " (measured "
                    + calibration.measuredAt() + ", " + benchmarks + (benchmarks == 1 ? " benchmark" : " benchmarks")
                    + "), pooled with the noise of each benchmark's own rounds");
        }
        return calibration;
    }
}
