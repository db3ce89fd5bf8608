package io.perfgate.scenario.harness;

/** An existing test that failed, was skipped or did not run: the measurement fails with the test's own words. */
final class TestNotPassed extends Exception {
    private static final long serialVersionUID = 1L;

    TestNotPassed(String message, Throwable cause) {
        super(message, cause);
    }

    /** The harness records {@code String.valueOf} of a failure: the message alone reads best. */
    @Override
    public String toString() {
        return getMessage();
    }
}
