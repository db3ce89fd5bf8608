package io.perfgate.report;

import io.perfgate.gate.GateRow;
import io.perfgate.gate.GateReport;
import io.perfgate.gate.GateSettings;
import io.perfgate.gate.Metric;
import io.perfgate.gate.NotGated;
import io.perfgate.gate.SideBySide;
import io.perfgate.results.BenchmarkId;
import io.perfgate.stats.Multiplicity;
import io.perfgate.stats.StatsText;
import io.perfgate.stats.Verdict;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * What one row of a verdict table shows, decided here once for every renderer (the console, report.md,
 * report.html, TEST-perf.xml and the methodology block): the benchmark's name, the metric, both sides with their
 * intervals, the change, the p-value and the verdict, each cell finished text. A renderer lays the cells out; it
 * never picks a p-value, a format or a name itself, so the five cannot drift apart.
 */
final class RowView {
    private final GateRow comparison;
    private final NotGated notGated;
    private final String benchmark;

    private RowView(GateRow comparison, NotGated notGated, String benchmark) {
        this.comparison = comparison;
        this.notGated = notGated;
        this.benchmark = benchmark;
    }

    /** Every row of the report: comparisons in report order, each benchmark's not-gated metrics after its last. */
    static List<RowView> rows(GateReport report) {
        Names names = new Names(report);
        Map<BenchmarkId, List<NotGated>> pending = new LinkedHashMap<>();
        for (NotGated n : report.notGated()) {
            pending.computeIfAbsent(n.id(), k -> new ArrayList<>()).add(n);
        }
        List<RowView> rows = new ArrayList<>();
        List<GateRow> cs = report.comparisons();
        for (int i = 0; i < cs.size(); i++) {
            GateRow c = cs.get(i);
            rows.add(new RowView(c, null, names.of(c.displayName(), c.id())));
            BenchmarkId id = c.id();
            boolean lastOfBenchmark = i + 1 == cs.size() || !cs.get(i + 1).id().equals(id);
            if (lastOfBenchmark && pending.containsKey(id)) {
                pending.remove(id).forEach(n -> rows.add(notGated(n, names)));
            }
        }
        pending.values().forEach(ns -> ns.forEach(n -> rows.add(notGated(n, names))));
        return rows;
    }

    /** The row of one comparison. */
    static RowView of(GateRow c, GateReport report) {
        return new RowView(c, null, new Names(report).of(c.displayName(), c.id()));
    }

    /** The head of the p column: {@code p}, or {@code p (holm)} when the column shows corrected p-values. */
    static String pHeader(GateReport report) {
        return report.multiplicity() == Multiplicity.Mode.NONE ? "p"
                : "p (" + GateSettings.multiplicityId(report.multiplicity()) + ")";
    }

    private static RowView notGated(NotGated n, Names names) {
        return new RowView(null, n, names.of(n.displayName(), n.id()));
    }

    /** The comparison behind this row, or null for a metric that is shown but not gated. */
    GateRow comparison() {
        return comparison;
    }

    /** The not-gated metric behind this row, or null for a comparison. */
    NotGated notGated() {
        return notGated;
    }

    /** The display name, with the mode added when the same benchmark ran in several modes. */
    String benchmark() {
        return benchmark;
    }

    /** The metric as the report's table names it: {@code median}, {@code p95}, {@code alloc}. */
    String metric() {
        return comparison != null ? comparison.metricName() : notGated.metricName();
    }

    /**
     * The metric as a sentence names it: {@code median time}, {@code allocation}; for a metric not gated, what its
     * figures are of ({@code p95 of each side's 10 fork scores}).
     */
    String metricLabel() {
        if (comparison != null) {
            return comparison.label();
        }
        return notGated.spread() == null ? notGated.metricName() : notGated.spread().describe(notGated.metricName());
    }

    /** The baseline's value with its interval; for a metric not gated, its spread figure or {@code -}. */
    String baseline() {
        if (comparison != null) {
            GateRow c = comparison;
            return Units.valueWithInterval(c.baselineMedian(), c.baselineCiLow(), c.baselineCiHigh(), c.unit());
        }
        NotGated.Spread s = notGated.spread();
        return s == null ? "-" : Units.value(s.baseline(), s.unit());
    }

    /** The current side's value with its interval; for a metric not gated, its spread figure or {@code -}. */
    String current() {
        if (comparison != null) {
            GateRow c = comparison;
            return Units.valueWithInterval(c.currentMedian(), c.currentCiLow(), c.currentCiHigh(), c.unit());
        }
        NotGated.Spread s = notGated.spread();
        return s == null ? "-" : Units.value(s.current(), s.unit());
    }

    /**
     * The change with its interval, or bytes per operation for allocation grown from nothing; for a FAIL measured
     * again side by side ({@code perf.confirm}), that change after it: {@code +43.0 % [...]; side by side +1.2 %
     * [-2.0 %, +4.1 %]}.
     */
    String change() {
        if (comparison == null) {
            return "-";
        }
        SideBySide side = comparison.sideBySide();
        return Units.change(comparison) + (side == null ? "" : "; side by side "
                + Units.percentWithInterval(side.change(), side.changeCiLow(), side.changeCiHigh()));
    }

    /**
     * The p column: a tested metric (median, p95, a secondary metric) shows its p-value after the multiplicity
     * correction when there is one, as the header says; allocation is judged by its tolerance, not by a test, so
     * it shows only a p-value of its own, which it never has from the gate.
     */
    String p() {
        if (comparison == null) {
            return "-";
        }
        GateRow c = comparison;
        boolean tested = c.metric() != Metric.ALLOCATION;
        return StatsText.pCell(tested && !Double.isNaN(c.adjustedP()) ? c.adjustedP() : c.pValue());
    }

    /**
     * The test's own p-value, before any multiplicity correction, as a detail line quotes it beside the reason;
     * null when there was no test.
     */
    String testP() {
        return comparison == null || Double.isNaN(comparison.pValue()) ? null
                : StatsText.pCell(comparison.pValue());
    }

    /** The verdict's name, or {@code not gated}. */
    String verdict() {
        return comparison == null ? "not gated" : comparison.verdict().name();
    }

    /** True for a verdict a reader must see at a glance: FAIL or WARN. */
    boolean alarming() {
        return comparison != null
                && (comparison.verdict() == Verdict.FAIL || comparison.verdict() == Verdict.WARN);
    }

    /**
     * True for a row a reviewer should see without unfolding anything: a comparison that did not PASS (FAIL, WARN,
     * INCONCLUSIVE, IMPROVED). The pull-request comment shows these and folds the rest away.
     */
    boolean needsLook() {
        return comparison != null && comparison.verdict() != Verdict.PASS;
    }

    /** Which benchmarks of a report ran in several modes, so their names carry the mode. */
    static final class Names {
        private final Map<String, Set<String>> modes = new HashMap<>();

        Names(GateReport report) {
            for (GateRow c : report.comparisons()) {
                modes.computeIfAbsent(c.key(), k -> new TreeSet<>()).add(c.mode());
            }
            for (NotGated n : report.notGated()) {
                modes.computeIfAbsent(n.benchmark(), k -> new TreeSet<>()).add(n.mode());
            }
        }

        /** {@code displayName}, the name of benchmark {@code id}, with the mode where the report holds others. */
        String of(String displayName, BenchmarkId id) {
            Set<String> ms = modes.get(id.key());
            return ms != null && ms.size() > 1 ? id.withMode(displayName) : displayName;
        }
    }
}
