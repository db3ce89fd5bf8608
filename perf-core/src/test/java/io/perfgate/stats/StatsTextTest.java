package io.perfgate.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The one home of how limits and p-values are written, in a table cell and in a sentence. */
class StatsTextTest {
    @Test
    void limits() {
        assertEquals("10 %", StatsText.percent(0.10));
        assertEquals("2.5 %", StatsText.percent(0.025));
        assertEquals("1.25 %", StatsText.percent(0.0125));
    }

    @Test
    void pValuesInATableCell() {
        assertEquals("0.049", StatsText.pCell(0.049));
        assertEquals("0.0004", StatsText.pCell(0.00041));
        assertEquals("< 0.0001", StatsText.pCell(0.0000054));
        assertEquals("1.000", StatsText.pCell(1));
        assertEquals("-", StatsText.pCell(Double.NaN));
    }

    @Test
    void pValuesInASentenceKeepTheSideOfAlpha() {
        assertEquals("p = 0.0501", StatsText.pClause(0.0501, 0.05));
        assertEquals("p = 0.049", StatsText.pClause(0.049, 0.05));
        assertEquals("p < 0.0001", StatsText.pClause(0.00001, 0.05));
    }
}
