package io.perfgate.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * The methodology block in JIRA wiki markup (the skeleton of {@link MethodologyRenderer}, JIRA's marks): what
 * survives pasting into a ticket. The golden file of MethodologyWriterTest shows a whole block; these are the
 * cases it has not.
 */
class JiraMethodologyRendererTest {
    private static String render(Methodology m) {
        return new JiraMethodologyRenderer().render(m);
    }

    @Test
    void aSmallBlockInFull() {
        Methodology m = Methodology.builder().vote("+1 [ratio 1.01]").headline("No regression in 1 comparison.")
                .item("CPU", "Xeon").item("JVM flags", "-Xmx1g -XX:+UseG1GC").command("mvn perf:check")
                .row(new Methodology.Row("ParserBench.parse", "median", "1.00 us/op", "1.01 us/op",
                        "+1.0 % [-0.5 %, +2.5 %]", "0.31", "PASS"))
                .profile("target/perf/profiles/parse/flame.html").build();

        assertEquals("h3. Performance methodology\n\n"
                + "No regression in 1 comparison.\n\n"
                + "* *CPU:* Xeon\n"
                + "* *JVM flags:* \\-Xmx1g \\-XX:\\+UseG1GC\n"
                + "\n*Command:*\n{noformat}\nmvn perf:check\n{noformat}\n"
                + "\n"
                + "||Benchmark||Metric||Before||After||Change||p||Verdict||\n"
                + "|ParserBench.parse|median|1.00 us/op|1.01 us/op|\\+1.0 % \\[\\-0.5 %, \\+2.5 %\\]|0.31|PASS|\n"
                + "\n*Profile artifacts:*\n* {{target/perf/profiles/parse/flame.html}}\n"
                + "\n*Vote:* \\+1 \\[ratio 1.01\\]\n", render(m));
    }

    @Test
    void nothingComparedIsSaidAndEmptyPartsAreLeftOut() {
        String jira = render(Methodology.builder().vote("0").build());
        assertEquals("h3. Performance methodology\n\n\n_No benchmark was compared._\n\n*Vote:* 0\n", jira);
        assertFalse(jira.contains("Notes"), jira);
    }

    @Test
    void anEmptyCellKeepsItsColumn() {
        String jira = render(Methodology.builder().vote("0")
                .row(new Methodology.Row("B.m", "median", "1 ns/op", "", "", null, "NEW")).build());
        assertTrue(jira.contains("\n|B.m|median|1 ns/op| | | |NEW|\n"), jira);
    }

    @Test
    void aCommandCannotCloseItsOwnNoformatBlock() {
        String jira = render(Methodology.builder().vote("0").command("echo {noformat} done").build());
        assertTrue(jira.contains("{noformat}\necho { noformat} done\n{noformat}\n"), jira);
    }
}
