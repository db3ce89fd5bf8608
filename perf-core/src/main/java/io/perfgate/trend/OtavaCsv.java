package io.perfgate.trend;

import io.perfgate.results.BenchmarkId;
import io.perfgate.stats.Direction;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The history as Apache Otava's CSV data source reads it: a header row, then one row per run, oldest first; the
 * column {@code time} (the run's UTC time, ISO-8601), the attributes {@code commit} and {@code run}, the column
 * {@code branch} (Otava selects rows by it with {@code --branch}) and one column per series, named
 * {@code <benchmark key> [<mode>] <metric>}, holding the run's value. Otava's reader needs a number in every
 * cell, so only the series with a value in every run are exported; {@link #leftOut} names the others. Fields are
 * quoted as RFC 4180 says (a key holds commas between its parameters). {@link #config} writes the Otava test that
 * reads the file, with each metric's direction (-1: lower is better, 1: higher is better).
 */
public final class OtavaCsv {
    public static final List<String> ATTRIBUTES = List.of("commit", "run");

    private OtavaCsv() {
    }

    /** The CSV of the runs of {@code trends}, all of one branch. */
    public static String write(List<Trend> trends, String branch) {
        Map<String, TrendRun> runs = runs(trends);
        List<Trend> exported = exported(trends, runs.size());
        StringBuilder csv = new StringBuilder("time,commit,run,branch");
        for (Trend t : exported) {
            csv.append(',').append(field(column(t)));
        }
        csv.append("\r\n");
        List<Map<String, Double>> values = new ArrayList<>();
        for (Trend t : exported) {
            Map<String, Double> byRun = new LinkedHashMap<>();
            t.runs().forEach(r -> byRun.put(r.id(), r.value()));
            values.add(byRun);
        }
        for (TrendRun r : runs.values()) {
            csv.append(r.recordedAt()).append(',').append(field(r.commit() == null ? "" : r.commit())).append(',')
                    .append(field(r.id())).append(',').append(field(branch == null ? "" : branch));
            for (Map<String, Double> byRun : values) {
                csv.append(',').append(number(byRun.get(r.id())));
            }
            csv.append("\r\n");
        }
        return csv.toString();
    }

    /** The series that are not exported: those without a value in some run. */
    public static List<Trend> leftOut(List<Trend> trends) {
        int runs = runs(trends).size();
        List<Trend> left = new ArrayList<>();
        for (Trend t : trends) {
            if (t.runs().size() != runs) {
                left.add(t);
            }
        }
        return left;
    }

    /** An Otava configuration with one CSV test, {@code test}, reading {@code file}. */
    public static String config(List<Trend> trends, String test, String file) {
        StringBuilder yaml = new StringBuilder("tests:\n  ").append(yamlString(test)).append(":\n")
                .append("    type: csv\n    file: ").append(yamlString(file)).append('\n')
                .append("    time_column: time\n    attributes: [commit, run]\n    metrics:\n");
        for (Trend t : exported(trends, runs(trends).size())) {
            yaml.append("      ").append(yamlString(column(t))).append(":\n        column: ")
                    .append(yamlString(column(t))).append("\n        direction: ")
                    .append(t.direction() == Direction.LOWER_IS_BETTER ? "-1" : "1").append('\n');
        }
        return yaml.toString();
    }

    /**
     * The column of a series: {@code org.example.ParserBench.parse:size=10 [avgt] median}, the benchmark by its
     * stored key ({@link BenchmarkId#storedKey()}).
     */
    public static String column(Trend t) {
        return t.benchmark().storedKey() + " " + t.metric();
    }

    private static List<Trend> exported(List<Trend> trends, int runs) {
        List<Trend> exported = new ArrayList<>();
        for (Trend t : trends) {
            if (t.runs().size() == runs) {
                exported.add(t);
            }
        }
        return exported;
    }

    /** Every run of any series, oldest first (by time, then id: the history's order). */
    private static Map<String, TrendRun> runs(List<Trend> trends) {
        List<TrendRun> all = new ArrayList<>();
        for (Trend t : trends) {
            all.addAll(t.runs());
        }
        all.sort((a, b) -> {
            int byTime = a.recordedAt().compareTo(b.recordedAt());
            return byTime != 0 ? byTime : a.id().compareTo(b.id());
        });
        Map<String, TrendRun> runs = new LinkedHashMap<>();
        all.forEach(r -> runs.putIfAbsent(r.id(), r));
        return runs;
    }

    private static String number(Double v) {
        return v == null ? "" : String.format(Locale.ROOT, "%s", v);
    }

    private static String field(String s) {
        if (s.contains(",") || s.contains("\"") || s.contains("\n") || s.contains("\r")) {
            return "\"" + s.replace("\"", "\"\"") + "\"";
        }
        return s;
    }

    private static String yamlString(String s) {
        return "'" + s.replace("'", "''") + "'";
    }
}
