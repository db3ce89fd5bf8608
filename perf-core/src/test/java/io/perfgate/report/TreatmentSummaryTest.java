package io.perfgate.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class TreatmentSummaryTest {
    /** RFC 4180: only a field with a comma, a quote or a line break is quoted, and its quotes are doubled. */
    @Test
    void csvFieldsAreQuotedOnlyWhenTheyMustBe() {
        assertEquals("x.Bench.run", TreatmentSummary.csvField("x.Bench.run"));
        assertEquals("\"size=10,kind=a\"", TreatmentSummary.csvField("size=10,kind=a"));
        assertEquals("\"say \"\"hi\"\"\"", TreatmentSummary.csvField("say \"hi\""));
        assertEquals("\"two\r\nlines\"", TreatmentSummary.csvField("two\r\nlines"));
        assertEquals("", TreatmentSummary.csvField(""));
    }
}
