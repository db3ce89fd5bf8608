package io.perfgate.run;

import io.perfgate.jmh.CommandLines;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The command that measures again the way a run, comparison or calibration was started, recorded with its results
 * and printed for the user: {@code mvn [-P<profiles>] [-f <pom>] test-compile <goal> -D<property>=<value> ...},
 * quoted for a shell. The profiles are kept because one may be what compiles the benchmarks at all (Apache Commons'
 * {@code benchmark}); the POM because the module may not be where Maven was started.
 */
public final class RepeatCommand {
    private RepeatCommand() {
    }

    /**
     * @param profiles the profiles the build was started with; none adds no {@code -P}
     * @param pomArgument the module's POM relative to where Maven was started, or null when it was started there
     * @param goal the goal as this build can call it ({@code perf:run} or the full coordinates)
     * @param properties the properties the user set, in order
     */
    public static String of(List<String> profiles, String pomArgument, String goal, Map<String, String> properties) {
        return of(profiles, pomArgument == null ? List.of() : List.of("-f", pomArgument), goal, properties);
    }

    /**
     * @param selection the arguments that pick the module as the build did: {@code -f <pom>}, or {@code -pl <module>
     *     -am} in a reactor, or none
     */
    public static String of(List<String> profiles, List<String> selection, String goal,
            Map<String, String> properties) {
        List<String> args = new ArrayList<>();
        args.add("mvn");
        if (!profiles.isEmpty()) {
            args.add("-P" + String.join(",", profiles));
        }
        args.addAll(selection);
        args.add("test-compile");
        args.add(goal);
        properties.forEach((k, v) -> args.add("-D" + k + "=" + v));
        return CommandLines.toShell(args);
    }
}
