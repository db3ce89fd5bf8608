package io.perfgate.scenario.harness;

/**
 * The timed part of one run: the counters of {@link JvmProbe} read when it opens and when it closes. A test run
 * through JUnit opens it when the test method starts and closes it when the method has finished, so the class
 * set-up around it (where such tests start their mini clusters) is not in the figures.
 */
final class RunWindow {
    private final JvmProbe probe;
    private JvmProbe.Snapshot start;
    private JvmProbe.Snapshot end;

    RunWindow(JvmProbe probe) {
        this.probe = probe;
    }

    /** The timed part begins; a second call (a test that ran twice, e.g. repeated) keeps the first start. */
    void open() {
        if (start == null) {
            start = probe.start();
        }
    }

    /** The timed part ends; a later call moves the end, so the window spans every execution of the test. */
    void close() {
        if (start != null) {
            end = probe.end();
        }
    }

    boolean measured() {
        return start != null && end != null;
    }

    JvmProbe.Snapshot start() {
        return start;
    }

    JvmProbe.Snapshot end() {
        return end;
    }
}
