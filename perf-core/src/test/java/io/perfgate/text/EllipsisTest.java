package io.perfgate.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** A quoted value keeps a log line readable: short ones whole, long ones by their start and end. */
class EllipsisTest {
    @Test
    void aShortValueIsQuotedWhole() {
        assertEquals("run1=main", Ellipsis.of("run1=main"));
        assertNull(Ellipsis.of(null));
    }

    @Test
    void aLongValueKeepsItsStartAndEndWithinTheLength() {
        String name = "a".repeat(5_000) + "z".repeat(5_000) + "=feat";

        String shown = Ellipsis.of(name);

        assertEquals(Ellipsis.DEFAULT_LENGTH, shown.length());
        assertTrue(shown.startsWith("aaaa") && shown.contains("...") && shown.endsWith("zzz=feat"), shown);
    }

    @Test
    void noCharacterIsSplitInTwo() {
        String shown = Ellipsis.of("\ud83d\ude00".repeat(100), 10);

        assertTrue(shown.codePoints().noneMatch(c -> c >= 0xD800 && c <= 0xDFFF), "a lone surrogate in " + shown);
    }
}
