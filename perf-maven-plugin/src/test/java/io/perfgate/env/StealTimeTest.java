package io.perfgate.env;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;

class StealTimeTest {
    // user nice system idle iowait irq softirq steal guest guest_nice, as Linux writes them
    private static final String BEFORE = "cpu  100 0 50 800 0 0 0 50 0 0\ncpu0 50 0 25 400 0 0 0 25 0 0\nintr 1 2 3\n";
    private static final String AFTER = "cpu  200 0 100 1500 0 0 0 200 30 0\ncpu0 100 0 50 750 0 0 0 100 15 0\n";

    @Test
    void shareIsStolenTicksOverAllTicksBetweenTwoReadings() {
        // 150 of 1,000 ticks stolen; guest time (30) is already inside user time and must not count twice
        OptionalDouble share = StealTime.share(StealTime.parse(BEFORE), StealTime.parse(AFTER));
        assertEquals(0.15, share.getAsDouble(), 1e-12);
    }

    @Test
    void readsTheMachineWideLineWhereverItIs() {
        String perCpuFirst = "cpu0 1 1 1 1 1 1 1 1 0 0\n" + BEFORE;
        assertEquals(0.15, StealTime.share(StealTime.parse(perCpuFirst), StealTime.parse(AFTER)).getAsDouble(),
                1e-12);
    }

    @Test
    void givesNoReadingForWhatItCannotTrust() {
        assertFalse(StealTime.parse("").isPresent());
        assertFalse(StealTime.parse("intr 1 2 3\n").isPresent(), "no cpu line");
        assertFalse(StealTime.parse("cpu  100 0 50 800 0 0 0\n").isPresent(), "a kernel without the steal counter");
        assertFalse(StealTime.parse("cpu  100 0 50 800 0 0 0 x 0 0\n").isPresent(), "not a number");
        assertFalse(StealTime.parse("cpu  100 0 50 800 0 0 0 -5 0 0\n").isPresent(), "negative");
        assertFalse(StealTime.share(Optional.empty(), StealTime.parse(AFTER)).isPresent());
    }

    @Test
    void givesNoShareWhenNoTimePassedOrTheCountersWentBack() {
        assertFalse(StealTime.share(StealTime.parse(BEFORE), StealTime.parse(BEFORE)).isPresent());
        assertFalse(StealTime.share(StealTime.parse(AFTER), StealTime.parse(BEFORE)).isPresent());
    }

    @Test
    void aQuietMachineIsInformationAndABusyOneAWarningThatSaysWhatToDo() {
        assertEquals("The hypervisor took 3.2 % of this machine's CPU time (steal) while the rounds ran.",
                StealTime.describe(0.032, "the rounds"));
        assertFalse(StealTime.warns(0.10), "the limit itself does not warn");
        assertTrue(StealTime.warns(0.182));
        assertEquals("The hypervisor took 18.2 % of this machine's CPU time (steal) while the forks ran, above the"
                + " 10 % at which forks grow markedly slower and noisier: a comparison may then miss a slowdown, and"
                + " a check against a baseline measured on a quieter machine may FAIL without one. Re-run when the"
                + " machine is quieter, or on a runner of its own.",
                StealTime.describe(0.182, "the forks"));
    }

    @Test
    void logsAtTheLevelTheShareCallsFor() {
        List<String> info = new ArrayList<>();
        List<String> warn = new ArrayList<>();
        StealTime.log(OptionalDouble.of(0.02), "the forks", info::add, warn::add);
        StealTime.log(OptionalDouble.of(0.25), "the forks", info::add, warn::add);
        StealTime.log(OptionalDouble.empty(), "the forks", info::add, warn::add);
        assertEquals(1, info.size(), info.toString());
        assertTrue(info.get(0).contains("2.0 %"), info.toString());
        assertEquals(1, warn.size(), warn.toString());
        assertTrue(warn.get(0).startsWith("The hypervisor took 25.0 %"), warn.toString());
    }

    @Test
    void readsThisLinuxMachine() {
        assumeTrue(Files.isReadable(Paths.get("/proc/stat")), "not Linux");
        Optional<StealTime> first = StealTime.read();
        assertTrue(first.isPresent(), "a Linux /proc/stat has the steal counter since 2.6.11");
        OptionalDouble share = StealTime.share(first, StealTime.read());
        assertTrue(!share.isPresent() || share.getAsDouble() >= 0 && share.getAsDouble() <= 1, share.toString());
    }
}
