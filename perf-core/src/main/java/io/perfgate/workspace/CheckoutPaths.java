package io.perfgate.workspace;

import java.nio.file.Path;
import java.util.Objects;

/**
 * Where the running build is, as a base checkout mirrors it: the module, the top-level project whose build builds
 * it, the output directory (the base's worktree goes below it) and the module's class directories. perf:compare,
 * perf:check with {@code perf.against} and perf:profile with {@code perf.against} all check out and build the base
 * from these.
 */
public final class CheckoutPaths {
    private final Path moduleDirectory;
    private final Path reactorRoot;
    private final Path outputDirectory;
    private final Path testOutput;
    private final Path mainOutput;

    /**
     * @param testOutput the module's test classes directory, relative to the module
     * @param mainOutput the module's classes directory, relative to the module
     */
    public CheckoutPaths(Path moduleDirectory, Path reactorRoot, Path outputDirectory, Path testOutput,
            Path mainOutput) {
        this.moduleDirectory = Objects.requireNonNull(moduleDirectory);
        this.reactorRoot = Objects.requireNonNull(reactorRoot);
        this.outputDirectory = Objects.requireNonNull(outputDirectory);
        this.testOutput = Objects.requireNonNull(testOutput);
        this.mainOutput = Objects.requireNonNull(mainOutput);
    }

    public Path moduleDirectory() {
        return moduleDirectory;
    }

    /** The top-level project of the running build; the base is built from the same place. */
    public Path reactorRoot() {
        return reactorRoot;
    }

    public Path outputDirectory() {
        return outputDirectory;
    }

    /** Relative to the module, e.g. {@code target/test-classes}. */
    public Path testOutput() {
        return testOutput;
    }

    /** Relative to the module, e.g. {@code target/classes}. */
    public Path mainOutput() {
        return mainOutput;
    }
}
