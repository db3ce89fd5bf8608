package io.perfgate.profile;

import java.util.List;
import java.util.function.Predicate;
import java.util.regex.Pattern;

/**
 * Which part of a profiled JVM's stacks is the measured code: the attribution counts only those stacks, and the
 * flame graphs per side show only them. For a JMH fork, the stacks through the stub JMH generates around the
 * benchmark method; for a scenario, those through its {@code run} method or its test method.
 */
public final class ProfiledCode {
    /** A JMH benchmark's measured loop; the worker threads' time between iterations, parked, is left out. */
    public static final ProfiledCode JMH = new ProfiledCode(stack -> stack.stream().anyMatch(f -> f.contains(
            "_jmhStub")), ".*_jmhStub.*");

    private final Predicate<List<String>> stacks;
    private final String converterInclude;

    private ProfiledCode(Predicate<List<String>> stacks, String converterInclude) {
        this.stacks = stacks;
        this.converterInclude = converterInclude;
    }

    /** The stacks through {@code frame} ({@code pkg.Class.method}), e.g. a scenario's run method. */
    public static ProfiledCode through(String frame) {
        int dot = frame.lastIndexOf('.');
        String simple = frame.substring(frame.lastIndexOf('.', dot - 1) + 1);
        // the converter names frames with slashes or dots between packages; class and method are always dotted
        return new ProfiledCode(stack -> stack.contains(frame), ".*" + Pattern.quote(simple) + ".*");
    }

    /** Whether a stack (root first, Java frames) belongs to the measured code. */
    public Predicate<List<String>> stacks() {
        return stacks;
    }

    /** The regular expression async-profiler's converter is given to keep only these stacks ({@code -I}). */
    public String converterInclude() {
        return converterInclude;
    }
}
