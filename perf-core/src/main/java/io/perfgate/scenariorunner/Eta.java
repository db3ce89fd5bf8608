package io.perfgate.scenariorunner;

import io.perfgate.scenario.harness.Protocol;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Estimates the time left for one scenario from what its JVMs showed so far: JVM start plus set-up, run
 * times (cold, warm-up and warm apart), and tear-down plus exit. Fed from the runner and the output reader
 * thread, hence synchronized.
 */
final class Eta {
    private final int coldJvms;
    private final int warmJvms;
    private final int warmupRuns;
    private final int warmRuns;
    private final long created = System.nanoTime();

    private final List<Double> startMillis = new ArrayList<>();
    private final List<Double> finishMillis = new ArrayList<>();
    private final List<Double> coldRunMillis = new ArrayList<>();
    private final List<Double> warmupRunMillis = new ArrayList<>();
    private final List<Double> warmRunMillis = new ArrayList<>();

    private int coldStarted;
    private int warmStarted;
    private boolean currentCold;
    private long jvmStart;
    private long setUpStart;
    private long firstRunStart;
    private long tearDownStart;

    /** {@code warmJvms} as launched ({@link ScenarioDefinition#warmJvmCount()}); the runs are per warm JVM. */
    Eta(int coldJvms, int warmJvms, int warmupRuns, int warmRuns) {
        this.coldJvms = coldJvms;
        this.warmJvms = warmJvms;
        this.warmupRuns = warmupRuns;
        this.warmRuns = warmRuns;
    }

    synchronized void jvmStarted(boolean cold) {
        currentCold = cold;
        if (cold) {
            coldStarted++;
        } else {
            warmStarted++;
        }
        jvmStart = System.nanoTime();
        setUpStart = 0;
        firstRunStart = 0;
        tearDownStart = 0;
    }

    synchronized void phaseStarted(String phase) {
        long now = System.nanoTime();
        if (Protocol.PHASE_SETUP.equals(phase)) {
            setUpStart = now;
        } else if (Protocol.PHASE_RUN.equals(phase) && firstRunStart == 0) {
            firstRunStart = now;
            startMillis.add((now - jvmStart) / 1e6);
        } else if (Protocol.PHASE_TEARDOWN.equals(phase)) {
            tearDownStart = now;
        }
    }

    synchronized void runDone(boolean warmup, double wallMillis) {
        if (currentCold) {
            coldRunMillis.add(wallMillis);
        } else if (warmup) {
            warmupRunMillis.add(wallMillis);
        } else {
            warmRunMillis.add(wallMillis);
        }
    }

    synchronized void jvmEnded() {
        if (tearDownStart != 0) {
            finishMillis.add((System.nanoTime() - tearDownStart) / 1e6);
        }
    }

    synchronized int coldJvmsStarted() {
        return coldStarted;
    }

    int coldJvms() {
        return coldJvms;
    }

    synchronized int warmJvmsStarted() {
        return warmStarted;
    }

    int warmJvms() {
        return warmJvms;
    }

    /** Set-up time of the running JVM as seen from outside (from the set-up marker to the first run). */
    synchronized Duration setUpOfThisJvm() {
        return setUpStart != 0 && firstRunStart != 0 ? Duration.ofNanos(firstRunStart - setUpStart) : null;
    }

    synchronized Duration elapsed() {
        return Duration.ofNanos(System.nanoTime() - created);
    }

    /** Time left for the scenario after the given run of the running JVM ended; null before any estimate. */
    synchronized Duration remaining(boolean warmupJustDone, int index, int of) {
        double start = average(startMillis);
        if (Double.isNaN(start)) {
            return null;
        }
        double finish = finishMillis.isEmpty() ? start / 2 : average(finishMillis);
        double cold = average(coldRunMillis);
        double warm = firstOf(average(warmRunMillis), average(warmupRunMillis), cold);
        double warmup = firstOf(average(warmupRunMillis), warm);
        double warmJvm = start + warmupRuns * warmup + warmRuns * warm + finish;
        double left;
        if (currentCold) {
            left = finish + (coldJvms - coldStarted) * (start + cold + finish) + warmJvms * warmJvm;
        } else if (warmupJustDone) {
            left = (of - index) * warmup + warmRuns * warm + finish + (warmJvms - warmStarted) * warmJvm;
        } else {
            left = (of - index) * warm + finish + (warmJvms - warmStarted) * warmJvm;
        }
        return Double.isNaN(left) ? null : Duration.ofMillis(Math.round(left));
    }

    private static double firstOf(double... values) {
        for (double v : values) {
            if (!Double.isNaN(v)) {
                return v;
            }
        }
        return Double.NaN;
    }

    private static double average(List<Double> values) {
        if (values.isEmpty()) {
            return Double.NaN;
        }
        double sum = 0;
        for (double v : values) {
            sum += v;
        }
        return sum / values.size();
    }
}
