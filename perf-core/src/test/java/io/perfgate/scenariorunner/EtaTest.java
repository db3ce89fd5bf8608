package io.perfgate.scenariorunner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.perfgate.scenario.harness.Protocol;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class EtaTest {
    @Test
    void noEstimateBeforeAnyJvmReachedItsFirstRun() {
        Eta eta = new Eta(3, 1, 1, 5);
        eta.jvmStarted(true);
        assertNull(eta.remaining(false, 1, 1));
    }

    @Test
    void afterTheFirstColdRunTheRestIsExtrapolatedFromIt() throws InterruptedException {
        Eta eta = new Eta(3, 1, 1, 5);
        eta.jvmStarted(true);
        eta.phaseStarted(Protocol.PHASE_SETUP);
        Thread.sleep(20);
        eta.phaseStarted(Protocol.PHASE_RUN);
        eta.runDone(false, 1000);
        Duration left = eta.remaining(false, 1, 1);
        // start S >= 20 ms, run 1000 ms, finish guessed S/2: this JVM's finish, 2 more cold JVMs, one warm JVM
        // with 1 warm-up and 5 warm runs estimated at the cold run time.
        double s = eta.setUpOfThisJvm().toMillis();
        assertTrue(s >= 20);
        long lower = (long) (2 * 1000 + 6 * 1000);
        assertTrue(left.toMillis() >= lower && left.toMillis() < lower + 20 * (s + 50), left::toString);
        assertEquals(1, eta.coldJvmsStarted());
    }

    @Test
    void inTheWarmJvmOnlyItsOwnRunsAndTearDownRemain() {
        Eta eta = new Eta(0, 1, 1, 4);
        eta.jvmStarted(false);
        eta.phaseStarted(Protocol.PHASE_SETUP);
        eta.phaseStarted(Protocol.PHASE_RUN);
        eta.runDone(true, 900);
        eta.runDone(false, 500);
        eta.runDone(false, 700);
        Duration left = eta.remaining(false, 2, 4);
        // 2 more warm runs at the 600 ms average, plus tear-down (guessed from the short start)
        assertTrue(left.toMillis() >= 1200 && left.toMillis() < 1300, left::toString);
        assertEquals(1, eta.warmJvmsStarted());
    }

    @Test
    void inAWarmJvmTheWarmJvmsNotYetStartedRemainToo() throws InterruptedException {
        Eta eta = new Eta(0, 3, 1, 4);
        eta.jvmStarted(false);
        eta.phaseStarted(Protocol.PHASE_SETUP);
        Thread.sleep(20);
        eta.phaseStarted(Protocol.PHASE_RUN);
        eta.runDone(true, 900);
        eta.runDone(false, 500);
        eta.runDone(false, 700);
        Duration left = eta.remaining(false, 2, 4);
        // this JVM: 2 runs at 600 ms + its tear-down; then 2 more warm JVMs of start + 900 + 4 x 600 + tear-down
        double s = eta.setUpOfThisJvm().toMillis();
        long lower = 1200 + 2 * (900 + 4 * 600);
        assertTrue(left.toMillis() >= lower && left.toMillis() < lower + 5 * (s + 50), left::toString);
        assertEquals(3, eta.warmJvms());
    }
}
