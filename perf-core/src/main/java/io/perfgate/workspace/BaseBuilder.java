package io.perfgate.workspace;

import io.perfgate.log.PerfLog;
import java.nio.file.Path;
import java.util.List;

/** Builds the base checkout and returns the benchmark module's test classpath ({@link BaseBuild} with Maven). */
public interface BaseBuilder {
    /**
     * @param reactorRoot the directory of the top-level POM in the base checkout
     * @param module the benchmark module relative to {@code reactorRoot}; empty for the root itself
     * @param testOutput the module's test classes directory, relative to the module
     * @param mainOutput the module's classes directory, relative to the module
     * @param logFile where the build's output goes
     * @throws CompareException when the base does not build, with the tail of its log
     */
    List<Path> buildClasspath(Path reactorRoot, Path module, Path testOutput, Path mainOutput, Path logFile,
            PerfLog log) throws CompareException;

    /**
     * As {@link #buildClasspath(Path, Path, Path, Path, Path, PerfLog)}, where {@code what} names the commit being
     * built in the log ("the base abc123", "commit abc123"): the same builder serves the base, confirmation,
     * bisection and treatments.
     */
    default List<Path> buildClasspath(String what, Path reactorRoot, Path module, Path testOutput, Path mainOutput,
            Path logFile, PerfLog log) throws CompareException {
        return buildClasspath(reactorRoot, module, testOutput, mainOutput, logFile, log);
    }
}
