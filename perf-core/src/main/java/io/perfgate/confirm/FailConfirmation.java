package io.perfgate.confirm;

import io.perfgate.config.PerfProperties;
import io.perfgate.env.EnvironmentFingerprint;
import io.perfgate.gate.EnvironmentDifference;
import io.perfgate.gate.GateReport;
import io.perfgate.gate.GateRow;
import io.perfgate.gate.SideBySide;
import io.perfgate.interleaved.BenchmarkLauncher;
import io.perfgate.log.PerfLog;
import io.perfgate.report.Units;
import io.perfgate.results.Provenance;
import io.perfgate.stats.Verdict;
import io.perfgate.text.CommitIds;
import io.perfgate.text.Durations;
import io.perfgate.workspace.BaseBuilder;
import io.perfgate.workspace.CompareException;
import io.perfgate.workspace.GitRepository;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;

/**
 * Confirm before failing ({@code perf.confirm}): when a check against a baseline measured earlier (a stored file,
 * or the history) finds FAIL rows, their benchmarks are measured again side by side on this machine, the working
 * tree against the baseline's own commit, in interleaved rounds ({@link CommitComparison}). A FAIL the side-by-side
 * rounds also find keeps its FAIL, with both figures; one they do not find becomes a WARN that says so, because
 * then the difference was between the machines (or the same machine on two days), not in the code.
 *
 * <p>A WARN whose estimate reaches the limit but which the baseline could not call ({@link
 * GateRow#undecidedAtLimit()}: against a history that spreads widely, a real +50 % can sit inside the spread) is
 * measured side by side the same way: a FAIL there makes it a FAIL, since side by side the machine's drift is
 * gone and what remains is the code. So the cost is paid only when something FAILs or may, and the log says
 * what it was.
 */
public final class FailConfirmation {
    /** {@code perf.confirm}: {@code auto} confirms every FAIL it can, {@code never} leaves the gate's verdicts. */
    public enum Mode {
        AUTO,
        NEVER
    }

    /** What measuring side by side needs from the running build: made only when there is a FAIL to confirm. */
    @FunctionalInterface
    public interface Setup {
        /** @throws CompareException when the running build cannot measure side by side, saying why */
        Parts parts() throws CompareException;
    }

    /** The base's builder, the launcher of the rounds' forks, and the comparison's request without commits. */
    public static final class Parts {
        private final BaseBuilder builder;
        private final BenchmarkLauncher launcher;
        private final CommitComparison.Request template;

        /**
         * @param template where the running build is, the gate's settings and how the rounds run; the base commit
         *     and the benchmarks are filled in from the failing rows
         */
        public Parts(BaseBuilder builder, BenchmarkLauncher launcher, CommitComparison.Request template) {
            this.builder = Objects.requireNonNull(builder);
            this.launcher = Objects.requireNonNull(launcher);
            this.template = Objects.requireNonNull(template);
        }

        public BaseBuilder builder() {
            return builder;
        }

        public BenchmarkLauncher launcher() {
            return launcher;
        }

        /** The request without commits or benchmarks. */
        public CommitComparison.Request template() {
            return template;
        }
    }

    private final Mode mode;
    private final Setup setup;
    private final PerfLog log;

    public FailConfirmation(Mode mode, Setup setup, PerfLog log) {
        this.mode = Objects.requireNonNull(mode);
        this.setup = Objects.requireNonNull(setup);
        this.log = Objects.requireNonNull(log);
    }

    /** The commit the baseline's results were measured at, as they record it; null when they record none. */
    public static String baselineCommit(GateReport report) {
        if (report.baseline() == null) {
            return null;
        }
        String commit = Provenance.of(report.baseline().provenance(), report.baseline().environment()).commit();
        // the fingerprint writes these when it could not tell the commit
        return commit == null || "none".equals(commit) || "unknown".equals(commit) ? null : commit;
    }

    /**
     * The report with its FAIL rows confirmed or not against {@code baselineCommit}; the report as it was when
     * nothing FAILs or {@code perf.confirm=never}; the report with a note saying why when the commit is unknown,
     * not in this repository, does not build, or the rounds fail (the FAILs stand).
     */
    public GateReport confirm(GateReport report, String baselineCommit) {
        List<GateRow> fails = new ArrayList<>();
        report.comparisons().stream().filter(FailConfirmation::toConfirm).forEach(fails::add);
        if (fails.isEmpty()) {
            return report;
        }
        String what = described(fails);
        if (mode == Mode.NEVER) {
            log.info(PerfProperties.CONFIRM + "=never: " + what + verb(fails) + " not measured again side by side"
                    + " against the baseline's commit");
            return report;
        }
        if (baselineCommit == null) {
            return standing(report, "the baseline records no commit to measure side by side (it was recorded"
                    + " outside git)");
        }
        List<String> otherSettings = new ArrayList<>();
        report.environmentDifferences().stream().filter(FailConfirmation::changesTheExperiment)
                .forEach(d -> otherSettings.add(d.describe()));
        if (!otherSettings.isEmpty()) {
            return standing(report, "the baseline was measured with other run settings (" + String.join("; ",
                    otherSettings) + "); side by side both commits run with this build's, so the rounds could not"
                    + " tell a change the settings made from none. Record the baseline again with these settings to"
                    + " compare like with like");
        }
        Parts parts;
        try {
            parts = setup.parts();
        } catch (CompareException e) {
            return standing(report, e.getMessage());
        }
        CommitComparison.Request template = parts.template;
        GitRepository git;
        try {
            git = GitRepository.open(template.paths().moduleDirectory());
        } catch (CompareException e) {
            return standing(report, e.getMessage());
        }
        try {
            git.resolveCommit(baselineCommit);
        } catch (CompareException e) {
            return standing(report, "the baseline's commit " + CommitIds.abbreviate(baselineCommit) + " is not"
                    + " reachable here: it is not in " + git.topLevel() + " (a shallow clone has too little history:"
                    + " fetch it, e.g. with fetch-depth: 0 on CI)");
        }
        Set<String> benchmarks = new LinkedHashSet<>();
        for (GateRow row : fails) {
            String scenario = parts.launcher.scenarioFor(row.benchmark());
            benchmarks.add(scenario != null ? scenario : row.benchmark());
        }
        log.info(String.format(Locale.ROOT, "%s: %s against a baseline measured earlier; measuring %s again side by"
                + " side with the baseline's commit %s on this machine before deciding the build (-D%s=never skips"
                + " this)", PerfProperties.CONFIRM, what + verb(fails), benchmarks.size() == 1 ? "its benchmark"
                : "their " + benchmarks.size() + " benchmarks", CommitIds.abbreviate(baselineCommit),
                PerfProperties.CONFIRM));
        CommitComparison.Result result;
        try {
            // the rounds stop once the rows measured again are decided, not when every other row could be
            result = new CommitComparison(parts.builder, parts.launcher, log)
                    .compare(template.commits(baselineCommit, null).benchmarks(new ArrayList<>(benchmarks))
                            .confirming((id, metric) -> fails.stream().anyMatch(
                                    r -> r.id().equals(id) && r.metricName().equals(metric))));
        } catch (CompareException | IOException e) {
            return standing(report, "measuring side by side against " + CommitIds.abbreviate(baselineCommit)
                    + " failed: " + e.getMessage());
        }
        log.info(String.format(Locale.ROOT, "confirming %s against %s (baseline's commit): built in %s, %d"
                + " rounds in %s", what, result.baseShort(),
                Durations.format(result.build()), result.maxRounds(), Durations.format(result.measurement())));
        Path module = template.paths().moduleDirectory().toAbsolutePath().normalize();
        Path results = template.resultsDirectory().toAbsolutePath().normalize();
        return apply(report, result, results.startsWith(module) ? module.relativize(results).toString()
                : results.toString());
    }

    /**
     * A difference the side-by-side rounds cannot see, because they run both commits with this build's settings:
     * forks, iterations, times, modes, parameters, JVM arguments, profilers. (A different machine, JDK or load is
     * what they are for.)
     */
    private static boolean changesTheExperiment(EnvironmentDifference d) {
        return EnvironmentDifference.RUN_SETTINGS.contains(d.field())
                || EnvironmentFingerprint.JVM_ARGS.equals(d.field());
    }

    /** What is measured side by side: the FAILs, and the WARNs that reach the limit undecided. */
    static boolean toConfirm(GateRow row) {
        return row.verdict() == Verdict.FAIL || row.undecidedAtLimit();
    }

    /** {@code 2 FAIL rows and 1 WARN row above the limit but undecided}, for the log. */
    private static String described(List<GateRow> rows) {
        long fails = rows.stream().filter(r -> r.verdict() == Verdict.FAIL).count();
        long undecided = rows.size() - fails;
        String f = fails == 0 ? "" : fails + " FAIL " + (fails == 1 ? "row" : "rows");
        String u = undecided == 0 ? "" : undecided + " WARN " + (undecided == 1 ? "row" : "rows")
                + " above the limit but undecided";
        return f + (f.isEmpty() || u.isEmpty() ? "" : " and ") + u;
    }

    /** The verb after {@link #described}: {@code is} for one row, {@code are} for more. */
    private static String verb(List<GateRow> rows) {
        return rows.size() == 1 ? " is" : " are";
    }

    /**
     * Nothing was measured side by side. FAILs stand unconfirmed: the report's notes say why, which every report
     * shows (the console's among its warnings, so the log has it once). WARNs stay WARN; the log says why they
     * were not decided side by side.
     */
    private GateReport standing(GateReport report, String why) {
        if (report.comparisons().stream().noneMatch(r -> r.verdict() == Verdict.FAIL)) {
            log.info("WARN above the limit not measured side by side (" + PerfProperties.CONFIRM + "): " + why);
            return report;
        }
        return rebuilt(report, report.comparisons(), "FAIL not confirmed side by side, so it stands ("
                + PerfProperties.CONFIRM + "): " + why);
    }

    /**
     * The stored comparison's FAIL rows, and its WARN rows undecided at the limit, decided again by the
     * side-by-side rounds: FAIL there makes (or keeps) the FAIL, with both figures; PASS, WARN or IMPROVED there
     * makes it a WARN saying it was not confirmed; no verdict there (INCONCLUSIVE, a failed fork, not measured)
     * leaves the row's verdict, saying why it was neither confirmed nor refuted.
     */
    static GateReport apply(GateReport stored, CommitComparison.Result sideBySide, String resultsShown) {
        List<GateRow> rows = new ArrayList<>();
        int confirmed = 0;
        int refuted = 0;
        for (GateRow row : stored.comparisons()) {
            if (!toConfirm(row)) {
                rows.add(row);
                continue;
            }
            GateRow side = matching(sideBySide.report(), row);
            int rounds = sideBySide.roundsOf(row.benchmark());
            String where = "side by side against " + sideBySide.baseShort() + " (" + rounds + " rounds)";
            GateRow.Builder decided = row.toBuilder().sideBySide(side == null ? null : new SideBySide(
                    sideBySide.baseShort(), side.change(), side.changeCiLow(), side.changeCiHigh(), rounds,
                    side.verdict()));
            if (side == null || side.verdict() == Verdict.INCONCLUSIVE && !tested(side)) {
                String failure = sideBySide.failureOf(row.benchmark());
                String why = side != null ? side.reason() : failure != null ? failure : "not measured";
                rows.add(decided.verdict(row.verdict(), row.reason() + "; neither confirmed nor refuted " + where
                        + ": " + why).build());
            } else if (side.verdict() == Verdict.FAIL) {
                confirmed++;
                // an undecided WARN says why it was measured again: its own reason ends "a FAIL needs ..."
                rows.add(decided.verdict(Verdict.FAIL, row.reason() + (row.verdict() == Verdict.FAIL ? "" : "; so it"
                        + " was measured again") + "; confirmed " + where + ": " + Units.change(side)).build());
            } else {
                refuted++;
                rows.add(decided.verdict(Verdict.WARN, notConfirmed(row, side, where)).build());
            }
        }
        List<GateRow> measured = new ArrayList<>();
        stored.comparisons().stream().filter(FailConfirmation::toConfirm).forEach(measured::add);
        String what = described(measured);
        String note = String.format(Locale.ROOT, "%s measured again side by side against %s (the baseline's commit)"
                + " on this machine: %d confirmed, %d not (now WARN); built in %s, %d rounds in %s; both sides'"
                + " results in %s", what, sideBySide.baseShort(), confirmed, refuted,
                Durations.format(sideBySide.build()), sideBySide.maxRounds(),
                Durations.format(sideBySide.measurement()), resultsShown);
        return rebuilt(stored, rows, note);
    }

    /**
     * Whether the side-by-side rounds measured a change with an interval: an INCONCLUSIVE that only says the rounds
     * could miss a slowdown of 1.5 x T_fail still measured one, and what it measured does not reproduce a FAIL
     * (only a FAIL side by side confirms). One whose forks failed or were refused measured nothing.
     */
    private static boolean tested(GateRow side) {
        return !Double.isNaN(side.ratio()) && !Double.isNaN(side.pValue());
    }

    /**
     * {@code median time not confirmed: +1.2 % [-2.0 %, +4.1 %] measured side by side against 6904bea (8 rounds),
     * where the stored baseline gave +35.0 % [...]; the baseline's machine was faster}.
     */
    private static String notConfirmed(GateRow stored, GateRow side, String where) {
        String because;
        if (side.ratio() < stored.ratio()) {
            because = "the baseline's machine was faster" + (side.verdict() == Verdict.WARN
                    ? ", and a smaller slowdown remains (WARN side by side: " + side.reason() + ")"
                    : side.verdict() == Verdict.INCONCLUSIVE ? ", though these rounds were too few to rule out a"
                            + " slowdown at the limit (INCONCLUSIVE side by side: " + side.reason() + ")" : "");
        } else {
            because = "side by side the slowdown is not beyond the limit with confidence (" + side.verdict()
                    + ": " + side.reason() + ")";
        }
        return stored.label() + " not confirmed: " + Units.change(side) + " measured " + where
                + ", where the stored baseline gave " + Units.change(stored)
                + (stored.verdict() == Verdict.FAIL ? "" : " (undecided)") + "; " + because;
    }

    /** The side-by-side row of the same benchmark, parameters, mode and metric; null when there is none. */
    private static GateRow matching(GateReport sideBySide, GateRow row) {
        for (GateRow c : sideBySide.comparisons()) {
            if (c.id().equals(row.id()) && c.metricName().equals(row.metricName())) {
                return c;
            }
        }
        return null;
    }

    /** {@code report} with {@code rows} as its comparisons, its regressions their FAIL rows, and one note more. */
    private static GateReport rebuilt(GateReport report, List<GateRow> rows, String note) {
        GateReport.Builder b = GateReport.builder().goal(report.goal()).createdAt(report.createdAt())
                .toolVersion(report.toolVersion())
                .baseline(report.baseline()).current(report.current())
                .environment(report.environmentPolicy(), report.environmentDifferences())
                .settings(report.settings())
                .multiplicity(report.multiplicity(), report.tested(), report.holmCanFail())
                .comparisons(rows).failOnRegression(report.failOnRegression());
        report.notGated().forEach(b::addNotGated);
        report.newBenchmarks().forEach(b::addNewBenchmark);
        report.missingBenchmarks().forEach(b::addMissingBenchmark);
        report.ignoredBenchmarks().forEach(b::addIgnoredBenchmark);
        report.notes().forEach(b::addNote);
        b.addNote(note);
        // one line per FAIL row, as the gate writes them
        rows.stream().filter(r -> r.verdict() == Verdict.FAIL)
                .forEach(r -> b.addRegression(r.displayName() + ": " + r.reason()));
        report.otherFailures().forEach(b::addOtherFailure);
        return b.build();
    }
}
