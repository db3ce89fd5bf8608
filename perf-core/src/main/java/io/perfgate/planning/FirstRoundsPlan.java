package io.perfgate.planning;

import io.perfgate.config.PerfProperties;
import io.perfgate.gate.BenchmarkPairing;
import io.perfgate.interleaved.InterleavedRun;
import io.perfgate.interleaved.StopRule;
import io.perfgate.results.BenchmarkId;
import io.perfgate.results.BenchmarkResult;
import io.perfgate.results.Calibration;
import io.perfgate.stats.ForkPlan;
import io.perfgate.stats.Thresholds;
import io.perfgate.text.Durations;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code perf.forkPlan=auto} in perf:compare without a calibration: after the first rounds ({@link StopRule#firstLook})
 * each benchmark still running gets the fork length and count its noise so far asks for ({@link ForkPlan}, the same
 * rule perf:calibrate plans with). The between-fork and within-fork noise come from both sides' forks, each side
 * centred on its own level (a real change is no noise); the fork's fixed cost from the forks' wall times less their
 * measurement time. The remaining rounds run the plan's iterations on both sides alike, and stop at the plan's forks
 * where that is below {@code perf.maxForks}, never below the exact test's floor of the first look.
 *
 * <p>Why the test stays valid: both sides switch length at the same round, so under H0 both samples are drawn from
 * the same mixture of fork lengths, and the exact test's exchangeability holds (statistics.md, "Fork length and count
 * from the noise").
 */
public final class FirstRoundsPlan implements InterleavedRun.RoundPlanner {
    private final StopRule rule;
    private final Map<String, String> settings;
    private final java.util.function.ToIntFunction<String> fullIterations;
    private final ForkNoiseAgreement.References references;

    /**
     * @param rule the comparison's stop rule: its thresholds, level, first look and maximum
     * @param settings the harness settings in force ({@link io.perfgate.interleaved.BenchmarkLauncher#settings}): the measurement time
     */
    public FirstRoundsPlan(StopRule rule, Map<String, String> settings) {
        this(rule, settings, b -> 0);
    }

    /**
     * @param fullIterations each benchmark's measurement iterations by its settings: where the first rounds ran
     *     shorter forks ({@link InterleavedRun#startLength}), the plan may lengthen them up to this
     */
    public FirstRoundsPlan(StopRule rule, Map<String, String> settings,
            java.util.function.ToIntFunction<String> fullIterations) {
        this(rule, settings, fullIterations, ForkNoiseAgreement.NONE);
    }

    /**
     * @param references each benchmark's noise at full length (a calibration's, else the newest history run's): where
     *     the first rounds' noise disagrees with it, the plan carries a note for the report
     *     ({@link ForkNoiseAgreement})
     */
    public FirstRoundsPlan(StopRule rule, Map<String, String> settings,
            java.util.function.ToIntFunction<String> fullIterations, ForkNoiseAgreement.References references) {
        this.rule = rule;
        this.settings = new HashMap<>(settings);
        this.fullIterations = fullIterations;
        this.references = java.util.Objects.requireNonNull(references);
    }

    /** The first rounds' noise against the benchmark's own at full length, where it has a reference. */
    @Override
    public List<String> firstLookNotes(String benchmark, List<BenchmarkResult> base, List<BenchmarkResult> candidate) {
        return notes(base, candidate, (a, b) -> ForkNoiseAgreement.againstReference(a, b, references.of(a.id())));
    }

    /** Where a short start was lengthened: its short forks' noise against the planned-length forks'. */
    @Override
    public List<String> afterLengthening(String benchmark, int shortForks, List<BenchmarkResult> base,
            List<BenchmarkResult> candidate) {
        return notes(base, candidate, (a, b) -> ForkNoiseAgreement.shortAgainstPlanned(a, b, shortForks));
    }

    /** The notes {@code note} gives each parameter set and mode both sides ran (null for none). */
    private static List<String> notes(List<BenchmarkResult> base, List<BenchmarkResult> candidate,
            java.util.function.BiFunction<BenchmarkResult, BenchmarkResult, String> note) {
        Map<BenchmarkId, BenchmarkResult> byId = new HashMap<>();
        for (BenchmarkResult c : candidate) {
            byId.put(c.id(), c);
        }
        List<String> notes = new ArrayList<>();
        for (BenchmarkResult a : base) {
            BenchmarkResult b = byId.get(a.id());
            String n = b == null ? null : note.apply(a, b);
            if (n != null) {
                notes.add(n);
            }
        }
        return notes;
    }

    @Override
    public InterleavedRun.RoundPlan plan(String benchmark, int rounds, List<BenchmarkResult> base,
            List<BenchmarkResult> candidate, List<Double> secondsPerRun) {
        Map<BenchmarkId, BenchmarkResult> byId = new HashMap<>();
        for (BenchmarkResult c : candidate) {
            byId.put(c.id(), c);
        }
        int full = fullIterations.applyAsInt(benchmark);
        int forks = 0;
        int iterations = 0;
        int measured = 0;
        double seconds = 0;
        double fixedSeconds = 0;
        List<String> reasons = new ArrayList<>();
        List<Calibration.Plan> plans = new ArrayList<>();
        boolean reachable = true;
        for (BenchmarkResult a : base) {
            BenchmarkResult b = byId.get(a.id());
            if (b == null) {
                continue;
            }
            Thresholds atLevel = rule.medianAtDecisionLevel(a.key());
            double between = AaCalibration.betweenForkCv(a, b);
            double within = AaCalibration.withinForkCv(a, b);
            Calibration.Plan p = AaCalibration.plan(a, between, within, atLevel, secondsPerRun, settings, full);
            if (p == null) {
                return null;
            }
            plans.add(p);
            reasons.add(p.reason());
            reachable &= p.reachable();
            // an unreachable target keeps the full length and every round
            forks = Math.max(forks, p.reachable() ? p.forks() : rule.maxRounds());
            iterations = Math.max(iterations, p.reachable() ? p.iterations() : p.measuredIterations());
            measured = Math.max(measured, p.measuredIterations());
        }
        if (plans.isEmpty()) {
            return null;
        }
        int maxRounds = Math.min(rule.maxRounds(), Math.max(rule.firstLook(), forks));
        // the fixed run the plan is set against: every round at the settings' length, also after a short start
        int fixedLength = Math.max(measured, full);
        for (Calibration.Plan p : plans) {
            seconds += p.secondsAt(rounds, measured) + p.secondsAt(maxRounds - rounds, iterations);
            fixedSeconds += p.secondsAt(rule.maxRounds(), fixedLength);
        }
        String reason = plans.size() == 1 ? reasons.get(0)
                : "the most forks and iterations any of its " + plans.size() + " parameter sets and modes needs";
        String line = String.format(Locale.ROOT, "%s: %s=%s from the first %d rounds: %s", benchmark,
                PerfProperties.FORK_PLAN, PerfProperties.FORK_PLAN_AUTO, rounds, ForkPlan.line(reachable ? forks : 0,
                        iterations, reason, fixedSeconds, seconds, rule.maxRounds(), fixedLength))
                + (reachable ? String.format(Locale.ROOT, "; both sides run %d iterations of %s a fork from round %d,"
                        + " at most %d rounds", iterations, Durations.format(java.time.Duration.ofNanos(Math.round(plans.get(0).iterationSeconds() * 1e9))),
                        rounds + 1, maxRounds) : "");
        return new InterleavedRun.RoundPlan(iterations == measured ? 0 : iterations, maxRounds, line);
    }
}
