package io.perfgate.text;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** Text from benchmark names, parameters and reasons must show as written in the HTML report and TEST-perf.xml. */
class MarkupTest {
    private static final String TEXT = "a<b> & \"c\" 'd'\nnext\u0007";

    @Test
    void htmlEscapesEverythingThatCouldEndAnAttributeOrStartATag() {
        assertEquals("a&lt;b&gt; &amp; &quot;c&quot; &#39;d&#39;\nnext?", Markup.html(TEXT));
        assertEquals("", Markup.html(null));
    }

    @Test
    void xmlContentKeepsQuotesAndNewlines() {
        assertEquals("a&lt;b&gt; &amp; \"c\" 'd'\nnext?", Markup.xmlText(TEXT));
    }

    @Test
    void xmlAttributesKeepTheirNewlinesAsReferences() {
        assertEquals("a&lt;b&gt; &amp; &quot;c&quot; 'd'&#10;next?", Markup.xmlAttribute(TEXT));
    }

    @Test
    void markdownShowsTextAsWritten() {
        assertEquals("T\\_min of \\*A\\* in \\`x\\` and a \\\\", Markup.markdown("T_min of *A* in `x` and a \\"));
        assertEquals("check its &lt;pattern>; p < 0.0001", Markup.markdown("check its <pattern>; p < 0.0001"));
        assertEquals(" \\# of forks, issue #12", Markup.markdown(" # of forks, issue #12"));
        assertEquals("one line # two", Markup.markdown("one line\n# two"));
    }

    @Test
    void jiraShowsTextAsWritten() {
        assertEquals("\\+12.3 % \\[\\+8.1 %, \\+16.4 %\\] one-sided \\| a\\_b",
                Markup.jira("+12.3 % [+8.1 %, +16.4 %] one-sided | a_b"));
    }
}
