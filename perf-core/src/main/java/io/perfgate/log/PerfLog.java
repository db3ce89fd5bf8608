package io.perfgate.log;

/**
 * Where the plugin's Maven-free core reports progress and warnings: the goals hand in Maven's log behind this
 * interface (adapted once, in the Mojos' base class), tests a list. One interface for every core class, so a
 * message reaches the build log the same way wherever it is written.
 */
public interface PerfLog {
    void info(String message);

    void warn(String message);

    /** What only {@code mvn -X} shows; nothing by default. */
    default void debug(String message) {
    }
}
