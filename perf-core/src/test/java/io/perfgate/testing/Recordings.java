package io.perfgate.testing;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import jdk.jfr.Recording;

/**
 * Real JFR recordings made in the test's own JVM: a busy method, an allocating method and a contended monitor,
 * all called from a method named like JMH's benchmark stubs, so the readers see what a benchmark fork records.
 */
public final class Recordings {
    /** A monitor the recording's threads contend for. */
    public static final class Monitor {
    }

    private static final Monitor MONITOR = new Monitor();
    private static volatile Object sink;
    private static volatile long counter;

    private Recordings() {
    }

    /** Records about {@code millis} of work into {@code file} and returns it. */
    public static Path benchmarkLike(Path file, long millis) throws IOException, InterruptedException {
        try (Recording r = new Recording()) {
            r.enable("jdk.ExecutionSample").withPeriod(Duration.ofMillis(10));
            r.enable("jdk.ObjectAllocationSample").with("throttle", "1000/s");
            r.enable("jdk.JavaMonitorEnter").withThreshold(Duration.ZERO);
            r.start();
            Thread a = new Thread(() -> fake_jmhStub(millis), "Bench.run-jmh-worker-1");
            Thread b = new Thread(() -> fake_jmhStub(millis), "Bench.run-jmh-worker-2");
            // the workers' first entry of the monitor waits for this thread: contention on every run of the test
            synchronized (MONITOR) {
                a.start();
                b.start();
                Thread.sleep(50);
            }
            a.join();
            b.join();
            r.stop();
            r.dump(file);
        }
        return file;
    }

    // named as JMH names the loop around a benchmark method, which the profile readers look for
    @SuppressWarnings("checkstyle:MethodName")
    static void fake_jmhStub(long millis) {
        long end = System.nanoTime() + millis * 1_000_000;
        // mostly running code, so that a 10 ms sampler sees it; now and then a monitor held while sleeping, so
        // that the other thread contends for it
        for (int i = 0; System.nanoTime() < end; i++) {
            hot();
            hot();
            hot();
            allocate();
            if (i % 20 == 0) {
                synchronized (MONITOR) {
                    sleep();
                }
            }
        }
    }

    static void hot() {
        long s = counter;
        for (int i = 0; i < 200_000; i++) {
            s = s * 31 + i;
        }
        counter = s;
    }

    static void allocate() {
        for (int i = 0; i < 100; i++) {
            sink = new long[512];
        }
    }

    private static void sleep() {
        try {
            Thread.sleep(1);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
