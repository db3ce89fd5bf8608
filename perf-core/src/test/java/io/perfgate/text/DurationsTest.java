package io.perfgate.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class DurationsTest {
    @Test
    void parsesTheFormsPeopleWrite() {
        assertEquals(Duration.ofMillis(500), Durations.parse("500ms"));
        assertEquals(Duration.ofSeconds(90), Durations.parse("90s"));
        assertEquals(Duration.ofSeconds(90), Durations.parse("90"));
        assertEquals(Duration.ofMillis(1500), Durations.parse("1.5 s"));
        assertEquals(Duration.ofMinutes(5), Durations.parse("5m"));
        assertEquals(Duration.ofMinutes(5), Durations.parse("5 min"));
        assertEquals(Duration.ofHours(1), Durations.parse("1h"));
        assertEquals(Duration.ofMinutes(2), Durations.parse("PT2M"));
    }

    /** One syntax for every duration setting: what JMH's times accepted is a duration too, and the reverse. */
    @Test
    void readsEveryUnitOfTheOneSyntax() {
        assertEquals(Duration.ofNanos(100), Durations.parse("100ns"));
        assertEquals(Duration.ofNanos(250_000), Durations.parse("250us"));
        assertEquals(Duration.ofNanos(250_000), Durations.parse("250 \u00b5s"));
        assertEquals(Duration.ofSeconds(3), Durations.parse("3 sec"));
        assertEquals(Duration.ofHours(2), Durations.parse("2hr"));
        assertEquals(Duration.ofDays(1), Durations.parse("1d"));
        assertEquals(Duration.ofDays(2), Durations.parse("2 DAY"));
        assertEquals(Duration.ofMillis(1_500), Durations.parse("PT1.5S"));
    }

    /** A setting is passed on in the unit it was written in; a fraction becomes a whole number of a smaller unit. */
    @Test
    void keepsTheUnitAsWritten() {
        Durations.Written w = Durations.read("60s");
        assertEquals(60, w.amount().intValueExact());
        assertEquals(TimeUnit.SECONDS, w.unit());
        Durations.Written half = Durations.read("1.5s").whole();
        assertEquals(1500, half.amount().intValueExact());
        assertEquals(TimeUnit.MILLISECONDS, half.unit());
        Durations.Written iso = Durations.read("PT20M");
        assertEquals(20, iso.amount().intValueExact());
        assertEquals(TimeUnit.MINUTES, iso.unit());
        assertEquals(Duration.ZERO, Durations.read("0").toDuration());
    }

    @Test
    void refusesWhatIsNotAPositiveDuration() {
        for (String bad : new String[] {"", "-3s", "0", "abc", "5 days", "PTx", "PT-5S", "1e3s", "99999999999999d",
            null}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Durations.parse(bad));
            assertEquals("'" + bad + "' is not a positive duration; write e.g. 500ms, 90s, 5m, 1h or PT5M",
                    e.getMessage());
        }
    }

    @Test
    void formatsForProgressLines() {
        assertEquals("850 ms", Durations.format(Duration.ofMillis(850)));
        assertEquals("1.5 s", Durations.format(Duration.ofMillis(1_500)));
        assertEquals("9.9 s", Durations.format(Duration.ofMillis(9_949)));
        assertEquals("10 s", Durations.format(Duration.ofMillis(9_950)));
        assertEquals("11 s", Durations.format(Duration.ofMillis(11_240)));
        assertEquals("18 s", Durations.format(Duration.ofMillis(17_600)));
        assertEquals("1 min", Durations.format(Duration.ofMillis(59_600)));
        assertEquals("1 min 40 s", Durations.format(Duration.ofSeconds(100)));
        assertEquals("3 min 05 s", Durations.format(Duration.ofSeconds(185)));
        assertEquals("1 h 05 min", Durations.format(Duration.ofMinutes(65)));
        assertEquals("2 h 00 min", Durations.format(Duration.ofSeconds(7_199)));
    }

    @Test
    void aTimeLeftThatRanOutIsZero() {
        assertEquals("0 s", Durations.format(Duration.ZERO));
        assertEquals("0 s", Durations.format(Duration.ofSeconds(-3)));
    }

    @Test
    void limitsReadAsTheInvokerTestsExpectThem() {
        // run-scenario-hang-times-out, run-crash and scenario-tez-wordcount check these in the build log.
        assertEquals("3.0 s", Durations.format(Duration.ofSeconds(3)));
        assertEquals("30 s", Durations.format(Duration.ofSeconds(30)));
        assertEquals("45 s", Durations.format(Duration.ofSeconds(45)));
        assertEquals("2 min", Durations.format(Duration.ofSeconds(120)));
    }
}
