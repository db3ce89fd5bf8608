package io.perfgate.report;

import io.perfgate.config.PerfProperties;
import io.perfgate.gate.BenchmarkRef;
import io.perfgate.gate.GateRow;
import io.perfgate.gate.EnvironmentDifference;
import io.perfgate.gate.GateReport;
import io.perfgate.results.MachineTime;
import io.perfgate.stats.Verdict;
import io.perfgate.text.Markup;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * {@code report.md}: a summary fit for a pull-request comment. Headline verdict, the table, one line per
 * regression, what needs a look, environment differences, and a collapsed details section with settings,
 * provenance and benchmark lists.
 */
public final class MarkdownReport {
    private MarkdownReport() {
    }

    public static String render(GateReport r) {
        return render(r, null);
    }

    /** @param machine what the run's JMH forks spent against the old fixed defaults, or null where not known */
    public static String render(GateReport r, MachineTime machine) {
        StringBuilder md = new StringBuilder(verdict(r));
        if (r.baseline() == null) {
            return md.toString();
        }
        if (!r.regressions().isEmpty()) {
            md.append("### Regressions\n\n");
            for (String line : r.regressions()) {
                md.append("- ").append(Markup.markdown(line)).append('\n');
            }
            if (!r.failOnRegression()) {
                md.append("\nThese do not fail the build: `" + PerfProperties.FAIL_ON_REGRESSION + "=false`.\n");
            }
            md.append('\n');
        }
        if (!r.otherFailures().isEmpty()) {
            md.append("### Build failures\n\n");
            r.otherFailures().forEach(f -> md.append("- ").append(Markup.markdown(f)).append('\n'));
            md.append('\n');
        }

        List<String> look = new ArrayList<>();
        for (GateRow c : r.comparisons()) {
            if (c.verdict() == Verdict.WARN || c.verdict() == Verdict.INCONCLUSIVE) {
                look.add(c.verdict() + " " + RowView.of(c, r).benchmark() + ": " + c.reason());
            }
        }
        look.addAll(ConsoleReport.notGatedLines(r));
        look.addAll(r.notes());
        if (!look.isEmpty()) {
            md.append("### Needs a look\n\n");
            look.forEach(l -> md.append("- ").append(Markup.markdown(l)).append('\n'));
            md.append('\n');
        }

        if (!r.environmentDifferences().isEmpty()) {
            md.append("### Environment differences (policy: ").append(r.environmentPolicy().id()).append(")\n\n");
            md.append("| field | baseline | current |\n|---|---|---|\n");
            for (EnvironmentDifference d : r.environmentDifferences()) {
                cells(md, "`" + d.field() + "`", orAbsent(d.baseline()), orAbsent(d.current()));
            }
            md.append('\n');
        }

        md.append("<details>\n<summary>Details</summary>\n\n");
        if (machine != null && machine.known()) {
            md.append(Markup.markdown(machine.line())).append("\n\n");
        }
        benchmarks(md, "New since the baseline (not compared)", r.newBenchmarks());
        benchmarks(md, "In the baseline but not run this time", r.missingBenchmarks());
        benchmarks(md, "Ignored by a rule", r.ignoredBenchmarks());
        md.append("**Settings**\n\n| setting | value |\n|---|---|\n");
        r.settings().forEach((k, v) -> cells(md, "`" + k + "`", v == null ? "" : v));
        md.append('\n');
        if (!r.baseline().provenance().isEmpty()) {
            md.append("**Baseline provenance**\n\n| field | value |\n|---|---|\n");
            r.baseline().provenance().forEach((k, v) -> cells(md, "`" + k + "`", v == null ? "" : v));
            md.append('\n');
        }
        Set<String> fields = new LinkedHashSet<>(r.current().environment().keySet());
        fields.addAll(r.baseline().environment().keySet());
        if (!fields.isEmpty()) {
            md.append("**Environment**\n\n| field | baseline | current |\n|---|---|---|\n");
            for (String f : fields) {
                cells(md, "`" + f + "`", orAbsent(r.baseline().environment().get(f)),
                        orAbsent(r.current().environment().get(f)));
            }
            md.append('\n');
        }
        md.append(r.againstHistory()
                ? "Each past run is one observation (its median over forks) and this run one more; p is the one-sided"
                        + " Student t prediction p-value of a slowdown larger than T_min (prediction interval over "
                        + r.settings().get(PerfProperties.HISTORY_RUNS) + " runs). FAIL needs the change at or above"
                        + " T_fail and this run beyond the prediction bound above T_min.\n\n</details>\n"
                : "Ratios come from the Hodges-Lehmann estimate over per-fork values; p is the exact one-sided"
                        + " Mann-Whitney p-value of a slowdown larger than T_min. FAIL needs the estimate at or above"
                        + " T_fail and the one-sided lower bound above T_min.\n\n</details>\n");
        return md.toString();
    }

    /**
     * The verdict as report.md opens with it: the headline, where both sides came from, the settings and the whole
     * table; without a baseline, the headline and why nothing was compared. The job summary on GitHub Actions is
     * exactly this, and the pull-request comment its headline and table split in two.
     */
    public static String verdict(GateReport r) {
        StringBuilder md = new StringBuilder();
        headline(md, r);
        if (r.baseline() == null) {
            return md.toString();
        }
        table(md, r, RowView.rows(r));
        md.append('\n');
        return md.toString();
    }

    /**
     * The headline, the sources line and the settings line; without a baseline, the headline, the sources, the
     * notes and the failures.
     */
    static void headline(StringBuilder md, GateReport r) {
        md.append("## ").append(r.headline()).append("\n\n");
        md.append(Markup.markdown(ConsoleReport.sources(r))).append("  \n");
        if (r.baseline() == null) {
            md.append('\n');
            r.notes().forEach(n -> md.append("- ").append(Markup.markdown(n)).append('\n'));
            r.otherFailures().forEach(n -> md.append("- **").append(Markup.markdown(n)).append("**\n"));
            return;
        }
        md.append(Markup.markdown(ConsoleReport.settingsLine(r))).append("\n\n");
    }

    /** The verdict table of these rows, head included, with no blank line after it. */
    static void table(StringBuilder md, GateReport r, List<RowView> rows) {
        md.append(tableHead(r));
        for (RowView row : rows) {
            md.append(tableRow(row));
        }
    }

    /** The table's head: the column names and the alignment line. */
    static String tableHead(GateReport r) {
        StringBuilder md = new StringBuilder("|");
        for (String h : ConsoleReport.header(r)) {
            md.append(' ').append(h).append(" |");
        }
        return md.append("\n|---|---|---:|---:|---:|---:|---|\n").toString();
    }

    /** One line of the table. */
    static String tableRow(RowView row) {
        StringBuilder md = new StringBuilder();
        cells(md, row.benchmark(), row.metric(), row.baseline(), row.current(), row.change(), row.p(),
                row.alarming() ? "**" + row.verdict() + "**" : row.verdict());
        return md.toString();
    }

    private static void benchmarks(StringBuilder md, String title, List<BenchmarkRef> refs) {
        if (refs.isEmpty()) {
            return;
        }
        md.append("**").append(title).append("**\n\n");
        refs.forEach(b -> md.append("- `").append(b.key()).append("` (").append(b.mode()).append(")\n"));
        md.append('\n');
    }

    private static String orAbsent(String v) {
        return v == null ? "*absent*" : v;
    }

    private static void cells(StringBuilder md, String... cells) {
        md.append('|');
        for (String c : cells) {
            md.append(' ').append(c.replace("|", "\\|").replace("\n", " ")).append(" |");
        }
        md.append('\n');
    }
}
