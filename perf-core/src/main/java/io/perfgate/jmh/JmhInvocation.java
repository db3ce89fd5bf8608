package io.perfgate.jmh;

import java.io.File;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * One launch of {@code org.openjdk.jmh.Main} in a JVM of its own: the JVM, the classpath (JMH's forks inherit
 * the launching JVM's class path, so it must be the project's), which benchmarks, JMH's arguments, where the JSON
 * goes, and how long a run may take. Build one with {@link #builder()}.
 */
public final class JmhInvocation {
    /** JMH's entry point. */
    public static final String JMH_MAIN = "org.openjdk.jmh.Main";
    /**
     * How long to wait by default for another JMH run on the machine (JMH allows one at a time): long enough for
     * a concurrent build on a shared CI agent to finish its benchmarks, whatever this run's own timeout.
     */
    public static final Duration DEFAULT_LOCK_WAIT = Duration.ofMinutes(30);

    private final Path java;
    private final List<Path> classpath;
    private final Path workingDirectory;
    private final List<String> includes;
    private final List<String> arguments;
    private final Path resultFile;
    private final Path outputLog;
    private final Duration timeout;
    private final Duration lockWait;
    private final int expectedForks;
    private final int expectedResults;

    private JmhInvocation(Builder b) {
        this.java = Objects.requireNonNull(b.java, "java");
        if (b.classpath.isEmpty()) {
            throw new IllegalArgumentException("classpath is empty");
        }
        this.classpath = Collections.unmodifiableList(new ArrayList<>(b.classpath));
        this.workingDirectory = b.workingDirectory;
        if (b.includes.isEmpty()) {
            throw new IllegalArgumentException("no benchmark included");
        }
        this.includes = Collections.unmodifiableList(new ArrayList<>(b.includes));
        this.arguments = Collections.unmodifiableList(new ArrayList<>(b.arguments));
        this.resultFile = Objects.requireNonNull(b.resultFile, "resultFile");
        this.outputLog = b.outputLog;
        this.timeout = Objects.requireNonNull(b.timeout, "timeout");
        this.lockWait = b.lockWait != null ? b.lockWait : DEFAULT_LOCK_WAIT;
        this.expectedForks = b.expectedForks;
        this.expectedResults = b.expectedResults;
    }

    public static Builder builder() {
        return new Builder();
    }

    /** The include pattern that selects exactly the benchmark {@code name} (JMH finds patterns in names). */
    public static String exactly(String name) {
        return "^" + Pattern.quote(name) + "$";
    }

    public Path java() {
        return java;
    }

    public List<Path> classpath() {
        return classpath;
    }

    /** Null: the current directory. */
    public Path workingDirectory() {
        return workingDirectory;
    }

    public List<String> includes() {
        return includes;
    }

    public List<String> arguments() {
        return arguments;
    }

    public Path resultFile() {
        return resultFile;
    }

    /** Where JMH's output is appended; null for nowhere. */
    public Path outputLog() {
        return outputLog;
    }

    /** The longest one fork may take; the clock restarts when JMH announces a fork. */
    public Duration timeout() {
        return timeout;
    }

    /** How long to wait for another JMH run that holds JMH's lock file. */
    public Duration lockWait() {
        return lockWait;
    }

    /** Forks every result must have; 0 for no check. */
    public int expectedForks() {
        return expectedForks;
    }

    /** Results (benchmark x mode x parameter values) JMH must record; 0 for no check. */
    public int expectedResults() {
        return expectedResults;
    }

    /** The command line: {@code java -cp <classpath> org.openjdk.jmh.Main <includes> <arguments> -rf json -rff <file>}. */
    public List<String> command() {
        List<String> command = new ArrayList<>();
        command.add(java.toString());
        command.add("-cp");
        StringBuilder cp = new StringBuilder();
        for (Path p : classpath) {
            cp.append(cp.length() == 0 ? "" : File.pathSeparator).append(p);
        }
        command.add(cp.toString());
        command.add(JMH_MAIN);
        command.addAll(includes);
        command.addAll(arguments);
        command.add("-rf");
        command.add("json");
        command.add("-rff");
        command.add(resultFile.toString());
        return command;
    }

    public static final class Builder {
        private Path java;
        private final List<Path> classpath = new ArrayList<>();
        private Path workingDirectory;
        private final List<String> includes = new ArrayList<>();
        private final List<String> arguments = new ArrayList<>();
        private Path resultFile;
        private Path outputLog;
        private Duration timeout = Duration.ofMinutes(30);
        private Duration lockWait;
        private int expectedForks;
        private int expectedResults;

        private Builder() {
        }

        /** The {@code java} executable of the benchmark JVM. */
        public Builder java(Path java) {
            this.java = java;
            return this;
        }

        public Builder classpath(List<Path> classpath) {
            this.classpath.clear();
            this.classpath.addAll(classpath);
            return this;
        }

        public Builder workingDirectory(Path workingDirectory) {
            this.workingDirectory = workingDirectory;
            return this;
        }

        /** Regular expressions, as JMH takes them; {@link #benchmark(String)} for one benchmark exactly. */
        public Builder includes(List<String> includes) {
            this.includes.clear();
            this.includes.addAll(includes);
            return this;
        }

        public Builder benchmark(String name) {
            return includes(Collections.singletonList(exactly(name)));
        }

        public Builder arguments(List<String> arguments) {
            this.arguments.clear();
            this.arguments.addAll(arguments);
            return this;
        }

        public Builder resultFile(Path resultFile) {
            this.resultFile = resultFile;
            return this;
        }

        public Builder outputLog(Path outputLog) {
            this.outputLog = outputLog;
            return this;
        }

        public Builder timeout(Duration timeout) {
            this.timeout = timeout;
            return this;
        }

        public Builder lockWait(Duration lockWait) {
            this.lockWait = lockWait;
            return this;
        }

        public Builder expectedForks(int expectedForks) {
            this.expectedForks = expectedForks;
            return this;
        }

        public Builder expectedResults(int expectedResults) {
            this.expectedResults = expectedResults;
            return this;
        }

        public JmhInvocation build() {
            return new JmhInvocation(this);
        }
    }
}
