package io.perfgate.maven;

import io.perfgate.log.PerfLog;
import org.apache.maven.plugin.logging.Log;

/** Maven's log behind the core's logging interface: the one place where the two meet. */
final class MavenPerfLog implements PerfLog {
    private final Log log;

    MavenPerfLog(Log log) {
        this.log = log;
    }

    @Override
    public void info(String message) {
        log.info(message);
    }

    @Override
    public void warn(String message) {
        log.warn(message);
    }

    @Override
    public void debug(String message) {
        log.debug(message);
    }
}
