package io.perfgate.gate;

import static io.perfgate.config.PerfProperties.MULTIPLICITY;

import io.perfgate.results.Calibration;
import io.perfgate.stats.Decision;
import io.perfgate.stats.DecisionRule;
import io.perfgate.stats.Multiplicity;
import io.perfgate.stats.ShiftComparison;
import io.perfgate.stats.StatsText;
import io.perfgate.stats.Verdict;
import java.util.ArrayList;
import java.util.List;

/**
 * The decision pass over all benchmarks: the multiplicity step over the K comparisons that were tested, then the
 * decision rule of statistics.md on each, what each PASS could have missed ({@link PassPromise}), the noise floor of
 * a calibrated baseline, and the rows into the report.
 */
final class DecisionPass {
    private final GateSettings settings;

    DecisionPass(GateSettings settings) {
        this.settings = settings;
    }

    /**
     * The multiplicity step over the tested comparisons of every group together (one group per treatment of a
     * comparison of several), then the decision rule on each, each group's rows into its own report.
     *
     * @param family how the reports name the family when it spans groups, e.g. " across 3 treatments"; empty for one
     */
    void decide(List<List<PendingComparison>> groups, List<GateReport.Builder> reports, Calibration calibration,
            String family) {
        List<PendingComparison> tested = new ArrayList<>();
        for (List<PendingComparison> pending : groups) {
            for (PendingComparison p : pending) {
                if (p.tested()) {
                    tested.add(p);
                }
            }
        }
        Multiplicity.Mode mode = settings.multiplicity();
        double[] pValues = new double[tested.size()];
        for (int i = 0; i < pValues.length; i++) {
            // The guarded p-values: Holm's and BH's steps must see the evidence the rule will demand.
            pValues[i] = DecisionRule.failPValue(tested.get(i).test);
        }
        double[] levels = Multiplicity.effectiveAlphas(pValues, settings.alpha(), mode);
        double[] adjusted = mode == Multiplicity.Mode.NONE ? null : Multiplicity.adjust(pValues, mode);
        List<String> notes = new ArrayList<>();
        boolean anyCanFail = feasibility(tested, notes);
        for (GateReport.Builder report : reports) {
            report.multiplicity(mode, tested.size(), anyCanFail);
            notes.forEach(report::addNote);
            if (!family.isEmpty()) {
                report.addNote("K = " + tested.size() + " tested comparisons" + family + " (benchmarks x metrics x"
                        + " treatments, against one baseline); " + MULTIPLICITY + "="
                        + GateSettings.multiplicityId(mode) + " is applied over all of them");
            }
        }
        for (int i = 0; i < tested.size(); i++) {
            PendingComparison p = tested.get(i);
            Decision d = DecisionRule.decide(p.test, levels[i], p.minForks);
            p.decided = PassPromise.apply(
                    row(p, d, levels[i]).adjustedP(adjusted == null ? Double.NaN : adjusted[i]).build(), p.test);
        }
        for (int g = 0; g < groups.size(); g++) {
            GateReport.Builder report = reports.get(g);
            for (PendingComparison p : groups.get(g)) {
                if (p.decided == null) {
                    Decision d = p.refusal != null
                            ? DecisionRule.decide(p.test, settings.alpha(), 1).overruledAsInconclusive(
                                    estimate(p.test) + " is not judged: " + p.refusal)
                            : DecisionRule.decide(p.test, settings.alpha(), p.minForks);
                    p.decided = row(p, d, settings.alpha()).build();
                }
                p.decided = NoiseFloor.apply(p.decided, calibration);
                report.addComparison(p.decided);
                if (p.decided.verdict() == Verdict.FAIL) {
                    report.addRegression(p.decided.displayName() + ": " + p.decided.reason());
                }
            }
        }
    }

    private GateRow.Builder row(PendingComparison p, Decision d, double level) {
        ShiftComparison t = p.test;
        return p.row.ratio(t.ratio(), t.lowerBound(level), t.upperBound(level), t.ciLower(), t.ciUpper())
                .ratioOfMedians(t.orientedMedianRatio()).pValue(t.pSlower())
                .thresholds(t.thresholds().fail(), t.thresholds().minEffect(), level)
                .verdict(d.verdict(), d.describe(label(p))).confident(d.confidentPass());
    }

    private static String label(PendingComparison p) {
        return p.label != null ? p.label : p.metric.label(p.direction);
    }

    /** "+2.0 % [-1.0 %, +5.1 %]" in the metric's own direction. */
    private static String estimate(ShiftComparison c) {
        return StatsText.percentChange(c.nativeRatio()) + " [" + StatsText.percentChange(c.nativeCiLower()) + ", "
                + StatsText.percentChange(c.nativeCiUpper()) + "]";
    }

    /**
     * Warns when the fork counts at hand make a FAIL impossible under the multiplicity mode (Holm at 5 forks a
     * side allows at most 12 comparisons). Returns whether any comparison can fail.
     */
    private boolean feasibility(List<PendingComparison> tested, List<String> notes) {
        if (tested.isEmpty()) {
            return true;
        }
        int impossible = 0;
        Multiplicity.Feasibility example = null;
        for (PendingComparison p : tested) {
            Multiplicity.Feasibility f = Multiplicity.feasibility(p.test.baselineCount(), p.test.candidateCount(),
                    tested.size(), settings.alpha(), settings.multiplicity());
            if (!f.isPossible()) {
                impossible++;
                example = f;
            }
        }
        if (impossible > 0) {
            String mode = GateSettings.multiplicityId(settings.multiplicity());
            notes.add((impossible == tested.size() ? "No" : impossible + " of " + tested.size())
                    + " comparisons can fail with " + MULTIPLICITY + "=" + mode + " and K = " + tested.size() + ": "
                    + example.warning() + (settings.multiplicity() == Multiplicity.Mode.NONE ? ""
                            : ", or use " + MULTIPLICITY + "=none"));
        }
        return impossible < tested.size();
    }
}
