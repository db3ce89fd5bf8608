package io.perfgate.scenariorunner;

/**
 * A scenario could not be measured: bad configuration, a class that is missing or throws, a hang, or threads
 * and processes left running. The message names the scenario, the phase and the log, and quotes the log's
 * last lines. Nothing measured by the failed run is kept.
 */
public class ScenarioException extends Exception {
    private static final long serialVersionUID = 1L;

    public ScenarioException(String message) {
        super(message);
    }

    public ScenarioException(String message, Throwable cause) {
        super(message, cause);
    }
}
