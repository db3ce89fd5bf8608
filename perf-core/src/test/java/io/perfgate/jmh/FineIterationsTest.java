package io.perfgate.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The quarter-second iterations a planned fork measures in, and how many replace the settings' iterations. */
class FineIterationsTest {
    @Test
    void longIterationsBecomeQuarterSecondsAndShortOnesAreKept() {
        assertEquals("250 ms", FineIterations.of(JmhTime.of(1, TimeUnit.SECONDS)).toString());
        assertEquals("100 ms", FineIterations.of(JmhTime.of(100, TimeUnit.MILLISECONDS)).toString());
        assertEquals("250 ms", FineIterations.of(JmhTime.of(250, TimeUnit.MILLISECONDS)).toString());
    }

    @Test
    void theFineIterationsFillTheSameTime() {
        assertEquals(20, FineIterations.filling(5, JmhTime.of(1, TimeUnit.SECONDS)), "5 x 1 s = 20 x 250 ms");
        assertEquals(6, FineIterations.filling(3, JmhTime.of(500, TimeUnit.MILLISECONDS)));
        assertEquals(3, FineIterations.filling(3, JmhTime.of(100, TimeUnit.MILLISECONDS)), "short ones are kept");
        assertEquals(1, FineIterations.filling(0, JmhTime.of(1, TimeUnit.SECONDS)), "at least one");
    }
}
