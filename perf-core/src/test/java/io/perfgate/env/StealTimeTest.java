package io.perfgate.env;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.perfgate.testing.LogLines;
import java.nio.file.Files;
import java.nio.file.Paths;
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
        assertFalse(StealTime.warns(0.1004), "printed and stored as 10.0 %: the limit");
        assertTrue(StealTime.warns(0.1006), "printed and stored as 10.1 %");
        assertTrue(StealTime.warns(StealTime.fromField(StealTime.format(0.1006)).getAsDouble()),
                "a share that warned when measured still warns when read back from the results");
        assertTrue(StealTime.warns(0.182));
        assertEquals("The hypervisor took 18.2 % of this machine's CPU time (steal) while the forks ran, above the"
                + " 10 % at which forks grow markedly slower and noisier: a comparison may then miss a slowdown, and"
                + " a check against a baseline measured on a quieter machine may FAIL without one. Re-run when the"
                + " machine is quieter, or on a runner of its own.",
                StealTime.describe(0.182, "the forks"));
    }

    @Test
    void logsAtTheLevelTheShareCallsFor() {
        LogLines log = new LogLines();
        StealTime.log(OptionalDouble.of(0.02), "the forks", log);
        StealTime.log(OptionalDouble.of(0.25), "the forks", log);
        StealTime.log(OptionalDouble.empty(), "the forks", log);
        List<String> info = log.infos();
        List<String> warn = log.warnings();
        assertEquals(1, info.size(), info.toString());
        assertTrue(info.get(0).contains("2.0 %"), info.toString());
        assertEquals(1, warn.size(), warn.toString());
        assertTrue(warn.get(0).startsWith("The hypervisor took 25.0 %"), warn.toString());
    }

    @Test
    void theResultsFieldReadsBackWhatItWrote() {
        assertEquals("1.7 %", StealTime.format(0.0172));
        assertEquals(0.017, StealTime.fromField(StealTime.format(0.017)).getAsDouble(), 1e-12);
        assertEquals(0.48, StealTime.fromField(" 48 % ").getAsDouble(), 1e-12);
        for (String unreadable : new String[] {null, "unknown", "", "%", "abc %", "12", "-1.0 %", "100.1 %"}) {
            assertFalse(StealTime.fromField(unreadable).isPresent(), String.valueOf(unreadable));
        }
    }

    @Test
    void aCheckNotesStealOnlyWhenOneOfItsTwoRunsMeasuredAboveTheLimit() {
        assertFalse(StealTime.checkNote(OptionalDouble.of(0.021), OptionalDouble.of(0.10)).isPresent());
        assertFalse(StealTime.checkNote(OptionalDouble.empty(), OptionalDouble.empty()).isPresent());
        assertFalse(StealTime.checkNote(OptionalDouble.empty(), OptionalDouble.of(0.05)).isPresent());
        assertEquals(Optional.of("The hypervisor took 2.1 % of the machine's CPU time (steal) while the baseline"
                + " measured and 48.0 % while this run measured. Above 10 % forks"
                + " grow markedly slower and noisier, so a FAIL may come from the machine rather than the code, and a"
                + " slowdown may be missed. Re-run the check when the machine is quieter, and record baselines only"
                + " from runs that stayed under it."),
                StealTime.checkNote(OptionalDouble.of(0.021), OptionalDouble.of(0.48)));
        // A baseline recorded by an older plugin has no reading: the note says so instead of guessing.
        String old = StealTime.checkNote(OptionalDouble.empty(), OptionalDouble.of(0.3)).get();
        assertTrue(old.startsWith("The hypervisor took an unrecorded share of the machine's CPU time (steal) while the"
                + " baseline measured and 30.0 % while this run measured."), old);
        assertTrue(StealTime.checkNote(OptionalDouble.of(0.3), OptionalDouble.of(0.01)).isPresent(),
                "a stolen baseline hides slowdowns");
    }

    @Test
    void recordingAStolenBaselineWarns() {
        assertFalse(StealTime.baselineWarning(OptionalDouble.of(0.10)).isPresent());
        assertFalse(StealTime.baselineWarning(OptionalDouble.empty()).isPresent());
        assertEquals("This baseline was measured while the hypervisor took 35.5 % of the machine's CPU time"
                + " (steal), above 10 %: its forks are slower and noisier than this machine's usual, so checks"
                + " against it may miss slowdowns. Record it again when the machine is quieter.",
                StealTime.baselineWarning(OptionalDouble.of(0.355)).get());
    }

    @Test
    void readsThisLinuxMachine() throws InterruptedException {
        assumeTrue(Files.isReadable(Paths.get("/proc/stat")), "not Linux");
        Optional<StealTime> first = StealTime.read();
        assertTrue(first.isPresent(), "a Linux /proc/stat has the steal counter since 2.6.11");
        // the counters move in ticks of 10 ms per CPU: once time has passed, there is a share, whether the
        // hypervisor took anything or nothing
        OptionalDouble share = OptionalDouble.empty();
        for (long deadline = System.nanoTime() + 5_000_000_000L; !share.isPresent() && System.nanoTime() < deadline; ) {
            Thread.sleep(50);
            share = StealTime.share(first, StealTime.read());
        }
        assertTrue(share.isPresent(), "no share after 5 s between two readings");
        assertTrue(share.getAsDouble() >= 0 && share.getAsDouble() <= 1, share.toString());
    }
}
