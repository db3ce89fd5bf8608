package io.perfgate.report;

import io.perfgate.gate.BenchmarkRef;
import io.perfgate.gate.GateRow;
import io.perfgate.gate.GateReport;
import io.perfgate.text.Markup;
import java.util.Map;

/**
 * {@code TEST-perf.xml}: the gate in the JUnit XML format CI dashboards read, one test case per comparison.
 * FAIL is a failure (even with {@code perf.failOnRegression=false}: the report says what was measured),
 * INCONCLUSIVE is skipped, WARN passes with its reason in system-out. Benchmarks new since the baseline or
 * missing from this run are skipped cases; other build failures are failures of a case named {@code perf:check}.
 */
public final class JUnitXmlReport {
    static final String SUITE = "perf:check";

    private JUnitXmlReport() {
    }

    public static String render(GateReport r) {
        int tests = 0;
        int failures = 0;
        int skipped = 0;
        StringBuilder cases = new StringBuilder();
        for (RowView row : RowView.rows(r)) {
            GateRow c = row.comparison();
            if (c == null) {
                // a metric not gated is no test case
                continue;
            }
            tests++;
            String classname = className(c.benchmark());
            String name = testName(c);
            cases.append("  <testcase classname=\"").append(attr(classname)).append("\" name=\"").append(attr(name))
                    .append("\" time=\"0\">");
            switch (c.verdict()) {
                case FAIL:
                    failures++;
                    cases.append("\n    <failure type=\"regression\" message=\"").append(attr(c.reason()))
                            .append("\">").append(text(details(row))).append("</failure>\n  ");
                    break;
                case INCONCLUSIVE:
                    skipped++;
                    cases.append("\n    <skipped message=\"").append(attr(c.reason())).append("\"/>\n  ");
                    break;
                default:
                    cases.append("\n    <system-out>").append(text(details(row))).append("</system-out>\n  ");
                    break;
            }
            cases.append("</testcase>\n");
        }
        for (BenchmarkRef b : r.newBenchmarks()) {
            tests++;
            skipped++;
            refCase(cases, b, "new since the baseline; record a new baseline to gate it");
        }
        for (BenchmarkRef b : r.missingBenchmarks()) {
            tests++;
            skipped++;
            refCase(cases, b, "in the baseline but not run this time");
        }
        if (r.baseline() == null && r.otherFailures().isEmpty()) {
            tests++;
            skipped++;
            String message = r.notes().isEmpty() ? "no baseline" : r.notes().get(0);
            cases.append("  <testcase classname=\"perf\" name=\"baseline\" time=\"0\">\n    <skipped message=\"")
                    .append(attr(message)).append("\"/>\n  </testcase>\n");
        }
        for (String f : r.otherFailures()) {
            tests++;
            failures++;
            cases.append("  <testcase classname=\"perf\" name=\"").append(SUITE).append("\" time=\"0\">\n")
                    .append("    <failure type=\"gate\" message=\"").append(attr(f)).append("\">").append(text(f))
                    .append("</failure>\n  </testcase>\n");
        }
        StringBuilder xml = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        xml.append("<testsuite name=\"").append(SUITE).append("\" tests=\"").append(tests).append("\" failures=\"")
                .append(failures).append("\" errors=\"0\" skipped=\"").append(skipped).append("\" time=\"0\" timestamp=\"")
                .append(attr(r.createdAt())).append("\">\n");
        xml.append("  <properties>\n");
        property(xml, "outcome", r.outcome().name());
        property(xml, "summary", r.summary());
        for (Map.Entry<String, String> e : r.settings().entrySet()) {
            property(xml, e.getKey(), e.getValue());
        }
        xml.append("  </properties>\n");
        xml.append(cases);
        xml.append("</testsuite>\n");
        return xml.toString();
    }

    private static void refCase(StringBuilder cases, BenchmarkRef b, String message) {
        cases.append("  <testcase classname=\"").append(attr(className(b.key()))).append("\" name=\"")
                .append(attr(b.id().withMode(methodName(b.key())))).append("\" time=\"0\">\n    <skipped message=\"")
                .append(attr(message)).append("\"/>\n  </testcase>\n");
    }

    private static void property(StringBuilder xml, String name, String value) {
        xml.append("    <property name=\"").append(attr(name)).append("\" value=\"")
                .append(attr(value == null ? "" : value)).append("\"/>\n");
    }

    /** The benchmark's class, so dashboards group a class's benchmarks together. */
    static String className(String benchmark) {
        String name = benchmark.contains(":") ? benchmark.substring(0, benchmark.indexOf(':')) : benchmark;
        int dot = name.lastIndexOf('.');
        return dot > 0 ? name.substring(0, dot) : name;
    }

    static String methodName(String key) {
        String name = key.contains(":") ? key.substring(0, key.indexOf(':')) : key;
        String params = key.contains(":") ? "(" + key.substring(key.indexOf(':') + 1) + ")" : "";
        int dot = name.lastIndexOf('.');
        return (dot > 0 ? name.substring(dot + 1) : name) + params;
    }

    /** {@code parse(size=10) median [avgt]}. */
    static String testName(GateRow c) {
        return c.id().withMode(methodName(c.key()) + " " + c.metricName());
    }

    private static String details(RowView row) {
        GateRow c = row.comparison();
        StringBuilder sb = new StringBuilder();
        sb.append(c.verdict());
        if (!c.reason().isEmpty()) {
            sb.append(": ").append(c.reason());
        }
        sb.append("\nbaseline ").append(row.baseline()).append(" (").append(c.baselineForks())
                .append(" forks), current ").append(row.current()).append(" (").append(c.currentForks())
                .append(" forks), change ").append(row.change());
        if (row.testP() != null) {
            sb.append(", p = ").append(row.testP());
        }
        return sb.toString();
    }

    // Short names keep the builder chains above readable; the rule itself lives in Markup.
    private static String attr(String s) {
        return Markup.xmlAttribute(s);
    }

    private static String text(String s) {
        return Markup.xmlText(s);
    }
}
