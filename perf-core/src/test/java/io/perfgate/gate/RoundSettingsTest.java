package io.perfgate.gate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class RoundSettingsTest {
    @Test
    void aGivenSeedIsKeptAndAnEmptyOneIsFresh() throws Exception {
        RoundSettings given = RoundSettings.parse(" 42 ", "", 15, () -> 7);
        assertEquals(42, given.seed());
        assertTrue(given.adaptive(), "adaptive by default");
        assertEquals(15, given.maxForks());
        assertEquals(7, RoundSettings.parse("", "false", 5, () -> 7).seed());
        assertFalse(RoundSettings.parse(null, "FALSE", 5, () -> 7).adaptive());
    }

    @Test
    void aBadValueNamesItsProperty() {
        InvalidSettingException seed = assertThrows(InvalidSettingException.class,
                () -> RoundSettings.parse("abc", "", 15, () -> 7));
        assertEquals("perf.seed", seed.setting());
        assertTrue(seed.getMessage().startsWith("perf.seed = 'abc' is not a whole number"), seed.getMessage());
        InvalidSettingException rounds = assertThrows(InvalidSettingException.class,
                () -> RoundSettings.parse("", "", 4, () -> 7));
        assertEquals("perf.maxForks = 4, but the gate needs at least 5 forks per side; use 5 or more (15 by"
                + " default)", rounds.getMessage());
        InvalidSettingException adaptive = assertThrows(InvalidSettingException.class,
                () -> RoundSettings.parse("", "yes", 15, () -> 7));
        assertTrue(adaptive.getMessage().startsWith("perf.adaptive = 'yes' is not a switch"), adaptive.getMessage());
    }
}
